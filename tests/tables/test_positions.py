"""Tables started from a position (the option ``position``), on a real Redis: the header marks them,
the start's events are the position's, a game played on from it to the end exports and verifies
(verify re-runs the start with the options, position included), the seed drives what the position
leaves to chance, and GET position's use case gives a position back at a clean point."""

import json

import pytest

import games
import tables
from games.core import SYSTEM, Rng
from tables.errors import Invalid
from tables.model import load
from tables.positions import NoPosition, position_at
from tables.start import from_position

from .position_cases import CASES, players


def play_to_the_end(store, table, limit=4000):
    chooser = Rng(b"positions player", 0)
    for _ in range(limit):
        if table.result() is not None:
            return table
        prompts = table.prompts()
        seat = sorted(prompts)[0]
        if seat == SYSTEM or table.is_bot(seat):
            table = tables.advance(store, table.id, now=1001.0, step_cap=1).table
            continue
        options = prompts[seat]["options"]
        table = tables.submit(store, table, seat, option=chooser.below(len(options)) + 1,
                              expected_seq=table.seq, now=1001.0).table
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_table_from_a_position_is_marked_plays_to_the_end_and_verifies(store, name):
    case = CASES[name]
    options = {**case.get("options", {}), "position": case["position"]}
    table = tables.start(store, name, options, players(name, case), 1000.0, seed=b"\x05" * 32).table
    assert table.doc["from_position"] == from_position(options, b"\x05" * 32)
    assert tables.view(table, None)["from_position"] == table.doc["from_position"]
    case["check"](table.state)
    header = tables.export(store, table, None)[0]
    assert header["from_position"] == table.doc["from_position"]
    table = play_to_the_end(store, table)
    lines = json.loads(json.dumps(tables.export(store, table, None)))
    report = tables.verify(lines)
    assert report["ok"], report["problems"]
    lines[0]["from_position"] = "0" * 64
    assert not tables.verify(lines)["ok"]
    # once the game is over, a position taken at a clean point is whole, hidden parts included
    game = games.get(name)
    seq = next(seq for seq in range(1, table.seq + 1)
               if game.position(tables.model.state_at(store, table, seq)) is not None)
    whole = position_at(store, table, seq, None)
    assert whole["complete"] and not whole["hidden"]
    assert whole["position"] == game.position(tables.model.state_at(store, table, seq))


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_bad_position_is_refused_before_anything_is_written(store, name):
    case = CASES[name]
    with pytest.raises(Invalid) as refused:
        tables.start(store, name, {**case.get("options", {}), "position": case["bad"]}, players(name, case), 1000.0)
    assert refused.value.code == "bad_position" and refused.value.message.startswith("The starting position")


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_seed_decides_what_the_position_leaves_to_chance(store, name):
    """The seed commitment covers the start: twin tables differ only by their seeds, and do differ."""
    case = CASES[name]
    options = {**case.get("options", {}), "position": case["position"]}
    seen = set()
    for n in range(6):
        table = tables.start(store, name, options, players(name, case), 1000.0, seed=bytes([n + 1]) * 32).table
        seen.add(json.dumps(case["chance"](table.state), sort_keys=True))
    assert len(seen) > 1


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_position_taken_out_starts_the_same_table(store, name):
    case = CASES[name]
    game = games.get(name)
    table = tables.start(store, name, case.get("options", {}), players(name, case), 1000.0, seed=b"\x03" * 32).table
    for _ in range(200):
        if game.position(table.state) is not None and table.seq > 1:
            break
        prompts = table.prompts()
        seat = sorted(prompts)[0]
        if seat == SYSTEM:
            table = tables.advance(store, table.id, now=1001.0, step_cap=1).table
        else:
            table = tables.submit(store, table, seat, option=1, expected_seq=table.seq, now=1001.0).table
    full = game.position(table.state)
    assert full is not None
    out = position_at(store, load(store, table.id), None, None)
    assert out["seq"] == table.seq and out["game"] == name
    if out["complete"]:
        assert out["position"] == full
        again = tables.start(store, name, {**out["options"], "position": out["position"]}, players(name, case),
                             1000.0).table
        for seat in (*game.seats, None):
            assert game.view(again.state, seat) == game.view(table.state, seat)
        assert again.prompts() == table.prompts()
    else:
        assert out["hidden"]
    mid = next((seq for seq in range(table.seq - 1, 0, -1)
                if game.position(tables.model.state_at(store, table, seq)) is None), None)
    if mid is not None:
        with pytest.raises(NoPosition):
            position_at(store, table, mid, None)
