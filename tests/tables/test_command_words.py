"""A reply's commands in the player's language: the Polish words (with or without diacritics, any
case) are read as the English commands, the rest of the line kept as written; a line that only
begins like a command word, or any move, is left as it is."""

import pytest

from tables import command_words


@pytest.mark.parametrize("written, read", [
    ("cofnij", "undo"), ("Cofnij 2.", "undo 2."), ("wycofaj 12: bo źle kliknąłem", "rollback 12: bo źle kliknąłem"),
    ("zgoda", "agree"), ("Zgadzam się", "agree"), ("odmawiam", "refuse"), ("nie zgadzam sie", "refuse"),
    ("wycisz", "mute"), ("wycisz wszędzie", "mute everywhere"), ("ZESTAWIENIE wszedzie", "digest everywhere"),
    ("natychmiast", "immediate"), ("pomoc", "help"), ("Pomoc!", "help!"),
    ("powiedz: dzięki!", "say: dzięki!"), ("drużyna: biorę Ennę", "team: biorę Ennę"), ("notatka: x", "note: x"),
    ("undo 2", "undo 2"), ("say: hi", "say: hi")])
def test_the_polish_commands_read_as_the_english_ones(written, read):
    assert command_words.english(written) == read


@pytest.mark.parametrize("line", ["cofnijmy się", "b2 pn", "werbunek arabia saudyjska", "zgodawszy", "nie",
                                  "wycisz je wszystkie", "pomocnik"])
def test_a_line_that_is_no_command_is_left_as_it_is(line):
    assert command_words.english(line) == line


def test_the_words_a_polish_email_shows():
    assert command_words.said("undo", "pl") == "cofnij" and command_words.said("agree", "pl") == "zgoda"
    assert command_words.said("undo", "en") == "undo"
