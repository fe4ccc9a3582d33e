"""CLASH's board picture in Polish: over random matches, every label and hover title of the picture
each seat and a spectator see is said by the game's catalogue (locales/pl.po and pl.picture.po),
the said picture is still well-formed SVG, and a label fitted to a width stays within it."""

import re

import pytest

from games.clash import GAME
from games.core import words
from games.core.svg import text_width
from tests.games.picture_kit import parse, positions, texts

MATCHES = [({}, b"pl-pic-1"), ({"match": "points", "neutrals": "random_support"}, b"pl-pic-2"),
           ({"match": "single", "unknown_neutral": "blank", "long_game": True}, b"pl-pic-3")]


def _pictures():
    for options, seed in MATCHES:
        for made, state in positions(GAME, options, seed, every=3):
            for seat in (*GAME.seats, None):
                yield GAME.picture(GAME.view(state, seat), seat)


@pytest.fixture(scope="module")
def pictures():
    return list(_pictures())


def test_every_label_of_the_picture_is_said_in_polish(pictures):
    assert len(pictures) > 50
    left = sorted({line for svg in pictures for line in words.unsaid_svg("clash", svg, "pl")})
    assert left == []


def test_the_said_picture_is_well_formed_and_in_polish(pictures):
    changed = 0
    for svg in pictures[::7]:
        said = words.say_svg("clash", svg, "pl")
        root = parse(said)
        assert len(texts(root)) == len(texts(parse(svg)))
        changed += said != svg
        assert "waiting for" not in said and "your move" not in said
    assert changed == len(pictures[::7])
    first = words.say_svg("clash", pictures[0], "pl")
    assert "Strefa neutralna" in first and "wyłożenie 1" in first


def test_a_fitted_label_said_in_polish_is_shrunk_to_its_width(pictures):
    for svg in pictures[::11]:
        for m in re.finditer(r'<text ([^>]*data-fit="([\d.]+)"[^>]*)>([^<]+)</text>', words.say_svg("clash", svg, "pl")):
            size = float(re.search(r'font-size="([\d.]+)"', m.group(1)).group(1))
            bold = 'font-weight="bold"' in m.group(1)
            if size > 7:                                  # the smallest size a label is given
                assert text_width(m.group(3), size, bold) <= float(m.group(2)) * 1.02, m.group(3)   # sizes are rounded
