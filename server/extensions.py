"""Per-app handles: the settings, the Redis client, the store, the metrics registry."""

from dataclasses import dataclass, field
from typing import Any

from flask import Flask, current_app
from prometheus_client import CollectorRegistry, Counter, Histogram

import config
from store import TableStore, connect
from tables import TableCache
from workers.context import open_store

from .queue_metrics import QueueCollector


@dataclass
class Metrics:
    registry: CollectorRegistry
    requests: Counter
    latency: Histogram
    moves: Counter
    _children: dict[tuple[str, str], tuple[Any, Any]] = field(default_factory=dict)

    def answered(self, endpoint: str, status: str, seconds: float) -> None:
        """A request answered: counted by route and status, its time by route (each label's
        children looked up once)."""
        children = self._children.get((endpoint, status))
        if children is None:
            children = self._children[endpoint, status] = (self.requests.labels(endpoint, status),
                                                            self.latency.labels(endpoint))
        children[0].inc()
        children[1].observe(seconds)


@dataclass
class Services:
    settings: config.Settings
    redis: connect.Client        # the store's: one server or a cluster (workers/queue.py finds the queues' from it)
    store: TableStore
    metrics: Metrics
    tables: TableCache


def init_app(app: Flask, settings: config.Settings) -> None:
    if not settings.jobs_url:
        raise RuntimeError("The store is a Redis Cluster: set PBEM_QUEUE_URL to one Redis server for the job queues "
                           "(rq cannot run on a cluster).")
    client = connect.connect(settings.redis_url, settings.cluster)
    registry = CollectorRegistry()
    metrics = Metrics(
        registry,
        Counter("pbem_http_requests", "HTTP requests answered", ["endpoint", "status"], registry=registry),
        Histogram("pbem_http_request_seconds", "Time to answer a request", ["endpoint"], registry=registry),
        Counter("pbem_moves", "Moves applied", ["game"], registry=registry))
    registry.register(QueueCollector(client, settings))
    app.extensions["pbem"] = Services(settings, client, open_store(client, settings), metrics, TableCache())


def services() -> Services:
    return current_app.extensions["pbem"]
