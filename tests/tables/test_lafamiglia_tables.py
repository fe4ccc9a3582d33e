"""La Famiglia through the real store: a random 4-seat game to the end by numbered options and the
worker's steps; the live state lists the same prompts as a fresh load and as a fold of the stored
log; a move of the 'anytime' list is taken as a move object; each seat's export hides the other
team's secrets until the end; the finished game's export verifies."""

import json

import games
import tables
from games.core import SYSTEM, Rng, fold
from tables import envelope
from tables.model import load

PLAYERS = {seat: {"name": seat.capitalize(), "email": f"{seat}@example.org"}
           for seat in ("southwest", "northeast", "southeast", "northwest")}


def test_a_whole_game_through_the_store(store):
    game = games.get("lafamiglia")
    table = tables.start(store, "lafamiglia", {}, PLAYERS, 1000.0, seed=b"\x07" * 32).table
    chooser = Rng(b"tables player", 0)
    for step in range(3000):
        if table.result() is not None:
            break
        prompts = table.prompts()
        seat = sorted(prompts)[0]
        if seat == SYSTEM:
            table = tables.advance(store, table.id, now=1001.0, step_cap=1).table
        else:
            options = prompts[seat]["options"]
            if step == 40:                     # a standing instruction sent as a move object
                table = tables.submit(store, table, seat, move={"instruct": "take", "value": "never"},
                                      expected_seq=table.seq, now=1001.0).table
                assert table.state["p"][seat]["instr"]["take"] == "never"
                continue
            option = chooser.below(len(options)) + 1
            table = tables.submit(store, table, seat, option=option, expected_seq=table.seq, now=1001.0).table
        if step % 7 == 0:
            stored = [envelope.loads(e)["event"] for e in store.read(table.id)]
            assert table.prompts() == load(store, table.id).prompts() == game.prompts(fold(game, stored))
    else:
        raise AssertionError("the game did not end")
    assert table.result()["text"] and table.state["round"] == 4 and table.seq > 300
    export = tables.export(store, table, None)
    assert tables.verify(json.loads(json.dumps(export)))["ok"]


def test_an_export_during_play_hides_the_other_teams_orders(store):
    table = tables.start(store, "lafamiglia", {"families": "first_game"}, PLAYERS, 1000.0, seed=b"\x09" * 32).table
    chooser = Rng(b"orders", 0)
    while not any(e["event"]["type"] == "order" for e in map(envelope.loads, store.read(table.id))):
        prompts = table.prompts()
        seat = sorted(prompts)[0]
        if seat == SYSTEM:
            table = tables.advance(store, table.id, now=1001.0, step_cap=1).table
            continue
        options = prompts[seat]["options"]
        wanted = [i for i, o in enumerate(options, 1) if "order" in o["label"].lower()]
        option = wanted[0] if wanted else chooser.below(len(options)) + 1
        table = tables.submit(store, table, seat, option=option, expected_seq=table.seq, now=1001.0).table
    (order,) = [e["event"] for e in map(envelope.loads, store.read(table.id)) if e["event"]["type"] == "order"]
    owner = order["seat"]
    for seat in PLAYERS:
        rows = tables.export(store, table, seat)
        shown = [r["event"] for r in rows if isinstance(r, dict) and r.get("event", {}).get("type") == "order"]
        same_team = table.game.team_of(seat) == table.game.team_of(owner)
        assert [bool(e["token"]) for e in shown] == [same_team], seat
        assert "seed" not in rows[0] and rows[0]["view"] == seat
