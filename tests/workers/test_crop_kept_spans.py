"""A drawing's kept parts are copied in whole, their elements' spans kept within them (svg.Written:
``own`` and ``kept``): along random games, each picture drawn again (its parts kept) is the same
text, every element's span is its own text, and the crop copied from the pieces is the crop of
the same text parsed."""

import xml.etree.ElementTree as ET

import pytest

from games.core import svg
from games.labyrinth import GAME as LABYRINTH
from games.lafamiglia import GAME as LAFAMIGLIA
from tests.games.picture_kit import positions
from workers import board_crop


def _places(written: svg.Written) -> list[str]:
    return [name for name, _ in board_crop._naming(written.root.iter())]


@pytest.mark.parametrize("game, seats", [(LABYRINTH, ("us", "jihadist")),
                                         (LAFAMIGLIA, ("southwest", "northeast"))])
def test_crops_copied_from_kept_parts_are_the_parsed_crops(game, seats):
    cropped = 0
    for n, (_, state) in enumerate(positions(game, {}, b"crop kept spans", every=11, limit=400)):
        for seat in seats:
            view = game.view(state, seat)
            first = game.picture(view, seat)
            again = game.picture(view, seat)                 # its parts kept now
            written = svg.drawn(again)
            assert again == first and written is not None
            assert written.kept                              # some parts copied in whole
            for element in list(written.root.iter())[::7]:
                s, e = written.spans[element]
                assert "".join(written.pieces[s:e]) == ET.tostring(element, encoding="unicode")
            places = _places(written)
            for name in places[n % 5::9][:3]:
                mine = board_crop.crop(again, [name])
                parsed = board_crop.crop(str(again).encode().decode(), [name])
                assert (mine is None) == (parsed is None)
                if mine is not None:
                    assert mine.written is written and mine.svg == parsed.svg
                    cropped += 1
        if n >= 6:
            break
    assert cropped >= 10


def test_a_shape_s_extent_and_a_place_s_name_as_before():
    rect = ET.Element("rect", {"x": "1", "y": "2", "width": "3", "height": "4.5"})
    assert board_crop._extent(rect) == (1.0, 2.0, 4.0, 6.5)
    for broken in ({"x": "1", "y": "2", "width": "3"}, {"x": "one", "y": "2", "width": "3", "height": "4"}):
        assert board_crop._extent(ET.Element("rect", broken)) is None
    named = [ET.Element("g", {"id": "sector-North"}), ET.Element("g", {"data-area": "Palermo", "class": "a"}),
             ET.Element("g", {"id": "other"}), ET.Element("rect", {"fill": "#fff"}), ET.Element("g")]
    assert board_crop._naming(named) == [("North", named[0]), ("Palermo", named[1])]
