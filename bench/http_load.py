"""A load driver over real HTTP: N concurrent random games, one move in flight per game.

Each game is a thread with its own keep-alive connection: it creates a table (both seats
human, muted from the start so that the load is the API's and not the mail's: no invitation or
first turn is drawn), then reads the waiting seat's
view and sends one of its options at random, to the end of the game, then starts another,
until the time is up. A move's latency is the POST's round trip; the view read before it is
not counted. While the rules or a worker have the move (a Labyrinth end of turn), the thread
reads the view again every 5 ms.

Beside them, ``probes`` email-paced games (seats not muted) measure the email path under that
load: their players move only once the email saying it is their turn has arrived at the local
SMTP server (bench/mail_sink.py), and the time from the 201 of the move that handed the turn
over to that email's arrival is the email's latency. A hand-off whose email does not arrive
within ``MAIL_TIMEOUT`` is counted missing (and the game goes on).

Used by `bench.run_load` (Clash and Labyrinth against the stack's floor, bench/floor.py) and
`bench.wsgi_servers`.
"""

import http.client
import json
import random
import statistics
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlparse

from .mail_sink import TimedSink

SEATS = {"clash": {"mcworld": "Ann", "jihad": "Bob"}, "labyrinth": {"us": "Uma", "jihadist": "Jay"},
         "floor": {"north": "Nia", "south": "Sol"}}
MAIL_TIMEOUT = 30.0
SERVER_STEP = 0.005          # how often a view is read again while the server has the move


class Client:
    """One keep-alive HTTP connection; reconnects after the server closes it."""

    def __init__(self, base_url: str, timeout: float = 30.0):
        url = urlparse(base_url)
        self.host, self.port, self.timeout = url.hostname or "127.0.0.1", url.port or 80, timeout
        self.connection: http.client.HTTPConnection | None = None

    def request(self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
                ) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        sent = {"Content-Type": "application/json", **(headers or {})}
        for attempt in (1, 2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
            try:
                self.connection.request(method, path, body=data, headers=sent)
                answer = self.connection.getresponse()
                raw = answer.read()
            except (ConnectionError, http.client.HTTPException):
                self.close()
                if attempt == 2:
                    raise
                continue
            if answer.getheader("Connection", "").lower() == "close":
                self.close()
            return answer.status, json.loads(raw) if raw else None
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None


@dataclass
class Tally:
    counting_from: float = 0.0                                 # time.monotonic(): the ramp-up is over
    latencies: list[float] = field(default_factory=list)       # seconds per accepted move (load games)
    errors: dict[int, int] = field(default_factory=dict)
    games: int = 0
    probe_moves: int = 0
    mail_latencies: list[float] = field(default_factory=list)  # seconds from a hand-off's 201 to its email
    mail_missing: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def moved(self, status: int, took: float, probe: bool) -> None:
        if time.monotonic() < self.counting_from:
            return
        with self.lock:
            if status != 201:
                self.errors[status] = self.errors.get(status, 0) + 1
            elif probe:
                self.probe_moves += 1
            else:
                self.latencies.append(took)


class Table:
    """One table being played by one thread: its seats' tokens and who moves next."""

    def __init__(self, client: Client, game: str, mute: bool, tag: str):
        names = SEATS[game]
        muted = {"notifications": "mute"} if mute else {}      # from the start: no email at all
        seats = {seat: {"name": who, "email": f"{who.lower()}+{tag}@example.org", **muted}
                 for seat, who in names.items()}
        status, body = client.request("POST", "/tables", {"game": game, "seats": seats})
        assert status == 201, body
        self.client, self.id = client, body["id"]
        self.tokens = {seat: info["token"] for seat, info in body["seats"].items()}
        self.seat = next(iter(names))

    @staticmethod
    def auth(token: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {token}"}

    def view(self) -> tuple[int, Any]:
        return self.client.request("GET", f"/tables/{self.id}/view", headers=self.auth(self.tokens[self.seat]))

    def mover(self, prompts: list[dict[str, Any]]) -> str | None:
        """Who of the players is asked something (the viewer first); None while the server has the move."""
        if any(p["seat"] == self.seat and p.get("options") for p in prompts):
            return self.seat
        return next((p["seat"] for p in prompts if p["seat"] in self.tokens), None)

    def move(self, view: dict[str, Any], rng: random.Random) -> tuple[int, Any, float]:
        mine = next(p for p in view["prompts"] if p["seat"] == self.seat and p.get("options"))
        option = rng.randint(1, len(mine["options"]))
        started = time.perf_counter()
        status, answer = self.client.request(
            "POST", f"/tables/{self.id}/moves", {"option": option, "expected_seq": view["seq"]},
            {**self.auth(self.tokens[self.seat]), "Idempotency-Key": f"{self.id}-{view['seq']}"})
        return status, answer, time.perf_counter() - started


def play_games(base_url: str, game: str, until: float, tally: Tally, rng: random.Random, tag: str,
               sink: TimedSink | None = None) -> None:
    """Games one after another until ``until``; with ``sink``, email-paced (a probe)."""
    client, probe = Client(base_url), sink is not None
    if probe:                                 # the probes start once the load runs steadily
        time.sleep(max(0.0, tally.counting_from - time.monotonic()))
    try:
        while time.monotonic() < until:
            table = Table(client, game, mute=not probe, tag=tag)
            while time.monotonic() < until:
                status, view = table.view()
                if status != 200 or view["status"] != "active":
                    break
                mover = table.mover(view["prompts"])
                if mover is None:
                    time.sleep(SERVER_STEP)
                    continue
                if mover != table.seat:
                    table.seat = mover
                    continue
                status, answer, took = table.move(view, rng)
                tally.moved(status, took, probe)
                if status != 201:
                    continue
                next_seat = table.mover(answer["view"]["prompts"])
                handed_over = next_seat != table.seat          # to another player, or to the server
                if next_seat is not None:
                    table.seat = next_seat
                if probe and handed_over:
                    _await_email(table, answer, sink, tally)   # type: ignore[arg-type]
            with tally.lock:
                tally.games += 1
    finally:
        client.close()


def _await_email(table: Table, answer: dict[str, Any], sink: TimedSink, tally: Tally) -> None:
    """The move handed the turn on: wait for the email of whoever is asked next (after the
    server's own steps, if it has the move), and note how long it took since the 201."""
    accepted, seq = time.monotonic(), answer["seq"]          # the sink stamps on the same clock
    if answer["view"]["status"] != "active":
        return
    while True:                               # the server has the move: who will it hand it to?
        seat = table.mover(answer["view"]["prompts"])
        if seat is not None:
            break
        if time.monotonic() > accepted + MAIL_TIMEOUT:
            with tally.lock:
                tally.mail_missing += 1
            return
        time.sleep(SERVER_STEP)
        status, view = table.view()
        if status != 200 or view["status"] != "active":
            return
        answer = {"view": view}
    table.seat = seat
    arrival = sink.wait(table.id, seat, seq, MAIL_TIMEOUT)
    with tally.lock:
        if arrival is None:
            tally.mail_missing += 1
        else:
            tally.mail_latencies.append(max(0.0, arrival.at - accepted))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] * 1000 if ordered else float("nan")


def run(base_url: str, games: int, seconds: float, seed: int = 1, game: str = "clash", probes: int = 0,
        sink: TimedSink | None = None, ramp: float = 0.0,
        counting: Callable[[], None] | None = None) -> dict[str, Any]:
    """Play ``games`` games at once for ``seconds`` (and ``probes`` email-paced ones, with
    ``sink``): moves/s, p50 and p99 of a move (ms); the emails' p50 and p99 (ms). With ``ramp``,
    the games start that many seconds earlier, uncounted (every table is new at first: their
    invitations come all at once), and the probes start after it; ``counting`` is called then."""
    start = time.monotonic()
    if counting is not None:
        threading.Timer(ramp, counting).start()
    tally, until = Tally(counting_from=start + ramp), start + ramp + seconds
    threads = [threading.Thread(target=play_games, daemon=True,
                                args=(base_url, game, until, tally, random.Random(seed * 1000 + n), f"s{seed}g{n}"))
               for n in range(games)]
    threads += [threading.Thread(target=play_games, daemon=True,
                                 args=(base_url, game, until, tally, random.Random(seed * 1000 + 500 + n),
                                       f"s{seed}p{n}", sink))
                for n in range(probes if sink is not None else 0)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(seconds + MAIL_TIMEOUT + 60)
    elapsed = seconds              # moves started in the window (the last ones end a little after it)
    latencies = tally.latencies
    return {"moves": len(latencies), "moves_per_s": len(latencies) / elapsed,
            "p50_ms": statistics.median(latencies) * 1000 if latencies else float("nan"),
            "p99_ms": percentile(latencies, 0.99), "errors": dict(tally.errors), "games": tally.games,
            "probe_moves": tally.probe_moves, "emails": len(tally.mail_latencies),
            "mail_p50_ms": percentile(tally.mail_latencies, 0.5), "mail_p99_ms": percentile(tally.mail_latencies, 0.99),
            "mail_missing": tally.mail_missing}
