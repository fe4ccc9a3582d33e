"""A bearer token that is not ASCII (or is only blanks) is refused as a wrong token is (403), never
read as no token (an observer's 200): through the WSGI stack with the header's raw bytes (WSGI
hands them over as latin-1), and over a real socket to a running server."""

import http.client
import json
from urllib.parse import urlparse

import pytest

from tests.helpers import bearer, make_table

RAW = [b"\xa0", b"\x85", b"\xc3\xa9", b"\xe4\xbb\xa4\xe7\x89\x8c", b"abc\xa0", b"\xa0\xa0" + b"x" * 30]


@pytest.mark.parametrize("raw", RAW + [b"", b"  "])
def test_a_bearer_token_not_ascii_or_empty_is_refused_like_a_wrong_one(client, raw):
    table, tokens = make_table(client)
    wrong = client.get(f"/tables/{table}/view", headers=bearer("not-a-token"))
    assert wrong.status_code == 403
    header = (b"Bearer " + raw).decode("latin-1")          # the header's bytes as WSGI hands them over
    for path in ("view", "log", "export", "position", "states/1"):
        answer = client.get(f"/tables/{table}/{path}", environ_overrides={"HTTP_AUTHORIZATION": header})
        assert answer.status_code == 403, (path, raw, answer.status_code)
        assert answer.json["code"] == wrong.json["code"]
    assert client.get(f"/tables/{table}/view", headers=bearer(tokens["north"])).json["seat"] == "north"
    assert client.get(f"/tables/{table}/view").json["seat"] is None        # no header: an observer


def test_over_a_socket_a_token_of_raw_bytes_is_refused(live_server, client):
    table, _ = make_table(client)
    where = urlparse(live_server)
    for raw in RAW:
        connection = http.client.HTTPConnection(where.hostname, where.port, timeout=10)
        connection.putrequest("GET", f"/tables/{table}/view")
        connection.putheader("Authorization", b"Bearer " + raw)
        connection.endheaders()
        answer = connection.getresponse()
        body = json.loads(answer.read())
        connection.close()
        assert answer.status == 403 and body["code"] == "wrong_credential", (raw, answer.status, body)
