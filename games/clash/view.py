"""What a seat sees. The base game and every variant implemented here are open information
(spec 12.1), so every seat, and an observer, sees the same thing: the whole state, laid out
for reading, with the derived facts (Security, blocked fields, support) spelled out."""

from functools import lru_cache

from . import board as B
from .tiles import TILES

NAMES = tuple(B.field_name(i) for i in B.FIELDS)      # each field's name, by index
ROWS = tuple(tuple(NAMES[r * 3 + c] for c in range(3)) for r in range(3))
NAME = {t: tile["name"] for t, tile in TILES.items()}
EFFECT = {t: tile["effect"] for t, tile in TILES.items()}
# the fields a face-up, uncovered tile marks, by (field, supported seat, tile): for the UN
# (stabilize) and Picket or Riots (block) only, which is all a view asks (derived._marked)
MARKS = {(i, seat, t): tuple(B.reach(i, seat, tile["reach"])) for i in B.FIELDS for seat in B.SEATS
         for t, tile in TILES.items() if tile["effect"] in ("stabilize", "block")}


TILE = {t: {"id": t, "name": NAME[t]} for t in TILES}        # a tile as a view lists it, copied


def _tiles(tiles) -> list[dict]:
    return [TILE[t].copy() for t in tiles]


def _marked(board) -> tuple[set, set]:
    """(stabilized, blocked): derived.stabilized and derived.blocked in one pass."""
    stab: set = set()
    blocked: set = set()
    for i, cell in enumerate(board):
        if cell is not None and cell["d"] is None and cell["c"] is None:
            effect = EFFECT[cell["t"]]
            if effect == "stabilize" or effect == "block":
                marks = MARKS.get((i, cell["s"], cell["t"]))
                if marks is None:
                    marks = B.reach(i, cell["s"], TILES[cell["t"]]["reach"])
                (stab if effect == "stabilize" else blocked).update(marks)
    return stab, blocked


def view(state, seat) -> dict:
    if state is None:
        return {}
    board = state["board"]
    stab, blocked = _marked(board)
    fields = {}
    support = {s: 0 for s in B.SEATS}
    for i, cell in enumerate(board):
        field = NAMES[i]
        stabilized = i in stab
        if cell is None:
            fields[field] = {"field": field, "blocked": i in blocked and not stabilized, "stabilized": stabilized}
            continue
        t, s = cell["t"], cell["s"]
        up = cell["d"] is None
        if up:
            support[s] += 1
        fields[field] = {
            "field": field, "blocked": i in blocked and not stabilized, "stabilized": stabilized,
            "tile": t, "name": NAME[t], "effect": EFFECT[t],
            "face": "up" if up else "down",
            "supports": s if up else None,
            "facing": ("north" if s == B.SOUTH else "south") if up else None,     # board.facing_of
            "destroyed_by": cell["d"], "covered_by": cell["c"],
            "security": up and (cell["c"] is not None or EFFECT[t] == "security" or stabilized),
        }
    step = state.get("step") or {}
    return {
        "game": state["game"], "options": dict(state["opts"]), "first": state["first"],
        "waiting_for": step.get("seat"), "step": dict(step) if step else None,
        "board": fields, "rows": [list(row) for row in ROWS],
        "support": support, "placements": state["placements"],
        "zones": {s: _tiles(state["zones"][s]) for s in B.SEATS},
        "neutral": _tiles(state["neutral"]), "removed_pile": _tiles(state["pile"]),
        "unused_neutrals": _tiles(sorted(state["box"])), "set_aside": _tiles(state["aside"]),
        "beside_board": _tiles(state["beside"]),
        "wins": dict(state["wins"]), "points": dict(state["points"]), "games": [dict(g) for g in state["games"]],
        "result": dict(state["result"]) if state.get("result") else None,
        "you": seat,
    }


ARROW = {"north": "^", "south": "v", "east": ">", "west": "<"}
HEADER = "      " + "".join(f"{col:<20}" for col in "ABC")


# each field's text on the board, 20 wide: a face-up tile with its tip, a destroyed one, nothing
UP = {(t, s): f"{NAME[t] + (' ^' if s == B.SOUTH else ' v'):<20}" for t in TILES for s in B.SEATS}   # ARROW[board.facing_of]
DOWN = {t: f"{NAME[t] + ' (down)':<20}" for t in TILES}
EMPTY, BLOCKED = f"{'.':<20}", f"{'(blocked)':<20}"
ROW_HEADS = tuple(f"  {row[0][1]}   " for row in ROWS)


def brief(state, seat) -> list[str]:
    """The board as text for an email: each field's tile, its facing (^ supports McWorld,
    v supports Jihad) or 'down' for a destroyed tile; then the zones and the score."""
    if state is None:
        return []
    board = state["board"]
    wins = state["wins"]
    support = {s: 0 for s in B.SEATS}
    for cell in board:
        if cell is not None and cell["d"] is None:
            support[cell["s"]] += 1
    lines = [(f"Game {state['game']}: support McWorld {support['mcworld']}, Jihad {support['jihad']}; "
              f"games won McWorld {wins['mcworld']}, Jihad {wins['jihad']}."), HEADER]
    blocked = None
    for r in range(3):
        cells = []
        for i in range(r * 3, r * 3 + 3):
            cell = board[i]
            if cell is None:
                if blocked is None:
                    stab, blocked = _marked(board)
                    blocked -= stab
                cells.append(BLOCKED if i in blocked else EMPTY)
            elif cell["d"] is not None:
                cells.append(DOWN[cell["t"]])
            else:
                cells.append(UP[cell["t"], cell["s"]])
        lines.append(ROW_HEADS[r] + "".join(cells).rstrip())
    zones = state["zones"]
    lines.append("McWorld's zone: " + (_names(tuple(zones["mcworld"])) or "empty"))
    lines.append("Jihad's zone: " + (_names(tuple(zones["jihad"])) or "empty"))
    lines.append("Neutral zone: " + (_names(tuple(state["neutral"])) or "empty"))
    if state["pile"]:
        lines.append("Removed pile: " + _names(tuple(state["pile"])))
    return lines


@lru_cache(maxsize=4096)        # the same zones come again, move after move
def _names(tiles: tuple) -> str:
    return ", ".join([NAME[t] for t in tiles])
