"""Random 4-seat games to the end: the invariants of spec 2.5 after every decision, replay = live,
the same seed gives the same events, decide never changes its input."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core import Rng, fold
from games.lafamiglia import GAME
from tests.games.lafamiglia.lafamiglia_kit import jcopy, play_random

OPTION_SETS = st.fixed_dictionaries({name: st.sampled_from(spec["choices"]) for name, spec in GAME.options.items()
                                    if spec["choices"] is not None})


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.binary(min_size=1, max_size=8), opts=OPTION_SETS, eager=st.booleans())
def test_random_games_keep_the_invariants_and_replay(seed, opts, eager):
    moves, events, state = play_random(seed, opts, eager)
    result = GAME.result(state)
    assert result is not None and result["text"] and result["winner"] in (None, *GAME.teams)
    # replay = live
    assert fold(GAME, jcopy(events)) == state
    # the same seed and moves give the same events
    again = GAME.start(GAME.resolve_options(opts), list(GAME.seats), Rng(seed, 0))
    live = fold(GAME, jcopy(again))
    for seat, move in moves:
        new = GAME.decide(live, seat, move, Rng(seed, len(again)))
        live = fold(GAME, jcopy(new), live)
        again += new
    assert again == events


def test_decide_never_changes_its_input():
    play_random(b"deep", eager=True, deep=True)
