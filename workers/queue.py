"""Enqueueing jobs with deterministic ids, so the same job is never queued twice.

Two rq queues: the table jobs (replies, deadlines, host decisions, vacations) and the mail
queue (every email sent), so that a slow or hung SMTP server only ever holds up mail. Results
are not kept (``result_ttl=0``); failures are, for a week, for whoever runs the server.

The queues live on one Redis server: PBEM_QUEUE_URL when set, else the store's own. rq cannot
run on a cluster: its keys carry no hash tag and it writes several in one transaction (a
worker's registration alone spans slots: rq issue 1942), so a store on a cluster needs
PBEM_QUEUE_URL (``jobs_connection``). Every function here takes the store's connection and
finds the queues' from it.
"""

import hashlib
from datetime import datetime, timezone

import redis
from rq import Queue, Retry
from rq.exceptions import DuplicateJobError
from rq.serializers import JSONSerializer

import config
from store import connect

FAILURES_KEPT = 7 * 86400


class NoQueueServer(RuntimeError):
    pass


def jobs_connection(connection: connect.Client, settings: config.Settings) -> redis.Redis:
    """The Redis of the queues for code holding the store's ``connection``."""
    if settings.queue_url:
        return connect.shared(settings.queue_url)          # type: ignore[return-value]
    if connect.is_cluster(connection) or settings.cluster:
        raise NoQueueServer("The store is a Redis Cluster: set PBEM_QUEUE_URL to one Redis server for the job "
                            "queues (rq cannot run on a cluster).")
    return connection                                      # type: ignore[return-value]


def queue(connection: connect.Client, settings: config.Settings) -> Queue:
    return Queue(settings.queue_name, connection=jobs_connection(connection, settings), serializer=JSONSerializer)


def mail_queue(connection: connect.Client, settings: config.Settings) -> Queue:
    return Queue(f"{settings.queue_name}-mail", connection=jobs_connection(connection, settings),
                 serializer=JSONSerializer)


def mail_retry(settings: config.Settings) -> Retry:
    return Retry(max=len(settings.mail_retry_intervals), interval=settings.mail_retry_intervals)


def _enqueue(q: Queue, function: str, job_id: str | None, *args: object, retry: Retry | None = None) -> bool:
    try:
        q.enqueue(function, *args, job_id=job_id, unique=job_id is not None, retry=retry, result_ttl=0,
                  failure_ttl=FAILURES_KEPT)
    except DuplicateJobError:
        return False
    return True


def enqueue_notify(connection: redis.Redis, settings: config.Settings, table_id: str, kind: str, seq: int,
                   seat: str) -> bool:
    """One email per (table, kind, seq, seat), retried with backoff while SMTP is down."""
    return _enqueue(mail_queue(connection, settings), "workers.jobs.notify_job",
                    f"mail-{table_id}-{kind}-{seq}-{seat}", table_id, kind, seq, seat, retry=mail_retry(settings))


def enqueue_send(connection: redis.Redis, settings: config.Settings, job_id: str, raw_b64: str,
                 table_id: str | None, receipt: str | None) -> bool:
    """Send an email already written (an answer to a reply), retried while SMTP is down."""
    return _enqueue(mail_queue(connection, settings), "workers.jobs.send_job", job_id, raw_b64, table_id,
                    receipt, retry=mail_retry(settings))


def player_key(email: str) -> str:
    """An id-safe name for a player in job ids."""
    return hashlib.sha256(email.lower().encode()).hexdigest()[:16]


def schedule(connection: redis.Redis, settings: config.Settings, at: float, function: str, job_id: str,
             *args: object, mail: bool = False) -> bool:
    """Run ``function`` at time ``at`` (rq's scheduler, in the worker); once per job id. Not for
    a seat's deadline or reminder: those are timer entries (workers/timers.py)."""
    when = datetime.fromtimestamp(at, tz=timezone.utc)
    q = mail_queue(connection, settings) if mail else queue(connection, settings)
    try:
        q.enqueue_at(when, function, *args, job_id=job_id, unique=True, result_ttl=0, failure_ttl=FAILURES_KEPT)
    except DuplicateJobError:
        return False
    return True


def enqueue_vacation(connection: redis.Redis, settings: config.Settings, email: str, until: float) -> None:
    """Move the player's deadlines and tell the other players."""
    _enqueue(queue(connection, settings), "workers.timers.vacation_job", None, email, until)


def enqueue_host_decision(connection: redis.Redis, settings: config.Settings, table_id: str, seat: str, edge: int,
                          action: str) -> bool:
    return _enqueue(queue(connection, settings), "workers.timers.host_decision_job",
                    f"host-{table_id}-{seat}-{edge}-{action}", table_id, seat, edge, action)


def enqueue_deadline(connection: redis.Redis, settings: config.Settings, table_id: str, seat: str, edge: int,
                     deadline: float, now: float) -> bool:
    """A seat's deadline came (the timer sweep): once per (table, seat, edge, deadline) while queued."""
    return _enqueue(queue(connection, settings), "workers.timers.deadline_job",
                    f"deadline-{table_id}-{seat}-{edge}-{deadline:.0f}", table_id, seat, edge, deadline, now)


def enqueue_reminder(connection: redis.Redis, settings: config.Settings, table_id: str, seat: str, edge: int,
                     deadline: float, at: float, now: float) -> bool:
    """A seat's reminder came (the timer sweep)."""
    return _enqueue(queue(connection, settings), "workers.timers.reminder_job",
                    f"remind-{table_id}-{seat}-{edge}-{deadline:.0f}-{at:.0f}", table_id, seat, edge, deadline, now)


def enqueue_receive_job(connection: redis.Redis, settings: config.Settings, raw_b64: str,
                        recipients: list[str], envelope_sender: str | None, peer: dict[str, str] | None = None
                        ) -> None:
    """An inbound email, to apply and answer (retried if the worker fails half-way)."""
    _enqueue(queue(connection, settings), "workers.inbound.receive_job", None, raw_b64, recipients, envelope_sender,
             peer, retry=mail_retry(settings))
