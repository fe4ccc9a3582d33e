"""One-click option links: signed, bound to the seq the email was sent at (good while the seat's
question is still the one the email asked), expiring, single use."""

from dataclasses import dataclass

from store import TableStore

from . import same_question, signing
from .auth import link_key
from .model import Table


@dataclass
class Action:
    table_id: str
    seat: str
    seq: int
    option: int                   # 1-based, as numbered in the email
    expires: int


def read(secret_key: str, token: str) -> Action | None:
    """The action a genuine link names; None for a forged or mangled one."""
    fields = signing.verify(secret_key, "act", token, 5)
    if fields is None or not all(f.isdigit() for f in fields[2:]):
        return None
    return Action(fields[0], fields[1], int(fields[2]), int(fields[3]), int(fields[4]))


def state_of(action: Action, table: Table, now: float, store: TableStore) -> str:
    """'expired', 'moved_on' (the seat's question is no longer the one the email asked) or 'ready'."""
    if now > action.expires:
        return "expired"
    if action.seat not in table.prompts() or judged_at(store, action, table) != table.seq:
        return "moved_on"
    return "ready"


def judged_at(store: TableStore, action: Action, table: Table) -> int:
    """The seq the link's choice is judged at: the table's now when the seat's question is still
    the email's (tables/same_question.py), else the email's own (then it is stale)."""
    return same_question.judged_at(store, table, action.seat, action.seq)


def seat_key(secret_key: str, action: Action) -> str:
    return link_key(secret_key, action.table_id, action.seat)
