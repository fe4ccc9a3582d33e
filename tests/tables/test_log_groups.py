"""The seat page's log: one group per card play or placement, with the game's summary line(s)."""

import pytest

import games
import tables
from tables.log_groups import grouped_log

BOTS = {"labyrinth": {"us": {"bot": "random"}, "jihadist": {"bot": "random"}},
        "clash": {"mcworld": {"bot": "random"}, "jihad": {"bot": "random"}}}


def finished(store, game, seed):
    table = tables.start(store, game, {}, BOTS[game], 1000.0, seed=seed).table
    table = tables.advance(store, table.id, now=1000.0, step_cap=100_000).table
    assert table.result() is not None
    return table


@pytest.mark.parametrize("game, seed", [("clash", b"groups-1"), ("clash", b"groups-2"),
                                        ("labyrinth", b"groups-1"), ("labyrinth", b"seed0007")])
def test_groups_cover_the_log_once_and_read_as_the_games_summary(store, game, seed):
    table = finished(store, game, seed)
    rules = games.get(game)
    for seat in (None, *rules.seats):
        log = tables.log(store, table, seat)
        groups = grouped_log(store, table, seat)
        assert [e for g in groups for e in g.entries] == log            # every event once, in order, as redacted
        assert len(groups) > 3
        for g in groups:
            assert g.lines and g.lines == rules.summarize([e["event"] for e in g.entries], seat)
            assert "move" in g.entries[0] or g.first == 1        # starts where a decision does (the game is over:
                                                                 # every move is shown)
        # cut only where the game's own summary of the whole log cuts
        assert [line for g in groups for line in g.lines] == rules.summarize([e["event"] for e in log], seat)


def test_a_clash_placement_is_one_group_from_its_tile_to_its_effect(store):
    table = finished(store, "clash", b"groups-1")
    groups = grouped_log(store, table, "jihad")
    placements = [g for g in groups if " placed " in g.lines[0] or " opened with " in g.lines[0]]
    assert len(placements) >= 10
    for g in placements:
        kinds = [e["event"]["type"] for e in g.entries]
        assert len(g.lines) == 1 or all(" game " in line or " match" in line for line in g.lines[1:]), g.lines
        assert len(kinds) >= 3, kinds                       # the tile, its field and its facing at least
        player = g.entries[0]["by"]
        assert g.lines[0].startswith({"mcworld": "McWorld", "jihad": "Jihad"}[player])


def test_a_log_read_from_the_middle_starts_with_what_is_there(store):
    table = finished(store, "labyrinth", b"seed0007")
    whole = grouped_log(store, table, "us")
    middle = whole[len(whole) // 2]
    tail = grouped_log(store, table, "us", since=middle.first - 1)
    assert [g.lines for g in tail] == [g.lines for g in whole[len(whole) // 2:]]
