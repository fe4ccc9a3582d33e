"""For each game: a position to start from, a bad one, what of the start the seed decides, and a
check of the started state (tests/tables/test_positions.py, tests/server/test_positions_api.py)."""

import json

import games
from games.core import Rng, fold

def clash_check(state):
    assert state["game"] == 2 and state["wins"]["jihad"] == 1 and state["points"]["jihad"] == 5
    assert state["board"][6]["t"] == "MW_PREZYDENT" and state["neutral"] == ["N_AGENT", "N_HACKER"]


CLASH = {
    "position": {"games": [{"winner": "jihad", "points": {"mcworld": 2, "jihad": 5}}],
                 "board": {"B2": {"tile": "START_MUSTAFA", "facing": "north"},
                           "A1": {"tile": "MW_PREZYDENT", "facing": "south"}},
                 "neutral": ["N_AGENT", "N_HACKER"]},
    "bad": {"board": {"B2": {"tile": "President", "facing": "sideways"}}},
    "chance": lambda state: state["turn"],
    "check": clash_check,
    "view": lambda v: v["game"] == 2 and v["wins"]["jihad"] == 1 and v["board"]["A1"]["tile"] == "MW_PREZYDENT",
}

def clean_position(name: str, seed: bytes, opts: dict | None = None, after: int = 1) -> dict:
    """The ``after``-th position ``position(state)`` gives in a random game (numbered options)."""
    game = games.get(name)
    log = game.start(opts or {}, list(game.table_seats(opts or {})), Rng(seed, 0))
    state = fold(game, json.loads(json.dumps(log)))
    found = 0
    for _ in range(5000):
        pos = game.position(state)
        if pos is not None and len(log) > 1:
            found += 1
            if found == after:
                return pos
        asked = game.prompts(state)
        seat = sorted(asked)[0]
        options = asked[seat]["options"]
        move = options[Rng(seed + b"/p", len(log)).below(len(options))]["move"]
        events = game.decide(state, seat, move, Rng(seed, len(log)))
        log += events
        state = fold(game, json.loads(json.dumps(events)), state)
    raise AssertionError("no clean point")


def lafamiglia_check(state):
    assert state["round"] == 2 and state["phase"] == "planning" and len(state["tiles"]["drawn"]) == 7


LAFAMIGLIA = {
    "position": {k: v for k, v in clean_position("lafamiglia", b"famiglia", after=2).items() if k != "tiles"},
    "bad": {"round": 9, "primo": "southwest", "families": {}},
    "chance": lambda state: state["tiles"]["drawn"],
    "check": lafamiglia_check,
    "view": lambda v: v["round"] == 2 and v["phase"] == "planning" and v["turn"] == v["primo"],
}

def jagged_check(state):
    assert state["round"] == 2 and state["order"] == ["ivan", "raven"] and state["mercs"]["ivan"]["weapons"] == ["007"]


JAGGED = {
    "options": {"players": 2, "scenario": "1", "hire": "quick"},
    "position": {"round": 2, "mercs": {"ivan": {"seat": "merc1", "sector": "01A", "weapons": ["007"], "armour": "011"},
                                       "raven": {"seat": "merc2", "sector": "01A", "weapons": ["006"]}}},
    "bad": {"round": 2, "mercs": {"ivan": {"seat": "merc1", "sector": "01A", "S": 99}}},
    "chance": lambda state: [state["hidden"]["threat"], state["hidden"]["decks"], state["hidden"]["pool"]],
    "check": jagged_check,
    "view": lambda v: v["round"] == 2 and v["mercs"]["ivan"]["weapons"] == ["007"] and "hidden" not in v,
}

def labyrinth_check(state):
    assert state["turn"] == 2 and state["prestige"] == 5 and state["c"]["Pakistan"]["sleeper"] == 2


LABYRINTH = {
    "position": {"turn": 2, "prestige": 5, "countries": {"Pakistan": {"gov": "Poor", "align": "Neutral", "sleeper": 2}},
                 "hands": {"us": [27, 32], "jihadist": [57, 76]}, "phase": "us"},
    "bad": {"prestige": 13},
    "chance": lambda state: state["deck"],
    "check": labyrinth_check,
    "view": lambda v: v["turn"] == 2 and v["prestige"] == 5,
}

CASES = {"clash": CLASH, "lafamiglia": LAFAMIGLIA, "jaggedalliance": JAGGED, "labyrinth": LABYRINTH}


def players(name: str, case: dict) -> dict:
    game = games.get(name)
    seats = game.table_seats(case.get("options", {}))
    return {seat: {"name": seat.capitalize(), "email": f"{seat}@example.org"} for seat in seats}
