"""The OpenAPI document says what the server does: a boolean is JSON's true or false, the export's
and the calendar's content types are declared, every refusal a route gives is listed on it (no
catch-all), and a text's rule is in its pattern. schemathesis (test_schemathesis.py) holds the
whole API to the document; these pin the cases it was found wrong on."""

import re

import jsonschema_rs

from tests.helpers import bearer, make_table


def operations(spec):
    return [(path, method, op) for path, item in spec["paths"].items() for method, op in item.items()
            if method in ("get", "put", "post", "delete", "patch")]


def test_everywhere_takes_true_or_false_only_as_the_document_says(client):
    table, tokens = make_table(client)
    spec = client.get("/openapi.json").json
    assert spec["components"]["schemas"]["NotificationsRequest"]["properties"]["everywhere"]["type"] == "boolean"
    for value in (0, 1, "yes", "true", None):
        answer = client.put(f"/tables/{table}/notifications", json={"policy": "digest", "everywhere": value},
                            headers=bearer(tokens["north"]))
        assert answer.status_code == 422 and answer.json["code"] == "invalid_request", (value, answer.json)
    answer = client.put(f"/tables/{table}/notifications", json={"policy": "digest", "everywhere": False},
                        headers=bearer(tokens["north"]))
    assert answer.status_code == 200 and answer.json["policy"] == "digest"


def test_the_export_answers_the_content_type_its_document_declares(client):
    table, tokens = make_table(client)
    spec = client.get("/openapi.json").json
    declared = spec["paths"]["/tables/{table_id}/export"]["get"]["responses"]["200"]["content"]
    answer = client.get(f"/tables/{table}/export", headers=bearer(tokens["north"]))
    assert answer.status_code == 200 and list(declared) == [answer.mimetype] == ["application/x-ndjson"]
    assert "text/calendar" in spec["paths"]["/calendar/{key}.ics"]["get"]["responses"]["200"]["content"]
    for path in ("/tables/import", "/verify"):
        assert spec["paths"][path]["post"]["requestBody"]["content"] == declared


def test_every_operation_lists_its_refusals_with_the_error_envelope(client):
    spec = client.get("/openapi.json").json
    for path, method, op in operations(spec):
        responses = op["responses"]
        assert "default" not in responses, (method, path)
        assert "503" in responses, (method, path)
        for status, response in responses.items():
            if status.startswith(("4", "5")):
                assert response["content"]["application/json"]["schema"]["$ref"].endswith("/Error"), (path, status)
        if path.startswith("/tables/{table_id}/") and method != "get" or path.endswith("/mail-log"):
            assert {"401", "403", "404"} <= set(responses), (method, path)     # a seat's token, at a table
    assert {"401", "403", "422", "429"} <= set(spec["paths"]["/tables"]["post"]["responses"])


def test_an_undo_without_a_body_is_documented_and_taken(client):
    table, tokens = make_table(client)
    spec = client.get("/openapi.json").json
    assert spec["paths"]["/tables/{table_id}/undo"]["post"]["requestBody"]["required"] is False
    view = client.get(f"/tables/{table}/view", headers=bearer(tokens["north"])).json
    seat = view["prompts"][0]["seat"]
    client.post(f"/tables/{table}/moves", json={"option": 1}, headers=bearer(tokens[seat]))
    assert client.post(f"/tables/{table}/undo", headers=bearer(tokens[seat])).status_code == 201


def test_a_message_pattern_in_the_document_is_the_rule_the_server_keeps(client):
    table, tokens = make_table(client)
    spec = client.get("/openapi.json").json
    pattern = spec["components"]["schemas"]["TalkPost"]["properties"]["text"]["pattern"]
    rule = re.compile(pattern.removesuffix("$") + r"\Z")          # JSON Schema's $ is the end of the text
    for text in ("Nice one!", "two\nlines", " \u00e9 ", "\t\u008c", "x\u202e", "   ", "\n\t", "a\u2028b"):
        answer = client.post(f"/tables/{table}/notes", json={"text": text}, headers=bearer(tokens["north"]))
        assert (answer.status_code == 201) == bool(rule.match(text)), (text, answer.json)


def test_the_rules_across_fields_are_in_the_document(client):
    """Exactly one of move, option and text; moves or to_seq, not both: the server's refusal and
    the document's schema agree on each body."""
    table, tokens = make_table(client)
    schemas = client.get("/openapi.json").json["components"]["schemas"]
    for name, path, bodies in (
            ("MoveRequest", "moves", [{}, {"option": 1, "text": "add 1"}, {"move": {"add": 1}, "option": 1}]),
            ("UndoRequest", "undo", [{"moves": 1, "to_seq": 3}])):
        schema = jsonschema_rs.validator_for(schemas[name])
        for body in bodies:
            answer = client.post(f"/tables/{table}/{path}", json=body, headers=bearer(tokens["north"]))
            assert answer.status_code == 422 and not schema.is_valid(body), (body, answer.json)
        assert schema.is_valid({"option": 1} if path == "moves" else {"moves": 1})
