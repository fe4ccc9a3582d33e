"""Redis memory per event: a whole random game through the tables layer, then the memory of
every key of the table (log, snapshots, document, who is waited on) divided by its events.
Baseline in the same run: the same log kept as plain JSON in a stream of its own. Goal: at
most 200 bytes per event."""

import random
import time
from typing import Any

import redis

import games
import tables
from tables import envelope
from store import TableStore

from .common import redis_server

GOAL = 200


def _play(store: TableStore, name: str, options: dict[str, Any], seed: int) -> tables.Table:
    seats = {s: {"name": s.title(), "email": f"{s}@bench.example"} for s in games.get(name).seats}
    table = tables.start(store, name, options, seats, time.time()).table
    pick = random.Random(seed)
    while True:
        table = tables.load(store, table.id)
        if table.result() is not None:
            return table
        if table.automatic_seat() is not None:
            tables.advance(store, table.id, now=time.time())
            continue
        seat = sorted(table.prompts())[0]
        count = len(table.prompts()[seat]["options"])
        tables.submit(store, table, seat, option=pick.randrange(count) + 1, now=time.time())


def run(name: str, options: dict[str, Any] | None = None) -> dict[str, float]:
    server = redis_server()
    try:
        client = redis.Redis.from_url(server.url)
        store = TableStore(client)
        table = _play(store, name, options or {}, 1)
        used = sum(client.memory_usage(key, samples=0) or 0 for key in client.scan_iter(f"t:{{{table.id}}}:*"))
        for entry in store.read(table.id):
            client.xadd("plain-log", {"e": envelope.dumps(envelope.loads(entry))})
        plain = client.memory_usage("plain-log", samples=0) or 0
        per_event = used / table.seq
        return {"ratio": per_event / (plain / table.seq), "goal": 1.0, "bytes_per_event": per_event,
                "plain_json_log_bytes_per_event": plain / table.seq, "events": table.seq,
                "meets_200_bytes": per_event <= GOAL}
    finally:
        server.stop()
