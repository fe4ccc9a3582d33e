"""A Redis restart under a running mail worker: one line in the log, no rq traceback, and the
worker carries on (a real Redis stopped and started again on its port)."""

import logging
import threading
import time

import redis

import config
from store.embedded import EmbeddedRedis
from tests.workers.runs import wait_for
from workers import process
from workers.queue import mail_queue


def workers(url):
    client = redis.Redis.from_url(url)
    try:
        return [name for name in client.smembers("rq:workers") if b":mail:" in name]
    except redis.ConnectionError:
        return []
    finally:
        client.close()


def test_a_redis_restart_logs_one_line_per_worker_and_no_traceback(tmp_path, caplog):
    server = EmbeddedRedis(tmp_path / "redis", config.REDIS_CONF).start()
    settings = config.load({"redis_url": server.url, "queue_url": "", "data_dir": str(tmp_path)})
    stop = threading.Event()
    thread = threading.Thread(target=process.work_queue, args=(settings, "mail", stop), daemon=True)
    caplog.set_level(logging.INFO)
    thread.start()
    try:
        wait_for(lambda: workers(server.url), timeout=20)
        server.stop()
        time.sleep(1)
        server = EmbeddedRedis(tmp_path / "redis", config.REDIS_CONF, port=server.port).start()
        queue = mail_queue(redis.Redis.from_url(server.url), settings)
        job = queue.enqueue("os.getpid")                                       # the worker carries on
        wait_for(lambda: job.get_status(refresh=True) == "finished", timeout=30)
    finally:
        stop.set()
        thread.join(30)
        server.stop()
    assert not thread.is_alive()
    loud = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert not [r for r in loud if r.exc_info], [r.getMessage() for r in loud if r.exc_info]   # no traceback
    assert len(loud) == 1, [r.getMessage() for r in loud]                     # one line for the outage
    assert "Redis" in loud[0].getMessage() and "mail" in loud[0].getMessage()


def test_rqs_traceback_for_an_outage_between_its_calls_becomes_the_one_line(caplog):
    caplog.set_level(logging.INFO)
    rq_log, name = logging.getLogger("rq.worker"), "pbem:host-1-abc:synthetic:1"
    for _ in range(2):                  # what rq logs when Redis goes away outside its dequeue's own retries
        try:
            raise redis.ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")
        except redis.ConnectionError:
            rq_log.error("Worker %s: found an unhandled exception, quitting...", name, exc_info=True)
    rq_log.error("Worker %s: could not connect to Redis instance: %s retrying in %d seconds...", name, "refused", 2)
    (line,) = [r for r in caplog.records if r.name == "rq.worker"]
    assert line.levelno == logging.WARNING and line.exc_info is None
    assert line.getMessage().startswith("synthetic queue: Redis is not answering (Error 111")
    process.OUTAGES.up("synthetic")
