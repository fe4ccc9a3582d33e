"""The rq jobs against real Redis, a real worker and a real SMTP server on loopback."""

import time

from rq import Queue
from rq.serializers import JSONSerializer

import tables
from store import TableStore
from tests.helpers import make_table, play
from workers import settle
from workers.context import Context
from workers.jobs import notify_job
from workers.queue import enqueue_notify


def subjects(inbox, address):
    """What each email to the address was about (one subject per table and seat: the kind says)."""
    return [str(m["X-PBEM-Kind"]) for m in inbox.to(address)]


def test_creation_invites_everyone_in_one_email_each(client, run_worker, smtp_server):
    """The first player's invitation is their first turn: one email, not two."""
    table, _ = make_table(client)
    run_worker()
    inbox = smtp_server.inbox
    assert subjects(inbox, "nora@example.org") == ["your_turn"]
    assert subjects(inbox, "sam@example.org") == ["invitation"]
    first = inbox.text(inbox.to("nora@example.org")[0])
    assert "Hello Nora," in first and "You play north, against Sam (south)." in first
    assert "It is your turn now: move 3." in first and "1. add 1" in first
    assert str(inbox.to("nora@example.org")[0]["Subject"]) == f"Duel #{table} (north)"
    run_worker()                                      # settled again: nobody is invited twice
    assert len(inbox.messages) == 2


def test_notify_sends_exactly_one_email_per_waiting_edge_even_when_run_twice(client, run_worker, smtp_server,
                                                                              redis_client, env):
    table, tokens = make_table(client)
    run_worker()
    play(client, table, tokens, "north")
    run_worker()
    edge = TableStore(redis_client).waiting(table)["south"]
    # the job runs again (a retry, a duplicate enqueue after its id expired): no second email
    Queue(env.queue_name, connection=redis_client, serializer=JSONSerializer).enqueue(
        "workers.jobs.notify_job", table, "your_turn", edge, "south")
    run_worker()
    turns = [s for s in subjects(smtp_server.inbox, "sam@example.org") if s == "your_turn"]
    assert turns == ["your_turn"]


def test_a_seat_that_stays_waited_on_is_not_emailed_again(client, run_worker, smtp_server):
    # Both players move; north is waited on twice, on two different edges: two emails, not more.
    table, tokens = make_table(client, target=20)
    run_worker()
    for seat in ("north", "south", "north"):
        play(client, table, tokens, seat)
        run_worker()
    north_turns = [s for s in subjects(smtp_server.inbox, "nora@example.org") if s == "your_turn"]
    assert len(north_turns) == 2


def test_mail_is_delivered_after_the_smtp_server_comes_back(client, run_worker, smtp_server, redis_client, env):
    table, tokens = make_table(client)
    run_worker()
    smtp_server.stop()
    play(client, table, tokens, "north")
    run_worker()                             # the attempt fails: a retry is scheduled
    assert [s for s in subjects(smtp_server.inbox, "sam@example.org") if s == "your_turn"] == []
    smtp_server.start()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        time.sleep(1.1)                      # the retry interval of the test settings is 1 s
        run_worker()
        if [s for s in subjects(smtp_server.inbox, "sam@example.org") if s == "your_turn"]:
            break
    assert [s for s in subjects(smtp_server.inbox, "sam@example.org") if s == "your_turn"] == ["your_turn"]


def test_emails_never_show_another_seats_card_and_the_end_carries_the_seed(client, run_worker, smtp_server,
                                                                          redis_client):
    table, tokens = make_table(client, target=5)
    run_worker()
    store = TableStore(redis_client)
    cards = tables.load(store, table).state["cards"]
    seat = "north"
    while tables.load(store, table).result() is None:
        play(client, table, tokens, seat, option=3)
        run_worker()
        seat = "south" if seat == "north" else "north"
    inbox = smtp_server.inbox
    seed = tables.load(store, table).doc["seed"]
    for address, other in (("nora@example.org", "south"), ("sam@example.org", "north")):
        before_end = [m for m in inbox.to(address) if m["X-PBEM-Kind"] != "game_over"]
        assert before_end
        for message in before_end:
            text = inbox.text(message)
            assert f"{other} is dealt a card." in text or "dealt" not in text
            assert f"{other} is dealt a {cards[other]}" not in text
            assert seed not in text
        over = [m for m in inbox.to(address) if m["X-PBEM-Kind"] == "game_over"]
        assert len(over) == 1 and seed in inbox.text(over[0])
        assert "/export?token=" in inbox.text(over[0])


def test_the_link_in_an_email_opens_that_seat(client, run_worker, smtp_server):
    table, _ = make_table(client)
    run_worker()
    text = smtp_server.inbox.text(smtp_server.inbox.to("sam@example.org")[0])
    link = next(word for word in text.split() if word.startswith("http://pbem.test/"))
    answer = client.get(link.replace("http://pbem.test", ""))
    assert answer.status_code == 200 and "You play <b>south</b>" in answer.get_data(as_text=True)


def test_jobs_called_directly_are_idempotent(client, run_worker, smtp_server, redis_client, env):
    table, _ = make_table(client)
    run_worker()
    before = len(smtp_server.inbox.messages)
    assert settle.settle(Context(env, TableStore(redis_client)), table) == "nothing to do"
    assert notify_job(table, "invitation", 0, "north") == "already sent"
    enqueue_notify(redis_client, env, table, "invitation", 0, "north")
    run_worker()
    assert len(smtp_server.inbox.messages) == before
