"""Jagged Alliance's board picture in Polish: over random games of each scenario, every label and
hover title of the picture each player and a spectator see is said by the game's catalogue
(locales/pl.po and pl.picture.po), and the said picture is still well-formed SVG."""

import re

import pytest

from games.core import words
from games.jaggedalliance import GAME
from tests.games.picture_kit import parse, positions, texts

GAMES = [({"players": 2, "scenario": "1"}, b"pl-pic-1"), ({"players": 1, "scenario": "2"}, b"pl-pic-2"),
         ({"players": 3, "scenario": "3", "hire": "quick"}, b"pl-pic-3")]


@pytest.fixture(scope="module")
def pictures():
    out = []
    for options, seed in GAMES:
        for made, state in positions(GAME, options, seed, every=15):
            for seat in (*GAME.seats[:options["players"]], None):
                out.append(GAME.picture(GAME.view(state, seat), seat))
    return out


def test_every_label_of_the_picture_is_said_in_polish(pictures):
    assert len(pictures) > 40
    left = sorted({line for svg in pictures for line in words.unsaid_svg("jaggedalliance", svg, "pl")})
    assert left == []


def test_the_said_picture_is_well_formed_and_in_polish(pictures):
    for svg in pictures[::6]:
        said = words.say_svg("jaggedalliance", svg, "pl")
        assert len(texts(parse(said))) == len(texts(parse(svg)))
        assert not re.search(r">(?:Round \d|Liberate:|Pool:|Scenario \d)", said)
        assert "Runda" in said and "Wyzwól:" in said


def test_the_mission_box_and_the_dictator_track_are_said_too():
    for english, polish in [("by 05A Drassen airport (story access)", "przy 05A Lotnisko Drassen (dostęp fabularny)"),
                            ("step 1/3; 2 merc(s), 1 foe(s)", "krok 1/3; najemnicy: 2, wrogowie: 1"),
                            ("level 3: 2 skulls, counterattack", "poziom 3: czaszki: 2, kontratak"),
                            ("Queen Deidranna: threat 1 (+0), night", "Królowa Deidranna: Zagrożenie 1 (+0), noc")]:
        assert words.say("jaggedalliance", english, "pl") == polish
