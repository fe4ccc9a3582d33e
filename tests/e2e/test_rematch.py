"""A rematch (issue 21): a Clash match played to its end over the API, the game-over email's
rematch link pressed by one player, the other invited and accepting, the seats swapped, and the
rematch played to its first move."""

import tables
from games.core import Rng
from tests.gathering_helpers import ANN, BOB, kinds, latest_of, link, path, press

PLAYERS = {"mcworld": ANN, "jihad": BOB}


def play_to_the_end(client, run_worker, table, tokens, chooser):
    for _ in range(400):
        view = client.get(f"/tables/{table}/view").json
        if view["status"] == "finished":
            return view
        seat = view["prompts"][0]["seat"]
        mine = client.get(f"/tables/{table}/view", headers={"Authorization": f"Bearer {tokens[seat]}"}).json
        number = 1 + chooser.below(len(mine["prompts"][0]["options"]))
        moved = client.post(f"/tables/{table}/moves", json={"option": number, "expected_seq": view["seq"]},
                            headers={"Authorization": f"Bearer {tokens[seat]}"})
        assert moved.status_code == 201, moved.json
        run_worker()
    raise AssertionError("the match did not end")


def test_a_rematch_from_the_game_over_email_played_to_its_first_move(client, run_worker, smtp_server, store):
    created = client.post("/tables", json={"game": "clash", "options": {"match": "single"}, "seats": PLAYERS}).json
    table, tokens = created["id"], {s: v["token"] for s, v in created["seats"].items()}
    run_worker()
    play_to_the_end(client, run_worker, table, tokens, Rng(b"rematch", 0))
    inbox = smtp_server.inbox
    over = latest_of(inbox, ANN["email"], "game_over")
    rematch = link(inbox, over, "rematch")
    asked = press(client, rematch)
    assert asked.status_code == 200 and b"Rematch asked" in asked.data
    again = client.post(path(rematch))                       # a second press shows the same rematch
    assert again.status_code == 200 and b"asked already" in again.data
    run_worker()
    invitation = latest_of(inbox, BOB["email"], "gathering_invite")
    assert "a rematch of" in inbox.text(invitation) and f"#{table}" in inbox.text(invitation)
    assert "gathering_confirm" not in kinds(inbox, ANN["email"])    # Ann's link came to her address: no confirm
    press(client, link(inbox, invitation, "accept"))
    run_worker()
    new_table = str(invitation["X-PBEM-Table"])
    view = client.get(f"/tables/{new_table}/view").json
    assert view["status"] == "active"
    assert view["seats"]["jihad"]["name"] == "Ann" and view["seats"]["mcworld"]["name"] == "Bob"   # sides swapped
    assert tables.load(store, new_table).doc["options"] == tables.load(store, table).doc["options"]   # same options
    seat = view["prompts"][0]["seat"]
    who = {"jihad": ANN, "mcworld": BOB}[seat]
    token = link(inbox, latest_of(inbox, who["email"], "your_turn"), "play").split("token=")[1]
    moved = client.post(f"/tables/{new_table}/moves", json={"option": 1, "expected_seq": view["seq"]},
                        headers={"Authorization": f"Bearer {token}"})
    assert moved.status_code == 201, moved.json
