"""The layer in front of the app (server/fast_routes.py) over real HTTP, through `pbem run`'s
Granian: a view it answers is the app's byte for byte (a query string, which the view does not
read, sends the same request through Flask), a move is made once and counted."""

import re

import requests

from tests.workers.runs import Run

SEATS = {"north": {"name": "Nora", "email": "nora@example.org"}, "south": {"name": "Sam", "email": "sam@example.org"}}
HEADERS = ("Content-Type", "Content-Length")


def test_the_layer_answers_as_the_app_over_granian(tmp_path, smtp_server):
    run = Run(tmp_path / "data", smtp_server.url).start()
    try:
        made = requests.post(f"{run.url}/tables", json={"game": "clash", "options": {},
                                                         "seats": {"mcworld": SEATS["north"], "jihad": SEATS["south"]}},
                             timeout=10)
        assert made.status_code == 201, made.text
        table, tokens = made.json()["id"], {s: v["token"] for s, v in made.json()["seats"].items()}
        for token in (None, *tokens.values(), "nobody"):
            auth = {"Authorization": f"Bearer {token}"} if token else {}
            fast = requests.get(f"{run.url}/tables/{table}/view", headers=auth, timeout=10)
            slow = requests.get(f"{run.url}/tables/{table}/view?through=flask", headers=auth, timeout=10)
            assert (fast.status_code, fast.content) == (slow.status_code, slow.content)
            assert [fast.headers.get(h) for h in HEADERS] == [slow.headers.get(h) for h in HEADERS]
            assert fast.headers["Content-Length"] == str(len(fast.content))
        views = {seat: requests.get(f"{run.url}/tables/{table}/view", headers={"Authorization": f"Bearer {token}"},
                                    timeout=10).json() for seat, token in tokens.items()}
        seat, view = next((seat, view) for seat, view in views.items()
                          if any(p["seat"] == seat and p.get("options") for p in view["prompts"]))
        auth = {"Authorization": f"Bearer {tokens[seat]}", "Idempotency-Key": "once"}
        body = {"option": 1, "expected_seq": view["seq"]}
        first = requests.post(f"{run.url}/tables/{table}/moves", json=body, headers=auth, timeout=10)
        again = requests.post(f"{run.url}/tables/{table}/moves", json=body, headers=auth, timeout=10)
        assert first.status_code == again.status_code == 201, first.text
        assert first.json()["seq"] == again.json()["seq"] > view["seq"]        # made once, answered twice
        metrics = requests.get(f"{run.url}/metrics", timeout=10).text
        assert re.search(r'pbem_http_requests_total\{endpoint="/tables/<table_id>/moves",status="201"\} 2\.0', metrics)
    finally:
        run.stop()
