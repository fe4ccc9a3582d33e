"""The whole server with its store on a real Redis Cluster and its job queues on one Redis
(PBEM_QUEUE_URL): games played through the API, settled and emailed by the worker's code."""

import logging

import pytest
import redis as redis_lib

import config
import tables
from tests.helpers import bearer, make_table
from workers import settle
from workers.context import Context, open_store
from workers.process import rq_worker


@pytest.fixture
def cluster_env(monkeypatch, env, cluster, cluster_client, redis_server, redis_client):
    """``env`` with REDIS_URL at the cluster and PBEM_QUEUE_URL at the one-server Redis."""
    monkeypatch.setenv("REDIS_URL", cluster.url)
    monkeypatch.setenv("PBEM_QUEUE_URL", redis_server.url)
    monkeypatch.setenv("PBEM_REPLICA_ACKS", "1")
    return config.load()


@pytest.fixture
def cluster_app(cluster_env):
    from server.app import create_app
    return create_app()


def work(settings, cluster_client, queue_client):
    """What `pbem worker` does, here: settle every table that needs it, run every queued job."""
    ctx, first = Context(settings, open_store(cluster_client, settings)), True
    while settle.drain(ctx) or first:
        rq_worker(queue_client, settings).work(burst=True, with_scheduler=True, logging_level="ERROR")
        first = False


def test_games_play_to_the_end_with_the_store_on_a_cluster(cluster_app, cluster_env, cluster_client, redis_client,
                                                          smtp_server, caplog):
    caplog.set_level(logging.ERROR)
    client = cluster_app.test_client()
    ids = []
    for n in range(6):                  # other players at each table: the invitation limit is per address
        table, tokens = make_table(client, {"north": {"name": "Nora", "email": f"nora{n}@example.org"},
                                            "south": {"name": "Sam", "email": f"sam{n}@example.org"}})
        ids.append((table, tokens))
    work(cluster_env, cluster_client, redis_client)
    for table, tokens in ids:
        while True:
            view = client.get(f"/tables/{table}/view", headers=bearer(tokens["north"])).json
            if view["status"] != "active":
                break
            seat = view["prompts"][0]["seat"]
            answer = client.post(f"/tables/{table}/moves", json={"option": 3, "expected_seq": view["seq"]},
                                 headers={**bearer(tokens[seat]), "Idempotency-Key": f"{table}-{view['seq']}"})
            assert answer.status_code == 201, answer.json
            work(cluster_env, cluster_client, redis_client)   # the reveal is the rules' own step: a worker's
        assert view["status"] == "finished"
        assert client.post("/verify", data=client.get(f"/tables/{table}/export").data).json["ok"] is True
    store = open_store(cluster_client, cluster_env)
    assert {cluster_client.keyslot(f"{{{t}}}") for t, _ in ids} and all(
        tables.load(store, t).result() is not None for t, _ in ids)
    # the log is on the cluster, the jobs on the queue server, and neither holds the other's keys
    assert not list(redis_client.scan_iter("t:*")) and list(redis_client.scan_iter("rq:*"))
    assert not list(cluster_client.scan_iter("rq:*"))
    over = [str(m["To"]) for m in smtp_server.inbox.messages if str(m["X-PBEM-Kind"]) == "game_over"]
    assert len(over) == len(set(over)) == 12                      # everyone told the end, once
    assert not caplog.records, caplog.text                        # no settle failed on the way (it would be retried)


def test_a_cluster_without_a_queue_server_is_refused_with_a_sentence(monkeypatch, env, cluster):
    monkeypatch.setenv("REDIS_URL", cluster.url)
    from server.app import create_app
    with pytest.raises(RuntimeError, match="set PBEM_QUEUE_URL to one Redis server"):
        create_app()


def test_the_switch_makes_a_plain_url_a_cluster(monkeypatch, env, cluster, redis_server):
    monkeypatch.setenv("REDIS_URL", f"redis://127.0.0.1:{cluster.nodes[1].port}/0")
    monkeypatch.setenv("PBEM_REDIS_CLUSTER", "1")
    monkeypatch.setenv("PBEM_QUEUE_URL", redis_server.url)
    from server.app import create_app
    from server.extensions import Services
    services: Services = create_app().extensions["pbem"]
    assert services.settings.cluster and len(services.redis.get_primaries()) == 3
    assert isinstance(services.redis, redis_lib.RedisCluster)


def test_rq_cannot_run_on_the_cluster_which_is_why_the_queues_have_a_server_of_their_own(cluster_client):
    """A job's id cannot carry a hash tag (so a job and its queue cannot share a slot), and a
    worker needs a one-server client. Should rq learn clusters, this fails: look again."""
    from rq import Queue, SimpleWorker
    tagged = Queue("{pbem}", connection=cluster_client)
    with pytest.raises(ValueError, match="letters, numbers, underscores and dashes"):
        tagged.enqueue("builtins.print", job_id="{pbem}-job")
    with pytest.raises(AttributeError, match="connection_pool"):
        SimpleWorker([tagged], connection=cluster_client).work(burst=True)
