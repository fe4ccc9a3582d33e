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

import dataclasses
import logging
import time

import tables
from store import NoSuchTable
from tables import deadlines, faults
from tables.appending import player_index
from tables.handover import muted, unsent, wanted_mail

from .context import Context
from .queue import enqueue_notify

GRACE = 9.0           # seconds a marked table may wait before the sweep announces it again
SWEEP = 2.0           # how often the sweep looks
# Seconds a finished table keeps its idempotency records (and its clocks): a request retried
# within them is answered as the first copy was; later, as any move at a finished table is
# (409 with the finished game's state, or 422 game_over; by email, "this game is over"):
# never a second move.
FINISHED_KEEP = 60
log = logging.getLogger("pbem.settle")


def settle(ctx: Context, table_id: str, now: float | None = None) -> str:
    """Do what the table needs now; returns what was done (for logs and tests)."""
    store, settings = ctx.store, ctx.settings
    for _ in range(3):                     # a player moved meanwhile: look again at once
        seats = SEATS.get(table_id)
        try:                                           # with the mark (and what the clocks read): one round trip
            loaded, early = store.load_settling(table_id, seats) if seats is not None else (store.load(table_id), None)
        except NoSuchTable:                            # gone (expired): nothing to do
            return "nothing to do"
        if loaded.needs is None:
            return "nothing to do"
        at = time.time() if now is None else now
        faults.point("settle:start")
        done = tables.advance(store, table_id, now=at, step_cap=settings.advance_step_cap,
                              snapshot_every=settings.snapshot_every, table=tables.load(store, table_id, loaded),
                              index=False)
        table = done.table
        if remember(table) != seats:                  # not the seats the clocks were read for (first look)
            early = None
        players = player_index(table, done.waiting)
        if table.automatic_seat() is not None:        # the step cap: another turn of the loop later
            store.set_players_waiting(table_id, players)
            store.rekick(table_id, at)
            return f"{done.steps} steps, more to come"
        over = table.result() is not None
        faults.point("settle:advanced")
        timed = {} if over else done.waiting
        wanted = wanted_mail(table, done.waiting)
        read = None
        if early is not None and not done.steps and not over and done.waiting == loaded.waiting and \
                all(muted(ctx.store, table, kind, seat, early) for kind, _, seat in wanted):
            read = dataclasses.replace(early, mail=[None] * len(wanted))     # no email: their states do not matter
        if read is None:
            read = store.settle_reads(table_id, deadlines.timed_seats(table, timed),    # one round trip
                                      [f"{kind}-{seq}-{seat}" for kind, seq, seat in wanted])
        clocks = deadlines.charge(table, timed, read)
        mail = unsent(ctx.store, table, read, wanted)
        if not mail and not over:                     # nothing to come between the clocks and the end: one write
            faults.point("settle:tracked")
            faults.point("settle:announced")
            if store.set_clock(table_id, clocks.values, clocks.entries, clocks.done, settled=table.seq,
                               players=players):      # and the players' index
                return f"settled at {table.seq} after {done.steps} steps"
            continue
        store.set_clock(table_id, clocks.values, clocks.entries, clocks.done, players=players)
        if over:                                      # the end: what only a live table needs goes soon
            store.finished(table_id, FINISHED_KEEP)
        faults.point("settle:tracked")
        for kind, seq, seat in mail:
            enqueue_notify(store.redis, ctx.settings, table_id, kind, seq, seat)
        faults.point("settle:announced")
        if store.settled(table_id, table.seq):
            return f"settled at {table.seq} after {done.steps} steps"
    return "moved on meanwhile; the sweep will look again"


SEATS: dict[str, list[tuple[str, str]]] = {}     # table -> (seat, its player's email or ''): a table's seats never change
SEATS_KEPT = 4096


def remember(table: tables.Table) -> list[tuple[str, str]]:
    """Keep the table's seats, so that its next settle reads the clocks with the load; returns them."""
    seats = [(seat, info.get("email") or "") for seat, info in table.seats.items()]
    if SEATS.get(table.id) != seats:
        if len(SEATS) >= SEATS_KEPT:
            SEATS.clear()
        SEATS[table.id] = seats
    return seats


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
