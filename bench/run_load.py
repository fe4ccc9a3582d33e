"""The load report of issue 12: `pbem run` as shipped under the HTTP load of `bench.http_load`,
against the floor of the stack (bench/floor.py: the same API shape, one Redis round trip a
request, Granian with the same processes), all in one run.

For Clash and Labyrinth, at 1 and 20 games: moves/s, p50 and p99 of a move; the server's CPU
per move, all its processes (API, workers, Redis) read from /proc over the window, and by
process; and, at 20 games, the time from an accepted move to the waiting player's email at a
local SMTP server (``--probes`` email-paced games beside the load; SMTP_URL points at it).
Printed beside the issue's table (Rally the Troops' figures and ours before the issue).

    python -m bench.run_load [--seconds 20] [--rounds 1] [--probes 2] [--games clash,labyrinth]
    python -m bench.run_load --web-workers 1,2,4       # the curve: moves/s by API processes
    python -m bench.run_load --workers 2               # pbem run --workers 2 (and as many mail workers)
    python -m bench.run_load --variants                # Granian vs --dev, appendfsync always vs everysec

Not part of `make bench` (a few minutes of load); figures in README.md, "Benchmarks".
"""

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import requests

import config
from store.embedded import EmbeddedRedis, free_port

from . import cpu, http_load
from .mail_sink import TimedSink

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = {"Granian, appendfsync everysec": ([], "everysec"), "Granian, appendfsync always": ([], "always"),
            "werkzeug --dev, appendfsync everysec": (["--dev"], "everysec")}
RALLY = {"moves_1": "1,650-3,870", "moves_20": "2,000-3,930", "p99_20": "19-47 ms", "cpu": "0.23 ms",
         "mail": "-"}
BEFORE = {"moves_1": "140-235 (Clash), 28 (Labyrinth)", "moves_20": "130-300 (Clash), 27-90 (Labyrinth)",
          "p99_20": "110-450 ms", "cpu": "5-12 ms (Clash), 20-40 ms (Labyrinth)", "mail": "-"}


def _env(folder: Path, **more: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "SMTP_URL", "PBEM_RUN")}
    env.update(PBEM_DATA_DIR=str(folder), PBEM_RATE_LIMIT_TABLES="", PBEM_RATE_LIMIT_INVITES="", SECRET_KEY="bench",
               **more)
    return env


def wait_up(url: str, process: subprocess.Popen[bytes], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode}")
        try:
            if requests.get(f"{url}/healthz", timeout=5).status_code == 200:
                return
        except requests.RequestException:
            pass
        time.sleep(0.2)
    raise RuntimeError("the server did not answer")


def start_pbem(folder: Path, port: int, flags: list[str], fsync: str = "everysec", smtp_url: str | None = None,
               web_workers: int | None = None, mail_workers: int | None = None,
               workers: int | None = None) -> subprocess.Popen[bytes]:
    """A fresh `pbem run` (embedded Redis, both workers, the API) on its own data folder."""
    more = {"PBEM_FSYNC": fsync, "PUBLIC_URL": f"http://127.0.0.1:{port}"}
    if smtp_url:
        more["SMTP_URL"] = smtp_url
    if web_workers:
        more["PBEM_WEB_WORKERS"] = str(web_workers)
    if workers:
        flags = [*flags, "--workers", str(workers)]
    if mail_workers:
        flags = [*flags, "--mail-workers", str(mail_workers)]
    process = subprocess.Popen([sys.executable, "-m", "cli.main", "run", "--port", str(port), *flags], cwd=ROOT,
                               env=_env(folder, **more), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_up(f"http://127.0.0.1:{port}", process)
    except RuntimeError:
        stop(process)
        raise
    return process


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=90)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


class Floor:
    """bench/floor.py under Granian, with a Redis server of its own."""

    def __init__(self, folder: Path, web_workers: int | None = None):
        self.redis = EmbeddedRedis(folder / "floor-redis", config.REDIS_CONF, fsync="everysec").start()
        self.port = free_port()
        more = {"REDIS_URL": self.redis.url, **({"PBEM_WEB_WORKERS": str(web_workers)} if web_workers else {})}
        self.process = subprocess.Popen([sys.executable, "-m", "bench.floor", "127.0.0.1", str(self.port)], cwd=ROOT,
                                        env={**_env(folder), **more}, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        wait_up(self.url, self.process)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def roots(self) -> list[int]:
        return [self.process.pid, self.redis.process.pid]      # type: ignore[union-attr]

    def stop(self) -> None:
        stop(self.process)
        self.redis.stop()


RAMP = 3.0          # seconds of load before a window counts: the first tables' invitations all at once


def measure(url: str, roots: list[int], game: str, games: int, seconds: float, probes: int,
            sink: TimedSink | None, seed: int) -> dict[str, Any]:
    """One window of load (after a ramp-up): the driver's figures, and the CPU the server's
    processes spent in it."""
    window, started = cpu.Window(roots), {}

    def counting() -> None:
        started.update(emails=sink.count if sink else 0, driver=cpu.own_cpu())
        window.start()

    result = http_load.run(url, games, seconds, seed=seed, game=game, probes=probes, sink=sink, ramp=RAMP,
                           counting=counting)
    used = window.stop()
    moves = result["moves"] + result["probe_moves"]
    result.update(cpu={role: used[role] * 1000 / max(moves, 1) for role in used},
                  driver_cpu_ms=(cpu.own_cpu() - started["driver"]) * 1000 / max(moves, 1),
                  emails_sent=(sink.count if sink else 0) - started["emails"])
    return result


def _span(runs: list[dict[str, Any]], key: str, fmt: str, role: str | None = None) -> str:
    """The figure over the rounds: one value, or low-high (a unit after the number once)."""
    values = [(r["cpu"].get(role, 0.0) if role else r[key]) for r in runs]
    values = [v for v in values if v == v]               # not NaN
    if not values:
        return "-"
    number, _, unit = fmt.partition("} ")
    number += "}" if unit else ""
    low, high = number.format(min(values)), number.format(max(values))
    return (low if low == high else f"{low}-{high}") + (f" {unit}" if unit else "")


def report(cells: dict[tuple[str, int], list[dict[str, Any]]], names: list[str]) -> str:
    """A Markdown table beside the issue's: Rally, ours before the issue, the floor, each game."""
    head = ["", "Rally the Troops (issue 12)", "before (issue 12)", *names]
    rows: list[list[str]] = []

    def row(label: str, rally: str, before: str, cell: Any) -> None:
        rows.append([label, rally, before, *[cell(name) for name in names]])

    for games in (1, 20):
        row(f"moves/s, {games} game{'s' * (games > 1)}", RALLY[f"moves_{games}"], BEFORE[f"moves_{games}"],
            lambda n, g=games: _span(cells[(n, g)], "moves_per_s", "{:,.0f}"))
        row(f"p50 / p99 move, {games} game{'s' * (games > 1)}", RALLY["p99_20"] + " (p99)" if games == 20 else "",
            BEFORE["p99_20"] + " (p99)" if games == 20 else "",
            lambda n, g=games: f"{_span(cells[(n, g)], 'p50_ms', '{:.1f}')} / {_span(cells[(n, g)], 'p99_ms', '{:.0f}')} ms")
        row(f"server CPU per move, {games} game{'s' * (games > 1)} (all processes)", RALLY["cpu"], BEFORE["cpu"],
            lambda n, g=games: _span(cells[(n, g)], "", "{:.2f} ms", role="all"))
        row(f"  of which API / tables worker / mail worker / Redis, {games} game{'s' * (games > 1)}", "", "",
            lambda n, g=games: " / ".join(_span(cells[(n, g)], "", "{:.2f}", role=r)
                                          for r in ("api", "tables worker", "mail worker", "redis")) + " ms")
    row("email after a move, p50 / p99 (20 games + probes)", "", "",
        lambda n: "-" if n == "floor" else
        f"{_span(cells[(n, 20)], 'mail_p50_ms', '{:.0f}')} / {_span(cells[(n, 20)], 'mail_p99_ms', '{:.0f}')} ms "
        f"({sum(r['emails'] for r in cells[(n, 20)])} emails, {sum(r['mail_missing'] for r in cells[(n, 20)])} missing)")
    row("load driver's own CPU per move (same machine)", "", "",
        lambda n: _span(cells[(n, 20)], "driver_cpu_ms", "{:.2f} ms"))
    row("errors (status: count)", "", "",
        lambda n: ", ".join(f"{s}: {c}" for r in cells[(n, 1)] + cells[(n, 20)] for s, c in r["errors"].items()) or "0")
    lines = ["| " + " | ".join(head) + " |", "| " + " | ".join("---" for _ in head) + " |"]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


def full(seconds: float, rounds: int, probes: int, games: list[str], web_workers: int | None,
         mail_workers: int | None = None, workers: int | None = None) -> str:
    (ROOT / "var").mkdir(exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="bench-load-", dir=ROOT / "var"))
    sink, port = TimedSink(), free_port()
    floor = server = None
    try:
        floor = Floor(folder, web_workers)
        server = start_pbem(folder / "pbem", port, [], smtp_url=sink.url, web_workers=web_workers,
                            mail_workers=mail_workers, workers=workers)
        url = f"http://127.0.0.1:{port}"
        targets = {"floor": (floor.url, floor.roots), **{g: (url, [server.pid]) for g in games}}
        for name, (target, _) in targets.items():                 # warm up: every process, every path
            http_load.run(target, 2, 3.0, game=name)
        cells: dict[tuple[str, int], list[dict[str, Any]]] = {}
        load_before = os.getloadavg()[0]
        for n in range(rounds):                                   # rounds alternate the targets
            for name, (target, roots) in targets.items():
                for count in (1, 20):
                    result = measure(target, roots, name, count, seconds, probes if count == 20 and name != "floor"
                                     else 0, sink, seed=n + 1)
                    cells.setdefault((name, count), []).append(result)
                    print(f"round {n + 1}, {name}, {count} games: {_line(result)}", file=sys.stderr, flush=True)
        shape = (f"pbem run: {web_workers or 'default'} API processes, {workers or 'default'} table workers, "
                 f"{mail_workers or workers or 'default'} mail workers; {seconds:.0f} s windows after a {RAMP:.0f} s "
                 f"ramp, {rounds} round(s), {probes} email-paced games beside the 20; {os.cpu_count()} cores, "
                 f"load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after")
        return shape + "\n\n" + report(cells, list(targets))
    finally:
        if server is not None:
            stop(server)
        if floor is not None:
            floor.stop()
        sink.stop()
        shutil.rmtree(folder, ignore_errors=True)


def _line(r: dict[str, Any]) -> str:
    return (f"{r['moves_per_s']:.0f} moves/s p50 {r['p50_ms']:.1f} ms p99 {r['p99_ms']:.1f} ms, CPU/move "
            f"{r['cpu'].get('all', 0):.2f} ms ({', '.join(f'{k} {v:.2f}' for k, v in sorted(r['cpu'].items()) if k != 'all')}), "
            f"driver {r['driver_cpu_ms']:.2f} ms; emails {r['emails']} p50 {r['mail_p50_ms']:.0f} ms "
            f"p99 {r['mail_p99_ms']:.0f} ms missing {r['mail_missing']} (sent {r['emails_sent']}); errors {r['errors'] or 0}")


def curve(seconds: float, counts: list[int], game: str) -> None:
    """moves/s at 1 and 20 games for each number of API processes (PBEM_WEB_WORKERS)."""
    (ROOT / "var").mkdir(exist_ok=True)
    for workers in counts:
        folder, port = Path(tempfile.mkdtemp(prefix="bench-curve-", dir=ROOT / "var")), free_port()
        server = start_pbem(folder, port, [], web_workers=workers)
        try:
            url = f"http://127.0.0.1:{port}"
            http_load.run(url, 2, 3.0, game=game)
            figures = [(g, measure(url, [server.pid], game, g, seconds, 0, None, 1)) for g in (1, 20)]
        finally:
            stop(server)
            shutil.rmtree(folder, ignore_errors=True)
        print(f"PBEM_WEB_WORKERS={workers}, {game}: " + "; ".join(f"{g} games {_line(r)}" for g, r in figures),
              flush=True)


def variants(seconds: float) -> None:
    """Granian against the development server, appendfsync always against everysec."""
    (ROOT / "var").mkdir(exist_ok=True)
    for name, (flags, fsync) in VARIANTS.items():
        folder, port = Path(tempfile.mkdtemp(prefix="bench-run-", dir=ROOT / "var")), free_port()
        server = start_pbem(folder, port, flags, fsync)
        try:
            url = f"http://127.0.0.1:{port}"
            http_load.run(url, 2, 3.0)                                    # warm up
            figures = [(games, http_load.run(url, games, seconds)) for games in (1, 20)]
        finally:
            stop(server)
            shutil.rmtree(folder, ignore_errors=True)
        print(f"{name}: " + "; ".join(f"{games} games {r['moves_per_s']:.0f} moves/s p50 {r['p50_ms']:.1f} ms "
                                      f"p99 {r['p99_ms']:.1f} ms errors {r['errors'] or 0}" for games, r in figures),
              flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.run_load", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="each window of load")
    parser.add_argument("--rounds", type=int, default=1, help="rounds, each over every target in turn")
    parser.add_argument("--probes", type=int, default=2, help="email-paced games beside the 20-game load")
    parser.add_argument("--games", default="clash,labyrinth")
    parser.add_argument("--web-workers", default="", help="API processes (PBEM_WEB_WORKERS); several: the curve")
    parser.add_argument("--workers", type=int, default=None, help="pbem run --workers (default: as shipped)")
    parser.add_argument("--mail-workers", type=int, default=None, help="pbem run --mail-workers (default: as shipped)")
    parser.add_argument("--variants", action="store_true", help="Granian vs --dev, fsync always vs everysec")
    args = parser.parse_args(argv)
    counts = [int(n) for n in args.web_workers.split(",") if n]
    if args.variants:
        variants(args.seconds)
    elif len(counts) > 1:
        for game in args.games.split(","):
            curve(args.seconds, counts, game)
    else:
        print(full(args.seconds, args.rounds, args.probes, args.games.split(","), counts[0] if counts else None,
                   args.mail_workers, args.workers))


if __name__ == "__main__":
    main()
