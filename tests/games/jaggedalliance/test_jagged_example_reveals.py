"""The example line stops at the first event that shows something hidden (``Game.reveals``), so it
never plans from what the seat may not know: positions that differ only in where the hidden sniper
lies give the same lines up to the reveal."""

from games.jaggedalliance import GAME
from tests.games.jaggedalliance.jagged_kit import battle, new, play

SNIPER = ("sniper", False, None, {"xp": True, "hidden": True})


def with_crosshair(area, redshirt="C"):
    """Ivan in 02A E; a Redshirt out of reach; the experienced Sniper's crosshair in ``area`` and
    a decoy on every other threat symbol."""
    log, s = new()
    tokens = {a: [("X" if a == area else "O") + "e002"] for a in "ABCD"}
    return battle(s, mercs={"ivan": "E"}, enemies=[("redshirt", False, redshirt), SNIPER], active="ivan",
                  facedown=tokens)


def test_the_example_is_the_same_wherever_the_hidden_sniper_lies():
    lines = {area: GAME.example(with_crosshair(area), "merc1") for area in "ABCD"}
    assert lines["B"] == ["move b"]                       # it stops at the step that turns up B's token
    assert len({tuple(v) for v in lines.values()}) == 1


def test_a_revealing_event_is_known_by_its_type_even_with_the_hidden_changes_left_out():
    events, after = play(with_crosshair("B"), "merc1", {"a": "move", "to": "B"})
    found = next(e for e in events if e["type"] == "sniper_found")
    for seat in ("merc1", None):
        shown = GAME.redact(found, seat)
        assert not any(k.startswith("hidden") for k in shown.get("fx", {}))
        assert GAME.reveals(shown)
    assert after["enemies"]["e002"]["area"] == "B"
