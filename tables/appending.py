"""Append one decision to a table: envelopes, snapshot and who is waited on, in one write."""

import json
from dataclasses import dataclass
from typing import Any

from games.core import fold
from store import TableStore

from . import envelope
from .model import Table


@dataclass
class Appended:
    table: Table                  # the table after the append
    entries: list[dict[str, Any]]
    waiting: dict[str, int]       # human seat -> seq since which it is waited on


def append_decision(store: TableStore, table: Table, by: str, move: Any, events: list[dict[str, Any]],
                    cmd: str, at: float, *, snapshot_every: int,
                    idempotency: tuple[str, str] | None = None, idempotency_ttl: int = 0) -> Appended:
    """Raises store.Conflict when the table moved on, store.Duplicate for a seen key.
    ``table`` is used up: its state is folded forward in place (reload it after a refusal).

    A snapshot is written with the events when the seats being waited on change (the state
    players come back to) and every ``snapshot_every`` events (kept, for replay at any seq).
    """
    if not events:
        raise ValueError(f"{table.game.name}: decide returned no events for {move!r}")
    before_prompts = table.prompts()
    entries = envelope.wrap(events, table.seq + 1, by, move, cmd, at)
    stored = [envelope.dumps(e) for e in entries]
    # Fold what is stored, exactly (keys sorted), never decide()'s own objects: every process
    # that loads this table then builds the same state, with its options in the same order.
    state = fold(table.game, envelope.events_of(stored), table.state)
    after = Table(table.id, table.doc, table.game, state, table.seq + len(events))
    prompts = after.prompts()
    keep = after.seq // snapshot_every > table.seq // snapshot_every
    snapshot = None
    if keep or set(prompts) != set(before_prompts):
        snapshot = (table.game.version, json.dumps(state, separators=(",", ":")), keep)
    seq, waiting = store.append(table.id, table.seq, stored,
                                after.waited_humans(prompts), idempotency, idempotency_ttl, snapshot)
    assert seq == after.seq
    return Appended(after, entries, waiting)


def update_player_index(store: TableStore, table: Table, waiting: dict[str, int]) -> None:
    """The index of where each player is waited on (derived; the worker keeps it current)."""
    for seat, info in table.seats.items():
        if info.get("email"):
            store.set_player_waiting(info["email"], table.id, seat, seat in waiting)
