"""A board picture just drawn is cropped from its drawing's own tree (games/core/svg.drawn), not
parsed again: the crop must be exactly the one cut from the parsed text (its frame, its places, its
SVG to the character), and the drawing's tree must stay as it was written. Any other text (a copy,
a picture with a character a parser would change) is parsed, as before."""

import xml.etree.ElementTree as ET

import pytest

import games
from games.core import svg
from tests.games.picture_kit import positions
from workers import board_crop

GAMES = {"labyrinth": {}, "clash": {}, "lafamiglia": {}, "jaggedalliance": {"players": 2, "scenario": "1"}}


def _names(text: str) -> list[str]:
    """A few places the picture names, as an email's focus texts name them."""
    places = list(board_crop._places(ET.fromstring(text)))
    return [f"Something happened in {places[len(places) // 3]}.", f"Where now? {places[-1]} or {places[0]}"]


@pytest.mark.parametrize("name", GAMES)
def test_a_drawing_is_cropped_from_its_tree_exactly_as_from_its_parsed_text(name):
    game = games.get(name)
    cropped = 0
    for _, state in positions(game, GAMES[name], f"crop from drawing {name}".encode(), every=29, limit=600):
        seat = sorted(game.seats)[0]
        drawn = game.picture(game.view(state, seat), seat)
        written = svg.drawn(drawn)
        assert written is not None                    # every game draws plainly
        tree = written.root
        before = svg.tostring(tree)
        copy = drawn.encode().decode()
        assert copy is not drawn and svg.drawn(copy) is None
        texts = _names(drawn)
        mine, parsed = board_crop.crop(drawn, texts), board_crop.crop(copy, texts)
        assert (mine is None) == (parsed is None)
        if mine is not None:
            assert mine.ns == "" and parsed.ns == board_crop.SVG_NS
            assert (mine.box, mine.whole, mine.places) == (parsed.box, parsed.whole, parsed.places)
            assert mine.svg == parsed.svg and mine.svg.count("<text") < drawn.count("<text")
            cropped += 1
        assert svg.tostring(tree) == before          # the drawing's tree is not changed by a crop
        if cropped >= 3:
            break
    assert cropped >= 1 or name == "clash"


def _board(label: str) -> str:
    d = svg.Drawing(1200, 600, "A board")
    for place, x in (("Iraq", 20), ("Iran", 900)):
        g = d.group(None, data_country=place)
        d.rect(g, x, 20, 90, 80, fill="#eee")
        d.text(g, x + 4, 34, place, 12)
        d.text(g, x + 4, 60, label, 9)
    d.text(None, 1100, 580, "far away", 9)
    return d.tostring()


def test_a_document_brings_its_own_drawing_and_a_copy_of_its_text_is_parsed():
    first = _board("a")
    second = _board("b")
    assert svg.drawn(first) is not None and svg.drawn(second) is not None
    assert svg.drawn(first).root is not svg.drawn(second).root
    copy = second.encode().decode()                       # the same text, not the drawing's document
    assert svg.drawn(copy) is None
    mine = board_crop.crop(second, ["Iraq"])
    assert mine is not None and mine.ns == "" and mine.svg == board_crop.crop(copy, ["Iraq"]).svg
    assert board_crop.crop(copy, ["Iraq"]).ns == board_crop.SVG_NS
    assert board_crop.crop(first, ["Iraq"]).ns == ""
    assert "far away" not in mine.svg and "Iran" in mine.svg     # outside the frame: left out (Iran's group stays)


def test_a_character_a_parser_changes_is_read_as_parsed():
    text = _board("line\rbreak")
    mine = board_crop.crop(text, ["Iraq"])
    assert mine.ns == board_crop.SVG_NS                # parsed: the carriage return read as a line feed
    assert "line\nbreak" in mine.svg and "\r" not in mine.svg


def test_a_drawing_elementtree_writes_is_not_kept():
    d = svg.Drawing(100, 50, "t")
    d.root.append(ET.Comment("a comment"))
    text = d.tostring()
    assert "<!--a comment-->" in text and svg.drawn(text) is None


def test_a_copied_crop_closes_an_emptied_group_and_keeps_tails_as_a_parsed_one():
    d = svg.Drawing(1200, 600, "Tails")
    g = d.group(None, data_country="Iraq")
    d.rect(g, 20, 20, 90, 80, fill="#eee")
    d.text(g, 24, 34, "Iraq", 12).tail = "\n  after & <Iraq> "
    far = d.group(None, id="far")                      # every shape in it outside the frame: closed empty
    d.text(far, 1100, 580, "far & away", 9).tail = " gone "
    d.rect(far, 1000, 500, 20, 20)
    d.el(None, "path", d="M 0 0 L 5 5")                # no extent known: kept
    text = d.tostring()
    written = svg.drawn(text)
    assert "".join(written.pieces) == text.split("\n", 1)[1]
    mine, parsed = board_crop.crop(text, ["Iraq"]), board_crop.crop(text.encode().decode(), ["Iraq"])
    assert mine.written is written and parsed.written is None
    assert mine.svg == parsed.svg
    assert '<g id="far" />' in mine.svg and "after &amp; &lt;Iraq&gt;" in mine.svg and "far &amp; away" not in mine.svg
    assert '<path d="M 0 0 L 5 5" />' in mine.svg
