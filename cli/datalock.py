"""One `pbem run` per data folder: a lock on the folder, and no stray children of a killed run.

The lock is ``fcntl.flock`` on ``<data>/run.lock``: the kernel drops it when its holder dies,
even by ``kill -9``, so a stale lock never blocks a restart. The children do not inherit it.

Every child of a run carries ``PBEM_RUN=<data folder>:<run id>`` in its environment (and so
does whatever it forks: rq's scheduler, the web server's workers). A new run on the same
folder, once it holds the lock, stops every process of ours whose ``PBEM_RUN`` names this
folder, and any Redis server working in the folder's Redis files: SIGTERM, then SIGKILL after
a grace period. A process is only stopped if it says so itself (its environment, its working
folder); a pid that was reused by something else never matches.
"""

import fcntl
import os
from pathlib import Path

import psutil

LOCK_FILE = "run.lock"
MARK = "PBEM_RUN"
REDIS_FOLDER = "redis"       # the embedded Redis's files, under the data folder


class FolderInUse(Exception):
    """Another `pbem run` holds the data folder."""


def lock(data_dir: Path) -> int:
    """Hold the data folder's lock for as long as this process lives; returns the open file."""
    data_dir.mkdir(parents=True, exist_ok=True)
    path = data_dir / LOCK_FILE
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = os.read(fd, 32).decode(errors="replace").strip() or "?"
        os.close(fd)
        raise FolderInUse(f"Another 'pbem run' (pid {holder}) is using the data folder {data_dir.resolve()}. "
                          "Stop it first, or give this one another folder with PBEM_DATA_DIR.") from None
    os.ftruncate(fd, 0)
    os.write(fd, str(os.getpid()).encode())
    return fd


def mark(data_dir: Path, run_id: str) -> str:
    return f"{data_dir.resolve()}:{run_id}"


def ours(data_dir: Path) -> list[psutil.Process]:
    """Processes of any run on this data folder (this process excepted), by their environment;
    and a Redis server working in the folder's Redis files (Redis writes its process title
    over its environment, so that cannot be read back)."""
    prefix, redis_dir, found = f"{data_dir.resolve()}:", str((data_dir / REDIS_FOLDER).resolve()), []
    for process in psutil.process_iter():
        if process.pid == os.getpid():
            continue
        try:
            if process.status() == psutil.STATUS_ZOMBIE:
                continue
            if process.environ().get(MARK, "").startswith(prefix) or (
                    process.cwd() == redis_dir and "server" in process.name()):
                found.append(process)
        except (psutil.Error, OSError):      # gone, or not ours to read
            continue
    return found


def stop_strays(data_dir: Path, grace: float = 10.0) -> list[int]:
    """Stop what a killed run on this folder left running; returns their pids."""
    strays = ours(data_dir)
    for process in strays:
        try:
            process.terminate()
        except psutil.Error:
            pass
    _, alive = psutil.wait_procs(strays, timeout=grace)
    for process in alive:
        try:
            process.kill()
        except psutil.Error:
            pass
    psutil.wait_procs(alive, timeout=5)
    return [process.pid for process in strays]
