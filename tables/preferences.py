"""How a player wants to hear about their turns: immediately, in a daily digest, or not at all.

Set per table, or for the player everywhere; the table's setting wins. Invitations and the
end of a game are always sent unless the seat is muted.
"""

from store import TableStore

from .errors import Invalid
from .model import Table

POLICIES = {"immediate": "an email as soon as it is your turn",
            "digest": "one email a day listing the games that wait for you",
            "mute": "no emails; you look in yourself"}
DEFAULT = "immediate"


def effective(store: TableStore, table: Table, seat: str) -> str:
    here, everywhere = store.preferences(table.id, seat, table.seats[seat].get("email", ""))
    return here or everywhere or DEFAULT


def choose(store: TableStore, table: Table, seat: str, policy: str, everywhere: bool = False) -> str:
    if policy not in POLICIES:
        raise Invalid(f"Notifications can be {', '.join(POLICIES)}; not {policy!r}.", code="bad_policy")
    email = table.seats[seat].get("email")
    if not email:
        raise Invalid("This seat has no email address.", code="no_email")
    store.set_preference(None if everywhere else table.id, seat, email, policy)
    return effective(store, table, seat)
