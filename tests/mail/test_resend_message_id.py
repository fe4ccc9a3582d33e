"""An email the SMTP server kept but did not say so (it answered DATA with a temporary error) is
sent again by the retry with the same Message-ID, so that a mail program shows it once: the
emails of a game started by email, and the one email of several turns held while mail was down."""

import email
import smtplib
import time
import uuid
from email import policy
from email.message import EmailMessage

import pytest
from aiosmtpd.controller import Controller

from store.embedded import free_port
from tests.gathering_helpers import ANN

NEW = "new@localhost"


class KeepsButFails:
    """Keeps every message; answers 451 to the first DATA of the kind named (as a server that
    wrote the message and then failed to say so)."""

    def __init__(self, kind: str) -> None:
        self.kind, self.failed, self.messages = kind, False, []
        self.port = free_port()
        self.controller = Controller(self, hostname="127.0.0.1", port=self.port)

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.content, policy=policy.default)
        self.messages.append(message)
        if str(message["X-PBEM-Kind"]) == self.kind and not self.failed:
            self.failed = True
            return "451 4.3.0 Try again later"
        return "250 OK"

    def ids(self, kind):
        return [str(m["Message-ID"]) for m in self.messages if str(m["X-PBEM-Kind"]) == kind]


def flaky(monkeypatch, kind):
    server = KeepsButFails(kind)
    server.controller.start()
    monkeypatch.setenv("SMTP_URL", f"smtp://127.0.0.1:{server.port}")
    return server


def until(run_worker, check, seconds=15):
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.5)                                     # the retries are 1 s apart in tests
        run_worker()


@pytest.fixture
def keeps_confirm(monkeypatch):
    server = flaky(monkeypatch, "gathering_confirm")
    yield server
    server.controller.stop()


def test_a_gathering_email_sent_again_keeps_its_message_id(run_worker, mail_in, keeps_confirm):
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = f"Ann <{ANN['email']}>", NEW, "Clash?"
    message["Message-ID"] = f"<{uuid.uuid4().hex}@player.example>"
    message.set_content("clash\nmcworld: me\njihad: Bob <bob@example.org>\n")
    with smtplib.SMTP("127.0.0.1", mail_in) as client:
        client.send_message(message, to_addrs=[NEW])
    run_worker()
    until(run_worker, lambda: len(keeps_confirm.ids("gathering_confirm")) == 2)
    first, again = keeps_confirm.ids("gathering_confirm")
    assert first == again


@pytest.fixture
def keeps_combined(monkeypatch, smtp_server):
    smtp_server.stop()                                     # nothing listens: every turn is held
    yield lambda: flaky(monkeypatch, "combined")


def test_the_email_of_turns_held_while_mail_was_down_sent_again_keeps_its_message_id(client, run_worker,
                                                                                    keeps_combined):
    for _ in range(2):
        made = client.post("/tables", json={"game": "duel", "seats": {
            "north": {"name": "Ann", "email": ANN["email"]}, "south": {"name": "Sam", "email": "sam@example.org"}}})
        assert made.status_code == 201
    run_worker()                                           # both turns held for Ann, a flush chain started
    server = keeps_combined()
    try:
        until(run_worker, lambda: len(server.ids("combined")) == 2, seconds=30)
        first, again = server.ids("combined")
        assert first == again
    finally:
        server.controller.stop()
