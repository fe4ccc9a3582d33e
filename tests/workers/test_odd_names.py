"""A name stored before names were checked at the edge (a lone surrogate, say) never stops an email."""

import time

import tables


def test_a_lone_surrogate_in_a_stored_name_is_replaced_not_fatal(store, env, run_worker, smtp_server):
    seats = {"north": {"name": "Nora\ud800", "email": "nora@example.org"},
             "south": {"name": "Sam", "email": "sam@example.org"}}
    tables.start(store, "duel", {}, seats, time.time())        # below the API: no schema between
    run_worker()
    (first,) = smtp_server.inbox.to("nora@example.org")
    assert "Hello Nora?," in smtp_server.inbox.text(first)
    assert "against Nora? (north)" in smtp_server.inbox.text(smtp_server.inbox.to("sam@example.org")[0])
