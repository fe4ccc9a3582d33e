"""The API's process under `pbem run`: Granian (a production WSGI server), or werkzeug's
development server with ``--dev``.

Why Granian: on this 2-core machine it answered the most moves of the candidates tried with
the same load (`python -m bench.wsgi_servers`; figures in README.md, "Production"), its
server loop is Rust (the HTTP parsing costs our Python nothing), it runs several processes
on a multi-core machine, and it ships as a wheel, so `make run` still needs only Python.

`python -m cli.web HOST PORT [--dev]`: started by `pbem run`, which watches it.
"""

import os
import resource
import sys
from typing import Any

import config
from workers.lifeline import watch_parent

# Clients that never finish a request (README, "Production"). Granian takes at most BACKPRESSURE
# connections per process at a time, each held until its request is answered: with its default
# (1,024 across the processes) a thousand half-sent heads stopped the API for everyone until its
# 30 s head timeout closed them. Here a process holds many more (an idle connection costs Rust
# a few kilobytes, no Python thread), and a head must arrive within HEAD_SECONDS. Granian has no
# such limit for a body, which it reads in the API's threads: a proxy in front must bound that.
HEAD_SECONDS = 10
BACKLOG = 4096                 # connections the kernel queues before they are taken (Linux caps it: somaxconn)
BACKPRESSURE = 8192            # connections each API process holds at once


def create() -> Any:
    """The app, in one of Granian's worker processes: it exits if its server is killed."""
    watch_parent(os.getppid())
    from server.app import create_app
    return create_app()


MAX_PROCESSES = 16     # the default's ceiling: past it, more machines (README, "Cluster")


def workers(settings: config.Settings) -> int:
    """API processes: PBEM_WEB_WORKERS, else one per core (the API is most of a move's CPU)."""
    return settings.web_workers or max(1, min(os.cpu_count() or 1, MAX_PROCESSES))


def serve(host: str, port: int, dev: bool) -> None:
    settings = config.load()
    if dev:
        from werkzeug.serving import run_simple

        from server.app import create_app
        run_simple(host, port, create_app(), threaded=True)
        return
    from granian import Granian
    from granian.constants import Interfaces
    from granian.http import HTTP1Settings
    open_files(BACKPRESSURE + 1024)
    Granian("cli.web:create", address=host, port=port, interface=Interfaces.WSGI, factory=True,
            workers=workers(settings), blocking_threads=settings.web_threads, respawn_failed_workers=True,
            backlog=BACKLOG, backpressure=BACKPRESSURE,
            http1_settings=HTTP1Settings(header_read_timeout=HEAD_SECONDS * 1000),
            log_level="warning").serve()    # type: ignore[arg-type]


def open_files(wanted: int) -> None:
    """Let this process and the API processes it starts hold ``wanted`` files (each connection
    is one), as far as the system's hard limit allows: the usual soft limit, 1,024, would stop
    a process taking connections long before BACKPRESSURE."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


if __name__ == "__main__":
    serve(sys.argv[1], int(sys.argv[2]), "--dev" in sys.argv[3:])
