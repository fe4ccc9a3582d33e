"""A turn's example is worked out once per position and seat in a mail worker (tables/notices.example):
a reminder or a 'help' answer at the same position reuses it; another seat, another position (one
reached again after an undo is the same position) or a state marshal cannot write works it out."""

from types import SimpleNamespace

from tables import notices


class Game:
    name = "kept-test"

    def __init__(self):
        self.calls = []

    def example(self, state, seat):
        self.calls.append((seat, state["n"]))
        return [f"{seat} plays {state['n']}"]


def test_an_example_is_worked_out_once_per_position_and_seat():
    game = Game()
    table = SimpleNamespace(game=game, state={"n": 1, "hand": [3, 4]})
    first = notices.example(table, "us")
    first.append("changed by a reader")
    assert notices.example(table, "us") == ["us plays 1"]          # a copy each time, the kept one unchanged
    assert notices.example(SimpleNamespace(game=game, state={"n": 1, "hand": [3, 4]}), "us") == ["us plays 1"]
    assert game.calls == [("us", 1)]
    assert notices.example(table, "them") == ["them plays 1"]
    table.state = {"n": 2, "hand": [3, 4]}
    assert notices.example(table, "us") == ["us plays 2"]
    assert game.calls == [("us", 1), ("them", 1), ("us", 2)]


def test_a_state_marshal_cannot_write_is_worked_out_each_time():
    game = Game()
    table = SimpleNamespace(game=game, state={"n": 5, "odd": object()})
    assert notices.example(table, "us") == notices.example(table, "us") == ["us plays 5"]
    assert game.calls == [("us", 5), ("us", 5)]


def test_only_the_last_positions_are_kept():
    game = Game()
    for n in range(notices.EXAMPLES_KEPT + 5):
        notices.example(SimpleNamespace(game=game, state={"n": n}), "us")
    assert len(notices._examples) <= notices.EXAMPLES_KEPT
    notices.example(SimpleNamespace(game=game, state={"n": 0}), "us")     # the oldest was let go
    assert game.calls.count(("us", 0)) == 2
