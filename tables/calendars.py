"""A player's deadlines as an iCal feed, at a signed address only they are sent."""

from store import TableStore

from . import deadlines, ical, signing
from .model import load
from .notices import MailSettings, turn


def calendar_email(secret_key: str, key: str) -> str | None:
    return signing.email_of(secret_key, "cal", key)


def calendar_feed(store: TableStore, email: str, m: MailSettings) -> str:
    events = []
    for item in store.player_waiting(email):
        table_id, seat = item.split("/", 1)
        table = load(store, table_id)
        state = store.clock(table_id)
        edge = state.get(f"{seat}:edge")
        when = deadlines.current_deadline(store, table_id, seat, int(edge)) if edge else None
        if when is None:
            continue
        content = turn(table, seat, m)
        events.append({"uid": f"{table_id}-{seat}-{edge}@pbem", "deadline": when,
                       "summary": f"{table.game.title} #{table_id} ({seat}): your move",
                       "description": content["prompt"] or "", "url": content["link"]})
    return ical.calendar(events, name=f"PBEM deadlines of {email}", now=m.now)
