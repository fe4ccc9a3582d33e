"""A player's move: check it against the rules and append what happens, exactly once."""

import hashlib
import json
import uuid
from dataclasses import dataclass
from typing import Any

from games.core import IllegalMove
from store import Conflict, Duplicate, TableStore

from . import moves
from .appending import append_decision
from .errors import StaleSeq
from .model import Table, load


@dataclass
class Submitted:
    table: Table
    seat: str
    first_seq: int                # the first and last events this move produced
    last_seq: int
    replayed: bool = False        # True when the idempotency key had been seen: nothing new was applied


def _scope(seat: str, key: str) -> str:
    return hashlib.sha256(f"{seat}\n{key}".encode()).hexdigest()[:32]


def submit(store: TableStore, table_id: str, seat: str, *, move: Any = None, option: int | None = None,
           text: str | None = None, expected_seq: int | None = None, idempotency_key: str | None = None,
           now: float, snapshot_every: int = 50, idempotency_ttl: int = 604800) -> Submitted:
    table = load(store, table_id)
    scope = _scope(seat, idempotency_key) if idempotency_key else None
    if scope:
        prior = store.idempotent(table_id, scope)
        if prior is not None:
            return Submitted(table, seat, *_span(prior), replayed=True)
    if expected_seq is not None and expected_seq != table.seq:
        raise StaleSeq(f"The game has moved on (you saw move {expected_seq}, it is now at {table.seq}); "
                       "here is the current state.", seq=table.seq)
    if table.result() is not None:
        raise IllegalMove("game_over", "This game is over; no more moves are taken.")
    if seat not in table.prompts():
        raise IllegalMove("not_your_turn", "It is not your turn: the game is waiting for another seat.")
    resolved = moves.resolve(table, seat, move, option, text)
    events = table.game.decide(table.state, seat, resolved, table.rng())
    first = table.seq + 1
    record = json.dumps({"from": first, "to": first + len(events) - 1})
    try:
        done = append_decision(store, table, seat, resolved, events, scope or uuid.uuid4().hex, now,
                               snapshot_every=snapshot_every, idempotency=(scope, record) if scope else None,
                               idempotency_ttl=idempotency_ttl)
    except Duplicate as seen:        # the same request, racing itself: the other copy won
        return Submitted(load(store, table_id), seat, *_span(seen.record), replayed=True)
    except Conflict as moved:
        raise StaleSeq("Another move was made at the same moment; here is the current state.",
                       seq=moved.actual) from None
    return Submitted(done.table, seat, first, done.table.seq)


def _span(record: str) -> tuple[int, int]:
    span = json.loads(record)
    return span["from"], span["to"]
