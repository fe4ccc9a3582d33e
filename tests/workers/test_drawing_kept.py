"""A kept element (svg.keep: a part a game draws into several pictures, never changed) is written
once and copied into each picture: the same text as ElementTree writes, and every element in it
at its place among the pieces written, so that a crop copied from them is the parsed one's."""

import xml.etree.ElementTree as ET

from games.core import svg
from workers import board_crop


def _part() -> ET.Element:
    scratch = svg.Drawing(1, 1, "")
    holder = ET.Element("g")
    g = scratch.group(holder, data_country="Iraq")
    scratch.rect(g, 20, 20, 90, 80, fill="#eee")
    scratch.text(g, 24, 34, "Iraq & <friends>", 12)
    scratch.el(g, "path", d="M 0 0")
    svg.keep(holder[0])
    return holder[0]


def _picture(part: ET.Element, title: str) -> str:
    d = svg.Drawing(1200, 600, title)
    d.text(None, 5, 5, title, 9)
    d.root.append(part)
    d.text(None, 1100, 580, "after", 9)
    return d.tostring()


def test_a_kept_part_is_written_the_same_into_each_picture():
    part = _part()
    first = _picture(part, "one")
    assert first.split("\n", 1)[1] == ET.tostring(svg.drawn(first).root, encoding="unicode")
    second = _picture(part, "two, longer")
    written = svg.drawn(second)
    assert written.root[-2] is part
    for element in part.iter():                  # each element of the kept part at its own place
        s, e = written.spans[element]
        assert "".join(written.pieces[s:e]) == ET.tostring(element, encoding="unicode")
    assert second.split("\n", 1)[1] == ET.tostring(written.root, encoding="unicode")
    mine, parsed = board_crop.crop(second, ["Iraq"]), board_crop.crop(second.encode().decode(), ["Iraq"])
    assert mine.written is written and mine.svg == parsed.svg and ">after<" not in mine.svg


def test_only_the_kept_element_itself_is_copied():
    part = _part()
    _picture(part, "one")
    other = ET.fromstring(ET.tostring(part))           # an equal element, not kept: written as it is
    other[1].text = "changed"
    d = svg.Drawing(100, 100, "t")
    d.root.append(other)
    assert ">changed<" in d.tostring()
