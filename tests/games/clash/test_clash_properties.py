"""Random play through games.clash alone: invariants after every event, replay, determinism."""

import copy
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.clash import GAME
from games.clash.board import SEATS
from games.core import Rng, fold
from tests.games.clash.clash_kit import all_tiles
from games.clash.tiles import ALL_TILES

MAX_STEPS = 2500  # 3 games x 100 placements (the cap) x at most 8 decisions per placement


def check(state):
    """32 tiles accounted for, at most 9 on a 3x3 board, every face-up tile supports one player."""
    assert sorted(all_tiles(state)) == ALL_TILES
    board = state["board"]
    assert len(board) == 9
    for cell in board:
        if cell is not None:
            assert cell["s"] in SEATS
            assert cell["d"] is None or cell["d"] in SEATS


def play_match(seed: bytes, opts: dict, eager: bool, check_all_options: bool = False, deep: bool = True):
    """Play a whole match with random listed options; return (moves, events, final state)."""
    log = GAME.start(opts, list(GAME.seats), Rng(seed, 0))
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
        player = Rng(seed + b"/player", len(log))  # the random player's own choice
        pool = prompt["options"]
        if eager:  # prefer using effects, to reach the deep corners more often
            pool = [o for o in pool if o["move"] != {"use": False}] or pool
        move = pool[player.below(len(pool))]["move"]
        if check_all_options:
            for option in prompt["options"]:
                assert GAME.decide(state, seat, option["move"], Rng(seed, len(log)))
        # decide must not change its input: a deepcopy comparison (or a cheaper JSON one in bulk runs)
        before = copy.deepcopy(state) if deep else json.dumps(state)
        events = GAME.decide(state, seat, move, Rng(seed, len(log)))
        assert (state if deep else json.dumps(state)) == before, "decide changed its input"
        assert events and json.loads(json.dumps(events)) == events
        for event in events:
            assert isinstance(event["type"], str)
            line = GAME.describe(event)
            assert isinstance(line, str) and line
            state = GAME.evolve(state, event)
            check(state)
        moves.append((seat, move))
        log += events
    else:
        raise AssertionError("the match did not end")
    result = GAME.result(state)
    assert result is not None and result["winner"] in (None, *SEATS) and result["text"]
    assert json.loads(json.dumps(state)) == state
    return moves, log, state


OPTION_SETS = st.fixed_dictionaries({name: st.sampled_from(spec["choices"]) for name, spec in GAME.options.items()
                                    if spec["choices"] is not None})


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.binary(min_size=1, max_size=8), opts=OPTION_SETS, eager=st.booleans())
def test_random_matches_keep_the_invariants(seed, opts, eager):
    moves, log, state = play_match(seed, opts, eager)
    # fold == live
    assert fold(GAME, copy.deepcopy(log)) == state
    # the same moves with the same seed reproduce the same events
    replay = GAME.start(opts, list(GAME.seats), Rng(seed, 0))
    live = fold(GAME, copy.deepcopy(replay))
    for seat, move in moves:
        events = GAME.decide(live, seat, move, Rng(seed, len(replay)))
        for event in events:
            live = GAME.evolve(live, event)
        replay += events
    assert replay == log


def test_many_default_matches():
    # thousands of games with the default options (each match is 2 or 3 games)
    games = 0
    for i in range(700):
        _, _, state = play_match(f"default-{i}".encode(), {}, eager=bool(i % 2), deep=False)
        games += len(state["games"])
    assert games >= 1400


def test_every_listed_option_is_accepted():
    for i in range(12):
        play_match(f"all-{i}".encode(), {}, eager=True, check_all_options=True)


def test_every_event_type_has_a_description():
    from games.clash import describe, evolve
    assert set(evolve.HANDLERS) == set(describe.LINES)
