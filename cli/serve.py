"""`pbem run` and `pbem worker`: the processes of a server.

`pbem run` is a supervisor: it holds the data folder's lock, stops what a killed run on the
same folder left, then starts and watches its children (the embedded Redis, the table
workers, the mail workers, the API) and starts again any that dies, with backoff. Ctrl-C or SIGTERM
stops them: the API and the workers first, Redis last; a second Ctrl-C kills what is left.
"""

import dataclasses
import logging
import os
import secrets
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from collections.abc import Callable
from typing import Any

import click

import config
from store.embedded import EmbeddedRedis
from workers import process, smtp_in
from workers.lifeline import die_with_parent

from . import datalock, web
from .supervisor import Child, Supervisor

FSYNC_CHOICES = ("everysec", "always")


def child_options(run_mark: str) -> dict[str, Any]:
    """How every child is started: marked as this run's, in its own process group (Ctrl-C
    reaches only the supervisor, which stops the children in order), dying with it."""
    return {"env": {**os.environ, datalock.MARK: run_mark}, "process_group": 0, "preexec_fn": die_with_parent}


@click.command()
@click.option("--port", type=int, default=lambda: int(os.environ.get("PORT", "8000")), show_default="8000 or $PORT")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--dev", is_flag=True, help="Serve with werkzeug's development server instead of Granian.")
@click.option("--api-processes", type=click.IntRange(min=1), default=None,
              help="API processes (Granian workers).  [default: $PBEM_WEB_WORKERS, else one per core, at most 16]")
@click.option("--workers", type=click.IntRange(min=1), default=None,
              help="Table worker processes.  [default: $PBEM_WORKERS, else one per 4 cores, at least 1]")
@click.option("--mail-workers", type=click.IntRange(min=1), default=None,
              help="Mail worker processes.  [default: as many as --workers]")
def run(port: int, host: str, dev: bool, api_processes: int | None, workers: int | None,
        mail_workers: int | None) -> None:
    """The API, the workers, and (with no REDIS_URL) an embedded Redis server, kept running."""
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s: %(message)s")
    if api_processes:
        os.environ["PBEM_WEB_WORKERS"] = str(api_processes)
    settings = config.load()
    workers = workers or settings.workers or table_workers()
    counts = {"tables": workers, "mail": mail_workers or workers}
    if settings.fsync not in FSYNC_CHOICES:
        raise click.ClickException(f"PBEM_FSYNC must be one of {', '.join(FSYNC_CHOICES)}, not {settings.fsync!r}.")
    data_dir = Path(settings.data_dir)
    try:
        lock = datalock.lock(data_dir)
    except datalock.FolderInUse as busy:
        raise click.ClickException(str(busy)) from None
    strays = datalock.stop_strays(data_dir)
    if strays:
        click.echo(f"Stopped {len(strays)} process(es) a previous run on {data_dir} left running: "
                   f"{', '.join(map(str, strays))}")
    stop, force, first = threading.Event(), threading.Event(), [0.0]

    def on_signal(*_: object) -> None:
        """The first Ctrl-C (or SIGTERM) stops in order; another one a second later kills. One
        that comes at once is the same request twice (a tool that signals the whole group)."""
        if not stop.is_set():
            first[0] = time.monotonic()
            stop.set()
        elif time.monotonic() - first[0] > 1.0:
            force.set()

    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, on_signal)
    options = child_options(datalock.mark(data_dir, secrets.token_hex(8)))
    supervisor, listener, runtime = Supervisor(), None, data_dir / config.RUNTIME_REDIS
    serving = data_dir / config.RUNTIME_SERVER
    try:
        embedded = None
        if not settings.redis_url or not settings.jobs_url:     # no Redis, or a cluster and no queue server
            embedded = EmbeddedRedis(data_dir / datalock.REDIS_FOLDER, config.REDIS_CONF, fsync=settings.fsync,
                                     popen=options)
            supervisor.add(Child("redis", lambda: _started(embedded), grace=30, last=True))
            name = "REDIS_URL" if not settings.redis_url else "PBEM_QUEUE_URL"
            os.environ[name] = options["env"][name] = embedded.url
            if name == "REDIS_URL":
                runtime.write_text(embedded.url)
        for name, default in (("PUBLIC_URL", f"http://{host}:{port}"), ("SECRET_KEY", settings.secret_key)):
            options["env"][name] = os.environ.setdefault(name, default)
        python = [sys.executable, "-m"]
        for queue, count in counts.items():
            command = [*python, "cli.main", "worker", "--queues", queue]
            for n in range(count):
                supervisor.add(Child(f"{queue} worker" + (f" {n + 1}" if count > 1 else ""),
                                     lambda command=command: subprocess.Popen(command, **options),
                                     grace=settings.smtp_timeout + 30))
        api = [*python, "cli.web", host, str(port), *(["--dev"] if dev else [])]
        serving.write_text(f"http://{host}:{port}")
        api_options = {**options, "preexec_fn": _niced(settings.api_nice)}
        supervisor.add(Child("api", lambda: subprocess.Popen(api, **api_options)))
        settings = config.load()
        if settings.mail_in_port:
            listener = smtp_in.listen(host, settings.mail_in_port, settings)
        click.echo(f"PBEM server on http://{host}:{port}  (docs: /docs)  " +
                   ("[werkzeug development server]" if dev else f"[Granian, {web.workers(settings)} process(es)]") +
                   f"  workers: {counts['tables']} table, {counts['mail']} mail")
        embedded_note = f"  (embedded, data in {embedded.data_dir}, appendfsync {settings.fsync})" if embedded else ""
        if settings.cluster:
            click.echo(f"Redis Cluster: {settings.redis_url}\nJob queues: {settings.jobs_url}{embedded_note}")
        else:
            click.echo(f"Redis: {settings.redis_url}{embedded_note}")
        click.echo("Mail: " + (settings.smtp_url or f"outbox folder {settings.outbox_dir} (see 'pbem outbox')"))
        if listener:
            click.echo(f"Replies by SMTP on {host}:{settings.mail_in_port}")
        _next_steps(host, port, settings, listener is not None)
        while not stop.wait(0.2):
            supervisor.check()
    finally:
        if listener:
            listener.stop()
        supervisor.stop(force)
        runtime.unlink(missing_ok=True)
        serving.unlink(missing_ok=True)
        os.close(lock)


def table_workers() -> int:
    """The default: one table worker per 4 cores. A settle costs about a fifth of what the API
    spends on a move (bench/cpu.py), so the API processes, one per core, keep them busy."""
    return max(1, (os.cpu_count() or 1) // 4)


def _next_steps(host: str, port: int, settings: config.Settings, mail_in: bool) -> None:
    """What a new user does next, with the commands as they can be pasted from here."""
    pbem = Path(sys.executable).with_name("pbem")
    try:
        pbem = pbem.relative_to(Path.cwd())
    except ValueError:
        pass
    base = f"http://{host}:{port}"
    lines = [f"Next: open {base}/new to start a game as a player does, {base}/ (what this server hosts) or {base}/docs "
             "(the API); as the host, in another terminal:",
             f"  {pbem} new clash mcworld=Ann:ann@example.org jihad=Bob:bob@example.org",
             f"  {pbem} outbox       # the emails it sent" if not settings.smtp_url else
             f"  (emails go out through {settings.smtp_url})"]
    if not mail_in:
        lines.append(f"To answer emails by replying: PBEM_MAIL_IN_PORT=2525 make run, or {pbem} mail-in beside it.")
    lines.append("Stop with Ctrl-C.")
    click.echo("\n".join(lines))


def _niced(niceness: int) -> Callable[[], None]:
    """A child's start: dying with the parent, at this niceness (the API's, PBEM_API_NICE)."""
    def start() -> None:
        die_with_parent()
        if niceness:
            os.nice(niceness)
    return start


def _started(embedded: EmbeddedRedis) -> "subprocess.Popen[bytes]":
    """Start (or start again) the embedded Redis; it may take a while to read a long AOF back."""
    process = embedded.start(timeout=120).process
    assert process is not None
    return process


@click.command("mail-in")
@click.option("--port", type=int, default=2525, show_default=True)
@click.option("--host", default="127.0.0.1", show_default=True)
def mail_in(port: int, host: str) -> None:
    """Listen for players' replies by SMTP (point your MX, or a forward, at it)."""
    settings = _with_redis(config.load())
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
@click.option("--queues", default="tables,mail", show_default=True,
              help="Which queues: 'tables' (with the settler), 'mail', or both; one thread each.")
def worker(burst: bool, queues: str) -> None:
    """A worker: settles tables that need the server (the rules' own steps, bots, clocks, who
    to email) and runs the rq jobs (replies, deadlines, emails) with rq's scheduler."""
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s: %(message)s")
    chosen = tuple(q.strip() for q in queues.split(",") if q.strip())
    if not chosen or set(chosen) - set(process.QUEUES):
        raise click.BadParameter(f"choose among {', '.join(process.QUEUES)}", param_hint="--queues")
    settings = _with_redis(config.load())
    if not settings.jobs_url:
        raise click.ClickException("The store is a Redis Cluster: set PBEM_QUEUE_URL to one Redis server for the "
                                   "job queues (rq cannot run on a cluster).")
    process.run(settings, threading.Event(), burst=burst, queues=chosen)


def _with_redis(settings: config.Settings) -> config.Settings:
    """REDIS_URL, or the embedded Redis of a `pbem run` on the same data folder."""
    url = config.redis_url_of(settings)
    if not url:
        raise click.ClickException("No Redis to use: start the server with 'make run' (its embedded Redis is "
                                   "found through the data folder), or set REDIS_URL.")
    return dataclasses.replace(settings, redis_url=url)
