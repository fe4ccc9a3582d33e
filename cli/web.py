"""The API's process under `pbem run`: Granian (a production WSGI server), or werkzeug's
development server with ``--dev``.

Why Granian: on this 2-core machine it answered the most moves of the candidates tried with
the same load (`python -m bench.wsgi_servers`; figures in README.md, "Production"), its
server loop is Rust (the HTTP parsing costs our Python nothing), it runs several processes
on a multi-core machine, and it ships as a wheel, so `make run` still needs only Python.

`python -m cli.web HOST PORT [--dev]`: started by `pbem run`, which watches it.
"""

import os
import sys
from typing import Any

import config
from workers.lifeline import watch_parent


def create() -> Any:
    """The app, in one of Granian's worker processes: it exits if its server is killed."""
    watch_parent(os.getppid())
    from server.app import create_app
    return create_app()


def workers(settings: config.Settings) -> int:
    return settings.web_workers or max(1, min(os.cpu_count() or 1, 4))


def serve(host: str, port: int, dev: bool) -> None:
    settings = config.load()
    if dev:
        from werkzeug.serving import run_simple

        from server.app import create_app
        run_simple(host, port, create_app(), threaded=True)
        return
    from granian import Granian
    from granian.constants import Interfaces
    Granian("cli.web:create", address=host, port=port, interface=Interfaces.WSGI, factory=True,
            workers=workers(settings), blocking_threads=settings.web_threads, respawn_failed_workers=True,
            log_level="warning").serve()    # type: ignore[arg-type]


if __name__ == "__main__":
    serve(sys.argv[1], int(sys.argv[2]), "--dev" in sys.argv[3:])
