"""A move asks the rules the state's questions once: the table's check that the seat is asked,
the draft, the option's number read against the question and the rules' decide all share them."""

import games
from games.clash import rules
from games.core import Rng, fold
from tables import moves
from tables.appending import Draft
from tables.model import Table

CLASH = games.get("clash")


def test_a_move_asks_the_questions_of_its_state_once(monkeypatch):
    asked: list[int] = []
    ask = rules.prompts
    monkeypatch.setattr(rules, "prompts", lambda state: asked.append(id(state)) or ask(state))
    state = fold(CLASH, CLASH.start(CLASH.resolve_options({}), list(CLASH.seats), Rng(b"once", 0)))
    seq = 1
    doc = {"seed": "00" * 16, "seats": {s: {"name": s} for s in CLASH.seats}}
    for _ in range(6):
        table = Table("t", doc, CLASH, state, seq)
        asked.clear()
        (seat, prompt), = table.prompts().items()
        draft = Draft(table, 0.0)
        events = draft.decide(seat, moves.resolve(draft.table, seat, option=len(prompt["options"])), f"c{seq}")
        assert events and asked == [id(state)], "the questions of one state asked more than once"
        state, seq = draft.table.state, draft.table.seq
