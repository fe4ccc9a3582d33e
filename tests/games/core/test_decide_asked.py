"""decide() given the state's questions (``asked``, as the table has worked them out already)
decides exactly as it does asking them itself: the same events, the same refusals, and the
questions given are left as they were."""

import copy
import json

import pytest

import games
from games.core import IllegalMove, Rng, fold

NAMES = ["clash", "labyrinth", "lafamiglia", "jaggedalliance"]


def _decisions(name: str, match: int, most: int = 150):
    """(state, seat, asked, move, rng seed) of the decisions of one random-bot match."""
    game = games.get(name)
    seed = f"decide-asked {name} {match}".encode()
    state = fold(game, game.start(game.resolve_options({}), list(game.seats), Rng(seed, 0)))
    for step in range(most):
        asked = game.prompts(state)
        if not asked or game.result(state) is not None:
            return
        seat = sorted(asked)[0]
        move = game.bots["random"](state, seat, Rng(seed + b"/bot", step))
        yield game, state, seat, asked, move, seed + bytes([step % 256])
        state = fold(game, game.decide(state, seat, move, Rng(seed + bytes([step % 256]), step)), state)


def _outcome(call):
    try:
        return call()
    except IllegalMove as refused:
        return ("refused", refused.code, str(refused))


@pytest.mark.parametrize("name", NAMES)
def test_decide_with_the_questions_given_decides_the_same(name):
    decided = refused = 0
    for match in range(2):
        for game, state, seat, asked, move, seed in _decisions(name, match):
            given = json.dumps(asked, sort_keys=True)
            mine = _outcome(lambda: game.decide(state, seat, move, Rng(seed, 0), asked=asked))
            assert mine == _outcome(lambda: game.decide(copy.deepcopy(state), seat, move, Rng(seed, 0)))
            assert json.dumps(asked, sort_keys=True) == given, "decide changed the questions it was given"
            decided += 1
            other = next((s for s in game.seats if s not in asked), None)
            if other is not None:      # a seat not asked: refused alike
                theirs = _outcome(lambda: game.decide(state, other, move, Rng(seed, 0), asked=asked))
                assert theirs == _outcome(lambda: game.decide(state, other, move, Rng(seed, 0)))
                assert theirs[0] == "refused"
                refused += 1
    assert decided > 40 and refused > 0


def test_a_clash_move_of_two_parts_with_the_questions_given():
    """A CLASH move may answer the next question too ({"tile": ..., "field": ...}): the question
    after the first part is the rules' own, not the one given."""
    two = 0
    for game, state, seat, asked, move, seed in _decisions("clash", 0, 400):
        first = game.decide(state, seat, move, Rng(seed, 0))
        following = game.prompts(fold(game, first, copy.deepcopy(state))).get(seat)
        if not following or set(following["options"][0]["move"]) & set(move):
            continue
        both = {**move, **following["options"][-1]["move"]}
        mine = _outcome(lambda: game.decide(state, seat, both, Rng(seed, 0), asked=asked))
        assert mine == _outcome(lambda: game.decide(state, seat, both, Rng(seed, 0)))
        assert mine[0] != "refused" and mine[:len(first)] == first and len(mine) > len(first), (both, mine)
        two += 1
    assert two > 5
