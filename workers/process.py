"""A worker process: the settler (a loop of our own: change notices -> settle, and the sweeps),
one rq worker per queue and rq's scheduler, each in its own thread; nothing forks.

The table queue and the mail queue never share a thread, so a hung SMTP server holds up mail
only (and each attempt at most ``smtp_timeout`` seconds). Nothing here exits when Redis goes
away: each loop waits, with backoff, and carries on once Redis answers again. SIGTERM or
SIGINT stops the process cleanly: the jobs running finish, then every loop returns.

A process says it is alive every ALIVE_EVERY seconds (a key that lapses after ALIVE_SECONDS);
each living process hands back to its queue, as a retry, a job that a dead one was running,
instead of rq's own wait for it (its heartbeat's 90 s, then up to a minute to its next check).
"""

import logging
import os
import secrets
import signal
import socket
import threading
import time
from collections.abc import Callable
from datetime import datetime
from typing import Any

import redis
from rq import SimpleWorker
from rq.executions import Execution
from rq.scheduler import RQScheduler
from rq.exceptions import StopRequested
from rq.serializers import JSONSerializer
from rq.timeouts import TimerDeathPenalty
from rq.worker import WorkerStatus

import config
from store import TableStore, connect

from . import gathering, jobs, settle, timers
from .context import Context, open_store
from .queue import NoQueueServer, mail_queue, queue

GATHERING_SWEEP = 60.0      # how often lapsed invitations are looked for (the research's one-minute sweep)
WORKER_TTL = 20             # rq's heartbeat; a stop request is seen within WORKER_TTL - 15 seconds
QUEUES = ("tables", "mail")
FIRST_PAUSE, LONGEST_PAUSE = 0.5, 10.0
ALIVE_SECONDS = 10          # a worker process not heard from for this long is dead: its jobs go back
ALIVE_EVERY = 2.0           # how often a process says it is alive, and looks for a dead one's jobs
PROCESS = f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"   # this process, in its workers' names
log = logging.getLogger("pbem.worker")


def settler(ctx: Context, stop: threading.Event) -> None:
    """Settle tables as their notices come (a blocking read), sweep for any a dead worker left,
    fire the due deadlines and reminders (each second), and look for lapsed invitations.
    Survives Redis going away: it waits and tries again."""
    next_sweep = next_timers = next_gatherings = 0.0
    pause = FIRST_PAUSE
    while not stop.is_set():
        try:
            settle.handle(ctx, timeout=timers.TIMER_SWEEP)
            now = time.time()
            if time.monotonic() >= next_sweep:
                settle.sweep(ctx, now)
                next_sweep = time.monotonic() + settle.SWEEP
            if time.monotonic() >= next_timers:
                timers.sweep(ctx, now)
                next_timers = time.monotonic() + timers.TIMER_SWEEP
            if time.monotonic() >= next_gatherings:
                gathering.sweep(ctx, now)
                next_gatherings = time.monotonic() + GATHERING_SWEEP
            pause = FIRST_PAUSE
        except connect.UNAVAILABLE:
            stop.wait(pause)
            pause = min(pause * 2, LONGEST_PAUSE)
        except Exception:
            log.exception("the settler's sweep failed")
            stop.wait(1.0)


def start_settler(settings: config.Settings, stop: threading.Event) -> threading.Thread:
    """The settler's thread, on a connection of its own (on one server: held, not taken from a
    pool and given back at each command), made once Redis answers."""
    def run() -> None:
        pause = FIRST_PAUSE
        while not stop.is_set():
            try:
                client = connect.connect(settings.redis_url, settings.cluster, **connect.one_thread(
                    settings.redis_url, settings.cluster))
            except connect.UNAVAILABLE:
                stop.wait(pause)
                pause = min(pause * 2, LONGEST_PAUSE)
                continue
            settler(Context(settings, open_store(client, settings)), stop)
            return

    thread = threading.Thread(target=run, name="pbem-settler", daemon=True)
    thread.start()
    return thread


class ThreadWorker(SimpleWorker):
    """rq's SimpleWorker in a thread: it stops when the process's ``stop`` event is set, leaves
    the signals to the process, and times jobs out with a timer (SIGALRM is the main thread's)."""

    death_penalty_class = TimerDeathPenalty

    def __init__(self, *args: Any, stop: threading.Event, **kwargs: Any):
        self.stop_event = stop
        super().__init__(*args, **kwargs)

    @property               # rq reads this flag between jobs and after each (short) blocking dequeue
    def _stop_requested(self) -> bool:
        return self.stop_event.is_set()

    @_stop_requested.setter
    def _stop_requested(self, value: bool) -> None:
        if value:
            self.stop_event.set()

    def _install_signal_handlers(self) -> None:
        pass

    def heartbeat(self, timeout: int | None = None, pipeline: Any = None) -> None:
        """rq beats at each turn of its dequeue loop (a blocking read of WORKER_TTL - 15 s, or a
        pause while Redis is away): there, a stop ends the loop. In the main thread rq breaks
        it with an exception from its signal handler instead. A job is never cut short: a stop
        is not acted on while one runs, and one taken but not started goes back to its queue
        (rq's intermediate queue)."""
        if pipeline is None and self._stop_requested and self.get_state() != WorkerStatus.BUSY:
            raise StopRequested()
        super().heartbeat(timeout, pipeline)
        OUTAGES.up(_queue_of(self.name))                 # Redis answered: the next outage gets its line


class Outages(logging.Filter):
    """One log line a queue for each Redis outage. rq says one at every try to reconnect (each
    second or two), and when the outage hits it between two calls, a traceback ("found an
    unhandled exception, quitting") though work_queue starts it again at once."""

    def __init__(self) -> None:
        super().__init__()
        self.down: set[str] = set()
        self.lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        text = str(record.msg)
        if not (isinstance(error, connect.UNAVAILABLE) or "could not connect to Redis" in text
                or "Redis connection timeout" in text):
            return True
        args = record.args if isinstance(record.args, tuple) else ()
        said = error or (args[1] if len(args) > 1 else "timeout")
        queue_name = _queue_of(str(args[0])) if args else "?"
        if not self.went_down(queue_name):
            return False
        record.msg, record.args, record.exc_info, record.exc_text = ONE_LINE, (queue_name, said), None, None
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True

    def went_down(self, queue_name: str) -> bool:
        """True the first time in an outage."""
        with self.lock:
            first = queue_name not in self.down
            self.down.add(queue_name)
            return first

    def up(self, queue_name: str) -> None:
        with self.lock:
            self.down.discard(queue_name)


ONE_LINE = "%s queue: Redis is not answering (%s); the worker carries on once it answers"
OUTAGES = Outages()
logging.getLogger("rq.worker").addFilter(OUTAGES)


class ThreadScheduler(RQScheduler):
    """rq's scheduler (due retries and timed jobs to their queues) in a thread of this process
    rather than a forked one: a fork holds copies of this process's Redis sockets, a blocking
    read of change notices among them, so after a kill -9 Redis would still hand a notice to
    the dead worker. Stops with the process's ``stop`` event; tries for a lock another
    scheduler let expire every few seconds rather than every two minutes."""

    RETRY_LOCKS = 5.0

    def __init__(self, *args: Any, stop: threading.Event, **kwargs: Any):
        self.stop_event = stop
        super().__init__(*args, **kwargs)

    @property
    def _stop_requested(self) -> bool:
        return self.stop_event.is_set()

    @_stop_requested.setter
    def _stop_requested(self, value: bool) -> None:
        if value:
            self.stop_event.set()

    @property
    def should_reacquire_locks(self) -> bool:
        if self._queue_names == self.acquired_locks:
            return False
        return not self.lock_acquisition_time or \
            (datetime.now() - self.lock_acquisition_time).total_seconds() > self.RETRY_LOCKS

    def _install_signal_handlers(self) -> None:
        pass


def schedule_queues(settings: config.Settings, names: tuple[str, ...], stop: threading.Event) -> None:
    """rq's scheduler for ``names`` until ``stop``, through Redis outages (one name per process,
    so that after a reconnect it still owns the locks it held)."""
    pause, name = FIRST_PAUSE, f"pbem:{PROCESS}:{'-'.join(names)}:scheduler"
    while not stop.is_set():
        connection = redis.Redis.from_url(settings.jobs_url)
        began = time.monotonic()
        try:
            scheduler = ThreadScheduler(_queues(connection, settings, names), connection=connection,
                                        serializer=JSONSerializer, logging_level="WARNING", name=name, stop=stop)
            scheduler.work()
        except (redis.ConnectionError, redis.TimeoutError):
            pass                          # the queue threads say so; the scheduler waits with them
        except Exception:
            log.exception("the rq scheduler failed")
        finally:
            connection.close()
        if stop.is_set():
            return
        if time.monotonic() - began > 60:
            pause = FIRST_PAUSE
        stop.wait(pause)
        pause = min(pause * 2, LONGEST_PAUSE)


def _queues(connection: redis.Redis, settings: config.Settings, names: tuple[str, ...]) -> list[Any]:
    return [q for name, q in (("tables", queue(connection, settings)), ("mail", mail_queue(connection, settings)))
            if name in names]


def rq_worker(connection: redis.Redis, settings: config.Settings, queues: tuple[str, ...] = QUEUES
              ) -> SimpleWorker:
    return SimpleWorker(_queues(connection, settings, queues), connection=connection, serializer=JSONSerializer,
                        maintenance_interval=60)


def _alive_key(process: str) -> str:
    return f"pbem:alive:{process}"


def _queue_of(worker_name: str) -> str:
    """The queue of a worker named by work_queue; another worker's own name."""
    parts = worker_name.split(":")
    return parts[2] if len(parts) == 4 and parts[0] == "pbem" else worker_name


def _process_of(worker_name: str) -> str | None:
    """The process of a worker or scheduler named here ("pbem:<process>:<queue>:<n>" and
    "pbem:<process>:<queues>:scheduler"); None for others (`pbem worker --burst`'s, rq's own)."""
    parts = worker_name.split(":")
    return parts[1] if len(parts) == 4 and parts[0] == "pbem" else None


def _dead(connection: redis.Redis, name: bytes | None) -> bool:
    """A worker or scheduler of another process of ours that has stopped saying it is alive."""
    process = _process_of(name.decode()) if name else None
    return process is not None and process != PROCESS and not connection.exists(_alive_key(process))


def requeue_orphans(connection: redis.Redis, store: TableStore, settings: config.Settings,
                    names: tuple[str, ...]) -> int:
    """Hand back to their queues, as retries, the jobs that a dead process's workers were running
    (rq's abandoned-job handling, now rather than once their heartbeat lapses), a claimed email
    freed for the retry; and free the queues a dead scheduler held (rq's lock lapses after 61 s),
    so that the retries are due on time. Returns how many jobs."""
    found = 0
    for q in _queues(connection, settings, names):
        lock = RQScheduler.get_locking_key(q.name)
        if _dead(connection, connection.get(lock)):
            connection.delete(lock)
        registry = q.started_job_registry
        for member in connection.zrange(registry.key, 0, -1):
            execution = Execution.from_composite_key(member.decode(), connection)
            if not _dead(connection, connection.hget(execution.key, "worker_name")) or \
                    not connection.set(f"pbem:orphan:{member.decode()}", PROCESS, nx=True, ex=3600):
                continue                                   # alive, or another process took it back
            job = q.fetch_job(execution.job_id)
            claim = jobs.claim_of(job.func_name, list(job.args)) if job is not None else None
            if claim is not None and store.mail_state(*claim) == "sending":
                store.release_mail(*claim)
            connection.zadd(registry.key, {member: 0})       # lapsed now: rq's cleanup retries it
            found += 1
    for q in _queues(connection, settings, names) if found else []:
        q.started_job_registry.cleanup()
    return found


def keep_alive(settings: config.Settings, names: tuple[str, ...], stop: threading.Event) -> None:
    """Say this process is alive, and take back the jobs of dead ones, until ``stop``."""
    store = open_store(connect.connect(settings.redis_url, settings.cluster), settings)
    while not stop.is_set():
        connection = redis.Redis.from_url(settings.jobs_url)
        try:
            connection.set(_alive_key(PROCESS), "1", ex=ALIVE_SECONDS)
            if requeue_orphans(connection, store, settings, names):
                log.warning("took back the jobs of a worker process that died")
        except connect.UNAVAILABLE:
            pass                          # the queue threads say so
        except Exception:
            log.exception("looking for a dead worker's jobs failed")
        finally:
            connection.close()
        stop.wait(ALIVE_EVERY)


def work_queue(settings: config.Settings, name: str, stop: threading.Event) -> None:
    """Run the queue ``name`` until ``stop``; a Redis outage (rq then returns or raises) costs
    a pause that grows from 0.5 s to 10 s, and a new rq worker."""
    pause, generation = FIRST_PAUSE, 0
    while not stop.is_set():
        connection = redis.Redis.from_url(settings.jobs_url)
        began = time.monotonic()
        generation += 1
        try:                                            # rq's constructor talks to Redis already
            worker = ThreadWorker(_queues(connection, settings, (name,)), connection=connection,
                                  serializer=JSONSerializer, maintenance_interval=60, worker_ttl=WORKER_TTL,
                                  stop=stop, name=f"pbem:{PROCESS}:{name}:{generation}")
            worker.work(logging_level="WARNING")           # the scheduler is a thread of its own
        except (redis.ConnectionError, redis.TimeoutError) as error:
            if OUTAGES.went_down(name):
                log.warning(ONE_LINE, name, error)
        except Exception:
            log.exception("%s queue: the rq worker failed", name)
        finally:
            connection.close()
        if stop.is_set():
            return
        if time.monotonic() - began > 60:
            pause = FIRST_PAUSE
        stop.wait(pause)
        pause = min(pause * 2, LONGEST_PAUSE)


def run(settings: config.Settings, stop: threading.Event, burst: bool = False,
        queues: tuple[str, ...] = QUEUES) -> None:
    """Work until ``stop`` is set, or SIGTERM/SIGINT (with ``burst``: until nothing is left to do)."""
    if not settings.jobs_url:
        raise NoQueueServer("The store is a Redis Cluster: set PBEM_QUEUE_URL to one Redis server for the job "
                            "queues (rq cannot run on a cluster).")
    if burst:
        if "tables" in queues:
            ctx = Context(settings, open_store(connect.connect(settings.redis_url, settings.cluster), settings))
            settle.drain(ctx)
            timers.sweep(ctx, time.time())             # the deadlines and reminders due: their jobs, run below
        connection = redis.Redis.from_url(settings.jobs_url)
        rq_worker(connection, settings, queues).work(with_scheduler=True, burst=True, logging_level="WARNING")
        return
    if threading.current_thread() is threading.main_thread():
        for signum in (signal.SIGTERM, signal.SIGINT):
            signal.signal(signum, lambda *_: stop.set())
    threads = [start_settler(settings, stop)] if "tables" in queues else []
    for name in queues:
        threads.append(_thread(f"pbem-{name}", lambda name=name: work_queue(settings, name, stop)))
    threads.append(_thread("pbem-scheduler", lambda: schedule_queues(settings, queues, stop)))
    threads.append(_thread("pbem-alive", lambda: keep_alive(settings, queues, stop)))
    while not stop.wait(0.5):
        pass
    deadline = time.monotonic() + settings.smtp_timeout + WORKER_TTL     # a job in hand may finish
    for thread in threads:
        thread.join(timeout=max(0.0, deadline - time.monotonic()))


def _thread(name: str, target: Callable[[], None]) -> threading.Thread:
    thread = threading.Thread(target=target, name=name, daemon=True)
    thread.start()
    return thread
