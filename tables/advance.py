"""Run what the rules do on their own: system steps, bot seats and forced choices, until a
player must really choose.

Steps are taken on a copy of the table and appended together (at most ``batch`` decisions a
write). Each decision's dice depend only on the seed and its position in the log, so a run
killed half-way and run again, or two workers racing on one table, leave the same log: a
stale writer's append is refused, and it reloads and looks again.
"""

from dataclasses import dataclass

from store import Conflict, TableStore

from . import faults
from .appending import Draft, update_player_index
from .model import Table, load


@dataclass
class Advanced:
    table: Table
    steps: int                    # events appended by this run
    waiting: dict[str, int]       # human seat -> seq since which it is waited on


def advance(store: TableStore, table_id: str, *, now: float, step_cap: int = 1000,
            snapshot_every: int = 50, batch: int = 25, table: Table | None = None, index: bool = True) -> Advanced:
    """``table``: as just loaded, else loaded here. ``index``: keep the players' index here
    (``update_player_index``); False when the caller writes it with its own (the settle)."""
    steps = decisions = 0
    table = table if table is not None else load(store, table_id)
    waiting = table.waiting              # as loaded or as the last append left it: then not read again
    while decisions < step_cap and table.automatic_seat() is not None:
        draft = Draft(table, now)
        while draft.decisions < min(batch, step_cap - decisions) and draft.automatic():
            pass
        try:
            done = draft.append(store, snapshot_every=snapshot_every)
        except Conflict:              # another writer got there first: reload and look again
            table = load(store, table_id)
            continue
        faults.point("advance:appended")
        steps += len(done.entries)
        decisions += draft.decisions
        table, waiting = done.table, done.waiting
    if waiting is None:
        waiting = store.waiting(table_id)
    if index:
        update_player_index(store, table, waiting)
    return Advanced(table, steps, waiting)


STAND_IN = "timeout-"      # the command id of a decision a bot took for a seat out of time


def stand_in(store: TableStore, table_id: str, seat: str, edge: int, *, now: float, step_cap: int = 200,
             snapshot_every: int = 50) -> tuple[Table, list[dict]]:
    """A bot plays the seat's turn that began at ``edge``, because the seat ran out of time.

    The seat keeps its place: each decision is the seat's, marked as the stand-in's in the log.
    """
    table, taken = load(store, table_id), []
    bot = table.game.bots[table.game.stand_in_bot(seat)]
    for _ in range(step_cap):
        if seat not in table.prompts() or store.waiting(table_id).get(seat) != edge:
            break
        draft = Draft(table, now)
        draft.decide(seat, bot(table.state, seat, table.bot_rng()), f"{STAND_IN}{table.seq}")
        try:
            done = draft.append(store, snapshot_every=snapshot_every)
        except Conflict:
            table = load(store, table_id)
            continue
        taken += done.entries
        table = done.table
    return table, taken
