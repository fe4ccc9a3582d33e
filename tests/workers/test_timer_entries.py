"""Deadlines and reminders are timer entries, not jobs: a hand-off queues no job, a seat that
moves takes its entries away, a finished table leaves none (and no job), and a due deadline
fires once however many sweepers look, or if one dies holding it."""

import threading
import time

from store import TableStore, keys
from tests.helpers import SEATS, bearer, play
from workers import process, timers
from workers.context import current

LIVE = {"kind": "clock", "preset": "live"}


def timed_table(client, **options):
    answer = client.post("/tables", json={"game": "duel", "seats": SEATS, "time_control": LIVE,
                                          "options": options})
    assert answer.status_code == 201, answer.json
    return answer.json["id"], {s: v["token"] for s, v in answer.json["seats"].items()}


def entries(redis_client, table):
    return sorted(m.decode() for m in redis_client.zrange(keys.DEADLINES, 0, -1) if m.decode().startswith(table))


def jobs_left(redis_client):
    """Every rq job hash and scheduled job still in Redis."""
    return [k.decode() for k in redis_client.keys("rq:job:*")] + \
        [m.decode() for k in redis_client.keys("rq:scheduled:*") for m in redis_client.zrange(k, 0, -1)]


def test_a_seat_that_moves_leaves_no_timer_and_a_finished_table_nothing(client, run_worker, redis_client):
    table, tokens = timed_table(client, target=5)
    run_worker()
    edge = int(TableStore(redis_client).clock(table)["north:edge"])
    assert entries(redis_client, table) == [f"{table}/north/{edge}", f"{table}/north/{edge}/remind"]
    assert jobs_left(redis_client) == []                 # the hand-off queued no job
    play(client, table, tokens, "north", option=3)
    run_worker()
    south = int(TableStore(redis_client).clock(table)["south:edge"])
    assert entries(redis_client, table) == [f"{table}/south/{south}", f"{table}/south/{south}/remind"]
    play(client, table, tokens, "south", option=3)       # 6 of 5: the game ends
    run_worker()
    assert client.get(f"/tables/{table}/view", headers=bearer(tokens["north"])).json["status"] == "finished"
    assert entries(redis_client, table) == []
    assert jobs_left(redis_client) == []


def test_a_due_deadline_fires_once_with_two_sweepers(client, run_worker, redis_client):
    table, _ = timed_table(client)
    run_worker()
    deadline = float(TableStore(redis_client).clock(table)["north:deadline"])
    counts, start = [], threading.Barrier(2)

    def sweeper():
        start.wait()
        counts.append(timers.sweep(current(), deadline + 1))

    threads = [threading.Thread(target=sweeper) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert sorted(counts) == [0, 1]
    assert len(redis_client.keys("rq:job:deadline-*")) == 1 and len(redis_client.keys("rq:job:remind-*")) == 1
    run_worker()
    assert TableStore(redis_client).clock(table)["north:deadline"] == ""         # timed out, once
    assert entries(redis_client, table) == [] and jobs_left(redis_client) == []
    assert timers.sweep(current(), deadline + 2 * timers.LEASE) == 0


def test_a_deadline_claimed_by_a_sweeper_that_died_fires_after_the_lease(client, run_worker, redis_client):
    table, _ = timed_table(client)
    run_worker()
    deadline = float(TableStore(redis_client).clock(table)["north:deadline"])
    edge = TableStore(redis_client).clock(table)["north:edge"]
    claim = redis_client.register_script(timers.CLAIM)             # claimed, then killed before its job
    assert claim(keys=[keys.DEADLINES], args=[f"{table}/north/{edge}", deadline + 1, deadline + 1 + timers.LEASE])
    assert timers.sweep(current(), deadline + 2) == 0
    assert timers.sweep(current(), deadline + 2 + timers.LEASE) == 1
    run_worker()
    assert TableStore(redis_client).clock(table)["north:deadline"] == ""
    assert entries(redis_client, table) == []


def test_a_burst_worker_fires_the_deadlines_due(client, run_worker, redis_client, env):
    table, _ = timed_table(client)
    run_worker()
    store = TableStore(redis_client)
    edge, passed = store.clock(table)["north:edge"], time.time() - 60
    store.set_clock(table, {"north:deadline": passed}, {f"{table}/north/{edge}": passed}, [])   # it ran out
    process.run(env, threading.Event(), burst=True)
    assert store.clock(table)["north:deadline"] == "" and store.clock(table)["north:late_since"] == str(passed)
    assert entries(redis_client, table) == []                  # the reminder went with it
