"""Labyrinth's board picture in Polish: over random games (two players and solo, several scenarios),
every label, hover title and paragraph of the picture each side and a spectator see is said by the
game's catalogue (locales/pl.po, pl.box.po and pl.picture.po); a card's text and a line under the map
are said whole and wrapped again into their lines; the said picture is still well-formed SVG."""

import re

import pytest

from games.core import words
from games.core.svg import Drawing, text_width
from games.labyrinth import GAME
from tests.games.picture_kit import parse, positions, texts

GAMES = [({"scenario": "lets_roll"}, b"pl-pic-1"), ({"scenario": "anaconda", "events": "off"}, b"pl-pic-2"),
         ({"scenario": "mission_accomplished", "events": "off"}, b"pl-pic-3"),
         ({"scenario": "you_can_call_me_al"}, b"pl-pic-4")]


@pytest.fixture(scope="module")
def pictures():
    out = []
    for options, seed in GAMES:
        for made, state in positions(GAME, options, seed, every=40):
            for seat in (*GAME.seats, None):
                out.append(GAME.picture(GAME.view(state, seat), seat))
    return out


def test_every_label_of_the_picture_is_said_in_polish(pictures):
    assert len(pictures) > 30
    left = sorted({line for svg in pictures for line in words.unsaid_svg("labyrinth", svg, "pl")})
    assert left == []


def test_the_said_picture_is_well_formed_with_its_cards_texts_said_whole(pictures):
    cards = 0
    for svg in pictures[::4]:
        said = words.say_svg("labyrinth", svg, "pl")
        assert len(texts(parse(said))) <= len(texts(parse(svg)))        # a paragraph may need fewer lines
        assert not re.search(r">(?:Your hand|How to read the map|US event:|Jihadist event:|Either side:|Deck \d)", said)
        for title, lines in re.findall(r'data-wrap="[\d.]+"[^>]*><title>([^<]*)</title>((?:<text[^>]*>[^<]*</text>)+)',
                                       said):
            shown = " ".join(re.findall(r">([^<]*)</text>", lines))
            assert shown.rstrip("…") and title.startswith(shown.rstrip("…").split(" ")[0])
            cards += title.startswith(("Zdarzenie", "Obie strony"))
    assert cards > 5


def test_a_paragraph_is_said_whole_and_wrapped_again():
    d = Drawing(300, 100, "x")
    d.paragraph(None, 5, 20, "US event: Place the NEST marker: WMD plots placed in the US are always face up.", 9.5, 150, 4, 12)
    english = d.tostring()
    assert len(re.findall(r"<text", english)) > 1                       # wrapped in English
    said = words.say_svg("labyrinth", english, "pl")
    title = re.search(r"<g [^>]*><title>([^<]*)</title>", said).group(1)
    assert title.startswith("Zdarzenie US: ") and "always" not in title
    lines = re.findall(r">([^<]*)</text>", said)
    assert title.startswith(" ".join(lines).rstrip("…")) and len(lines) <= 4
    assert all(text_width(line, 9.5) <= 150 for line in lines)
    assert words.unsaid_svg("labyrinth", english, "pl") == []
