"""The example's decision (example._decide: rules.decide() with the questions it has worked out
already, not asked again) makes exactly the events rules.decide() makes asking them itself, and
leaves the state given as it was; a move not listed is refused the same way."""

import json

import pytest

from games.core import IllegalMove, Rng
from games.lafamiglia import example, rules
from tests.games.lafamiglia.lafamiglia_kit import play_random

EVERY = 7           # states looked at: one decision in so many


def _compare(state, calls: list) -> None:
    calls.append(1)
    if len(calls) % EVERY:
        return
    before = json.dumps(state, sort_keys=True)
    asked = rules.prompts(state)
    for seat, prompt in asked.items():
        moves = [o["move"] for o in prompt["options"][:6]] + [o["move"] for o in prompt.get("anytime", [])[:2]]
        for move in moves + [{"no": "such move"}]:
            try:
                expected = rules.decide(state, seat, move, Rng(b"example", 0))
            except IllegalMove as refusal:
                expected = refusal.message
            try:
                got = example._decide(state, seat, move, asked)
            except IllegalMove as refusal:
                got = refusal.message
            assert json.dumps(got, sort_keys=True) == json.dumps(expected, sort_keys=True), (seat, move)
    assert json.dumps(state, sort_keys=True) == before


@pytest.mark.parametrize("seed, opts", [(b"example decide 1", {}), (b"example decide 2", {"families": "first_game"})])
def test_the_examples_decisions_are_the_rules_own(seed, opts):
    calls: list = []
    moves, _, _ = play_random(seed, opts, every=lambda state, _events: _compare(state, calls), limit=600, partial=True)
    assert len(moves) >= 300 and len(calls) >= 300
