"""A mail worker killed while the SMTP server holds its email (the whole message sent, the answer
to DATA not yet given): the email goes again within seconds of the kill, with the same
Message-ID, and every other email goes once. A real worker process, a real SMTP server."""

import asyncio
import email
import os
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from email import policy

import pytest
from aiosmtpd.controller import Controller

from store.embedded import free_port
from tests.helpers import SEATS
from tests.workers.runs import ROOT, wait_for
from workers import process

WORKER = "import games; from tests.tinygame import Duel; games.register(Duel()); from cli.main import main; main(['worker'])"
TABLES = 4


class HoldingSmtp:
    """Takes every message; the first one's answer to DATA waits until ``release`` (the server
    has the message whole, as a real one does at that instant)."""

    def __init__(self) -> None:
        self.ids: list[str] = []
        self.holding, self.release = threading.Event(), threading.Event()
        self.port = free_port()
        self.controller = Controller(self, hostname="127.0.0.1", port=self.port)

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.content, policy=policy.default)
        self.ids.append(str(message["Message-ID"]))
        if not self.holding.is_set():
            self.holding.set()
            while not self.release.is_set():
                await asyncio.sleep(0.05)
        return "250 OK"


@pytest.fixture
def holding_smtp():
    server = HoldingSmtp()
    server.controller.start()
    yield server
    server.release.set()
    server.controller.stop()


def worker(tmp_path, smtp):
    return subprocess.Popen([sys.executable, "-c", WORKER], cwd=ROOT, stderr=subprocess.DEVNULL,
                            env={**os.environ, "SMTP_URL": f"smtp://127.0.0.1:{smtp.port}",
                                 "PBEM_SMTP_TIMEOUT": "60", "PBEM_DATA_DIR": str(tmp_path)})


def test_an_email_held_in_data_when_its_worker_dies_goes_again_soon_with_its_message_id(
        client, env, redis_client, holding_smtp, tmp_path):
    for _ in range(TABLES):
        assert client.post("/tables", json={"game": "duel", "seats": SEATS}).status_code == 201
    first = worker(tmp_path, holding_smtp)
    try:
        assert holding_smtp.holding.wait(30)
        first.send_signal(signal.SIGKILL)
        first.wait()
    finally:
        first.kill()
    killed = time.monotonic()
    holding_smtp.release.set()                    # the dead worker's connection gets its 250 too late
    (held,) = holding_smtp.ids
    record = redis_client.hgetall(f"pbem:handover:{held}")
    assert b"data" in record and b"accepted" not in record       # handed over, no answer seen
    second = worker(tmp_path, holding_smtp)
    try:
        wait_for(lambda: holding_smtp.ids.count(held) == 2, timeout=40)
        took = time.monotonic() - killed
        wait_for(lambda: len(set(holding_smtp.ids)) >= 2 * TABLES and not redis_client.llen("rq:queue:pbem-mail")
                 and not redis_client.zcard("rq:scheduled:pbem-mail"), timeout=30)
        time.sleep(1)
    finally:
        second.kill()
        second.wait()
    assert took < process.ALIVE_SECONDS + 3 * process.ALIVE_EVERY + 5      # not rq's 90 s heartbeat and more
    counts = Counter(holding_smtp.ids)
    assert counts.pop(held) == 2                                  # the one in doubt, twice, one Message-ID
    assert set(counts.values()) == {1}, counts                    # every other email once
    record = redis_client.hgetall(f"pbem:handover:{held}")
    assert b"accepted" in record and record[b"tries"] == b"2"
