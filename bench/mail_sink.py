"""A local SMTP server (aiosmtpd) that notes when each turn email arrives, for the load driver.

It runs in a process of its own (`python -m bench.mail_sink PORT`): in the load driver's
process its replies would wait for the GIL behind the driver's threads, which would slow the
server's mail worker (it waits for each SMTP reply) and blur the times. Each arrival is stamped
there, on the system-wide monotonic clock (``time.monotonic``, the same in every process of the
machine), and written to its stdout, which a thread reads here.

Only the headers are read: the Message-ID of a turn email names its table, seat and edge (the
seq since which the seat is waited on: `<table.your_turn-EDGE-SEAT@domain>`, workers/mail.py
``message_id``). A load thread waits here for the email its move should bring (``wait``).
"""

import re
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from email.parser import BytesHeaderParser
from pathlib import Path
from typing import Any

from store.embedded import free_port

ROOT = Path(__file__).resolve().parent.parent
TURN_ID = re.compile(r"<(?P<table>[^.>]+)\.your_turn-(?P<edge>\d+)-(?P<seat>[^@>]+)@")


@dataclass(frozen=True)
class Arrival:
    at: float            # time.monotonic() when the DATA command was received
    table: str
    seat: str
    edge: int


class _Handler:
    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        at = time.monotonic()
        headers = BytesHeaderParser().parsebytes(envelope.content)
        turn = TURN_ID.match(str(headers.get("Message-ID", "")))
        line = f"{at!r} {turn['table']} {turn['seat']} {turn['edge']}" if turn else f"{at!r} - - -1"
        print(line, flush=True)
        return "250 OK"


def serve(port: int) -> None:
    """The sink's own process: one line on stdout per email received ("at table seat edge")."""
    from aiosmtpd.controller import Controller
    controller = Controller(_Handler(), hostname="127.0.0.1", port=port)
    controller.start()
    print("ready", flush=True)
    try:
        sys.stdin.read()                 # until the driver closes it (or dies)
    finally:
        controller.stop()


class TimedSink:
    """Keeps, per (table, seat), the turn emails that arrived, with their arrival times."""

    def __init__(self) -> None:
        self.port = free_port()
        self.arrivals: dict[tuple[str, str], list[Arrival]] = {}
        self.count = 0
        self.other = 0                       # emails that are not turns (invitations, game over...)
        self.changed = threading.Condition()
        self._process = subprocess.Popen([sys.executable, "-m", "bench.mail_sink", str(self.port)], cwd=ROOT,
                                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert self._process.stdout is not None
        if self._process.stdout.readline().strip() != "ready":
            self.stop()
            raise RuntimeError("the SMTP sink did not start")
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    @property
    def url(self) -> str:
        return f"smtp://127.0.0.1:{self.port}"

    def _read(self) -> None:
        assert self._process.stdout is not None
        for line in self._process.stdout:
            at_text, table, seat, edge_text = line.split()
            at, edge = float(at_text), int(edge_text)
            with self.changed:
                self.count += 1
                if edge >= 0:
                    self.arrivals.setdefault((table, seat), []).append(Arrival(at, table, seat, edge))
                else:
                    self.other += 1
                self.changed.notify_all()

    def wait(self, table: str, seat: str, since_seq: int, timeout: float) -> Arrival | None:
        """The first turn email to ``seat`` at ``table`` for an edge at or after ``since_seq``."""
        deadline = time.monotonic() + timeout
        with self.changed:
            while True:
                for arrival in self.arrivals.get((table, seat), []):
                    if arrival.edge >= since_seq:
                        return arrival
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self.changed.wait(left)

    def stop(self) -> None:
        if self._process.stdin is not None:
            self._process.stdin.close()
        try:
            self._process.wait(10)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()


if __name__ == "__main__":
    serve(int(sys.argv[1]))
