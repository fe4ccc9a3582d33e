"""Scaling: moves/s of `pbem run --api-processes N --workers M` on this machine, against one API
process and one worker (the single-process figure) in the same run; and the same on a real
3-master Redis Cluster (each master with a replica, PBEM_REPLICA_ACKS=1), the job queues on the
run's embedded Redis. Figures for README.md, "Cluster", and its projection for N machines.

Two loads, each 20 concurrent random Clash games over keep-alive HTTP (bench/http_load.py):

- API: both seats human and muted (``http_load.run``): what the API processes answer.
- bot: 40 games whose Jihad seat is the random bot, so every hand-off of the human seat is a
  worker's to answer (the bot's turn) before the human can move again: the API, the settler
  and back. While the bot has the move a player reads the view after 10 ms, 20, 40... at most
  every 160 ms (polling at a fixed 5 ms took the 2 cores from the workers it waited for).
  Reported: the human's moves/s, and the wait for the bot's answer (from the move's 201 to the
  view asking the human again, so up to twice the true wait).

Also the CPU each part spent per move (bench/cpu.py): the API, the workers, Redis; on the
cluster, its masters and its replicas apart (Redis is then the queues' alone). The load driver runs on the same 2 cores.

    python -m bench.cluster [--seconds 10] [--rounds 3] [--api 1,2,4] [--workers 1,2,4] [--no-cluster]

`make bench` runs ``run()``: 1 API process and 1 worker against 2 and 2 (bot load, 5 s each).
"""

import argparse
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import requests

from store.embedded import free_port
from store.embedded_cluster import EmbeddedCluster

from . import cpu, http_load

ROOT = Path(__file__).resolve().parent.parent
GAMES = 20                  # the API load's games at once (as bench.run_load)
BOT_GAMES = 40              # the bot load's: enough that the workers always have turns to play
BOT_POLL = (0.01, 0.16)     # while the bot has the move: a player reads the view after 10 ms, then 20, 40... 160


class BotTable(http_load.Table):
    """A Clash table whose Jihad seat is the random bot; the McWorld player is muted."""

    def __init__(self, client: http_load.Client, tag: str):
        seats = {"mcworld": {"name": "Ann", "email": f"ann+{tag}@example.org", "notifications": "mute"},
                 "jihad": {"bot": "random"}}
        status, body = client.request("POST", "/tables", {"game": "clash", "seats": seats})
        assert status == 201, body
        self.client, self.id, self.seat = client, body["id"], "mcworld"
        self.tokens = {"mcworld": body["seats"]["mcworld"]["token"]}


def play_bot_games(url: str, until: float, tally: http_load.Tally, waits: list[float], rng: random.Random,
                   tag: str) -> None:
    """Games against the bot, one after another until ``until``."""
    client = http_load.Client(url)
    try:
        while time.monotonic() < until:
            table, handed, pause = BotTable(client, tag), None, BOT_POLL[0]
            while time.monotonic() < until:
                status, view = table.view()
                if status != 200 or view["status"] != "active":
                    break
                if table.mover(view["prompts"]) is None:          # the bot's turn: a worker's
                    time.sleep(pause)
                    pause = min(pause * 2, BOT_POLL[1])
                    continue
                pause = BOT_POLL[0]
                if handed is not None:
                    waits.append(time.perf_counter() - handed)
                    handed = None
                status, answer, took = table.move(view, rng)
                tally.moved(status, took, probe=False)
                if status == 201 and answer["view"]["status"] == "active" and \
                        table.mover(answer["view"]["prompts"]) is None:
                    handed = time.perf_counter()
            with tally.lock:
                tally.games += 1
    finally:
        client.close()


def bot_load(url: str, games: int, seconds: float, seed: int = 1) -> dict[str, Any]:
    tally, waits, until = http_load.Tally(), [], time.monotonic() + seconds
    threads = [threading.Thread(target=play_bot_games, daemon=True,
                                args=(url, until, tally, waits, random.Random(seed * 1000 + n), f"b{seed}g{n}"))
               for n in range(games)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(seconds + 60)
    return {"moves": len(tally.latencies), "moves_per_s": len(tally.latencies) / seconds,
            "p50_ms": statistics.median(tally.latencies) * 1000 if tally.latencies else float("nan"),
            "bot_p50_ms": http_load.percentile(waits, 0.5), "bot_p99_ms": http_load.percentile(waits, 0.99),
            "errors": dict(tally.errors)}


class Server:
    """A fresh `pbem run --api-processes N --workers M --mail-workers 1` on a data folder of its own:
    on its embedded Redis, or with ``cluster`` on it (the embedded Redis then holds the queues)."""

    def __init__(self, api: int, workers: int, cluster: EmbeddedCluster | None = None):
        (ROOT / "var").mkdir(exist_ok=True)
        self.folder = Path(tempfile.mkdtemp(prefix="bench-cluster-", dir=ROOT / "var"))
        self.port, self.cluster = free_port(), cluster
        env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "SMTP_URL", "PBEM_RUN", "PBEM_QUEUE_URL")}
        env.update(PBEM_DATA_DIR=str(self.folder), PBEM_RATE_LIMIT_TABLES="", PBEM_RATE_LIMIT_INVITES="",
                   SECRET_KEY="bench", PUBLIC_URL=self.url)
        if cluster:
            env.update(REDIS_URL=cluster.url, PBEM_REPLICA_ACKS="1")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "cli.main", "run", "--port", str(self.port), "--api-processes", str(api),
             "--workers", str(workers), "--mail-workers", "1"], cwd=ROOT, env=env,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while True:
            try:
                if requests.get(f"{self.url}/healthz", timeout=5).status_code == 200:
                    break
            except requests.RequestException:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("pbem run did not answer")
            time.sleep(0.2)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def measure(self, load: str, seconds: float, seed: int = 1) -> dict[str, Any]:
        """One window of ``load`` ("api" or "bot"), with the CPU per move of each part."""
        window = cpu.Window([self.process.pid]).start()
        nodes: dict[str, cpu.Window] = {}
        if self.cluster:
            for index, role in self.cluster.roles().items():
                nodes.setdefault("cluster " + ("masters" if role == "master" else "replicas"),
                                 cpu.Window([])).roots.append(self.cluster.nodes[index].process.pid)  # type: ignore[union-attr]
            for part in nodes.values():
                part.start()
        if load == "api":
            result = http_load.run(self.url, GAMES, seconds, seed=seed)
        else:
            result = bot_load(self.url, BOT_GAMES, seconds, seed=seed)
        used = window.stop()
        for name, part in nodes.items():
            used[name] = part.stop()["all"]
        moves = max(result["moves"], 1)
        result["cpu_ms"] = {role: spent * 1000 / moves for role, spent in used.items()}
        return result

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=90)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


def point(api: int, workers: int, seconds: float, loads: tuple[str, ...], cluster: EmbeddedCluster | None = None
          ) -> dict[str, dict[str, Any]]:
    server = Server(api, workers, cluster)
    try:
        http_load.run(server.url, 2, 2.0)                  # warm up every process
        bot_load(server.url, 2, 2.0)
        return {load: server.measure(load, seconds) for load in loads}
    finally:
        server.stop()


def _cpu(result: dict[str, Any]) -> str:
    parts = result["cpu_ms"]
    names = [("api", "API"), ("tables worker", "tables workers"), ("mail worker", "mail workers"),
             ("redis", "Redis"), ("cluster masters", "cluster masters"), ("cluster replicas", "cluster replicas")]
    return ", ".join(f"{label} {parts[key]:.2f}" for key, label in names if parts.get(key))


def curve(seconds: float, apis: list[int], workers: list[int], with_cluster: bool, rounds: int) -> str:
    """Every (API processes, workers) pair, and (2, 2) on the cluster, ``rounds`` times over
    (a round goes through all of them, so a busy minute of the machine spreads over them all);
    a Markdown table of the medians."""
    pairs = [(a, w) for a in apis for w in workers]
    if (1, 1) in pairs:                                    # the single-process figure first
        pairs.remove((1, 1))
        pairs.insert(0, (1, 1))
    names = [f"{a} API, {w} worker{'s' * (w > 1)}" for a, w in pairs]
    nodes = None
    if with_cluster:
        folder = Path(tempfile.mkdtemp(prefix="bench-cluster-nodes-", dir=ROOT / "var"))
        nodes = EmbeddedCluster(folder, masters=3, replicas=1).start()
        names.append("2 API, 2 workers, 3+3 cluster")
    runs: dict[str, list[dict[str, dict[str, Any]]]] = {name: [] for name in names}
    try:
        for n in range(rounds):
            for name, (api, count) in zip(names, pairs + ([(2, 2)] if nodes else [])):
                figures = point(api, count, seconds, ("api", "bot"), nodes if "cluster" in name else None)
                runs[name].append(figures)
                print(f"round {n + 1}, {_line(name, figures)}", file=sys.stderr, flush=True)
    finally:
        if nodes is not None:
            nodes.stop()
            shutil.rmtree(nodes.data_dir, ignore_errors=True)
    medians = {name: _median(figures) for name, figures in runs.items()}
    base = medians[names[0]]
    lines = [f"Medians of {rounds} round(s) of {seconds:.0f} s each; x: against {names[0]}.", "",
             "| processes | API load: moves/s (x), p50 | bot load: moves/s (x), bot's answer p50 | "
             "CPU per move, bot load (ms) |", "| --- | --- | --- | --- |"]
    for name, f in medians.items():
        a, b = f["api"], f["bot"]
        lines.append(f"| {name} | {a['moves_per_s']:.0f} ({a['moves_per_s'] / base['api']['moves_per_s']:.2f}x), "
                     f"{a['p50_ms']:.1f} ms | {b['moves_per_s']:.0f} ({b['moves_per_s'] / base['bot']['moves_per_s']:.2f}x), "
                     f"{b['bot_p50_ms']:.0f} ms | {_cpu(b)} |")
    return "\n".join(lines)


def _median(runs: list[dict[str, dict[str, Any]]]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for load in runs[0]:
        figures = [r[load] for r in runs]
        out[load] = {key: statistics.median(f[key] for f in figures)
                     for key in ("moves_per_s", "p50_ms", "bot_p50_ms") if key in figures[0]}
        roles = {role for f in figures for role in f["cpu_ms"]}
        out[load]["cpu_ms"] = {role: statistics.median(f["cpu_ms"].get(role, 0.0) for f in figures) for role in roles}
    return out


def _line(name: str, f: dict[str, dict[str, Any]]) -> str:
    a, b = f["api"], f["bot"]
    return (f"{name}: API load {a['moves_per_s']:.0f} moves/s p50 {a['p50_ms']:.1f} ms [{_cpu(a)}] errors "
            f"{a['errors'] or 0}; bot load {b['moves_per_s']:.0f} moves/s bot p50 {b['bot_p50_ms']:.0f} ms p99 "
            f"{b['bot_p99_ms']:.0f} ms [{_cpu(b)}] errors {b['errors'] or 0}")


def run(seconds: float = 5.0) -> dict[str, Any]:
    """For `make bench`: the bot load's moves/s at 1 API process and 1 worker against 2 and 2.
    The ratio is single / scaled (goal: 1 or less, two of each are not slower than one)."""
    single = point(1, 1, seconds, ("bot",))["bot"]
    scaled = point(2, 2, seconds, ("bot",))["bot"]
    return {"ratio": single["moves_per_s"] / max(scaled["moves_per_s"], 1e-9), "goal": 1.0,
            "single_moves_per_s": single["moves_per_s"], "scaled_moves_per_s": scaled["moves_per_s"],
            "single_bot_p50_ms": single["bot_p50_ms"], "scaled_bot_p50_ms": scaled["bot_p50_ms"]}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.cluster", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="each window of load")
    parser.add_argument("--api", default="1,2,4", help="API processes to try")
    parser.add_argument("--workers", default="1,2,4", help="table workers to try")
    parser.add_argument("--rounds", type=int, default=3, help="rounds, each through every configuration")
    parser.add_argument("--no-cluster", action="store_true", help="skip the point on a 3+3 cluster")
    args = parser.parse_args(argv)
    print(curve(args.seconds, [int(n) for n in args.api.split(",")], [int(n) for n in args.workers.split(",")],
                not args.no_cluster, args.rounds))


if __name__ == "__main__":
    main()
