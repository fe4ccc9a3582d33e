"""A real Redis Cluster on loopback (3 masters, each with a replica), from the same server binary
as the embedded Redis, shared by the tests of this folder."""

import pytest

from store import TableStore, connect
from store.embedded_cluster import EmbeddedCluster


@pytest.fixture(scope="session")
def cluster(tmp_path_factory):
    running = EmbeddedCluster(tmp_path_factory.mktemp("cluster"), masters=3, replicas=1).start()
    yield running
    running.stop()


@pytest.fixture
def cluster_client(cluster):
    client = connect.connect(cluster.url)
    client.flushall()
    yield client
    client.close()


@pytest.fixture
def store(cluster_client):
    """The store on the cluster: every test of tests/store/test_log.py runs on it too."""
    return TableStore(cluster_client)
