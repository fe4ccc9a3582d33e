"""A seat still waited on whose question another seat's decision changed is told again (a new
turn email, a new edge): a question asked of every seat at once, answered by one, leaves the
other with another question (Jagged Alliance's "who acts next"). A seat whose question stays the
same (a sealed pick the other has made) is not emailed again."""

from typing import Any

import pytest

import games
from tests.helpers import bearer
from tests.tinygame import Duel


class Call(Duel):
    """Duel, opened by a call asked of both seats: the first to answer moves second."""
    name = "duelcall"

    def evolve(self, state: Any, event: dict[str, Any]) -> Any:
        if event["type"] == "setup":
            return {**super().evolve(state, event), "phase": "call"}
        if event["type"] == "called":
            state["phase"], state["turn"] = "play", "south" if event["seat"] == "north" else "north"
            return state
        return super().evolve(state, event)

    def prompts(self, state: Any) -> dict[str, Any]:
        if state["phase"] == "call":
            ask = {"kind": "call", "text": "Call it (the first to answer moves second).",
                   "options": [{"label": "call", "move": {"call": True}}, {"label": "call loudly", "move": {"call": 2}}]}
            return {"north": ask, "south": dict(ask)}
        return super().prompts(state)

    def describe(self, event: dict[str, Any]) -> str:
        return f"{event['seat']} called." if event["type"] == "called" else super().describe(event)

    def decide(self, state: Any, seat: str, move: Any, rng, asked: Any = None) -> list[dict[str, Any]]:
        if state["phase"] == "call":
            return [{"type": "called", "seat": seat}]
        return super().decide(state, seat, move, rng)


@pytest.fixture(autouse=True)
def call_game():
    games.register(Call())


SEATS = {"north": {"name": "Nora", "email": "nora@example.org"}, "south": {"name": "Sam", "email": "sam@example.org"}}


def turns(inbox, address):
    return [m for m in inbox.to(address) if m["X-PBEM-Kind"] == "your_turn"]


def test_the_other_seat_is_told_its_new_question(client, run_worker, smtp_server, redis_client):
    created = client.post("/tables", json={"game": "duelcall", "seats": SEATS}).json
    table, tokens = created["id"], {s: v["token"] for s, v in created["seats"].items()}
    run_worker()
    inbox = smtp_server.inbox
    assert len(turns(inbox, "sam@example.org")) == 1            # asked to call, like Nora
    moved = client.post(f"/tables/{table}/moves", headers=bearer(tokens["north"]), json={"option": 1})
    assert moved.status_code == 201, moved.json
    run_worker()
    sam = turns(inbox, "sam@example.org")
    assert len(sam) == 2, [m["Subject"] for m in inbox.to("sam@example.org")]     # now: add to the total
    assert "Add to the total" in inbox.text(sam[-1]) and int(sam[-1]["X-PBEM-Seq"]) == moved.json["seq"]
    assert len(turns(inbox, "nora@example.org")) == 1           # Nora chose: not asked again
    waiting = {k.decode(): int(v) for k, v in redis_client.hgetall(f"t:{{{table}}}:waiting").items()}
    assert waiting == {"south": moved.json["seq"]}              # a new edge: a reply to the call is stale


def test_a_seat_with_the_same_question_keeps_its_edge(client, run_worker, redis_client):
    """Both asked the same thing after a decision that leaves the question as it was: no new edge."""
    from tables.model import Table, question
    ask = {"kind": "call", "text": "Call it (Nora has answered).", "options": [{"label": "call", "move": {"call": True}}]}
    before = {"south": {**ask, "text": "Call it."}}
    table = Table("t", {"seats": {"south": {}}}, games.get("duelcall"), None, 3)
    table._prompts = (3, None, {"south": ask})
    assert question(ask) == question(before["south"])
    assert table.asked_anew(before, set()) == []
    assert table.asked_anew({"south": {**ask, "options": []}}, set()) == ["south"]
    assert table.asked_anew({"south": {**ask, "options": []}}, {"south"}) == []
