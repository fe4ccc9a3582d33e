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
    notate_all = game.notate_all           # every option's notation at once (issue "Performance")
    monkeypatch.setattr(game, "notate_all", lambda *args: calls.append(args) or notate_all(*args))
    monkeypatch.setattr(game, "notate", lambda *args: calls.append(args) or None)      # never one by one
    first = tables.view(table, seat, board=True)
    asked = len(calls)
    options = next(p for p in first["prompts"] if p["seat"] == seat)["options"]
    assert asked == 1 and options and all(o["notation"] for o in options)
    first["prompts"][0]["text"] = "changed by its caller"
    again = tables.view(table, seat, board=True)
    assert len(calls) == asked                                    # kept with the copy
    assert again["prompts"][0]["text"] != "changed by its caller" and again["prompts"] == tables.view(
        tables.load(store, table.id), seat, board=True)["prompts"]
    for viewer in (other, None):                                  # nobody else sees the seat's question
        prompt = next(p for p in tables.view(table, viewer, board=True)["prompts"] if p["seat"] == seat)
        assert "options" not in prompt and prompt["text"].startswith("Waiting for")


def test_a_moves_answer_and_the_seats_next_view_share_the_games_view_of_the_state(store, monkeypatch):
    """The game's view of the state (and the board) is worked out once per seq and seat of a kept
    copy for a move's answer (``shared``) and the view route (``board``): the same as worked out
    afresh, and never another seat's."""
    table = tables.start(store, "clash", {}, seats_for("clash", {}), 1000.0, seed=bytes([9]) * 32).table
    tables.advance(store, table.id, now=1000.0)
    table = tables.load(store, table.id)
    seat = next(s for s in sorted(table.prompts()) if table.prompts()[s].get("options"))
    other = next(s for s in table.seats if s != seat)
    game, calls = table.game, []
    view, brief = game.view, game.brief
    monkeypatch.setattr(game, "view", lambda *args: calls.append(("view", args[1])) or view(*args))
    monkeypatch.setattr(game, "brief", lambda *args: calls.append(("brief", args[1])) or brief(*args))
    answered = tables.view(table, seat, shared=True)
    assert calls == [("view", seat)] and "board" not in answered
    shown = tables.view(table, seat, board=True)
    assert calls == [("view", seat), ("brief", seat)]                     # the state's view was kept
    assert shown["state"] == answered["state"] == tables.view(table, seat)["state"]
    fresh = tables.view(tables.load(store, table.id), seat, board=True)
    assert shown == fresh and shown["board"] == fresh["board"]
    assert tables.view(table, other, board=True)["state"] == tables.view(table, other)["state"]
    # CLASH shows every seat the same view but its "you" (view_same_for_all): the other seat's view
    # on the kept copy is the seat's with its own "you", not asked of the game again
    assert calls.count(("view", other)) == 1 and calls.count(("view", seat)) == 3
    assert tables.view(table, other, board=True)["state"]["you"] == other and answered["state"]["you"] == seat
