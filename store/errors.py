"""What the store can say no with."""


class StoreError(Exception):
    pass


class NoSuchTable(StoreError):
    def __init__(self, table_id: str):
        super().__init__(f"no table {table_id}")
        self.table_id = table_id


class Conflict(StoreError):
    """The log moved on since the caller read it: expected seq is not the last one."""

    def __init__(self, expected: int, actual: int):
        super().__init__(f"expected seq {expected}, the log is at {actual}")
        self.expected = expected
        self.actual = actual


class Duplicate(StoreError):
    """This idempotency key was used before; ``record`` is what was stored with it."""

    def __init__(self, record: str):
        super().__init__("already applied")
        self.record = record


class TableExists(StoreError):
    pass
