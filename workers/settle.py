"""Settling a table: everything the server does after a change a worker must act on.

A table is marked in the store when an append needs a worker (a system or bot step, a forced
choice, someone newly waited on, the end of the game); an append that only carries on a
player's own turn needs nothing. Settling runs the automatic steps, keeps the clocks, queues
the emails of the seats newly waited on, and clears the mark. It is idempotent, so a notice
handled twice, or a settle killed at any line and run again, does no harm.

The guarantee: a table waiting on the server is announced again within ``GRACE + SWEEP``
seconds (plus the settler's one-second wait for a notice between two looks at the clock) of
asking, once a worker is up, whatever was killed before: the sweep re-announces every table
still marked ``GRACE`` seconds after it asked, and a worker takes the notice at once unless
its queue is long. 12 s in all (README, "Production"); an announcement a live worker was about
to act on anyway costs a settle that finds nothing to do.
"""

import logging
import time

import tables
from tables import faults, preferences

from . import timers
from .context import Context
from .queue import enqueue_notify

GRACE = 9.0           # seconds a marked table may wait before the sweep announces it again
SWEEP = 2.0           # how often the sweep looks
log = logging.getLogger("pbem.settle")


def settle(ctx: Context, table_id: str, now: float | None = None) -> str:
    """Do what the table needs now; returns what was done (for logs and tests)."""
    store, settings = ctx.store, ctx.settings
    for _ in range(3):                     # a player moved meanwhile: look again at once
        if store.needs(table_id) is None:
            return "nothing to do"
        at = time.time() if now is None else now
        faults.point("settle:start")
        done = tables.advance(store, table_id, now=at, step_cap=settings.advance_step_cap,
                              snapshot_every=settings.snapshot_every)
        table = done.table
        if table.automatic_seat() is not None:        # the step cap: another turn of the loop later
            store.rekick(table_id, at)
            return f"{done.steps} steps, more to come"
        over = table.result() is not None
        faults.point("settle:advanced")
        timers.track(ctx, table, {} if over else done.waiting)
        faults.point("settle:tracked")
        announce(ctx, table, done.waiting)
        faults.point("settle:announced")
        if store.settled(table_id, table.seq):
            return f"settled at {table.seq} after {done.steps} steps"
    return "moved on meanwhile; the sweep will look again"


def announce(ctx: Context, table: tables.Table, waiting: dict[str, int]) -> None:
    """Queue the emails the table's state calls for and not yet sent: a turn for each seat newly
    waited on, or the end for everyone; and each player's invitation, unless their first email
    is a turn, which then says hello itself (one email, not two, when a table starts). A muted
    seat's turn or end costs no job at all (the job would only find it muted; it still looks,
    for a seat muted in between)."""
    if table.result() is not None:
        wanted = [("game_over", 0, seat) for seat, info in table.seats.items() if info.get("email")]
    else:
        wanted = [("your_turn", edge, seat) for seat, edge in waiting.items()]
        wanted += [("invitation", 0, seat) for seat, info in table.seats.items()
                   if info.get("email") and seat not in waiting]
    states = ctx.store.mail_states(table.id, [f"{kind}-{seq}-{seat}" for kind, seq, seat in wanted])
    for (kind, seq, seat), state in zip(wanted, states):
        if state is None and (kind == "invitation" or preferences.effective(ctx.store, table, seat) != "mute"):
            enqueue_notify(ctx.store.redis, ctx.settings, table.id, kind, seq, seat)


def handle(ctx: Context, timeout: float) -> bool:
    """Settle the table of one change notice; False when none came within ``timeout`` seconds."""
    change = ctx.store.take_change(timeout)
    if change is None:
        return False
    table_id = change.rpartition(":")[0]
    try:
        log.debug("%s: %s", table_id, settle(ctx, table_id))
    except tables.NotFound:
        pass
    except Exception:                      # a bug must not stop the loop; the sweep retries the table
        log.exception("settling table %s failed", table_id)
    return True


def drain(ctx: Context) -> int:
    """Settle every table with a notice waiting, now; returns how many notices there were."""
    count = 0
    while handle(ctx, timeout=0):
        count += 1
    return count


def sweep(ctx: Context, now: float) -> int:
    """Announce again every table that has waited on the server longer than GRACE seconds."""
    return sum(ctx.store.rekick(table_id, now) for table_id in ctx.store.overdue(now - GRACE))
