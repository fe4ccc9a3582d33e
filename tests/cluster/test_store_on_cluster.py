"""The store on a real Redis Cluster: every test of the store's log and of the settler's
bookkeeping (re-run here on the cluster), a table's keys in one slot, writes answered only
once a replica has them, and the URLs."""

import json
import logging
import threading
import time

import pytest
import redis

from store import TableStore, connect, keys
from tests.store.test_log import *  # noqa: F401,F403  (the same tests, with this folder's `store`)
from tests.store.test_settled import *  # noqa: F401,F403
from tests.store.test_log import create, entry

del test_every_key_of_a_table_shares_its_hash_tag    # noqa: F821  (KEYS asks one node of a cluster: below, a scan)


def test_the_store_is_on_the_cluster_and_a_table_is_one_slot(store, cluster):
    assert connect.is_cluster(store.redis)
    create(store, waiting={"north": 1})
    store.put_snapshot("t1", 1, "v", "{}", keep=True)
    store.append("t1", 1, [entry(2)], ["north"], ("k", "{}"), 60)
    store.claim_mail("t1", "x", 60)
    store.set_clock("t1", {"north:bank": 5}, {"t1/north/2": 9.0}, [])
    store.log_inbound("t1", {"from": "a@x.org"})
    table_keys = list(store.redis.scan_iter("t:*"))
    assert len(table_keys) >= 8
    assert {store.redis.keyslot(key) for key in table_keys} == {store.redis.keyslot("{t1}")}
    spread = {cluster.master_of(keys.meta(f"t{i}")) for i in range(30)}
    assert len(spread) == 3                      # and the tables spread over the three masters


def test_a_write_is_answered_once_a_replica_has_it(cluster, cluster_client):
    store = TableStore(cluster_client, replicas=1, wait_ms=5000)
    create(store, "slow")
    master = cluster.master_of(keys.meta("slow"))
    (replica,) = cluster.replicas_of(master)
    sleeper = threading.Thread(target=lambda: cluster.nodes[replica].client().execute_command("DEBUG", "SLEEP", 0.8))
    sleeper.start()
    time.sleep(0.2)                               # the replica is asleep: it cannot take the write yet
    started = time.monotonic()
    assert store.append("slow", 1, [entry(2)], [], notice=True)[0] == 2
    took = time.monotonic() - started
    sleeper.join()
    assert took > 0.3                             # the answer waited for the replica
    replica_client = cluster.nodes[replica].client()
    replica_client.execute_command("READONLY")
    assert int(replica_client.hget(keys.meta("slow"), "seq")) == 2


def test_a_lagging_replica_delays_the_answer_only_so_long_and_is_logged(cluster, cluster_client, caplog):
    store = TableStore(cluster_client, replicas=1, wait_ms=100)
    create(store, "lag")
    (replica,) = cluster.replicas_of(cluster.master_of(keys.meta("lag")))
    sleeper = threading.Thread(target=lambda: cluster.nodes[replica].client().execute_command("DEBUG", "SLEEP", 1.0))
    sleeper.start()
    time.sleep(0.2)
    started = time.monotonic()
    with caplog.at_level(logging.WARNING, logger="pbem.store"):
        assert store.append("lag", 1, [entry(2)], [])[0] == 2
    took = time.monotonic() - started
    sleeper.join()
    assert 0.09 < took < 0.7
    assert "reached 0 of 1 replicas within 100 ms" in caplog.text


def test_without_replica_acks_no_wait_is_sent(cluster, cluster_client):
    store = TableStore(cluster_client)
    create(store, "quick")
    node = cluster.nodes[cluster.master_of(keys.meta("quick"))].client()
    node.config_resetstat()
    store.append("quick", 1, [entry(2)], [])
    assert "cmdstat_wait" not in node.info("commandstats")


@pytest.mark.parametrize("url, nodes, user, password, ssl", [
    ("redis+cluster://a:7000,b:7001", [("a", 7000), ("b", 7001)], None, None, False),
    ("rediss+cluster://user:p%40ss@a:7000/0", [("a", 7000)], "user", "p@ss", True),
    ("redis://:secret@[::1]:7000", [("::1", 7000)], None, "secret", False),       # with PBEM_REDIS_CLUSTER=1
])
def test_cluster_urls(url, nodes, user, password, ssl):
    parsed = connect.parse_cluster_url(url)
    assert [(n.host, n.port) for n in parsed["startup_nodes"]] == nodes
    assert (parsed["username"], parsed["password"], parsed["ssl"]) == (user, password, ssl)


def test_a_cluster_is_found_from_some_of_its_nodes_and_the_switch_takes_a_plain_url(cluster):
    first, second = cluster.nodes[0].port, cluster.nodes[1].port
    client = connect.connect(f"redis+cluster://127.0.0.1:{first},127.0.0.1:{second}")
    assert connect.is_cluster(client) and len(client.get_primaries()) == 3
    assert connect.is_cluster(connect.connect(f"redis://127.0.0.1:{second}/0", cluster=True))
    assert not connect.is_cluster(connect.connect(f"redis://127.0.0.1:{second}/0"))


def test_the_limiter_reads_the_same_url():
    assert connect.cluster_url("redis://a:7000/0") == "redis+cluster://a:7000"
    assert connect.cluster_url("rediss://u:p@a:7000") == "rediss+cluster://u:p@a:7000"
    assert connect.cluster_url("redis+cluster://a:1,b:2") == "redis+cluster://a:1,b:2"
    with pytest.raises(ValueError, match="database 0"):
        connect.parse_cluster_url("redis+cluster://a:7000/3")
    with pytest.raises(ValueError, match="host:port"):
        connect.parse_cluster_url("redis+cluster://a")


def test_one_server_waits_for_its_replicas_too(redis_client, caplog):
    """REDIS_URL at one server with replicas (Sentinel): the same WAIT; with none connected the
    answer comes after PBEM_REPLICA_WAIT_MS, and says so in the log."""
    store = TableStore(redis_client, replicas=1, wait_ms=150)
    started = time.monotonic()
    with caplog.at_level(logging.WARNING, logger="pbem.store"):
        create(store, "alone")
    assert time.monotonic() - started > 0.12          # one write (the table with its notice and indexes), waited for
    assert caplog.text.count("reached 0 of 1 replicas within 150 ms") == 1
    assert store.load("alone").seq == 1


def test_an_append_costs_no_extra_round_trip_to_find_its_keys(cluster, store):
    """A script call in a cluster pipeline is sent to its table's node: without that, redis-py
    asks a server for the call's keys first (COMMAND GETKEYS, every argument sent twice)."""
    create(store, "t1")
    for node in cluster.nodes:
        node.client().config_resetstat()
    for seq in range(1, 6):
        store.append("t1", seq, [entry(seq + 1)], ["north"], ("k%d" % seq, "{}"), 60)
    calls = {}
    for node in cluster.nodes:
        for name, stats in node.client().info("commandstats").items():
            calls[name] = calls.get(name, 0) + stats["calls"]
    assert calls.get("cmdstat_evalsha") == 5 and "cmdstat_command|getkeys" not in calls
