"""Whole solo games: the section 9 bot against a random US, to the end, with the invariants after
every event, the bot's hand and the face-down plots hidden from the US, and replay = live (the
log folds to the live state; re-running every move, the bot's own choices included, gives the
same log, as the platform's verify does)."""

import json
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core import Rng, fold
from games.labyrinth import GAME
from games.labyrinth import data as D
from tables.model import bot_rng
from tests.games.labyrinth.position_kit import JH, SYS, US, check

IDEOLOGIES = GAME.options["ideology"]["choices"]
SCENARIOS = GAME.options["scenario"]["choices"]
PLOT_VALUE = re.compile(r"\b[Pp]lot [123]\b|WMD plot")


def play_solo(seed: bytes, opts: dict, max_decisions: int = 4000):
    """A whole game; returns (log, decisions [(seat, move, position)], final state)."""
    log = GAME.start(GAME.resolve_options(opts, bots={"jihadist": "jihadist"}), list(GAME.seats), Rng(seed, 0))
    state = fold(GAME, json.loads(json.dumps(log)))
    decisions = []
    for _ in range(max_decisions):
        asked = GAME.prompts(state)
        if not asked:
            break
        (seat, prompt), = asked.items()
        position = len(log)
        if seat == JH:
            move = GAME.bots["jihadist"](state, JH, bot_rng(seed, position))
            _hidden_in_reason(state, move.get("reason", ""))
        elif seat == SYS:
            move = prompt["options"][0]["move"]
        else:
            move = prompt["options"][Rng(seed + b"/us", position).below(len(prompt["options"]))]["move"]
        events = GAME.decide(state, seat, move, Rng(seed, position))
        for event in events:
            seen = GAME.redact(event, US)
            assert GAME.describe(seen)
            if event["type"] == "dealt" and event["seat"] == JH or \
                    event["type"] == "cards_moved" and event["to"] == JH and US not in event.get("secret", [US]):
                assert "cards" not in seen, seen                  # the stack's cards: never to the US
            state = GAME.evolve(state, event)
            check(state)
            assert isinstance(GAME.view(state, US)["hands"]["jihadist"], int)
        decisions.append((seat, move, position))
        log += events
    else:
        raise AssertionError("the game did not end")
    return log, decisions, state


def _hidden_in_reason(state, reason: str) -> None:
    """The bot's reason is public: it never names a card of its hand (but the one it plays), nor
    the value of a face-down plot marker."""
    playing = (state["in_play"] or {}).get("card")
    for card in state["hands"]["jihadist"]:
        if card != playing and card not in state["discard"]:
            assert f"{card} {D.card_name(card)}" not in reason, reason
    assert not PLOT_VALUE.search(reason), reason


def rerun(seed: bytes, opts: dict, log: list, decisions: list) -> None:
    """verify: the same moves (the bot asked again) give the same events."""
    first = GAME.start(GAME.resolve_options(opts, bots={"jihadist": "jihadist"}), list(GAME.seats), Rng(seed, 0))
    state = fold(GAME, json.loads(json.dumps(first)))
    at = len(first)
    for seat, move, position in decisions:
        assert position == at
        if seat == JH:
            assert GAME.bots["jihadist"](state, JH, bot_rng(seed, position)) == move
        events = GAME.decide(state, seat, move, Rng(seed, position))
        assert events == log[at:at + len(events)]
        state = fold(GAME, json.loads(json.dumps(events)), state)
        at += len(events)
    assert at == len(log)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.binary(min_size=2, max_size=6), ideology=st.sampled_from(IDEOLOGIES),
       scenario=st.sampled_from(SCENARIOS), mini=st.sampled_from(["off", "on"]))
def test_random_solo_games_end_with_the_invariants_and_replay_equals_live(seed, ideology, scenario, mini):
    opts = {"ideology": ideology, "scenario": scenario, "mini_decks": mini}
    log, decisions, live = play_solo(seed, opts)
    assert GAME.result(live) is not None
    assert fold(GAME, json.loads(json.dumps(log))) == live
    assert any(e["type"] == "reason" for e in log)
    rerun(seed, opts, log, decisions)


def test_a_two_deck_solo_game_with_every_ideology_level_reaches_its_end():
    for i, ideology in enumerate(IDEOLOGIES):
        _, _, live = play_solo(bytes([i, 42]), {"ideology": ideology, "decks": 1 + i % 2})
        result = GAME.result(live)
        assert result["winner"] in (US, JH) and result["text"]
