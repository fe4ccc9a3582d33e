"""Persistence only: the event log of every table in Redis, with no game knowledge."""

from .errors import Conflict, Duplicate, NoSuchTable, StoreError, TableExists
from .log import Glance, Loaded, SettleReads, TableStore

__all__ = ["Conflict", "Duplicate", "Glance", "Loaded", "NoSuchTable", "SettleReads", "StoreError", "TableExists", "TableStore"]
