"""A table whose change notice died with its worker is settled by the next worker's sweep within
GRACE + SWEEP seconds of being marked, plus the settler's one-second wait for a notice: the
margin the README promises (it was 20 + 5 s, and a settle killed at its start was picked up
22.6-23.9 s after the kill against 25 s promised)."""

import threading
import time

import tables
from store import TableStore, keys
from workers import settle
from workers.context import Context
from workers.process import settler

SEATS = {"north": {"name": "Nora", "email": "nora@example.org"}, "south": {"bot": "random"}}
PROMISED = 12.0             # seconds, README "Production"
NOTICE_WAIT = 1.0           # the settler's blocking read for a notice, between two looks at the clock


def test_a_table_whose_notice_was_lost_is_settled_within_the_promise(env, redis_client):
    store = TableStore(redis_client)
    ctx = Context(env, store)
    table = tables.start(store, "duel", {}, SEATS, time.time()).table
    settle.drain(ctx)
    tables.submit(store, tables.load(store, table.id), "north", option=1, now=time.time())   # the bot must answer
    lost = 0
    while store.take_change(0) is not None:                  # the notices, lost with the worker that took them
        lost += 1
    assert lost and store.needs(table.id) is not None
    marked = redis_client.zscore(keys.PENDING, table.id)
    stop = threading.Event()
    thread = threading.Thread(target=settler, args=(ctx, stop), daemon=True)
    thread.start()
    try:
        while store.needs(table.id) is not None and time.time() - marked < PROMISED + 10:
            time.sleep(0.1)
        assert store.needs(table.id) is None
        assert time.time() - marked <= PROMISED + 1.0        # a second for a busy machine
        assert settle.GRACE + settle.SWEEP + NOTICE_WAIT <= PROMISED
    finally:
        stop.set()
        thread.join(5)
