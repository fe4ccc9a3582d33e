"""Starting a game by email, the DPjudge way (issue 21): an email to new@<reply domain>, the
confirmation answered 'confirm', the invitation answered 'accept', written as a person writes
(a greeting, quoted text, a signature); then the game itself by replies. Real SMTP both ways,
real Redis, real workers."""

import smtplib
import uuid
from email.message import EmailMessage

from tests.gathering_helpers import ANN, BOB, CAROL, kinds, latest_of
from tests.mail.helpers import options, reply

NEW = "new@localhost"          # the tests' reply domain: the domain of PBEM_MAIL_FROM's default


def write(port, sender, subject, body, to=NEW, headers=None):
    message = EmailMessage()
    message["From"] = f"{sender['name']} <{sender['email']}>"
    message["To"] = to
    message["Subject"] = subject
    message["Message-ID"] = f"<{uuid.uuid4().hex}@player.example>"
    for name, value in (headers or {}).items():
        message[name] = value
    message.set_content(body)
    with smtplib.SMTP("127.0.0.1", port) as client:
        client.send_message(message, to_addrs=[to])


def test_help_to_new_answers_with_the_games_seats_options_and_examples(run_worker, smtp_server, mail_in):
    write(mail_in, ANN, "help", "")
    run_worker()
    answer = smtp_server.inbox.to(ANN["email"])[-1]
    text = smtp_server.inbox.text(answer)
    for words in ("clash", "labyrinth", "lafamiglia", "jaggedalliance", "mcworld, jihad", "Subject: clash",
                  "jihad: Bob <bob@example.org>", "scenario:", "time:"):
        assert words in text, words
    assert str(answer["Reply-To"]) == NEW and answer["X-PBEM-Kind"] == "gathering_answer"


def test_a_game_started_confirmed_and_accepted_by_replies_as_people_write_them(client, run_worker, smtp_server,
                                                                                 mail_in):
    inbox = smtp_server.inbox
    write(mail_in, ANN, "Clash?", "Hi Bob and everyone!\n\nclash\nmcworld: me\njihad: Bob <bob@example.org>\n"
          "match: single\n\n--\nAnn\nSent from my phone")
    run_worker()
    assert inbox.to(BOB["email"]) == []                          # nothing to Bob before Ann confirms
    confirm = latest_of(inbox, ANN["email"], "gathering_confirm")
    text = inbox.text(confirm)
    assert "Hi Bob and everyone!" in text and "not read" in text   # the unread line is named, not guessed at
    assert "match: single" in text
    reply(mail_in, confirm, "Confirm\n\nThanks,\nAnn")
    run_worker()
    invitation = latest_of(inbox, BOB["email"], "gathering_invite")
    assert "Ann invites you" in inbox.text(invitation)
    assert kinds(inbox, ANN["email"]) == ["gathering_confirm", "gathering_ready"]   # one answer: the overview
    reply(mail_in, invitation, "accept!\n\nCheers,\nBob")
    run_worker()
    assert "You play jihad" in inbox.text(latest_of(inbox, BOB["email"], "gathering_answer"))
    first = [m for m in inbox.messages if m["X-PBEM-Kind"] == "your_turn"]
    assert len(first) == 1
    mover = first[0]
    reply(mail_in, mover, options(inbox, mover)[0][0])          # the first move, by reply
    run_worker()
    table = str(mover["X-PBEM-Table"])
    assert client.get(f"/tables/{table}/log").json["seq"] > int(str(mover["X-PBEM-Seq"]))


def test_labyrinth_solo_by_email_starts_at_once_when_confirmed(client, run_worker, smtp_server, mail_in):
    inbox = smtp_server.inbox
    write(mail_in, ANN, "labyrinth solo", "us: me")
    run_worker()
    reply(mail_in, latest_of(inbox, ANN["email"], "gathering_confirm"), "yes")
    run_worker()
    turn = latest_of(inbox, ANN["email"], "your_turn")
    view = client.get(f"/tables/{turn['X-PBEM-Table']}/view").json
    assert view["seats"]["jihadist"]["bot"] == "jihadist" and view["status"] == "active"


def test_a_decline_by_reply_and_the_seat_given_to_a_bot_by_reply(client, run_worker, smtp_server, mail_in):
    inbox = smtp_server.inbox
    write(mail_in, ANN, "clash", "mcworld: me\njihad: bob@example.org")
    run_worker()
    reply(mail_in, latest_of(inbox, ANN["email"], "gathering_confirm"), "confirm")
    run_worker()
    reply(mail_in, latest_of(inbox, BOB["email"], "gathering_invite"), "Decline, sorry - busy month.\n\nBob")
    run_worker()
    told = latest_of(inbox, ANN["email"], "gathering_vacant")
    assert str(told["Reply-To"]).startswith("start+")
    reply(mail_in, told, "jihad: bot")
    run_worker()
    assert "the random bot plays it" in inbox.text(latest_of(inbox, ANN["email"], "gathering_answer"))
    turn = [m for m in inbox.to(ANN["email"]) if m["X-PBEM-Kind"] in ("your_turn", "invitation")]
    assert turn and client.get(f"/tables/{turn[-1]['X-PBEM-Table']}/view").json["status"] == "active"


def test_a_request_that_cannot_be_read_is_answered_with_why_and_how(run_worker, smtp_server, mail_in):
    write(mail_in, ANN, "chess please", "white: me\nblack: bob@example.org")
    write(mail_in, CAROL, "clash", "mcworld: me\njihad: me")
    run_worker()
    ann = smtp_server.inbox.text(latest_of(smtp_server.inbox, ANN["email"], "gathering_answer"))
    assert "No game was started: Say which game" in ann and "Examples:" in ann
    carol = smtp_server.inbox.text(latest_of(smtp_server.inbox, CAROL["email"], "gathering_answer"))
    assert "two seats" in carol
    assert smtp_server.inbox.to(BOB["email"]) == []


def test_auto_replies_and_other_senders_are_never_answered(run_worker, smtp_server, mail_in):
    inbox = smtp_server.inbox
    write(mail_in, ANN, "Out of office", "I am away until Monday.", headers={"Auto-Submitted": "auto-replied"})
    run_worker()
    assert inbox.messages == []
    write(mail_in, ANN, "clash", "mcworld: me\njihad: bob@example.org")
    run_worker()
    reply(mail_in, latest_of(inbox, ANN["email"], "gathering_confirm"), "confirm", sender=CAROL["email"])
    run_worker()
    assert inbox.to(CAROL["email"]) == [] and inbox.to(BOB["email"]) == []       # Carol is not Ann
    assert kinds(inbox, ANN["email"]) == ["gathering_confirm"]
