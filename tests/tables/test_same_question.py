"""Issue 22: a decision is judged by the question it answers. In a random two-player Jagged
Alliance game (both players are often asked at once: one answers, and the other's question then
changes), the other's decision from before is stale, as is the answering seat's own second one;
where the question stays the same it would be taken now (the same question after an undo and the
same move again is tested end to end in tests/e2e/test_talk_end_to_end.py)."""

import tables
from games.core import SYSTEM, Rng
from tables.model import question, state_at
from tables.same_question import judged_at
from tests.tables.test_undo import GAMES, seats_for


def test_a_changed_question_and_an_answered_one_are_stale(store):
    options = GAMES["jaggedalliance"]
    table = tables.start(store, "jaggedalliance", options, seats_for("jaggedalliance", options), 1000.0,
                         seed=bytes([3]) * 32).table
    chooser, seen = Rng(b"same question", 0), {"same": 0, "changed": 0, "answered": 0}
    for _ in range(600):
        prompts = table.prompts()
        if SYSTEM in prompts:
            table = tables.advance(store, table.id, now=1001.0, step_cap=1).table
            continue
        if not prompts:
            break
        both = sorted(prompts)
        mover = both[chooser.below(len(both))]
        at = table.seq
        option = chooser.below(len(prompts[mover]["options"])) + 1
        table = tables.submit(store, table, mover, option=option, expected_seq=at, now=1001.0).table
        assert judged_at(store, table, mover, at) == at                            # it answered that question
        seen["answered"] += 1
        for other in (s for s in both if s != mover):
            now = table.prompts().get(other)
            if now is None:
                continue
            then = table.game.prompts(state_at(store, table, at))[other]
            same = question(then) == question(now)
            seen["same" if same else "changed"] += 1
            assert judged_at(store, table, other, at) == (table.seq if same else at)
        if seen["changed"] >= 3:
            break
    assert seen["changed"] >= 3 and seen["answered"] >= 3, seen
