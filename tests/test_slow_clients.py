"""Connections that never finish their request head must not shut the API for everyone (with
Granian's defaults, 1,000 of them held it for 30 s: it took no new connection past 1,024 per
process, and closed a half-sent head only after 30 s). Real sockets against a real `pbem run`
(one API process); `python -m bench.slow_clients` measures it at more connections."""

import socket
import time

import requests

from cli.web import HEAD_SECONDS
from tests.workers.runs import Run

HALF_HEAD = b"GET /healthz HTTP/1.1\r\nHost: pbem\r\nUser-Agent: slow"
HELD = 1100                 # past Granian's default of 1,024 connections per process


def test_a_thousand_half_sent_heads_neither_stop_others_nor_stay(tmp_path, smtp_server):
    run = Run(tmp_path / "data", smtp_server.url).start()
    held = []
    try:
        for _ in range(HELD):
            sock = socket.create_connection(("127.0.0.1", run.port), timeout=5)
            sock.sendall(HALF_HEAD)
            held.append(sock)
        opened = time.monotonic()
        assert requests.get(f"{run.url}/healthz", timeout=10).status_code == 200
        assert time.monotonic() - opened < 5
        until = opened + HEAD_SECONDS + 10
        assert all(ended(sock, until) for sock in held)
    finally:
        for sock in held:
            sock.close()
        run.stop()


def ended(sock: socket.socket, until: float) -> bool:
    """The server closed the connection (or answered it, or reset it) before ``until``."""
    sock.settimeout(max(0.01, until - time.monotonic()))
    try:
        sock.recv(4096)
    except TimeoutError:
        return False
    except ConnectionResetError:
        pass
    return True
