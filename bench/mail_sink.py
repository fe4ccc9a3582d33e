"""A local SMTP server (aiosmtpd) that notes when each turn email arrives, for the load driver.

Only the headers are read: the Message-ID of a turn email names its table, seat and edge (the
seq since which the seat is waited on: `<table.your_turn-EDGE-SEAT@domain>`, workers/mail.py
``message_id``), and X-PBEM-Table / X-PBEM-Seat say the same for every email of a table.
A load thread waits here for the email its move should bring (``wait``).
"""

import re
import threading
import time
from dataclasses import dataclass
from email.parser import BytesHeaderParser
from typing import Any

from store.embedded import free_port

TURN_ID = re.compile(r"<(?P<table>[^.>]+)\.your_turn-(?P<edge>\d+)-(?P<seat>[^@>]+)@")


@dataclass(frozen=True)
class Arrival:
    at: float            # time.perf_counter() when the DATA command was received
    table: str
    seat: str
    edge: int            # -1 for an email that is not a turn


class TimedSink:
    """Keeps, per (table, seat), the turn emails that arrived, with their arrival times."""

    def __init__(self) -> None:
        from aiosmtpd.controller import Controller
        self.port = free_port()
        self.arrivals: dict[tuple[str, str], list[Arrival]] = {}
        self.count = 0
        self.other = 0                       # emails that are not turns (invitations, game over...)
        self.changed = threading.Condition()
        self.controller = Controller(self, hostname="127.0.0.1", port=self.port)
        self.controller.start()

    @property
    def url(self) -> str:
        return f"smtp://127.0.0.1:{self.port}"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        at = time.perf_counter()
        headers = BytesHeaderParser().parsebytes(envelope.content)
        turn = TURN_ID.match(str(headers.get("Message-ID", "")))
        with self.changed:
            self.count += 1
            if turn:
                key = (turn["table"], turn["seat"])
                self.arrivals.setdefault(key, []).append(Arrival(at, key[0], key[1], int(turn["edge"])))
            else:
                self.other += 1
            self.changed.notify_all()
        return "250 OK"

    def wait(self, table: str, seat: str, since_seq: int, timeout: float) -> Arrival | None:
        """The first turn email to ``seat`` at ``table`` for an edge at or after ``since_seq``."""
        deadline = time.perf_counter() + timeout
        with self.changed:
            while True:
                for arrival in self.arrivals.get((table, seat), []):
                    if arrival.edge >= since_seq:
                        return arrival
                left = deadline - time.perf_counter()
                if left <= 0:
                    return None
                self.changed.wait(left)

    def stop(self) -> None:
        self.controller.stop()
