"""The team channel (issue 14): GET/POST /tables/{id}/team and the seat page's box; a team reads
its own messages only; a game without teams has no channel; a message is kept once per email."""

from store import TableStore
from tables import load, team_channel
from tests.helpers import bearer, make_table

PLAYERS = {"southwest": {"name": "Sara", "email": "sara@example.org"},
           "northeast": {"name": "Nils", "email": "nils@example.org"},
           "southeast": {"name": "Sven", "email": "sven@example.org"},
           "northwest": {"name": "Nora", "email": "nora@example.org"}}


def famiglia(client):
    answer = client.post("/tables", json={"game": "lafamiglia", "seats": PLAYERS})
    assert answer.status_code == 201, answer.json
    return answer.json["id"], {s: v["token"] for s, v in answer.json["seats"].items()}


def test_a_message_reaches_the_team_only(client, run_worker, smtp_server):
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
    mails = {seat: [m for m in smtp_server.inbox.to(info["email"]) if m["X-PBEM-Kind"] == "team_message"]
             for seat, info in PLAYERS.items()}
    assert [len(mails[s]) for s in PLAYERS] == [0, 0, 1, 0]          # the partner only
    assert "then Licata" in smtp_server.inbox.text(mails["southeast"][0])


def test_refusals(client):
    table, tokens = famiglia(client)
    empty = client.post(f"/tables/{table}/team", json={"text": "   "}, headers=bearer(tokens["southwest"]))
    assert empty.status_code == 422 and empty.json["code"] == "empty_message"
    bell = client.post(f"/tables/{table}/team", json={"text": "ring\x07"}, headers=bearer(tokens["southwest"]))
    assert bell.status_code == 422
    duel, duel_tokens = make_table(client)
    refused = client.post(f"/tables/{duel}/team", json={"text": "hi"}, headers=bearer(duel_tokens["north"]))
    assert refused.status_code == 422 and refused.json["code"] == "no_team"
    assert client.get(f"/tables/nosuch/team", headers=bearer("x")).status_code == 404


def test_the_seat_page_box(client):
    table, tokens = famiglia(client)
    page = client.get(f"/play/{table}?token={tokens['northwest']}").get_data(as_text=True)
    assert 'id="seat-team"' in page and "Nils" in page               # the partner, named
    answer = client.post(f"/play/{table}/team", data={"token": tokens["northwest"], "text": "I hold Bronte"})
    assert answer.status_code == 303
    assert "I hold Bronte" in client.get(f"/play/{table}?token={tokens['northeast']}").get_data(as_text=True)
    other = client.get(f"/play/{table}?token={tokens['southeast']}").get_data(as_text=True)
    assert 'id="seat-team"' in other and "I hold Bronte" not in other
    assert 'id="seat-team"' not in client.get(f"/play/{table}").get_data(as_text=True)
    duel, duel_tokens = make_table(client)
    assert 'id="seat-team"' not in client.get(f"/play/{duel}?token={duel_tokens['north']}").get_data(as_text=True)


def test_one_email_posts_once(client, redis_client):
    table_id, _ = famiglia(client)
    store = TableStore(redis_client)
    table = load(store, table_id)
    first = team_channel.post(store, table, "southwest", "hello", 1.0, "email", idempotency="<m1@x>")
    again = team_channel.post(store, table, "southwest", "hello", 2.0, "email", idempotency="<m1@x>")
    assert first == again and len(team_channel.messages(store, table, "southeast")) == 1
    assert team_channel.addressed(["Team: attack", "Enna"]) == "attack\nEnna"
    assert team_channel.addressed(["2"]) is None
