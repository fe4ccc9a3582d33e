"""Run what the rules do on their own: system steps and bot seats, until a human must act.

Each step is one conditional append, so a job run twice, or killed half-way and run again,
leaves the same log: the dice of a step depend only on the seed and the step's position. Each
step also leaves a change notice (as every append does): if this job dies, the next notice's
job carries on; while it lives, those jobs find nothing to do.
"""

from dataclasses import dataclass

from games.core import SYSTEM
from store import Conflict, TableStore

from .appending import append_decision, update_player_index
from .model import Table, load


@dataclass
class Advanced:
    table: Table
    steps: int                    # events appended by this run
    waiting: dict[str, int]       # human seat -> seq since which it is waited on


def advance(store: TableStore, table_id: str, *, now: float, step_cap: int = 1000,
            snapshot_every: int = 50) -> Advanced:
    steps = 0
    table = load(store, table_id)
    for _ in range(step_cap):
        seat = table.automatic_seat()
        if seat is None:
            break
        if seat == SYSTEM:
            move = table.prompts()[SYSTEM]["options"][0]["move"]
        else:
            move = table.game.bots[table.seats[seat]["bot"]](table.state, seat, table.bot_rng())
        events = table.game.decide(table.state, seat, move, table.rng())
        try:
            done = append_decision(store, table, seat, move, events, f"advance-{table.seq}", now,
                                   snapshot_every=snapshot_every)
        except Conflict:              # another writer got there first: reload and look again
            table = load(store, table_id)
            continue
        steps += len(events)
        table = done.table
    waiting = store.waiting(table_id)
    update_player_index(store, table, waiting)
    return Advanced(table, steps, waiting)


STAND_IN = "timeout-"      # the command id of a decision a bot took for a seat out of time


def stand_in(store: TableStore, table_id: str, seat: str, edge: int, *, now: float, step_cap: int = 200,
             snapshot_every: int = 50) -> tuple[Table, list[dict]]:
    """A bot plays the seat's turn that began at ``edge``, because the seat ran out of time.

    The seat keeps its place: each decision is the seat's, marked as the stand-in's in the log.
    """
    table, taken = load(store, table_id), []
    bot = table.game.bots["random"]
    for _ in range(step_cap):
        if seat not in table.prompts() or store.waiting(table_id).get(seat) != edge:
            break
        move = bot(table.state, seat, table.bot_rng())
        events = table.game.decide(table.state, seat, move, table.rng())
        try:
            done = append_decision(store, table, seat, move, events, f"{STAND_IN}{table.seq}", now,
                                   snapshot_every=snapshot_every)
        except Conflict:
            table = load(store, table_id)
            continue
        taken += done.entries
        table = done.table
    return table, taken
