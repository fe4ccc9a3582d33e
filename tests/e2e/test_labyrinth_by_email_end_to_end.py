"""Labyrinth solo by email, in a player's words (issue 22): the US player answers only by replying
(real SMTP both ways, real Redis, real workers). A reply asking for an event the card cannot give
is answered with why and the words to type; each email's own example, sent back as it is, is
applied whole or stops only where a die or a hidden card went otherwise than it guessed; no email
speaks of the implementation, and the bot's narration reads one sentence per decision."""

import re

from tests.e2e.test_jaggedalliance_end_to_end import example_lines
from tests.mail.helpers import kind, latest, reply

US = {"name": "Uma", "email": "uma@example.org"}
IMPLEMENTATION = re.compile(r"(?i)\bseeds\b|lwotai|sellmer|tharkad|provisional|\w\.py\b|\w\.json\b|section 9"
                            r"|does not answer|Jihadist bot:")


def test_a_solo_game_by_replies_that_teach(client, run_worker, smtp_server, mail_in):
    created = client.post("/tables", json={"game": "labyrinth", "seats": {"us": US, "jihadist": {"bot": "jihadist"}}}).json
    table, token = created["id"], created["seats"]["us"]["token"]
    inbox = smtp_server.inbox
    run_worker()
    replies = partial = refusals = 0
    for _ in range(60):
        view = client.get(f"/tables/{table}/view", headers={"Authorization": f"Bearer {token}"}).json
        if view["status"] == "finished":
            break
        message = latest(inbox, US["email"])
        text = inbox.text(message)
        theirs = [c["card"] for c in view["state"]["hands"]["us"] if c["association"] == "Jihadist"]
        if not refusals and "which card do you play?" in text and theirs:
            assert re.search(r"US action phase \d+ of \d+, turn \d+, card 1 of 2: which card do you play\?", text)
            reply(mail_in, message, f"{theirs[0]} event")             # a Jihadist card: its event is not the US's
            run_worker()
            refused = inbox.text(latest(inbox, US["email"]))
            assert "your reply was not applied" in refused
            assert re.search(rf"Card {theirs[0]} [^:]+ is a Jihadist card: you may use it only for operations, and its "
                             r"event then happens for the Jihadist \(rule 6\.3\.2\)\.", refused), refused
            assert "which operation? Type `" in refused
            refusals += 1
            continue
        lines = example_lines(text)
        reply(mail_in, message, "\n".join(lines) if lines else "1")     # the email's own example, as it is
        run_worker()
        answer = latest(inbox, US["email"])
        assert kind(answer) in ("answer", "your_turn", "game_over")
        partial += any(w in inbox.text(answer) for w in ("which was not", "was not used", "your reply was not applied"))
        replies += 1
    assert refusals == 1 and replies >= 10 and partial <= replies // 4, (refusals, replies, partial)   # a die decided
    log = client.get(f"/tables/{table}/log", headers={"Authorization": f"Bearer {token}"}).json["events"]
    reasons = [e["event"]["text"] for e in log if e["event"]["type"] == "reason"]
    assert reasons and all(". " not in r and "; " not in r for r in reasons)
    for message in inbox.to(US["email"]):
        text = inbox.text(message)
        assert not IMPLEMENTATION.search(text), IMPLEMENTATION.search(text).group(0) + " in " + text
