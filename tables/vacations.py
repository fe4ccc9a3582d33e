"""A player's vacation: up to 14 days they set themselves; their deadlines move by the time away."""

from store import TableStore

from . import clock
from .errors import Invalid
from .model import Table

# The furthest ahead a vacation may start. Further, no email can tell its dates (they stop at the
# year 9999: the others were never told); and nobody plans a game's absence years ahead.
AHEAD_DAYS = 365


def take(store: TableStore, table: Table, seat: str, start: float, end: float, now: float) -> list[tuple[str, str]]:
    """Record the vacation of the seat's player; returns every (table, seat) where they are waited on."""
    email = table.seats[seat].get("email")
    if not email:
        raise Invalid("This seat has no player to go on vacation.", code="no_email")
    if start - now > AHEAD_DAYS * clock.DAY:
        raise Invalid(f"A vacation can start at most {AHEAD_DAYS} days from now; set this one nearer the time.",
                      code="vacation_too_far")
    kept = [(a, b) for a, b in store.vacations(email) if b > now]
    try:
        clock.check_vacation(start, end, now, kept)
    except ValueError as bad:
        raise Invalid(str(bad), code="bad_vacation") from None
    store.set_vacations(email, sorted(kept + [(start, end)]))
    return [tuple(item.split("/", 1)) for item in store.player_waiting(email)]  # type: ignore[misc]
