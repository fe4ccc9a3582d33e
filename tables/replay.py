"""Replay for people: a table as one seat saw it at any seq, drawn (the game's picture) and told
(the event of that seq), for the seat page's slider.

Whose view: during play only the bearer's own (or an observer's, which anyone may have); once the
game is over, any seat's, as the export then shows everything.
"""

from typing import Any

from store import TableStore

from .errors import Forbidden, NotFound
from .model import Table
from .reading import log, view_at

OBSERVER = "observer"


def viewpoint(table: Table, bearer: str | None, asked: str | None) -> str | None:
    """The seat whose view to show (None: an observer's) when ``bearer`` asks for ``asked``."""
    if not asked:
        return bearer
    if asked == OBSERVER:
        return None
    if asked not in table.seats:
        raise NotFound(f"This table has no seat {asked!r}; its seats are {', '.join(table.seats)} "
                       f"(or {OBSERVER}).", code="unknown_seat")
    if asked != bearer and table.result() is None:
        raise Forbidden("Until the game is over you can replay it only as you saw it yourself (or as an "
                        "observer).", code="hidden_view")
    return asked


def frame(store: TableStore, table: Table, seq: int, viewer: str | None) -> dict[str, Any]:
    """The table right after event ``seq`` as ``viewer`` saw it: the picture (SVG, or None for a
    game without one), the view and its text board, and the event itself."""
    seen = view_at(store, table, seq, viewer, board=True)
    event = log(store, table, viewer, since=seq - 1, upto=seq)
    return {"seq": seq, "viewer": viewer or OBSERVER, "status": seen["status"],
            "result": seen["result"], "state": seen["state"], "picture": table.game.picture(seen["state"], viewer),
            "board": seen["board"], "event": event[0] if event else None}
