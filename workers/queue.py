"""Enqueueing jobs with deterministic ids, so the same job is never queued twice."""

import hashlib
from datetime import datetime, timezone

import redis
from rq import Queue, Retry
from rq.exceptions import DuplicateJobError
from rq.serializers import JSONSerializer

import config


def queue(connection: redis.Redis, settings: config.Settings) -> Queue:
    return Queue(settings.queue_name, connection=connection, serializer=JSONSerializer)


def _enqueue(q: Queue, function: str, job_id: str, *args: object, retry: Retry | None = None) -> bool:
    try:
        q.enqueue(function, *args, job_id=job_id, unique=True, retry=retry, result_ttl=3600, failure_ttl=7 * 86400)
    except DuplicateJobError:
        return False
    return True


def enqueue_advance(connection: redis.Redis, settings: config.Settings, table_id: str, seq: int) -> bool:
    """Run the table's automatic steps and email whoever is then waited on."""
    return _enqueue(queue(connection, settings), "workers.jobs.advance_job", f"advance-{table_id}-{seq}", table_id)


def enqueue_notify(connection: redis.Redis, settings: config.Settings, table_id: str, kind: str, seq: int,
                   seat: str) -> bool:
    """One email per (table, kind, seq, seat), retried with backoff while SMTP is down."""
    retry = Retry(max=len(settings.mail_retry_intervals), interval=settings.mail_retry_intervals)
    return _enqueue(queue(connection, settings), "workers.jobs.notify_job",
                    f"mail-{table_id}-{kind}-{seq}-{seat}", table_id, kind, seq, seat, retry=retry)


def player_key(email: str) -> str:
    """An id-safe name for a player in job ids."""
    return hashlib.sha256(email.lower().encode()).hexdigest()[:16]


def schedule(connection: redis.Redis, settings: config.Settings, at: float, function: str, job_id: str,
             *args: object) -> bool:
    """Run ``function`` at time ``at`` (rq's scheduler, in the worker); once per job id."""
    when = datetime.fromtimestamp(at, tz=timezone.utc)
    try:
        queue(connection, settings).enqueue_at(when, function, *args, job_id=job_id, unique=True,
                                               result_ttl=3600, failure_ttl=7 * 86400)
    except DuplicateJobError:
        return False
    return True


def enqueue_vacation(connection: redis.Redis, settings: config.Settings, email: str, until: float) -> None:
    """Move the player's deadlines and tell the other players."""
    queue(connection, settings).enqueue("workers.timers.vacation_job", email, until, result_ttl=3600,
                                        failure_ttl=7 * 86400)


def enqueue_host_decision(connection: redis.Redis, settings: config.Settings, table_id: str, seat: str, edge: int,
                          action: str) -> bool:
    return _enqueue(queue(connection, settings), "workers.timers.host_decision_job",
                    f"host-{table_id}-{seat}-{edge}-{action}", table_id, seat, edge, action)
