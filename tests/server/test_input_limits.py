"""Issue 10, defect 6: names and emails are checked at the edge (one line, no control
characters, length limits), and an email is never kept from going out by odd text in it."""

import smtplib

import pytest

from tests.helpers import SEATS, make_table
from tests.mail.helpers import kind, latest

BAD_NAMES = ["Ann\r\nBcc: x@example.org", "Ann\nSmith", "A\x00nn", "Ann\x1b[31m", "Ann\u2028", "\udc80Ann",
             "Ann\u202eevil", "x" * 61, "x" * 10_000_000]
BAD_EMAILS = ["ann@example.org\r\nBcc: x@example.org", "a" * 250 + "@example.org", "ann@exa\x00mple.org",
              "ann @example.org", "ann"]


def create(client, north=None, **extra):
    return client.post("/tables", json={"game": "duel", "seats": {**SEATS, "north": north or SEATS["north"]},
                                        **extra})


@pytest.mark.parametrize("name", BAD_NAMES, ids=lambda n: repr(n[:12]))
def test_a_name_that_is_not_one_short_line_is_refused(client, redis_client, name):
    answer = create(client, {"name": name, "email": "ann@example.org"})
    assert answer.status_code == 422 and answer.json["code"] == "invalid_request"
    assert answer.json["message"].startswith("seats: north: name: ") and answer.json["message"].endswith(".")
    assert not redis_client.keys("*table*")                      # nothing was created, nobody emailed


@pytest.mark.parametrize("email", BAD_EMAILS, ids=lambda e: repr(e[:12]))
def test_an_email_that_is_not_an_address_is_refused(client, email):
    for body in ({"north": {"name": "Ann", "email": email}}, {"host": email, "on_timeout": "host"}):
        answer = create(client, body.get("north"), **{k: v for k, v in body.items() if k != "north"})
        assert answer.status_code == 422 and answer.json["code"] == "invalid_request", answer.json


@pytest.mark.parametrize("name", ["Zoë O'Brien-Łukasiewicz", "李小龍", "Ann 👩‍🚀", "x" * 60, ""])
def test_real_names_are_taken(client, name):
    assert create(client, {"name": name, "email": "zoe@example.org"}).status_code == 201


def test_long_words_are_refused(client):
    assert create(client, game="x" * 41).status_code == 422
    assert client.post("/tables", json={"game": "duel", "seats": {**SEATS, "x" * 41: SEATS["north"]}}).status_code \
        == 422


def test_a_reply_with_text_no_email_can_carry_is_answered_all_the_same(client, run_worker, smtp_server, mail_in):
    """UTF-7 can spell a lone surrogate ('+3IA-'), which no email can carry: the answer must
    still go out (with a replacement character), or the player would never hear back."""
    table, _ = make_table(client)
    run_worker()
    inbox = smtp_server.inbox
    turn = latest(inbox, "nora@example.org")
    raw = (f"From: nora@example.org\r\nTo: {turn['Reply-To']}\r\nMessage-ID: <utf7@player.example>\r\n"
           f"Subject: Re: turn\r\nContent-Type: text/plain; charset=utf-7\r\n\r\n+3IA- 9\r\n").encode()
    with smtplib.SMTP("127.0.0.1", mail_in) as smtp:
        smtp.sendmail("nora@example.org", [str(turn["Reply-To"])], raw)
    run_worker()
    answer = latest(inbox, "nora@example.org")
    assert kind(answer) == "answer" and "\ufffd 9" in inbox.text(answer)
    record = client.get(f"/tables/{table}/mail-log", headers={
        "Authorization": "Bearer " + inbox.text(answer).split("token=")[1].split()[0]}).json["records"][0]
    assert record["outcome"] == "refused" and record["lines"] == ["\ufffd 9"]
