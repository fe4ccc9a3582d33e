"""The part of a board picture that matters now, legible on a phone: an email's picture is shown
about 351 px wide (a 375 px screen less the margins), where a whole Labyrinth or La Famiglia board
is too small to read. The crop is the same SVG with a narrower viewBox, around the places named by
what happened last and by the question (its words and its options' labels): places are the
elements that name one (``data-country``, ``data-area``, ``data-sea``, ``data-field``, or an id
``sector-<name>``), as every game's picture marks them for the seat page's clicks.

Its width is chosen so that a place's name (its first text) is drawn ``NAME_PX`` pixels high at
``PHONE_PX``; a picture already that legible whole, or one where nothing is named, is not cropped.
The geometry is the pictures' own: absolute coordinates (rect, circle, line, polyline, polygon,
text), no transforms but a small rotation about a shape's own centre.

The crop leaves out the shapes wholly outside its frame (with a margin for strokes and for text
wider than estimated): the renderer lays out and draws every text even where none of it shows,
which was most of a crop's drawing time, and the pixels inside the frame are the same.
"""

import functools
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

SVG_NS = "{http://www.w3.org/2000/svg}"
PHONE_PX = 351         # an email's picture on a 375 px phone: the width less the email's padding
NAME_PX = 10.0         # a place's name at least this high there
PLACE_ATTRIBUTES = ("data-country", "data-area", "data-sea", "data-field", "data-sector")
PLACE_IDS = ("sector-",)
MARGIN = 10.0
WHOLE_ENOUGH = 0.9     # a crop at least this share of the picture's width: the whole picture instead
TALL = 0.85            # the crop at least this tall for its width: some of the board around what matters
OUTSIDE = 24.0         # a shape this far outside the frame is left out (strokes are at most 5 units wide)
GEOMETRY = frozenset(("x", "y", "width", "height", "cx", "cy", "r", "rx", "ry", "x1", "y1", "x2", "y2", "font-size"))
EM_MOST = 1.1          # a text's widest estimate, in ems a character (DejaVu Sans Bold's widest is 1.08)
_G, _TEXT, _TITLE = f"{SVG_NS}g", f"{SVG_NS}text", f"{SVG_NS}title"


@dataclass(frozen=True)
class Box:
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    def union(self, other: "Box") -> "Box":
        return Box(min(self.x0, other.x0), min(self.y0, other.y0), max(self.x1, other.x1), max(self.y1, other.y1))


@dataclass(frozen=True)
class Crop:
    box: Box           # the part shown, in the picture's units
    whole: Box         # the whole picture, in the same units
    places: list[str]  # the places it was cropped around
    root: ET.Element   # the picture, its viewBox narrowed

    @functools.cached_property
    def svg(self) -> str:
        """The picture framed, without what lies outside the frame (written when it is drawn: the
        seat page only places its board by ``box``)."""
        _leave_out(self.root, self.box)
        ET.register_namespace("", SVG_NS[1:-1])
        return ET.tostring(self.root, encoding="unicode")


def crop(svg: str | None, texts: list[str]) -> Crop | None:
    """The picture around the places ``texts`` name (the most telling text first); None when the
    picture is legible whole, names none of them, or cannot be read."""
    if not svg:
        return None
    try:
        root = ET.fromstring(svg)
    except ET.ParseError:
        return None
    whole = _view_box(root)
    places = _places(root)
    if whole is None or not places:
        return None
    named = _named(places, texts)
    if not named:
        return None
    size = _name_size(named[0][1]) or NAME_PX
    width = min(whole.width, PHONE_PX * size / NAME_PX)
    if width >= WHOLE_ENOUGH * whole.width:
        return None
    chosen, box = [], None
    for name, element in named:
        bounds = _bounds(element)
        if bounds is None:
            continue
        trial = bounds if box is None else box.union(bounds)
        if trial.width + 2 * MARGIN <= width and trial.height + 2 * MARGIN <= 1.4 * width:
            chosen.append(name)
            box = trial
    if box is None:
        return None
    height = min(whole.height, max(box.height + 2 * MARGIN, TALL * width))
    shown = _placed(box, width, height, whole)
    root.set("viewBox", " ".join(_num(v) for v in (shown.x0, shown.y0, shown.width, shown.height)))
    root.set("width", _num(shown.width))
    root.set("height", _num(shown.height))
    return Crop(shown, whole, chosen, root)


def _leave_out(parent: ET.Element, shown: Box) -> None:
    """Remove the shapes wholly outside ``shown``; groups stay (they name the places), and so does
    whatever is transformed or whose extent is not known (a path)."""
    left, top, right, bottom = shown.x0 - OUTSIDE, shown.y0 - OUTSIDE, shown.x1 + OUTSIDE, shown.y1 + OUTSIDE
    kept, dropped = [], False
    for child in parent:
        attrib = child.attrib
        if "transform" not in attrib:
            if child.tag == _G:
                _leave_out(child, shown)
            else:
                reach = _reach(child)
                if reach is not None and (reach[2] < left or reach[0] > right or reach[3] < top or reach[1] > bottom):
                    dropped = True
                    continue
        kept.append(child)
    if dropped:
        parent[:] = kept


def _reach(node: ET.Element) -> tuple[float, float, float, float] | None:
    """Where a shape may draw (x0, y0, x1, y1): its geometry, a text at its widest estimate on
    either side; None for what holds more than a tooltip (a text's spans) or has no size of its own."""
    if len(node) and any(child.tag != _TITLE for child in node):
        return None
    if node.tag != _TEXT:
        box = _shape(node)
        return None if box is None else (box.x0, box.y0, box.x1, box.y1)
    attrib = node.attrib
    try:
        x, y, size = float(attrib["x"]), float(attrib["y"]), float(attrib["font-size"])
    except (KeyError, ValueError):
        return None
    width = EM_MOST * size * len(node.text or "")
    return (x - width, y - 1.5 * size, x + width, y + 0.5 * size)


def _view_box(root: ET.Element) -> Box | None:
    try:
        x, y, w, h = (float(v) for v in root.get("viewBox", "").replace(",", " ").split())
    except ValueError:
        return None
    return Box(x, y, x + w, y + h)


def _places(root: ET.Element) -> dict[str, ET.Element]:
    """Every place the picture names, by name (the first element naming it)."""
    out: dict[str, ET.Element] = {}
    for element in root.iter():
        name = next((element.get(a) for a in PLACE_ATTRIBUTES if element.get(a)), None)
        if name is None:
            name = next((element.get("id", "")[len(p):] for p in PLACE_IDS if element.get("id", "").startswith(p)),
                        None)
        if name and name not in out:
            out[name] = element
    return out


def _named(places: dict[str, ET.Element], texts: list[str]) -> list[tuple[str, ET.Element]]:
    """The places named in ``texts``, in the order the texts name them (the first text first)."""
    out, seen = [], set()
    patterns = {name: _pattern(name) for name in places}
    for text in texts:
        low = (text or "").lower()        # a name not in the text at all is not searched for (ASCII names)
        found = sorted((m.start(), name) for name, pattern in patterns.items()
                       if name not in seen and (not name.isascii() or name.lower() in low)
                       for m in [pattern.search(text or "")] if m)
        for _, name in found:
            seen.add(name)
            out.append((name, places[name]))
    return out


@functools.lru_cache(maxsize=4096)
def _pattern(name: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w/])" + re.escape(name) + r"(?![\w/])", re.IGNORECASE)


def _name_size(element: ET.Element) -> float | None:
    """The font size of a place's first text: its name."""
    for node in element.iter(f"{SVG_NS}text"):
        try:
            return float(node.get("font-size", ""))
        except ValueError:
            return None
    return None


def _bounds(element: ET.Element) -> Box | None:
    box = None
    for node in element.iter():
        part = _shape(node)
        if part is not None:
            box = part if box is None else box.union(part)
    return box


def _shape(node: ET.Element) -> Box | None:
    tag = node.tag.removeprefix(SVG_NS)
    f = _floats(node)
    if tag == "rect" and {"x", "y", "width", "height"} <= f.keys():
        return Box(f["x"], f["y"], f["x"] + f["width"], f["y"] + f["height"])
    if tag in ("circle", "ellipse") and {"cx", "cy"} <= f.keys():
        rx, ry = f.get("r", f.get("rx", 0.0)), f.get("r", f.get("ry", 0.0))
        return Box(f["cx"] - rx, f["cy"] - ry, f["cx"] + rx, f["cy"] + ry)
    if tag == "line" and {"x1", "y1", "x2", "y2"} <= f.keys():
        return Box(min(f["x1"], f["x2"]), min(f["y1"], f["y2"]), max(f["x1"], f["x2"]), max(f["y1"], f["y2"]))
    if tag in ("polyline", "polygon"):
        numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", node.get("points", ""))]
        xs, ys = numbers[0::2], numbers[1::2]
        return Box(min(xs), min(ys), max(xs), max(ys)) if xs and ys else None
    if tag == "text" and {"x", "y"} <= f.keys():
        size = f.get("font-size", 10.0)
        width = 0.6 * size * len("".join(node.itertext()))
        left = {"middle": f["x"] - width / 2, "end": f["x"] - width}.get(node.get("text-anchor", ""), f["x"])
        return Box(left, f["y"] - size, left + width, f["y"] + 0.25 * size)
    return None


def _floats(node: ET.Element) -> dict[str, float]:
    out = {}
    for key in GEOMETRY.intersection(node.attrib):
        try:
            out[key] = float(node.attrib[key])
        except ValueError:
            continue
    return out


def _placed(box: Box, width: float, height: float, whole: Box) -> Box:
    """A ``width`` x ``height`` window centred on ``box``, moved inside the whole picture."""
    x = min(max((box.x0 + box.x1 - width) / 2, whole.x0), whole.x1 - width)
    y = min(max((box.y0 + box.y1 - height) / 2, whole.y0), whole.y1 - height)
    return Box(x, y, x + width, y + height)


def _num(value: float) -> str:
    return f"{value:.1f}".removesuffix(".0")
