"""What a job needs: the settings and the store (on the job's own Redis connection when the
queues and the store share one server)."""

from dataclasses import dataclass

from rq import get_current_job

import config
from store import TableStore, connect


@dataclass
class Context:
    settings: config.Settings
    store: TableStore


_stores: dict[int, TableStore] = {}


def current() -> Context:
    """Inside a job: the connection rq gave it, when the queues are on the store's server.
    Otherwise: REDIS_URL (a cluster's client), one per process."""
    job = get_current_job()
    settings = config.load()
    if job and settings.jobs_url == settings.redis_url:
        connection = job.connection
    else:
        connection = connect.shared(settings.redis_url, settings.cluster)
    store = _stores.get(id(connection))
    if store is None or store.redis is not connection:
        store = _stores[id(connection)] = open_store(connection, settings)
    return Context(settings, store)


def open_store(connection: connect.Client, settings: config.Settings) -> TableStore:
    """The store on ``connection``, waiting for PBEM_REPLICA_ACKS replicas on each write."""
    return TableStore(connection, settings.replica_acks, settings.replica_wait_ms)
