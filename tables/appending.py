"""Append one decision to a table: envelopes, the conditional append, snapshot, indexes."""

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
    """Raises store.Conflict when the table moved on, store.Duplicate for a seen key."""
    if not events:
        raise ValueError(f"{table.game.name}: decide returned no events for {move!r}")
    before_prompts = table.prompts()
    entries = envelope.wrap(events, table.seq + 1, by, move, cmd, at)
    state = fold(table.game, events, table.game.copy_state(table.state))
    after = Table(table.id, table.doc, table.game, state, table.seq + len(events))
    prompts = after.prompts()
    seq, waiting = store.append(table.id, table.seq, [envelope.dumps(e) for e in entries],
                                after.waited_humans(prompts), idempotency, idempotency_ttl)
    assert seq == after.seq
    crossed = after.seq // snapshot_every > table.seq // snapshot_every
    if crossed or set(prompts) != set(before_prompts):
        store.put_snapshot(table.id, after.seq, table.game.version, json.dumps(state, separators=(",", ":")),
                           keep=crossed)
    update_player_index(store, after, waiting)
    return Appended(after, entries, waiting)


def update_player_index(store: TableStore, table: Table, waiting: dict[str, int]) -> None:
    for seat, info in table.seats.items():
        if info.get("email"):
            store.set_player_waiting(info["email"], table.id, seat, seat in waiting)
