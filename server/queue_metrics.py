"""Gauges of the work waiting for workers, read from Redis when /metrics is scraped: each rq
queue's length and the age of its oldest job, and the tables waiting on the server."""

import time
from collections.abc import Iterator

import redis
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

import config
from store import TableStore
from workers.queue import mail_queue, queue


class QueueCollector(Collector):
    def __init__(self, client: redis.Redis, settings: config.Settings):
        self.client, self.settings = client, settings

    def collect(self) -> Iterator[GaugeMetricFamily]:
        depth = GaugeMetricFamily("pbem_queue_jobs", "Jobs waiting in a queue", labels=["queue"])
        age = GaugeMetricFamily("pbem_queue_oldest_job_seconds", "Age of the oldest waiting job", labels=["queue"])
        tables = GaugeMetricFamily("pbem_tables_waiting_on_server", "Tables a worker must act on")
        oldest = GaugeMetricFamily("pbem_tables_waiting_on_server_oldest_seconds",
                                   "How long the table waiting longest on the server has waited")
        now = time.time()
        try:
            for q in (queue(self.client, self.settings), mail_queue(self.client, self.settings)):
                depth.add_metric([q.name], q.count)
                first = q.get_jobs(0, 0)
                enqueued = first[0].enqueued_at if first else None
                age.add_metric([q.name], max(0.0, now - enqueued.timestamp()) if enqueued else 0.0)
            count, since = TableStore(self.client).pending()
            tables.add_metric([], count)
            oldest.add_metric([], max(0.0, now - since) if since else 0.0)
        except redis.RedisError:
            return
        yield from (depth, age, tables, oldest)
