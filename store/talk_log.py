"""What is said at a table, beside its event log: one Redis list per channel (the table's talk, a
team's channel, a seat's private notes), so that a message never moves the game's seq (a reply
address or a move made from an older view stays good). Keys carry the table's hash tag.

A channel is named by the caller (tables/talk.py): ``table``, ``team:<team>``, ``note:<seat>``.
"""

import json
from typing import Any

from . import keys

KEEP = 1000          # messages kept per channel (the oldest go first)
SEEN_SECONDS = 30 * 86400


def _key(table_id: str, channel: str) -> str:          # list: JSON records, oldest first
    return keys.table(table_id, "talk:" + channel)


def _counter(table_id: str, channel: str) -> str:      # string: the last message number given out
    return keys.table(table_id, "talk-n:" + channel)


def _seen(table_id: str, channel: str, idempotency: str) -> str:   # string: the number a key posted
    return keys.table(table_id, f"talk-key:{channel}:{idempotency}")


def post(store: Any, table_id: str, channel: str, record: dict[str, Any],
         idempotency: str | None = None) -> dict[str, Any]:
    """Keep a message; returns it with its number ``n`` in its channel. The same ``idempotency``
    key (an email's Message-ID) posts once: a second post returns the first one's record."""
    redis = store.redis
    if idempotency:
        known = redis.get(_seen(table_id, channel, idempotency))
        if known is not None:
            return next((m for m in read(store, table_id, channel, int(known) - 1) if m["n"] == int(known)),
                        {**record, "n": int(known)})
    n = int(redis.incr(_counter(table_id, channel)))
    kept = {**record, "n": n}
    pipe = redis.pipeline(transaction=False)
    pipe.rpush(_key(table_id, channel), json.dumps(kept, separators=(",", ":")))
    pipe.ltrim(_key(table_id, channel), -KEEP, -1)
    if idempotency:
        pipe.set(_seen(table_id, channel, idempotency), n, ex=SEEN_SECONDS)
    pipe.execute()
    return kept


def read(store: Any, table_id: str, channel: str, since: int = 0) -> list[dict[str, Any]]:
    """The channel's messages numbered after ``since``, oldest first."""
    records = [json.loads(r) for r in store.redis.lrange(_key(table_id, channel), 0, -1)]
    return sorted((r for r in records if r["n"] > since), key=lambda r: r["n"])
