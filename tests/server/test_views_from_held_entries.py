"""A process's views from what it holds (the table's copy, the log's tail with a move's own entries,
the answer's pieces worked out once per seq): byte for byte the views of a process that holds
nothing, for every seat after every move of random Clash games with undos in them, and the undo
windows the same as worked out afresh from the store."""

import random
import time

import orjson
import pytest

import tables
from server.app import create_app
from store import TableStore
from tables import envelope, undo
from tables.cache import TableCache
from tests.helpers import bearer

SEATS = {"mcworld": {"name": "Ann", "email": "a@example.org", "notifications": "mute"},
         "jihad": {"name": "Bob", "email": "b@example.org", "notifications": "mute"}}


@pytest.fixture
def afresh(app):
    """A second app over the same store, without the layer in front of it (its own routes answer,
    written as Flask writes them), whose table cache is emptied before each request."""
    other = create_app()
    other.wsgi_app = other.wsgi_app.inner
    client = other.test_client()

    def get(path, token):
        other.extensions["pbem"].tables = TableCache()
        return client.get(path, headers=bearer(token))
    return get


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_views_from_held_entries_are_the_views_read_afresh(app, client, redis_client, afresh, seed):
    store, rng = TableStore(redis_client), random.Random(seed)
    made = client.post("/tables", json={"game": "clash", "seats": SEATS}).json
    table, tokens = made["id"], {s: v["token"] for s, v in made["seats"].items()}
    cache = app.extensions["pbem"].tables
    moves = undone = compared = 0
    for _ in range(120):
        tables.advance(store, table, now=time.time())
        views = {seat: client.get(f"/tables/{table}/view", headers=bearer(token)) for seat, token in tokens.items()}
        for seat, token in tokens.items():
            fresh = afresh(f"/tables/{table}/view", token)
            assert views[seat].status_code == fresh.status_code == 200
            assert views[seat].data == fresh.data
            compared += 1
        first = views["mcworld"].json
        if first["status"] != "active":
            break
        seat = next((p["seat"] for p in first["prompts"] if p["seat"] in tokens), None)
        if seat is None:
            continue
        view = views[seat].json
        options = next(p["options"] for p in view["prompts"] if p["seat"] == seat)
        if view["undo"]["available"] and rng.random() < 0.2:
            answer = client.post(f"/tables/{table}/undo", json={"expected_seq": view["seq"]},
                                 headers=bearer(tokens[seat]))
            assert answer.status_code == 201, answer.json
            undone += 1
            continue
        answer = client.post(f"/tables/{table}/moves", json={"option": rng.randint(1, len(options)),
                                                             "expected_seq": view["seq"]},
                             headers=bearer(tokens[seat]))
        assert answer.status_code == 201, answer.json
        moves += 1
        assert answer.json["view"]["state"] == afresh(f"/tables/{table}/view", tokens[seat]).json["state"]
        # the move's own entries are held, decoded as the log keeps them, up to the new seq
        with cache.tail(table) as tail:
            seq = answer.json["seq"]
            assert tail.high == seq
            stored = [envelope.loads(e) for e in store.read(table, after=tail.low, upto=seq)]
            assert [tail.entries[e["seq"]] for e in stored] == stored
            assert sorted(tail.entries) == [e["seq"] for e in stored]
            for who in tokens:
                held = undo.window(store, tables.load(store, table), who, tail)
                again = undo.window(store, tables.load(store, table), who)
                assert (held.stops, held.code, held.message) == (again.stops, again.code, again.message)
    assert moves >= 30 and compared >= 60 and undone >= 1


def test_a_view_after_a_move_here_reads_no_entry_again(app, client, redis_client, monkeypatch):
    """The glance of the next view finds nothing new to decode: the move's entries are held."""
    made = client.post("/tables", json={"game": "clash", "seats": SEATS}).json
    table, tokens = made["id"], {s: v["token"] for s, v in made["seats"].items()}
    store = TableStore(redis_client)
    decoded = []
    real = envelope.loads
    monkeypatch.setattr(envelope, "loads", lambda stored: decoded.append(stored) or real(stored))
    for _ in range(6):
        tables.advance(store, table, now=time.time())
        view = client.get(f"/tables/{table}/view", headers=bearer(tokens["mcworld"])).json
        seat = next(p["seat"] for p in view["prompts"] if p["seat"] in tokens)
        view = client.get(f"/tables/{table}/view", headers=bearer(tokens[seat])).json
        answer = client.post(f"/tables/{table}/moves", json={"option": 1, "expected_seq": view["seq"]},
                             headers=bearer(tokens[seat]))
        assert answer.status_code == 201
        decoded.clear()
        after = client.get(f"/tables/{table}/view", headers=bearer(tokens[seat]))
        assert after.json["seq"] == answer.json["seq"]
        assert decoded == []
        assert orjson.loads(after.data)["state"] == answer.json["view"]["state"]
