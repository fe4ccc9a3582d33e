"""A worker process: rq's worker for the table jobs, with the relay thread beside it."""

import threading

import redis
from rq import Worker
from rq.serializers import JSONSerializer

import config
from store import TableStore

from . import relay
from .queue import queue


def run(settings: config.Settings, stop: threading.Event, burst: bool = False) -> None:
    """Work until ``stop`` is set (or, with ``burst``, until the queue is empty)."""
    connection = redis.Redis.from_url(settings.redis_url)
    if burst:
        relay.drain(TableStore(connection), settings)
    else:
        relay.start(redis.Redis.from_url(settings.redis_url), settings, stop)
    Worker([queue(connection, settings)], connection=connection, serializer=JSONSerializer).work(
        with_scheduler=True, burst=burst, logging_level="WARNING")
