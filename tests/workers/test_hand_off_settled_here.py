"""A plain hand-off to a seat that hears no email is settled by the move itself: the clocks, the
new seat's deadline and reminder, the players' index, with no notice and no worker. The same
hand-off to a seat that is emailed is left to a worker, which writes the same clocks. A move
killed between its append and that settle leaves the table to the sweep."""

import os
import signal
import subprocess
import sys
import time

import tables
from store import TableStore, keys
from tables import deadlines
from workers import settle
from workers.context import Context

PEOPLE = {"north": {"name": "Nora", "email": "nora@example.org"}, "south": {"name": "Sam", "email": "sam@example.org"}}
MUTED = {seat: {**info, "notifications": "mute"} for seat, info in PEOPLE.items()}
SEED = bytes(range(32))


def deadline_entries(redis_client, table_id):
    return {m.decode().split("/", 1)[1]: at for m, at in redis_client.zrange(keys.DEADLINES, 0, -1, withscores=True)
            if m.decode().startswith(table_id + "/")}


def test_a_muted_hand_off_needs_no_worker_and_writes_what_a_worker_would(env, redis_client, smtp_server):
    store, ctx = TableStore(redis_client), Context(env, TableStore(redis_client))
    here = tables.start(store, "duel", {}, MUTED, 1000.0, seed=SEED).table
    there = tables.start(store, "duel", {}, PEOPLE, 1000.0, seed=SEED).table
    settle.drain(ctx)                                     # both tables' start: a worker's
    assert redis_client.llen(keys.CHANGED) == 0
    for seat, at in (("north", 1100.0), ("south", 1250.5), ("north", 1400.0)):
        tables.submit(store, tables.load(store, here.id), seat, option=1, now=at)
        assert redis_client.llen(keys.CHANGED) == 0      # no notice: settled by the move
        assert store.needs(here.id) is None and redis_client.zscore(keys.PENDING, here.id) is None
        tables.submit(store, tables.load(store, there.id), seat, option=1, now=at)
        assert redis_client.llen(keys.CHANGED) == 1      # someone to email: a worker's settle
        settle.drain(ctx)
        assert store.clock(here.id) == store.clock(there.id)
        assert deadline_entries(redis_client, here.id) == deadline_entries(redis_client, there.id)
    waited = "south"                                      # after three moves: south to move
    assert set(deadline_entries(redis_client, here.id)) >= {f"{waited}/{store.clock(here.id)[waited + ':edge']}"}
    assert store.player_waiting("sam@example.org") == sorted([f"{here.id}/south", f"{there.id}/south"])
    assert store.player_waiting("nora@example.org") == []


def test_the_clocks_are_not_written_once_the_table_has_moved_on(env, redis_client):
    store = TableStore(redis_client)
    table = tables.start(store, "duel", {}, MUTED, 1000.0, seed=SEED).table
    before = store.clock(table.id)
    stale = deadlines.Clocks({"north:edge": "1"}, {f"{table.id}/north/1": 5.0}, [], [])
    assert store.hand_over(table.id, stale.values, stale.entries, stale.done, table.seq - 1, []) == -1
    assert store.clock(table.id) == before and deadline_entries(redis_client, table.id) == {}


MOVE = ("import games, sys, time; from tests.tinygame import Duel; games.register(Duel()); "
        "import config, tables; from store import TableStore, connect; s = config.load(); "
        "store = TableStore(connect.connect(s.redis_url, s.cluster)); "
        "tables.submit(store, tables.load(store, sys.argv[1]), 'north', option=1, now=time.time())")


def test_a_move_killed_before_its_settle_leaves_the_table_to_the_sweep(env, redis_client):
    store, ctx = TableStore(redis_client), Context(env, TableStore(redis_client))
    table = tables.start(store, "duel", {}, MUTED, time.time(), seed=SEED).table
    settle.drain(ctx)
    done = subprocess.run([sys.executable, "-c", MOVE, table.id], timeout=60, capture_output=True,
                          env={**os.environ, "PBEM_KILL_AT": "handover:appended"})
    assert done.returncode == -signal.SIGKILL, done.stderr.decode()[-2000:]
    assert tables.load(store, table.id).seq == table.seq + 1      # the move is in ...
    assert store.needs(table.id) is not None                       # ... and the table marked
    assert "south:edge" not in store.clock(table.id)
    assert settle.sweep(ctx, time.time()) == 0
    assert settle.sweep(ctx, time.time() + settle.GRACE + 1) == 1   # announced again, then settled
    settle.drain(ctx)
    assert store.needs(table.id) is None
    assert store.clock(table.id)["south:edge"] == str(table.seq + 1)


def test_a_seat_muted_everywhere_or_already_emailed_is_settled_by_the_move(env, redis_client, smtp_server):
    """What the append reads for the clocks carries each player's policy everywhere, so a player
    who muted every table needs no worker either; a seat that hears emails, but whose turn email
    was already sent, is settled by the move too (the delivery states read after the append)."""
    store, ctx = TableStore(redis_client), Context(env, TableStore(redis_client))
    table = tables.start(store, "duel", {}, PEOPLE, 1000.0, seed=SEED).table
    settle.drain(ctx)
    for seat in PEOPLE:                        # their first emails went out (Nora's turn, Sam's invitation)
        store.mail_sent(table.id, f"invitation-0-{seat}")
    store.set_preference(None, "south", "sam@example.org", "mute")        # Sam mutes every table
    tables.submit(store, tables.load(store, table.id), "north", option=1, now=1100.0)
    assert redis_client.llen(keys.CHANGED) == 0 and store.needs(table.id) is None
    assert store.clock(table.id)["south:edge"] == str(table.seq + 1)
    seq = tables.load(store, table.id).seq
    store.mail_sent(table.id, f"your_turn-{seq + 1}-north")                # as if Nora's email went out already
    tables.submit(store, tables.load(store, table.id), "south", option=1, now=1200.0)
    assert redis_client.llen(keys.CHANGED) == 0 and store.needs(table.id) is None
    assert store.clock(table.id)["north:edge"] == str(seq + 1)
    tables.submit(store, tables.load(store, table.id), "north", option=1, now=1300.0)
    store.set_preference(None, "south", "sam@example.org", "immediate")   # Sam hears of his turns again
    seq = tables.load(store, table.id).seq
    tables.submit(store, tables.load(store, table.id), "south", option=1, now=1400.0)
    assert redis_client.llen(keys.CHANGED) == 1                            # Nora is owed her email: a worker's
    settle.drain(ctx)
    assert store.clock(table.id)["north:edge"] == str(seq + 1) and store.needs(table.id) is None
