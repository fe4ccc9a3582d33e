"""The settle's bookkeeping in one round trip: the mark cleared and the sweep's index entry
dropped when nothing more is asked; kept, with its age, when an append asked again."""

import json

from store import keys


def create(store, table="t1"):
    store.create(table, json.dumps({"id": table}), [json.dumps({"seq": 1})], {}, 100.0, ["a@x.org"])


def test_a_table_settled_at_its_seq_needs_nothing_and_leaves_the_index(store):
    create(store)
    assert store.needs("t1") == 1 and store.pending()[0] == 1
    assert store.settled("t1", 1) is True
    assert store.needs("t1") is None
    assert store.pending() == (0, None)


def test_a_table_asked_again_stays_indexed_since_it_first_asked(store):
    create(store)
    store.append("t1", 1, [json.dumps({"seq": 2})], [], notice=True, now=200.0)     # asked again at seq 2
    assert store.settled("t1", 1) is False                                          # seen at 1 only
    assert store.needs("t1") == 2
    assert store.pending() == (1, 100.0)                                            # since when it first asked
    assert store.settled("t1", 2) is True
    assert store.pending() == (0, None)


def test_a_settle_after_a_restart_of_redis_loads_its_script_again(store):
    create(store)
    store.redis.script_flush()
    assert store.settled("t1", 1) is True


def test_the_player_index_of_a_table_in_one_write(store):
    store.set_players_waiting("t1", [("a@x.org", "north", True), ("b@x.org", "south", False)])
    assert store.player_waiting("a@x.org") == ["t1/north"]
    store.set_players_waiting("t1", [("a@x.org", "north", False), ("b@x.org", "south", True)])
    assert store.player_waiting("a@x.org") == [] and store.player_waiting("b@x.org") == ["t1/south"]
    assert store.redis.exists(keys.player_waiting("b@x.org"))
