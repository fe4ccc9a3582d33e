"""The two hottest routes (a seat's view, a move) are plain view functions: a move's ordinary body
is read once, by orjson, and taken as MoveRequest would load it; anything else goes through the
documented route (webargs and the schema), whose answers are the same as ever."""

import json

import pytest
from marshmallow import ValidationError

from server.api import moves
from server.api.tables import view_answer
from server.schemas import MAX_MOVE_TEXT, MAX_SEQ, MoveRequest
from tests.helpers import bearer, make_table

BODIES = [
    {"option": 1}, {"option": 3, "expected_seq": 0}, {"option": MAX_SEQ, "expected_seq": MAX_SEQ},
    {"text": ""}, {"text": "add 2"}, {"text": "x" * MAX_MOVE_TEXT}, {"move": {"add": 2}}, {"move": 0},
    {"move": False}, {"move": []}, {"move": "add"}, {"text": "add 1", "expected_seq": 7},
    # what the schema refuses, or loads otherwise: the documented route reads them
    {}, {"option": 0}, {"option": MAX_SEQ + 1}, {"option": True}, {"option": 1.0}, {"option": "1"},
    {"option": None}, {"move": None}, {"text": None}, {"text": 5}, {"text": "x" * (MAX_MOVE_TEXT + 1)},
    {"option": 1, "text": "a"}, {"move": {"a": 1}, "option": 1}, {"option": 1, "expected_seq": -1},
    {"option": 1, "expected_seq": None}, {"option": 1, "expected_seq": True}, {"option": 1, "expected_seq": 1.5},
    {"option": 1, "expected_seq": MAX_SEQ + 1}, {"option": 1, "unknown": 2}, [1], "option", 3, None,
]


def test_the_hot_routes_are_plain_view_functions(app):
    assert app.view_functions["tables.TableView"] is view_answer
    assert app.view_functions["moves.Moves"].__name__ == "moves_route"


@pytest.mark.parametrize("body", BODIES, ids=[json.dumps(b)[:40] for b in BODIES])
def test_a_body_taken_as_is_is_what_the_schema_loads(app, body):
    with app.test_request_context("/tables/t/moves", method="POST", json=body):
        plain = moves.plain_move_body()
    try:
        loaded = MoveRequest().load(body)
    except ValidationError:    # the schema refuses it: the plain route must leave it to the schema
        assert plain is None
        return
    assert plain is None or plain == loaded
    if isinstance(body, dict) and body.keys() <= moves.MOVE_FIELDS:
        assert plain == loaded, "an ordinary body went the slow way"


@pytest.mark.parametrize("raw, mimetype", [
    (b'{"option": 1', "application/json"), (b'{"option": 1}', "text/plain"), (b"", "application/json"),
    (b'{"option": NaN}', "application/json"), (b'{"option": 1}', "application/vnd.move+json"),
    (b'{"option": 100000000000000000000000}', "application/json"), (b'\xef\xbb\xbf{"option": 1}', "application/json"),
])
def test_a_body_orjson_does_not_take_as_ordinary_goes_to_the_schema(app, raw, mimetype):
    with app.test_request_context("/tables/t/moves", method="POST", data=raw, content_type=mimetype):
        assert moves.plain_move_body() is None


@pytest.fixture
def documented_client(app):
    """A second app on the same Redis whose move route is the documented one alone."""
    from server.app import create_app
    other = create_app()
    other.wsgi_app = other.wsgi_app.inner          # no layer in front (server/fast_routes.py) either
    other.view_functions["moves.Moves"] = other.view_functions["moves.Moves"].documented
    return other.test_client()


@pytest.mark.parametrize("body", BODIES, ids=[json.dumps(b)[:40] for b in BODIES])
def test_every_refusal_is_the_documented_routes(client, documented_client, body):
    """The same request through the plain route and through the documented route: the same answer
    (a refusal: the seat asked is not the one to move, or the body does not fit)."""
    table, tokens = make_table(client)
    prompts = client.get(f"/tables/{table}/view", headers=bearer(tokens["north"])).json["prompts"]
    waiting = next(seat for seat in tokens if not any(p["seat"] == seat and p.get("options") for p in prompts))
    headers = bearer(tokens[waiting])
    plain = client.post(f"/tables/{table}/moves", json=body, headers=headers)
    documented = documented_client.post(f"/tables/{table}/moves", json=body, headers=headers)
    assert plain.status_code == documented.status_code and plain.status_code in (400, 409, 422)
    assert plain.json == documented.json and plain.json["code"]
    assert client.get(f"/tables/{table}/view").json["seq"] == 3      # nothing was applied


def test_a_move_through_the_plain_route_is_made_and_answered(client):
    table, tokens = make_table(client)
    view = client.get(f"/tables/{table}/view", headers=bearer(tokens["north"])).json
    answer = client.post(f"/tables/{table}/moves", json={"option": 1, "expected_seq": view["seq"]},
                         headers=bearer(tokens["north"]))
    assert answer.status_code == 201
    assert answer.json["seq"] > view["seq"] and answer.json["view"]["seq"] == answer.json["seq"]
    assert answer.json["events"] and answer.json["events"][0]["seq"] == view["seq"] + 1
