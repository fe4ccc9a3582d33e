"""Issue 10, defect 7: odd input gets a 4xx with the error envelope, never a 500."""

import json
import time

import pytest

import tables

from tests.helpers import bearer, make_table

CLASH = {"mcworld": {"name": "Ann", "email": "ann@example.org"}, "jihad": {"name": "Bob", "email": "bob@example.org"}}
LABYRINTH = {"us": {"name": "Uma", "email": "uma@example.org"}, "jihadist": {"name": "Jay", "email": "jay@example.org"}}


def refused(answer, status, code=None):
    assert answer.status_code == status, answer.get_data(as_text=True)[:300]
    if answer.is_json:
        assert answer.json["status"] == status and isinstance(answer.json["code"], str)
        assert answer.json["message"].endswith((".", "?", "!"))
        if code:
            assert answer.json["code"] == code, answer.json
    return answer


@pytest.mark.parametrize("path", ["/act/{t}", "/host/{t}", "/mute/{t}", "/calendar/{t}.ics"])
@pytest.mark.parametrize("token", ["é", "north.é.1.2.3.abc", "x" * 5000, "a.b.c.d.e.ŧ"])
def test_a_link_token_that_is_not_ascii_is_an_unknown_link(client, path, token):
    for method in ("get", "post"):
        answer = getattr(client, method)(path.format(t=token))
        assert answer.status_code in (404, 405), (method, answer.status_code)


def test_a_credential_that_is_not_ascii_is_a_wrong_one(client):
    table, _ = make_table(client)
    for token in ("north.é", "é"):
        refused(client.get(f"/tables/{table}/view", headers=bearer(token)), 403, "wrong_credential")


def test_an_inbound_secret_that_is_not_ascii_is_a_wrong_one(client, monkeypatch):
    from server.app import create_app
    monkeypatch.setenv("PBEM_INBOUND_SECRET", "s3")
    guarded = create_app().test_client()
    answer = guarded.post("/inbound/mail", data=b"x", headers={"X-Inbound-Secret": "é".encode().decode("latin-1")})
    refused(answer, 403, "wrong_secret")


def new_table(store, game, seats):
    started = tables.start(store, game, {}, seats, time.time(), seed=b"wrong shapes")    # the same game each run
    return started.table.id, started.tokens


def asked(client, table, tokens):
    for seat, token in tokens.items():
        view = client.get(f"/tables/{table}/view", headers=bearer(token)).json
        for prompt in view["prompts"]:
            if prompt["seat"] == seat:
                return token, view, prompt
    raise AssertionError("nobody is asked")


def play_until_asked(client, store, game, seats, kind):
    """A new table, played on with listed options until a seat is asked a question of ``kind``."""
    table, tokens = new_table(store, game, seats)
    for turn in range(200):
        tables.advance(store, table, now=time.time())          # the rules' own steps, as a worker takes them
        token, view, prompt = asked(client, table, tokens)
        if prompt["kind"] == kind:
            return table, token, view
        choice = (turn * 7) % len(prompt["options"]) + 1
        answer = client.post(f"/tables/{table}/moves", json={"option": choice, "expected_seq": view["seq"]},
                             headers=bearer(token))
        assert answer.status_code == 201, answer.json
    raise AssertionError(f"no {kind} question in 200 moves")


@pytest.mark.parametrize("game, seats, kind, moves", [
    ("clash", CLASH, "tile", [{"tile": {}}, {"tile": []}, [1, 2], "hacker b2 n", {}]),
    ("labyrinth", LABYRINTH, "country", [{"country": []}, {"from": [1, 2]}, {"card": {"x": 1}},
                                         {"seq": [{"country": []}]}, {"country": "Iraq", "x": 1}]),
])
def test_a_move_object_of_the_wrong_shape_is_an_illegal_move(client, store, game, seats, kind, moves):
    table, token, view = play_until_asked(client, store, game, seats, kind)
    for move in moves:
        answer = client.post(f"/tables/{table}/moves", json={"move": move, "expected_seq": view["seq"]},
                             headers=bearer(token))
        refused(answer, 422, "not_an_option")
    assert client.get(f"/tables/{table}/log").json["seq"] == view["seq"]
    listed = next(p for p in view["prompts"] if p["seat"] == view["seat"])["options"][-1]["move"]
    answer = client.post(f"/tables/{table}/moves", json={"move": listed, "expected_seq": view["seq"]},
                         headers=bearer(token))
    assert answer.status_code == 201, answer.json        # a listed move object, as the prompt gave it


def test_a_move_equal_only_in_python_is_not_an_option(client):
    table, tokens = make_table(client)           # {"add": 1} is listed; true == 1 in Python, not in JSON
    for move in ({"add": True}, {"add": 1.0}):
        refused(client.post(f"/tables/{table}/moves", json={"move": move}, headers=bearer(tokens["north"])),
                422, "not_an_option")


def test_json_nested_very_deep_is_a_bad_request(client):
    table, tokens = make_table(client)
    deep = "[" * 100_000 + "]" * 100_000
    for body in (deep, '{"move": ' + deep + "}", '{"move": ' + "[" * 900 + "]" * 900 + "}"):
        answer = client.post(f"/tables/{table}/moves", data=body, content_type="application/json",
                             headers=bearer(tokens["north"]))
        assert 400 <= answer.status_code < 500 and answer.json["status"] == answer.status_code
    refused(client.post("/tables", data='{"seats": ' + deep + "}", content_type="application/json"), 400)


@pytest.mark.parametrize("since", [10**30, 2**64, -1, "x", 1.5])
def test_a_log_since_out_of_range_is_refused(client, since):
    table, _ = make_table(client)
    refused(client.get(f"/tables/{table}/log?since={since}"), 422, "invalid_request")


def test_a_huge_state_seq_is_not_found(client):
    table, _ = make_table(client)
    refused(client.get(f"/tables/{table}/states/{10**30}"), 404)


@pytest.mark.parametrize("body", [{"option": 1.5}, {"option": "1"}, {"option": True}, {"option": 1, "expected_seq": 3.5},
                                  {"option": 10**30}, {"option": -1}, {"text": 5}, {"option": 1, "expected_seq": 10**30}])
def test_an_option_or_seq_that_is_not_a_whole_number_is_refused(client, body):
    table, tokens = make_table(client)
    answer = client.post(f"/tables/{table}/moves", json=body, headers=bearer(tokens["north"]))
    assert 400 <= answer.status_code < 500, answer.json
    assert answer.json["status"] == answer.status_code
    assert client.get(f"/tables/{table}/log").json["seq"] == 3


def test_the_same_idempotency_key_with_another_body_is_refused_after_the_first_applied(client):
    table, tokens = make_table(client)
    key = {"Idempotency-Key": "k-2", **bearer(tokens["north"])}
    first = client.post(f"/tables/{table}/moves", json={"option": 1, "expected_seq": 3}, headers=key)
    assert first.status_code == 201
    for other in ({"option": 2, "expected_seq": 3}, {"text": "add 1", "expected_seq": 3}, {"move": {"add": 1}}):
        refused(client.post(f"/tables/{table}/moves", json=other, headers=key), 422, "idempotency_key_reused")
    assert client.get(f"/tables/{table}/log").json["seq"] == 4


def test_the_openapi_document_describes_the_error_envelope_as_sent(client):
    spec = client.get("/openapi.json").json
    error = spec["components"]["schemas"]["Error"]["properties"]
    assert error["status"]["type"] == "integer" and error["code"]["type"] == "string"
    assert error["message"]["type"] == "string"
    moves = spec["paths"]["/tables/{table_id}/moves"]["post"]["responses"]
    assert {"400", "401", "403", "404", "409", "422", "503"} <= set(moves) and "default" not in moves
    assert moves["409"]["content"]["application/json"]["schema"]["$ref"].endswith("/Error")
    sent = client.post("/tables/nosuchtable/moves", json={"option": 1}, headers=bearer("x")).json
    assert set(sent) >= {"status", "code", "message"}
    assert json.dumps(sent)     # plain JSON


@pytest.mark.parametrize("text", ["0" * 5000, "9" * 20, "\u00b2"])
def test_a_number_no_table_has_as_an_option_is_refused_in_a_sentence(client, text):
    """Found by schemathesis: a 5,000-digit number (Python reads at most 4,300) or a digit that is
    no number (a superscript two) sent as text was a server error."""
    table, tokens = make_table(client)
    seat = client.get(f"/tables/{table}/view").json["prompts"][0]["seat"]
    answer = client.post(f"/tables/{table}/moves", json={"text": text}, headers=bearer(tokens[seat]))
    assert answer.status_code == 422 and answer.json["message"].endswith("."), answer.json
