"""GET /tables/{id}/view answers from this process's copy of a table when it is still current,
and writes the View schema's JSON itself: the answer must be what marshmallow dumps of the
view of the table loaded afresh, for every seat, all along a game, and never a stale one."""

import json
import random

import pytest

import tables
from tables import preferences, rollback, undo
from server.schemas import View
from store import TableStore
from tests.helpers import bearer

SEATS = {"clash": {"mcworld": "Ann", "jihad": "Bob"}, "labyrinth": {"us": "Uma", "jihadist": "Jay"}}


def new_table(client, game):
    seats = {seat: {"name": who, "email": f"{who.lower()}@example.org"} for seat, who in SEATS[game].items()}
    answer = client.post("/tables", json={"game": game, "seats": seats})
    assert answer.status_code == 201, answer.json
    return answer.json["id"], {s: v["token"] for s, v in answer.json["seats"].items()}


def expected(store, table_id, seat):
    table = tables.load(store, table_id)
    view = tables.view(table, seat, board=True)
    if seat is not None:                    # a seat is also told whether it may take its last moves back
        view["undo"] = undo.window(store, table, seat).as_view()
        view["rollback"] = rollback.as_view(store, table)
        view["language"] = preferences.language(store, table, seat)
    return json.loads(json.dumps(View().dump(view)))


@pytest.mark.parametrize("game", ["clash", "labyrinth"])
def test_the_view_is_the_schema_dump_of_a_fresh_load_all_along_a_game(client, run_worker, redis_client, game):
    store, rng = TableStore(redis_client), random.Random(12)
    table, tokens = new_table(client, game)
    run_worker()
    checked = 0
    for _ in range(40):
        answers = {seat: client.get(f"/tables/{table}/view", headers=bearer(token)).json
                   for seat, token in tokens.items()}
        answers[None] = client.get(f"/tables/{table}/view").json
        for seat, answer in answers.items():
            assert answer == expected(store, table, seat)
            checked += 1
        if answers[None]["status"] != "active":
            break
        mover = next((s for s in tokens if any(p["seat"] == s and p.get("options") for p in answers[s]["prompts"])),
                     None)
        if mover is None:
            run_worker()                            # the rules' own step
            continue
        options = next(p for p in answers[mover]["prompts"] if p["seat"] == mover)["options"]
        moved = client.post(f"/tables/{table}/moves", headers=bearer(tokens[mover]),
                            json={"option": rng.randint(1, len(options)), "expected_seq": answers[mover]["seq"]})
        assert moved.status_code == 201, moved.json
        run_worker()
    assert checked >= 60


def test_a_copy_another_process_left_behind_is_not_answered(env, redis_client):
    """Two API processes (two apps, each with its own copies): a move through one is seen at once
    through the other, which read the table before."""
    from server.app import create_app
    one, other = create_app().test_client(), create_app().test_client()
    table, tokens = new_table(one, "clash")
    seen = {seat: other.get(f"/tables/{table}/view", headers=bearer(token)).json     # other keeps a copy
            for seat, token in tokens.items()}
    mover, mine = next((seat, p) for seat, view in seen.items() for p in view["prompts"]   # who starts is dealt
                       if p["seat"] == seat and p.get("options"))
    moved = one.post(f"/tables/{table}/moves", headers=bearer(tokens[mover]),
                     json={"option": len(mine["options"]), "expected_seq": seen[mover]["seq"]})
    assert moved.status_code == 201, moved.json
    now = other.get(f"/tables/{table}/view", headers=bearer(tokens[mover])).json
    assert now["seq"] == moved.json["seq"] > seen[mover]["seq"]
    assert now == expected(TableStore(redis_client), table, mover)


def test_an_unknown_table_is_404_whether_or_not_a_copy_was_kept(client):
    assert client.get("/tables/nosuchtable/view").status_code == 404


def test_a_rollback_asked_after_the_view_was_kept_shows_in_the_next_view(client, redis_client):
    """Asking and answering a rollback do not move the seq, so the copy kept by seq must not hide them."""
    from tests.helpers import make_table, play
    store = TableStore(redis_client)
    table, tokens = make_table(client)
    start = client.get(f"/tables/{table}/view", headers=bearer(tokens["north"])).json["seq"]
    play(client, table, tokens, "north", option=1)
    play(client, table, tokens, "south", option=3)
    before = {seat: client.get(f"/tables/{table}/view", headers=bearer(token)).json for seat, token in tokens.items()}
    assert before["north"]["rollback"] is None and before["south"]["rollback"] is None
    asked = client.post(f"/tables/{table}/rollback", json={"to_seq": start, "reason": "misread"},
                        headers=bearer(tokens["north"])).json
    for seat, token in tokens.items():
        now = client.get(f"/tables/{table}/view", headers=bearer(token)).json
        assert now["seq"] == before[seat]["seq"]
        assert now["rollback"] == {"id": asked["request"]["id"], "asked_by": "north", "to_seq": start,
                                   "reason": "misread", "asked_at": asked["request"]["asked_at"], "agreed": [],
                                   "waiting_on": ["south"], "expires_at": asked["request"]["asked_at"] + 72 * 3600}
        assert now == expected(store, table, seat)
        assert not {"voters", "votes", "at_seq", "seed"} & set(now["rollback"])
    assert "rollback" not in client.get(f"/tables/{table}/view").json        # an observer is not told
    refused = client.post(f"/tables/{table}/rollback/{asked['request']['id']}/refuse", headers=bearer(tokens["south"]))
    assert refused.status_code == 200
    assert client.get(f"/tables/{table}/view", headers=bearer(tokens["north"])).json["rollback"] is None
