"""Which WSGI server answers our moves fastest: the same load against each, same machine, same run.

Each candidate serves `server.app:create_app()` in front of one embedded Redis and one
`pbem worker`; `bench.http_load` plays random Clash games against it (1 and 20 at once).
Candidates not installed are skipped. Not part of `make bench` (it needs the alternatives
installed); the figures and the choice are in README.md, "Production".

`python -m bench.wsgi_servers [seconds]`
"""

import importlib.util
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import requests

import config
from store.embedded import EmbeddedRedis, free_port

from . import http_load

APP = "server.app:create_app()"


def candidates(port: int) -> dict[str, list[str]]:
    py = sys.executable
    return {
        "werkzeug (dev, threaded)": [py, "-c", "from werkzeug.serving import run_simple; from server.app import "
                                     f"create_app; run_simple('127.0.0.1', {port}, create_app(), threaded=True)"],
        "waitress (8 threads)": [py, "-m", "waitress", "--host=127.0.0.1", f"--port={port}", "--threads=8",
                                 "--call", "server.app:create_app"],
        "gunicorn gthread (2 x 4 threads)": [py, "-m", "gunicorn", "-k", "gthread", "-w", "2", "--threads", "4",
                                             "-b", f"127.0.0.1:{port}", APP],
        "gunicorn gthread (1 x 8 threads)": [py, "-m", "gunicorn", "-k", "gthread", "-w", "1", "--threads", "8",
                                             "-b", f"127.0.0.1:{port}", APP],
        "granian wsgi (2 workers)": [py, "-m", "granian", "--interface", "wsgi", "--host", "127.0.0.1", "--port",
                                     str(port), "--workers", "2", "--blocking-threads", "4", "--no-access-log",
                                     "--factory", "server.app:create_app"],
        "granian wsgi (1 worker)": [py, "-m", "granian", "--interface", "wsgi", "--host", "127.0.0.1", "--port",
                                    str(port), "--workers", "1", "--blocking-threads", "8", "--no-access-log",
                                    "--factory", "server.app:create_app"],
    }


def installed(command: list[str]) -> bool:
    return command[1] != "-m" or importlib.util.find_spec(command[2]) is not None


def wait_up(url: str, process: subprocess.Popen[bytes], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode}")
        try:
            if requests.get(f"{url}/healthz", timeout=5).status_code == 200:
                return
        except requests.RequestException:
            pass
        time.sleep(0.1)
    raise RuntimeError("the server did not answer")


def stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def main(seconds: float = 20.0) -> None:
    folder = Path(tempfile.mkdtemp(prefix="pbem-wsgi-"))
    redis_server = EmbeddedRedis(folder / "redis", config.REDIS_CONF).start()
    env = {**os.environ, "REDIS_URL": redis_server.url, "PBEM_DATA_DIR": str(folder), "SECRET_KEY": "bench",
           "PBEM_RATE_LIMIT_TABLES": "", "PBEM_RATE_LIMIT_INVITES": "",            # a load test makes many tables
           "PYTHONPATH": os.pathsep.join(filter(None, [str(Path(__file__).resolve().parent.parent),
                                                       os.environ.get("PYTHONPATH")]))}
    worker = subprocess.Popen([sys.executable, "-m", "cli.main", "worker"], env=env)
    try:
        port = free_port()
        for name, command in candidates(port).items():
            if not installed(command):
                print(f"{name}: not installed, skipped")
                continue
            server = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            try:
                url = f"http://127.0.0.1:{port}"
                wait_up(url, server)
                http_load.run(url, 2, 3.0)                                # warm up
                figures = [(games, http_load.run(url, games, seconds)) for games in (1, 20)]
            finally:
                stop(server)
            print(f"{name}: " + "; ".join(f"{games} games {r['moves_per_s']:.0f} moves/s p50 {r['p50_ms']:.1f} ms "
                                          f"p99 {r['p99_ms']:.1f} ms errors {r['errors'] or 0}"
                                          for games, r in figures), flush=True)
    finally:
        stop(worker)
        redis_server.stop()


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 20.0)
