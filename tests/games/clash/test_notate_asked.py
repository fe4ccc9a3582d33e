"""Issue "Performance": a view gives CLASH's ``notate_all`` the seat's question it has already
asked (``tables.reading.notations``, the table's prompts), so the question is not asked again:
the same texts, option for option, as asking it afresh, on every decision of whole random matches
under every table option of the Polish matches."""

import pytest

from games.clash import GAME, notation
from tables import reading
from tests.games.clash.test_notate_all import _decisions
from tests.games.clash.test_polish_words import VARIED


@pytest.mark.parametrize("n", range(len(VARIED)))
def test_the_question_given_gives_the_same_texts(n, monkeypatch):
    asked_again = []
    prompts = notation.prompts
    monkeypatch.setattr(notation, "prompts", lambda state: asked_again.append(1) or prompts(state))
    decisions = 0
    for state, seat, prompt in _decisions(n, VARIED[n]):
        fresh = GAME.notate_all(state, seat)
        before = len(asked_again)
        given = reading.notations(GAME, state, seat, prompt["options"], prompt)
        assert len(asked_again) == before                   # the question was not asked again
        assert given == fresh == [GAME.notate(state, seat, o["move"]) for o in prompt["options"]]
        decisions += 1
    assert decisions > 20


def test_a_view_notates_with_the_question_the_table_asked(store):
    import tables
    from tests.tables.test_undo import seats_for
    table = tables.start(store, "clash", {}, seats_for("clash", {}), 1000.0, seed=bytes([7]) * 32).table
    tables.advance(store, table.id, now=1000.0)
    table = tables.load(store, table.id)
    seat = next(s for s in sorted(table.prompts()) if table.prompts()[s].get("options"))
    options = next(p for p in tables.view(table, seat, board=True)["prompts"] if p["seat"] == seat)["options"]
    assert [o["notation"] for o in options] == GAME.notate_all(table.state, seat) and all(o["notation"] for o in options)
