"""CPU time of a whole process tree over a window, read from /proc (psutil), by role.

A server is a tree: `pbem run` and its children (the embedded Redis, the table and mail
workers, the API's Granian process and its worker processes). Every process of the tree is
sampled at the start, every half second (so that a process that ends, or is born, inside the
window still counts), and at the end; its CPU time (user + system) in the window is its last
sample less its first (a process born inside the window counts from zero).
"""

import threading
from dataclasses import dataclass, field

import psutil

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
