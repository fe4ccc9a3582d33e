"""Answering the email is a move, or a whole stretch of moves: real SMTP both ways, real Redis,
real workers."""

import smtplib

import pytest

from games.core import Rng
from store import TableStore
from tests.helpers import make_table
from tests.mail.helpers import kind, latest, options, reply

CLASH = {"mcworld": {"name": "Ann", "email": "ann@example.org"},
         "jihad": {"name": "Bob", "email": "bob@example.org"}}


def log_seq(client, table):
    return client.get(f"/tables/{table}/log").json["seq"]


def waiting_seat(client, table):
    prompts = client.get(f"/tables/{table}/view").json["prompts"]
    return prompts[0]["seat"] if prompts else None


def test_a_whole_clash_game_played_only_by_replying_to_emails(client, run_worker, smtp_server, mail_in):
    answer = client.post("/tables", json={"game": "clash", "seats": CLASH, "options": {"match": "single"}})
    table = answer.json["id"]
    inbox, chooser = smtp_server.inbox, Rng(b"replying player", 0)
    run_worker()
    replies = 0
    while client.get(f"/tables/{table}/view").json["status"] != "finished":
        seat = waiting_seat(client, table)
        message = latest(inbox, CLASH[seat]["email"])       # the newest email: "your turn" or an answer
        assert message["Reply-To"], kind(message)
        numbered = options(inbox, message)
        assert len(numbered) > 1, "a question with one answer was emailed"
        number, _ = chooser.choice(numbered)
        before = log_seq(client, table)
        reply(mail_in, message, number)
        run_worker()
        replies += 1
        assert log_seq(client, table) > before, inbox.text(latest(inbox, CLASH[seat]["email"]))
        assert replies < 400
    for who in CLASH.values():                               # the end, with the seed, is the last email
        assert latest(inbox, who["email"])["X-PBEM-Kind"] in ("game_over", "answer")
        assert "seed" in inbox.text(latest(inbox, who["email"]))
    answers = [m for m in inbox.messages if m["X-PBEM-Kind"] == "answer"]
    assert len(answers) == replies
    for who, info in CLASH.items():                          # one conversation per seat: one subject, chained
        mine = inbox.to(info["email"])
        assert {str(m["Subject"]) for m in mine} == {f"CLASH: Jihad vs McWorld #{table} ({who})"}
        for earlier, later in zip(mine, mine[1:]):
            assert str(earlier["Message-ID"]) in str(later["References"])


@pytest.fixture
def duel(client, run_worker, smtp_server):
    table, tokens = make_table(client)
    run_worker()
    return table, smtp_server.inbox


def test_a_reply_applies_and_is_answered_with_what_happened(duel, client, run_worker, mail_in):
    table, inbox = duel
    sent = reply(mail_in, latest(inbox, "nora@example.org"), "2")
    run_worker()
    answer = latest(inbox, "nora@example.org")
    assert kind(answer) == "answer" and str(answer["In-Reply-To"]) == str(sent["Message-ID"])
    assert "north adds 2 (total 2)." in inbox.text(answer) and "Waiting for Sam." in inbox.text(answer)
    assert answer["Auto-Submitted"] == "auto-generated"
    assert kind(latest(inbox, "sam@example.org")) == "your_turn"
    assert log_seq(client, table) == 4


def test_a_reply_carries_a_stretch_and_stops_at_the_first_line_that_does_not_fit(client, run_worker, mail_in,
                                                                              smtp_server):
    table, _ = make_table(client, seats={"north": {"name": "Nora", "email": "nora@example.org"},
                                         "south": {"bot": "random"}}, target=20)
    run_worker()
    inbox = smtp_server.inbox
    # north adds, the bot answers (the worker plays it at once), north adds again; then a typo
    reply(mail_in, latest(inbox, "nora@example.org"), "add 1\nadd 2\nadd 7\nadd 1")
    run_worker()
    answer = latest(inbox, "nora@example.org")
    text = inbox.text(answer)
    assert kind(answer) == "answer"
    north = [e for e in client.get(f"/tables/{table}/log").json["events"] if e["event"].get("seat") == "north"
             and e["event"]["type"] == "added"]
    assert [e["event"]["n"] for e in north] == [1, 2]
    assert "add 7" in text and "I cannot read" in text        # where it stopped, and why
    assert "Add to the total" in text                           # and the next question, in the same email
    turns = [m for m in inbox.to("nora@example.org") if kind(m) == "your_turn"]
    assert len(turns) == 1                                      # nothing else between her own steps


def test_notation_and_html_only_replies(duel, client, run_worker, mail_in):
    table, inbox = duel
    reply(mail_in, latest(inbox, "nora@example.org"), None, html="<p>add 3</p><blockquote>1. add 1</blockquote>")
    run_worker()
    assert client.get(f"/tables/{table}/view").json["state"]["total"] == 3


def test_a_reply_from_another_address_is_recorded_and_not_answered(duel, client, run_worker, mail_in,
                                                                   redis_client):
    table, inbox = duel
    before = len(inbox.messages)
    reply(mail_in, latest(inbox, "nora@example.org"), "1", sender="mallory@example.org")
    run_worker()
    assert log_seq(client, table) == 3
    assert len(inbox.messages) == before                        # no backscatter to a forged sender
    (record,) = TableStore(redis_client).inbound(table)
    assert record["outcome"] == "wrong_sender" and record["from"] == "mallory@example.org"
    assert "not from the seat's address" in record["why"]


def test_a_forged_reply_address_is_not_answered(duel, client, run_worker, mail_in):
    table, inbox = duel
    message = latest(inbox, "nora@example.org")
    before = len(inbox.messages)
    forged = str(message["Reply-To"]).replace(".3.", ".4.")
    reply(mail_in, message, "1", to=forged)
    run_worker()
    assert log_seq(client, table) == 3
    assert len(inbox.messages) == before


def test_an_auto_reply_is_recorded_and_never_answered(duel, client, run_worker, mail_in, redis_client):
    table, inbox = duel
    before = len(inbox.messages)
    reply(mail_in, latest(inbox, "nora@example.org"), "I am out of the office until Monday.",
          headers={"Auto-Submitted": "auto-replied"})
    run_worker()
    assert log_seq(client, table) == 3 and len(inbox.messages) == before
    assert TableStore(redis_client).inbound(table)[0]["outcome"] == "auto_reply"


def test_a_reply_to_an_old_email_shows_the_current_state_instead(duel, client, run_worker, mail_in):
    table, inbox = duel
    first = latest(inbox, "nora@example.org")
    reply(mail_in, first, "1")
    run_worker()
    reply(mail_in, latest(inbox, "sam@example.org"), "1")
    run_worker()
    reply(mail_in, first, "3")              # the same email, answered again: a replayed token
    run_worker()
    assert log_seq(client, table) == 5
    answer = latest(inbox, "nora@example.org")
    assert "the game had moved on" in inbox.text(answer)
    assert "1. add 1" in inbox.text(answer)   # with the options of now


def test_the_same_email_delivered_twice_applies_once(duel, client, run_worker, mail_in, smtp_server):
    table, inbox = duel
    message = latest(inbox, "nora@example.org")
    reply(mail_in, message, "1", message_id="<same@player.example>")
    reply(mail_in, message, "1", message_id="<same@player.example>")
    run_worker()
    assert log_seq(client, table) == 4
    assert len([m for m in inbox.to("nora@example.org") if kind(m) == "answer"]) == 1


def test_a_garbage_reply_is_refused_with_the_options_again(duel, client, run_worker, mail_in):
    table, inbox = duel
    reply(mail_in, latest(inbox, "nora@example.org"), "add seven")      # a move's word: refused as a move
    run_worker()
    answer = latest(inbox, "nora@example.org")
    assert "your reply was not applied" in inbox.text(answer)
    assert "I cannot read" in inbox.text(answer) and "1. add 1" in inbox.text(answer)
    assert log_seq(client, table) == 3
    reply(mail_in, answer, "9")
    run_worker()
    assert "There is no option 9" in inbox.text(latest(inbox, "nora@example.org"))


def test_help_answers_with_the_commands_and_the_notation(duel, client, run_worker, mail_in):
    table, inbox = duel
    reply(mail_in, latest(inbox, "nora@example.org"), "help")
    run_worker()
    text = inbox.text(latest(inbox, "nora@example.org"))
    assert "one per line" in text and "add N" in text and f"/play/{table}" in text
    assert log_seq(client, table) == 3


def test_the_webhook_feeds_the_same_code(duel, client, run_worker, monkeypatch):
    from server.app import create_app
    table, inbox = duel
    message = latest(inbox, "nora@example.org")
    raw = (f"From: nora@example.org\r\nTo: {message['Reply-To']}\r\nMessage-ID: <hook1@x>\r\n"
           f"Subject: Re: turn\r\n\r\n3\r\n").encode()
    assert client.post("/inbound/mail", data=raw).status_code == 404        # off without a secret
    monkeypatch.setenv("PBEM_INBOUND_SECRET", "s3")
    guarded, secret = create_app().test_client(), {"X-Inbound-Secret": "s3"}
    assert guarded.post("/inbound/mail", data=raw, content_type="message/rfc822", headers=secret).status_code == 202
    assert guarded.post("/inbound/mail", json={"raw": "  "}, headers=secret).json["code"] == "no_message"
    run_worker()
    assert log_seq(client, table) == 4
    assert guarded.post("/inbound/mail", data=raw).status_code == 403


def test_the_listener_refuses_addresses_that_are_not_replies(mail_in):
    with smtplib.SMTP("127.0.0.1", mail_in) as smtp, pytest.raises(smtplib.SMTPRecipientsRefused):
        smtp.sendmail("a@example.org", ["postmaster@example.org"], b"Subject: x\r\n\r\nhello")


def test_the_mail_log_shows_a_seat_its_own_emails_and_what_was_done(duel, client, run_worker, mail_in):
    table, inbox = duel
    reply(mail_in, latest(inbox, "nora@example.org"), "add 2\nadd 9")
    run_worker()
    token = inbox.text(latest(inbox, "nora@example.org")).split("token=")[1].split()[0]
    records = client.get(f"/tables/{table}/mail-log", headers={"Authorization": f"Bearer {token}"}).json
    (record,) = records["records"]
    assert records["seat"] == "north" and record["from"] == "nora@example.org"
    assert record["lines"] == ["add 2", "add 9"] and record["outcome"] == "applied"
    assert record["applied"] == ["add 2"]
    assert client.get(f"/tables/{table}/mail-log").status_code == 401
