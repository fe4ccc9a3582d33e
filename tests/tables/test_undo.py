"""Issue 17, undo: for every game, a seat takes back its own last move (no die rolled, nothing
hidden revealed, no other seat since) and the table is exactly as it was, with the same question;
an undo past a die, a reveal or another seat's move is refused with its code; the stored log
(folded from the start, and loaded from snapshots) gives the live state; export and verify accept
a log with undos in it. Random games through the real store."""

import json

import pytest

import games
import tables
from games.core import SYSTEM, Rng
from tables import envelope, history, rollback, undo
from tables.errors import Closed
from tables.export import export, verify
from tables.log_groups import grouped_log
from tables.model import load, state_at

STEPS = {"labyrinth": 250}
GAMES = {"clash": {}, "labyrinth": {}, "lafamiglia": {}, "jaggedalliance": {"players": 2, "hire": "quick"}}


def seats_for(name, options):
    game = games.get(name)
    return {seat: {"name": seat.capitalize(), "email": f"{seat}@example.org"}
            for seat in game.table_seats(options)}


def stored_fold(store, table):
    entries = [envelope.loads(e) for e in store.read(table.id)]
    return history.fold_entries(table.game, entries)


def step(store, table, chooser):
    """One decision by whoever is asked first: a worker's step for the rules, else a random option."""
    prompts = table.prompts()
    seat = sorted(prompts)[0]
    if seat == SYSTEM or table.is_bot(seat):
        return tables.advance(store, table.id, now=1001.0, step_cap=1).table, None
    options = prompts[seat]["options"]
    option = chooser.below(len(options)) + 1
    return tables.submit(store, table, seat, option=option, expected_seq=table.seq, now=1001.0).table, seat


def full_export(store, table):
    """What a finished game's export holds (every event, and the seed) for a table still going."""
    header = export(store, table, None)[0]
    header.update({"seed": table.doc["seed"], "view": "full"})
    return [header, *(envelope.loads(e) for e in store.read(table.id))]


def check_consistent(store, table):
    loaded = load(store, table.id)
    assert loaded.seq == table.seq
    assert loaded.state == table.state == stored_fold(store, table)
    assert loaded.prompts() == table.prompts()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_undo_restores_the_state_and_the_question(store, name):
    options = GAMES[name]
    table = tables.start(store, name, options, seats_for(name, options), 1000.0, seed=bytes([len(name)]) * 32).table
    chooser = Rng(b"undo " + name.encode(), 0)
    undone, refused = 0, set()
    for _ in range(STEPS.get(name, 300)):
        if table.result() is not None or undone >= 4 and {"dice", "other_seat"} <= refused:
            break
        before = (table.seq, history.fresh(table.state), table.prompts())
        table, seat = step(store, table, chooser)
        if seat is None:
            continue
        open_ = undo.window(store, table, seat)
        if not open_.stops:
            refused.add(open_.code)
            with pytest.raises(Closed) as closed:
                undo.undo(store, table, seat, now=1002.0)
            assert closed.value.code == open_.code and closed.value.message
            continue
        if chooser.below(3):          # now and then, so that the game goes on
            continue
        to = open_.stops[0]
        back = undo.undo(store, table, seat, expected_seq=table.seq, now=1002.0).table
        undone += 1
        assert back.seq == table.seq + 1
        assert back.state == state_at(store, back, to)
        assert back.game.prompts(back.state) == back.game.prompts(state_at(store, back, to))
        if to == before[0]:             # the seat's one move taken back: exactly the table before it
            assert back.state == before[1] and back.prompts() == before[2]
        check_consistent(store, back)
        assert back.prompts()[seat]    # the seat is asked its question again
        entry = envelope.loads(store.read(back.id, after=back.seq - 1)[0])
        assert entry["event"] == {"type": "undo", "to_seq": to, "asked_by": seat, "moves": 1}
        assert "seed" not in json.dumps(entry) and back.doc["seed"] not in json.dumps(entry)
        table = back
    assert undone >= 1, "no move of this game could be taken back"
    assert refused & {"dice", "revealed", "other_seat"}
    check_consistent(store, table)
    report = verify(full_export(store, table))
    assert report["ok"], report["problems"]
    if table.result() is not None:          # a finished game's export, undos and all, imports
        imported = tables.import_table(store, tables.export(store, table, None), 2000.0).table
        assert load(store, imported.id).state == table.state
    log = tables.log(store, table, None)
    assert any(e.get("undone") for e in log) and any(e["event"]["type"] == "undo" for e in log)
    groups = [g.as_dict() for g in grouped_log(store, table, None)]
    assert any(g.get("undone") for g in groups)
    assert any("took back" in line for g in groups for line in g["lines"])


def test_a_snapshot_after_an_undo_loads_the_right_state(store):
    """Snapshots every 3 events: loads cross undos whose to_seq lies before the latest snapshot."""
    options = GAMES["lafamiglia"]
    table = tables.start(store, "lafamiglia", {}, seats_for("lafamiglia", options), 1000.0, seed=b"\x05" * 32).table
    chooser = Rng(b"snapshots", 0)
    undone = 0
    for _ in range(150):
        table, seat = step_small(store, table, chooser)
        if seat and undo.window(store, table, seat).stops:
            table = undo.undo(store, table, seat, now=1002.0, snapshot_every=3).table
            undone += 1
            check_consistent(store, table)
    assert undone >= 3
    check_consistent(store, table)


def step_small(store, table, chooser):
    prompts = table.prompts()
    seat = sorted(prompts)[0]
    if seat == SYSTEM:
        return tables.advance(store, table.id, now=1001.0, step_cap=1, snapshot_every=3).table, None
    option = chooser.below(len(prompts[seat]["options"])) + 1
    return tables.submit(store, table, seat, option=option, expected_seq=table.seq, now=1001.0,
                         snapshot_every=3).table, seat


def test_two_undos_in_a_row_go_back_two_moves_and_a_redo_gets_the_dice_of_its_new_position(store):
    """Clash: the seat's stretch of placements, undone one at a time; the window looks through an
    earlier undo; re-made, the moves verify with the generator of their new positions."""
    table = tables.start(store, "clash", {}, seats_for("clash", {}), 1000.0, seed=b"\x03" * 32).table
    chooser = Rng(b"twice", 0)
    for _ in range(200):
        before = history.fresh(table.state)
        table, seat = step(store, table, chooser)
        if seat and undo.window(store, table, seat).moves >= 1:
            nxt, seat2 = step(store, table, chooser)
            if seat2 == seat and undo.window(store, nxt, seat).moves >= 2:
                break
    else:
        pytest.skip("no two own moves in a row without dice in this game")
    table = nxt
    once = undo.undo(store, table, seat, now=1002.0).table
    assert undo.window(store, once, seat).moves >= 1
    twice = undo.undo(store, once, seat, now=1003.0).table
    assert twice.state == before
    redo = tables.submit(store, twice, seat, option=1, now=1004.0).table
    check_consistent(store, redo)
    assert verify(full_export(store, redo))["ok"]


def test_undo_by_moves_or_to_seq_and_a_stale_seq(store):
    table = tables.start(store, "clash", {}, seats_for("clash", {}), 1000.0, seed=b"\x03" * 32).table
    chooser = Rng(b"twice", 0)
    for _ in range(200):
        table, seat = step(store, table, chooser)
        if seat and undo.window(store, table, seat).moves >= 1:
            break
    open_ = undo.window(store, table, seat)
    with pytest.raises(tables.StaleSeq):
        undo.undo(store, table, seat, expected_seq=table.seq - 1, now=1002.0)
    with pytest.raises(Closed) as closed:
        undo.undo(store, table, seat, moves=open_.moves + 1, now=1002.0)
    assert closed.value.code == open_.code
    with pytest.raises(Closed) as closed:
        undo.undo(store, table, seat, to_seq=open_.stops[0] + 1, now=1002.0)
    assert closed.value.code == "not_a_stop"
    other = next(s for s in table.seats if s != seat)
    with pytest.raises(Closed) as closed:
        undo.undo(store, table, other, now=1002.0)
    assert closed.value.code in ("other_seat", "start", "dice", "revealed")
    once = undo.undo(store, table, seat, to_seq=open_.stops[0], idempotency_key="k1", now=1002.0)
    again = undo.undo(store, once.table, seat, to_seq=open_.stops[0], idempotency_key="k1", now=1003.0)
    assert again.replayed and load(store, table.id).seq == once.table.seq


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_consent_rollback_goes_back_past_other_seats_and_verifies(store, name):
    options = GAMES[name]
    table = tables.start(store, name, options, seats_for(name, options), 1000.0, seed=bytes([len(name) + 1]) * 32).table
    chooser = Rng(b"rollback " + name.encode(), 0)
    while table.seq < 40 and table.result() is None:
        table, seat = step(store, table, chooser)
        if seat and undo.window(store, table, seat).stops and not chooser.below(4):
            table = undo.undo(store, table, seat, now=1002.0).table
    entries = [envelope.loads(e) for e in store.read(table.id)]
    ends = [b[-1]["seq"] for b in envelope.batches(entries)][1:-1]
    to = ends[len(ends) // 2]
    asker = next(s for s in table.seats if not table.is_bot(s))
    request, done = rollback.ask(store, table, asker, to, "a misread rule", 1003.0)
    voters = request.voters
    assert (done is None) == bool(voters)
    for voter in voters:
        assert rollback.pending(store, table).id == request.id
        request, outcome, done = rollback.vote(store, table, voter, request.id, rollback.AGREE, 1004.0)
    assert done is not None
    back = done.table
    assert back.state == state_at(store, back, to) and back.prompts() == back.game.prompts(state_at(store, back, to))
    check_consistent(store, back)
    event = envelope.loads(store.read(back.id, after=back.seq - 1)[0])["event"]
    assert event["type"] == "rollback" and event["agreed"] == sorted(voters) and event["asked_by"] == asker
    assert table.doc["seed"] not in json.dumps(event)
    for _ in range(15):
        if back.result() is not None:
            break
        back, _seat = step(store, back, chooser)
    check_consistent(store, back)
    report = verify(full_export(store, back))
    assert report["ok"], report["problems"]


def test_the_other_seat_reads_what_stands_and_that_a_move_was_taken_back(store):
    from tables.notices import summary_since_last_move
    from tests.helpers import SEATS
    table = tables.start(store, "duel", {}, SEATS, 1000.0).table
    table = tables.submit(store, table, "north", option=3, now=1001.0).table
    table = undo.undo(store, table, "north", now=1002.0).table
    table = tables.submit(store, table, "north", option=1, now=1003.0).table
    lines = summary_since_last_move(store, table, "south")
    assert "Nora took back 1 move (the table is back at event 3)." in lines
    assert "north adds 1 (total 1)." in lines and not any("adds 3" in line for line in lines)


def test_a_written_rollback_command():
    from tables import rollback
    assert rollback.command(["rollback 12"]) == (12, "")
    assert rollback.command(["Rollback 12: we misread 8.5.6."]) == (12, "we misread 8.5.6")
    assert rollback.command(["roll back to event 7 - a misdeal", "sorry!"]) == (7, "a misdeal sorry!")
    assert rollback.command(["rollback #3"]) == (3, "")
    for not_one in (["rollback"], ["rollback twelve"], ["rollback 12 please"], ["undo"], ["3"], []):
        assert rollback.command(not_one) is None, not_one
