"""Connections that never finish their request, against a real `pbem run`: does everyone else
still get answered?

Opens N raw sockets to the API, each sending half a request head (the default), a whole head
and a tenth of the body it announces (``--body``) or nothing at all (``--idle``), and keeps them
open; then times ``GET /healthz`` from a fresh connection, and watches how long the server keeps
the held sockets before it closes them. `python -m bench.slow_clients [N ...] [--body|--idle]`
(default 500 1000 2000; not part of `make bench`: it reports times). Figures in README.md,
"Production".
"""

import socket
import sys
import tempfile
import time
from pathlib import Path

import requests

from tests.workers.runs import Run

HALF_HEAD = b"GET /healthz HTTP/1.1\r\nHost: pbem\r\nUser-Agent: slow"
SLOW_BODY = (b"POST /tables HTTP/1.1\r\nHost: pbem\r\nContent-Type: application/json\r\n"
             b"Content-Length: 1000\r\n\r\n" + b"{" + b" " * 99)


def hold(port: int, count: int, opening: bytes) -> list[socket.socket]:
    """``count`` connections, each having sent ``opening`` and nothing more (those the server
    refuses or resets at once are not kept)."""
    held = []
    for _ in range(count):
        try:
            sock = socket.create_connection(("127.0.0.1", port), timeout=5)
            sock.sendall(opening)
            held.append(sock)
        except OSError:
            continue
    return held


def healthz_seconds(url: str, timeout: float = 90.0) -> float:
    """Seconds until a fresh client is answered (``timeout`` if it never is)."""
    started = time.perf_counter()
    try:
        requests.get(f"{url}/healthz", timeout=timeout).raise_for_status()
    except requests.RequestException:
        return timeout
    return time.perf_counter() - started


def closed_after(held: list[socket.socket], since: float, limit: float = 90.0) -> float | None:
    """Seconds from ``since`` until the server has closed every held connection (None: not within ``limit``)."""
    open_ = list(held)
    for sock in open_:
        sock.setblocking(False)
    while open_ and time.perf_counter() - since < limit:
        still = []
        for sock in open_:
            try:
                if sock.recv(4096) == b"":
                    continue                        # closed by the server
            except BlockingIOError:
                pass
            except OSError:
                continue                            # reset by the server
            still.append(sock)
        open_ = still
        time.sleep(0.2)
    return None if open_ else time.perf_counter() - since


def probe(run: Run, count: int, opening: bytes) -> str:
    since = time.perf_counter()
    held = hold(run.port, count, opening)
    opened = time.perf_counter() - since
    waited = healthz_seconds(run.url)
    closed = closed_after(held, since)
    for sock in held:
        sock.close()
    time.sleep(1)
    return (f"{count} held ({len(held)} open after {opened:.1f} s): /healthz answered in {waited:.2f} s; "
            f"the server closed them {f'after {closed:.0f} s' if closed is not None else 'not within 90 s'}")


OPENINGS = {"--body": SLOW_BODY, "--idle": b""}


def main(counts: list[int], opening: bytes) -> None:
    folder = Path(tempfile.mkdtemp(prefix="pbem-slow-"))
    run = Run(folder / "data", "")
    run.env["PBEM_WEB_WORKERS"] = "0"                # as `pbem run` is by default: one API process per core
    run.start()
    try:
        print(f"idle: /healthz in {healthz_seconds(run.url) * 1000:.0f} ms")
        for count in counts:
            print(probe(run, count, opening), flush=True)
    finally:
        run.stop()


if __name__ == "__main__":
    args = sys.argv[1:]
    main([int(a) for a in args if a.isdigit()] or [500, 1000, 2000],
         next((OPENINGS[a] for a in args if a in OPENINGS), HALF_HEAD))
