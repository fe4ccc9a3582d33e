"""Where the server's time goes under load: py-spy on every process of `pbem run` at once.

Starts `pbem run` (SMTP to a local sink), plays ``games`` random games of ``game`` and a few
email-paced ones (bench/http_load.py), and meanwhile samples each Python process of the server
(the API's Granian workers, the table worker, the mail worker) with py-spy for ``seconds``.
Prints, per process kind, the functions with the largest share of the samples (inclusive), and
leaves the collapsed stacks (flamegraph.pl / speedscope input) in the folder it names.

    python -m bench.profile_load [--game clash] [--games 20] [--seconds 20] [--py-spy PATH] [--no-probes]

``--no-probes`` profiles bench.cpu's own setting: every seat muted, no email-paced game.

py-spy is not a dependency of the project: `pip install py-spy` (anywhere; give its path).
"""

import argparse
import shutil
import subprocess
import tempfile
import threading
from collections import Counter
from pathlib import Path

from . import cpu, http_load
from .mail_sink import TimedSink
from .run_load import ROOT, start_pbem, stop
from store.embedded import free_port


def processes(root: int) -> dict[str, list[int]]:
    """The Python processes of the server by kind (Granian's own process holds no app)."""
    out: dict[str, list[int]] = {}
    for process in cpu.tree(root)[1:]:
        kind = cpu.role(process)
        if kind in ("redis", "gone") or (kind == "api" and any(cpu.role(c) == "api" for c in process.children())):
            continue
        out.setdefault(kind, []).append(process.pid)
    return out


def _short(frame: str) -> str:
    """'function (path/to/file.py:12)' -> 'function (to/file.py)': one entry per function."""
    name, _, where = frame.partition(" (")
    path = where.rsplit(":", 1)[0]
    return f"{name} ({'/'.join(path.split('/')[-2:])})" if where else name


def summary(files: list[Path], top: int) -> list[tuple[str, float, float]]:
    """(function, inclusive share, own share) of the samples in py-spy's collapsed stacks."""
    inclusive: Counter[str] = Counter()
    own: Counter[str] = Counter()
    total = 0
    for path in files:
        for line in path.read_text().splitlines():
            stack, _, count = line.rpartition(" ")
            if not stack or not count.isdigit():     # a frame name with a line break in it
                continue
            n = int(count)
            total += n
            frames = [_short(f) for f in stack.split(";")]
            for frame in set(frames):
                inclusive[frame] += n
            own[frames[-1]] += n
    return [(f, n / total, own[f] / total) for f, n in inclusive.most_common(top)] if total else []


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.profile_load")
    parser.add_argument("--game", default="clash")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--probes", type=int, default=2, help="email-paced games beside the load (seats not muted)")
    parser.add_argument("--no-probes", dest="probes", action="store_const", const=0,
                        help="none: every seat muted, as bench.cpu plays (the workers' cost of a muted hand-off)")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--py-spy", default=shutil.which("py-spy") or "py-spy")
    parser.add_argument("--wall", action="store_true", help="every thread's samples, waits too (default: only "
                        "threads holding the GIL, i.e. Python's CPU time)")
    args = parser.parse_args()
    (ROOT / "var").mkdir(exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="bench-profile-", dir=ROOT / "var"))
    sink, port = TimedSink(), free_port()
    server = start_pbem(folder / "pbem", port, [], smtp_url=sink.url)
    url = f"http://127.0.0.1:{port}"
    try:
        http_load.run(url, 2, 3.0, game=args.game)
        result: dict = {}
        load = threading.Thread(target=lambda: result.update(http_load.run(
            url, args.games, args.seconds + 4, game=args.game, probes=args.probes, sink=sink)))
        load.start()
        spies = []
        for kind, pids in processes(server.pid).items():
            for pid in pids:
                out = folder / f"{kind.replace(' ', '-')}-{pid}.txt"
                command = [args.py_spy, "record", "--pid", str(pid), "--duration", str(int(args.seconds)), "--rate",
                           "250", "--format", "raw", "--output", str(out),
                           *(["--idle"] if args.wall else ["--gil"])]
                spies.append((kind, out, subprocess.Popen(command, stdout=subprocess.DEVNULL,
                                                          stderr=subprocess.DEVNULL)))
        for _, _, spy in spies:
            spy.wait()
        load.join()
        print(f"load: {result.get('moves_per_s', 0):.0f} moves/s, p50 {result.get('p50_ms', 0):.1f} ms, "
              f"p99 {result.get('p99_ms', 0):.1f} ms; emails p50 {result.get('mail_p50_ms', 0):.0f} ms "
              f"p99 {result.get('mail_p99_ms', 0):.0f} ms")
        for kind in sorted({k for k, _, _ in spies}):
            files = [out for k, out, _ in spies if k == kind and out.exists()]
            print(f"\n== {kind} ({len(files)} process(es)): inclusive share, own share, function")
            for frame, share, mine in summary(files, args.top):
                print(f"{share * 100:5.1f}% {mine * 100:5.1f}%  {frame}")
        print(f"\ncollapsed stacks in {folder}")
    finally:
        stop(server)
        sink.stop()


if __name__ == "__main__":
    main()
