"""A starting position: the table option ``position`` starts a match from a given board instead of
an empty one (a game carried over from the table top, a puzzle, a test).

The format (JSON; every key but ``board`` may be left out):

    {"games": [{"winner": "mcworld", "points": {"mcworld": 5, "jihad": 3}}],
                    # the games of the match already played, oldest first: winner (or null: drawn),
                    # optional points (spec 11.1), reason ("full_board", "kaboom", "cannot_play",
                    # "cap", or "typed", the default), support and kaboom as the log records them
     "board": {"B2": {"tile": "START_MUSTAFA", "facing": "north"},
               "A1": {"tile": "MW_PREZYDENT", "facing": "south", "destroyed_by": "jihad"},
               "C3": {"tile": "MW_POPSTAR", "facing": "north", "covered_by": "N_NAGRODA_NOBLA"}},
                    # facing: where the tip points (north supports McWorld, south Jihad)
     "zones": {"mcworld": [...], "jihad": [...]},
                    # left out: the seat's own faction tiles not placed anywhere else
     "neutral": ["N_AGENT", ...],   # the shared neutral zone (at most 5)
     "removed": [...],              # the removed pile (spec 7.2.2)
     "unused": [...],               # neutrals not yet dealt in this match (what Elections, the long
                                    # game and later games draw from); left out: every neutral
                                    # tile placed nowhere else (the 17th only with
                                    # unknown_neutral=blank); the others are set aside
     "turn": "jihad",               # who places now; left out: drawn by the table's generator
     "placements": 4}               # placements made in this game; left out: the tiles on the
                                    # board (covers included) and in the removed pile

Tiles are named by their ids in ``tiles.json`` (or their English names: "President").

The clean points (where a position may start, and where ``position(state)`` gives one): the
start of a placement (the seat on turn chooses a tile), and the opening of a game (Mustafa still
beside the board, nothing placed: the seat on turn places him). At an opening whose ``neutral``
is left out, the neutral zone (or with neutrals=random_support the seats' extra tiles) is dealt
from the unused neutrals by the table's generator (spec 4), so the seed covers it as it covers
every later draw (Elections, the long game's refill, later games' deals).

Checked (``IllegalMove`` "bad_position", a sentence saying what is wrong): every one of the 32
tiles in one place only, faction tiles never in the neutral zone or the unused neutrals, Mustafa
never in the neutral zone, only the Nobel Prize covers a tile, a destroyed tile destroyed by the
seat not on turn (it leaves at the end of the next move, spec 7.3), a board that is not full,
a seat on turn that can play, a match not yet over, placements under the cap.
"""

from games.core.position import bad

from . import board as B
from . import derived as D
from .tiles import FACTION, MUSTAFA, NEUTRALS, NOBEL, TILES, UNKNOWN, fold_text, name

KEYS = {"games", "board", "zones", "neutral", "removed", "unused", "turn", "placements"}
CELL_KEYS = {"tile", "facing", "destroyed_by", "covered_by"}
GAME_KEYS = {"winner", "points", "reason", "support", "kaboom", "loser"}
REASONS = ("full_board", "kaboom", "cannot_play", "cap", "typed")
SEAT_WORDS = ", ".join(B.SEATS)


def _tile(value, where: str) -> str:
    if isinstance(value, str):
        if value in TILES:
            return value
        folded = fold_text(value)
        found = [t for t, d in TILES.items() if folded in d["aliases"]]
        if len(found) == 1:
            return found[0]
    raise bad(f"there is no tile called {value!r} ({where}).")


def _tiles(value, where: str) -> list[str]:
    if not isinstance(value, list):
        raise bad(f"{where} must be a list of tiles.")
    return [_tile(t, where) for t in value]


def _seat(value, what: str, none: bool = False):
    if value is None and none:
        return None
    if value not in B.SEATS:
        raise bad(f"{what} must be {SEAT_WORDS}{' or null' if none else ''}, not {value!r}.")
    return value


def _small(value, what: str, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
        raise bad(f"{what} must be a whole number from 0 to {high}, not {value!r}.")
    return value


def _pair(value, what: str, high: int) -> dict:
    if value is None:
        return {s: 0 for s in B.SEATS}
    if not isinstance(value, dict) or set(value) - set(B.SEATS):
        raise bad(f"{what} must be an object with {SEAT_WORDS}.")
    return {s: _small(value.get(s, 0), f"{what} of {s}", high) for s in B.SEATS}


def _games(value) -> list[dict]:
    if not isinstance(value, list):
        raise bad("games must be a list of the games already played.")
    out = []
    for n, g in enumerate(value, 1):
        if not isinstance(g, dict) or "winner" not in g or set(g) - GAME_KEYS:
            raise bad(f"game {n} must be an object with winner (a seat or null) and optionally "
                      f"{', '.join(sorted(GAME_KEYS - {'winner'}))}.")
        reason = g.get("reason", "typed")
        if reason not in REASONS:
            raise bad(f"game {n}'s reason must be one of {', '.join(REASONS)}, not {reason!r}.")
        record = {"game": n, "winner": _seat(g["winner"], f"game {n}'s winner", none=True), "reason": reason,
                  "support": _pair(g.get("support"), f"game {n}'s support", 9),
                  "points": _pair(g.get("points"), f"game {n}'s points", 9),
                  "kaboom": _seat(g.get("kaboom"), f"game {n}'s kaboom", none=True)}
        record["loser"] = _seat(g.get("loser"), f"game {n}'s loser", none=True)
        out.append(record)
    return out


def _over(opts: dict, games: list[dict]) -> bool:
    wins = {s: sum(1 for g in games if g["winner"] == s) for s in B.SEATS}
    if not games:
        return False
    if opts["match"] == "single":
        return True
    if opts["match"] == "points":
        return len(games) >= opts["points_games"]
    return max(wins.values()) >= 2 or len(games) >= 3


def _board(value, turn) -> list:
    if not isinstance(value, dict):
        raise bad("board must be an object: field (A1 to C3) -> {tile, facing}.")
    cells = [None] * 9
    for raw, spec in value.items():
        idx = B.parse_field(raw)
        if idx is None:
            raise bad(f"{raw!r} is not a field; use A1 to C3.")
        f = B.field_name(idx)
        if cells[idx] is not None:
            raise bad(f"{f} is given twice.")
        if not isinstance(spec, dict) or "tile" not in spec or set(spec) - CELL_KEYS:
            raise bad(f"{f} must be {{\"tile\", \"facing\"}} with optionally destroyed_by and covered_by.")
        facing = spec.get("facing")
        if facing not in ("north", "south"):
            raise bad(f"the tile on {f} must face north (supporting McWorld) or south (supporting Jihad), "
                      f"not {facing!r}.")
        tile = _tile(spec["tile"], f)
        cover = spec.get("covered_by")
        if cover is not None:
            cover = _tile(cover, f"the cover on {f}")
            if cover != NOBEL:
                raise bad(f"only the Nobel Prize covers a tile, not {name(cover)} (on {f}).")
        down = _seat(spec.get("destroyed_by"), f"destroyed_by on {f}", none=True)
        if down is not None and turn is not None and down != B.other(turn):
            raise bad(f"the tile on {f} was destroyed by {down}: it left the board at the end of "
                      f"{B.SIDE_NAMES[B.other(down)]}'s move (rule 7.3), before {B.SIDE_NAMES[turn]}'s turn.")
        cells[idx] = {"t": tile, "s": B.supports_of(facing), "d": down, "c": cover}
    return cells


def normalise(position, opts: dict) -> dict:
    """The position with every field filled in and checked; raises IllegalMove("bad_position").
    ``opts``: the table's resolved options. ``turn`` stays None when left out (drawn at start),
    and so does ``neutral`` at an opening (dealt at start)."""
    if not isinstance(position, dict):
        raise bad("it must be an object (its format: the guide's 'Starting from a position').")
    unknown = set(position) - KEYS
    if unknown:
        raise bad(f"there is no field {sorted(unknown)[0]!r}; the fields are {', '.join(sorted(KEYS))}.")
    games = _games(position.get("games", []))
    if _over(opts, games):
        raise bad("the match is already over after these games.")
    turn = _seat(position["turn"], "turn") if position.get("turn") is not None else None
    cells = _board(position.get("board", {}), turn)
    on_board = [t for c in cells if c for t in (c["t"], c["c"]) if t]
    zones_given = position.get("zones", {})
    if not isinstance(zones_given, dict) or set(zones_given) - set(B.SEATS):
        raise bad(f"zones must be an object with {SEAT_WORDS}.")
    zones = {s: _tiles(zones_given[s], f"{s}'s zone") for s in B.SEATS if s in zones_given}
    neutral = _tiles(position["neutral"], "the neutral zone") if position.get("neutral") is not None else None
    removed = _tiles(position.get("removed", []), "the removed pile")
    listed = on_board + [t for z in zones.values() for t in z] + (neutral or []) + removed
    unused = _tiles(position["unused"], "the unused neutrals") if "unused" in position else None
    listed += unused or []
    twice = sorted({t for t in listed if listed.count(t) > 1})
    if twice:
        raise bad(f"{name(twice[0])} is in two places (there is one of each tile).")
    for seat in B.SEATS:
        if seat not in zones:
            zones[seat] = [t for t in FACTION[seat] if t not in listed]
    placed = set(listed) | {t for z in zones.values() for t in z}
    for seat in B.SEATS:
        for t in FACTION[seat]:
            if t not in placed:
                raise bad(f"{name(t)} is nowhere: put it in a zone, on the board or in the removed pile.")
    pool = [t for t in NEUTRALS if t != UNKNOWN or opts["unknown_neutral"] == "blank"]
    if UNKNOWN in placed and opts["unknown_neutral"] != "blank":
        raise bad("the 17th neutral tile stays out of play unless the option unknown_neutral is blank.")
    if unused is None:
        unused = [] if opts["neutrals"] == "none" else [t for t in pool if t not in placed]
    elif opts["neutrals"] == "none" and unused:
        raise bad("with neutrals=none no neutral tile is in play: unused must be empty.")
    for where, tiles in (("the neutral zone", neutral or []), ("the unused neutrals", unused)):
        for t in tiles:
            if TILES[t]["side"] != "neutral":
                raise bad(f"{name(t)} is not a neutral tile: it cannot be in {where}.")
    if neutral is not None and len(neutral) > 5:
        raise bad("the neutral zone holds at most 5 tiles (rule 4).")

    opening = MUSTAFA not in placed
    default_placements = len(on_board) + len(removed)
    placements = _small(position.get("placements", default_placements), "placements", opts["placement_cap"] - 1)
    if opening:
        if on_board or removed or placements:
            raise bad("Mustafa opens every game (rule 5.1): while he is beside the board, the board and the removed "
                      "pile are empty and no placement has been made.")
    elif neutral is None:
        neutral = []
    if cells and all(c is not None for c in cells) and not opening and D.full(cells):
        raise bad("the board is full: that game is over (rule 9.1).")
    out = {"games": games, "cells": cells, "zones": zones, "neutral": neutral, "removed": removed,
           "unused": sorted(unused), "turn": turn, "placements": placements, "opening": opening}
    if turn is not None and not opening:
        check_turn(out)
    return out


def check_turn(pos: dict) -> None:
    """The seat on turn can place a tile (else its game is over, 9.2)."""
    probe = {"board": pos["cells"], "zones": pos["zones"], "neutral": pos["neutral"]}
    if not D.playable(probe, pos["turn"]):
        raise bad(f"{B.SIDE_NAMES[pos['turn']]} cannot place any tile: that game is over (rule 9.2).")


def start_event(opts: dict, rng) -> dict:
    """The setup from the option ``position``: the seat on turn drawn when left out, and at an
    opening without a neutral zone, the neutrals dealt (spec 4), both by the table's generator."""
    from .setup import deal
    pos = normalise(opts["position"], opts)
    if pos["turn"] is None:
        pos["turn"] = rng.choice(list(B.SEATS))
    pos["extra"] = {}
    if pos["neutral"] is None:
        pos["neutral"], pos["extra"] = deal(pos["unused"], opts, rng)
    if not pos["opening"]:
        check_turn(pos)
    return {"type": "position", "options": {k: v for k, v in opts.items() if k != "position"}, "position": pos}


def state_of(opts: dict, pos: dict) -> dict:
    """The state a normalised position (turn drawn, neutrals dealt) stands for."""
    games, turn = pos["games"], pos["turn"]
    dealt = set(pos["neutral"]) | {t for z in pos.get("extra", {}).values() for t in z}
    unused = [t for t in pos["unused"] if t not in dealt]
    zones = {s: list(pos["zones"][s]) + list(pos.get("extra", {}).get(s, ())) for s in B.SEATS}
    everywhere = {t for c in pos["cells"] if c for t in (c["t"], c["c"]) if t}
    everywhere |= {t for z in zones.values() for t in z} | set(pos["neutral"]) | set(pos["removed"]) | set(unused)
    state = {"opts": dict(opts), "game": len(games) + 1,
             "wins": {s: sum(1 for g in games if g["winner"] == s) for s in B.SEATS},
             "points": {s: sum(g["points"][s] for g in games) for s in B.SEATS},
             "games": [dict(g) for g in games], "result": None, "box": unused,
             "aside": [t for t in NEUTRALS if t not in everywhere],
             "board": [dict(c) if c else None for c in pos["cells"]], "zones": zones,
             "neutral": list(pos["neutral"]), "pile": list(pos["removed"]),
             "beside": [MUSTAFA] if pos["opening"] else [], "placements": pos["placements"],
             "first": turn if pos["placements"] % 2 == 0 else B.other(turn), "turn": turn}
    state["step"] = ({"k": "field", "seat": turn, "tile": MUSTAFA, "src": "beside"} if pos["opening"]
                     else {"k": "tile", "seat": turn})
    return state


def position(state) -> dict | None:
    """The state as a position, or None when it is not at a clean point."""
    if state is None or state.get("result"):
        return None
    step = state.get("step") or {}
    opening = step.get("k") == "field" and step.get("src") == "beside"
    if step.get("k") != "tile" and not opening:
        return None
    board = {}
    for i, c in enumerate(state["board"]):
        if c is not None:
            cell = {"tile": c["t"], "facing": B.facing_of(c["s"])}
            if c["d"]:
                cell["destroyed_by"] = c["d"]
            if c["c"]:
                cell["covered_by"] = c["c"]
            board[B.field_name(i)] = cell
    games = [{"winner": g["winner"], **{k: g[k] for k in GAME_KEYS - {"winner"} if g.get(k) is not None}}
             for g in state["games"]]
    return {"games": games,
            "board": board, "zones": {s: list(state["zones"][s]) for s in B.SEATS},
            "neutral": list(state["neutral"]), "removed": list(state["pile"]), "unused": sorted(state["box"]),
            "turn": step["seat"], "placements": state["placements"]}
