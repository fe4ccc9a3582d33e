"""Per-app handles: the settings, the Redis client, the store, the metrics registry."""

import threading
import time
import weakref
from bisect import bisect_left
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from flask import Flask, current_app
from prometheus_client import CollectorRegistry, Counter, Histogram, metrics
from prometheus_client.metrics_core import Metric
from prometheus_client.utils import floatToGoString

import config
from store import TableStore, connect
from tables import TableCache
from workers.context import open_store

from .queue_metrics import QueueCollector


class Answered:
    """The requests answered and their latency (``pbem_http_requests`` by route and status,
    ``pbem_http_request_seconds`` by route), counted without a lock: each thread adds to plain
    numbers of its own, and a scrape reads them all (a collector of the registry). What it shows
    is what a prometheus_client Counter and Histogram of the same names would show: the same
    samples, in the same order (each label's series from its first request), the same values."""

    BOUNDS = Histogram.DEFAULT_BUCKETS

    def __init__(self) -> None:
        self._local = threading.local()
        self._lock = threading.RLock()               # a thread's numbers joining or leaving, and a scrape
        self._threads: dict[int, dict[Any, list[Any]]] = {}      # each living thread's numbers
        self._retired: dict[Any, list[Any]] = {}     # the numbers of threads that have ended
        self._created: dict[Any, float] = {}         # each series' first request, in that order

    def count(self, endpoint: str, status: str, seconds: float) -> None:
        try:
            counts = self._local.held.counts
        except AttributeError:
            counts = self._join()
        route = counts.get(endpoint)
        if route is None:
            route = counts[endpoint] = self._series(endpoint, [0.0, [0] * len(self.BOUNDS)])
        done = counts.get((endpoint, status))
        if done is None:
            done = counts[endpoint, status] = self._series((endpoint, status), [0])
        done[0] += 1
        route[0] += seconds
        route[1][bisect_left(self.BOUNDS, seconds)] += 1

    def _join(self) -> dict[Any, list[Any]]:
        """This thread's numbers, new: folded into the retired ones when the thread ends (its
        thread-local holder is then dropped)."""
        held = _Held()
        with self._lock:
            self._threads[id(held)] = held.counts
        weakref.finalize(held, self._retire, id(held))
        self._local.held = held
        return held.counts

    def _retire(self, key: int) -> None:
        with self._lock:
            counts = self._threads.pop(key, None)
            if counts is not None:
                _add(self._retired, counts)

    def _series(self, key: Any, zero: list[Any]) -> list[Any]:
        if key not in self._created:
            with self._lock:
                self._created.setdefault(key, time.time())
        return zero

    def collect(self) -> Iterator[Metric]:
        with self._lock:
            total: dict[Any, list[Any]] = {}
            _add(total, self._retired)
            for theirs in list(self._threads.values()):
                _add(total, dict(theirs))
            created = dict(self._created)
        requests = Metric("pbem_http_requests", "HTTP requests answered", "counter")
        latency = Metric("pbem_http_request_seconds", "Time to answer a request", "histogram")
        for key, when in created.items():
            if isinstance(key, tuple):
                labels = {"endpoint": key[0], "status": key[1]}
                requests.add_sample("pbem_http_requests_total", labels, float(total.get(key, [0])[0]))
                if metrics._use_created:
                    requests.add_sample("pbem_http_requests_created", labels, when)
                continue
            seconds, buckets = total.get(key, [0.0, [0] * len(self.BOUNDS)])
            acc = 0.0
            for bound, n in zip(self.BOUNDS, buckets):
                acc += n
                latency.add_sample("pbem_http_request_seconds_bucket", {"endpoint": key, "le": floatToGoString(bound)},
                                   acc)
            latency.add_sample("pbem_http_request_seconds_count", {"endpoint": key}, acc)
            latency.add_sample("pbem_http_request_seconds_sum", {"endpoint": key}, float(seconds))
            if metrics._use_created:
                latency.add_sample("pbem_http_request_seconds_created", {"endpoint": key}, when)
        yield requests
        yield latency


class _Held:
    """One thread's numbers, held by its thread-local storage alone."""

    def __init__(self) -> None:
        self.counts: dict[Any, list[Any]] = {}


def _add(into: dict[Any, list[Any]], counts: dict[Any, list[Any]]) -> None:
    """``counts`` added to ``into`` (a request's count, or a route's seconds and buckets)."""
    for key, value in list(counts.items()):
        held = into.get(key)
        if held is None:
            into[key] = [value[0]] if len(value) == 1 else [value[0], list(value[1])]
        elif len(value) == 1:
            held[0] += value[0]
        else:
            held[0] += value[0]
            held[1] = [a + b for a, b in zip(held[1], value[1])]


@dataclass
class Metrics:
    registry: CollectorRegistry
    requests: Answered
    moves: Counter

    def answered(self, endpoint: str, status: str, seconds: float) -> None:
        """A request answered: counted by route and status, its time by route."""
        self.requests.count(endpoint, status, seconds)


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
    answered = Answered()
    registry.register(answered)
    metrics = Metrics(registry, answered, Counter("pbem_moves", "Moves applied", ["game"], registry=registry))
    registry.register(QueueCollector(client, settings))
    app.extensions["pbem"] = Services(settings, client, open_store(client, settings), metrics, TableCache())


def services() -> Services:
    return current_app.extensions["pbem"]
