"""A seat's prompts and its options' notation are worked out once per seq and seat of a kept copy
of a table: a second view of the same copy asks the game for no notation again, each caller gets
prompts of its own to change, and what one seat is asked never shows in another's view."""

import tables
from tests.tables.test_undo import seats_for


def test_the_notation_is_worked_out_once_per_seq_and_seat(store, monkeypatch):
    table = tables.start(store, "clash", {}, seats_for("clash", {}), 1000.0, seed=bytes([9]) * 32).table
    tables.advance(store, table.id, now=1000.0)
    table = tables.load(store, table.id)
    seat = next(s for s in sorted(table.prompts()) if table.prompts()[s].get("options"))
    other = next(s for s in table.seats if s != seat)
    game, calls = table.game, []
    notate = game.notate
    monkeypatch.setattr(game, "notate", lambda *args: calls.append(args) or notate(*args))
    first = tables.view(table, seat, board=True)
    asked = len(calls)
    assert asked == len(next(p for p in first["prompts"] if p["seat"] == seat)["options"]) > 0
    first["prompts"][0]["text"] = "changed by its caller"
    again = tables.view(table, seat, board=True)
    assert len(calls) == asked                                    # kept with the copy
    assert again["prompts"][0]["text"] != "changed by its caller" and again["prompts"] == tables.view(
        tables.load(store, table.id), seat, board=True)["prompts"]
    for viewer in (other, None):                                  # nobody else sees the seat's question
        prompt = next(p for p in tables.view(table, viewer, board=True)["prompts"] if p["seat"] == seat)
        assert "options" not in prompt and prompt["text"].startswith("Waiting for")
