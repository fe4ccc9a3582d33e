"""The use cases of a table: the only code that uses both games/ and store/.

start, submit, advance, view, log, view at a seq, export, import, verify, and the content
of each email. Callers pass the time in (``now``); nothing here reads the clock.
"""

from .advance import Advanced, advance
from .auth import seat_of
from .cache import TableCache
from .errors import Forbidden, Invalid, NotFound, StaleSeq, TableError, Unauthorized
from .export import export, import_table, parse_jsonl, to_jsonl, verify
from .model import Table, load
from .reading import entries_for, log, view, view_at
from .start import Started, start
from .submit import Submitted, play, submit

__all__ = ["Advanced", "Forbidden", "Invalid", "NotFound", "StaleSeq", "Started", "Submitted", "Table",
           "TableCache", "TableError", "Unauthorized", "advance", "entries_for", "export", "import_table",
           "load", "log", "parse_jsonl", "play", "seat_of", "start", "submit", "to_jsonl", "verify", "view", "view_at"]
