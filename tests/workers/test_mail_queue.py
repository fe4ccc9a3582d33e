"""Issue 10, defect 8: a hung SMTP server holds up mail only. Sending has its own rq queue and
its own thread in the worker, and every SMTP attempt gives up after ``smtp_timeout`` seconds."""

import os
import socket
import subprocess
import sys
import threading
import time
from email.message import EmailMessage

import pytest

import config
from store import TableStore
from tests.helpers import SEATS
from workers import mail
from workers.queue import enqueue_deadline

from .runs import ROOT, wait_for

WORKER = "import games; from tests.tinygame import Duel; games.register(Duel()); from cli.main import main; main(['worker'])"


class HungSmtp:
    """Accepts connections and never says a word (not even the greeting)."""

    def __init__(self) -> None:
        self.socket = socket.create_server(("127.0.0.1", 0))
        self.port = self.socket.getsockname()[1]
        self.connections: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                connection, _ = self.socket.accept()
            except OSError:
                return
            self.connections.append(connection)

    @property
    def url(self) -> str:
        return f"smtp://127.0.0.1:{self.port}"

    def close(self) -> None:
        self.socket.close()
        for connection in self.connections:
            connection.close()


@pytest.fixture
def hung_smtp():
    server = HungSmtp()
    yield server
    server.close()


def test_a_hung_smtp_server_costs_one_attempt_the_timeout_and_no_more(env, hung_smtp):
    settings = config.load({"smtp_url": hung_smtp.url, "smtp_timeout": 1})
    message = EmailMessage()                                # any message: the greeting never comes
    message["To"], message["From"], message["Subject"] = "nora@example.org", settings.mail_from, "hello"
    message.set_content("hello")
    started = time.monotonic()
    with pytest.raises(OSError):                            # socket.timeout: rq retries the job later
        mail.send(message, settings)
    assert 0.9 <= time.monotonic() - started < 5
    assert len(hung_smtp.connections) == 1


def test_table_work_goes_on_while_the_smtp_server_hangs(client, env, redis_client, hung_smtp, tmp_path):
    """A real worker process: its mail thread is stuck on the hung server while its table queue
    plays a timed-out seat's turn by a bot, and its settler has the bot seat answer."""
    answer = client.post("/tables", json={"game": "duel", "seats": {**SEATS, "south": {"bot": "random"}},
                                          "time_control": {"kind": "clock", "preset": "live"}, "on_timeout": "bot"})
    assert answer.status_code == 201, answer.json
    table = answer.json["id"]
    worker = subprocess.Popen([sys.executable, "-c", WORKER], cwd=ROOT,
                              env={**os.environ, "SMTP_URL": hung_smtp.url, "PBEM_SMTP_TIMEOUT": "60",
                                   "PBEM_DATA_DIR": str(tmp_path)})
    try:
        store = TableStore(redis_client)
        wait_for(lambda: store.clock(table).get("north:deadline"), timeout=30)     # settled: north's clock runs
        wait_for(lambda: hung_smtp.connections, timeout=30)                        # mail is now stuck
        clock = store.clock(table)
        edge, deadline = int(clock["north:edge"]), float(clock["north:deadline"])
        started = time.monotonic()
        enqueue_deadline(redis_client, env, table, "north", edge, deadline, deadline + 1)   # a table-queue job
        def moves():
            return client.get(f"/tables/{table}/log").json["events"]
        wait_for(lambda: [e for e in moves() if e["by"] == "north"], timeout=20)   # a bot played north's turn
        wait_for(lambda: [e for e in moves() if e["by"] == "south"], timeout=20)   # and the bot seat answered
        assert time.monotonic() - started < 20                    # far less than one SMTP attempt (60 s)
        assert worker.poll() is None
    finally:
        worker.kill()
        worker.wait()


def test_mail_held_while_smtp_is_down_goes_out_once_it_is_back(client, env, redis_client, smtp_server, tmp_path):
    """The retries are timed jobs: rq's scheduler (a thread of the worker) hands them back to
    the mail queue when they are due."""
    smtp_server.stop()                                        # nothing listens: every attempt fails at once
    answer = client.post("/tables", json={"game": "duel", "seats": SEATS})
    assert answer.status_code == 201, answer.json
    worker = subprocess.Popen([sys.executable, "-c", WORKER], cwd=ROOT,
                              env={**os.environ, "PBEM_DATA_DIR": str(tmp_path)})
    try:
        wait_for(lambda: redis_client.zcard("rq:scheduled:pbem-mail"), timeout=30)   # a retry is scheduled
        smtp_server.start()
        told = wait_for(lambda: smtp_server.inbox.to("nora@example.org"), timeout=30)
        assert [str(m["X-PBEM-Table"]) for m in told] == [answer.json["id"]]
    finally:
        worker.kill()
        worker.wait()
