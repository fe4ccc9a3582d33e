"""A decision's working copy (ctx.copy: a JSON round trip through orjson) is the copy json's own
round trip makes, and every listed option decides the same events and refusals with it as with
json's copy, over random games."""

import json

import pytest

from games.core import IllegalMove, Rng
from games.lafamiglia import ctx, rules
from tests.games.lafamiglia.lafamiglia_kit import play_random


def _json_copy(value):
    return json.loads(json.dumps(value))


def _outcome(state, seat, move):
    try:
        return json.dumps(rules.decide(state, seat, move, Rng(b"ctx copy", 0)), sort_keys=True)
    except IllegalMove as refusal:
        return refusal.message


def test_the_copy_is_a_json_round_trip():
    state = {"a": [1, 2, (3, 4)], "b": {"c": None, "d": True, "e": "ż"}, "f": 2.5}
    assert ctx.copy(state) == _json_copy(state)
    assert type(ctx.copy(state)["a"][2]) is list
    assert ctx.copy({1: "x", "big": 2 ** 80}) == _json_copy({1: "x", "big": 2 ** 80})   # json's own
    copied = ctx.copy(state)
    copied["a"].append(5)
    assert state["a"] == [1, 2, (3, 4)]


@pytest.mark.parametrize("seed, opts", [(b"ctx copy 1", {}), (b"ctx copy 2", {"families": "first_game"})])
def test_every_listed_option_decides_the_same_as_on_a_json_copy(seed, opts, monkeypatch):
    compared = []

    def compare(state, _events):
        if len(compared) > 2000:
            return
        before = json.dumps(state, sort_keys=True)
        for seat, prompt in rules.prompts(state).items():
            for move in [o["move"] for o in prompt["options"][:5]] + [o["move"] for o in prompt.get("anytime", [])[:2]]:
                got = _outcome(state, seat, move)
                with monkeypatch.context() as m:
                    m.setattr(ctx, "copy", _json_copy)
                    expected = _outcome(state, seat, move)
                assert got == expected, (seat, move)
                compared.append(1)
        assert json.dumps(state, sort_keys=True) == before

    moves, _, _ = play_random(seed, opts, every=compare, limit=500, partial=True)
    assert len(moves) >= 300 and len(compared) >= 1000
