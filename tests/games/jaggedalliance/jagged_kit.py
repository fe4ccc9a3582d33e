"""Helpers for the Jagged Alliance tests: a team hired and deployed, positions written straight
into the state (a battle in one Sector with mercs and enemies where the test wants them), and
decisions played one by one."""

import json

from games.core import Rng, fold
from games.jaggedalliance import GAME
from games.jaggedalliance.data import THREATS

SEED = b"jagged-test"


def copy(state):
    return json.loads(json.dumps(state))


def new(mercs=("ivan", "cliff", "raven"), scenario="1", seed=SEED, players=None):
    """A deployed team: ``mercs`` hired in the queue's order (1 player: 3 mercs; 4 mercs: 2
    players, two each). Returns (events, state) at the first choice of who activates."""
    players = players or (1 if len(mercs) == 3 else 2 if len(mercs) == 4 else len(mercs))
    opts = GAME.resolve_options({"players": players, "scenario": scenario})
    log = GAME.start(opts, list(GAME.table_seats(opts)), Rng(seed, 0))
    state = fold(GAME, copy(log))
    for m in mercs:
        (seat, prompt), = GAME.prompts(state).items()
        events = GAME.decide(state, seat, {"merc": m}, Rng(seed, len(log)))
        state = fold(GAME, copy(events), state)
        log += events
    return log, state


def battle(state, tile="02A", mercs=None, enemies=(), card="T01", active=None, facedown=None, stack=None):
    """A battle in ``tile``: mercs {id: area} there (others stay where they are), enemies as
    (type, elite, area[, fields]) get ids e001..., the Threat card turned up, no face-down tokens
    unless ``facedown`` {area: [token ids]}. With ``active``, that merc is in its activation."""
    s = copy(state)
    s["sectors"][tile].update({"status": "besieged", "card": card, "facedown": {}, "loot": {}})
    s["hidden"]["threat"].pop(tile, None)
    for m, area in (mercs or {}).items():
        s["mercs"][m].update({"sector": tile, "area": area})
    s["enemies"] = {}
    for i, spec in enumerate(enemies, 1):
        kind, elite, area = spec[:3]
        extra = spec[3] if len(spec) > 3 else {}
        s["enemies"][f"e{i:03d}"] = {"type": kind, "elite": elite, "xp": False, "sector": tile, "area": area,
                                     "dmg": 0, "status": [], "down": False, "hidden": False, **extra}
    s["next_enemy"] = len(enemies) + 1
    s["hidden"]["tokens"] = {tile: {a: list(t) for a, t in (facedown or {}).items()}}
    s["sectors"][tile]["facedown"] = {a: len(t) for a, t in (facedown or {}).items()}
    if active:
        activate(s, active)
    if stack is not None:
        s["stack"] = stack
    return s


def activate(s, m):
    """Put merc ``m`` in its activation (the stack: the round, then its action menu)."""
    for other in s["mercs"]:
        s["mercs"][other]["active"] = False
    s["mercs"][m].update({"active": True, "cmd": 1, "used": [], "free": 0, "started": False, "steps": 0})
    s["stack"] = [{"k": "round", "phase": "players"}, {"k": "act", "merc": m}]
    s["round"] = max(1, s["round"])
    return s


def enemy_turn(s, tile, active, queue):
    """The stack at an Enemy Activation in ``tile`` after ``active``'s turn, enemies in order."""
    s = copy(s)
    s["stack"] = [{"k": "round", "phase": "players"},
                  {"k": "enemies", "sector": tile, "merc": active, "queue": [{"e": e, "why": "at initiative ?"} for e in queue]}]
    return s


def play(state, seat, *moves, seed=SEED, position=1000):
    """Send each move; return (events, new state). The input is not changed."""
    events = []
    state = copy(state)
    for move in moves:
        new = GAME.decide(state, seat, move, Rng(seed, position + len(events)))
        state = fold(GAME, copy(new), state)
        events += new
    return events, state


def system(state, seed=SEED, position=1000):
    """Run the pending system steps (the enemy AI); return (events, state)."""
    events = []
    state = copy(state)
    while "system" in GAME.prompts(state):
        move = GAME.prompts(state)["system"]["options"][0]["move"]
        new = GAME.decide(state, "system", move, Rng(seed, position + len(events)))
        state = fold(GAME, copy(new), state)
        events += new
    return events, state


def types(events):
    return [e["type"] for e in events]


def of(events, kind):
    return [e for e in events if e["type"] == kind]


def options(state, seat):
    return [o["move"] for o in GAME.prompts(state)[seat]["options"]]


def seat_of(state, m):
    return state["mercs"][m]["seat"]


def threat_card(card):
    return THREATS[card]
