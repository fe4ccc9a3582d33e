"""The store's scripts of every move run on a connection kept per thread (store/connect.py,
HeldConnections): each thread has its own, kept from one command to the next, checked as
redis-py's pool checks one, so a Redis that restarted is reconnected to, not failed on."""

import threading

import redis

import config
from store import TableStore, connect
from store.embedded import EmbeddedRedis, free_port


def test_each_thread_keeps_its_own_connection(redis_client):
    client = connect.held(redis_client)
    assert isinstance(client.connection_pool, connect.HeldConnections)
    seen = {}

    def work(name):
        for _ in range(3):
            assert client.ping()
        seen[name] = client.connection_pool._held.holder.connection

    gate = threading.Barrier(3)

    def at_once(name):
        work(name)
        gate.wait()                                     # all three alive at once: three connections

    threads = [threading.Thread(target=at_once, args=(n,)) for n in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    three = {id(c) for c in seen.values()}
    assert len(three) == 3
    work("main")
    work("main again")
    assert seen["main"] is seen["main again"]                            # the same one, kept
    assert id(seen["main"]) in three                     # one the ended threads gave back


def test_threads_that_end_give_their_connection_to_the_next(redis_client):
    """A server that starts a thread for each request (werkzeug's) holds as many connections as
    requests run at once, not one per request ever made."""
    client = connect.held(redis_client)
    for _ in range(50):
        thread = threading.Thread(target=client.ping)
        thread.start()
        thread.join()
    assert len(client.connection_pool._known) <= 2


def test_a_client_with_one_connection_or_a_cluster_is_used_as_it_is(redis_client):
    single = redis.Redis(connection_pool=redis_client.connection_pool, single_connection_client=True)
    assert connect.held(single) is single


def test_the_store_carries_on_after_redis_restarts(tmp_path):
    server = EmbeddedRedis(tmp_path / "redis", config.REDIS_CONF, port=free_port()).start()
    try:
        store = TableStore(redis.Redis.from_url(server.url))
        store.create("t1", '{"id": "t1"}', ['{"seq": 1}'], {}, 100.0, [])
        assert store.glance("t1", None, 4).seq == 1
        server.stop()
        server.start()                                   # the kept connection is dead: made again
        store.create("t2", '{"id": "t2"}', ['{"seq": 1}'], {}, 100.0, [])
        assert store.glance("t2", None, 4).seq == 1
    finally:
        server.stop()


def test_a_command_sent_bare_answers_as_the_client_does(redis_client):
    """HeldConnections.call: the server's answer as the client reads it, its errors raised as the
    client raises them (a script unknown: NoScriptError, which the store answers by loading it)."""
    client = connect.held(redis_client)
    client.hset("held:h", mapping={"a": "1"})
    call = client.connection_pool.call
    assert call("HGET", "held:h", "a") == b"1"
    assert call("EVAL", "return {ARGV[1], tonumber(ARGV[2]) + 1}", 0, "x", 41) == [b"x", 42]
    try:
        call("EVALSHA", "0" * 40, 0)
    except redis.exceptions.NoScriptError:
        pass
    else:
        raise AssertionError("an unknown script was not refused")
    assert call("PING") == b"PONG"                      # the connection is still good after an error


def test_a_forked_child_makes_its_own_connection(redis_client):
    """The pool knows a fork by the process id kept across it (no system call a command): the
    child starts again with a connection of its own, never the parent's socket."""
    import os

    client = connect.held(redis_client)
    assert client.ping()
    parent = client.connection_pool._held.holder.connection
    read, write = os.pipe()
    child = os.fork()
    if child == 0:                                       # the child: say whether its connection is new
        try:
            client.ping()
            mine = client.connection_pool._held.holder.connection if hasattr(client.connection_pool._held, "holder") \
                else None
            os.write(write, b"new" if mine is not None and mine is not parent else b"same")
        finally:
            os._exit(0)
    os.close(write)
    answer = os.read(read, 16)
    os.waitpid(child, 0)
    assert answer == b"new"
    assert client.ping() and client.connection_pool._held.holder.connection is parent    # the parent's kept
