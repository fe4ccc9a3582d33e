"""The settler holds one connection of its own (no pool checkout at each command), made once
Redis answers: a worker started before Redis waits for it, then settles as ever; and it
carries on after Redis restarts."""

import dataclasses
import threading
import time

import redis

import config
import tables
from store import TableStore
from store.embedded import EmbeddedRedis, free_port
from workers import process

SEATS = {"north": {"name": "Nora", "email": "nora@example.org"}, "south": {"name": "Sam", "email": "sam@example.org"}}


def settled(store: TableStore, table_id: str, timeout: float = 15.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if store.needs(table_id) is None:
            return True
        time.sleep(0.05)
    return False


def test_a_settler_started_before_redis_waits_for_it_and_survives_a_restart(tmp_path, env):
    server = EmbeddedRedis(tmp_path / "redis", config.REDIS_CONF, port=free_port())
    settings = dataclasses.replace(config.load(), redis_url=server.url, queue_url=server.url)
    stop = threading.Event()
    thread = process.start_settler(settings, stop)
    try:
        time.sleep(0.7)                                   # nobody answers yet: the settler waits
        assert thread.is_alive()
        server.start()
        store = TableStore(redis.Redis.from_url(server.url))
        first = tables.start(store, "duel", {}, SEATS, time.time()).table.id
        assert settled(store, first)
        server.stop()                                     # Redis goes away and comes back
        server.start()
        second = tables.start(store, "duel", {}, SEATS, time.time()).table.id
        assert thread.is_alive() and settled(store, second)
    finally:
        stop.set()
        thread.join(5)
        server.stop()
