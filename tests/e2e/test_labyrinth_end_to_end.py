"""A whole 1-deck Labyrinth game over HTTP: the worker resolves plots, each side is emailed."""

import requests

from games.core import Rng

PLAYERS = {"us": {"name": "Uma", "email": "uma@example.org"},
           "jihadist": {"name": "Jay", "email": "jay@example.org"}}


def pick(seat, options, chooser):
    """The Jihadist plots or recruits when it can, so the game lasts; otherwise a random choice."""
    if seat == "jihadist":
        for word in ("Plot", "Recruit"):
            found = [i for i, o in enumerate(options, 1) if o["label"].startswith(word)]
            if found:
                return found[0]
    return chooser.below(len(options)) + 1


def turn_emails(inbox, seat):
    return [m for m in inbox.to(PLAYERS[seat]["email"]) if m["X-PBEM-Kind"] == "your_turn"]


def test_a_whole_one_deck_game_with_plots_resolved_by_the_worker(live_server, run_worker, smtp_server):
    created = requests.post(f"{live_server}/tables", json={"game": "labyrinth", "seats": PLAYERS}).json()
    table, tokens = created["id"], {s: v["token"] for s, v in created["seats"].items()}
    inbox, chooser, waited = smtp_server.inbox, Rng(b"labyrinth e2e", 0), None
    run_worker()
    for _ in range(3000):
        view = requests.get(f"{live_server}/tables/{table}/view").json()
        if view["status"] == "finished":
            break
        (seat,) = [p["seat"] for p in view["prompts"]]
        assert seat in PLAYERS, "a system step was left for the players: the worker must run it"
        if seat != waited:                                     # a new edge: that side was emailed
            assert turn_emails(inbox, seat), f"{seat} was not emailed"
            text = inbox.text(turn_emails(inbox, seat)[-1])
            # the hand: listed in the brief, or as the question's options, each card with what it does
            assert f"move {view['seq']}." in text and any(w in text for w in ("Your hand (", "which card do you play?",
                                                                      "your last card"))
            waited = seat
        mine = requests.get(f"{live_server}/tables/{table}/view",
                            headers={"Authorization": f"Bearer {tokens[seat]}"}).json()
        option = pick(seat, mine["prompts"][0]["options"], chooser)
        answer = requests.post(f"{live_server}/tables/{table}/moves", json={"option": option,
                               "expected_seq": view["seq"]}, headers={"Authorization": f"Bearer {tokens[seat]}"})
        assert answer.status_code == 201, answer.json()
        after = answer.json()["view"]["prompts"]
        if not after or after[0]["seat"] != seat:              # the turn passed: the worker's part
            run_worker()
    else:
        raise AssertionError("the game did not end")
    log = requests.get(f"{live_server}/tables/{table}/log").json()["events"]
    resolutions = [e for e in log if e["by"] == "system" and e["seq"] > 1 and "move" in e]
    assert len(resolutions) >= 5, "the worker resolved no plots"
    for seat in PLAYERS:
        over = [m for m in inbox.to(PLAYERS[seat]["email"]) if m["X-PBEM-Kind"] == "game_over"]
        assert len(over) == 1
    export = requests.get(f"{live_server}/tables/{table}/export").content
    report = requests.post(f"{live_server}/verify", data=export).json()
    assert report["ok"], report["problems"]


def test_the_jihadist_hand_stays_hidden_from_the_us_in_view_log_export_and_email(live_server, run_worker, smtp_server):
    created = requests.post(f"{live_server}/tables", json={"game": "labyrinth", "seats": PLAYERS}).json()
    table, tokens = created["id"], {s: v["token"] for s, v in created["seats"].items()}
    run_worker()
    jihadist = requests.get(f"{live_server}/tables/{table}/view",
                            headers={"Authorization": f"Bearer {tokens['jihadist']}"}).json()
    us = requests.get(f"{live_server}/tables/{table}/view", headers={"Authorization": f"Bearer {tokens['us']}"}).json()
    own_cards = {o["label"].split(" ")[0] for o in jihadist["prompts"][0]["options"]}
    assert own_cards and all(c.isdigit() for c in own_cards)
    us_text = str(us) + requests.get(f"{live_server}/tables/{table}/log",
                                     headers={"Authorization": f"Bearer {tokens['us']}"}).text
    us_text += requests.get(f"{live_server}/tables/{table}/export",
                            headers={"Authorization": f"Bearer {tokens['us']}"}).text
    us_text += "".join(smtp_server.inbox.text(m) for m in smtp_server.inbox.to("uma@example.org"))
    names = {o["label"].split(" (")[0] for o in jihadist["prompts"][0]["options"]}
    for name in names:                                         # "50 Ansar al-Islam"
        assert name not in us_text, f"the US can see the Jihadist's card {name}"
