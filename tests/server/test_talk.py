"""Talk at a table (issues 14 and 22): GET/POST /tables/{id}/chat (every seat), /team (a team
only) and /notes (the seat only), and the seat page's boxes; a team reads its own messages only,
a game without teams has no team channel (a co-op game's team is the table), a note is never read
by another seat (view, log, export, page), a message is kept once per email."""

import json

from store import TableStore
from tables import load, talk
from tests.helpers import bearer, make_table

PLAYERS = {"southwest": {"name": "Sara", "email": "sara@example.org"},
           "northeast": {"name": "Nils", "email": "nils@example.org"},
           "southeast": {"name": "Sven", "email": "sven@example.org"},
           "northwest": {"name": "Nora", "email": "nora@example.org"}}


def famiglia(client):
    answer = client.post("/tables", json={"game": "lafamiglia", "seats": PLAYERS})
    assert answer.status_code == 201, answer.json
    return answer.json["id"], {s: v["token"] for s, v in answer.json["seats"].items()}


def kinds(smtp_server, address, kind):
    return [m for m in smtp_server.inbox.to(address) if m["X-PBEM-Kind"] == kind]


def test_a_team_message_reaches_the_team_only(client, run_worker, smtp_server):
    table, tokens = famiglia(client)
    sent = client.post(f"/tables/{table}/team", json={"text": "Enna first,\nthen Licata"},
                       headers=bearer(tokens["southwest"]))
    assert sent.status_code == 201
    assert sent.json["team"] == "south" and sent.json["partners"] == ["southeast"]
    assert [m["text"] for m in sent.json["messages"]] == ["Enna first,\nthen Licata"]
    for seat, expected in (("southeast", 1), ("southwest", 1), ("northeast", 0), ("northwest", 0)):
        got = client.get(f"/tables/{table}/team", headers=bearer(tokens[seat])).json
        assert len(got["messages"]) == expected, seat
    assert client.get(f"/tables/{table}/team?since=1", headers=bearer(tokens["southeast"])).json["messages"] == []
    assert client.get(f"/tables/{table}/team").status_code == 401
    run_worker()
    assert [len(kinds(smtp_server, p["email"], "team_message")) for p in PLAYERS.values()] == [0, 0, 1, 0]
    partner = kinds(smtp_server, "sven@example.org", "team_message")[0]
    assert "then Licata" in smtp_server.inbox.text(partner) and partner["Reply-To"].startswith("play+")


def test_the_table_talk_reaches_every_other_player(client, run_worker, smtp_server):
    table, tokens = famiglia(client)
    sent = client.post(f"/tables/{table}/chat", json={"text": "Good luck, all; may the best family win"},
                       headers=bearer(tokens["northwest"]))
    assert sent.status_code == 201 and sent.json["readers"] == ["southwest", "northeast", "southeast"]
    for seat in PLAYERS:
        messages = client.get(f"/tables/{table}/chat", headers=bearer(tokens[seat])).json["messages"]
        assert [(m["name"], m["text"], m["kind"]) for m in messages] == \
            [("Nora", "Good luck, all; may the best family win", "say")]
    assert client.get(f"/tables/{table}/chat").status_code == 401          # an observer reads none
    run_worker()
    assert [len(kinds(smtp_server, p["email"], "table_message")) for p in PLAYERS.values()] == [1, 1, 1, 0]
    mail = kinds(smtp_server, "sara@example.org", "table_message")[0]
    assert "may the best family win" in smtp_server.inbox.text(mail) and mail["Reply-To"]


def test_notes_are_the_seats_own(client, run_worker, smtp_server):
    table, tokens = famiglia(client)
    kept = client.post(f"/tables/{table}/notes", json={"text": "Nils bluffs with zdrada"},
                       headers=bearer(tokens["southwest"]))
    assert kept.status_code == 201 and [n["text"] for n in kept.json["notes"]] == ["Nils bluffs with zdrada"]
    assert client.get(f"/tables/{table}/notes", headers=bearer(tokens["southeast"])).json["notes"] == []
    run_worker()
    before = len(smtp_server.inbox.messages)
    for seat, token in tokens.items():
        if seat == "southwest":
            continue
        page = client.get(f"/play/{table}?token={token}").get_data(as_text=True)
        texts = [json.dumps(client.get(f"/tables/{table}/{what}", headers=bearer(token)).json)
                 for what in ("view", "log", "export", "chat", "team", "notes")]
        assert all("bluffs" not in text for text in [page, *texts]), seat
    assert "bluffs" not in client.get(f"/play/{table}").get_data(as_text=True)
    assert "bluffs" in client.get(f"/play/{table}?token={tokens['southwest']}").get_data(as_text=True)
    run_worker()
    assert len(smtp_server.inbox.messages) == before                       # a note is never emailed


def test_refusals(client):
    table, tokens = famiglia(client)
    empty = client.post(f"/tables/{table}/team", json={"text": "   "}, headers=bearer(tokens["southwest"]))
    assert empty.status_code == 422 and empty.json["code"] == "empty_message"
    bell = client.post(f"/tables/{table}/chat", json={"text": "ring\x07"}, headers=bearer(tokens["southwest"]))
    assert bell.status_code == 422
    long = client.post(f"/tables/{table}/notes", json={"text": "x" * 4001}, headers=bearer(tokens["southwest"]))
    assert long.status_code == 422
    duel, duel_tokens = make_table(client)
    refused = client.post(f"/tables/{duel}/team", json={"text": "hi"}, headers=bearer(duel_tokens["north"]))
    assert refused.status_code == 422 and refused.json["code"] == "no_team" and "chat" in refused.json["message"]
    assert client.post(f"/tables/{duel}/chat", json={"text": "hi"}, headers=bearer(duel_tokens["north"])).status_code == 201
    assert client.get("/tables/nosuch/chat", headers=bearer("x")).status_code == 404


def test_the_seat_page_boxes(client):
    table, tokens = famiglia(client)
    page = client.get(f"/play/{table}?token={tokens['northwest']}").get_data(as_text=True)
    assert 'id="seat-talk"' in page and 'id="seat-team"' in page and "Nils" in page     # the partner, named
    for kind, text in (("team", "I hold Bronte"), ("say", "Hello, table"), ("note", "remember Enna")):
        answer = client.post(f"/play/{table}/talk", data={"token": tokens["northwest"], "kind": kind, "text": text})
        assert answer.status_code == 303 and answer.location.endswith("#seat-talk")
    partner = client.get(f"/play/{table}?token={tokens['northeast']}").get_data(as_text=True)
    assert "I hold Bronte" in partner and "Hello, table" in partner and "remember Enna" not in partner
    other = client.get(f"/play/{table}?token={tokens['southeast']}").get_data(as_text=True)
    assert "I hold Bronte" not in other and "Hello, table" in other
    assert 'id="seat-talk"' not in client.get(f"/play/{table}").get_data(as_text=True)        # an observer
    as_json = client.post(f"/play/{table}/talk", data={"token": tokens["northwest"], "kind": "say", "text": "again",
                                                        "since": "1"}, headers={"Accept": "application/json"})
    assert [m["text"] for m in as_json.json["messages"]] == ["again"]
    bad = client.post(f"/play/{table}/talk", data={"token": tokens["northwest"], "kind": "say", "text": " "},
                      headers={"Accept": "application/json"})
    assert bad.status_code == 422 and bad.json["code"] == "empty_message"
    duel, duel_tokens = make_table(client)
    mine = client.get(f"/play/{duel}?token={duel_tokens['north']}").get_data(as_text=True)
    assert 'id="seat-talk"' in mine and 'id="seat-team"' not in mine


def test_one_email_posts_once_and_a_coop_team_is_the_table(client, redis_client):
    table_id, _ = famiglia(client)
    store = TableStore(redis_client)
    table = load(store, table_id)
    first = talk.post(store, table, "southwest", talk.TEAM, "hello", 1.0, "email", idempotency="<m1@x>")
    again = talk.post(store, table, "southwest", talk.TEAM, "hello", 2.0, "email", idempotency="<m1@x>")
    assert first == again and len(talk.messages(store, table, "southeast", talk.TEAM)) == 1
    created = client.post("/tables", json={"game": "jaggedalliance", "options": {"players": 2, "scenario": "1"},
                                           "seats": {"merc1": PLAYERS["southwest"], "merc2": PLAYERS["northeast"]}})
    jagged = load(store, created.json["id"])
    said = talk.post(store, jagged, "merc1", talk.TEAM, "I take the left flank", 1.0, "page")
    assert said["kind"] == talk.SAY and talk.readers(jagged, "merc1", talk.TEAM) == ["merc2"]
    assert [m["text"] for m in talk.messages(store, jagged, "merc2", talk.SAY)] == ["I take the left flank"]
