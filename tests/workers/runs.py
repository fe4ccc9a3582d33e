"""A real `pbem run` for tests: its processes, and a Clash table played over HTTP."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import requests

from store.embedded import free_port

ROOT = Path(__file__).resolve().parents[2]
SEATS = {"mcworld": {"name": "Ann", "email": "ann@example.org"}, "jihad": {"name": "Bob", "email": "bob@example.org"}}


class Run:
    """`pbem run` in a subprocess with its own data folder, embedded Redis and port."""

    def __init__(self, data_dir: Path, smtp_url: str, **env: str):
        self.data_dir, self.port = data_dir, free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "PBEM_KILL_AT")}
        self.env.update(PBEM_DATA_DIR=str(data_dir), SMTP_URL=smtp_url, PUBLIC_URL=self.url,
                        SECRET_KEY="test-secret", PBEM_WEB_WORKERS="1", PBEM_MAIL_RETRY_INTERVALS="1,1,1", **env)
        self.process: subprocess.Popen[bytes] | None = None
        self.log = data_dir / f"run-{self.port}.log"

    def start(self, timeout: float = 60.0) -> "Run":
        self.data_dir.mkdir(parents=True, exist_ok=True)
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen([sys.executable, "-m", "cli.main", "run", "--port", str(self.port)],
                                            cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.output()
            try:
                if requests.get(f"{self.url}/healthz", timeout=2).status_code == 200:
                    return self
            except requests.ConnectionError:
                pass
            time.sleep(0.1)
        raise AssertionError("pbem run did not answer:\n" + self.output())

    def output(self) -> str:
        return self.log.read_text(errors="replace")[-4000:]

    def children(self) -> list[psutil.Process]:
        assert self.process is not None
        return psutil.Process(self.process.pid).children(recursive=True)

    def child(self, *words: str) -> psutil.Process:
        """The one direct child whose command line holds every word of ``words``."""
        assert self.process is not None
        found = []
        for process in psutil.Process(self.process.pid).children():
            try:
                if process.status() != psutil.STATUS_ZOMBIE and all(w in process.cmdline() for w in words):
                    found.append(process)
            except psutil.Error:            # gone meanwhile
                continue
        assert len(found) == 1, [p.pid for p in found]
        return found[0]

    def stop(self, timeout: float = 60.0) -> int:
        if self.process is None or self.process.poll() is not None:
            return self.process.returncode if self.process else 0
        self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise

    def kill(self) -> None:
        """kill -9 of `pbem run` itself, nothing else."""
        assert self.process is not None
        self.process.kill()
        self.process.wait()


def redis_servers(data_dir: Path) -> list[psutil.Process]:
    """Every Redis server running on this data folder's Redis files (a server works in its --dir)."""
    folder = str((data_dir / "redis").resolve())
    found = []
    for process in psutil.process_iter():
        try:
            if process.name() in ("redis-server", "valkey-server") and process.cwd() == folder \
                    and process.status() != psutil.STATUS_ZOMBIE:
                found.append(process)
        except psutil.Error:
            continue
    return found


def wait_for(check, timeout: float = 30.0, every: float = 0.1):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(every)
    raise AssertionError("timed out")


class Table:
    """A Clash table on a run, played by option 1 of whoever is asked."""

    def __init__(self, url: str):
        self.url = url
        created = requests.post(f"{url}/tables", json={"game": "clash", "seats": SEATS}, timeout=10)
        assert created.status_code == 201, created.text
        self.id = created.json()["id"]
        self.tokens = {seat: info["token"] for seat, info in created.json()["seats"].items()}

    def waiting(self) -> tuple[str, int]:
        """The seat asked to move now, and the view's seq."""
        view = requests.get(f"{self.url}/tables/{self.id}/view", timeout=10).json()
        (prompt,) = view["prompts"]
        return prompt["seat"], view["seq"]

    def move(self, seat: str, seq: int, key: str | None = None) -> requests.Response:
        return requests.post(f"{self.url}/tables/{self.id}/moves", json={"option": 1, "expected_seq": seq},
                             headers={"Authorization": f"Bearer {self.tokens[seat]}",
                                      "Idempotency-Key": key or f"{self.id}-{seq}"}, timeout=30)

    def hand_over(self) -> tuple[str, int]:
        """Play the asked seat's option 1 until another seat is asked; returns that seat and seq."""
        first, seq = self.waiting()
        seat = first
        while seat == first:
            answer = self.move(seat, seq)
            assert answer.status_code == 201, answer.text
            seat, seq = self.waiting()
        return seat, seq

    def log(self) -> list[dict]:
        answer = requests.get(f"{self.url}/tables/{self.id}/log", params={"since": 0},
                              headers={"Authorization": f"Bearer {self.tokens['mcworld']}"}, timeout=10)
        assert answer.status_code == 200, answer.text
        return answer.json()["events"]
