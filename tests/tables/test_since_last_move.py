"""'Since your last move' in an email: what the others did after the seat's own last decision,
never the tail of that decision, and never stopped by a choice the server took for the seat."""

import time

import tables
from tables import notices

SEATS = {"mcworld": {"name": "Ann", "email": "ann@example.org"},
         "jihad": {"name": "Bob", "email": "bob@example.org"}}


def settled(store, table_id):
    return tables.advance(store, table_id, now=time.time()).table


def test_a_seat_reads_what_the_other_did_since_its_own_whole_placement(store):
    table = tables.start(store, "clash", {}, SEATS, time.time()).table
    table = settled(store, table.id)
    tables.submit(store, table, "jihad", text="b2 s", now=time.time())
    table = settled(store, table.id)
    before = notices.summary_since_last_move(store, table, "jihad")
    assert before == []                                  # its own opening is not news to it
    tables.submit(store, table, "mcworld", text="president c3 n", now=time.time())
    table = settled(store, table.id)
    ann = notices.summary_since_last_move(store, table, "mcworld")
    assert ann == []                                     # her placement goes on: nothing new yet
    tables.submit(store, table, "mcworld", text="no", now=time.time())
    table = settled(store, table.id)
    bob = notices.summary_since_last_move(store, table, "jihad")
    assert len(bob) == 1 and bob[0].startswith("McWorld placed President on C3")
