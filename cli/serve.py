"""`pbem run` and `pbem worker`: the processes of a server."""

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import click
import redis
from rq import Worker
from rq.serializers import JSONSerializer

import config
from store import TableStore
from store.embedded import EmbeddedRedis
from workers import relay
from workers.queue import queue


@click.command()
@click.option("--port", type=int, default=lambda: int(os.environ.get("PORT", "8000")), show_default="8000 or $PORT")
@click.option("--host", default="127.0.0.1", show_default=True)
def run(port: int, host: str) -> None:
    """The API, one worker, and (with no REDIS_URL) an embedded Redis server."""
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))    # stop the children on 'kill' as on Ctrl-C
    settings = config.load()
    embedded = None
    if not settings.redis_url:
        embedded = EmbeddedRedis(Path(settings.data_dir) / "redis", config.REDIS_CONF).start()
        os.environ["REDIS_URL"] = embedded.url
    os.environ.setdefault("PUBLIC_URL", f"http://{host}:{port}")
    os.environ.setdefault("SECRET_KEY", settings.secret_key)
    worker = subprocess.Popen([sys.executable, "-m", "cli.main", "worker"], env=os.environ.copy())
    try:
        from werkzeug.serving import run_simple

        from server.app import create_app
        app = create_app()
        settings = config.load()
        click.echo(f"PBEM server on http://{host}:{port}  (docs: /docs)")
        click.echo(f"Redis: {settings.redis_url}" + ("  (embedded, data in " + str(embedded.data_dir) + ")"
                                                     if embedded else ""))
        click.echo("Mail: " + (settings.smtp_url or f"outbox folder {settings.outbox_dir} (see 'pbem outbox')"))
        run_simple(host, port, app, threaded=True)
    finally:
        worker.terminate()
        worker.wait(timeout=30)
        if embedded:
            embedded.stop()


@click.command()
@click.option("--burst", is_flag=True, help="Work until the queue is empty, then stop.")
def worker(burst: bool) -> None:
    """An rq worker for the table jobs, with rq's scheduler (retries, later jobs) and the relay
    that turns each move into an `advance` job."""
    settings = config.load()
    if not settings.redis_url:
        raise click.ClickException("REDIS_URL is not set.")
    connection = redis.Redis.from_url(settings.redis_url)
    if burst:
        relay.drain(TableStore(connection), settings)
    else:
        relay.start(redis.Redis.from_url(settings.redis_url), settings, threading.Event())
    Worker([queue(connection, settings)], connection=connection, serializer=JSONSerializer).work(
        with_scheduler=True, burst=burst, logging_level="WARNING")
