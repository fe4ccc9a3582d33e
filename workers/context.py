"""What a job needs: the settings and the store on the job's own Redis connection."""

from dataclasses import dataclass

import redis
from rq import get_current_job

import config
from store import TableStore


@dataclass
class Context:
    settings: config.Settings
    store: TableStore


_stores: dict[int, TableStore] = {}


def current() -> Context:
    """Inside a job: the connection rq gave it. Outside one: REDIS_URL."""
    job = get_current_job()
    settings = config.load()
    connection = job.connection if job else redis.Redis.from_url(settings.redis_url)
    store = _stores.get(id(connection))
    if store is None or store.redis is not connection:
        store = _stores[id(connection)] = TableStore(connection)
    return Context(settings, store)
