"""The hottest routes answered before Flask (server/fast_routes.py): the same status, headers and
bytes as the app's own routes, the same metrics; whatever is not ordinary, and every refusal,
answered by the app as ever; nothing written twice."""

import re

import pytest

from server import fast_routes
from server.api import moves
import tables
from games.core import IllegalMove
from tests.helpers import SEATS, bearer, make_table

MOVES_COUNT = 'pbem_http_requests_total{endpoint="/tables/<table_id>/moves",status="%s"}'
VIEW_COUNT = 'pbem_http_requests_total{endpoint="/tables/<table_id>/view",status="%s"}'


@pytest.fixture
def slow_client(app):
    """The same app without the layer: every request goes through Flask."""
    from server.app import create_app
    other = create_app()
    other.wsgi_app = other.wsgi_app.inner
    return other.test_client()


@pytest.fixture
def still(monkeypatch):
    """One moment for every request, so that two tables' answers can be compared byte for byte."""
    monkeypatch.setattr(moves.time, "time", lambda: 1_800_000_000.125)


def answer(response):
    return response.status, list(response.headers.items()), response.data


def twin(body, table, other):
    """``other``'s answer written as if it were ``table``'s (its id and seed's hash)."""
    return body.replace(other[0].encode(), table[0].encode()).replace(other[1].encode(), table[1].encode())


def made(client, store=None, table_id=None):
    """A table (with ``store``: one of twin tables, ``table_id`` of the same seed)."""
    if store is None:
        table, tokens = make_table(client)
    else:
        started = tables.start(store, "duel", {}, SEATS, 1_800_000_000.0, table_id=table_id, seed=b"twin" * 8)
        table, tokens = started.table.id, started.tokens
    seed = client.get(f"/tables/{table}/view").json["seed_sha256"]
    return (table, seed), tokens


def metric(client, line):
    found = re.search(re.escape(line) + r" (\S+)", client.get("/metrics").get_data(as_text=True))
    return float(found.group(1)) if found else 0.0


def test_the_layer_is_in_front_of_the_app(app):
    assert isinstance(app.wsgi_app, fast_routes.FastRoutes)


def test_a_view_is_the_apps_byte_for_byte(client, slow_client):
    (table, _), tokens = made(client)
    for headers in [{}, *(bearer(token) for token in tokens.values()), bearer("nobody"), {"Authorization": "Bearer "},
                    {"Authorization": "Basic abc"}]:
        for path in (f"/tables/{table}/view", f"/tables/{table}/view?token={tokens['north']}",
                     "/tables/nosuchtable/view", f"/tables/{table}/view/"):
            fast, slow = client.get(path, headers=headers), slow_client.get(path, headers=headers)
            assert answer(fast) == answer(slow), (path, headers)
    assert client.get(f"/tables/{table}/view", headers=bearer(tokens["north"])).json["prompts"]


def test_a_move_is_the_apps_byte_for_byte(client, slow_client, still, store):
    """The same moves on two tables, one through the layer and one through Flask: the same answers."""
    fast_table, fast_tokens = made(client, store, "twinfast")
    slow_table, slow_tokens = made(slow_client, store, "twinslow")
    steps = [("north", {"option": 1, "expected_seq": 3}, {"Idempotency-Key": "k1"}),
             ("north", {"option": 1, "expected_seq": 3}, {"Idempotency-Key": "k1"}),     # the same again: replayed
             ("north", {"option": 2}, {"Idempotency-Key": "k1"}),                      # the key, another move
             ("south", {"option": 1, "expected_seq": 3}, {}),                          # stale
             ("north", {"option": 1}, {}),                                             # not this seat's turn
             ("south", {"text": "add 2"}, {}),
             ("north", {"option": 99}, {}),                                            # not an option
             ("north", {"move": {"add": 1}, "extra": 1}, {}),                          # not ordinary: the schema
             ("north", {"option": 1}, {"Authorization": "Bearer nobody"}),
             ("north", {"option": 1}, {"Authorization": ""}),
             ("north", {"option": 1}, {"Authorization": "Bearer "}),
             ("north", {"option": 1}, {})]
    for seat, body, headers in steps:
        fast = client.post(f"/tables/{fast_table[0]}/moves", json=body, headers={**bearer(fast_tokens[seat]), **headers})
        slow = slow_client.post(f"/tables/{slow_table[0]}/moves", json=body,
                                headers={**bearer(slow_tokens[seat]), **headers})
        assert fast.status == slow.status and list(fast.headers.items()) == list(slow.headers.items()), (seat, body)
        assert fast.data == twin(slow.data, fast_table, slow_table), (seat, body)
    assert client.get(f"/tables/{fast_table[0]}/view").json["seq"] > 3


def test_a_request_not_ordinary_goes_to_the_app(client, app, monkeypatch):
    """Not the layer's: each is answered by the app (its route called, or its guard refusing)."""
    (table, _), tokens = made(client)
    called = []
    route = app.view_functions["moves.Moves"]
    monkeypatch.setitem(app.view_functions, "moves.Moves", lambda **kw: called.append(kw) or route(**kw))
    headers = bearer(tokens["north"])
    for kwargs, status in [(dict(data=b'{"option": 1}', content_type="text/plain"), 422),
                           (dict(data=b'{"option": 1', content_type="application/json"), 400),
                           (dict(data=b'{"move": ' + b"[" * 70 + b"1" + b"]" * 70 + b"}",      # the guard's
                                 content_type="application/json"), 400),
                           (dict(json={"option": 1}, query_string={"x": "1"}), 201),       # a query
                           (dict(json={"option": 1, "unknown": 2}), 422)]:      # the schema's (not north's turn)
        before = len(called)
        answered = client.post(f"/tables/{table}/moves", headers=headers, **kwargs)
        assert answered.status_code == status, (kwargs, answered.json)
        assert len(called) == before + (answered.json.get("code") != "too_deep")
    assert client.get(f"/tables/{table}/view").json["seq"] == 4
    done = client.post(f"/tables/{table}/moves", json={"option": 1}, headers=bearer(tokens["south"]))
    assert done.status_code == 201 and len(called) == 4         # an ordinary move: the layer's alone


def test_a_failure_after_the_move_is_written_is_not_made_again(client, app, monkeypatch):
    """Anything raised once the move may be written is raised by the app's route (its 500), and
    the move is not made a second time."""
    (table, _), tokens = made(client)
    layer = app.wsgi_app

    def broken(*args, **kwargs):
        raise RuntimeError("the answer could not be written")
    monkeypatch.setattr(layer, "answered", broken)
    app.config["PROPAGATE_EXCEPTIONS"] = False
    failed = client.post(f"/tables/{table}/moves", json={"option": 1}, headers=bearer(tokens["north"]))
    assert failed.status_code == 500 and failed.json["code"] == "server_error"
    log = client.get(f"/tables/{table}/log?since=3", headers=bearer(tokens["north"])).json["events"]
    assert [e["by"] for e in log if "move" in e] == ["north"]       # made once


def test_the_layer_counts_its_answers_as_the_app_does(client):
    (table, _), tokens = made(client)
    views, moves_made = metric(client, VIEW_COUNT % 200), metric(client, MOVES_COUNT % 201)
    client.get(f"/tables/{table}/view", headers=bearer(tokens["north"]))
    client.post(f"/tables/{table}/moves", json={"option": 1}, headers=bearer(tokens["north"]))
    refused = client.post(f"/tables/{table}/moves", json={"option": 1}, headers=bearer(tokens["north"]))
    assert refused.status_code == 422
    assert metric(client, VIEW_COUNT % 200) == views + 1
    assert metric(client, MOVES_COUNT % 201) == moves_made + 1
    assert metric(client, MOVES_COUNT % 422) >= 1


@pytest.mark.parametrize("raised", [tables.NotFound("gone", code="unknown_table"),
                                    IllegalMove("not_your_turn", "It is not your turn."), KeyError("a bug")])
def test_whatever_the_hand_offs_settle_meets_once_the_move_is_in_the_move_is_made_once(
        client, slow_client, app, monkeypatch, raised):
    """The hand-off's settle runs after the append: whatever it meets, even a refusal's kind, the
    move stands (answered 201, made once, neither by the layer again nor on a fresh copy), and the
    table stays marked for the sweep's worker."""
    from tables import handover

    def wanted_mail(*args, **kwargs):
        raise raised
    monkeypatch.setattr(handover, "wanted_mail", wanted_mail)
    store = app.extensions["pbem"].store
    for someone in (client, slow_client):
        (table, _), tokens = made(someone)
        view = someone.get(f"/tables/{table}/view", headers=bearer(tokens["north"])).json
        moved = someone.post(f"/tables/{table}/moves", json={"option": 1}, headers=bearer(tokens["north"]))
        assert moved.status_code == 201, moved.json
        assert someone.get(f"/tables/{table}/view", headers=bearer(tokens["south"])).json["seq"] == view["seq"] + 1
        assert store.needs(table) == view["seq"] + 1                  # left to the sweep
