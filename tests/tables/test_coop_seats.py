"""A co-op game for 1 to 4 players (Jagged Alliance): a table has only the seats its options
name (Game.table_seats); a seat list that does not match is refused with a sentence; the
export of a table with fewer seats than the game's maximum still verifies."""

import pytest

import tables
from tables import Invalid
from tables.model import load

SEED = bytes(range(32))


def players(n):
    return {f"merc{i}": {"name": f"P{i}", "email": f"p{i}@example.org"} for i in range(1, n + 1)}


def test_a_table_has_the_seats_of_its_player_count(store):
    for n in (1, 3):
        started = tables.start(store, "jaggedalliance", {"players": n, "hire": "quick"}, players(n), 1000.0, seed=SEED)
        table = load(store, started.table.id)
        assert sorted(table.seats) == [f"merc{i}" for i in range(1, n + 1)]
        assert sorted(started.tokens) == sorted(table.seats)
        assert set(table.prompts()) <= set(table.seats)
        assert table.state["seats"] == sorted(table.seats)


def test_seats_that_do_not_match_the_player_count_are_refused(store):
    with pytest.raises(Invalid) as bad:
        tables.start(store, "jaggedalliance", {"players": 2}, players(4), 1000.0)
    assert bad.value.code == "bad_seats" and "merc1, merc2" in str(bad.value)
    with pytest.raises(Invalid) as bad:
        tables.start(store, "jaggedalliance", {"players": 5}, players(4), 1000.0)
    assert bad.value.code == "bad_option" and "1 to 4" in str(bad.value)


def test_the_default_is_every_seat_for_other_games(store):
    with pytest.raises(Invalid) as bad:
        tables.start(store, "clash", {}, {"mcworld": {"email": "a@example.org"}}, 1000.0)
    assert bad.value.code == "bad_seats"


def test_a_finished_three_player_table_verifies(store):
    started = tables.start(store, "jaggedalliance", {"players": 3, "hire": "quick"}, players(3), 1000.0, seed=SEED)
    table_id = started.table.id
    for step in range(3000):
        table = load(store, table_id)
        if table.result():
            break
        tables.advance(store, table_id, now=1001.0)
        table = load(store, table_id)
        if table.result():
            break
        seat = sorted(table.prompts())[0]
        move = table.game.bots["sensible"](table.state, seat, table.rng())
        tables.submit(store, table, seat, move=move, expected_seq=table.seq, now=1002.0)
    table = load(store, table_id)
    assert table.result()
    report = tables.verify(tables.export(store, table, None))
    assert report["ok"], report["problems"]
