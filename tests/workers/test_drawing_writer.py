"""A game's picture is written by svg.tostring, which must write exactly what ElementTree writes (the
pictures are pinned by their text): every game's picture along a random game, escapes, tails, empty
elements; what it does not know (a comment, a namespace, a number not yet text) is left to
ElementTree. Labels are measured through a kept sum: the same widths as summing each time."""

import xml.etree.ElementTree as ET

import pytest

import games
from games.core import svg
from tests.games.picture_kit import positions

GAMES = {"labyrinth": {}, "clash": {}, "lafamiglia": {}, "jaggedalliance": {"players": 2, "scenario": "1"}}


def _drawings(monkeypatch) -> list[ET.Element]:
    """The roots of the drawings written while the test runs."""
    roots: list[ET.Element] = []
    write = svg._written

    def kept(root):
        roots.append(root)
        return write(root)
    monkeypatch.setattr(svg, "_written", kept)
    return roots


@pytest.mark.parametrize("name", GAMES)
def test_each_game_s_pictures_are_written_as_elementtree_writes_them(name, monkeypatch):
    game = games.get(name)
    roots = _drawings(monkeypatch)
    seen = 0
    for _, state in positions(game, GAMES[name], f"drawing writer {name}".encode(), every=23, limit=600):
        for seat in sorted(game.seats)[:2]:
            try:
                seen_state = game.view(state, seat)
            except (KeyError, ValueError):
                continue
            drawn = game.picture(seen_state, seat)
            root = roots[-1]
            assert drawn == '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode")
            seen += 1
        if seen >= 12:
            break
    assert seen >= 6
    assert len(list(roots[-1].iter())) > 50


def test_escapes_tails_and_empty_elements_as_elementtree():
    d = svg.Drawing(100, 50, 'A & B <"title">')
    g = d.group(None, data_area='R&D "x"\n\t\r<>')
    node = d.text(g, 1, 2, "R&D <3 > \"quoted\"", 10, bold=True, anchor="middle", fit=40)
    node.tail = " tail & <more> "
    d.el(g, "title", "")
    d.rect(None, 0, 0, 5, 5, crisp=True, fill="#fff")
    d.el(None, "text", "Zażółć gęślą jaźń ✓", x=1, y=2)
    written = svg.tostring(d.root)
    assert written == ET.tostring(d.root, encoding="unicode")
    assert '<title />' in written and "R&amp;D &lt;3 &gt;" in written and "&#10;&#09;&#13;" in written
    assert d.tostring().startswith('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns=')


def test_what_it_does_not_know_is_left_to_elementtree():
    d = svg.Drawing(10, 10, "t")
    d.root.append(ET.Comment("a comment"))
    ET.SubElement(d.root, "{http://www.w3.org/1999/xlink}use", {"{http://www.w3.org/1999/xlink}href": "#a"})
    assert svg.tostring(d.root) == ET.tostring(d.root, encoding="unicode")
    assert "<!--a comment-->" in svg.tostring(d.root)
    bad = svg.Drawing(10, 10, "t")
    bad.root.set("width", 10)            # a number not yet text: ElementTree says what is wrong
    with pytest.raises(TypeError):
        svg.tostring(bad.root)


def test_widths_are_the_same_as_summed_each_time():
    for text in ["Afghanistan", "MIDDLE EAST", "Zażółć", "", "%mW@ ijl", "Afghanistan"]:
        expected = sum(svg._EM.get(c, 0.7) for c in text)
        assert svg.text_width(text, 10, True) == expected * 10 * 1.1
        assert svg.text_width(text, 9.5) == expected * 9.5
