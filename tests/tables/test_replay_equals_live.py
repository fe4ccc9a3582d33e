"""For every game: the state a process holds after a move (the live fold) lists the same prompts
and options, in the same order, as a fresh load from Redis and as a fold of the stored log from
the start; and the view at every seq renders. Random games through the real store."""

import pytest

import games
import tables
from games.core import SYSTEM, Rng, fold
from tables import envelope
from tables.model import load, state_at

GAMES = ["clash", "labyrinth", "duel"]


def seats_for(game):
    return {seat: {"name": seat, "email": f"{seat}@example.org"} for seat in game.seats}


@pytest.mark.parametrize("name", GAMES)
def test_live_state_equals_a_fresh_load_and_a_full_fold(store, name):
    game = games.get(name)
    table = tables.start(store, name, {}, seats_for(game), 1000.0, seed=bytes([len(name)]) * 32).table
    chooser = Rng(b"replay equals live " + name.encode(), 0)
    for _ in range(150 if name == "labyrinth" else 400):
        if table.result() is not None:
            break
        prompts = table.prompts()
        seat = sorted(prompts)[0]
        if seat == SYSTEM:
            table = tables.advance(store, table.id, now=1001.0, step_cap=1).table
            live = table
        else:
            options = prompts[seat]["options"]
            option = chooser.below(len(options)) + 1
            live = tables.submit(store, table, seat, option=option, expected_seq=table.seq, now=1001.0).table
        loaded = load(store, live.id)
        stored = [envelope.loads(e)["event"] for e in store.read(live.id)]
        assert loaded.seq == live.seq
        assert live.prompts() == loaded.prompts() == game.prompts(fold(game, stored))
        table = live
    ends = [batch[-1]["seq"] for batch in envelope.batches([envelope.loads(e) for e in store.read(table.id)])]
    for seq in ends[::5]:                     # after each decision (snapshots + tail vs a full fold)
        assert game.prompts(state_at(store, table, seq)) == game.prompts(fold(game, stored[:seq]))
