"""A player's move: check it against the rules and append what happens, exactly once."""

import hashlib
import json
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.core import IllegalMove
from store import Conflict, Duplicate, TableStore

from . import moves
from .appending import append_decision
from .cache import TableCache
from .errors import StaleSeq
from .model import Table, load


@dataclass
class Submitted:
    table: Table
    seat: str
    first_seq: int                # the first and last events this move produced
    last_seq: int
    entries: list[dict[str, Any]]  # the new entries, as stored (empty when replayed)
    replayed: bool = False        # True when the idempotency key had been seen: nothing new was applied


def _scope(seat: str, key: str) -> str:
    return hashlib.sha256(f"{seat}\n{key}".encode()).hexdigest()[:32]


def submit(store: TableStore, table: Table, seat: str, *, move: Any = None, option: int | None = None,
           text: str | None = None, expected_seq: int | None = None, idempotency_key: str | None = None,
           now: float, snapshot_every: int = 50, idempotency_ttl: int = 604800) -> Submitted:
    """``table`` as just loaded: the move is checked against it and appended only if the log has
    not moved on since."""
    table_id = table.id
    scope = _scope(seat, idempotency_key) if idempotency_key else None
    try:
        if expected_seq is not None and expected_seq != table.seq:
            raise StaleSeq(f"The game has moved on (you saw move {expected_seq}, it is now at {table.seq}); "
                           "here is the current state.", seq=table.seq)
        if table.result() is not None:
            raise IllegalMove("game_over", "This game is over; no more moves are taken.")
        if seat not in table.prompts():
            raise IllegalMove("not_your_turn", "It is not your turn: the game is waiting for another seat.")
        resolved = moves.resolve(table, seat, move, option, text)
        events = table.game.decide(table.state, seat, resolved, table.rng())
    except (StaleSeq, IllegalMove):
        # A retried request whose first copy was applied: the game has moved on since, so the
        # move no longer fits; answer what the first copy did instead of an error.
        prior = store.idempotent(table_id, scope) if scope else None
        if prior is None:
            raise
        return Submitted(load(store, table_id), seat, *_span(prior), [], replayed=True)
    first = table.seq + 1
    record = json.dumps({"from": first, "to": first + len(events) - 1})
    try:
        done = append_decision(store, table, seat, resolved, events, scope or uuid.uuid4().hex, now,
                               snapshot_every=snapshot_every, idempotency=(scope, record) if scope else None,
                               idempotency_ttl=idempotency_ttl)
    except Duplicate as seen:        # the same request again: answer what the first copy did
        return Submitted(load(store, table_id), seat, *_span(seen.record), [], replayed=True)
    except Conflict as moved:
        raise StaleSeq("Another move was made at the same moment; here is the current state.",
                       seq=moved.actual) from None
    return Submitted(done.table, seat, first, done.table.seq, done.entries)


def play(store: TableStore, cache: TableCache, table_id: str, seat_of: Callable[[Table], str],
         expected_seq: int | None = None, **move: Any) -> Submitted:
    """A move on the table as this process last left it, if it still is; else as loaded now.

    ``seat_of`` says whose move it is (it checks the credential against the table). Takes the
    same move arguments as ``submit``."""
    table, fresh = cache.take(table_id), False
    if table is None or (expected_seq is not None and expected_seq != table.seq):
        table, fresh = load(store, table_id), True
    seat = seat_of(table)
    try:
        done = submit(store, table, seat, expected_seq=expected_seq, **move)
    except (StaleSeq, IllegalMove):
        if fresh:
            raise
        # Refused on our copy, which may be older than the log: judge again on the log itself.
        done = submit(store, load(store, table_id), seat, expected_seq=expected_seq, **move)
    if not done.replayed:
        cache.put(done.table)
    return done


def _span(record: str) -> tuple[int, int]:
    span = json.loads(record)
    return span["from"], span["to"]
