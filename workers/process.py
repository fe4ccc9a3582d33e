"""A worker process: the settler (a loop of our own: change notices -> settle, and the sweeps)
in a thread, and rq's worker for the table and mail jobs in the main thread, without forking
a process per job."""

import logging
import threading
import time

import redis
from rq import SimpleWorker
from rq.serializers import JSONSerializer

import config
from store import TableStore

from . import settle, timers
from .context import Context
from .queue import mail_queue, queue

DEADLINE_SWEEP = 60.0       # how often passed deadlines are looked for (the research's one-minute sweep)
log = logging.getLogger("pbem.worker")


def settler(ctx: Context, stop: threading.Event) -> None:
    """Settle tables as their notices come (a blocking read), sweep for any a dead worker left,
    and for passed deadlines. Survives Redis going away: it waits and tries again."""
    next_sweep = next_deadlines = 0.0
    pause = 0.5
    while not stop.is_set():
        try:
            settle.handle(ctx, timeout=1.0)
            now = time.time()
            if time.monotonic() >= next_sweep:
                settle.sweep(ctx, now)
                next_sweep = time.monotonic() + settle.SWEEP
            if time.monotonic() >= next_deadlines:
                timers.sweep(ctx, now)
                next_deadlines = time.monotonic() + DEADLINE_SWEEP
            pause = 0.5
        except (redis.ConnectionError, redis.TimeoutError):
            stop.wait(pause)
            pause = min(pause * 2, 10.0)
        except Exception:
            log.exception("the settler's sweep failed")
            stop.wait(1.0)


def start_settler(settings: config.Settings, stop: threading.Event) -> threading.Thread:
    ctx = Context(settings, TableStore(redis.Redis.from_url(settings.redis_url)))
    thread = threading.Thread(target=settler, args=(ctx, stop), name="pbem-settler", daemon=True)
    thread.start()
    return thread


def rq_worker(connection: redis.Redis, settings: config.Settings, queues: tuple[str, ...] = ("tables", "mail")
              ) -> SimpleWorker:
    chosen = [q for name, q in (("tables", queue(connection, settings)), ("mail", mail_queue(connection, settings)))
              if name in queues]
    return SimpleWorker(chosen, connection=connection, serializer=JSONSerializer, maintenance_interval=60)


def run(settings: config.Settings, stop: threading.Event, burst: bool = False,
        queues: tuple[str, ...] = ("tables", "mail")) -> None:
    """Work until ``stop`` is set (or, with ``burst``, until nothing is left to do)."""
    connection = redis.Redis.from_url(settings.redis_url)
    ctx = Context(settings, TableStore(connection))
    if burst:
        settle.drain(ctx)
    else:
        start_settler(settings, stop)
    rq_worker(connection, settings, queues).work(with_scheduler=True, burst=burst, logging_level="WARNING")
