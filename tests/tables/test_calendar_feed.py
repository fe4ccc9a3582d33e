"""A player's calendar feed lists their SHOWN soonest deadlines and how many more there are, and
is made again only when what it shows changed (at 10,000 tables one request took 152 s and
4.6 MB before)."""

import time

import icalendar

import tables
from store import TableStore
from tables.calendars import SHOWN, Feeds, calendar_feed
from tables.notices import MailSettings
from tests.helpers import SEATS
from workers import settle
from workers.context import Context

LIVE = {"kind": "clock", "preset": "live"}
MORE = 3


def nora_everywhere(env, redis_client) -> tuple[TableStore, list[str]]:
    """SHOWN + MORE tables waiting on Nora (north), each made a minute before the last, so the
    last made has the soonest deadline."""
    store, now = TableStore(redis_client), time.time()
    ids = [tables.start(store, "duel", {}, SEATS, now - 60 * i, time_control=LIVE).table.id
           for i in range(SHOWN + MORE)]
    settle.drain(Context(env, store))
    return store, ids


def settings(env, now: float) -> MailSettings:
    return MailSettings(env.public_url, env.secret_key, "pbem.test", 3600, now)


def events(text: str) -> list[icalendar.Event]:
    return list(icalendar.Calendar.from_ical(text).walk("VEVENT"))


def test_a_feed_past_shown_tables_holds_the_soonest_and_says_how_many_more(env, redis_client):
    store, ids = nora_everywhere(env, redis_client)
    text = calendar_feed(store, "nora@example.org", settings(env, time.time()), Feeds())
    listed = events(text)
    assert len(listed) == SHOWN
    starts = [e.decoded("DTSTART") for e in listed]
    assert starts == sorted(starts)                                      # soonest first
    assert {str(e["SUMMARY"]).split("#")[1].split()[0] for e in listed} == set(ids[MORE:])
    assert f"{MORE} more" in str(icalendar.Calendar.from_ical(text)["X-WR-CALDESC"])
    assert f"{MORE} more of your deadlines come after this one" in str(listed[-1]["DESCRIPTION"])


def test_the_feed_is_kept_until_what_it_shows_changes(env, redis_client):
    store, ids = nora_everywhere(env, redis_client)
    feeds, now = Feeds(), time.time()
    first = calendar_feed(store, "nora@example.org", settings(env, now), feeds)
    assert calendar_feed(store, "nora@example.org", settings(env, now + 600), feeds) == first   # not made again
    soonest = ids[-1]
    tables.submit(store, tables.load(store, soonest), "north", option=1, now=now)      # Nora moves there
    settle.drain(Context(env, store))
    again = calendar_feed(store, "nora@example.org", settings(env, now + 600), feeds)
    shown = {str(e["SUMMARY"]).split("#")[1].split()[0] for e in events(again)}
    assert soonest not in shown and len(shown) == SHOWN and ids[MORE - 1] in shown
    assert f"{MORE - 1} more" in again
