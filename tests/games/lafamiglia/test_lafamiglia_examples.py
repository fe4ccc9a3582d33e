"""The email's example is a whole turn (issue 22): at every point of random games (seeded), each
asked seat's ``example()`` sent as one reply (parsed and decided line by line, the forced choices
taken in between, as tables/submit.py takes a reply) is applied whole, and covers everything the
seat is asked until the game waits for someone else: another seat (its secret conflict card, its
turn) or a system step; never for this seat again. The setup is one reply per seat."""

import pytest

from games.lafamiglia import GAME
from tests.games.lafamiglia.lafamiglia_kit import decide, forced, new_game, play_random, reply

SEEDS = [(b"examples-1", {}), (b"examples-2", {"families": "first_game"}),
         (b"examples-3", {"identical_cards": "one", "token_return": "end", "bomb_targets": "any"})]


def check_examples(state, events):
    for seat, prompt in GAME.prompts(state).items():
        if seat == "system" or len(prompt["options"]) == 1:       # a single answer: the server takes it
            continue
        lines = GAME.example(state, seat)
        assert lines and len(lines) <= 40, lines
        after, applied, left, refused = reply(state, seat, lines)
        assert refused is None and not left, (lines, refused and refused[1].message, left)
        assert seat not in GAME.prompts(after), (prompt["kind"], lines, GAME.prompts(after)[seat]["text"])


@pytest.mark.parametrize("seed, opts", SEEDS)
def test_every_example_is_applied_whole_and_ends_the_seats_turn(seed, opts):
    moves, _, state = play_random(seed, opts, every=check_examples)
    assert GAME.result(state) and len(moves) > 250


@pytest.mark.parametrize("opts", [{}, {"families": "first_game"}])
def test_the_setup_takes_one_reply_per_seat(opts):
    # spec 3: family, the character card's units and labs, the sheet-0 fields: one reply, applied whole;
    # four players who send their examples are not asked again before the first planning turn
    _, state = new_game(opts, seed=b"one reply")
    replies = []
    while state["phase"] == "setup":
        asked = GAME.prompts(state)
        assert "system" in asked or len(asked) == 1
        if "system" in asked:                   # the markers go down on the fields listed
            _, state = decide(state, "system", asked["system"]["options"][0]["move"])
            state = forced(state)
            continue
        (seat, prompt), = asked.items()
        lines = GAME.example(state, seat)
        state, applied, left, refused = reply(state, seat, lines)
        assert applied == lines and not left and refused is None
        replies.append(seat)
    assert sorted(replies) == sorted(GAME.seats) and state["phase"] == "planning"
    assert all(len(me["pool"]) and me.get("plan") is None for me in state["p"].values())

