"""The example's and the notation's own decisions (a listed move on a marshal copy, the question
not asked again, the working copy taken as the state after it) make exactly the events
rules.decide() makes, and that copy is the state those events make; the state given is left as
it was."""

import json

import pytest

from games.core import IllegalMove, Rng, fold
from games.labyrinth import GAME, example, notation
from games.labyrinth.evolve import evolve
from games.labyrinth.rules import decide, prompts


def _plain(value) -> str:
    return json.dumps(value, sort_keys=True)


def _after(state, events):
    state = json.loads(json.dumps(state))
    for event in events:
        state = evolve(state, event)
    return state


@pytest.mark.parametrize("seed, opts", [(b"example decide 1", {}), (b"example decide 2", {"events": "on"}),
                                        (b"example decide 3", {"solo": True})])
def test_the_examples_and_the_notations_decisions_are_the_rules_own(seed, opts):
    state = fold(GAME, json.loads(json.dumps(GAME.start(dict(opts), list(GAME.seats), Rng(seed, 0)))))
    chooser, compared = Rng(seed + b"/chooser", 0), 0
    for i in range(160):
        asked = prompts(state)
        if not asked or state.get("result"):
            break
        seat = sorted(asked)[chooser.below(len(asked))]
        listed = asked[seat]["options"]
        before = _plain(state)
        for option in listed[:5]:
            move = option["move"]
            try:
                expected = decide(state, seat, move, Rng(b"same dice", i))
            except IllegalMove as refusal:
                expected = refusal.code
            try:
                ctx = example.decide(state, seat, move, Rng(b"same dice", i), asked)
                got, after = ctx.events, ctx.s
            except IllegalMove as refusal:
                got, after = refusal.code, None
            assert _plain(got) == _plain(expected), (seat, move)
            if after is not None:
                assert _plain(after) == _plain(_after(state, got)), (seat, move)
            if seat != "system":
                events, after = notation._decided(state, seat, move, asked[seat])
                assert _plain(events) == _plain(decide(state, seat, move, Rng(b"notation", 0)))
                assert _plain(after) == _plain(_after(state, events))
            compared += 1
        assert _plain(state) == before
        state = _after(state, decide(state, seat, listed[chooser.below(len(listed))]["move"], Rng(seed, i)))
    assert compared >= 150
