"""Taking a Labyrinth position out (``position(state)``, games/labyrinth/position.py ``take``): at the
start of every Action Phase of random games (two players and solo) that the format can carry, a
table started from it shows the same views and asks the same questions; a running table's
position leaves out the deck order, the other side's hand and face-down plots."""

import json

import pytest

from games.core import Rng, fold
from games.labyrinth import GAME

RUNS = [({"scenario": "lets_roll"}, {}), ({"scenario": "anaconda", "events": "off"}, {}),
        ({"scenario": "mission_accomplished"}, {"jihadist": "jihadist"})]


def run(opts, bots, seed, limit=700):
    opts = GAME.resolve_options(opts, bots=bots)
    log = GAME.start(opts, list(GAME.seats), Rng(seed, 0))
    state = fold(GAME, json.loads(json.dumps(log)))
    yield opts, state
    for _ in range(limit):
        asked = GAME.prompts(state)
        if not asked:
            return
        seat = sorted(asked)[0]
        if seat in bots:
            move = GAME.bots[bots[seat]](state, seat, Rng(b"bot", len(log)))
        else:
            options = asked[seat]["options"]
            move = options[Rng(seed + b"/p", len(log)).below(len(options))]["move"]
        events = GAME.decide(state, seat, move, Rng(seed, len(log)))
        log += events
        state = fold(GAME, json.loads(json.dumps(events)), state)
        yield opts, state


@pytest.mark.parametrize("opts, bots", RUNS)
def test_a_position_taken_at_an_action_phase_starts_the_same_game(opts, bots):
    seen = 0
    for seed in (b"x", b"y", b"z"):
        for resolved, state in run(opts, bots, seed):
            pos = GAME.position(state)
            if pos is None:
                continue
            seen += 1
            given = GAME.resolve_options({**{k: v for k, v in resolved.items() if k != "solo"}, "position": pos},
                                         bots=bots)
            events = GAME.start(given, list(GAME.seats), Rng(b"again", 0))
            again = fold(GAME, json.loads(json.dumps(events)))
            for seat in (*GAME.seats, None):
                assert GAME.view(again, seat) == GAME.view(state, seat)
            assert GAME.prompts(again) == GAME.prompts(state)
            assert GAME.position(again) == pos
    assert seen >= 3


def test_a_running_tables_position_hides_the_deck_the_other_hand_and_face_down_plots():
    for resolved, state in run({"scenario": "lets_roll"}, {}, b"x"):
        pos = GAME.position(state)
        if pos and pos["hands"]["us"] and pos["hands"]["jihadist"]:
            break
    shown, hidden = GAME.position_for(pos, "us")
    assert "deck" not in shown and shown["hands"] == {"us": pos["hands"]["us"], "jihadist": []}
    assert "deck" in hidden and "hands.jihadist" in hidden
    assert all(p.get("face_up") for p in shown["plots"])
    seen, _ = GAME.position_for(pos, "jihadist")
    assert seen["plots"] == pos["plots"] and seen["hands"]["us"] == []
