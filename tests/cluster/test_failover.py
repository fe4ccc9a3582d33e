"""Past one machine, for real: a 3-master, 3-replica cluster on loopback, two `pbem run`s on it
(two "machines", each an API process, a table worker and a mail worker; the job queues on one
Redis), random Clash games played over HTTP against either machine at random, and the master
holding the workers' change notices killed with kill -9 in the middle of it. Its replica takes
over; the killed node is started again (as systemd would) and rejoins as a replica.

Checked: every move answered 201 is in the final log as it was answered (no acknowledged move
lost, PBEM_REPLICA_ACKS=1), nothing answered 500, every table finishes (the bot's turns are the
workers'), each export verifies and each table's stored state equals a replay of its log.
"""

import os
import random
import threading
import time

import pytest
import requests

import tables
from games.core import fold
from store import TableStore, connect, keys
from store.embedded_cluster import EmbeddedCluster
from tables import envelope
from tables.model import load, state_at
from tests.workers.runs import Run, wait_for

TABLES = int(os.environ.get("PBEM_FAILOVER_TABLES", "12"))
SEATS = {"mcworld": {"name": "Ann", "email": "ann@example.org"}, "jihad": {"bot": "random"}}


class Player:
    """One table, played by its human seat over HTTP against a machine chosen at random for each
    request; a refused or failed request is sent again with the same Idempotency-Key."""

    def __init__(self, machines: list[str], rng: random.Random, tally: "Tally"):
        self.machines, self.rng, self.tally = machines, rng, tally
        self.session = requests.Session()
        self.id, self.token = "", ""
        self.acknowledged: dict[int, dict] = {}          # seq -> the entry as the answer gave it

    def call(self, method: str, path: str, **kwargs) -> requests.Response:
        while True:
            try:
                answer = self.session.request(method, self.rng.choice(self.machines) + path, timeout=30, **kwargs)
            except requests.ConnectionError:
                self.tally.count("refused connection")
                time.sleep(0.1)
                continue
            self.tally.count(answer.status_code)
            if answer.status_code != 503:
                return answer
            time.sleep(0.1)

    def create(self) -> None:
        created = self.call("POST", "/tables", json={"game": "clash", "options": {"match": "best_of_3"},
                                                      "seats": SEATS})
        assert created.status_code == 201, created.text
        self.id, self.token = created.json()["id"], created.json()["seats"]["mcworld"]["token"]
        self.call("PUT", f"/tables/{self.id}/notifications", json={"policy": "mute"}, headers=self.auth)

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    def play(self, until: float) -> None:
        while time.monotonic() < until:
            view = self.call("GET", f"/tables/{self.id}/view", headers=self.auth).json()
            if view["status"] != "active":
                return
            mine = [p for p in view["prompts"] if p["seat"] == "mcworld" and p.get("options")]
            if not mine:
                time.sleep(0.05)                         # the bot's turn: a worker's
                continue
            option = self.rng.randint(1, len(mine[0]["options"]))
            answer = self.call("POST", f"/tables/{self.id}/moves", json={"option": option, "expected_seq": view["seq"]},
                               headers={**self.auth, "Idempotency-Key": f"{self.id}-{view['seq']}"})
            if answer.status_code == 201:
                for event in answer.json()["events"]:
                    self.acknowledged[event["seq"]] = event
                self.tally.count("move")
            else:
                assert answer.status_code == 409, answer.text      # another machine's cached view was older


class Tally:
    def __init__(self) -> None:
        self.counts: dict[object, int] = {}
        self.lock = threading.Lock()

    def count(self, what: object) -> None:
        with self.lock:
            self.counts[what] = self.counts.get(what, 0) + 1


@pytest.fixture
def cluster(tmp_path):
    running = EmbeddedCluster(tmp_path / "cluster", masters=3, replicas=1).start()
    yield running
    running.stop()


def test_a_master_killed_mid_load_loses_no_acknowledged_move_and_every_table_finishes(
        tmp_path, cluster, redis_server, redis_client, smtp_server):
    env = {"REDIS_URL": cluster.url, "PBEM_QUEUE_URL": redis_server.url, "PBEM_REPLICA_ACKS": "1",
           "PBEM_REPLICA_WAIT_MS": "200", "PBEM_RATE_LIMIT_TABLES": "", "PBEM_RATE_LIMIT_INVITES": ""}
    machines = [Run(tmp_path / f"machine-{n}", smtp_server.url, **env) for n in "ab"]
    starting = [threading.Thread(target=machine.start) for machine in machines]
    for thread in starting:
        thread.start()
    for thread in starting:
        thread.join()
    try:
        tally, rng = Tally(), random.Random(16)
        players = [Player([m.url for m in machines], random.Random(rng.random()), tally) for _ in range(TABLES)]
        for player in players:
            player.create()
        until = time.monotonic() + 150
        threads = [threading.Thread(target=p.play, args=(until,), daemon=True) for p in players]
        for thread in threads:
            thread.start()
        wait_for(lambda: tally.counts.get("move", 0) >= 8 * TABLES, timeout=60)      # well into the games
        victim = cluster.master_of(keys.CHANGED)          # the workers' change notices live there
        replicas = cluster.replicas_of(victim)
        moves_before = tally.counts["move"]
        cluster.kill(victim)
        promoted = cluster.wait_promoted(replicas)
        cluster.start_node(victim)                       # back, as a replica of the one promoted
        wait_for(lambda: cluster.replicas_of(promoted) == [victim], timeout=30)
        for thread in threads:
            thread.join(max(0.0, until - time.monotonic()))
        assert not any(thread.is_alive() for thread in threads), f"tables still playing: {tally.counts}"
    finally:
        for machine in machines:
            machine.stop()
    assert tally.counts["move"] > moves_before                         # the load went on through the failover
    assert set(tally.counts) <= {200, 201, 409, 503, "move"}, tally.counts   # never a 500
    store = TableStore(connect.connect(cluster.url))
    for player in players:
        table = load(store, player.id)
        assert table.result() is not None, player.id                   # every table finished
        entries = [envelope.loads(e) for e in store.read(player.id)]
        assert [e["seq"] for e in entries] == list(range(1, table.seq + 1))
        for seq, answered in player.acknowledged.items():              # no acknowledged move lost:
            entry = entries[seq - 1]                                   # the same write, as mcworld saw it
            assert (entry["by"], entry["at"], entry.get("move")) == \
                (answered["by"], answered["at"], answered.get("move")), (player.id, seq)
            assert table.game.redact(entry["event"], "mcworld") == answered["event"], (player.id, seq)
        stored = [e["event"] for e in entries]
        assert table.state == fold(table.game, stored)                 # replay: the log folds to the stored state
        ends = [batch[-1]["seq"] for batch in envelope.batches(entries)]
        for seq in ends[::7]:                                          # replay after a decision: snapshot + tail
            assert table.game.prompts(state_at(store, table, seq)) == \
                table.game.prompts(fold(table.game, stored[:seq]))
        exported = tables.export(store, table, None)
        assert tables.verify(exported)["ok"] is True, player.id        # every move re-run from the seed
    print(f"{TABLES} tables, {sum(len(p.acknowledged) for p in players)} events answered to moves; "
          f"killed node {victim} after {moves_before} moves; requests: {tally.counts}")
