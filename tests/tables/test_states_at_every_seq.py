"""Issue 10, defect 4: the view right after any event renders, for every seat and an observer,
including a seq that falls between the events of one decision (where the rules are never asked
who decides: the view says so and lists no prompts)."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games
import tables
from tables import envelope

BOTS = {"labyrinth": {"us": {"bot": "random"}, "jihadist": {"bot": "random"}},
        "clash": {"mcworld": {"bot": "random"}, "jihad": {"bot": "random"}}}


def finished_table(store, game: str, seed: bytes) -> tables.Table:
    table = tables.start(store, game, {}, BOTS[game], 1000.0, seed=seed).table
    table = tables.advance(store, table.id, now=1000.0, step_cap=100_000).table
    assert table.result() is not None
    return table


@pytest.mark.parametrize("game", sorted(BOTS))
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.binary(min_size=8, max_size=8))
def test_every_seq_of_a_finished_game_renders_for_every_seat(store, game, seed):
    table = finished_table(store, game, seed)
    entries = [envelope.loads(e) for e in store.read(table.id)]
    inside = {e["seq"] for e, after in zip(entries, entries[1:]) if "move" not in after}
    assert inside, "every decision made a single event: this test would not test the defect"
    rules = games.get(game)
    for seq in range(1, table.seq + 1):
        for seat in (None, *rules.seats):
            view = tables.view_at(store, table, seq, seat, board=True)
            assert view["seq"] == seq and view["board"]
            if seq in inside:
                assert view["mid_decision"] is True and view["prompts"] == []
            else:
                assert "mid_decision" not in view
                assert view["prompts"] or view["status"] == "finished", seq
    assert tables.view_at(store, table, table.seq, "jihad" if game == "clash" else "us") == \
        tables.view(table, "jihad" if game == "clash" else "us")


def test_the_states_route_answers_inside_a_decision(client, store):
    table = finished_table(store, "clash", b"\x01" * 8)
    entries = [envelope.loads(e) for e in store.read(table.id)]
    seq = next(e["seq"] for e, after in zip(entries, entries[1:]) if "move" not in after)
    answer = client.get(f"/tables/{table.id}/states/{seq}")
    assert answer.status_code == 200, answer.json
    assert answer.json["mid_decision"] is True and answer.json["prompts"] == []
