"""Helpers for tests that start from a position (games/labyrinth/position.py) rather than writing
state fields: start a table at a position, play it with chosen dice, check the invariants."""

import json

from games.core import Rng, fold
from games.labyrinth import GAME
from games.labyrinth import data as D
from games.labyrinth.state import cells_on_map, troops_on_map
from tests.games.labyrinth.labyrinth_kit import Dice, all_cards

US, JH, SYS = "us", "jihadist", "system"
FILLER = {"Kenya/Tanzania": {"posture": "Soft", "sleeper": 1}}   # a cell out of the way: an empty map is a US win


def options(position: dict, solo: bool = False, **opts) -> dict:
    """The table's options for a position: events on unless said otherwise; solo as the seats make it."""
    bots = {"jihadist": "jihadist"} if solo else {}
    return GAME.resolve_options(dict({"events": "on", "position": position}, **opts), bots=bots)


def start_at(position: dict, solo: bool = False, seed: bytes = b"position", **opts):
    """(events, state) of a new table at this position."""
    events = GAME.start(options(position, solo, **opts), list(GAME.seats), Rng(seed, 0))
    return events, fold(GAME, json.loads(json.dumps(events)))


def at(position: dict, solo: bool = False, **opts):
    """The state of a new table at this position."""
    return start_at(position, solo, **opts)[1]


def blank(countries: dict, **rest) -> dict:
    """A position on an empty map with one cell in Kenya/Tanzania, the given countries and fields."""
    return dict({"base": "blank", "countries": dict(FILLER, **countries)}, **rest)


def decide(state, seat, move, dice=(), seed=b"position", position=0):
    """One decision with the given dice (all of them used) or the seeded generator: (events, state)."""
    rng = Dice(*dice) if dice else Rng(seed, position)
    events = GAME.decide(state, seat, move, rng)
    state = json.loads(json.dumps(state))
    for event in events:
        state = GAME.evolve(state, event)
        check(state)
    if dice:
        assert not rng.rolls, f"unused dice {rng.rolls}"
    return events, state


def check(state):
    """The invariants of every position, solo ones included: 15 cells and 15 troops, the cards
    and the 6 plot markers conserved (9.3.3: those set aside count), tracks in range."""
    assert sorted(all_cards(state)) == D.ALL_CARDS
    assert 0 <= cells_on_map(state) <= 15 and 0 <= troops_on_map(state) <= 15
    for name, c in state["c"].items():
        assert min(c["troops"], c["active"], c["sleeper"], c["aid"]) >= 0, (name, c)
        if c["gov"] == D.IR:
            assert not c["aid"] and not c["besieged"], (name, c)            # Adversary unless a card changed it
    assert 1 <= state["prestige"] <= 12 and 1 <= state["funding"] <= 9
    ordinary = [v for v in state["avail"] if v != "WMD"] + [p["v"] for p in state["plots"] if p["v"] != "WMD"]
    ordinary += state.get("aside", [])
    assert sorted(ordinary) == [1, 1, 1, 2, 2, 3], ordinary
    w = state["wmd"]
    wmd = state["avail"].count("WMD") + sum(1 for p in state["plots"] if p["v"] == "WMD")
    assert w["pakistan"] + w["box"] + w["removed"] + wmd == 6
    if state["opts"].get("solo"):
        assert len(state.get("aside", [])) + state.get("aside_owed", 0) == wmd     # 9.3.3


def asked(state):
    (seat, prompt), = GAME.prompts(state).items()
    return seat, prompt


def moves(state, seat):
    return [o["move"] for o in GAME.prompts(state)[seat]["options"]]


# ---------------------------------------------------------------- the solo bot


def bot(state, dice=(), seed=b"bot", position=0):
    """The jihadist bot's move now, its tie dice given (a Dice) or from a seeded generator."""
    rng = Dice(*dice) if dice else Rng(seed, position)
    move = GAME.bots["jihadist"](state, JH, rng)
    if dice:
        assert not rng.rolls, f"unused bot dice {rng.rolls}"
    return move


def bot_plays(state, n=50, seed=b"solo", dice=None, stop=None):
    """The bot answers every Jihadist question (the rules' own steps run too) until someone else
    is asked, `stop(state)` holds, or n decisions: (events, reasons, state). The table's dice come
    from `dice` (a Dice, shared) or a seeded generator; the bot's from a seeded generator."""
    events, reasons = [], []
    for i in range(n):
        asked_now = GAME.prompts(state)
        if not asked_now or (stop and stop(state)):
            break
        (seat, prompt), = asked_now.items()
        if seat == US:
            break
        move = prompt["options"][0]["move"] if seat == SYS else GAME.bots["jihadist"](state, JH, Rng(seed + b"bot", i))
        if "reason" in move:
            reasons.append(move["reason"])
        new = GAME.decide(state, seat, move, dice if dice is not None else Rng(seed, i))
        for event in new:
            state = GAME.evolve(state, event)
            check(state)
        events += new
    return events, reasons, state
