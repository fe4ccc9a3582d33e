"""The crop's SVG is written by board_crop.write, which must write exactly what ElementTree writes:
each game's picture, and text or attributes that need escaping, tails, empty elements; a picture with
another namespace is left to ElementTree."""

import copy
import xml.etree.ElementTree as ET

import pytest

import games
from games.core import Rng, fold
from workers import board_crop


def tostring(root):
    ET.register_namespace("", board_crop.SVG_NS[1:-1])
    return ET.tostring(root, encoding="unicode")


@pytest.mark.parametrize("name", ["labyrinth", "clash", "lafamiglia", "jaggedalliance"])
def test_each_game_s_picture_is_written_as_elementtree_writes_it(name):
    game = games.get(name)
    seats = list(game.seats)[:2] if name == "jaggedalliance" else list(game.seats)
    options = {"players": 2, "scenario": "1"} if name == "jaggedalliance" else {}
    state = fold(game, copy.deepcopy(game.start(game.resolve_options(options, {}), seats, Rng(b"writer", 0))))
    svg = game.picture(game.view(state, seats[0]), seats[0])
    root = ET.fromstring(svg)
    assert len(list(root.iter())) > 50
    assert board_crop.write(root) == tostring(root)


def test_escapes_tails_and_empty_elements_as_elementtree():
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10">'
           '<g data-area="A &amp; B"><text x="1" y="2" data-x="say &quot;hi&quot;&#10;&#9;&#13;&lt;&gt;">'
           'R&amp;D &lt;3 &gt; &quot;x&quot;<tspan>in</tspan> tail &amp; more</text><rect x="1" y="1" width="2" '
           'height="2"></rect><title></title></g>  between  <circle cx="1" cy="1" r="1"/></svg>')
    root = ET.fromstring(svg)
    assert board_crop.write(root) == tostring(root)
    assert "R&amp;D &lt;3 &gt;" in board_crop.write(root) and "<rect x=\"1\" y=\"1\" width=\"2\" height=\"2\" />" \
        in board_crop.write(root)


def test_another_namespace_is_left_to_elementtree():
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 9 9">'
           '<use xlink:href="#a"/><rect x="1" y="1" width="2" height="2"/></svg>')
    root = ET.fromstring(svg)
    assert board_crop.write(root) == tostring(root) and "xlink" in board_crop.write(root)
