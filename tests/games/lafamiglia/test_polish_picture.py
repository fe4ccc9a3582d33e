"""La Famiglia's board picture in Polish: over random games, every label and hover title of the
picture each family and a spectator see is said by the game's catalogue (locales/pl.po and
pl.picture.po), the said picture is still well-formed SVG, and a label fitted to a width stays within it."""

import re

import pytest

from games.core import words
from games.core.svg import text_width
from games.lafamiglia import GAME
from tests.games.picture_kit import parse, positions, texts

GAMES = [({}, b"pl-pic-1"), ({"families": "first_game", "unknown_tiles": "blank"}, b"pl-pic-2")]


@pytest.fixture(scope="module")
def pictures():
    out = []
    for options, seed in GAMES:
        for made, state in positions(GAME, options, seed, every=25):
            for seat in (*GAME.seats, None):
                out.append(GAME.picture(GAME.view(state, seat), seat))
    return out


def test_every_label_of_the_picture_is_said_in_polish(pictures):
    assert len(pictures) > 40
    left = sorted({line for svg in pictures for line in words.unsaid_svg("lafamiglia", svg, "pl")})
    assert left == []


def test_the_said_picture_is_well_formed_and_in_polish(pictures):
    for svg in pictures[::5]:
        said = words.say_svg("lafamiglia", svg, "pl")
        assert len(texts(parse(said))) == len(texts(parse(svg)))
        assert said != svg
        assert not re.search(r">(?:You play|Observer's view|Tiles:|Round \d)", said)
    assert "faza planowania" in "".join(words.say_svg("lafamiglia", svg, "pl") for svg in pictures)


def test_a_fitted_label_said_in_polish_is_shrunk_to_its_width(pictures):
    for svg in pictures[::9]:
        for m in re.finditer(r'<text ([^>]*data-fit="([\d.]+)"[^>]*)>([^<]+)</text>',
                             words.say_svg("lafamiglia", svg, "pl")):
            size = float(re.search(r'font-size="([\d.]+)"', m.group(1)).group(1))
            if size > 7:                                  # the smallest size a label is given
                bold = 'font-weight="bold"' in m.group(1)
                assert text_width(m.group(3), size, bold) <= float(m.group(2)) * 1.02, m.group(3)   # sizes are rounded
