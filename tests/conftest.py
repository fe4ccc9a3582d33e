"""Fixtures: a real Redis server and a real SMTP server on loopback; no mocks."""

import email
import threading
from dataclasses import dataclass, field
from email import policy

import pytest
import redis as redis_lib
from aiosmtpd.controller import Controller
from werkzeug.serving import make_server

import config
import games
from store import TableStore
from store.embedded import EmbeddedRedis, free_port
from tests.tinygame import Duel
from workers import settle
from workers.context import Context
from workers.process import rq_worker

games.register(Duel())

@pytest.fixture(scope="session")
def redis_server(tmp_path_factory):
    server = EmbeddedRedis(tmp_path_factory.mktemp("redis"), config.REDIS_CONF).start()
    yield server
    server.stop()


@pytest.fixture
def redis_client(redis_server):
    client = redis_lib.Redis.from_url(redis_server.url)
    client.flushall()
    yield client
    client.close()


@pytest.fixture
def store(redis_client):
    return TableStore(redis_client)


@dataclass
class Inbox:
    """What the SMTP server received, parsed."""
    messages: list = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.content, policy=policy.default)
        with self.lock:
            self.messages.append(message)
        return "250 OK"

    def to(self, address):
        return [m for m in self.messages if address in str(m["To"])]

    def text(self, message):
        return message.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")


class SmtpServer:
    def __init__(self):
        self.inbox = Inbox()
        self.port = free_port()
        self.controller = None

    @property
    def url(self):
        return f"smtp://127.0.0.1:{self.port}"

    def start(self):
        self.controller = Controller(self.inbox, hostname="127.0.0.1", port=self.port)
        self.controller.start()

    def stop(self):
        if self.controller:
            self.controller.stop()
            self.controller = None


@pytest.fixture
def smtp_server():
    server = SmtpServer()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def env(request, monkeypatch, redis_server, smtp_server, tmp_path):
    """The environment of a server under test: real Redis, real SMTP, its own data folder."""
    if "dns" not in request.fixturenames:
        # The suite's replies come unsigned from made-up domains: a machine with real DNS must not
        # hold them under some real domain's DMARC policy. tests/mail/test_sender_auth.py (the `dns`
        # fixture, a resolver on loopback) checks the default, enforce.
        monkeypatch.setenv("PBEM_INBOUND_AUTH", "record")
    monkeypatch.setenv("REDIS_URL", redis_server.url)
    monkeypatch.setenv("SMTP_URL", smtp_server.url)
    monkeypatch.setenv("PBEM_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("SECRET_KEY", "test-secret")
    monkeypatch.setenv("PUBLIC_URL", "http://pbem.test")
    monkeypatch.setenv("PBEM_MAIL_RETRY_INTERVALS", "1,1,1")
    return config.load()


@pytest.fixture
def app(env, redis_client):
    from server.app import create_app
    return create_app()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def run_worker(env, redis_client):
    """Settle every table that needs the server, run every queued job (and due retries) here, then return."""
    def run():
        ctx, first = Context(env, TableStore(redis_client)), True
        while settle.drain(ctx) or first:        # jobs may leave new change notices: go again
            rq_worker(redis_client, env).work(burst=True, with_scheduler=True, logging_level="ERROR")
            first = False
    return run


@pytest.fixture
def live_server(app, monkeypatch):
    port = free_port()
    server = make_server("127.0.0.1", port, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    monkeypatch.setenv("PBEM_SERVER", url)
    yield url
    server.shutdown()


@pytest.fixture
def mail_in(env, redis_client):
    """The server's SMTP listener for replies, on loopback."""
    from workers import smtp_in
    port = free_port()
    listener = smtp_in.listen("127.0.0.1", port, env)
    yield port
    listener.stop()
