"""Random games played to the end through games.labyrinth alone: invariants after every event,
replay, determinism, decide never changing its input, hidden information in views."""

import copy
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core import Rng, fold
from games.labyrinth import GAME, setup
from games.labyrinth import describe as describe_mod
from games.labyrinth import evolve as evolve_mod
from tests.games.labyrinth.labyrinth_kit import check

MAX_STEPS = 6000  # a 1-deck game is about 700 decisions at most in random play


def choose(prompt: dict, seat: str, rng: Rng, eager: bool) -> dict:
    """A random listed option; an eager player leans toward the deep corners (the Jihadist
    Recruits, Plots and declares Major Jihad rather than Travel; the US Disrupts less)."""
    opts = prompt["options"]
    if eager and seat == "jihadist":
        good = [o for o in opts if o["move"].get("op") not in ("travel", "reserves")]
        if good and rng.below(4):
            opts = good
        opts = [o for o in opts if "major" in o["move"]] or opts
    elif eager and seat == "us":
        good = [o for o in opts if o["move"].get("op") != "disrupt"]
        if good and rng.below(3):
            opts = good
    return opts[rng.below(len(opts))]["move"]


def start(opts: dict, seed: bytes) -> list:
    """The setup events, card events off unless opts say "on" (which goes in directly while it is
    not a players' choice)."""
    opts = dict({"events": "off"}, **opts)
    if opts["events"] == "on" and "on" not in GAME.options["events"]["choices"]:
        resolved = GAME.resolve_options({k: v for k, v in opts.items() if k != "events"})
        return setup.start(dict(resolved, events="on"), Rng(seed, 0))
    return GAME.start(opts, list(GAME.seats), Rng(seed, 0))


def play_game(seed: bytes, opts: dict, deep: bool = False, every_option: bool = False, eager: bool = False):
    """Play a whole game with random listed options; return (moves, events, final state)."""
    log = start(opts, seed)
    state = fold(GAME, copy.deepcopy(log))
    check(state)
    moves = []
    for _ in range(MAX_STEPS):
        asked = GAME.prompts(state)
        if not asked:
            break
        assert GAME.result(state) is None
        assert len(asked) == 1
        (seat, prompt), = asked.items()
        assert prompt["options"], prompt
        assert all(o["label"] and isinstance(o["move"], dict) for o in prompt["options"])
        if seat == "system":
            assert len(prompt["options"]) == 1, prompt
        if every_option:
            for option in prompt["options"]:
                assert GAME.decide(state, seat, option["move"], Rng(seed, len(log)))
        move = choose(prompt, seat, Rng(seed + b"/player", len(log)), eager)
        before = copy.deepcopy(state) if deep else json.dumps(state, sort_keys=True)
        events = GAME.decide(state, seat, move, Rng(seed, len(log)))
        assert (state if deep else json.dumps(state, sort_keys=True)) == before, "decide changed its input"
        assert events and json.loads(json.dumps(events)) == events
        for event in events:
            line = GAME.describe(event)
            assert isinstance(line, str) and line and line != event["type"], event
            for who in ("us", "jihadist", None):
                assert GAME.describe(GAME.redact(event, who))
            state = GAME.evolve(state, event)
            if state.get("deck") or state.get("hands"):
                check(state)
        moves.append((seat, move))
        log += events
    else:
        raise AssertionError("the game did not end")
    result = GAME.result(state)
    assert result is not None and result["winner"] in ("us", "jihadist") and result["text"]
    assert GAME.prompts(state) == {}
    assert json.loads(json.dumps(state)) == state
    return moves, log, state


SCENARIOS = GAME.options["scenario"]["choices"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.binary(min_size=1, max_size=8), scenario=st.sampled_from(SCENARIOS), eager=st.booleans())
def test_random_one_deck_games_keep_the_invariants(seed, scenario, eager):
    play_and_replay(seed, {"scenario": scenario, "decks": 1}, eager)


def play_and_replay(seed: bytes, opts: dict, eager: bool) -> None:
    """A random game (the invariants checked after every event); then replaying its events gives
    the live state, and the same seed and moves give the same events."""
    moves, log, state = play_game(seed, opts, eager=eager)
    assert fold(GAME, copy.deepcopy(log)) == state
    replay = start(opts, seed)
    live = fold(GAME, copy.deepcopy(replay))
    for seat, move in moves:
        events = GAME.decide(live, seat, move, Rng(seed, len(replay)))
        for event in events:
            live = GAME.evolve(live, event)
        replay += events
    assert replay == log


def test_many_games_of_every_length_end():
    for i in range(24):
        opts = {"scenario": SCENARIOS[i % 4], "decks": 1 + i % 3}
        _, _, state = play_game(f"len-{i}".encode(), opts, eager=bool(i % 2))
        assert state["deck_no"] <= opts["decks"]


def test_decide_never_changes_its_input_deep():
    play_game(b"deep", {}, deep=True)


def test_every_listed_option_is_accepted():
    for i in range(3):
        play_game(f"all-{i}".encode(), {"scenario": SCENARIOS[i]}, every_option=True)


def test_views_hide_hands_deck_and_plots():
    seen_plot = False
    for i in range(6):
        _, log, _ = play_game(f"views-{i}".encode(), {})
        seen_plot |= _check_views(log)
    assert seen_plot


def _check_views(log) -> bool:
    # walk the game again and look at every seat's view of every position
    live = None
    seen_plot = False
    for event in log:
        live = GAME.evolve(live, event)
        if live.get("deck") is None or not live["hands"]["us"]:
            continue
        for seat in ("us", "jihadist", None):
            v = GAME.view(live, seat)
            assert isinstance(v["deck"], int)
            for other in ("us", "jihadist"):
                if other != seat:
                    assert v["hands"][other] == len(live["hands"][other])
                else:
                    assert [c["card"] for c in v["hands"][other]] == sorted(live["hands"][other])
            for p in v["plots"]:
                seen_plot = True
                assert (p["value"] is not None) == (seat == "jihadist")
            assert isinstance(v["available_plots"], list) == (seat == "jihadist")
            json.dumps(v)
    return seen_plot


def test_redacted_events_hide_cards_and_plots():
    _, log, _ = play_game(b"redact", {})
    for event in log:
        for seat in ("us", "jihadist", None):
            r = GAME.redact(event, seat)
            if event["type"] == "dealt" and event["seat"] != seat:
                assert "cards" not in r and r["count"] == len(event["cards"])
            if event["type"] in ("shuffled", "reshuffled"):
                assert "deck" not in r
            if event["type"] == "plot_placed" and seat != "jihadist":
                assert "value" not in r
            assert GAME.describe(r)


def test_every_event_type_has_a_description_and_a_handler():
    assert set(evolve_mod.HANDLERS) | {"setup"} == set(describe_mod.LINES)
