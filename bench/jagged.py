"""The worker time of a whole Jagged Alliance Dictator Phase (its chain of system steps: the
threat raised, the event drawn and resolved, the phase ended, the next round begun) against the
floor of a worker's job in the same run: one system step of the tiny Duel game (load, one decide,
one conditional append).

Both are ``tables.advance`` on a real Redis server in this process. Scenario 2 tables are played
by the sensible bot up to their first Dictator Phase, one decision at a time; then the phase is
advanced whole and timed. Goal: 10x the floor or less.
"""

import time

import redis

import tables
from games.core import SYSTEM
from store import TableStore
from tables.model import load

from .common import redis_server, register_duel

SAMPLES = 12
GOAL = 10.0
DUEL = {"north": {"email": "n@example.org"}, "south": {"email": "s@example.org"}}
TEAM = {"merc1": {"email": "a@example.org"}}


def _to_dictator_phase(store: TableStore, table_id: str) -> None:
    """Play the team's decisions and the enemy's steps until the Dictator Phase is asked."""
    for _ in range(5000):
        table = load(store, table_id)
        prompts = table.prompts()
        if SYSTEM in prompts:
            if prompts[SYSTEM]["kind"] == "dictator":
                return
            tables.advance(store, table_id, now=1.0, step_cap=1)
            continue
        seat = sorted(prompts)[0]
        move = table.game.bots["sensible"](table.state, seat, table.rng())
        tables.submit(store, table, seat, move=move, expected_seq=table.seq, now=1.0)
    raise RuntimeError("no Dictator Phase reached")


def _dictator_phase(store: TableStore, number: int) -> float | None:
    seed = bytes([number]) * 32
    started = tables.start(store, "jaggedalliance", {"players": 1, "scenario": "2", "hire": "quick"}, TEAM, 1.0,
                           seed=seed)
    table_id = started.table.id
    table = load(store, table_id)
    tables.submit(store, table, "merc1", move={"shop": "done"}, expected_seq=table.seq, now=1.0)
    _to_dictator_phase(store, table_id)
    if load(store, table_id).result():
        return None
    began = time.perf_counter()
    done = tables.advance(store, table_id, now=2.0)
    spent = time.perf_counter() - began
    assert SYSTEM not in done.table.prompts()
    return spent


def _duel_step(store: TableStore, number: int) -> float:
    table = tables.start(store, "duel", {"target": 5}, DUEL, 1.0, seed=bytes([number]) * 32).table
    while SYSTEM not in table.prompts():
        seat = next(iter(table.prompts()))
        table = tables.submit(store, table, seat, option=3, expected_seq=table.seq, now=1.0).table
    began = time.perf_counter()
    tables.advance(store, table.id, now=2.0)
    return time.perf_counter() - began


def run() -> dict:
    register_duel()
    server = redis_server()
    try:
        store = TableStore(redis.Redis.from_url(server.url))
        _duel_step(store, 255)                           # warm up both paths
        phases = [t for t in (_dictator_phase(store, n) for n in range(SAMPLES)) if t is not None]
        floor = [_duel_step(store, n) for n in range(len(phases) * 3)]
        phases.sort()
        floor.sort()
        phase_ms = phases[len(phases) // 2] * 1000
        floor_ms = floor[len(floor) // 2] * 1000
        return {"phases": len(phases), "phase_ms": phase_ms, "floor_ms": floor_ms, "ratio": phase_ms / floor_ms,
                "goal": GOAL}
    finally:
        server.stop()


if __name__ == "__main__":
    print(run())
