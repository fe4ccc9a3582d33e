"""The Redis log against a real Redis server: atomic conditional appends, idempotency, keys."""

import json
import threading

import pytest

from store import Conflict, Duplicate, NoSuchTable, TableExists, connect, keys


def entry(seq, text="x"):
    return json.dumps({"seq": seq, "event": {"type": text}})


def create(store, table="t1", n=1, waiting=None):
    store.create(table, json.dumps({"id": table}), [entry(i + 1) for i in range(n)], waiting or {}, 0.0, ["a@x.org"])


def test_append_checks_the_expected_seq(store):
    create(store)
    assert store.append("t1", 1, [entry(2), entry(3)], [])[0] == 3
    with pytest.raises(Conflict) as stale:
        store.append("t1", 1, [entry(2)], [])
    assert stale.value.actual == 3
    assert [json.loads(e)["seq"] for e in store.read("t1")] == [1, 2, 3]


def test_two_concurrent_appends_with_the_same_expected_seq_exactly_one_wins(store):
    create(store)
    for round_ in range(40):
        expected, barrier, outcomes = store.seq("t1"), threading.Barrier(2), []

        def writer(name, expected=expected, barrier=barrier, outcomes=outcomes):
            barrier.wait()
            try:
                store.append("t1", expected, [entry(expected + 1, name)], [])
                outcomes.append("won")
            except Conflict:
                outcomes.append("conflict")

        threads = [threading.Thread(target=writer, args=(n,)) for n in ("a", "b")]
        [t.start() for t in threads]
        [t.join() for t in threads]
        assert sorted(outcomes) == ["conflict", "won"], round_
    assert store.seq("t1") == 41
    assert len(store.read("t1")) == 41


def test_an_idempotency_key_applies_once_and_answers_the_first_record(store):
    create(store)
    store.append("t1", 1, [entry(2)], [], ("key1", '{"from": 2}'), 60)
    with pytest.raises(Duplicate) as seen:      # even with a now-stale expected seq
        store.append("t1", 1, [entry(2)], [], ("key1", '{"from": 2}'), 60)
    assert seen.value.record == '{"from": 2}'
    assert store.seq("t1") == 2
    assert store.idempotent("t1", "key1") == '{"from": 2}'
    assert 0 < store.redis.ttl(keys.idempotency("t1")) <= 60


def test_a_record_kept_as_its_own_key_before_the_hash_still_answers(store):
    create(store)
    store.redis.set(keys.idempotency_single("t1", "old"), '{"from": 2}', ex=60)
    with pytest.raises(Duplicate) as seen:
        store.append("t1", 1, [entry(2)], [], ("old", '{"from": 9}'), 60)
    assert seen.value.record == '{"from": 2}' and store.seq("t1") == 1
    assert store.idempotent("t1", "old") == '{"from": 2}'


def test_idempotency_records_of_a_table_are_one_hash_each_kept_a_ttl_after_the_last(store):
    create(store)
    store.append("t1", 1, [entry(2)], [], ("key1", '{"from": 2}'), 60)
    store.append("t1", 2, [entry(3)], [], ("key2", '{"from": 3}'), 90)
    assert store.redis.hgetall(keys.idempotency("t1")) == {b"key1": b'{"from": 2}', b"key2": b'{"from": 3}'}
    assert 60 < store.redis.ttl(keys.idempotency("t1")) <= 90
    assert not store.redis.keys("t:{t1}:idem:*")


def test_unknown_table_and_taken_id(store):
    with pytest.raises(NoSuchTable):
        store.append("nope", 0, [entry(1)], [])
    with pytest.raises(NoSuchTable):
        store.load("nope")
    create(store)
    with pytest.raises(TableExists):
        create(store)


def test_load_is_snapshot_plus_tail(store):
    create(store, n=3)
    store.put_snapshot("t1", 2, "v1", '{"at": 2}', keep=True)
    loaded = store.load("t1")
    assert (loaded.seq, loaded.snapshot_seq, loaded.snapshot_state) == (3, 2, '{"at": 2}')
    assert [json.loads(e)["seq"] for e in loaded.tail] == [3]
    assert store.snapshot_at_most("t1", 5) == (2, "v1", '{"at": 2}')
    assert store.snapshot_at_most("t1", 1) is None


def test_waiting_edges_keep_their_seq_while_a_seat_stays_waited_on(store):
    create(store, waiting={"north": 1})
    assert store.append("t1", 1, [entry(2)], ["north"])[1] == {"north": 1}
    assert store.append("t1", 2, [entry(3)], ["south"])[1] == {"south": 3}
    assert store.append("t1", 3, [entry(4)], ["north", "south"])[1] == {"north": 4, "south": 3}
    assert store.waiting("t1") == {"north": 4, "south": 3}


def test_every_key_of_a_table_shares_its_hash_tag(store):
    create(store, waiting={"north": 1})
    store.put_snapshot("t1", 1, "v", "{}", keep=True)
    store.append("t1", 1, [entry(2)], ["north"], ("k", "{}"), 60)
    store.claim_mail("t1", "x", 60)
    table_keys = [k.decode() for k in store.redis.keys("t:*")]
    assert len(table_keys) >= 6
    assert all("{t1}" in k for k in table_keys)


def test_player_indexes(store):
    create(store)
    store.set_player_waiting("A@x.org", "t1", "north", True)
    assert store.player_tables("a@x.org") == ["t1"]
    assert store.player_waiting("a@x.org") == ["t1/north"]
    store.set_player_waiting("a@x.org", "t1", "north", False)
    assert store.player_waiting("a@x.org") == []


def test_the_server_runs_with_the_append_only_file_on(store):
    assert store.redis.config_get("appendonly")["appendonly"] == "yes"



def test_a_glance_reads_the_seq_the_new_entries_the_rollback_and_the_preferences(store):
    create(store, n=5)
    store.open_rollback("t1", '{"id": "r"}', 60)
    store.vote_rollback("t1", "south", "agree")
    store.redis.hset(keys.preferences("t1"), "language:north", "pl")
    newest = store.glance("t1", None, 3)
    assert newest.seq == 5 and [json.loads(e)["seq"] for e in newest.entries] == [3, 4, 5]
    assert newest.rollback == ('{"id": "r"}', {"south": "agree"}) and newest.preferences == {"language:north": "pl"}
    since = store.glance("t1", 3, 8)
    assert [json.loads(e)["seq"] for e in since.entries] == [4, 5]
    store.close_rollback("t1")
    assert store.glance("t1", 5, 8).entries == [] and store.glance("t1", 5, 8).rollback is None
    with pytest.raises(NoSuchTable):
        store.glance("t2", None, 3)


@pytest.mark.parametrize("edges, first", [({}, 5), ({"a": 2}, 3), ({"a": 3, "b": 1}, 2), ({"a": 4}, 5), ({"a": 5}, None)])
def test_a_hand_offs_append_reads_what_a_settle_would_read_after_it(store, edges, first):
    """append_handing_over reads the log only up to its own entries and fills those in with the
    ones it sent: its reads are those of a settle_reads made after it, whichever entries the
    clocks need (from before the append, from inside it, or none)."""
    create(store, n=3)
    store.redis.hset(keys.clock("t1"), mapping={f"{seat}:edge": edge for seat, edge in edges.items()} or {"x": 1})
    sent = [entry(4, "own"), entry(5, "own too")]
    seats = [("a", "a@x.org"), ("b", "")]
    seq, waiting, read = store.append_handing_over("t1", 3, sent, ["a"], notice=True, now=1.0, settle_here=True,
                                                   clocks_of=seats)
    assert seq == 5 and waiting == {"a": 5}
    if connect.is_cluster(store.redis):      # a cluster's hand-off is settled by a worker: the append reads no clocks
        assert read is None
        return
    again = store.settle_reads("t1", [("a", "a@x.org", 5), ("b", "", None)], [])
    assert read.log == again.log and read.clock == again.clock and read.vacations == again.vacations
    assert sorted(read.log) == (list(range(first, 6)) if first else [])
