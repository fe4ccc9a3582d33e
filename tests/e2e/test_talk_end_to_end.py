"""Issue 22 by email, end to end for the four games (real SMTP both ways, real Redis, real workers):
a greeting above a turn is passed on and the turn applied; `say:` reaches the others and not the
sender; a mistyped move is refused as a move, never sent as chat; `team:` then a move: the message
to the partner (or, in a co-op game, the other players) and the move applied; notes stay private;
an undo is told to the other seat, and a reply to an email whose question came back the same after
the undo and the same move again is applied (a second answer to that email is not)."""

import json

import pytest

from games.core import Rng
from tests.mail.helpers import kind, latest, reply

PEOPLE = [("Ann", "ann@example.org"), ("Bob", "bob@example.org"), ("Cid", "cid@example.org"),
          ("Dee", "dee@example.org")]
GAMES = {"clash": {"match": "single"}, "labyrinth": {}, "lafamiglia": {},
         "jaggedalliance": {"players": 2, "scenario": "1"}}
SEATS = {"clash": ["mcworld", "jihad"], "labyrinth": ["us", "jihadist"],
         "lafamiglia": ["southwest", "northeast", "southeast", "northwest"], "jaggedalliance": ["merc1", "merc2"]}
MISTYPED = {"clash": "hackr b2 n", "labyrinth": "reqruit afghanistan", "lafamiglia": "feild 1a2",
            "jaggedalliance": "actvate ivan"}


class Table:
    def __init__(self, client, run_worker, name):
        self.client, self.run_worker, self.name = client, run_worker, name
        self.players = {seat: {"name": n, "email": e} for seat, (n, e) in zip(SEATS[name], PEOPLE)}
        created = client.post("/tables", json={"game": name, "options": GAMES[name], "seats": self.players})
        assert created.status_code == 201, created.json
        self.id, self.tokens = created.json["id"], {s: v["token"] for s, v in created.json["seats"].items()}
        run_worker()

    def view(self, seat=None):
        headers = {"Authorization": f"Bearer {self.tokens[seat]}"} if seat else {}
        return self.client.get(f"/tables/{self.id}/view", headers=headers).json

    def asked(self):
        return [p["seat"] for p in self.view()["prompts"] if p["seat"] in self.players]

    def email(self, seat):
        return self.players[seat]["email"]

    def move(self, seat, option):
        answer = self.client.post(f"/tables/{self.id}/moves", json={"option": option, "expected_seq": self.view()["seq"]},
                                  headers={"Authorization": f"Bearer {self.tokens[seat]}"})
        assert answer.status_code == 201, answer.json
        self.run_worker()


def messages_to(inbox, address, kinds=("table_message", "team_message")):
    return [m for m in inbox.to(address) if kind(m) in kinds]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_table_talk_by_email(client, run_worker, smtp_server, mail_in, name):
    table, inbox = Table(client, run_worker, name), smtp_server.inbox
    seat = table.asked()[0]
    others = [s for s in table.players if s != seat]
    before = table.view()["seq"]

    # a greeting above a valid turn: the turn is applied, the greeting goes to the others
    reply(mail_in, latest(inbox, table.email(seat)), "Nice one, Bob!\n1")
    run_worker()
    answer = inbox.text(latest(inbox, table.email(seat)))
    assert table.view()["seq"] > before, answer
    assert "Read as a message to the table" in answer and "“Nice one, Bob!”" in answer and "Applied" in answer
    for other in others:
        assert any("Nice one, Bob!" in inbox.text(m) for m in messages_to(inbox, table.email(other))), other
    assert not messages_to(inbox, table.email(seat))

    # 'say:' from a waiting email: to every other player, not to the sender
    reply(mail_in, latest(inbox, table.email(seat)), "say: Your move; take your time")
    run_worker()
    assert "Sent to the table" in inbox.text(latest(inbox, table.email(seat)))
    for other in others:
        said = messages_to(inbox, table.email(other))[-1]
        assert "Your move; take your time" in inbox.text(said) and said["Reply-To"], other
    assert not messages_to(inbox, table.email(seat))

    # a reply to a message email is read like any reply: a note kept for oneself alone
    reply(mail_in, messages_to(inbox, table.email(others[0]))[-1], "note: they like the east side")
    run_worker()
    assert "private note" in inbox.text(latest(inbox, table.email(others[0])))
    notes = client.get(f"/tables/{table.id}/notes", headers={"Authorization": f"Bearer {table.tokens[others[0]]}"})
    assert [n["text"] for n in notes.json["notes"]] == ["they like the east side"]
    for reader in [seat, *others[1:]]:
        auth = {"Authorization": f"Bearer {table.tokens[reader]}"}
        seen = [json.dumps(client.get(f"/tables/{table.id}/{what}", headers=auth).json) for what in ("view", "log")]
        seen.append(client.get(f"/tables/{table.id}/export", headers=auth).get_data(as_text=True))
        assert all("east side" not in text for text in seen), reader
        assert not any("east side" in inbox.text(m) for m in inbox.to(table.email(reader)))

    # a mistyped move is refused as a move, never sent as chat
    asked = table.asked()[0]
    counted = {s: len(messages_to(inbox, table.email(s))) for s in table.players}
    before = table.view()["seq"]
    reply(mail_in, latest(inbox, table.email(asked)), MISTYPED[name])
    run_worker()
    refused = inbox.text(latest(inbox, table.email(asked)))
    assert "not applied" in refused and "message to the table" not in refused, refused
    assert table.view()["seq"] == before
    assert {s: len(messages_to(inbox, table.email(s))) for s in table.players} == counted

    # 'team:' then a move on the next line: the message to the partner (the co-op table), and the move
    reply(mail_in, latest(inbox, table.email(asked)), "team: I go for the middle\n1")
    run_worker()
    answered = inbox.text(latest(inbox, table.email(asked)))
    assert table.view()["seq"] > before, answered
    partners = {"lafamiglia": [s for s in table.players if s != asked and s[:5] == asked[:5]],
                "jaggedalliance": [s for s in table.players if s != asked]}.get(name, [])
    for other in table.players:
        got = any("I go for the middle" in inbox.text(m) for m in messages_to(inbox, table.email(other)))
        assert got == (other in partners), other
    if not partners:
        assert "Not sent" in answered and "not played in teams" in answered


def until_undo_then_another_is_asked(table, chooser):
    """Play by the API until a person's move may be taken back while another person is asked:
    returns (mover, the option it chose, the other seat asked)."""
    for _ in range(400):
        view = table.view()
        assert view["status"] == "active", "the game ended first"
        seat = table.asked()[0]
        options = next(p for p in table.view(seat)["prompts"] if p["seat"] == seat)["options"]
        option = chooser.below(len(options)) + 1
        table.move(seat, option)
        mine = table.view(seat)
        others = [s for s in table.asked() if s != seat]
        if mine["undo"]["available"] and others:
            return seat, option, others[0]
    raise AssertionError("no move could be taken back while another player was asked")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_an_undo_is_told_and_the_same_question_again_takes_the_old_reply(client, run_worker, smtp_server, mail_in,
                                                                        name):
    table, inbox = Table(client, run_worker, name), smtp_server.inbox
    mover, option, other = until_undo_then_another_is_asked(table, Rng(b"told " + name.encode(), 0))
    asked_then = latest(inbox, table.email(other))                 # the other's email with its question
    assert asked_then["Reply-To"]
    question = next(p for p in table.view(other)["prompts"] if p["seat"] == other)

    reply(mail_in, latest(inbox, table.email(mover)), "undo")
    run_worker()
    undone = inbox.text(latest(inbox, table.email(mover)))
    assert "Taken back" in undone and table.players[other]["name"] in undone.split("told by email")[0].split(".")[-1]
    told = [m for m in inbox.to(table.email(other)) if kind(m) == "taken_back"]
    assert len(told) == 1 and told[0]["Reply-To"]
    text = inbox.text(told[0])
    assert f"{table.players[mover]['name']} took back 1 move" in text
    assert "Taken back (" in text or "hidden from you" in text                # what, as the other may see it
    assert not [m for m in inbox.to(table.email(mover)) if kind(m) == "taken_back"]

    table.move(mover, option)                                      # the same move again: the same question
    assert next(p for p in table.view(other)["prompts"] if p["seat"] == other)["options"] == question["options"]
    before = table.view()["seq"]
    reply(mail_in, asked_then, "1")
    run_worker()
    assert table.view()["seq"] > before, inbox.text(latest(inbox, table.email(other)))
    after = table.view()["seq"]
    reply(mail_in, asked_then, "2")                                # that question was answered: no second answer
    run_worker()
    assert table.view()["seq"] == after
    assert "moved on" in inbox.text(latest(inbox, table.email(other)))
