"""What a seat sees. The base game and every variant implemented here are open information
(spec 12.1), so every seat, and an observer, sees the same thing: the whole state, laid out
for reading, with the derived facts (Security, blocked fields, support) spelled out."""

from . import board as B
from . import derived as D
from .tiles import TILES


NAMES = tuple(B.field_name(i) for i in B.FIELDS)      # each field's name, by index
ROWS = tuple(tuple(NAMES[r * 3 + c] for c in range(3)) for r in range(3))


def _tiles(tiles) -> list[dict]:
    return [{"id": t, "name": TILES[t]["name"]} for t in tiles]


def view(state, seat) -> dict:
    if state is None:
        return {}
    board = state["board"]
    stab, blocked = D.stabilized(board), D.blocked(board)
    fields = {}
    for i in B.FIELDS:
        cell = board[i]
        field = NAMES[i]
        entry = {"field": field, "blocked": i in blocked and i not in stab, "stabilized": i in stab}
        if cell is not None:
            tile = TILES[cell["t"]]
            up = cell["d"] is None
            entry.update({
                "tile": cell["t"], "name": tile["name"], "effect": tile["effect"],
                "face": "up" if up else "down",
                "supports": cell["s"] if up else None,
                "facing": B.facing_of(cell["s"]) if up else None,
                "destroyed_by": cell["d"], "covered_by": cell["c"],
                "security": D.has_security(board, i, stab),
            })
        fields[field] = entry
    step = state.get("step") or {}
    return {
        "game": state["game"], "options": dict(state["opts"]), "first": state["first"],
        "waiting_for": step.get("seat"), "step": dict(step) if step else None,
        "board": fields, "rows": [list(row) for row in ROWS],
        "support": D.support(board), "placements": state["placements"],
        "zones": {s: _tiles(state["zones"][s]) for s in B.SEATS},
        "neutral": _tiles(state["neutral"]), "removed_pile": _tiles(state["pile"]),
        "unused_neutrals": _tiles(sorted(state["box"])), "set_aside": _tiles(state["aside"]),
        "beside_board": _tiles(state["beside"]),
        "wins": dict(state["wins"]), "points": dict(state["points"]), "games": [dict(g) for g in state["games"]],
        "result": dict(state["result"]) if state.get("result") else None,
        "you": seat,
    }


ARROW = {"north": "^", "south": "v", "east": ">", "west": "<"}


def brief(state, seat) -> list[str]:
    """The board as text for an email: each field's tile, its facing (^ supports McWorld,
    v supports Jihad) or 'down' for a destroyed tile; then the zones and the score."""
    if state is None:
        return []
    board = state["board"]
    support, wins = D.support(board), state["wins"]
    label = {"mcworld": "McWorld", "jihad": "Jihad"}
    lines = [f"Game {state['game']}: support McWorld {support['mcworld']}, Jihad {support['jihad']}; "
             f"games won McWorld {wins['mcworld']}, Jihad {wins['jihad']}.",
             "      " + "".join(f"{col:<20}" for col in "ABC")]
    blocked = None
    for r, row in enumerate(ROWS):
        cells = []
        for c in range(3):
            cell = board[r * 3 + c]
            if cell is None:
                if blocked is None:
                    blocked = D.blocked(board) - D.stabilized(board)
                text = "(blocked)" if r * 3 + c in blocked else "."
            elif cell["d"] is not None:
                text = f"{TILES[cell['t']]['name']} (down)"
            else:
                text = f"{TILES[cell['t']]['name']} {ARROW.get(B.facing_of(cell['s']), '?')}"
            cells.append(f"{text:<20}")
        lines.append(f"  {row[0][1]}   " + "".join(cells).rstrip())
    for who in B.SEATS:
        names = ", ".join(TILES[t]["name"] for t in state["zones"][who]) or "empty"
        lines.append(f"{label[who]}'s zone: {names}")
    lines.append("Neutral zone: " + (", ".join(TILES[t]["name"] for t in state["neutral"]) or "empty"))
    if state["pile"]:
        lines.append("Removed pile: " + ", ".join(TILES[t]["name"] for t in state["pile"]))
    return lines
