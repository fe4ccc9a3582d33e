"""What every request pays before and after its route: no rate limiter's hook (only the routes
that create something count, through server/guards.py), no cookie session unless its cookie is
sent, the JSON depth scan only for a body with brackets enough to be too deep, and JSON answers
written by orjson with the bytes Flask's own provider writes (keys sorted, compact, a newline)."""

import datetime
import json

from flask.json.provider import DefaultJSONProvider
from flask.sessions import SecureCookieSessionInterface

from server import guards
from server.json_provider import OrjsonProvider


def test_no_request_runs_a_rate_limiters_hook(app):
    hooks = [f for funcs in (*app.before_request_funcs.values(), *app.after_request_funcs.values()) for f in funcs]
    assert hooks and not [f for f in hooks if "limit" in f.__module__ + f.__qualname__]


def test_a_request_without_the_cookie_builds_no_session_signer_and_sets_no_cookie(client, monkeypatch):
    def no_signer(*_):
        raise AssertionError("a signer was built")
    monkeypatch.setattr(SecureCookieSessionInterface, "get_signing_serializer", no_signer)
    answer = client.get("/healthz")
    assert answer.status_code == 200 and "Set-Cookie" not in answer.headers


def test_a_flashed_message_still_crosses_the_redirect(app):
    from flask import flash, get_flashed_messages

    @app.route("/test-flash")
    def flashing():
        flash("Moved.")
        return "", 204

    @app.route("/test-flashed")
    def flashed():
        return {"messages": get_flashed_messages()}

    client = app.test_client()
    assert "session=" in client.get("/test-flash").headers["Set-Cookie"]
    assert client.get("/test-flashed").json == {"messages": ["Moved."]}


def test_only_a_body_with_more_brackets_than_the_limit_is_scanned(monkeypatch):
    deep = b"[" * (guards.MAX_JSON_DEPTH + 1) + b"]" * (guards.MAX_JSON_DEPTH + 1)
    assert guards.too_deep(deep)
    assert not guards.too_deep(b"[" * guards.MAX_JSON_DEPTH + b"]" * guards.MAX_JSON_DEPTH)
    assert not guards.too_deep(b'{"a": "' + b"[" * 500 + b'"}')          # brackets in a string do not count
    monkeypatch.setattr(guards, "json_depth", lambda *_: 10 ** 6)
    assert not guards.too_deep(b'{"option": 3, "expected_seq": 12}')
    assert guards.too_deep(deep)


def test_the_answers_are_the_bytes_flasks_provider_writes(app):
    value = {"z": [1, 2.5, None, True], "a": {"é": "Zażółć", "b": "<b>"},
             "when": datetime.datetime(2026, 1, 2, 3, 4, 5, tzinfo=datetime.timezone.utc)}
    flasks = DefaultJSONProvider(app)
    assert isinstance(app.json, OrjsonProvider)
    with app.test_request_context():
        written = app.json.response(value).get_data()
        assert json.loads(written) == json.loads(flasks.response(value).get_data())
        assert written == (json.dumps({**value, "when": "Fri, 02 Jan 2026 03:04:05 GMT"}, sort_keys=True,
                                      separators=(",", ":"), ensure_ascii=False) + "\n").encode()
        for beyond in ({"big": 2 ** 70, "a": "é"}, {"lone": "\udc80Ann"}):     # what orjson does not write
            assert app.json.response(beyond).get_data() == flasks.response(beyond).get_data()
            assert app.json.dumps(beyond) == flasks.response(beyond).get_data().decode().rstrip("\n")
    assert app.json.loads(b'{"n": NaN, "big": 123456789012345678901234567890}')["big"] == 123456789012345678901234567890


def test_an_answer_in_memory_goes_to_the_server_as_one_list_and_a_stream_as_ever(app):
    from server.app import WholeAnswer

    assert app.response_class is WholeAnswer
    environ = {"REQUEST_METHOD": "GET"}
    with app.test_request_context("/"):
        answer = app.json.response({"b": 1, "a": "ż"})
    assert answer.get_app_iter(environ) == [b'{"a":"\xc5\xbc","b":1}\n']
    assert list(answer.get_app_iter({"REQUEST_METHOD": "HEAD"})) == []
    assert list(WholeAnswer(status=204).get_app_iter(environ)) == []
    closed = []
    streamed = WholeAnswer(iter([b"a", b"b"]))
    streamed.call_on_close(lambda: closed.append(True))
    parts = streamed.get_app_iter(environ)
    assert not isinstance(parts, list) and b"".join(parts) == b"ab"
    parts.close()
    assert closed == [True]
    called_back = WholeAnswer(b"x")
    called_back.call_on_close(lambda: closed.append("x"))
    parts = called_back.get_app_iter(environ)
    assert not isinstance(parts, list)
    list(parts), parts.close()
    assert closed == [True, "x"]
