"""A rematch of a finished table (issue 21): the same players and options, the people moved one
seat on where the game has sides (a two-seat game swaps them; in La Famiglia each moves to the
next seat of the table's order, so partners stay partners and change sides), bots where they were.
The player who asks is the creator, already confirmed (the link came to their address); the
others are invited and accept or decline as for any new game. One rematch per table: a second
player who asks is shown the first one.
"""

from typing import Any

import i18n
from i18n import N_
from store import TableStore
from store import gatherings as kept

from .errors import Closed
from .gathering import Gathering, ask, confirm, load
from .model import Table


OVER_FIRST = N_("A rematch can be asked for once the game is over.")
BUSY = N_("Another player is asking for a rematch just now; open the link again.")


def seats_for(table: Table) -> dict[str, dict[str, Any]]:
    """Who sits where in the rematch: {seat: {"name", "email"} | {"bot"}}."""
    order = [seat for seat in table.game.table_seats(table.doc["options"]) if seat in table.seats]
    people = [seat for seat in order if table.seats[seat].get("email")]
    moved = people if table.game.coop else people[1:] + people[:1]
    out: dict[str, dict[str, Any]] = {seat: {"bot": info["bot"]} for seat, info in table.seats.items()
                                      if info.get("bot")}
    for old, new in zip(moved, people):
        info = table.seats[old]
        out[new] = {"name": info["name"], "email": info["email"]}
    return out


def rematch(store: TableStore, table: Table, seat: str, now: float) -> tuple[Gathering, bool]:
    """The table's rematch, asked by ``seat``'s player: (the gathering, whether it is new)."""
    if table.result() is None:
        raise i18n.said(Closed(OVER_FIRST, code="not_over"), OVER_FIRST)
    known = kept.rematch_of(store, table.id)
    if known:
        found = load(store, known)
        if found is not None and found.status in ("gathering", "started"):
            return found, False
        kept.forget_rematch(store, table.id, known)
    seats = seats_for(table)
    me = table.seats[seat]
    mine = next(s for s, info in seats.items() if info.get("email") == me["email"])
    others = {s: info for s, info in seats.items() if s != mine}
    body = {"game": table.game.name, "options": table.doc["options"], "time_control": table.doc.get("time_control"),
            "on_timeout": table.doc.get("on_timeout"), "creator": {"name": me["name"], "email": me["email"], "seat": mine},
            "seats": others}
    asked = ask(store, body, now, rematch_of=table.id)
    noted = kept.claim_rematch(store, table.id, asked.id)
    if noted != asked.id:                                # another player asked at the same moment
        kept.delete(store, asked.id)
        found = load(store, noted)
        if found is None:
            raise i18n.said(Closed(BUSY, code="busy"), BUSY)
        return found, False
    return confirm(store, asked.id, now), True
