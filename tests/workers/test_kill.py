"""Issue 10, defect 1: a worker killed (kill -9) at any point of its work never stalls a table.

The guarantee: a table waiting on the server (a system step, a bot, someone to tell) is marked
in the store by the same write that made it wait; the sweep announces every table still marked
GRACE seconds later, and settling is idempotent. So once any worker is up again the table moves
within GRACE + SWEEP seconds, its log is the one a clean run writes, and each email goes once.
"""

import base64
import os
import signal
import subprocess
import sys
import time

import pytest

import tables
from store import TableStore
from tables import envelope
from tests.mail.helpers import kind, latest
from workers import settle
from workers.context import Context
from workers.queue import enqueue_receive_job

SEATS = {"north": {"name": "Nora", "email": "nora@example.org"}, "south": {"bot": "random"}}
WORKER = ("import games; from tests.tinygame import Duel; games.register(Duel()); "       # the test game too
          "from cli.main import main; main(['worker', '--burst'])")
POINTS = ["settle:start", "advance:appended", "settle:advanced", "settle:tracked", "settle:announced"]


def worker_killed_at(point: str) -> int:
    """A real worker process (`pbem worker --burst`) that dies by SIGKILL at ``point``."""
    done = subprocess.run([sys.executable, "-c", WORKER], timeout=120,
                          env={**os.environ, "PBEM_KILL_AT": point}, capture_output=True)
    assert done.returncode == -signal.SIGKILL, done.stderr.decode()[-2000:]
    return done.returncode


def entries(store, table_id):
    return [(e["seq"], e["by"], e["event"]) for e in map(envelope.loads, store.read(table_id))]


@pytest.mark.parametrize("point", POINTS)
def test_a_worker_killed_at_any_point_leaves_the_table_to_the_sweep(point, client, env, redis_client, smtp_server,
                                                                     run_worker):
    store, ctx, seed = TableStore(redis_client), Context(env, TableStore(redis_client)), bytes(range(32))
    twin = tables.start(store, "duel", {"target": 20}, SEATS, time.time(), seed=seed).table   # a clean run
    tables.submit(store, twin, "north", option=2, now=time.time())
    settle.drain(ctx)
    table = tables.start(store, "duel", {"target": 20}, SEATS, time.time(), seed=seed).table
    run_worker()                                          # the invitation and north's first turn
    tables.submit(store, tables.load(store, table.id), "north", option=2, now=time.time())   # the bot must answer
    code = worker_killed_at(point)
    assert code == -signal.SIGKILL, f"the worker did not reach {point}"
    table = table.id
    assert store.needs(table) is not None                 # still marked: nothing was lost
    assert settle.sweep(ctx, time.time()) == 0            # not yet overdue ...
    assert settle.sweep(ctx, time.time() + settle.GRACE + 1) >= 1      # ... then announced again
    run_worker()
    assert store.needs(table) is None
    assert [e[1:] for e in entries(store, table)] == [e[1:] for e in entries(store, twin.id)]
    turns = [m for m in smtp_server.inbox.to("nora@example.org") if kind(m) == "your_turn"
             and m["X-PBEM-Table"] == table]
    assert len(turns) == 2 and len({str(m["X-PBEM-Seq"]) for m in turns}) == 2     # once per turn


def test_a_reply_whose_worker_dies_after_applying_is_answered_once_by_the_retry(client, env, redis_client,
                                                                                smtp_server, run_worker):
    made = client.post("/tables", json={"game": "duel", "seats": SEATS}).json
    run_worker()
    message = latest(smtp_server.inbox, "nora@example.org")
    raw = (f"From: nora@example.org\r\nTo: {message['Reply-To']}\r\nMessage-ID: <killed@x>\r\n"
           f"Subject: Re\r\n\r\nadd 3\r\n").encode()
    job = [base64.b64encode(raw).decode(), []]
    enqueue_receive_job(redis_client, env, *job, None)
    assert worker_killed_at("receive:applied") == -signal.SIGKILL
    store = TableStore(redis_client)
    def north_moves():
        return [e for e in entries(store, made["id"]) if e[1] == "north" and e[2]["type"] == "added"]

    assert len(north_moves()) == 1                                     # applied, not yet answered
    enqueue_receive_job(redis_client, env, *job, None)                 # rq's retry of the dead job
    run_worker()
    assert len(north_moves()) == 1                                     # applied once
    answers = [m for m in smtp_server.inbox.to("nora@example.org") if kind(m) == "answer"]
    assert len(answers) == 1
