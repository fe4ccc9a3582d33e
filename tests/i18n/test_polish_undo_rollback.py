"""Undo, rollback and a rollback's vote by reply are answered in the seat's language (real SMTP
both ways, real Redis, real workers): a Polish seat in Polish, an English one as before; a Polish
seat writes them in Polish ('cofnij', 'wycofaj N', 'zgoda', 'pomoc') or in English."""

import pytest

from games.core import Rng
from tests.mail.helpers import kind, latest, options, reply

ANN, BOB = {"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"}
POLISH = {"language": "pl"}


def clash(client, polish):
    seats = {"mcworld": {**ANN, **(POLISH if "mcworld" in polish else {})},
             "jihad": {**BOB, **(POLISH if "jihad" in polish else {})}}
    created = client.post("/tables", json={"game": "clash", "seats": seats, "options": {"match": "single"}}).json
    return created["id"], {s: v["token"] for s, v in created["seats"].items()}, seats


def test_undo_by_reply_is_answered_in_polish(client, run_worker, smtp_server, mail_in):
    table, tokens, seats = clash(client, ("mcworld", "jihad"))
    inbox, chooser = smtp_server.inbox, Rng(b"misclick", 0)
    run_worker()
    for _ in range(200):
        seat = client.get(f"/tables/{table}/view").json["prompts"][0]["seat"]
        message = latest(inbox, seats[seat]["email"])
        reply(mail_in, message, chooser.choice(options(inbox, message))[0])
        run_worker()
        view = client.get(f"/tables/{table}/view", headers={"Authorization": f"Bearer {tokens[seat]}"}).json
        if view["undo"]["available"]:
            break
    else:
        raise AssertionError("no move could be taken back in 200 replies")
    reply(mail_in, latest(inbox, seats[seat]["email"]), "Cofnij")
    run_worker()
    undone = latest(inbox, seats[seat]["email"])
    assert kind(undone) == "answer" and "Cofnięto Twój ostatni ruch. Pytanie jest znowu poniżej." in inbox.text(undone)
    reply(mail_in, undone, "undo")
    run_worker()
    assert "Nic nie zostało cofnięte: " in inbox.text(latest(inbox, seats[seat]["email"]))
    reply(mail_in, latest(inbox, seats[seat]["email"]), "pomoc")
    run_worker()
    helped = inbox.text(latest(inbox, seats[seat]["email"]))
    assert "- 'cofnij' (albo 'cofnij 2') cofa Twój ostatni ruch" in helped and "'zasady'" in helped


@pytest.mark.parametrize("polish", ["mcworld", "jihad"])
def test_a_rollback_and_its_vote_by_reply_are_answered_in_each_seat_s_language(client, run_worker, smtp_server,
                                                                                mail_in, polish):
    table, _, seats = clash(client, (polish,))
    inbox, chooser = smtp_server.inbox, Rng(b"rollback-reply", 0)
    run_worker()
    first = client.get(f"/tables/{table}/view").json
    while client.get(f"/tables/{table}/view").json["seq"] < first["seq"] + 6:
        seat = client.get(f"/tables/{table}/view").json["prompts"][0]["seat"]
        message = latest(inbox, seats[seat]["email"])
        reply(mail_in, message, chooser.choice(options(inbox, message))[0])
        run_worker()
    asking = f"wycofaj {first['seq']}" if polish == "mcworld" else f"rollback {first['seq']}"
    reply(mail_in, [m for m in inbox.to(ANN["email"]) if m["Reply-To"]][-1], asking)
    run_worker()
    asked = inbox.text(latest(inbox, ANN["email"]))
    question = latest(inbox, BOB["email"])
    assert kind(question) == "rollback"
    reply(mail_in, question, "zgoda" if polish == "jihad" else "agree")
    run_worker()
    voted = inbox.text(next(m for m in reversed(inbox.to(BOB["email"])) if kind(m) == "answer"))
    ann_asks = f"Prosisz o cofnięcie partii do zdarzenia {first['seq']}. Czekamy na zgodę: Bob"
    bob_agreed = f"Wszyscy się zgodzili: partia wraca do zdarzenia {first['seq']}."
    if polish == "mcworld":
        assert ann_asks in asked
        assert f"Everyone agreed: the game is rolled back to event {first['seq']}." in voted
    else:
        assert f"You asked to roll the game back to event {first['seq']}. Waiting for Bob to agree" in asked
        assert bob_agreed in voted
