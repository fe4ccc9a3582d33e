"""`pbem run` as shipped, under the HTTP load of `bench.http_load`: Granian against the
development server (`--dev`), and PBEM_FSYNC=always against everysec. Each variant is a fresh
`pbem run` (embedded Redis, both workers, emails to the outbox folder) with its data on the
project's disk, measured in the same run. Figures for README.md, "Production".

`python -m bench.run_load [seconds]` (not part of `make bench`: a few minutes of load).
"""

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import requests

from store.embedded import free_port

from . import http_load

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = {"Granian, appendfsync everysec": ([], "everysec"), "Granian, appendfsync always": ([], "always"),
            "werkzeug --dev, appendfsync everysec": (["--dev"], "everysec")}


def start(folder: Path, port: int, flags: list[str], fsync: str) -> subprocess.Popen[bytes]:
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "SMTP_URL")}
    env.update(PBEM_DATA_DIR=str(folder), PBEM_FSYNC=fsync, PUBLIC_URL=f"http://127.0.0.1:{port}",
               PBEM_RATE_LIMIT_TABLES="", PBEM_RATE_LIMIT_INVITES="")
    process = subprocess.Popen([sys.executable, "-m", "cli.main", "run", "--port", str(port), *flags], cwd=ROOT,
                               env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if requests.get(f"http://127.0.0.1:{port}/healthz", timeout=5).status_code == 200:
                return process
        except requests.RequestException:
            time.sleep(0.2)
    process.kill()
    raise RuntimeError("pbem run did not answer")


def main(seconds: float = 20.0) -> None:
    (ROOT / "var").mkdir(exist_ok=True)
    for name, (flags, fsync) in VARIANTS.items():
        folder, port = Path(tempfile.mkdtemp(prefix="bench-run-", dir=ROOT / "var")), free_port()
        process = start(folder, port, flags, fsync)
        try:
            url = f"http://127.0.0.1:{port}"
            http_load.run(url, 2, 3.0)                                    # warm up
            figures = [(games, http_load.run(url, games, seconds)) for games in (1, 20)]
        finally:
            process.send_signal(signal.SIGTERM)
            process.wait(timeout=60)
            shutil.rmtree(folder, ignore_errors=True)
        print(f"{name}: " + "; ".join(f"{games} games {r['moves_per_s']:.0f} moves/s p50 {r['p50_ms']:.1f} ms "
                                      f"p99 {r['p99_ms']:.1f} ms errors {r['errors'] or 0}" for games, r in figures),
              flush=True)


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 20.0)
