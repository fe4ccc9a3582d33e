"""Issue "Performance": CLASH's decide works on a copy of the state made by a JSON round trip
through orjson (rules._copy), no longer by marshal: on every decision of whole random matches under
every table option of the Polish matches, every listed option decides the same events as on a
marshal copy, and the copy is the state, type for type."""

import marshal

import orjson

from games.clash import GAME, rules
from games.core import Rng
from tests.games.clash.test_notate_all import _decisions
from tests.games.clash.test_polish_words import VARIED


def _plain(value) -> bool:
    """JSON's own types only (a tuple would come back from orjson a list)."""
    if type(value) is dict:
        return all(type(k) is str and _plain(v) for k, v in value.items())
    if type(value) is list:
        return all(_plain(v) for v in value)
    return value is None or type(value) in (str, int, bool, float)


def test_every_option_decides_the_same_on_either_copy(monkeypatch):
    decisions = options = 0
    for n, opts in enumerate(VARIED):
        for state, seat, prompt in _decisions(n, opts):
            assert _plain(state) and rules._copy(state) == state
            rng = b"decide-copy-%d" % n, decisions
            for option in prompt["options"]:
                ours = orjson.dumps(GAME.decide(state, seat, option["move"], Rng(*rng)))
                with monkeypatch.context() as m:
                    m.setattr(rules, "_copy", lambda s: marshal.loads(marshal.dumps(s)))
                    theirs = orjson.dumps(GAME.decide(state, seat, option["move"], Rng(*rng)))
                assert ours == theirs
                options += 1
            decisions += 1
    assert decisions > 400 and options > 2 * decisions, (decisions, options)


def test_what_orjson_does_not_write_is_copied_by_marshal():
    odd = {"board": [None] * 9, "big": 2 ** 70, 3: "an int key"}
    copied = rules._copy(odd)
    assert copied == odd and copied is not odd and copied["board"] is not odd["board"]


def test_a_fields_name_is_looked_up_as_it_was_worked_out():
    from games.clash import board

    def former(idx):
        row, col = divmod(idx, 3)
        return "ABC"[col] + str(3 - row)
    for idx in (*range(-12, 13), True, False):
        assert board.field_name(idx) == former(idx)
    assert [board.field_name(i) for i in board.FIELDS] == ["A3", "B3", "C3", "A2", "B2", "C2", "A1", "B1", "C1"]
