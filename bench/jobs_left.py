"""What Redis keeps after whole finished games: MATCHES Clash matches played over HTTP through a
real `pbem run` (its API and workers, seats muted, like the load of bench/cpu.py), then, once
the workers are idle, the jobs left (rq job hashes, scheduled jobs, job registries: goal 0),
the timer entries left (goal 0), and the bytes per event of the whole Redis: `INFO memory`'s
used_memory minus that of the same server before the first table, the sum of MEMORY USAGE
of every key, and of every key that never expires (idempotency records lapse after a day),
each divided by the events of every table, once a finished table's idempotency records and
clocks have gone (FINISHED_KEEP seconds after its end). Goal: at most 200 bytes.

    python -m bench.jobs_left [--matches 60]
"""

import argparse
import random
import shutil
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import redis

import config
from store import keys
from store.embedded import free_port
from workers.settle import FINISHED_KEEP

from . import http_load, run_load

GOAL = 200
MATCHES = 60
AT_ONCE = 6                 # matches played at the same time
IDLE = 3.0                  # seconds with nothing queued, pending or running: the workers are done


def play(url: str, matches: int) -> list[str]:
    """Play ``matches`` Clash matches to their end, AT_ONCE at a time; their table ids."""
    ids: list[str] = []
    lock = threading.Lock()

    def player(n: int) -> None:
        client, rng = http_load.Client(url), random.Random(n)
        while True:
            with lock:
                if len(ids) >= matches:
                    return
                ids.append("")
                slot = len(ids) - 1
            table = http_load.Table(client, "clash", mute=True, tag=f"left{n}")
            ids[slot] = table.id
            while True:
                status, view = table.view()
                if status != 200 or view["status"] != "active":
                    break
                mover = table.mover(view["prompts"])
                if mover is None:
                    time.sleep(http_load.SERVER_STEP)
                elif mover != table.seat:
                    table.seat = mover
                else:
                    table.move(view, rng)

    threads = [threading.Thread(target=player, args=(n,), daemon=True) for n in range(AT_ONCE)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return ids


def busy(client: redis.Redis) -> bool:
    """Anything queued, waiting on a worker, or running."""
    queued = sum(client.llen(k) for k in client.scan_iter("rq:queue:*"))
    running = sum(client.zcard(k) for k in client.scan_iter("rq:wip:*"))
    return bool(queued or running or client.zcard(keys.PENDING) or client.llen(keys.CHANGED))


def wait_idle(client: redis.Redis, timeout: float = 120.0) -> None:
    quiet_since, end = None, time.monotonic() + timeout
    while time.monotonic() < end:
        if busy(client):
            quiet_since = None
        elif quiet_since is None:
            quiet_since = time.monotonic()
        elif time.monotonic() - quiet_since >= IDLE:
            return
        time.sleep(0.2)


def registries(client: redis.Redis) -> dict[str, int]:
    """The members of every rq job registry and scheduled set (a job in one or more of them)."""
    left = {}
    for key in client.scan_iter("rq:*"):
        name = key.decode()
        if client.type(key) == b"zset" and not name.startswith(("rq:workers", "rq:wip")):
            left[name] = client.zcard(key)
    return {k: v for k, v in left.items() if v}


def kept_bytes(client: redis.Redis) -> int:
    """The bytes of the keys that never expire (an idempotency record, a claim, lapse)."""
    return sum(client.memory_usage(k, samples=0) or 0 for k in client.scan_iter("*") if client.ttl(k) == -1)


def by_part(client: redis.Redis) -> dict[str, int]:
    """Bytes by kind of key (a table's part, or the global key's name up to its first colon)."""
    out: Counter[str] = Counter()
    for key in client.scan_iter("*"):
        name = key.decode()
        part = name.split(":", 2)[2].split(":")[0] if name.startswith("t:{") else name.split(":")[0]
        out[part] += client.memory_usage(key, samples=0) or 0
    return dict(out.most_common())


def run(matches: int = MATCHES) -> dict[str, Any]:
    (run_load.ROOT / "var").mkdir(exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="bench-left-", dir=run_load.ROOT / "var"))
    server = None
    try:
        port = free_port()
        server = run_load.start_pbem(folder, port, [])
        client = redis.Redis.from_url((folder / config.RUNTIME_REDIS).read_text())
        wait_idle(client)
        empty = client.info("memory")["used_memory"]
        ids = play(f"http://127.0.0.1:{port}", matches)
        wait_idle(client)
        time.sleep(FINISHED_KEEP + 1)      # what only a live table needs has gone (the last table ended at most now)
        events = sum(int(client.hget(keys.meta(t), "seq") or 0) for t in ids)
        used = client.info("memory")["used_memory"] - empty
        every_key = sum(client.memory_usage(k, samples=0) or 0 for k in client.scan_iter("*"))
        left = registries(client)
        per_table = Counter(k.decode().split("}")[0] for k in client.scan_iter("t:{*"))
        return {"ratio": used / events / GOAL, "goal": 1.0, "matches": len(ids), "events": events,
                "bytes_per_event": used / events, "every_key_bytes_per_event": every_key / events,
                "never_expiring_bytes_per_event": kept_bytes(client) / events,
                "jobs_left": sum(1 for _ in client.scan_iter("rq:job:*")),
                "registry_entries_left": left or 0,
                "timer_entries_left": client.zcard(keys.DEADLINES),
                "keys_per_table": sum(per_table.values()) / max(len(per_table), 1),
                "bytes_by_part": by_part(client)}
    finally:
        if server is not None:
            run_load.stop(server)
        shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=MATCHES)
    for name, value in run(parser.parse_args().matches).items():
        print(f"{name}: {value:.1f}" if isinstance(value, float) else f"{name}: {value}")


if __name__ == "__main__":
    main()
