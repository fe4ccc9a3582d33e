"""What follows from the board at any moment: Security, blocked fields, support (spec 6, 7.2).

A board cell is None (empty) or {"t": tile, "s": supported seat, "d": destroyer seat or None
(face up), "c": the Nobel Prize covering it or None}. These maps are recomputed from the board
on every question, so they can never go stale (spec 7.3).
"""

from . import board as B
from .tiles import KABOOOM, NOBEL, TILES


def face_up(cell) -> bool:
    return cell is not None and cell["d"] is None


def effect_active(cell) -> bool:
    """A face-up tile that has not lost its own effect to a Nobel Prize (spec 7.2.8)."""
    return cell is not None and cell["d"] is None and cell["c"] is None


def _marked(board: list, effect: str) -> set:
    out = set()
    for idx, cell in enumerate(board):
        if effect_active(cell) and TILES[cell["t"]]["effect"] == effect:
            out.update(B.reach(idx, cell["s"], TILES[cell["t"]]["reach"]))
    return out


def stabilized(board: list) -> set:
    """Fields marked by a face-up UN: tiles there have Security (spec 7.2.9)."""
    return _marked(board, "stabilize")


def blocked(board: list) -> set:
    """Fields marked by Picket or Riots: a tile placed there loses its instant effect (7.2.7)."""
    return _marked(board, "block")


def has_security(board: list, idx: int, stab: set | None = None) -> bool:
    """Security: intrinsic, under a Nobel Prize, or on a UN-marked field (spec 7.2.3)."""
    cell = board[idx]
    if not face_up(cell):
        return False
    if cell["c"] is not None or TILES[cell["t"]]["effect"] == "security":
        return True
    return idx in (stabilized(board) if stab is None else stab)


def security_fields(board: list) -> list[int]:
    stab = stabilized(board)
    return [i for i in B.FIELDS if has_security(board, i, stab)]


def effect_blocked(board: list, idx: int) -> bool:
    """A tile placed on idx loses its instant effect, unless the UN also marks it (7.2.7)."""
    return idx in blocked(board) and idx not in stabilized(board)


def face_up_count(board: list) -> int:
    return sum(1 for cell in board if face_up(cell))


def full(board: list) -> bool:
    return face_up_count(board) == 9


def empty_fields(board: list) -> list[int]:
    return [i for i in B.FIELDS if board[i] is None]


def support(board: list) -> dict:
    """Face-up tiles per supported seat; a Nobel stack is one tile (spec 9.1)."""
    out = {seat: 0 for seat in B.SEATS}
    for cell in board:
        if face_up(cell):
            out[cell["s"]] += 1
    return out


def kaboom_victim(board: list) -> str | None:
    """The seat a face-up, uncovered KABOOOM!!! supports: it loses when the game ends (9.3)."""
    for cell in board:
        if effect_active(cell) and cell["t"] == KABOOOM:
            return cell["s"]
    return None


def coverable(board: list, seat: str) -> list[int]:
    """Where a Nobel Prize may go: a face-up tile supporting seat, without Security (8.3)."""
    stab = stabilized(board)
    return [i for i in B.FIELDS
            if face_up(board[i]) and board[i]["s"] == seat and not has_security(board, i, stab)]


def playable(state: dict, seat: str) -> list[tuple[str, str]]:
    """(tile, source) for every tile seat could place now; source is 'zone' or 'neutral'."""
    board = state["board"]
    has_empty = None in board               # a cell is None or a dict
    zone, neutral = state["zones"][seat], state["neutral"]
    if NOBEL not in zone and NOBEL not in neutral:       # every tile goes on an empty field
        return [(tile, "zone") for tile in zone] + [(tile, "neutral") for tile in neutral] if has_empty else []
    can_cover = None
    out = []
    for source, tiles in (("zone", zone), ("neutral", neutral)):
        for tile in tiles:
            if tile == NOBEL:
                if can_cover is None:
                    can_cover = bool(coverable(board, seat))
                if can_cover:
                    out.append((tile, source))
            elif has_empty:
                out.append((tile, source))
    return out
