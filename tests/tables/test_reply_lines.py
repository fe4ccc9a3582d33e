"""Issue 22: each line of a reply is read as a move, a command or words for the other players, by
the game's own vocabulary. For the four games at several points of random games: the email's own
example and every option's notation are moves; a greeting is words; a mistyped move is a move (so
it is refused as one, never sent on as chat); `say:`, `team:` and `note:` take their line and the
lines under it that are no moves, never a move and never at `;`."""

import pytest

import tables
from games.core import SYSTEM, Rng
from tables import reply_lines
from tables.reply_lines import COMMAND, MOVE, WORDS, read
from tests.tables.test_undo import GAMES, seats_for

GREETINGS = ["Nice one, Bob!", "Hi Ann,", "Good luck :)", "Thanks for the game so far.", "Well played!",
             "Sorry for the delay, busy week.", "Hello from Kraków!", "Ha, didn't see that coming", "🙂"]
MISTYPED = {"clash": ["hackr b2 n", "presidnt c3 s b2"], "labyrinth": ["reqruit afghanistan", "27 ops woi pakstan"],
            "lafamiglia": ["feild 1a2", "finese"], "jaggedalliance": ["actvate ivan", "fire ak47 burst e9999"]}
COMMANDS = ["help", "undo", "undo 2", "mute", "digest everywhere", "rules", "rules disrupt", "agree",
            "rollback 12: a misclick"]


def positions(store, name, count=4):
    """The table at the first ``count`` points where a person is asked something (a random game)."""
    options = GAMES[name]
    table = tables.start(store, name, options, seats_for(name, options), 1000.0, seed=bytes([7]) * 32).table
    chooser = Rng(b"reply lines " + name.encode(), 0)
    found = 0
    for _ in range(400):
        prompts = table.prompts()
        people = sorted(s for s in prompts if s != SYSTEM and len(prompts[s].get("options") or []) > 1)
        if people and (found == 0 or chooser.below(4) == 0):
            yield table, people[0]
            found += 1
            if found == count:
                return
        seat = sorted(prompts)[0]
        if seat == SYSTEM:
            table = tables.advance(store, table.id, now=1001.0, step_cap=1).table
            continue
        option = chooser.below(len(prompts[seat]["options"])) + 1
        table = tables.submit(store, table, seat, option=option, expected_seq=table.seq, now=1001.0).table
    assert found, "no person was asked anything"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_games_own_words_are_moves_and_greetings_are_words(store, name):
    for table, seat in positions(store, name):
        game, state = table.game, table.state
        notations = [game.notate(state, seat, o["move"]) for o in table.prompts()[seat]["options"]]
        for line in [*game.example(state, seat), *(n for n in notations if n), "1", "2"]:
            assert reply_lines.kind(table, seat, line) != WORDS, line           # a move (or a lookup: 'card 20')
        for line in GREETINGS:
            assert reply_lines.kind(table, seat, line) == WORDS, line
        for line in MISTYPED[name]:
            assert reply_lines.kind(table, seat, line) == MOVE, line       # refused as a move, never chat
        for line in COMMANDS:
            assert reply_lines.kind(table, seat, line) == COMMAND, line


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_greeting_above_the_turn_is_a_message_and_the_turn_is_moves(store, name):
    table, seat = next(positions(store, name, 1))
    turn = table.game.example(table.state, seat) or ["1"]
    reading = read(table, seat, ["Nice one, Bob!", "Didn't see that coming.", *turn, "Your move; good luck!"])
    assert reading.moves == [part.strip() for line in turn for part in line.split(";")]
    assert reading.said == [(WORDS, "Nice one, Bob!\nDidn't see that coming.\nYour move; good luck!")]


def test_say_team_and_note_take_their_line_and_what_follows_but_never_a_move(store):
    table, seat = next(positions(store, "lafamiglia", 1))
    move = table.game.notate(table.state, seat, table.prompts()[seat]["options"][0]["move"])
    reading = read(table, seat, ["team: Enna first; then Licata", "and keep two soldati home", move,
                                 "Say: good game; really", "NOTE: they hold Bronte", "2"])
    assert reading.said == [("team", "Enna first; then Licata\nand keep two soldati home"),
                            ("say", "good game; really"), ("note", "they hold Bronte")]
    assert reading.moves == [move, "2"]


def test_a_rollback_keeps_its_reason_and_commands_stay_commands(store):
    table, seat = next(positions(store, "clash", 1))
    assert read(table, seat, ["Hi!", "rollback 4: a misclick", "sorry about that"]).moves == \
        ["rollback 4: a misclick", "sorry about that"]
    assert read(table, seat, ["card 27", "help"]).said == []
    assert read(table, seat, ["1; 2", "say: a; b"]).moves == ["1", "2"]
