"""What a seat sees. The base game and every variant implemented here are open information
(spec 12.1), so every seat, and an observer, sees the same thing: the whole state, laid out
for reading, with the derived facts (Security, blocked fields, support) spelled out."""

from . import board as B
from . import derived as D
from .tiles import TILES, name


def _tiles(tiles) -> list[dict]:
    return [{"id": t, "name": name(t)} for t in tiles]


def view(state, seat) -> dict:
    if state is None:
        return {}
    board = state["board"]
    stab, blocked = D.stabilized(board), D.blocked(board)
    fields = {}
    for i in B.FIELDS:
        cell = board[i]
        entry = {"field": B.field_name(i), "blocked": i in blocked and i not in stab, "stabilized": i in stab}
        if cell is not None:
            entry.update({
                "tile": cell["t"], "name": name(cell["t"]), "effect": TILES[cell["t"]]["effect"],
                "face": "up" if cell["d"] is None else "down",
                "supports": cell["s"] if cell["d"] is None else None,
                "facing": B.facing_of(cell["s"]) if cell["d"] is None else None,
                "destroyed_by": cell["d"], "covered_by": cell["c"],
                "security": D.has_security(board, i, stab),
            })
        fields[B.field_name(i)] = entry
    step = state.get("step") or {}
    return {
        "game": state["game"], "options": dict(state["opts"]), "first": state["first"],
        "waiting_for": step.get("seat"), "step": dict(step) if step else None,
        "board": fields, "rows": [[B.field_name(r * 3 + c) for c in range(3)] for r in range(3)],
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
    v = view(state, seat)
    label = {"mcworld": "McWorld", "jihad": "Jihad"}
    lines = [f"Game {v['game']}: support McWorld {v['support']['mcworld']}, Jihad {v['support']['jihad']}; "
             f"games won McWorld {v['wins']['mcworld']}, Jihad {v['wins']['jihad']}.",
             "      " + "".join(f"{col:<20}" for col in "ABC")]
    for row in v["rows"]:
        cells = []
        for field in row:
            cell = v["board"][field]
            if "tile" not in cell:
                text = "(blocked)" if cell["blocked"] else "."
            elif cell["face"] == "down":
                text = f"{cell['name']} (down)"
            else:
                text = f"{cell['name']} {ARROW.get(cell['facing'], '?')}"
            cells.append(f"{text:<20}")
        lines.append(f"  {row[0][1]}   " + "".join(cells).rstrip())
    for who in B.SEATS:
        names = ", ".join(t["name"] for t in v["zones"][who]) or "empty"
        lines.append(f"{label[who]}'s zone: {names}")
    lines.append("Neutral zone: " + (", ".join(t["name"] for t in v["neutral"]) or "empty"))
    if v["removed_pile"]:
        lines.append("Removed pile: " + ", ".join(t["name"] for t in v["removed_pile"]))
    return lines
