"""A player's calendar feed when they sit at thousands of tables: the time and size of one request.

One player (Ann) plays McWorld at every table, against the random bot, on a live clock, so each
table waits on her with a deadline. The tables are made through the use case and settled by
the worker's own code (their clocks and waiting lists as a real run keeps them); then the feed
is fetched through the API's route twice (the second may be answered from the cache) and once
more after one of her tables moved on.

`python -m bench.calendar [tables]` (default 2,000; not part of `make bench`: it reports times,
not ratios).
"""

import os
import sys
import tempfile
import time
from pathlib import Path

import redis

import config
import tables
from store import TableStore
from store.embedded import EmbeddedRedis
from tables.notices import calendar_key
from workers import settle
from workers.context import Context

SEATS = {"mcworld": {"name": "Ann", "email": "ann@example.org"}, "jihad": {"bot": "random"}}
LIVE = {"kind": "clock", "preset": "live"}


def fetch(client, path: str) -> tuple[float, int, int]:
    """Seconds, bytes and events of one GET of the feed."""
    started = time.perf_counter()
    answer = client.get(path)
    seconds = time.perf_counter() - started
    assert answer.status_code == 200, answer.status_code
    return seconds, len(answer.data), answer.data.count(b"BEGIN:VEVENT")


def main(count: int = 2000) -> None:
    folder = Path(tempfile.mkdtemp(prefix="pbem-calendar-"))
    server = EmbeddedRedis(folder / "redis", config.REDIS_CONF).start()
    try:
        os.environ.update(REDIS_URL=server.url, PBEM_DATA_DIR=str(folder), SECRET_KEY="bench",
                          MAIL_OUTBOX=str(folder / "outbox"))
        from server.app import create_app  # after the environment it reads

        settings = config.load()
        connection = redis.Redis.from_url(server.url)
        store = TableStore(connection)
        ctx = Context(settings, store)
        started = time.perf_counter()
        ids = [tables.start(store, "clash", {}, SEATS, time.time(), time_control=LIVE).table.id
               for _ in range(count)]
        settle.drain(ctx)
        waiting = len(store.player_waiting("ann@example.org"))
        print(f"{count} Clash tables made and settled in {time.perf_counter() - started:.0f} s; "
              f"Ann is waited on at {waiting}")
        client = create_app().test_client()
        path = f"/calendar/{calendar_key(settings.secret_key, 'ann@example.org')}.ics"
        for label in ("first request", "again"):
            seconds, size, events = fetch(client, path)
            print(f"{label}: {seconds * 1000:.0f} ms, {size / 1024:.0f} KiB, {events} events")
        table = tables.load(store, ids[0])
        tables.submit(store, table, "mcworld", option=1, now=time.time())
        settle.drain(ctx)
        seconds, size, events = fetch(client, path)
        print(f"after a move at one table: {seconds * 1000:.0f} ms, {size / 1024:.0f} KiB, {events} events")
    finally:
        server.stop()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
