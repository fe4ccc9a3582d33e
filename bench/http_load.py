"""A load driver over real HTTP: N concurrent random Clash games, one move in flight per game.

Each game is a thread with its own keep-alive connection: it creates a table (both seats
human, muted so that the load is the API's and not the mail's), then reads the waiting seat's
view and sends one of its options at random, to the end of the game, then starts another,
until the time is up. A move's latency is the POST's round trip; the view read before it is
not counted. Used by `bench.wsgi_servers` and `bench.run_load`.
"""

import http.client
import json
import random
import statistics
import threading
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlparse

SEATS = {"mcworld": {"name": "Ann", "email": "ann@example.org"}, "jihad": {"name": "Bob", "email": "bob@example.org"}}


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
    latencies: list[float] = field(default_factory=list)
    errors: dict[int, int] = field(default_factory=dict)
    games: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)


def new_table(client: Client) -> tuple[str, dict[str, str]]:
    status, body = client.request("POST", "/tables", {"game": "clash", "seats": SEATS})
    assert status == 201, body
    tokens = {seat: info["token"] for seat, info in body["seats"].items()}
    for token in tokens.values():
        client.request("PUT", f"/tables/{body['id']}/notifications", {"policy": "mute"},
                       {"Authorization": f"Bearer {token}"})
    return body["id"], tokens


def play_games(base_url: str, until: float, tally: Tally, rng: random.Random) -> None:
    client = Client(base_url)
    try:
        while time.monotonic() < until:
            table, tokens = new_table(client)
            seat = "mcworld"
            while time.monotonic() < until:
                status, view = client.request("GET", f"/tables/{table}/view", headers={"Authorization":
                                                                                     f"Bearer {tokens[seat]}"})
                if status != 200 or view["status"] != "active":
                    break
                mine = [p for p in view["prompts"] if p.get("options")]
                if not mine:
                    seat = view["prompts"][0]["seat"] if view["prompts"] else seat
                    time.sleep(0.01)
                    continue
                option = rng.randint(1, len(mine[0]["options"]))
                started = time.perf_counter()
                status, answer = client.request(
                    "POST", f"/tables/{table}/moves", {"option": option, "expected_seq": view["seq"]},
                    {"Authorization": f"Bearer {tokens[seat]}", "Idempotency-Key": f"{table}-{view['seq']}"})
                took = time.perf_counter() - started
                with tally.lock:
                    if status == 201:
                        tally.latencies.append(took)
                    else:
                        tally.errors[status] = tally.errors.get(status, 0) + 1
                if status == 201 and answer["view"]["prompts"]:
                    seat = answer["view"]["prompts"][0]["seat"]
            with tally.lock:
                tally.games += 1
    finally:
        client.close()


def run(base_url: str, games: int, seconds: float, seed: int = 1) -> dict[str, Any]:
    """Play ``games`` games at once for ``seconds``: moves/s, p50 and p99 of a move (ms)."""
    tally, until = Tally(), time.monotonic() + seconds
    started = time.perf_counter()
    threads = [threading.Thread(target=play_games, args=(base_url, until, tally, random.Random(seed * 1000 + n)),
                                daemon=True) for n in range(games)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(seconds + 60)
    elapsed = time.perf_counter() - started
    latencies = sorted(tally.latencies)
    return {"moves": len(latencies), "moves_per_s": len(latencies) / elapsed,
            "p50_ms": statistics.median(latencies) * 1000 if latencies else float("nan"),
            "p99_ms": latencies[int(len(latencies) * 0.99)] * 1000 if latencies else float("nan"),
            "errors": dict(tally.errors)}
