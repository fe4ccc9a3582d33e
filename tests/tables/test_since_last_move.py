"""'Since your last move' in an email: what the others did after the seat's own last decision,
never the tail of that decision, and never stopped by a choice the server took for the seat."""

import time

import tables
from games.core import SYSTEM
from tables import notices

SEATS = {"mcworld": {"name": "Ann", "email": "ann@example.org"},
         "jihad": {"name": "Bob", "email": "bob@example.org"}}
SIDE = {"mcworld": "McWorld", "jihad": "Jihad"}


def settled(store, table_id):
    return tables.advance(store, table_id, now=time.time()).table


def to_move(table):
    (seat,) = [s for s in table.prompts() if s != SYSTEM]
    return seat


def test_a_seat_reads_what_the_other_did_since_its_own_whole_placement(store):
    table = settled(store, tables.start(store, "clash", {}, SEATS, time.time()).table.id)
    opener = to_move(table)                               # the draw decides who opens
    tables.submit(store, table, opener, text="b2 " + ("s" if opener == "jihad" else "n"), now=time.time())
    table = settled(store, table.id)
    assert notices.summary_since_last_move(store, table, opener) == []   # its own opening is no news to it
    second = to_move(table)
    assert second != opener
    tables.submit(store, table, second, text="president c3" if second == "mcworld" else "imam c3", now=time.time())
    table = settled(store, table.id)
    assert notices.summary_since_last_move(store, table, second) == []   # its placement goes on: nothing new
    while to_move(table) == second:                       # the rest of its placement, one answer at a time
        tables.submit(store, table, second, option=1, now=time.time())
        table = settled(store, table.id)
    news = notices.summary_since_last_move(store, table, opener)
    assert len(news) == 1 and news[0].startswith(f"{SIDE[second]} placed ")
