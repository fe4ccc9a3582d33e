"""What PBEM_FSYNC=always costs: a move's server time with the embedded Redis on
``appendfsync always`` (answered only once the move is on disk) against ``everysec`` (the
default; a power loss may lose the last second of answered moves), same run.

Two real Redis servers with their files on the same disk, one app on each (Flask's test client,
in this process); the moves alternate between the two, so that whatever else the machine does
falls on both alike. A move: load, decide, the conditional append, the snapshot, the view.
"""

import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import config
from store.embedded import EmbeddedRedis

from .common import register_duel

MOVES = 400
SEATS = {"north": {"email": "n@example.org"}, "south": {"email": "s@example.org"}}


class Player:
    """Duels to 20 on one app: the next move of a round-robin over its tables, timed."""

    def __init__(self, url: str, count: int):
        os.environ["REDIS_URL"] = url
        from server.app import create_app
        self.api = create_app().test_client()
        self.tables = []
        for _ in range(count // 6 + 1):          # a duel to 20 lasts at least 7 moves of 3
            body = self.api.post("/tables", json={"game": "duel", "seats": SEATS, "options": {"target": 20}}).json
            assert "id" in body, body
            self.tables.append({"id": body["id"], "seq": 3, "turn": "north",
                                "tokens": {s: v["token"] for s, v in body["seats"].items()}})
        self.order = iter([t for _ in range(6) for t in self.tables])

    def move(self) -> float:
        table = next(self.order)
        started = time.perf_counter()
        answer = self.api.post(f"/tables/{table['id']}/moves", json={"option": 3, "expected_seq": table["seq"]},
                               headers={"Authorization": f"Bearer {table['tokens'][table['turn']]}",
                                        "Idempotency-Key": f"{table['id']}-{table['seq']}"})
        took = time.perf_counter() - started
        assert answer.status_code == 201, answer.json
        table["seq"] += 1
        table["turn"] = "south" if table["turn"] == "north" else "north"
        return took


def run() -> dict[str, Any]:
    register_duel()
    root = Path(__file__).resolve().parent.parent / "var"       # the disk a run's data folder is on
    root.mkdir(exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="bench-fsync-", dir=root))
    servers = {mode: EmbeddedRedis(folder / mode, config.REDIS_CONF, fsync=mode).start()
               for mode in ("everysec", "always")}
    limits = {"PBEM_RATE_LIMIT_TABLES": "", "PBEM_RATE_LIMIT_INVITES": ""}      # the bench makes many tables
    saved = {k: os.environ.get(k) for k in ("REDIS_URL", "PBEM_DATA_DIR", "SECRET_KEY", *limits)}
    try:
        os.environ.update(PBEM_DATA_DIR=str(folder), SECRET_KEY="bench", **limits)
        players = {mode: Player(server.url, MOVES) for mode, server in servers.items()}
        for _ in range(30):                                     # warm up both
            for player in players.values():
                player.move()
        times: dict[str, list[float]] = {mode: [] for mode in players}
        for _ in range(MOVES - 30):
            for mode, player in players.items():
                times[mode].append(player.move())
        always, everysec = (statistics.median(times[m]) * 1000 for m in ("always", "everysec"))
        # the goal is a bound on what a move may pay for its fsync on a plain SSD; the disk decides
        return {"always_ms": always, "everysec_ms": everysec, "ratio": always / everysec, "goal": 3.0}
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        for server in servers.values():
            server.stop()
        for path in sorted(folder.rglob("*"), reverse=True):
            path.unlink() if path.is_file() else path.rmdir()
        folder.rmdir()


if __name__ == "__main__":
    print(run())
