"""Immediate, daily digest or muted; never two emails per waiting edge; no flood after an outage."""

import time

from tests.helpers import bearer, make_table, play
from tests.mail.helpers import latest, reply
from workers.jobs import digest_job, flush_job, next_digest

NORA = "nora@example.org"


def turns(inbox, address=NORA):
    return [m for m in inbox.to(address) if m["X-PBEM-Kind"] in ("your_turn", "combined")]


def test_the_api_sets_a_policy_per_table_or_everywhere(client):
    table, tokens = make_table(client)
    other, other_tokens = make_table(client)
    url = f"/tables/{table}/notifications"
    assert client.get(url, headers=bearer(tokens["north"])).json["policy"] == "immediate"
    client.put(url, json={"policy": "mute", "everywhere": True}, headers=bearer(tokens["north"]))
    assert client.get(f"/tables/{other}/notifications", headers=bearer(other_tokens["north"])).json["policy"] == "mute"
    client.put(url, json={"policy": "digest"}, headers=bearer(tokens["north"]))
    assert client.get(url, headers=bearer(tokens["north"])).json["policy"] == "digest"        # the table wins
    assert client.get(f"/tables/{other}/notifications", headers=bearer(other_tokens["north"])).json["policy"] == "mute"
    assert client.put(url, json={"policy": "loud"}, headers=bearer(tokens["north"])).status_code == 422
    assert client.get(url).status_code == 401


def test_a_muted_seat_gets_no_turn_emails(client, run_worker, smtp_server):
    table, tokens = make_table(client)
    client.put(f"/tables/{table}/notifications", json={"policy": "mute"}, headers=bearer(tokens["north"]))
    run_worker()
    play(client, table, tokens, "north")
    run_worker()
    play(client, table, tokens, "south")
    run_worker()
    assert turns(smtp_server.inbox) == []
    assert len(turns(smtp_server.inbox, "sam@example.org")) == 1


def test_the_daily_digest_lists_every_waiting_game_in_one_email(client, run_worker, smtp_server, env):
    tables_ = [make_table(client) for _ in range(3)]
    for table, tokens in tables_:
        client.put(f"/tables/{table}/notifications", json={"policy": "digest", "everywhere": True},
                   headers=bearer(tokens["north"]))
    run_worker()
    assert turns(smtp_server.inbox) == []                      # nothing yet: kept for the digest
    play(client, *tables_[2], "north")                         # one game is no longer waiting for Nora
    run_worker()
    now = time.time()
    assert digest_job(NORA, now=next_digest(now, env.digest_hour)) == "2 turns in one email"
    (digest,) = turns(smtp_server.inbox)
    assert str(digest["Subject"]) == "2 games are waiting for your move"
    text = smtp_server.inbox.text(digest)
    assert tables_[0][0] in text and tables_[1][0] in text and tables_[2][0] not in text
    assert digest_job(NORA, now=next_digest(now, env.digest_hour)) == "nothing left to say"


def test_a_reply_can_choose_the_policy(client, run_worker, smtp_server, mail_in):
    table, tokens = make_table(client)
    run_worker()
    reply(mail_in, latest(smtp_server.inbox, NORA), "digest")
    run_worker()
    assert "From now on, at this table: digest" in smtp_server.inbox.text(latest(smtp_server.inbox, NORA))
    assert client.get(f"/tables/{table}/notifications", headers=bearer(tokens["north"])).json["policy"] == "digest"


def test_turns_held_during_an_outage_go_out_as_one_email(client, run_worker, smtp_server):
    tables_ = [make_table(client) for _ in range(3)]
    run_worker()
    for table, tokens in tables_:                               # Nora's turn again in three games...
        play(client, table, tokens, "north")
    smtp_server.stop()
    for table, tokens in tables_:
        play(client, table, tokens, "south")
    run_worker()                                                # ...while mail is down
    smtp_server.start()
    before = len(turns(smtp_server.inbox))
    assert flush_job(NORA, 1) == "3 turns in one email"
    after = turns(smtp_server.inbox)[before:]
    assert [str(m["Subject"]) for m in after] == ["3 games are waiting for your move"]
    assert flush_job(NORA, 1) == "nothing left to say"
    play(client, *tables_[0], "north")
    play(client, *tables_[0], "south")
    run_worker()                                                # and mail is back to one email a turn
    assert turns(smtp_server.inbox)[-1]["X-PBEM-Kind"] == "your_turn"
    assert turns(smtp_server.inbox)[-1]["X-PBEM-Seat"] == "north"
