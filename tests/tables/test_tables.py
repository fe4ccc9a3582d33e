"""The use cases against a real Redis: replay, hidden information, export, verify, advance."""

import pytest

import tables
from games.core import fold
from store import TableStore
from tables import envelope
from tables.model import load, state_at
from tests.helpers import SEATS

SEED = bytes(range(32))
BOTS = {"north": {"bot": "random"}, "south": {"bot": "random"}}


def new(store, seats=SEATS, seed=SEED, **options):
    return tables.start(store, "duel", options, seats, 1000.0, seed=seed)


def move(store, table_id, option=1):
    table = load(store, table_id)
    seat = next(iter(table.prompts()))
    return tables.submit(store, table, seat, option=option, expected_seq=table.seq, now=1001.0)


def finish(store, table_id):
    while load(store, table_id).automatic_seat() is None and load(store, table_id).result() is None:
        move(store, table_id, option=3)
    tables.advance(store, table_id, now=1002.0)
    return load(store, table_id)


def events(store, table_id):
    return [envelope.loads(e) for e in store.read(table_id)]


def test_replaying_the_log_gives_the_live_state(store):
    started = new(store)
    for _ in range(3):
        move(store, started.table.id, option=2)
    live = load(store, started.table.id)
    replayed = fold(live.game, [e["event"] for e in events(store, live.id)])
    assert replayed == live.state
    assert state_at(store, live, 3) == fold(live.game, [e["event"] for e in events(store, live.id)[:3]])


def test_a_seat_never_sees_the_other_seats_card_before_the_end(store):
    table = new(store).table
    north_card = table.state["cards"]["north"]
    assert tables.view(table, "north")["state"]["cards"] == {"north": north_card}
    assert tables.view(table, None)["state"]["cards"] == {}

    def south_dealt(entries):
        found = [e for e in entries if e["event"]["type"] == "dealt" and e["event"]["seat"] == "south"]
        assert len(found) == 1
        return found[0]["event"]

    assert "card" not in south_dealt(tables.log(store, table, "north"))
    exported = tables.export(store, table, "north")
    assert "card" not in south_dealt(exported[1:])
    assert "seed" not in exported[0]
    assert table.doc["seed"] not in tables.to_jsonl(exported)


def test_moves_are_shown_to_their_own_seat_only_until_the_end(store):
    table_id = new(store).table.id
    move(store, table_id)
    table = load(store, table_id)
    assert "move" in tables.log(store, table, "north")[-1]
    assert "move" not in tables.log(store, table, "south")[-1]


def test_a_finished_export_carries_the_seed_and_verifies(store):
    table = finish(store, new(store).table.id)
    lines = tables.export(store, table, None)
    assert lines[0]["seed"] == SEED.hex() and lines[0]["view"] == "full"
    report = tables.verify(tables.parse_jsonl(tables.to_jsonl(lines)))
    assert report["ok"], report["problems"]
    assert report["events"] == table.seq


def test_verify_rejects_a_tampered_die(store):
    table = finish(store, new(store).table.id)
    lines = tables.export(store, table, None)
    rolled = next(line for line in lines[1:] if line["event"]["type"] == "rolled")
    rolled["event"]["die"] = rolled["event"]["die"] % 6 + 1
    report = tables.verify(lines)
    assert not report["ok"]
    assert "re-running" in report["problems"][0]


def test_verify_rejects_a_wrong_seed(store):
    table = finish(store, new(store).table.id)
    lines = tables.export(store, table, None)
    lines[0]["seed"] = bytes(32).hex()
    report = tables.verify(lines)
    assert not report["ok"]
    assert any("SHA-256" in p for p in report["problems"])


def test_verify_refuses_an_export_without_seed(store):
    table = new(store).table
    report = tables.verify(tables.export(store, table, "north"))
    assert not report["ok"] and "no seed" in report["problems"][0]


def test_import_recreates_a_finished_table(store):
    table = finish(store, new(store).table.id)
    imported = tables.import_table(store, tables.export(store, table, None), 2000.0)
    again = load(store, imported.table.id)
    assert again.id != table.id
    assert again.state == table.state and again.result() == table.result()
    assert set(imported.tokens) == {"north", "south"}
    with pytest.raises(tables.Invalid):
        broken = tables.export(store, table, None)
        broken[-1]["event"]["winner"] = "nobody"
        tables.import_table(store, broken, 2000.0)


def test_advance_plays_system_steps_and_bots_to_the_end(store):
    table = new(store, seats=BOTS).table
    done = tables.advance(store, table.id, now=1000.0)
    assert done.table.result() is not None
    assert done.waiting == {}
    assert tables.verify(tables.export(store, done.table, None))["ok"]


class Crash(Exception):
    """The worker dies here."""


def test_an_advance_killed_half_way_and_run_again_leaves_the_log_of_a_clean_run(redis_client):
    clean_store = TableStore(redis_client)
    clean = tables.start(clean_store, "duel", {}, BOTS, 1000.0, seed=SEED, table_id="clean").table
    tables.advance(clean_store, clean.id, now=1000.0)

    crashing = TableStore(redis_client)
    twin = tables.start(crashing, "duel", {}, BOTS, 1000.0, seed=SEED, table_id="twin").table
    real_append, calls = crashing.append_handing_over, []

    def append_then_die(*args, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise Crash()
        return real_append(*args, **kwargs)

    crashing.append_handing_over = append_then_die
    with pytest.raises(Crash):                         # two decisions a write: it dies at the third write
        tables.advance(crashing, twin.id, now=1000.0, batch=2)
    assert 0 < crashing.seq(twin.id) < clean_store.seq(clean.id)
    crashing.append_handing_over = real_append
    tables.advance(crashing, twin.id, now=1000.0)
    tables.advance(crashing, twin.id, now=1000.0)      # and once more: nothing left to do
    assert events(clean_store, "twin") == events(clean_store, "clean")


def test_states_at_any_seq_use_snapshots(store):
    table = finish(store, new(store, target=20).table.id)
    for seq in range(1, table.seq + 1):
        expected = fold(table.game, [e["event"] for e in events(store, table.id)[:seq]])
        assert state_at(store, table, seq) == expected
    assert tables.view_at(store, table, 1, "north")["seq"] == 1
    with pytest.raises(tables.NotFound):
        tables.view_at(store, table, table.seq + 1, "north")


def test_a_move_on_a_stale_cached_table_is_judged_on_the_log(store):
    cache = tables.TableCache()
    table_id = new(store).table.id
    north = lambda table: "north"      # noqa: E731
    south = lambda table: "south"      # noqa: E731
    tables.play(store, cache, table_id, north, option=1, now=1.0)
    assert cache.take(table_id).seq == 4
    tables.play(store, cache, table_id, south, expected_seq=4, option=1, now=1.0)
    # another process moves for north: our cached copy (seq 5) is now one behind the log
    tables.submit(store, load(store, table_id), "north", option=1, now=1.0)
    done = tables.play(store, cache, table_id, south, option=2, now=1.0)
    assert done.table.seq == 7 and done.table.state["total"] == 5
    tables.submit(store, load(store, table_id), "north", option=1, now=1.0)
    with pytest.raises(tables.StaleSeq):      # the player really saw an old state: 409, not a retry
        tables.play(store, cache, table_id, south, expected_seq=7, option=1, now=1.0)
    assert [e["seq"] for e in events(store, table_id)][-1] == 8
