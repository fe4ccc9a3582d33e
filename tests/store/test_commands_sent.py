"""On one Redis server an append that asks a worker to act, a worker's settle and the players'
index of a table are one command each: the append script itself leaves the change notice and
keeps the sweep's index; a hand-off between players reads who is waited on with the load."""

import json

import pytest
import redis.connection

from store import connect, keys


@pytest.fixture
def sent(monkeypatch):
    """The names of the commands this process sends to Redis, in order."""
    names = []
    pack_commands, send_command = redis.connection.Connection.pack_commands, redis.connection.Connection.send_command
    pack_command, real_pack = redis.connection.Connection.pack_command, connect._pack

    def packing(self, commands):
        names.extend(str(c[0]).upper() for c in commands)
        return pack_commands(self, commands)

    def packing_one(self, *args):        # the store's scripts on a held connection (HeldConnections.call)
        names.append(str(args[0]).upper())
        return pack_command(self, *args) if self is not None else real_pack(*args)

    def sending(self, *args, **kwargs):
        names.append(str(args[0]).upper())
        return send_command(self, *args, **kwargs)

    monkeypatch.setattr(redis.connection.Connection, "pack_commands", packing)
    monkeypatch.setattr(redis.connection.Connection, "send_command", sending)
    monkeypatch.setattr(redis.connection.Connection, "pack_command", packing_one)
    monkeypatch.setattr(connect, "_pack", lambda *args: packing_one(None, *args))
    return names


def create(store):
    store.create("t1", json.dumps({"id": "t1"}), [json.dumps({"seq": 1})], {}, 100.0, ["a@x.org"])


def test_an_append_that_asks_a_worker_is_one_command_and_leaves_the_notice(store, sent):
    create(store)
    store.settled("t1", 1)
    store.append("t1", 1, [json.dumps({"seq": 2})], [], notice=False)     # the script is loaded once
    sent.clear()
    seq, waiting = store.append("t1", 2, [json.dumps({"seq": 3})], ["north"], notice=True, now=200.0)
    assert sent == ["EVALSHA"]
    assert (seq, waiting) == (3, {"north": 3})
    assert store.redis.lrange(keys.CHANGED, 0, 0) == [b"t1:3"]
    assert store.pending() == (1, 200.0) and store.needs("t1") == 3


def test_an_append_that_asks_nothing_leaves_no_notice(store, sent):
    create(store)
    store.settled("t1", 1)
    store.redis.delete(keys.CHANGED)
    store.append("t1", 1, [json.dumps({"seq": 2})], [], notice=False, now=200.0)
    assert store.redis.llen(keys.CHANGED) == 0 and store.pending() == (0, None) and store.needs("t1") is None


def test_a_settle_is_one_command(store, sent):
    create(store)
    store.settled("t0", 0)                     # the script is loaded once
    sent.clear()
    assert store.settled("t1", 1) is True
    assert sent == ["EVALSHA"]
    assert store.pending() == (0, None)


def test_a_hand_off_between_players_is_advanced_without_reading_who_is_waited_on_again(store, sent):
    """The load brings who is waited on (as of the loaded seq): advance, with no step of its
    own to take, reads nothing more than the load and writes the players' index."""
    import time

    import tables

    seats = {"north": {"name": "Nora", "email": "nora@example.org"}, "south": {"name": "Sam", "email": "sam@example.org"}}
    table = tables.start(store, "duel", {}, seats, time.time()).table
    tables.advance(store, table.id, now=time.time())
    tables.submit(store, tables.load(store, table.id), "north", option=1, now=time.time())
    sent.clear()
    done = tables.advance(store, table.id, now=time.time())
    assert done.steps == 0 and done.waiting == store.waiting(table.id) and list(done.waiting) == ["south"]
    assert sent[:1] == ["EVALSHA"] and "HGETALL" not in sent[:-1]


def test_the_players_index_of_a_table_is_one_command(store, sent):
    store.set_players_waiting("t0", [("z@x.org", "north", False)])       # the script is loaded once
    sent.clear()
    store.set_players_waiting("t1", [("a@x.org", "north", True), ("b@x.org", "south", False), ("a@x.org", "east", True)])
    assert sent == ["EVALSHA"]
    assert store.player_waiting("a@x.org") == ["t1/east", "t1/north"] and store.player_waiting("b@x.org") == []


@pytest.fixture
def trips(monkeypatch):
    """The round trips this process makes to Redis: the names of the commands of each."""
    out = []
    pack_commands, send_command = redis.connection.Connection.pack_commands, redis.connection.Connection.send_command
    pack_command, real_pack = redis.connection.Connection.pack_command, connect._pack

    def packing(self, commands):
        out.append([str(c[0]).upper() for c in commands])
        return pack_commands(self, commands)

    def sending(self, *args, **kwargs):
        out.append([str(args[0]).upper()])
        return send_command(self, *args, **kwargs)

    def packing_one(self, *args):        # the store's scripts on a held connection (HeldConnections.call)
        out.append([str(args[0]).upper()])
        return pack_command(self, *args) if self is not None else real_pack(*args)

    monkeypatch.setattr(redis.connection.Connection, "pack_commands", packing)
    monkeypatch.setattr(redis.connection.Connection, "send_command", sending)
    monkeypatch.setattr(redis.connection.Connection, "pack_command", packing_one)
    monkeypatch.setattr(connect, "_pack", lambda *args: packing_one(None, *args))
    return out


def test_the_next_players_view_is_one_command(client, trips):
    """After the other player's move, the view of the seat now asked reads the seq, the log's tail
    (for its undo window), the pending rollback and its language together; the copy of the table
    the move put back needs no load. Later views read only what was appended since."""
    from tests.helpers import bearer, make_table, play

    table, tokens = make_table(client)
    client.get(f"/tables/{table}/view", headers=bearer(tokens["north"]))      # the script is loaded once
    play(client, table, tokens, "north", option=2)
    trips.clear()
    view = client.get(f"/tables/{table}/view", headers=bearer(tokens["south"])).json
    assert trips == [["EVALSHA"]]
    assert view["undo"]["available"] is False and view["rollback"] is None and view["language"] == "en"
    play(client, table, tokens, "south", option=1)
    trips.clear()
    view = client.get(f"/tables/{table}/view", headers=bearer(tokens["north"])).json
    assert trips == [["EVALSHA"]]
    assert view["undo"] == {"available": False, "moves": 0, "code": "other_seat", "message": view["undo"]["message"]}


def test_the_clocks_and_the_deadlines_are_one_command(store, sent):
    store.set_clock("t0", {}, {}, [])                      # the script is loaded once
    store.set_clock("t1", {"south:edge": 3}, {"t1/south/3": 50.0, "t1/south/3/remind": 40.0}, [])
    sent.clear()
    store.set_clock("t1", {"south:edge": "", "south:bank": 1.5, "north:edge": 4}, {"t1/north/4": 90.0},
                    ["t1/south/3", "t1/south/3/remind"])
    assert sent == ["EVALSHA"]
    assert store.clock("t1") == {"south:edge": "", "south:bank": "1.5", "north:edge": "4"}
    assert store.due(1000.0) == ["t1/north/4"]


def test_a_settle_after_a_hand_off_is_two_commands(env, store, sent):
    """The settle of a hand-off between two muted players: the load with the mark and what the
    clocks read (the clocks, the log they need, vacations, policies; no email's state: none is
    queued), and the clocks written with the players' index and the mark cleared. Before: 16 (the
    clocks alone HGETALL, XRANGE, two GETs, MULTI...EXEC; the mail states; two HGETs a seat; the
    mark), then 5 (the mark, the players' index and the read each a command of their own)."""
    import time

    import tables
    from workers import settle
    from workers.context import Context

    seats = {"north": {"name": "Nora", "email": "nora@example.org"}, "south": {"name": "Sam", "email": "sam@example.org"}}
    table = tables.start(store, "duel", {}, seats, time.time()).table
    for seat in seats:
        store.set_preference(table.id, seat, seats[seat]["email"], "mute")
        store.mail_sent(table.id, f"invitation-0-{seat}")        # as the mail worker leaves it
    ctx = Context(env, store)
    settle.settle(ctx, table.id)
    for seat in ("north", "south"):                  # the scripts are loaded once
        tables.submit(store, tables.load(store, table.id), seat, option=1, now=time.time())
        settle.settle(ctx, table.id)
    hand_off(store, table.id, "north")               # appended for a worker to settle (not by a move's request)
    sent.clear()
    assert settle.settle(ctx, table.id).startswith("settled")
    assert sent == ["EVALSHA", "EVALSHA"]
    assert store.needs(table.id) is None and store.pending() == (0, None)
    assert store.player_waiting("sam@example.org") == [f"{table.id}/south"]       # the index, in step
    assert store.player_waiting("nora@example.org") == []
    assert settle.settle(ctx, table.id) == "nothing to do"
    clock = store.clock(table.id)
    assert clock["north:edge"] == "" and clock["south:edge"] == str(store.waiting(table.id)["south"])
    turn = f"{table.id}/south/{clock['south:edge']}"
    assert sorted(store.due(float(clock["south:deadline"]))) == [turn, turn + "/remind"]


def hand_off(store, table_id, seat):
    """The seat's first option, appended with a notice for a worker (as tables.advance appends)."""
    import time

    import tables
    from tables.appending import Draft
    from tables.moves import resolve

    draft = Draft(tables.load(store, table_id), time.time())
    draft.decide(seat, resolve(draft.table, seat, option=1), "c-" + seat)
    assert not draft.append(store, snapshot_every=50).settle_here


def test_a_move_that_hands_over_to_a_muted_seat_settles_it_in_one_command_more(env, store, sent):
    """The append, which also reads what the settle needs for the clocks, then the settle's writes
    (the clocks, the deadline and reminder of the seat now asked, the players' index, the mark
    cleared): two commands, no notice, no worker. A worker's took a notice, then two commands
    (above)."""
    import time

    import tables
    from workers import settle
    from workers.context import Context

    seats = {"north": {"name": "Nora", "email": "nora@example.org", "notifications": "mute"},
             "south": {"name": "Sam", "email": "sam@example.org", "notifications": "mute"}}
    table = tables.start(store, "duel", {}, seats, time.time()).table
    ctx = Context(env, store)
    settle.settle(ctx, table.id)
    for seat in ("north", "south"):                  # the scripts are loaded once
        tables.submit(store, tables.load(store, table.id), seat, option=1, now=time.time())
    loaded = tables.load(store, table.id)
    store.redis.delete(keys.CHANGED)
    sent.clear()
    tables.submit(store, loaded, "north", option=1, now=time.time())
    assert sent == ["EVALSHA", "EVALSHA"]
    assert store.redis.llen(keys.CHANGED) == 0
    assert store.needs(table.id) is None and store.pending() == (0, None)
    assert store.player_waiting("sam@example.org") == [f"{table.id}/south"]
    assert settle.settle(ctx, table.id) == "nothing to do"
    clock = store.clock(table.id)
    turn = f"{table.id}/south/{clock['south:edge']}"
    assert sorted(store.due(float(clock["south:deadline"]))) == [turn, turn + "/remind"]


def test_the_clocks_written_with_the_settle_keep_a_table_asked_again_marked(store, sent):
    create(store)
    store.append("t1", 1, [json.dumps({"seq": 2})], [], notice=True, now=200.0)     # asked again at seq 2
    assert store.set_clock("t1", {"north:edge": 2}, {"t1/north/2": 90.0}, [], settled=1) is False
    assert store.needs("t1") == 2 and store.pending() == (1, 100.0)
    assert store.clock("t1") == {"north:edge": "2"} and store.due(100.0) == ["t1/north/2"]
    sent.clear()
    assert store.set_clock("t1", {"north:edge": ""}, {}, ["t1/north/2"], settled=2) is True
    assert sent == ["EVALSHA"]
    assert store.needs("t1") is None and store.pending() == (0, None) and store.due(100.0) == []


def test_the_clocks_read_with_the_load_are_what_the_settle_would_read(env, store):
    """load_settling reads, for the seats as waited on at the load, what settle_reads does."""
    import time

    import tables
    from tables import deadlines
    from workers import settle
    from workers.context import Context

    seats = {"north": {"name": "Nora", "email": "nora@example.org"}, "south": {"name": "Sam", "email": "sam@example.org"}}
    table = tables.start(store, "duel", {}, seats, time.time()).table
    store.set_preference(table.id, "south", "sam@example.org", "digest")
    store.set_preference(None, "north", "nora@example.org", "mute")
    store.redis.set(keys.player_vacations("sam@example.org"), json.dumps([[1.0, 2.0]]))
    ctx = Context(env, store)
    settle.settle(ctx, table.id)
    for seat in ("north", "south", "north"):
        tables.submit(store, tables.load(store, table.id), seat, option=1, now=time.time())
        table = tables.load(store, table.id)
        loaded, early = store.load_settling(table.id, [(s, i["email"]) for s, i in table.seats.items()])
        assert loaded == store.load(table.id) and loaded.needs is not None
        assert early == store.settle_reads(table.id, deadlines.timed_seats(table, loaded.waiting), [])
        assert early.log and early.here == {"north": None, "south": "digest"}
        assert early.everywhere["north"] == "mute" and early.vacations["south"] == [(1.0, 2.0)]
        settle.settle(ctx, table.id)


def test_a_new_table_its_notice_and_its_indexes_are_one_command(store, sent):
    """On one server the create script also leaves the change notice, the sweep's entry and the
    indexes of all tables and of each player's: no kill between two round trips can leave a table
    that no worker hears of and no sweep finds."""
    store.create("t0", json.dumps({"id": "t0"}), [json.dumps({"seq": 1})], {}, 50.0, [])   # the script is loaded once
    store.redis.delete(keys.CHANGED, keys.PENDING)
    sent.clear()
    store.create("t1", json.dumps({"id": "t1"}), [json.dumps({"seq": 1}), json.dumps({"seq": 2})], {"north": 2},
                 100.0, ["a@x.org", "b@x.org"], {"north": "mute"})
    assert sent == ["EVALSHA"]
    assert store.redis.lrange(keys.CHANGED, 0, -1) == [b"t1:2"]
    assert store.pending() == (1, 100.0) and store.needs("t1") == 2
    assert store.redis.zscore(keys.ALL_TABLES, "t1") == 100.0
    assert store.player_tables("a@x.org") == ["t1"] and store.player_tables("b@x.org") == ["t1"]
    assert store.preferences("t1", "north", "a@x.org") == ("mute", None)
