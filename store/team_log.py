"""A team's private messages at a table (the team channel of a game played in teams): one Redis
list per team, apart from the table's event log so that a message never moves the game's seq
(a reply address or a move made from an older view stays good). Keys carry the table's hash tag.
"""

import json
from typing import Any

from . import keys

KEEP = 1000          # messages kept per team (the oldest go first)
SEEN_SECONDS = 30 * 86400


def _key(table_id: str, team: str) -> str:          # list: JSON records, oldest first
    return keys.table(table_id, "team:" + team)


def _counter(table_id: str, team: str) -> str:      # string: the last message number given out
    return keys.table(table_id, "team-n:" + team)


def _seen(table_id: str, idempotency: str) -> str:  # string: the number of the message a key posted
    return keys.table(table_id, "team-key:" + idempotency)


def post(store: Any, table_id: str, team: str, record: dict[str, Any], idempotency: str | None = None) -> dict[str, Any]:
    """Keep a message; returns it with its number ``n``. The same ``idempotency`` key (an email's
    Message-ID) posts once: a second post returns the first one's record."""
    redis = store.redis
    if idempotency:
        known = redis.get(_seen(table_id, idempotency))
        if known is not None:
            return next((m for m in read(store, table_id, team) if m["n"] == int(known)), {**record, "n": int(known)})
    n = int(redis.incr(_counter(table_id, team)))
    kept = {**record, "n": n}
    pipe = redis.pipeline(transaction=False)
    pipe.rpush(_key(table_id, team), json.dumps(kept, separators=(",", ":")))
    pipe.ltrim(_key(table_id, team), -KEEP, -1)
    if idempotency:
        pipe.set(_seen(table_id, idempotency), n, ex=SEEN_SECONDS)
    pipe.execute()
    return kept


def read(store: Any, table_id: str, team: str, since: int = 0) -> list[dict[str, Any]]:
    """The team's messages numbered after ``since``, oldest first."""
    records = [json.loads(r) for r in store.redis.lrange(_key(table_id, team), 0, -1)]
    return sorted((r for r in records if r["n"] > since), key=lambda r: r["n"])
