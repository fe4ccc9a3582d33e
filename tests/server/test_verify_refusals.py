"""POST /verify and POST /tables/import, open to anyone: a malformed export is a 422 naming its
line and what is wrong, never a 500 (verify fuzzed over mutated bytes of a real export)."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers import make_table, play

EXPORT: list[bytes] = []


def full_export(client, run_worker):
    if not EXPORT:
        table, tokens = make_table(client, target=5)
        play(client, table, tokens, "north", option=3)
        play(client, table, tokens, "south", option=3)
        run_worker()
        EXPORT.append(client.get(f"/tables/{table}/export").data)
    return EXPORT[0]


def test_an_event_line_of_the_wrong_types_is_a_422_with_its_line(client, run_worker):
    lines = full_export(client, run_worker).splitlines()
    bad = b"\n".join([lines[0], b'{"seq":1,"event":5,"by":"system","at":1.0}', *lines[2:]])
    for path in ("/verify", "/tables/import"):
        answer = client.post(path, data=bad)
        assert answer.status_code == 422, answer.json
        assert answer.json == {"code": "bad_export", "message": "Line 2: event is not a JSON object.", "status": 422}
    answer = client.post("/verify", data=b"\n".join([lines[0], b"[1]"]))
    assert answer.status_code == 422 and answer.json["message"] == "Line 2: it is not a JSON object."
    assert client.post("/verify", data=b"\n\n").json["message"] == "The export is empty."


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_mutated_bytes_of_an_export_are_never_a_server_error(client, run_worker, data):
    text = bytearray(full_export(client, run_worker))
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text) - 1))
        text[at:at + data.draw(st.integers(0, 3))] = data.draw(st.binary(max_size=3) | st.sampled_from(
            [b'"', b"5", b"[]", b"{}", b"null", b"true", b'"x"', b"-1", b"\n", b","]))
    answer = client.post("/verify", data=bytes(text))
    assert answer.status_code in (200, 422), (bytes(text), answer.get_data(as_text=True))
    assert answer.json["ok"] in (True, False) if answer.status_code == 200 else answer.json["code"] == "bad_export"
