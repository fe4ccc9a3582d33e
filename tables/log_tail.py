"""The newest entries of one table's log, decoded, for the undo window's walk back from the end.

The log never changes below its end (an undo or a rollback is appended, never a rewrite), so an
entry once read stays true for every later copy of the table: a view after a move reads only the
entries appended since, and a walk that goes further back reads a few more at a time (twice as
many each time). Held by the process's TableCache between requests, one request at a time.
"""

from typing import Any

from store import TableStore

from . import envelope

FIRST = 8         # entries read when nothing of the table is held: most walks stop within them
KEEP = 32         # entries kept between requests, at least (a walk that needs more reads them again)


class LogTail:
    def __init__(self, table_id: str):
        self.table_id = table_id
        self.entries: dict[int, dict[str, Any]] = {}
        self.low = self.high = 0              # the entries held are low + 1 .. high

    def entry(self, store: TableStore, seq: int) -> dict[str, Any]:
        """The log entry ``seq`` (1 <= seq <= the table's seq)."""
        if seq > self.high:
            if self.high and seq - self.high <= KEEP:
                self._read(store, self.high, seq)                 # what was appended since
            else:
                self.entries.clear()
                self.low = max(0, seq - FIRST)
                self._read(store, self.low, seq)
            self.high = seq
        elif seq <= self.low:
            low = max(0, min(seq - 1, self.low - max(FIRST, self.high - self.low)))
            self._read(store, low, self.low)
            self.low = low
        return self.entries[seq]

    def _read(self, store: TableStore, after: int, upto: int) -> None:
        for entry in map(envelope.loads, store.read(self.table_id, after=after, upto=upto)):
            self.entries[entry["seq"]] = entry

    def trim(self) -> None:
        """Only the newest KEEP entries stay, once more than twice as many are held (so that a
        view after each move trims once every KEEP entries or so, not every time)."""
        if self.high - self.low > 2 * KEEP:
            low, self.low = self.low, self.high - KEEP
            entries = self.entries
            for seq in range(low + 1, self.low + 1):
                entries.pop(seq, None)
