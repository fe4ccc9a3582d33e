"""Following a table (its seq with an ETag) and replaying it drawn, as the seat page does."""

import time
import xml.etree.ElementTree as ET

import tables
from tests.helpers import bearer, make_table, play

CLASH = {"mcworld": {"name": "Ann", "email": "ann@example.org"}, "jihad": {"name": "Bob", "email": "bob@example.org"}}


def test_the_seq_answers_304_until_something_happens(client):
    table, tokens = make_table(client)
    first = client.get(f"/tables/{table}/seq")
    assert first.status_code == 200 and first.json == {"seq": 3}
    etag = first.headers["ETag"]
    assert client.get(f"/tables/{table}/seq", headers={"If-None-Match": etag}).status_code == 304
    play(client, table, tokens, "north")
    moved = client.get(f"/tables/{table}/seq", headers={"If-None-Match": etag})
    assert moved.status_code == 200 and moved.json == {"seq": 4} and moved.headers["ETag"] != etag
    gone = client.get("/tables/nosuchtable/seq")
    assert gone.status_code == 404 and gone.json["code"] == "unknown_table"


def test_a_replay_shows_only_the_bearers_own_view_until_the_end(client, store):
    table, tokens = make_table(client, target=5)
    south = bearer(tokens["south"])
    frame = client.get(f"/tables/{table}/replay/2", headers=south).json
    assert frame["viewer"] == "south" and frame["event"]["text"] == "north is dealt a card."
    assert "north" not in frame["state"]["cards"] and frame["picture"] is None and frame["board"]
    refused = client.get(f"/tables/{table}/replay/2?as=north", headers=south)
    assert refused.status_code == 403 and refused.json["code"] == "hidden_view"
    watched = client.get(f"/tables/{table}/replay/3?as=observer", headers=south).json
    assert watched["viewer"] == "observer" and watched["state"]["cards"] == {}
    assert client.get(f"/tables/{table}/replay/3?as=west", headers=south).json["code"] == "unknown_seat"
    for seq in (0, 4, 2**60):
        assert client.get(f"/tables/{table}/replay/{seq}", headers=south).status_code == 404
    play(client, table, tokens, "north", option=3)
    play(client, table, tokens, "south", option=3)      # 6 >= 5: the rules reveal the cards
    tables.advance(store, table, now=time.time())
    assert client.get(f"/tables/{table}/view").json["status"] == "finished"
    seen = client.get(f"/tables/{table}/replay/2?as=north", headers=south).json
    assert seen["viewer"] == "north" and "north" in seen["state"]["cards"]
    assert seen["event"]["text"].startswith("north is dealt a ") and seen["event"]["text"] != "north is dealt a card."


def test_pictures_step_with_the_seq(client, store):
    started = tables.start(store, "clash", {}, CLASH, time.time(), seed=b"replay pictures")
    table, token = started.table.id, started.tokens["jihad"]
    for _ in range(6):                      # jihad opens with Mustafa: field, facing; then play on
        view = client.get(f"/tables/{table}/view", headers=bearer(started.tokens["jihad"])).json
        seat = view["prompts"][0]["seat"]
        client.post(f"/tables/{table}/moves", json={"option": 1, "expected_seq": view["seq"]},
                    headers=bearer(started.tokens[seat]))
    last = client.get(f"/tables/{table}/seq").json["seq"]
    drawn = {}
    for seq in (1, last):
        answer = client.get(f"/tables/{table}/pictures/{seq}.svg", headers=bearer(token))
        assert answer.status_code == 200 and answer.mimetype == "image/svg+xml"
        assert "private" in answer.headers["Cache-Control"] and answer.headers["Vary"] == "Authorization"
        root = ET.fromstring(answer.get_data())
        drawn[seq] = {g.get("data-field"): g.get("data-state") for g in root.iter("{http://www.w3.org/2000/svg}g")
                      if g.get("data-field")}
    assert set(drawn[1].values()) == {"empty"} and len(drawn[1]) == 9
    assert any(state.startswith("up-") for state in drawn[last].values())
    frame = client.get(f"/tables/{table}/replay/{last}", headers=bearer(token)).json
    assert "<svg" in frame["picture"] and frame["event"]["seq"] == last


def test_a_game_without_a_picture_says_so(client):
    table, tokens = make_table(client)
    answer = client.get(f"/tables/{table}/pictures/1.svg", headers=bearer(tokens["north"]))
    assert answer.status_code == 404 and answer.json["code"] == "no_picture"
