"""A whole Clash match played from the emails' numbered options, and one played by replying to each
email with its own example: real HTTP, worker, Redis, SMTP. No email speaks of the implementation."""

import re

import requests

from games.core import Rng
from tests.e2e.test_jaggedalliance_end_to_end import IMPLEMENTATION, example_lines
from tests.mail.helpers import kind, latest, reply

PLAYERS = {"mcworld": {"name": "Ann", "email": "ann@example.org"},
           "jihad": {"name": "Bob", "email": "bob@example.org"}}


def turn_emails(inbox, seat):
    return [m for m in inbox.to(PLAYERS[seat]["email"]) if m["X-PBEM-Kind"] == "your_turn"]


def numbered_options(text):
    return re.findall(r"^  (\d+)\. (.+)$", text, flags=re.M)


def test_a_whole_match_from_the_emails(live_server, run_worker, smtp_server):
    created = requests.post(f"{live_server}/tables", json={"game": "clash", "seats": PLAYERS}).json()
    table, tokens = created["id"], {s: v["token"] for s, v in created["seats"].items()}
    inbox, chooser = smtp_server.inbox, Rng(b"e2e player", 0)
    run_worker()
    emailed = {seat: 0 for seat in PLAYERS}
    for _ in range(2000):
        view = requests.get(f"{live_server}/tables/{table}/view").json()
        if view["status"] == "finished":
            break
        (seat,) = [p["seat"] for p in view["prompts"]]
        mails = turn_emails(inbox, seat)
        if len(mails) > emailed[seat]:           # a new edge: the seat was emailed, read that email
            emailed[seat] = len(mails)
            text = inbox.text(mails[-1])
            assert f"move {view['seq']}." in text
            options = numbered_options(text)
        else:                                    # the same turn goes on: the API's answer lists the options
            mine = requests.get(f"{live_server}/tables/{table}/view",
                                headers={"Authorization": f"Bearer {tokens[seat]}"}).json()
            options = [(str(i), o["label"]) for i, o in enumerate(mine["prompts"][0]["options"], 1)]
        assert options, f"{seat} has no options to choose from"
        number, _ = chooser.choice(options)
        answer = requests.post(f"{live_server}/tables/{table}/moves", json={"option": int(number),
                               "expected_seq": view["seq"]}, headers={"Authorization": f"Bearer {tokens[seat]}"})
        assert answer.status_code == 201, answer.json()
        run_worker()
        waiting = {p["seat"] for p in requests.get(f"{live_server}/tables/{table}/view").json()["prompts"]}
        for who in PLAYERS:
            if who not in waiting:               # a seat not waited on got no new 'your turn' email
                assert len(turn_emails(inbox, who)) == emailed[who], f"{who} was emailed out of turn"
    else:
        raise AssertionError("the match did not end")
    assert sum(emailed.values()) >= 6            # at least a few turns each, over a whole match
    for seat in PLAYERS:                         # no 'your turn' email ever went to a seat not waited on
        for message in turn_emails(inbox, seat):
            assert str(message["Subject"]).endswith(f"({seat})") and message["X-PBEM-Seat"] == seat
    export = requests.get(f"{live_server}/tables/{table}/export").text
    seed = re.search(r'"seed":"([0-9a-f]{64})"', export).group(1)
    for seat in PLAYERS:
        over = [m for m in inbox.to(PLAYERS[seat]["email"]) if m["X-PBEM-Kind"] == "game_over"]
        assert len(over) == 1 and seed in inbox.text(over[0])
    imported = requests.post(f"{live_server}/tables/import", data=export.encode()).json()
    again = requests.get(f"{live_server}/tables/{imported['id']}/export").content
    report = requests.post(f"{live_server}/verify", data=again).json()
    assert report["ok"], report["problems"]
    assert report["game"] == "clash" and "match" in report["result"]["text"].lower()
    for seat in PLAYERS:
        for message in inbox.to(PLAYERS[seat]["email"]):
            text = inbox.text(message)
            assert not IMPLEMENTATION.search(text), IMPLEMENTATION.search(text).group(0) + " in " + text


def test_a_match_by_replying_with_each_email_s_example(live_server, run_worker, smtp_server, mail_in):
    """Every turn email proposes a whole placement; replied as it is, it is applied whole."""
    created = requests.post(f"{live_server}/tables", json={"game": "clash", "options": {"match": "single"},
                                                           "seats": PLAYERS}).json()
    table, inbox = created["id"], smtp_server.inbox
    run_worker()
    examples = 0
    for _ in range(40):
        view = requests.get(f"{live_server}/tables/{table}/view").json()
        if view["status"] == "finished":
            break
        (seat,) = [p["seat"] for p in view["prompts"]]
        message = latest(inbox, PLAYERS[seat]["email"])
        lines = example_lines(inbox.text(message))
        assert lines, inbox.text(message)
        reply(mail_in, message, "\n".join(lines))
        run_worker()
        answer = latest(inbox, PLAYERS[seat]["email"])
        assert kind(answer) in ("answer", "game_over") and answer is not message
        text = inbox.text(answer)
        assert "was not" not in text and not IMPLEMENTATION.search(text), text
        examples += 1
    else:
        raise AssertionError("the match did not end")
    assert examples >= 4
