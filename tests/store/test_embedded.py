"""The embedded Redis: PBEM_FSYNC's appendfsync, and a start again after kill -9 that comes back
on the same port with every acknowledged write (what `pbem run`'s supervisor relies on)."""

import redis

import config
from store.embedded import EmbeddedRedis


def test_fsync_always_is_passed_to_the_server_and_the_default_is_the_files(tmp_path):
    for fsync, expected in (("always", "always"), ("", "everysec")):
        server = EmbeddedRedis(tmp_path / (fsync or "default"), config.REDIS_CONF, fsync=fsync).start()
        try:
            client = redis.Redis.from_url(server.url)
            assert client.config_get("appendfsync") == {"appendfsync": expected}
            assert client.config_get("appendonly") == {"appendonly": "yes"}
            client.close()
        finally:
            server.stop()


def test_started_again_after_kill_9_on_the_same_port_with_its_data(tmp_path):
    # appendfsync always: every acknowledged write is on disk. With everysec Redis may answer
    # writes still in its buffer while a slow disk holds an fsync (up to 2 s): seen under load.
    server = EmbeddedRedis(tmp_path, config.REDIS_CONF, fsync="always").start()
    try:
        client = redis.Redis.from_url(server.url)
        for n in range(1000):
            client.rpush("log", n)                          # each one acknowledged
        first = server.process
        first.kill()                                        # kill -9: no shutdown, no final save
        first.wait()
        url = server.url
        server.start()
        assert server.url == url and server.process.pid != first.pid
        assert client.lrange("log", 0, -1) == [str(n).encode() for n in range(1000)]   # the client reconnects
        client.close()
    finally:
        server.stop()
