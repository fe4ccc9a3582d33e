"""CPU time of a whole process tree over a window, read from /proc (psutil), by role.

A server is a tree: `pbem run` and its children (the embedded Redis, the table and mail
workers, the API's Granian process and its worker processes). Every process of the tree is
sampled at the start, every half second (so that a process that ends, or is born, inside the
window still counts), and at the end; its CPU time (user + system) in the window is its last
sample less its first (a process born inside the window counts from zero).

``run()`` is `make bench`'s CPU per move: ``GAMES`` concurrent random Clash games, seats muted,
over real HTTP against `pbem run` as shipped (API, workers, embedded Redis) and against
bench/floor.py (one Redis script a move) in the same run, in alternating windows, the CPU of
all their processes per move; goal: at most 1.5x the floor's. Beside it, the Redis commands per move: all that Redis
ran (INFO commandstats, a script's own calls included) over the same window, and, in a short
window after it, those the server's processes sent (a script is one; MONITOR), counted as the
CPU is: once the games have started (their tables made and invited: a table's cost, not a
move's), over the moves of the window.
"""

import shutil
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil
import redis

Key = tuple[int, float]          # (pid, create time): a pid reused by another process is another key


def role(process: psutil.Process) -> str:
    """What a process of the server is, from its command line."""
    try:
        line = " ".join(process.cmdline())
    except (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess):
        return "gone"
    if "redis-server" in line or "valkey-server" in line:
        return "redis"
    if "--queues tables" in line:
        return "tables worker"
    if "--queues mail" in line:
        return "mail worker"
    if "worker" in line.split():
        return "worker"
    if "cli.web" in line or "granian" in line or "bench.floor" in line:
        return "api"
    return "supervisor"


def tree(root: int) -> list[psutil.Process]:
    try:
        top = psutil.Process(root)
        return [top, *top.children(recursive=True)]
    except psutil.NoSuchProcess:
        return []


def cpu_seconds(process: psutil.Process) -> float | None:
    try:
        times = process.cpu_times()
    except (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess):
        return None
    return times.user + times.system


@dataclass
class Window:
    """CPU seconds of each process of the trees of ``roots`` between ``start()`` and ``stop()``."""
    roots: list[int]
    every: float = 0.5
    first: dict[Key, float] = field(default_factory=dict)
    last: dict[Key, float] = field(default_factory=dict)
    roles: dict[Key, str] = field(default_factory=dict)
    _stop: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None

    def _sample(self, starting: bool) -> None:
        for root in self.roots:
            for process in tree(root):
                try:
                    key = (process.pid, process.create_time())
                except psutil.NoSuchProcess:
                    continue
                used = cpu_seconds(process)
                if used is None:
                    continue
                if key not in self.first:
                    self.first[key] = used if starting else 0.0
                    self.roles[key] = role(process)
                self.last[key] = used

    def start(self) -> "Window":
        self._sample(starting=True)
        self._thread = threading.Thread(target=self._loop, daemon=True)
        self._thread.start()
        return self

    def _loop(self) -> None:
        while not self._stop.wait(self.every):
            self._sample(starting=False)

    def stop(self) -> dict[str, float]:
        """CPU seconds in the window by role, and 'all'."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        self._sample(starting=False)
        out: dict[str, float] = {}
        for key, used in self.last.items():
            spent = max(0.0, used - self.first[key])
            out[self.roles[key]] = out.get(self.roles[key], 0.0) + spent
        out["all"] = sum(v for k, v in out.items())
        return out


def own_cpu() -> float:
    """This process's CPU seconds so far (the load driver's own share of the machine)."""
    return cpu_seconds(psutil.Process()) or 0.0


GOAL = 1.5
GAMES = 20
UNCOUNTED = {"cmdstat_info", "cmdstat_monitor", "cmdstat_ping"}     # the bench's own


def commands(client: redis.Redis) -> int:
    """Every command Redis has run so far (a script's calls included), but the bench's own."""
    return sum(v["calls"] for k, v in client.info("commandstats").items() if k not in UNCOUNTED)


def sent_per_move(client: redis.Redis, play: Callable[[Callable[[], None]], dict[str, Any]]) -> float:
    """Commands the clients sent while ``play(counting)`` ran, from its call of ``counting()`` on
    (a script counts one), per move it counted."""
    seen, stop, start = [0], threading.Event(), [0]

    def listen() -> None:
        with client.monitor() as monitor:
            for command in monitor.listen():
                if stop.is_set():
                    return
                if command.get("client_type") != "lua" and str(command.get("client_port", "")).isdigit():
                    seen[0] += 1

    thread = threading.Thread(target=listen, daemon=True)
    thread.start()
    time.sleep(0.2)
    result = play(lambda: start.__setitem__(0, seen[0]))
    stop.set()
    client.ping()                        # wakes the listener up to see the stop
    thread.join(5)
    return (seen[0] - start[0]) / max(result["moves"], 1)


def run(seconds: float = 10.0, rounds: int = 3) -> dict[str, Any]:
    """CPU per move of every `pbem run` process against the floor's, in one run (see above): in
    ``rounds`` alternating windows of each (``seconds`` in all for each), so that the machine's
    own speed, which drifts, weighs on both alike; the totals of each over its windows."""
    import os

    import config

    from . import http_load, run_load
    from store.embedded import free_port
    (run_load.ROOT / "var").mkdir(exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="bench-cpu-", dir=run_load.ROOT / "var"))
    floor = server = None
    try:
        floor = run_load.Floor(folder)
        port = free_port()
        server = run_load.start_pbem(folder / "pbem", port, [])
        ours = f"http://127.0.0.1:{port}"
        ours_redis = redis.Redis.from_url((folder / "pbem" / config.RUNTIME_REDIS).read_text())
        floor_redis = redis.Redis.from_url(floor.redis.url)
        targets = {"floor": (floor.url, floor.roots, floor_redis), "clash": (ours, [server.pid], ours_redis)}
        load = os.getloadavg()[0]
        totals: dict[str, dict[str, Any]] = {name: {"moves": 0, "used": {}, "commands": 0, "errors": 0}
                                             for name in targets}
        ratios = []
        for name, (url, _, _) in targets.items():
            http_load.run(url, 2, 3.0, game=name)                     # warm up every process
        for _ in range(rounds):
            per_move = {}
            for name, (url, roots, client) in targets.items():
                window, counted = Window(roots), {}

                def counting(window: Window = window, counted: dict[str, int] = counted,
                             client: redis.Redis = client) -> None:
                    counted["commands"] = commands(client)
                    window.start()

                result = http_load.run(url, GAMES, seconds / rounds, game=name, ramp=2.0, counting=counting)
                used, total = window.stop(), totals[name]
                total["moves"] += result["moves"]
                total["commands"] += commands(client) - counted["commands"]
                total["errors"] += result["errors"] or 0
                for role, spent in used.items():
                    total["used"][role] = total["used"].get(role, 0.0) + spent
                per_move[name] = used["all"] / max(result["moves"], 1)
            ratios.append(per_move["clash"] / per_move["floor"])
        out: dict[str, Any] = {}
        for name, (url, _, client) in targets.items():
            total, moves = totals[name], max(totals[name]["moves"], 1)
            out[name] = {"moves": total["moves"], "cpu_ms": total["used"]["all"] * 1000 / moves,
                         "by_role": {role: spent * 1000 / moves for role, spent in total["used"].items()
                                     if role != "all"},
                         "commands": total["commands"] / moves,
                         "sent": sent_per_move(client, lambda counting, url=url, name=name: http_load.run(
                             url, GAMES, 4.0, game=name, ramp=2.0, counting=counting)),
                         "errors": total["errors"]}
        ours_, floor_ = out["clash"], out["floor"]
        return {"ratio": ours_["cpu_ms"] / floor_["cpu_ms"], "goal": GOAL, "cpu_ms_per_move": ours_["cpu_ms"],
                "floor_cpu_ms_per_move": floor_["cpu_ms"], "round_ratios": [round(r, 2) for r in ratios],
                **{f"{role} ms": spent for role, spent in sorted(ours_["by_role"].items())},
                **{f"floor {role} ms": spent for role, spent in sorted(floor_["by_role"].items())},
                "moves": ours_["moves"], "floor_moves": floor_["moves"],
                "redis_commands_per_move": ours_["commands"], "floor_redis_commands_per_move": floor_["commands"],
                "commands_sent_per_move": ours_["sent"], "floor_commands_sent_per_move": floor_["sent"],
                "errors": ours_["errors"], "load_before": load, "load_after": os.getloadavg()[0]}
    finally:
        if server is not None:
            run_load.stop(server)
        if floor is not None:
            floor.stop()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    print(run())
