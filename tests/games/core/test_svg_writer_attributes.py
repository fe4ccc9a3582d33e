"""svg.tostring writes attributes as ElementTree does: plain values as they are, any value with a
character to escape escaped (and its neighbours as they are), a namespaced name left to ElementTree."""

import xml.etree.ElementTree as ET

from games.core import svg


def _same(root: ET.Element) -> None:
    assert svg.tostring(root) == ET.tostring(root, encoding="unicode")


def test_plain_and_escaped_attributes_are_written_as_elementtree_writes_them():
    d = svg.Drawing(100, 50, "Tom & Jerry <\"quoted\">")
    d.text(None, 1, 2, "a < b & c", 10, data_label='Say "hi" & <bye>\n\tnow', class_="plain")
    d.rect(None, 0, 0, 5, 5, fill="#fff", data_note="nothing to escape")
    d.el(None, "g", data_a="plain", data_b="a&b", data_c="plain too")
    _same(d.root)
    assert 'data-b="a&amp;b"' in d.tostring() and 'data-a="plain"' in d.tostring()


def test_a_namespaced_attribute_is_left_to_elementtree():
    root = ET.Element("svg", {"xmlns": svg.SVG_NS})
    ET.SubElement(root, "a", {"{http://www.w3.org/1999/xlink}href": "#x", "data-x": "1"})
    assert svg.drawn(svg.Drawing(10, 10, "t").tostring()) is not None
    text, written = svg._written(root)
    assert written is None and text == ET.tostring(root, encoding="unicode")
