"""The HTTP contract of DESIGN.md, through Flask against a real Redis."""

import pytest

from tests.helpers import SEATS, bearer, make_table, play


def log_length(client, table):
    return client.get(f"/tables/{table}/log").json["seq"]


def test_catalogue_lists_seats_options_and_defaults(client):
    duel = next(g for g in client.get("/games").json if g["name"] == "duel")
    assert duel["seats"] == ["north", "south"]
    assert duel["options"]["target"]["default"] == 10
    assert "random" in duel["bots"]


def test_create_answers_ids_commitment_and_seat_credentials(client):
    answer = client.post("/tables", json={"game": "duel", "seats": SEATS})
    assert answer.status_code == 201
    body = answer.json
    assert len(body["seed_sha256"]) == 64 and body["id"]
    assert set(body["seats"]) == {"north", "south"}
    assert body["seats"]["north"]["token"] != body["seats"]["south"]["token"]
    assert body["seats"]["north"]["url"].startswith(f"http://pbem.test/play/{body['id']}?token=")


@pytest.mark.parametrize("body, code", [
    ({"game": "chess", "seats": SEATS}, "unknown_game"),
    ({"game": "duel", "seats": {"north": SEATS["north"]}}, "bad_seats"),
    ({"game": "duel", "seats": {**SEATS, "south": {"email": "not an address"}}}, "invalid_request"),
    ({"game": "duel", "seats": SEATS, "options": {"target": 7}}, "bad_option"),
    ({"game": "duel", "seats": SEATS, "options": {"speed": 1}}, "unknown_option"),
    ({"game": "duel", "seats": {**SEATS, "south": {"bot": "genius"}}}, "unknown_bot"),
    ({"seats": SEATS}, "invalid_request"),
])
def test_bad_tables_are_refused_with_a_code_and_a_sentence(client, body, code):
    answer = client.post("/tables", json=body)
    assert 400 <= answer.status_code < 500
    assert answer.json["code"] == code
    assert answer.json["message"].endswith(".")


def test_a_move_answers_its_events_and_the_new_view(client):
    table, tokens = make_table(client)
    answer = play(client, table, tokens, "north", option=2)
    assert answer["seq"] == 4
    assert [e["text"] for e in answer["events"]] == ["north adds 2 (total 2)."]
    assert answer["view"]["prompts"] == [{"seat": "south", "kind": "add", "text": "Waiting for Sam."}]


def test_moves_by_text_and_by_move_object(client):
    table, tokens = make_table(client)
    first = client.post(f"/tables/{table}/moves", json={"text": "+3"}, headers=bearer(tokens["north"]))
    second = client.post(f"/tables/{table}/moves", json={"move": {"add": 1}}, headers=bearer(tokens["south"]))
    assert (first.status_code, second.status_code) == (201, 201)
    assert second.json["view"]["state"]["total"] == 4


def test_a_retried_request_with_the_same_idempotency_key_applies_once(client):
    table, tokens = make_table(client)
    headers = {**bearer(tokens["north"]), "Idempotency-Key": "move-1"}
    first = client.post(f"/tables/{table}/moves", json={"option": 1, "expected_seq": 3}, headers=headers)
    again = client.post(f"/tables/{table}/moves", json={"option": 1, "expected_seq": 3}, headers=headers)
    assert first.status_code == again.status_code == 201
    assert again.json["events"] == first.json["events"]
    assert log_length(client, table) == 4


ERRORS = [
    # (what, request kwargs, status, code)
    ("malformed JSON", dict(data="{not json", content_type="application/json", token="south"), 400, "malformed_json"),
    ("no move at all", dict(json={"expected_seq": 4}, token="south"), 422, "invalid_request"),
    ("unknown table", dict(json={"option": 1}, token="south", table="nosuchtable"), 404, "unknown_table"),
    ("no token", dict(json={"option": 1}), 401, "no_credential"),
    ("wrong token", dict(json={"option": 1}, raw_token="not-a-token"), 403, "wrong_credential"),
    ("stale sequence", dict(json={"option": 1, "expected_seq": 3}, token="south"), 409, "stale_seq"),
    ("not your turn", dict(json={"option": 1}, token="north"), 422, "not_your_turn"),
    ("no such option", dict(json={"option": 4}, token="south"), 422, "no_such_option"),
    ("illegal move object", dict(json={"move": {"add": 5}}, token="south"), 422, "not_an_option"),
    ("unreadable text", dict(json={"text": "double it"}, token="south"), 422, "bad_notation"),
]


@pytest.mark.parametrize("what, request_, status, code", ERRORS, ids=[e[0] for e in ERRORS])
def test_bad_moves_get_their_4xx_and_leave_the_log_unchanged(client, what, request_, status, code):
    table, tokens = make_table(client)
    play(client, table, tokens, "north")
    before = client.get(f"/tables/{table}/log").json
    request_ = dict(request_)
    token = tokens.get(request_.pop("token", None)) or request_.pop("raw_token", None)
    target = request_.pop("table", table)
    answer = client.post(f"/tables/{target}/moves", headers=bearer(token) if token else {}, **request_)
    assert answer.status_code == status, answer.json
    assert answer.json["code"] == code
    assert answer.json["message"] and answer.json["status"] == status
    assert client.get(f"/tables/{table}/log").json == before
    if code == "stale_seq":
        assert answer.json["seq"] == 4 and answer.json["view"]["seq"] == 4


def test_no_move_after_the_game_is_over(client, run_worker):
    table, tokens = make_table(client, target=5)
    seat = "north"
    for _ in range(2):
        play(client, table, tokens, seat, option=3)
        seat = "south"
    run_worker()
    assert client.get(f"/tables/{table}/view").json["status"] == "finished"
    answer = client.post(f"/tables/{table}/moves", json={"option": 1}, headers=bearer(tokens["north"]))
    assert answer.status_code == 422 and answer.json["code"] == "game_over"


def test_log_since_and_states_replay(client):
    table, tokens = make_table(client)
    play(client, table, tokens, "north", option=2)
    play(client, table, tokens, "south", option=1)
    log = client.get(f"/tables/{table}/log?since=3", headers=bearer(tokens["north"])).json
    assert [e["seq"] for e in log["events"]] == [4, 5]
    past = client.get(f"/tables/{table}/states/4", headers=bearer(tokens["north"])).json
    assert past["seq"] == 4 and past["state"]["total"] == 2
    assert client.get(f"/tables/{table}/states/99").status_code == 404
    assert client.get(f"/tables/{table}/log?since=-1").json["code"] == "invalid_request"


def test_export_import_verify_over_http(client, run_worker):
    table, tokens = make_table(client, target=5)
    early = client.get(f"/tables/{table}/export", headers=bearer(tokens["north"]))
    assert early.mimetype == "application/x-ndjson" and '"seed":' not in early.get_data(as_text=True)
    assert client.post("/verify", data=early.data).json["ok"] is False
    play(client, table, tokens, "north", option=3)
    play(client, table, tokens, "south", option=3)
    run_worker()
    full = client.get(f"/tables/{table}/export").data
    assert client.post("/verify", data=full).json["ok"] is True
    imported = client.post("/tables/import", data=full)
    assert imported.status_code == 201
    assert client.get(f"/tables/{imported.json['id']}/view").json["status"] == "finished"
    tampered = full.replace(b'"die":', b'"die":1', 1)
    assert client.post("/tables/import", data=tampered).status_code in (400, 422)
    assert client.post("/verify", data=b"not json").json["code"] == "bad_export"


def test_openapi_health_and_metrics(client):
    spec = client.get("/openapi.json").json
    for path in ("/games", "/tables", "/tables/{table_id}/view", "/tables/{table_id}/moves",
                 "/tables/{table_id}/log", "/tables/{table_id}/states/{seq}", "/tables/{table_id}/export",
                 "/tables/import", "/verify", "/healthz", "/metrics"):
        assert path in spec["paths"], path
    assert client.get("/docs").status_code == 200
    assert client.get("/healthz").json == {"ok": True, "redis": "up"}
    make_table(client)
    metrics = client.get("/metrics").get_data(as_text=True)
    assert 'pbem_http_requests_total{endpoint="/tables",status="201"} 1.0' in metrics


def test_unknown_routes_answer_json(client):
    answer = client.get("/no/such/thing")
    assert answer.status_code == 404 and answer.json["code"] == "not_found"


def test_a_stretch_of_moves_in_one_request_stops_at_the_first_that_does_not_fit(client):
    from tests.helpers import bearer, make_table
    table, tokens = make_table(client, seats={"north": {"name": "Nora", "email": "nora@example.org"},
                                              "south": {"name": "Sam", "email": "sam@example.org"}})
    answer = client.post(f"/tables/{table}/moves", json={"text": "add 2; add 3"}, headers=bearer(tokens["north"]))
    assert answer.status_code == 201
    assert answer.json["applied"] == ["add 2"] and answer.json["left"] == ["add 3"]   # then it was south's turn
    answer = client.post(f"/tables/{table}/moves", json={"text": "add 1\nadd 7"}, headers=bearer(tokens["south"]))
    assert answer.status_code == 201 and answer.json["applied"] == ["add 1"]
    assert answer.json["view"]["state"]["total"] == 3


def test_the_same_idempotency_key_with_another_move_is_refused(client):
    from tests.helpers import bearer, make_table
    table, tokens = make_table(client)
    key = {"Idempotency-Key": "k-1", **bearer(tokens["north"])}
    assert client.post(f"/tables/{table}/moves", json={"option": 1}, headers=key).status_code == 201
    assert client.post(f"/tables/{table}/moves", json={"option": 1}, headers=key).status_code == 201
    again = client.post(f"/tables/{table}/moves", json={"option": 2}, headers=key)
    assert again.status_code == 422 and again.json["code"] == "idempotency_key_reused"


def test_metrics_show_the_queues_and_the_tables_waiting_on_the_server(client, redis_client, env):
    from workers.queue import enqueue_notify
    make_table(client)                                # it waits to be settled (which queues its emails)
    enqueue_notify(redis_client, env, "t", "invitation", 0, "north")
    text = client.get("/metrics").get_data(as_text=True)
    assert 'pbem_queue_jobs{queue="pbem-mail"} 1.0' in text
    assert "pbem_tables_waiting_on_server 1.0" in text
    assert 'pbem_queue_oldest_job_seconds{queue="pbem-mail"}' in text
