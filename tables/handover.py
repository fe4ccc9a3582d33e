"""A plain hand-off settled by the request that appends it, with no worker.

A move that hands the turn to another player (no system or bot step to take, no forced choice,
not the end, nobody asked anew, not an undo) needs of the server only the settle's bookkeeping:
the mover's clock charged, the new seat's deadline and reminder indexed (workers/timers.py sweeps
them), the players' index, and the new seat's turn email. The append's own script reads what the
clocks need (``TableStore.append_handing_over``). Where no email is due (the seat is muted, or
it was sent: the delivery states are read only when someone hears emails), the request writes
the rest itself in one script (``TableStore.hand_over``): no notice, no worker. Where one is, it
leaves the notice, and a worker's settle does everything as for any other change.

The append marked the table and indexed it for the sweep, without a notice: if the request dies
between its append and this, the sweep announces the table GRACE seconds later, as for a notice
lost with its worker (workers/settle.py). The clocks are written only if the table is still at
the hand-off's seq: a later append might have read them before.
"""

import logging
from typing import Any

from store import SettleReads, TableStore, connect

from . import deadlines, faults, preferences
from .appending import player_index
from .model import Table

log = logging.getLogger("pbem.handover")


def wanted_mail(table: Table, waiting: dict[str, int]) -> list[tuple[str, int, str]]:
    """(kind, seq, seat) of the emails the table's state calls for: a turn for each seat waited
    on, or the end for everyone; and each player's invitation, unless their first email is a
    turn, which then says hello itself (one email, not two, when a table starts)."""
    if table.result() is not None:
        return [("game_over", 0, seat) for seat, info in table.seats.items() if info.get("email")]
    wanted = [("your_turn", edge, seat) for seat, edge in waiting.items()]
    return wanted + [("invitation", 0, seat) for seat, info in table.seats.items()
                     if info.get("email") and seat not in waiting]


def unsent(store: TableStore, table: Table, read: SettleReads | None,
           wanted: list[tuple[str, int, str]]) -> list[tuple[str, int, str]]:
    """Of the emails ``wanted``, those to queue: not yet sent, and not to a seat that hears none
    (``muted``; ``read``: their delivery states and the policies as read with them, of exactly
    ``wanted``)."""
    states = read.mail if read is not None else \
        store.mail_states(table.id, [f"{kind}-{seq}-{seat}" for kind, seq, seat in wanted])
    return [(kind, seq, seat) for (kind, seq, seat), state in zip(wanted, states)
            if state is None and not muted(store, table, kind, seat, read)]


def muted(store: TableStore, table: Table, kind: str, seat: str, read: SettleReads | None) -> bool:
    """The seat hears nothing of this kind: a turn or the end when its policy is mute; an
    invitation when it muted this very table (a player muted everywhere still hears of a new one)."""
    if kind != "invitation":
        return policy(store, table, seat, read) == "mute"
    if read is None or seat not in read.here:
        return store.preferences(table.id, seat, table.seats[seat].get("email", ""))[0] == "mute"
    return read.here[seat] == "mute"


def policy(store: TableStore, table: Table, seat: str, read: SettleReads | None) -> str:
    """The seat's notification policy (tables/preferences.py, effective), from ``read`` when it has it."""
    if read is None or seat not in read.here:
        return preferences.effective(store, table, seat)
    return read.here[seat] or read.everywhere[seat] or preferences.DEFAULT


def settle(store: TableStore, table: Table, waiting: dict[str, int], now: float, read: SettleReads,
           appended: list[dict[str, Any]] = ()) -> str:
    """Settle the hand-off just appended (``table`` at its seq, ``waiting`` as the append left
    it, ``read`` what the clocks need as the append read it, ``appended`` its entries, decoded),
    or leave it to a worker; returns
    what was done (for logs and tests). Raises nothing: the move is in whatever happens here (the
    caller must never make it again), and the table stays marked for the sweep until a settle
    has run."""
    faults.point("handover:appended")
    try:
        heard = [(kind, seq, seat) for kind, seq, seat in wanted_mail(table, waiting)
                 if not muted(store, table, kind, seat, read)]
        # an email to send (its delivery state read only when someone hears one): the worker's settle does it all
        if heard and None in store.mail_states(table.id, [f"{kind}-{seq}-{seat}" for kind, seq, seat in heard]):
            store.rekick(table.id, now)
            return "left to a worker"
        clocks = deadlines.charge(table, waiting, read, {entry["seq"]: entry for entry in appended})
        done = store.hand_over(table.id, clocks.values, clocks.entries, clocks.done, table.seq,
                               player_index(table, waiting))
        if done < 0:                                   # moved on before the clocks were written
            store.rekick(table.id, now)
            return "moved on: left to a worker"
        return "settled"
    except connect.UNAVAILABLE:                        # the move is in; the sweep settles it
        log.warning("table %s: the hand-off is left to the sweep (Redis did not answer)", table.id)
        return "left to the sweep"
    except Exception:              # a bug: never the move's refusal (it is in); the sweep settles it
        log.exception("table %s: settling the hand-off failed; left to the sweep", table.id)
        return "left to the sweep"
