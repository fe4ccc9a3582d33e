"""A player's deadlines as an iCal feed, at a signed address only they are sent.

The feed lists the ``SHOWN`` soonest deadlines and says how many more there are: a player at
thousands of tables gets a feed of a few dozen events, not megabytes. Finding the soonest reads
only each waiting table's clock; the shown tables alone are loaded. The text is kept per player
with what it was made from (the shown turns, their deadlines and seqs, how many more), so a
calendar client polling a feed nothing changed in costs no table load.
"""

import threading
from collections import OrderedDict
from typing import NamedTuple
from urllib.parse import quote

from store import TableStore

from . import ical, signing
from .auth import link_key
from .model import load
from .notices import MailSettings
from .reading import view

SHOWN = 50            # the soonest deadlines a feed lists
KEPT = 256            # feeds this process keeps, the least recently asked for dropped first


class Deadline(NamedTuple):
    when: float
    table_id: str
    seat: str
    edge: str


def calendar_email(secret_key: str, key: str) -> str | None:
    return signing.email_of(secret_key, "cal", key)


def upcoming(store: TableStore, email: str) -> list[Deadline]:
    """Every running deadline of the player's turns, soonest first."""
    waited = [(table_id, seat) for table_id, _, seat in (item.partition("/") for item in store.player_waiting(email))]
    return sorted(Deadline(float(when), table_id, seat, edge)
                  for (table_id, seat), (edge, when) in zip(waited, store.turn_deadlines(waited), strict=True)
                  if edge and when)


class Feeds:
    """Each player's feed text with what it was made from (one per process, shared by its threads)."""

    def __init__(self, size: int = KEPT):
        self.size = size
        self._feeds: OrderedDict[str, tuple[tuple, str]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, email: str, made_from: tuple) -> str | None:
        with self._lock:
            kept = self._feeds.get(email)
            if kept is None or kept[0] != made_from:
                return None
            self._feeds.move_to_end(email)
            return kept[1]

    def put(self, email: str, made_from: tuple, text: str) -> None:
        with self._lock:
            self._feeds[email] = (made_from, text)
            self._feeds.move_to_end(email)
            while len(self._feeds) > self.size:
                self._feeds.popitem(last=False)


FEEDS = Feeds()


def calendar_feed(store: TableStore, email: str, m: MailSettings, feeds: Feeds = FEEDS) -> str:
    due = upcoming(store, email)
    shown, more = due[:SHOWN], max(0, len(due) - SHOWN)
    made_from = (m.public_url, m.secret_key, tuple(shown), tuple(store.seq(d.table_id) for d in shown), more)
    text = feeds.get(email, made_from)
    if text is None:
        text = _feed(store, email, m, shown, more)
        feeds.put(email, made_from, text)
    return text


def _feed(store: TableStore, email: str, m: MailSettings, shown: list[Deadline], more: int) -> str:
    events = [_event(store, d, m) for d in shown]
    later = None
    if more:
        later = (f"Your {len(shown)} soonest deadlines; {more} more come after them and appear here "
                 f"as these are played.")
        events[-1]["description"] += f"\n\n{more} more of your deadlines come after this one."
    return ical.calendar(events, name=f"PBEM deadlines of {email}", now=m.now, description=later)


def _event(store: TableStore, due: Deadline, m: MailSettings) -> dict:
    table = load(store, due.table_id)
    prompt = next((p["text"] for p in view(table, due.seat)["prompts"] if p["seat"] == due.seat), "")
    key = link_key(m.secret_key, table.id, due.seat)
    return {"uid": f"{table.id}-{due.seat}-{due.edge}@pbem", "deadline": due.when,
            "summary": f"{table.game.title} #{table.id} ({due.seat}): your move", "description": prompt,
            "url": f"{m.public_url.rstrip('/')}/play/{table.id}?token={quote(key)}"}
