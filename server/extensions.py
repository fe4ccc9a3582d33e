"""Per-app handles: the settings, the Redis client, the store, the metrics registry."""

from dataclasses import dataclass

import redis
from flask import Flask, current_app
from prometheus_client import CollectorRegistry, Counter, Histogram

import config
from store import TableStore
from tables import TableCache

from .queue_metrics import QueueCollector


@dataclass
class Metrics:
    registry: CollectorRegistry
    requests: Counter
    latency: Histogram
    moves: Counter


@dataclass
class Services:
    settings: config.Settings
    redis: redis.Redis
    store: TableStore
    metrics: Metrics
    tables: TableCache


def init_app(app: Flask, settings: config.Settings) -> None:
    client = redis.Redis.from_url(settings.redis_url)
    registry = CollectorRegistry()
    metrics = Metrics(
        registry,
        Counter("pbem_http_requests", "HTTP requests answered", ["endpoint", "status"], registry=registry),
        Histogram("pbem_http_request_seconds", "Time to answer a request", ["endpoint"], registry=registry),
        Counter("pbem_moves", "Moves applied", ["game"], registry=registry))
    registry.register(QueueCollector(client, settings))
    app.extensions["pbem"] = Services(settings, client, TableStore(client), metrics, TableCache())


def services() -> Services:
    return current_app.extensions["pbem"]
