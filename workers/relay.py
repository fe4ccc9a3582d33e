"""The relay: every change notice the store wrote becomes an `advance` job.

The API appends a move and, in the same round trip, a notice "<table>:<seq>". The relay takes
notices one at a time (kept aside until handed on, so a relay that dies loses none) and
enqueues `advance` with a deterministic job id. Every worker process runs one in a thread.
"""

import threading
import time

import redis

import config
from store import TableStore

from . import timers
from .context import Context
from .queue import enqueue_advance


def hand_on(store: TableStore, settings: config.Settings, timeout: float | None) -> bool:
    """Turn one notice into a job; False when none came within ``timeout`` seconds (None: now)."""
    change = store.take_change(timeout)
    if change is None:
        return False
    table_id, _, seq = change.rpartition(":")
    enqueue_advance(store.redis, settings, table_id, int(seq))
    store.done_change(change)
    return True


def drain(store: TableStore, settings: config.Settings) -> int:
    """Hand on every waiting notice, then return how many there were."""
    count = 0
    while hand_on(store, settings, timeout=None):
        count += 1
    return count


SWEEP_SECONDS = 60      # how often passed deadlines are looked for (the research's one-minute sweep)


def start(connection: redis.Redis, settings: config.Settings, stop: threading.Event) -> threading.Thread:
    """The relay thread of a worker process; it also sweeps for passed deadlines once a minute."""
    store = TableStore(connection)
    store.recover_changes()

    def loop() -> None:
        next_sweep = 0.0
        while not stop.is_set():
            try:
                hand_on(store, settings, timeout=1.0)
                if time.monotonic() >= next_sweep:
                    timers.sweep(Context(settings, store), time.time())
                    next_sweep = time.monotonic() + SWEEP_SECONDS
            except redis.ConnectionError:
                stop.wait(1.0)

    thread = threading.Thread(target=loop, name="pbem-relay", daemon=True)
    thread.start()
    return thread
