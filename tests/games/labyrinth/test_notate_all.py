"""Issue "Performance": Labyrinth's ``notate_all`` asks the seat's question once for all its options
(or takes it from its caller, tables.reading.notations), and each option's text is read back with
that question, not asked again: the same texts, option for option, as ``notate`` of each on its
own, on the decisions of random games."""

import json

import pytest

from games.core import Rng, fold
from games.labyrinth import GAME, notate, notation
from games.labyrinth.evolve import evolve
from games.labyrinth.rules import decide, prompts
from tables import reading


def _decisions(seed: bytes, opts: dict, most: int = 60):
    state = fold(GAME, json.loads(json.dumps(GAME.start(dict(opts), list(GAME.seats), Rng(seed, 0)))))
    chooser = Rng(seed + b"/chooser", 0)
    for i in range(most):
        asked = prompts(state)
        if not asked or state.get("result"):
            return
        seat = sorted(asked)[chooser.below(len(asked))]
        if seat != "system":
            yield state, seat, asked[seat]
        listed = asked[seat]["options"]
        for event in decide(state, seat, listed[chooser.below(len(listed))]["move"], Rng(seed, i)):
            state = evolve(json.loads(json.dumps(state)), event)


@pytest.mark.parametrize("seed, opts", [(b"notate all 1", {}), (b"notate all 2", {"events": "on"})])
def test_the_question_given_gives_the_same_texts(seed, opts, monkeypatch):
    asked_again = []
    ask = notation.prompts
    monkeypatch.setattr(notation, "prompts", lambda state: asked_again.append(1) or ask(state))
    decisions = texts = 0
    for state, seat, prompt in _decisions(seed, opts):
        each = [notate.notate(state, seat, o["move"]) for o in prompt["options"]]
        fresh = GAME.notate_all(state, seat)
        before = len(asked_again)
        given = reading.notations(GAME, state, seat, prompt["options"], prompt)
        assert given == fresh == each
        decisions, texts = decisions + 1, texts + sum(1 for t in each if t)
        if all(len(w) == 1 for w in (t.split() for t in given if t)):
            assert len(asked_again) == before                # one word each: the question was not asked again
    assert decisions > 20 and texts > 100
