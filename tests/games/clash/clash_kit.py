"""Helpers for the CLASH tests: build a position directly, play decisions, count tiles."""

import json

from games.clash import GAME
from games.clash.tiles import ALL_TILES, FACTION, NEUTRALS, UNKNOWN
from games.core import Rng, fold

MW, JH = "mcworld", "jihad"


def copy(state):
    return json.loads(json.dumps(state))


def new_match(opts=None, seed=b"clash-test"):
    events = GAME.start(opts or {}, list(GAME.seats), Rng(seed, 0))
    return events, fold(GAME, copy(events))


def make(board=None, zones=None, neutral=None, pile=None, box=None, turn=MW, opts=None, first=None):
    """A position in game 1 where `turn` is to choose a tile.

    board: {"B2": ("MW_PREZYDENT", "mcworld")} or with a third item {"d": seat} (face down,
    destroyed by seat) / {"c": "N_NAGRODA_NOBLA"} (covered). Tiles not named anywhere stay in
    their owner's zone (faction tiles), the box (neutrals) or are set aside (Mustafa), so all
    32 tiles are always accounted for.
    """
    opts = GAME.resolve_options(opts or {})
    pool = [t for t in NEUTRALS if t != UNKNOWN or opts["unknown_neutral"] == "blank"]
    state = fold(GAME, [{"type": "match_started", "options": opts, "first": first or turn, "box": pool,
                         "neutral": [], "extra": {}}])
    used = set()
    cells = [None] * 9
    from games.clash.board import FIELD_INDEX
    for field, spec in (board or {}).items():
        tile, seat = spec[0], spec[1]
        extra = spec[2] if len(spec) > 2 else {}
        cells[FIELD_INDEX[field]] = {"t": tile, "s": seat, "d": extra.get("d"), "c": extra.get("c")}
        used.add(tile)
        if extra.get("c"):
            used.add(extra["c"])
    for tiles in (zones or {}).values():
        used.update(tiles)
    used.update(neutral or [])
    used.update(pile or [])
    used.update(box or [])
    state["board"] = cells
    state["zones"] = {seat: list((zones or {}).get(seat, [t for t in FACTION[seat] if t not in used]))
                      for seat in (MW, JH)}
    used.update(state["zones"][MW] + state["zones"][JH])
    state["neutral"] = list(neutral or [])
    state["pile"] = list(pile or [])
    state["box"] = list(box) if box is not None else [t for t in pool if t not in used]
    used.update(state["box"])
    state["beside"] = []
    state["aside"] = [t for t in ALL_TILES if t not in used]
    state["step"] = {"k": "tile", "seat": turn}
    state["turn"] = turn
    state["placements"] = sum(1 for c in cells if c)
    assert_accounted(state)
    return state


def play(state, seat, *parts, seed=b"clash-test", position=0):
    """Send each part as one move; return (all events, new state). The input is not changed."""
    events = []
    state = copy(state)
    for part in parts:
        new = GAME.decide(state, seat, part, Rng(seed, position + len(events)))
        for event in new:
            state = GAME.evolve(state, event)
        events += new
    return events, state


def types(events):
    return [e["type"] for e in events]


def of_type(events, kind):
    return [e for e in events if e["type"] == kind]


def cell(state, field):
    from games.clash.board import FIELD_INDEX
    return state["board"][FIELD_INDEX[field]]


def options(state, seat):
    return [o["move"] for o in GAME.prompts(state)[seat]["options"]]


def all_tiles(state):
    tiles = []
    for c in state["board"]:
        if c:
            tiles.append(c["t"])
            if c["c"]:
                tiles.append(c["c"])
    for zone in state["zones"].values():
        tiles += zone
    return tiles + state["neutral"] + state["pile"] + state["box"] + state["aside"] + state["beside"]


def assert_accounted(state):
    tiles = all_tiles(state)
    assert sorted(tiles) == ALL_TILES, sorted(set(ALL_TILES) ^ set(tiles))
