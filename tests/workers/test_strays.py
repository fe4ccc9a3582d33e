"""The data folder's lock and the strays of a killed run (cli/datalock.py), with real processes."""

import os
import subprocess
import sys
import time

import pytest

import config
from cli import datalock
from store.embedded import EmbeddedRedis

STUBBORN = "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); print('up', flush=True); time.sleep(120)"


def stubborn(mark: str) -> subprocess.Popen:
    """A process that ignores SIGTERM, as a hung child of a killed run might."""
    process = subprocess.Popen([sys.executable, "-c", STUBBORN], env={**os.environ, datalock.MARK: mark},
                               stdout=subprocess.PIPE)
    assert process.stdout.readline() == b"up\n"
    return process


def test_strays_of_this_folder_are_stopped_and_nothing_else(tmp_path):
    folder, other = tmp_path / "data", tmp_path / "other"
    stray = stubborn(datalock.mark(folder, "killed-run"))
    neighbour = stubborn(datalock.mark(other, "another-run"))       # another folder's run: not ours to stop
    unmarked_redis = EmbeddedRedis(folder / datalock.REDIS_FOLDER, config.REDIS_CONF).start()
    try:
        started = time.monotonic()
        stopped = datalock.stop_strays(folder, grace=1.0)
        assert set(stopped) == {stray.pid, unmarked_redis.process.pid}
        assert time.monotonic() - started >= 1.0                    # SIGTERM was ignored: SIGKILL after the grace
        assert stray.poll() is not None and unmarked_redis.process.poll() is not None
        assert neighbour.poll() is None
    finally:
        for process in (stray, neighbour):
            process.kill()
            process.wait()
        unmarked_redis.stop()


def test_the_lock_refuses_a_second_holder_and_is_freed_by_the_holders_death(tmp_path):
    holder = subprocess.Popen([sys.executable, "-c", "import sys, time; from pathlib import Path; "
                               "from cli import datalock; datalock.lock(Path(sys.argv[1])); print('held', flush=True); "
                               "time.sleep(120)", str(tmp_path)], stdout=subprocess.PIPE)
    try:
        assert holder.stdout.readline() == b"held\n"
        with pytest.raises(datalock.FolderInUse, match=f"pid {holder.pid}"):
            datalock.lock(tmp_path)
    finally:
        holder.kill()                                              # kill -9: the kernel drops the lock
        holder.wait()
    os.close(datalock.lock(tmp_path))
