"""The tables this process moved or read last, so the next request on a hot table needs no load.

A request *takes* its table out (two requests never share one state object: a move folds it
forward in place) and puts the table back when it is done. It cannot go wrong silently: a move
checks the expected seq in Redis when it appends, and a read compares the seq in Redis with its
copy's first, so a stale entry only costs a reload. Of two copies put back, the newer stays.
"""

import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from store import Glance, NoSuchTable, TableStore

from . import envelope
from .errors import NotFound
from .log_tail import FIRST, KEEP, LogTail
from .model import Table, load


class TableCache:
    def __init__(self, size: int = 1024):
        self.size = size
        self._tables: OrderedDict[str, Table] = OrderedDict()
        self._tails: OrderedDict[str, LogTail] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, table_id: str) -> Table | None:
        with self._lock:
            return self._tables.pop(table_id, None)

    def put(self, table: Table) -> None:
        with self._lock:
            held = self._tables.get(table.id)
            if held is not None and held.seq > table.seq:     # a move put a newer copy meanwhile
                return
            self._tables[table.id] = table
            self._tables.move_to_end(table.id)
            while len(self._tables) > self.size:
                self._tables.popitem(last=False)

    @contextmanager
    def current(self, store: TableStore, table_id: str) -> Iterator[Table]:
        """The table as the log has it now, for reading only, held by this request alone: this
        process's copy when the log is still at its seq (one small read instead of a load),
        else loaded. Kept afterwards for the next request."""
        table = self.take(table_id)
        if table is not None:
            try:
                if store.seq(table_id) != table.seq:
                    table = None
            except NoSuchTable:
                raise NotFound(f"There is no table {table_id}.", code="unknown_table") from None
        if table is None:
            table = load(store, table_id)
        try:
            yield table
        finally:
            self.put(table)

    def seat_reading(self, store: TableStore, table_id: str) -> "SeatReading":
        """``current`` and ``tail`` at once, for a seat's view: the seq, the log's entries appended
        since the tail held (or its newest, when none is held), the pending rollback and the
        table's preferences in one round trip (``Glance``); then a load only when this process's
        copy is not at the seq. A context manager of its own (no generator: the hottest read)."""
        return SeatReading(self, store, table_id)

    def _take_tail(self, table_id: str) -> LogTail:
        with self._lock:
            return self._tails.pop(table_id, None) or LogTail(table_id)

    def _put_tail(self, table_id: str, tail: LogTail) -> None:
        tail.trim()
        with self._lock:
            held = self._tails.get(table_id)
            if held is None or held.high <= tail.high:
                self._tails[table_id] = tail
                self._tails.move_to_end(table_id)
                while len(self._tails) > self.size:
                    self._tails.popitem(last=False)

    def appended(self, table_id: str, entries: list[dict[str, Any]], seq: int) -> None:
        """Entries this process appended (a move's, decoded as stored), up to the table's ``seq``:
        given to the table's tail when they follow it without a gap, so that the next view here
        neither reads them again nor decodes them."""
        tail = self._take_tail(table_id)
        _add(tail, entries, seq)
        self._put_tail(table_id, tail)

    @contextmanager
    def tail(self, table_id: str) -> Iterator[LogTail]:
        """The newest entries of the table's log this process has read, held by this request alone
        (a request that finds them taken starts afresh); kept afterwards, the longer of two."""
        tail = self._take_tail(table_id)
        try:
            yield tail
        finally:
            self._put_tail(table_id, tail)


class SeatReading:
    """``TableCache.seat_reading``: the table, its tail and the glance, held by this request alone
    until the block ends, then put back (the table first, then the tail, as ``current`` and
    ``tail`` would)."""

    __slots__ = ("cache", "store", "table", "table_id", "tail")

    def __init__(self, cache: TableCache, store: TableStore, table_id: str):
        self.cache, self.store, self.table_id = cache, store, table_id

    def __enter__(self) -> tuple[Table, LogTail, Glance]:
        cache, store, table_id = self.cache, self.store, self.table_id
        table = cache.take(table_id)
        tail = cache._take_tail(table_id)
        try:
            try:
                glance = store.glance(table_id, tail.high or None, KEEP if tail.high else FIRST)
            except NoSuchTable:
                if table is not None:
                    cache.put(table)
                raise NotFound(f"There is no table {table_id}.", code="unknown_table") from None
            _extend(tail, glance)
            if table is None or table.seq != glance.seq:
                table = load(store, table_id)
        except BaseException:
            cache._put_tail(table_id, tail)
            raise
        self.table, self.tail = table, tail
        return table, tail, glance

    def __exit__(self, *raised: object) -> None:
        try:
            self.cache.put(self.table)
        finally:
            self.cache._put_tail(self.table_id, self.tail)


def _extend(tail: LogTail, glance: Glance) -> None:
    """Give ``tail`` the entries the glance read, when they reach the seq without a gap (else
    the tail reads what it needs itself)."""
    if glance.entries:
        _add(tail, [envelope.loads(e) for e in glance.entries], glance.seq)


def _add(tail: LogTail, entries: list[dict[str, Any]], seq: int) -> None:
    """Give ``tail`` the log's newest ``entries`` (in order, without a gap), up to ``seq``, when
    they reach it and follow what the tail holds (or the tail holds nothing)."""
    if not entries or entries[-1]["seq"] != seq or seq <= tail.high:
        return
    if not tail.high:
        tail.entries.clear()
        tail.low = entries[0]["seq"] - 1
    elif entries[0]["seq"] != tail.high + 1:
        return
    tail.entries.update((e["seq"], e) for e in entries)
    tail.high = seq
