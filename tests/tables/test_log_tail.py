"""The undo window from the log's tail this process holds (tables/log_tail.py): the same window as
one worked out afresh from the store, for every seat after every step of whole games with undos
in them, while a view after a move reads only the entries the move appended."""

import pytest

import tables
from games.core import Rng
from store import TableStore
from tables import TableCache, undo
from tables.model import load
from tests.tables.test_undo import GAMES, seats_for, step


class CountingStore(TableStore):
    """The real store, noting which log entries each read asked for."""

    def __init__(self, redis):
        super().__init__(redis)
        self.reads: list[tuple[int, int | None]] = []

    def read(self, table_id, after=0, upto=None):
        self.reads.append((after, upto))
        return super().read(table_id, after, upto)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_window_from_a_held_tail_is_the_window_read_afresh(redis_client, name):
    store, cache, options = TableStore(redis_client), TableCache(), GAMES[name]
    table = tables.start(store, name, options, seats_for(name, options), 1000.0, seed=bytes([len(name)]) * 32).table
    chooser, undone, compared = Rng(b"tail " + name.encode(), 0), 0, 0
    for _ in range(200):
        if table.result() is not None:
            break
        table, mover = step(store, table, chooser)
        for seat in table.seats:
            with cache.tail(table.id) as tail:
                held = undo.window(store, load(store, table.id), seat, tail)
            afresh = undo.window(store, load(store, table.id), seat)
            assert (held.stops, held.code, held.message) == (afresh.stops, afresh.code, afresh.message)
            compared += 1
        if mover is not None and undo.window(store, table, mover).stops and chooser.below(3) == 0:
            table = undo.undo(store, table, mover, now=1002.0).table       # the walk jumps back over it
            undone += 1
    assert compared >= 100 and undone >= 1


def test_a_view_after_a_move_reads_only_what_the_move_appended(redis_client):
    store, cache = CountingStore(redis_client), TableCache()
    table = tables.start(store, "clash", {}, seats_for("clash", {}), 1000.0, seed=bytes([5]) * 32).table
    chooser = Rng(b"tail reads", 0)
    with cache.tail(table.id) as tail:
        undo.window(store, table, "mcworld", tail)
    for _ in range(60):
        before = table.seq
        table, mover = step(store, table, chooser)
        store.reads.clear()
        with cache.tail(table.id) as tail:
            undo.window(store, load(store, table.id), mover or "mcworld", tail)
        assert store.reads[0] == (before, table.seq)       # the new entries alone, first
        assert sum(upto - after for after, upto in store.reads) <= table.seq - before + 8
