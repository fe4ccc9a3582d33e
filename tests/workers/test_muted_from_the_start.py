"""A seat can be muted when its table is created (a player who plays through the API): it is sent
nothing, not even its invitation or first turn, and its policy reads as if it had been chosen
with PUT /tables/{id}/notifications; the other seats are emailed as usual."""

from tests.helpers import SEATS, bearer, play


def new_table(client, **notifications):
    seats = {seat: {**info, **({"notifications": notifications[seat]} if seat in notifications else {})}
             for seat, info in SEATS.items()}
    return client.post("/tables", json={"game": "duel", "options": {}, "seats": seats})


def test_seats_muted_at_creation_are_never_emailed(client, run_worker, smtp_server):
    answer = new_table(client, north="mute", south="mute")
    assert answer.status_code == 201, answer.json
    table, tokens = answer.json["id"], {s: v["token"] for s, v in answer.json["seats"].items()}
    run_worker()
    for seat in ("north", "south", "north"):
        play(client, table, tokens, seat)
        run_worker()
    assert smtp_server.inbox.messages == []
    for token in tokens.values():
        policy = client.get(f"/tables/{table}/notifications", headers=bearer(token)).json
        assert policy["policy"] == "mute"


def test_only_the_muted_seat_hears_nothing(client, run_worker, smtp_server):
    answer = new_table(client, north="mute")
    table, tokens = answer.json["id"], {s: v["token"] for s, v in answer.json["seats"].items()}
    run_worker()
    assert smtp_server.inbox.to("nora@example.org") == []
    assert [str(m["X-PBEM-Kind"]) for m in smtp_server.inbox.to("sam@example.org")] == ["invitation"]
    play(client, table, tokens, "north")                 # south's turn: emailed; north's next: not
    run_worker()
    assert [str(m["X-PBEM-Kind"]) for m in smtp_server.inbox.to("sam@example.org")] == ["invitation", "your_turn"]
    assert smtp_server.inbox.to("nora@example.org") == []


def test_a_policy_the_server_does_not_have_is_refused_and_nothing_is_made(client, redis_client):
    before = set(redis_client.scan_iter("t:*"))
    answer = new_table(client, north="loud")
    assert answer.status_code == 422
    assert set(redis_client.scan_iter("t:*")) == before


def test_a_bot_seat_cannot_be_muted(client):
    from tables.errors import Invalid
    from tables.start import notifications
    try:
        notifications({"north": {"bot": "random", "notifications": "mute"}}, {"north": {"bot": "random"}})
    except Invalid as refused:
        assert refused.code == "bad_policy" and "bot" in str(refused)
    else:
        raise AssertionError("a bot seat was muted")
