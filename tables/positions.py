"""Take a table's position out (GET /tables/{id}/position): the game's ``position(state)`` at a
clean point, in the format its ``position`` option starts a table from.

What a seat may read: the whole position once the game is over; before that, the position as
the game's ``position_for`` leaves it for the asking seat (its own hand at most, never another
seat's hand, a deck's order or anything face down), with ``hidden`` naming what was left out, so
that the players fill it in from the table top before starting a table from it.
"""

from typing import Any

from store import TableStore

from .errors import Forbidden, NotFound, TableError
from .model import Table, state_at

# Options that may hold what a seat may not see (a typed position: hands, HQs, face-down pieces):
# kept like the seed, out of everything a seat or an observer reads until the game is over.
SEALED = ("position",)


def public_options(options: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in options.items() if k not in SEALED}


class NoPosition(TableError):
    status, code = 409, "no_position"


def position_at(store: TableStore, table: Table, seq: int | None, seat: str | None) -> dict[str, Any]:
    seq = table.seq if seq is None else seq
    if not 1 <= seq <= table.seq:
        raise NotFound(f"This table has moves 1 to {table.seq}; there is no move {seq}.", code="no_such_seq")
    state = table.state if seq == table.seq else state_at(store, table, seq)
    game = table.game
    position = game.position(state)
    if position is None:
        raise NoPosition(f"At move {seq} {game.title} is not at a point a position can be taken from (the start "
                         "of a turn or round: see the game's position format); try an earlier or later move.")
    finished = table.result() is not None
    hidden: list[str] = []
    if not finished:
        shown = game.position_for(position, seat)
        if shown is None:
            raise Forbidden(f"A {game.title} table's position is shown once the game is over.",
                            code="position_hidden")
        position, hidden = shown
    options = {k: v for k, v in public_options(table.doc["options"]).items() if k != "solo"}
    return {"table": table.id, "game": game.name, "seq": seq, "seat": seat, "complete": not hidden,
            "hidden": hidden, "options": options, "position": position}
