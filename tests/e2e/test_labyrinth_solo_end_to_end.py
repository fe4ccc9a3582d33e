"""A solo Labyrinth table over HTTP: the US player moves, the worker plays the section 9 Jihadist
bot, the game reaches its end and its export verifies; the US is told what the bot did and why,
and never sees the bot's stack."""

import re

import requests

from games.core import Rng

US_PLAYER = {"name": "Uma", "email": "uma@example.org"}
IMPLEMENTATION = re.compile(r"(?i)\bseeds\b|lwotai|sellmer|tharkad|provisional|\w\.py\b|\w\.json\b|section 9")
BARE_RULE = re.compile(r"(?<!rule )(?<![\d.])\d\.\d+(\.\d+)*(?![\d.])")


def test_a_solo_table_against_the_jihadist_bot_to_the_end(live_server, run_worker, smtp_server):
    created = requests.post(f"{live_server}/tables", json={
        "game": "labyrinth", "options": {"ideology": "virulent"},
        "seats": {"us": US_PLAYER, "jihadist": {"bot": "jihadist"}}})
    assert created.status_code == 201, created.json()
    table, token = created.json()["id"], created.json()["seats"]["us"]["token"]
    auth = {"Authorization": f"Bearer {token}"}
    chooser, moves = Rng(b"solo e2e", 0), 0
    run_worker()
    for _ in range(2000):
        view = requests.get(f"{live_server}/tables/{table}/view", headers=auth).json()
        if view["status"] == "finished":
            break
        (prompt,) = view["prompts"]
        assert prompt["seat"] == "us", "the worker left a bot's or the rules' step for the player"
        assert isinstance(view["state"]["hands"]["jihadist"], int)          # the stack stays face down
        option = chooser.below(len(prompt["options"])) + 1
        answer = requests.post(f"{live_server}/tables/{table}/moves", headers=auth,
                               json={"option": option, "expected_seq": view["seq"]})
        assert answer.status_code == 201, answer.json()
        moves += 1
        after = answer.json()["view"]["prompts"]
        if not after or after[0]["seat"] != "us":
            run_worker()
    else:
        raise AssertionError("the solo game did not end")
    assert view["state"]["options"]["solo"] is True and moves > 10
    log = requests.get(f"{live_server}/tables/{table}/log", headers=auth).json()["events"]
    bot_moves = [e for e in log if e["by"] == "jihadist"]
    reasons = [e["event"]["text"] for e in bot_moves if e["event"]["type"] == "reason"]
    assert bot_moves and reasons and all(". " not in r and not BARE_RULE.search(r) for r in reasons)   # one sentence
    assert any("(rule 9.4.1)" in r for r in reasons)                       # the rule only where it helps
    emails = [smtp_server.inbox.text(m) for m in smtp_server.inbox.to(US_PLAYER["email"])]
    turns = [m for m in smtp_server.inbox.to(US_PLAYER["email"]) if m["X-PBEM-Kind"] == "your_turn"]
    assert any("(rule 9.4.1)" in smtp_server.inbox.text(m) for m in turns), "the US email does not say why"
    for text in emails:                                                    # in a player's words (issue 22)
        assert not IMPLEMENTATION.search(text) and "Jihadist bot:" not in text, IMPLEMENTATION.search(text) or text
    export = requests.get(f"{live_server}/tables/{table}/export").content
    report = requests.post(f"{live_server}/verify", data=export).json()
    assert report["ok"], report["problems"]


def test_the_jihadist_bot_stands_in_for_a_jihadist_out_of_time(store):
    # on_timeout "bot" at a two-player table: the section 9 bot plays the Jihadist's turn
    import tables
    from tables import model
    from tables.advance import STAND_IN, stand_in
    seats = {"us": US_PLAYER, "jihadist": {"name": "Jay", "email": "jay@example.org"}}
    table = tables.start(store, "labyrinth", {}, seats, 1000.0, seed=b"stand in" * 4, on_timeout="bot").table
    edge = store.waiting(table.id)["jihadist"]
    before = model.load(store, table.id)
    first = before.game.bots["jihadist"](before.state, "jihadist", before.bot_rng())
    after, taken = stand_in(store, table.id, "jihadist", edge, now=2000.0)
    assert taken and "jihadist" not in after.prompts() and "reason" not in first
    assert taken[0]["move"] == first and all(e["cmd"].startswith(STAND_IN) for e in taken if "cmd" in e)


def test_the_solo_options_and_the_bots_seat_are_checked_at_creation(client):
    human = {"name": "Jay", "email": "jay@example.org"}
    cases = [({"ideology": "potent"}, {"jihadist": human}, "solo_only"),
             ({}, {"jihadist": human, "us": {"bot": "jihadist"}}, "bot_seat"),
             ({"position": {"countries": {"Iraq": {"sleeper": 16}}}}, {"jihadist": {"bot": "jihadist"}}, "bad_position")]
    for options, seats, code in cases:
        answer = client.post("/tables", json={"game": "labyrinth", "options": options, "seats": {"us": US_PLAYER, **seats}})
        assert 400 <= answer.status_code < 500 and answer.json["code"] == code, answer.json
        assert answer.json["message"]
