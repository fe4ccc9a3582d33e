"""The tables this process moved last, so the next move on a hot table needs no load.

A move *takes* its table out (two requests never share one state object) and puts the table
back after its append succeeded. It cannot go wrong silently: the append checks the expected
seq in Redis, so a stale entry only costs a reload.
"""

import threading
from collections import OrderedDict

from .model import Table


class TableCache:
    def __init__(self, size: int = 1024):
        self.size = size
        self._tables: OrderedDict[str, Table] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, table_id: str) -> Table | None:
        with self._lock:
            return self._tables.pop(table_id, None)

    def put(self, table: Table) -> None:
        with self._lock:
            self._tables[table.id] = table
            while len(self._tables) > self.size:
                self._tables.popitem(last=False)
