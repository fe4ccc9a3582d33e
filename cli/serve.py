"""`pbem run` and `pbem worker`: the processes of a server."""

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import click

import config
from store.embedded import EmbeddedRedis
from workers import process, smtp_in


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
    listener = smtp_in.listen(host, settings.mail_in_port, config.load()) if settings.mail_in_port else None
    try:
        from werkzeug.serving import run_simple

        from server.app import create_app
        app = create_app()
        settings = config.load()
        click.echo(f"PBEM server on http://{host}:{port}  (docs: /docs)")
        click.echo(f"Redis: {settings.redis_url}" + ("  (embedded, data in " + str(embedded.data_dir) + ")"
                                                     if embedded else ""))
        click.echo("Mail: " + (settings.smtp_url or f"outbox folder {settings.outbox_dir} (see 'pbem outbox')"))
        if listener:
            click.echo(f"Replies by SMTP on {host}:{settings.mail_in_port}")
        run_simple(host, port, app, threaded=True)
    finally:
        if listener:
            listener.stop()
        worker.terminate()
        worker.wait(timeout=30)
        if embedded:
            embedded.stop()


@click.command("mail-in")
@click.option("--port", type=int, default=2525, show_default=True)
@click.option("--host", default="127.0.0.1", show_default=True)
def mail_in(port: int, host: str) -> None:
    """Listen for players' replies by SMTP (point your MX, or a forward, at it)."""
    settings = config.load()
    if not settings.redis_url:
        raise click.ClickException("REDIS_URL is not set.")
    listener = smtp_in.listen(host, port, settings)
    click.echo(f"Taking replies by SMTP on {host}:{port}")
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    try:
        stop.wait()
    except KeyboardInterrupt:
        pass
    finally:
        listener.stop()


@click.command()
@click.option("--burst", is_flag=True, help="Work until the queue is empty, then stop.")
def worker(burst: bool) -> None:
    """A worker: settles tables that need the server (the rules' own steps, bots, clocks, who
    to email) and runs the rq jobs (replies, deadlines, emails) with rq's scheduler."""
    settings = config.load()
    if not settings.redis_url:
        raise click.ClickException("REDIS_URL is not set.")
    process.run(settings, threading.Event(), burst=burst)
