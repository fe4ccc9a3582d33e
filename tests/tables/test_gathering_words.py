"""An email to new@ read into a request (issue 21): the game named in the subject or the first line,
a line per seat, options and time, and what is not read named rather than guessed."""

import pytest

from tables.errors import Invalid
from tables.gathering_words import game_named, read

ANN = ("ann@example.org", "Ann")


@pytest.mark.parametrize("text, game", [
    ("clash", "clash"), ("Re: CLASH", None), ("CLASH: Jihad vs McWorld", "clash"), ("labyrinth solo", "labyrinth"),
    ("La Famiglia", "lafamiglia"), ("lafamiglia please", "lafamiglia"), ("Jagged Alliance 3 players", "jaggedalliance"),
    ("chess", None), ("a game of clash?", None),
])
def test_a_game_is_named_by_its_name_or_title(text, game):
    found = game_named(text)
    assert (found.name if found else None) == game


def test_seats_options_and_time_are_read_and_the_rest_named():
    body, unread = read("clash", ["Hi Bob!", "mcworld: me", "jihad: Bob Smith <bob@example.org>", "match: single",
                                   "time: fast", "timeout: me", "public: yes", "see you"], *ANN)
    assert body["creator"] == {"name": "Ann", "email": "ann@example.org", "seat": "mcworld"}
    assert body["seats"] == {"jihad": {"name": "Bob Smith", "email": "bob@example.org"}}
    assert body["options"] == {"match": "single"} and body["time_control"] == {"kind": "clock", "preset": "fast"}
    assert body["on_timeout"] == "host" and body["public"] is True
    assert unread == ["Hi Bob!", "see you"]


def test_bots_open_seats_and_a_first_line_naming_the_game():
    body, _ = read("Let's play", ["la famiglia", "southwest: me", "southeast: sofia@example.org", "northeast: open",
                                  "northwest: bot standing"], *ANN)
    assert body["game"] == "lafamiglia"
    assert body["seats"] == {"southeast": {"name": "", "email": "sofia@example.org"}, "northeast": {"open": True},
                             "northwest": {"bot": "standing"}}


def test_solo_seats_the_jihadist_bot_and_the_sender_takes_the_free_seat():
    body, _ = read("labyrinth solo", [], *ANN)
    assert body["seats"] == {"jihadist": {"bot": "jihadist"}} and body["creator"]["seat"] == "us"


def test_players_choose_the_seats_of_a_coop_game():
    body, _ = read("jagged alliance 3 players", ["merc2: bot", "merc3: open"], *ANN)
    assert body["options"] == {"players": 3} and body["creator"]["seat"] == "merc1"
    assert body["seats"]["merc2"] == {"bot": "sensible"}


@pytest.mark.parametrize("subject, lines, code", [
    ("chess", ["white: me"], "unknown_game"),
    ("clash", ["mcworld: me", "jihad: me"], "bad_seats"),
    ("clash", ["match: forever"], "bad_option"),
    ("clash", ["time: whenever"], "bad_time_control"),
    ("clash", ["mcworld: bob@example.org", "jihad: carol@example.org"], "no_creator"),
])
def test_what_cannot_be_read_is_refused_with_a_sentence(subject, lines, code):
    with pytest.raises(Invalid) as refused:
        read(subject, lines, *ANN)
    assert refused.value.code == code and refused.value.message.endswith((".", "'."))
