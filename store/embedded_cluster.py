"""A real Redis / Valkey Cluster on loopback, for tests and benchmarks: N masters, each with R
replicas, from the same server binary as the embedded Redis (``embedded.find_server_binary``).

Each node is a server process with cluster mode and the append-only file on, a folder of its
own (its ``nodes.conf`` too, so a node killed and started again rejoins as it was, or as a
replica of the replica promoted in its place). The cluster is joined with CLUSTER MEET, the
slots split evenly among the masters with CLUSTER ADDSLOTSRANGE, and each replica attached
with CLUSTER REPLICATE: no redis-cli needed. ``cluster-require-full-coverage no``: while one
master is down, the other masters' slots keep answering.
"""

import os
import signal
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

import redis

from .embedded import find_server_binary, free_port

SLOTS = 16384


@dataclass
class Node:
    port: int
    bus_port: int
    folder: Path
    process: subprocess.Popen[bytes] | None = None
    node_id: str = ""

    def client(self) -> redis.Redis:
        return redis.Redis(port=self.port, socket_timeout=5)


@dataclass
class EmbeddedCluster:
    data_dir: Path
    masters: int = 3
    replicas: int = 1
    node_timeout_ms: int = 1000
    fsync: str = "everysec"
    binary: str = field(default_factory=find_server_binary)
    nodes: list[Node] = field(default_factory=list)

    @property
    def url(self) -> str:
        return "redis+cluster://" + ",".join(f"127.0.0.1:{n.port}" for n in self.nodes[:self.masters])

    # -- starting and stopping ---------------------------------------------------------------

    def start(self, timeout: float = 30.0) -> "EmbeddedCluster":
        count = self.masters * (1 + self.replicas)
        self.nodes = [Node(free_port(), free_port(), Path(self.data_dir) / f"node-{i}") for i in range(count)]
        for index in range(count):
            self.start_node(index)
        for node in self.nodes:
            node.node_id = node.client().execute_command("CLUSTER", "MYID").decode()
        first = self.nodes[0].client()
        for node in self.nodes[1:]:
            first.execute_command("CLUSTER", "MEET", "127.0.0.1", node.port, node.bus_port)
        per = SLOTS // self.masters
        for i in range(self.masters):
            end = SLOTS - 1 if i == self.masters - 1 else (i + 1) * per - 1
            self.nodes[i].client().execute_command("CLUSTER", "ADDSLOTSRANGE", i * per, end)
        self._until(lambda: all(self._known(n) == count for n in self.nodes), timeout, "the nodes to meet")
        for r in range(self.replicas):
            for m in range(self.masters):
                replica = self.nodes[self.masters * (1 + r) + m]
                replica.client().execute_command("CLUSTER", "REPLICATE", self.nodes[m].node_id)
        self.wait_healthy(timeout)
        return self

    def start_node(self, index: int, timeout: float = 30.0) -> None:
        """Start (or start again) node ``index`` on its port and folder."""
        node = self.nodes[index]
        node.folder.mkdir(parents=True, exist_ok=True)
        command = [self.binary, "--port", str(node.port), "--cluster-port", str(node.bus_port),
                   "--bind", "127.0.0.1", "--dir", str(node.folder.resolve()), "--cluster-enabled", "yes",
                   "--cluster-config-file", "nodes.conf", "--cluster-node-timeout", str(self.node_timeout_ms),
                   "--cluster-require-full-coverage", "no", "--appendonly", "yes", "--appendfsync", self.fsync,
                   "--save", "", "--repl-diskless-sync-delay", "0", "--enable-debug-command", "local", "--daemonize", "no", "--loglevel", "warning"]
        with open(node.folder / "server.log", "ab") as log:
            node.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        self._until(lambda: self._answers(node), timeout, f"node {index} to answer")

    def kill(self, index: int) -> None:
        """kill -9 node ``index``: what a crash or a pulled plug looks like to the others."""
        node = self.nodes[index]
        if node.process and node.process.poll() is None:
            os.kill(node.process.pid, signal.SIGKILL)
            node.process.wait()

    def stop(self) -> None:
        for node in self.nodes:
            if node.process and node.process.poll() is None:
                node.process.terminate()
        for node in self.nodes:
            if node.process:
                try:
                    node.process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    node.process.kill()
                    node.process.wait()
                node.process = None

    # -- what the cluster looks like ---------------------------------------------------------

    def roles(self) -> dict[int, str]:
        """Node index -> "master" or "slave", as each live node says of itself."""
        out = {}
        for i, node in enumerate(self.nodes):
            if node.process and node.process.poll() is None:
                role = node.client().execute_command("ROLE")[0]
                out[i] = role.decode() if isinstance(role, bytes) else role
        return out

    def master_of(self, key: str) -> int:
        """The index of the node serving ``key``'s slot now."""
        slot = self.nodes[0].client().execute_command("CLUSTER", "KEYSLOT", key) if self._alive(0) else None
        for i, node in enumerate(self.nodes):
            if not self._alive(i):
                continue
            client = node.client()
            slot = slot if slot is not None else client.execute_command("CLUSTER", "KEYSLOT", key)
            for start, end, master, *_ in client.execute_command("CLUSTER", "SLOTS"):
                if start <= slot <= end:
                    port = master[1]
                    return next(j for j, n in enumerate(self.nodes) if n.port == port)
        raise RuntimeError("no live node answers")

    def wait_healthy(self, timeout: float = 30.0) -> None:
        """Every live node says the cluster is ok and every live replica is in sync."""
        def healthy() -> bool:
            for i, node in enumerate(self.nodes):
                if not self._alive(i):
                    continue
                info = node.client().execute_command("CLUSTER", "INFO").decode()
                if "cluster_state:ok" not in info:
                    return False
                replication = node.client().info("replication")
                if replication["role"] == "slave" and replication.get("master_link_status") != "up":
                    return False
            return True
        self._until(healthy, timeout, "the cluster to be healthy")

    def replicas_of(self, index: int) -> list[int]:
        """The live nodes replicating node ``index`` now."""
        port = self.nodes[index].port
        found = []
        for i, node in enumerate(self.nodes):
            if i != index and self._alive(i):
                role = node.client().execute_command("ROLE")
                if role[0] in (b"slave", "slave") and int(role[2]) == port:
                    found.append(i)
        return found

    def wait_promoted(self, candidates: list[int], timeout: float = 30.0) -> int:
        """After a master died: wait until one of ``candidates`` (its replicas, from
        ``replicas_of`` before it died) is a master and every live node says the cluster is ok;
        returns that node's index."""
        def promoted() -> list[int]:
            return [i for i in candidates if self._alive(i) and
                    self.nodes[i].client().execute_command("ROLE")[0] in (b"master", "master")]
        chosen = self._until(promoted, timeout, "a replica to take over")[0]
        self.wait_healthy(timeout)
        return chosen

    # -- helpers -----------------------------------------------------------------------------

    def _alive(self, index: int) -> bool:
        process = self.nodes[index].process
        return process is not None and process.poll() is None

    def _answers(self, node: Node) -> bool:
        if node.process and node.process.poll() is not None:
            raise RuntimeError(f"a cluster node did not start; see {node.folder / 'server.log'}")
        try:
            return bool(node.client().ping())
        except redis.ConnectionError:
            return False

    def _known(self, node: Node) -> int:
        return len(node.client().execute_command("CLUSTER", "NODES").decode().strip().splitlines())

    @staticmethod
    def _until(check, timeout: float, what: str):        # type: ignore[no-untyped-def]
        deadline = time.monotonic() + timeout
        while True:
            try:
                result = check()
            except (redis.ConnectionError, redis.TimeoutError):
                result = None
            if result:
                return result
            if time.monotonic() > deadline:
                raise RuntimeError(f"timed out waiting for {what}")
            time.sleep(0.05)
