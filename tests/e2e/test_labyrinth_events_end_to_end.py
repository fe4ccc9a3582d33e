"""Labyrinth with events (the default), end to end: an event hands a decision to the side that is
not in its action phase; that side is emailed for it and answers; the game ends and verifies."""

import requests

from games.core import Rng

PLAYERS = {"us": {"name": "Uma", "email": "uma@example.org"},
           "jihadist": {"name": "Jay", "email": "jay@example.org"}}


def turn_emails(inbox, seat):
    return [m for m in inbox.to(PLAYERS[seat]["email"]) if m["X-PBEM-Kind"] == "your_turn"]


def test_an_event_asks_the_other_side_which_is_emailed(live_server, run_worker, smtp_server):
    # each table has its own secret seed: a game whose cards ask nobody out of phase is played
    # to its end and verified all the same, and the next game is tried (three at most)
    chooser = Rng(b"events e2e", 0)
    for _ in range(3):
        if play_one(live_server, run_worker, smtp_server.inbox, chooser):
            return
    raise AssertionError("no event asked the side not in its phase in three games")


def play_one(live_server, run_worker, inbox, chooser):
    """A whole game by random options; the questions an event asked the side not in its phase."""
    created = requests.post(f"{live_server}/tables", json={"game": "labyrinth", "seats": PLAYERS}).json()
    table, tokens = created["id"], {s: v["token"] for s, v in created["seats"].items()}
    asked_out_of_phase, previous = [], None
    run_worker()
    for _ in range(4000):
        view = requests.get(f"{live_server}/tables/{table}/view").json()
        if view["status"] == "finished":
            break
        (seat,) = [p["seat"] for p in view["prompts"]]
        mine = requests.get(f"{live_server}/tables/{table}/view",
                            headers={"Authorization": f"Bearer {tokens[seat]}"}).json()
        prompt = mine["prompts"][0]
        if seat != previous and view["state"]["phase"] in PLAYERS and view["state"]["phase"] != seat:
            # the other side's action phase, yet this side is now asked: by an event
            last = [m for m in turn_emails(inbox, seat) if f"#{table} " in str(m["Subject"])][-1]
            assert f"move {view['seq']}." in inbox.text(last), "the side asked by an event was not emailed"
            assert prompt["text"] in inbox.text(last)
            asked_out_of_phase.append(prompt["text"])
        previous = seat
        options = prompt["options"]
        answer = requests.post(f"{live_server}/tables/{table}/moves",
                               json={"option": chooser.below(len(options)) + 1, "expected_seq": view["seq"]},
                               headers={"Authorization": f"Bearer {tokens[seat]}"})
        assert answer.status_code == 201, answer.json()
        after = answer.json()["view"]["prompts"]
        if not after or after[0]["seat"] != seat:
            run_worker()
    else:
        raise AssertionError("the game did not end")
    export = requests.get(f"{live_server}/tables/{table}/export").content
    report = requests.post(f"{live_server}/verify", data=export).json()
    assert report["ok"], report["problems"]
    return asked_out_of_phase
