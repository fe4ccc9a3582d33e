"""One-click option links: signed, bound to the seq the email was sent at, expiring, single use."""

from dataclasses import dataclass

from . import signing
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


def state_of(action: Action, table: Table, now: float) -> str:
    """'expired', 'moved_on' (the game is past the email's seq) or 'ready'."""
    if now > action.expires:
        return "expired"
    if table.seq != action.seq or action.seat not in table.prompts():
        return "moved_on"
    return "ready"


def seat_key(secret_key: str, action: Action) -> str:
    return link_key(secret_key, action.table_id, action.seat)
