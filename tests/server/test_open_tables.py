"""POST /tables emails whoever its seats name, so without an API key it answers only the host's own
machine, unless the host opens it (PBEM_OPEN_TABLES=1). Players start games from elsewhere through
/new and POST /invitations, which confirm each address first."""

import pytest

from server.app import create_app
from tests.helpers import SEATS

BODY = {"game": "duel", "seats": SEATS}
REMOTE = {"REMOTE_ADDR": "203.0.113.7"}


@pytest.fixture
def closed(env, redis_client):
    return create_app({"rate_limit_tables": "", "rate_limit_invites": ""}).test_client()


def test_a_remote_client_without_a_key_is_refused_and_pointed_to_the_players_way(closed, run_worker, smtp_server):
    refused = closed.post("/tables", json=BODY, environ_base=REMOTE)
    assert refused.status_code == 403 and refused.json["code"] == "tables_closed"
    assert "/new" in refused.json["message"] and "POST /invitations" in refused.json["message"]
    run_worker()
    assert not smtp_server.inbox.messages                           # nobody was emailed


@pytest.mark.parametrize("local", ["127.0.0.1", "127.0.0.2", "::1", "::ffff:127.0.0.1"])
def test_the_hosts_own_machine_may_create_tables(closed, local):
    assert closed.post("/tables", json=BODY, environ_base={"REMOTE_ADDR": local}).status_code == 201


@pytest.mark.parametrize("header", ["X-Forwarded-For", "X-Real-IP", "Forwarded"])
def test_a_request_a_proxy_relayed_is_not_local_whatever_it_claims(closed, header):
    """Through a proxy on the host, every request comes from loopback: the proxy's header says it
    was relayed, and a client's own claim to be 127.0.0.1 is never believed."""
    claim = "for=127.0.0.1" if header == "Forwarded" else "127.0.0.1"
    refused = closed.post("/tables", json=BODY, headers={header: claim}, environ_base={"REMOTE_ADDR": "127.0.0.1"})
    assert refused.status_code == 403 and refused.json["code"] == "tables_closed"


def test_the_host_may_open_table_creation_to_everyone(env, redis_client):
    opened = create_app({"open_tables": True, "rate_limit_tables": "", "rate_limit_invites": ""}).test_client()
    assert opened.post("/tables", json=BODY, environ_base=REMOTE).status_code == 201


def test_with_api_keys_a_key_is_what_counts_wherever_the_client_is(env, redis_client):
    keyed = create_app({"api_keys": "k-one", "rate_limit_tables": "", "rate_limit_invites": ""}).test_client()
    assert keyed.post("/tables", json=BODY, environ_base=REMOTE, headers={"X-API-Key": "k-one"}).status_code == 201
    assert keyed.post("/tables", json=BODY).json["code"] == "api_key_required"     # loopback too


def test_reading_and_importing_are_not_closed(closed):
    assert closed.post("/tables/import", data=b"{}", environ_base=REMOTE).json["code"] != "tables_closed"
