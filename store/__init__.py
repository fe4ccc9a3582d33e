"""Persistence only: the event log of every table in Redis, with no game knowledge."""

from .errors import Conflict, Duplicate, NoSuchTable, StoreError, TableExists
from .log import Loaded, TableStore

__all__ = ["Conflict", "Duplicate", "Loaded", "NoSuchTable", "StoreError", "TableExists", "TableStore"]
