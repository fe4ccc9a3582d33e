"""Connecting to the store: one Redis server, or a Redis / Valkey Cluster (redis-py's RedisCluster).

``redis+cluster://[user:password@]host:port[,host:port...]`` (``rediss+cluster://`` for TLS), or
a plain ``redis://host:port`` with ``cluster=True`` (PBEM_REDIS_CLUSTER=1), names a cluster by
some of its nodes; the client learns the others and the slots from them. The scheme is the one
the `limits` library (the rate limits' counters) reads, so one URL serves both.

Where keys live on a cluster (``keys.py``): every key of a table carries the hash tag ``{id}``,
so one table is one slot, and each Lua script touches the keys of one table only. A player's
keys (``p:<email>:...``) and the four global indexes (``tables:all``, ``deadlines``,
``tables:changed``, ``tables:pending``) are each a slot of their own, read and written one key
per command; a pipeline that mixes them with a table's keys is split by redis-py's cluster
pipeline, one batch per node, sent together (not a transaction: none of them needs one).
``home`` says which node holds a key.
"""

import os
import threading
import weakref
from typing import Any
from urllib.parse import unquote, urlsplit

import hiredis
import redis
from redis.cluster import ClusterNode, RedisCluster
from redis.connection import HiredisRespSerializer
from redis.exceptions import ClusterDownError, SlotNotCoveredError, TryAgainError

Client = redis.Redis | RedisCluster
# What "the database is not answering just now" looks like: one server restarting, or a
# cluster's master down (its slots not yet taken over by a replica) or its slots moving.
UNAVAILABLE = (redis.ConnectionError, redis.TimeoutError, ClusterDownError, TryAgainError, SlotNotCoveredError)
SCHEMES = {"redis+cluster": False, "rediss+cluster": True}     # scheme -> TLS


def is_cluster_url(url: str) -> bool:
    return url.split("://", 1)[0] in SCHEMES


def cluster_url(url: str) -> str:
    """The redis+cluster:// form of ``url`` (for `limits`, which reads the scheme)."""
    scheme, _, rest = url.partition("://")
    if scheme in SCHEMES:
        return url
    return ("rediss+cluster" if scheme == "rediss" else "redis+cluster") + "://" + rest.split("/", 1)[0]


def parse_cluster_url(url: str) -> dict[str, Any]:
    """RedisCluster's arguments for a cluster URL (or a plain one, taken as a cluster's node)."""
    parts = urlsplit(cluster_url(url))
    credentials, _, hosts = parts.netloc.rpartition("@")
    user, _, password = credentials.partition(":")
    nodes = []
    for host in hosts.split(","):
        name, _, port = host.strip().rpartition(":")
        if not name or not port.isdigit():
            raise ValueError(f"a cluster URL lists host:port pairs, not {host!r}")
        nodes.append(ClusterNode(name.strip("[]"), int(port)))
    if parts.path.strip("/") not in ("", "0"):
        raise ValueError("a Redis Cluster has database 0 only")
    return {"startup_nodes": nodes, "username": unquote(user) or None, "password": unquote(password) or None,
            "ssl": SCHEMES[parts.scheme]}


def connect(url: str, cluster: bool = False, **options: Any) -> Client:
    """A client for ``url``: a RedisCluster for a cluster URL (or with ``cluster``), else a Redis."""
    if not (cluster or is_cluster_url(url)):
        return redis.Redis.from_url(url, **options)
    return RedisCluster(**parse_cluster_url(url), **options)


def one_thread(url: str, cluster: bool = False) -> dict[str, Any]:
    """``connect``'s options for a client only one thread uses: on one server, a single
    connection held (connected at once: Redis must answer), not a pool's, checked out and back
    at every command. A cluster's client keeps its pools."""
    return {} if cluster or is_cluster_url(url) else {"single_connection_client": True}


_PID = [os.getpid()]         # this process's, kept current across a fork (no system call a command)
os.register_at_fork(after_in_child=lambda: _PID.__setitem__(0, os.getpid()))


class _Holder:
    """A thread's hold on its connection: when the thread ends, its locals go, and with them this,
    whose finalizer gives the connection back to the pool for the next thread."""
    __slots__ = ("connection", "__weakref__")


class HeldConnections(redis.ConnectionPool):
    """A pool that keeps one connection for each thread that asks: checked before each command as
    redis-py's pool checks one (connected, nothing stray to read, else made again), but never
    handed back and forth (redis-py 8's pool takes a lock and counts its connections at each
    command: about a tenth of the API's CPU). A thread that ends gives its connection back for
    the next one (a server that starts a thread a request keeps as many as run at once). Only
    for commands that take no connection of their own for long (no pipeline, WATCH or blocking
    read): the store's scripts of every move."""

    def reset(self) -> None:
        super().reset()
        self._held = threading.local()
        self._free: list[Any] = []               # given back by ended threads (append and pop: atomic)
        self._known: weakref.WeakSet[Any] = weakref.WeakSet()

    def get_connection(self, command_name: Any = None, *keys: Any, **options: Any) -> Any:
        if self.pid != _PID[0]:             # a forked child starts again (reset) and never shares a socket
            self._checkpid()
        holder = getattr(self._held, "holder", None)
        if holder is None:
            holder = _Holder()
            try:
                holder.connection = self._free.pop()
            except IndexError:
                holder.connection = self.make_connection()
                self._known.add(holder.connection)
            weakref.finalize(holder, self._free.append, holder.connection)
            self._held.holder = holder
        connection = holder.connection
        connection.connect()
        try:
            if connection.can_read():
                raise redis.ConnectionError("Connection has data")
        except (redis.ConnectionError, redis.TimeoutError, OSError):
            connection.disconnect()
            connection.connect()
            if connection.can_read():
                raise redis.ConnectionError("Connection not ready") from None
        return connection

    def release(self, connection: Any) -> None:
        """Kept for the thread's next command."""

    def call(self, *args: Any) -> Any:
        """``args`` sent as one command on this thread's connection, and its answer as the server
        gave it, without the client's own machinery around a command (its options, timing and
        observability hooks, answer callbacks: about a third of a script's CPU in the client):
        for the store's scripts, whose answers need none of it. An error the server answers
        (NOSCRIPT...) is raised as the client raises it. A connection that fails is made again
        and the command sent again as the client does: by the connection's own retry policy."""
        connection = self.get_connection()
        pack = _pack if isinstance(getattr(connection, "_command_packer", None), HiredisRespSerializer) \
            else connection.pack_command

        def once() -> Any:
            connection.send_packed_command(pack(*args), check_health=False)
            return connection.read_response()

        return connection.retry.call_with_retry(once, lambda _: connection.disconnect())

    def disconnect(self, inuse_connections: bool = True) -> None:
        super().disconnect(inuse_connections)
        for connection in list(self._known):
            connection.disconnect()


def _pack(*args: Any) -> list[bytes]:
    """What redis-py's hiredis packer sends for a command whose arguments are str, bytes, int or
    float and whose name is one word (the store's scripts): hiredis's packing, called directly."""
    return [hiredis.pack_command(args)]


def held(client: Client) -> Client:
    """A client of ``client``'s server whose connections are ``HeldConnections``: ``client``
    itself on a cluster, or when it holds one connection already (the settler's)."""
    if isinstance(client, RedisCluster) or getattr(client, "connection", None) is not None:
        return client
    pool = client.connection_pool
    return redis.Redis(connection_pool=HeldConnections(connection_class=pool.connection_class,
                                                       **pool.connection_kwargs))


def is_cluster(client: Any) -> bool:
    # a plain client answered at once: RedisCluster's bases make isinstance() a typing Protocol's
    # check, a few microseconds asked several times a move
    return type(client) is not redis.Redis and isinstance(client, RedisCluster)


def home(client: Client, key: str) -> Any:
    """The node that holds ``key`` (a cluster's primary for its slot); None for one server."""
    return client.get_node_from_key(key) if isinstance(client, RedisCluster) else None


def routed(client: Client, key: str) -> dict[str, Any]:
    """Options for a script call in a pipeline that sends it to ``key``'s node: a cluster
    pipeline would otherwise ask a server which keys the call names (COMMAND GETKEYS, one more
    round trip carrying every argument again; redis-py special-cases EVALSHA outside pipelines
    only). A call redirected (MOVED) is sent again routed by its keys."""
    return {"target_nodes": client.get_node_from_key(key)} if isinstance(client, RedisCluster) else {}


def replicated(pipe: Any, client: Client, written: list[str], replicas: int, wait_ms: int) -> int:
    """Queue a WAIT after the writes in ``pipe`` on each node that holds one of ``written``, on
    the connection that carried them (a cluster pipeline sends one batch per node on one
    connection), so each counts the replicas that have those writes. Returns how many WAITs
    were queued: their answers are the last results of ``pipe``."""
    if replicas <= 0:
        return 0
    if not isinstance(client, RedisCluster):
        pipe.execute_command("WAIT", replicas, wait_ms)
        return 1
    nodes = {node.name: node for node in (client.get_node_from_key(key) for key in written)}
    for node in nodes.values():
        pipe.execute_command("WAIT", replicas, wait_ms, target_nodes=node)
    return len(nodes)


_shared: dict[tuple[str, bool], Client] = {}
_lock = threading.Lock()


def shared(url: str, cluster: bool = False) -> Client:
    """One client per URL in this process (clients are thread-safe and pool their connections)."""
    with _lock:
        client = _shared.get((url, cluster))
        if client is None:
            client = _shared[(url, cluster)] = connect(url, cluster)
        return client
