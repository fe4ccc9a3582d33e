"""How a player wants to hear about their turns: immediately, in a daily digest, or not at all.

Set per table, or for the player everywhere; the table's setting wins. Invitations and the
end of a game are always sent unless the seat is muted: a seat muted at its table is not even
invited (its player muted it, so knows of it); one muted everywhere is still told of a new table.
"""

import i18n
from i18n import N_
from store import Glance, TableStore, keys

from .errors import Invalid
from .model import Table

POLICIES = {"immediate": N_("an email as soon as it is your turn"),
            "digest": N_("one email a day listing the games that wait for you"),
            "mute": N_("no emails; you look in yourself")}
DEFAULT = "immediate"
LANGUAGE = "language:"      # the field of a seat's language in the table's preferences (beside seat -> policy)


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


def language(store: TableStore | None, table: Table, seat: str, glance: Glance | None = None) -> str:
    """The language the seat reads the game in: its choice by reply (``language pl``), else the one
    it started with, else English. ``glance``: the table's preferences as just read with it."""
    if glance is not None:
        picked = glance.preferences.get(LANGUAGE + seat)
    else:
        picked = chosen(store, table.id, seat) if store is not None else None
    return i18n.known(picked or table.seats.get(seat, {}).get("language"))


def chosen(store: TableStore, table_id: str, seat: str) -> str | None:
    """The language the seat chose by reply, if it did."""
    value = store.redis.hget(keys.preferences(table_id), LANGUAGE + seat)
    return (value.decode() if isinstance(value, bytes) else value) or None


def choose_language(store: TableStore, table_id: str, seat: str, asked: str) -> str:
    """By reply at a table, or on an invitation's accept page before the table starts (it starts
    with the gathering's id)."""
    if asked not in i18n.LANGUAGES:
        raise Invalid(f"The languages here are {', '.join(i18n.LANGUAGES)}; not {asked!r}.", code="bad_language")
    store.redis.hset(keys.preferences(table_id), LANGUAGE + seat, asked)
    return asked
