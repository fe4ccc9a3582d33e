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

A picture just drawn (games/core/svg.py's Drawing, the very text it wrote) is read from its
drawing's tree rather than parsed again, and that tree is never changed: the crop is copied from
the pieces of text the drawing wrote, its root's frame anew and without what lies outside, the
same text as the parsed picture's crop written again.
"""

import functools
import re
import threading
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from tables import drawings as drawing

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
    root: ET.Element   # the picture (not changed: the frame is given when it is written)
    frame: dict[str, str] = field(default_factory=dict)    # the root's viewBox, width and height
    ns: str = SVG_NS   # the tags' namespace: "" for a drawing's own tree (plain tags)
    written: drawing.Written | None = None     # the drawing as written, when the picture is one

    @functools.cached_property
    def svg(self) -> str:
        """The picture framed, without what lies outside the frame (written when it is drawn: the
        seat page only places its board by ``box``)."""
        if self.written is not None:
            return _copied(self.written, self.box, self.frame)
        return _framed(self.root, self.box, self.frame)


def crop(svg: str | None, texts: list[str]) -> Crop | None:
    """The picture around the places ``texts`` name (the most telling text first); None when the
    picture is legible whole, names none of them, or cannot be read."""
    if not svg:
        return None
    root, ns, written = _tree(svg)
    if root is None:
        return None
    whole = _view_box(root)
    places = _places(root, ns)
    if whole is None or not places:
        return None
    named = _named(places, texts)
    if not named:
        return None
    size = _name_size(named[0][1], ns) or NAME_PX
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
    frame = {"viewBox": " ".join(_num(v) for v in (shown.x0, shown.y0, shown.width, shown.height)),
             "width": _num(shown.width), "height": _num(shown.height)}
    return Crop(shown, whole, chosen, root, frame, ns, written)


_XML_ILL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\r\ufffe\uffff]")
_URI = SVG_NS[1:-1]


def _tree(svg: str) -> tuple[ET.Element | None, str, drawing.Written | None]:
    """The picture's tree, its tags' namespace and the drawing as written: the drawing's own (plain
    tags) when ``svg`` is the text a drawing just wrote and parsing it would give the same (no
    character a parser drops or changes), else the text parsed; (None, "", None) when it does not read."""
    written = drawing.drawn(svg)
    if written is not None and written.root.tag == "svg" and written.root.get("xmlns") == _URI \
            and _XML_ILL.search(svg) is None:
        return written.root, "", written
    try:
        return ET.fromstring(svg), SVG_NS, None
    except ET.ParseError:
        return None, "", None


def _framed(root: ET.Element, shown: Box, frame: dict[str, str]) -> str:
    """A parsed picture written with ``frame`` as its root's attributes, without the shapes wholly
    outside ``shown`` (_leave_out), as ElementTree writes that (a picture it alone can write is
    changed so and written by it)."""
    out: list[str] = []
    try:
        _write(root, out.append, f' xmlns="{_URI}"', _outside(shown), frame)
    except _Other:
        for key, value in frame.items():
            root.set(key, value)
        _leave_out(root, shown)
        ET.register_namespace("", _URI)
        return ET.tostring(root, encoding="unicode")
    return "".join(out)


def _outside(shown: Box) -> tuple[float, float, float, float]:
    """The bounds beyond which a shape is left out."""
    return (shown.x0 - OUTSIDE, shown.y0 - OUTSIDE, shown.x1 + OUTSIDE, shown.y1 + OUTSIDE)


def _copied(written: drawing.Written, shown: Box, frame: dict[str, str]) -> str:
    """A drawing's crop, copied from the pieces it wrote: the root's start tag with ``frame`` (and
    its xmlns first, as ElementTree writes a parsed picture), the shapes wholly outside ``shown``
    left out as _leave_out leaves them, a group left empty so closed as ElementTree closes it."""
    root = written.root
    attrib = {**{k: v for k, v in root.attrib.items() if k != "xmlns"}, **frame}
    head = "".join(["<svg", f' xmlns="{_URI}"',
                    *(f' {k}="{drawing.escape_attribute(v)}"' for k, v in attrib.items()), ">",
                    drawing.escape_text(root.text) if root.text else ""])
    out: list[str] = []
    _copy(root, written, _outside(shown), out, head)
    return "".join(out)


def _copy(node: ET.Element, written: drawing.Written, bounds: tuple[float, float, float, float],
          out: list[str], head: str | None = None, at: int = 0, spans: dict | None = None) -> None:
    """``node`` copied, its span ``spans[node]`` from ``at`` on (the drawing's own spans, or a kept
    part's within it: Written)."""
    pieces = written.pieces
    if spans is None:
        spans = written.own
    start, end = spans[node]
    start, end = start + at, end + at
    if not len(node):
        out += pieces[start:end]
        return
    tail = pieces[end - 1] if node.tail else None
    close = pieces[end - 2] if tail is not None else pieces[end - 1]
    opening = pieces[start] if head is None else head
    kept = _kept(node, "", bounds)
    if node.text or kept:
        out.append(opening)
        parts = written.kept if spans is written.own else None
        for child, within in kept:
            if within is None:
                s, e = spans[child]
                out += pieces[s + at:e + at]
            elif parts is not None and child in parts:      # a kept part: its spans within it
                offset, inner = parts[child]
                _copy(child, written, within, out, None, offset, inner)
            else:
                _copy(child, written, within, out, None, at, spans)
        out.append(close)
    else:
        out.append(opening[:-1] + " />")
    if tail is not None:
        out.append(tail)


def _kept(node: ET.Element, ns: str, shown: tuple[float, float, float, float]) \
        -> list[tuple[ET.Element, tuple[float, float, float, float] | None]]:
    """The children _leave_out keeps, each with the frame to leave out within it (a group's) or None."""
    left, top, right, bottom = shown
    out = []
    for child, reach, group in _children(node, ns):
        if group:
            out.append((child, shown))
        elif reach is None or not (reach[2] < left or reach[0] > right or reach[3] < top or reach[1] > bottom):
            out.append((child, None))
    return out


KEPT_CHILDREN = 4096       # the children's reaches of a drawing's kept elements (games/core/svg.py's keep)
_known: dict[int, tuple[ET.Element, list]] = {}
_known_lock = threading.Lock()


def _children(node: ET.Element, ns: str) -> list[tuple[ET.Element, tuple[float, float, float, float] | None, bool]]:
    """Each child, where it may draw (None: not known, or transformed) and whether it is a group to
    look into; worked out once for an element a drawing keeps (it never changes)."""
    if ns or not drawing.is_kept(node):
        return _listed(node, ns)
    known = _known.get(id(node))
    if known is not None and known[0] is node:
        return known[1]
    listed = _listed(node, ns)
    with _known_lock:
        _known[id(node)] = (node, listed)
        while len(_known) > KEPT_CHILDREN:
            del _known[next(iter(_known))]
    return listed


def _listed(node: ET.Element, ns: str) -> list[tuple[ET.Element, tuple[float, float, float, float] | None, bool]]:
    group, out = ns + "g", []
    for child in node:
        if "transform" in child.attrib:
            out.append((child, None, False))
        elif child.tag == group:
            out.append((child, None, True))
        else:
            out.append((child, _reach(child, ns), False))
    return out


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


def _reach(node: ET.Element, ns: str = SVG_NS) -> tuple[float, float, float, float] | None:
    """Where a shape may draw (x0, y0, x1, y1): its geometry, a text at its widest estimate on
    either side; None for what holds more than a tooltip (a text's spans) or has no size of its own."""
    if len(node):
        title = ns + "title"
        if any(child.tag != title for child in node):
            return None
    if node.tag != ns + "text":
        return _extent(node)
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


def _places(root: ET.Element, ns: str = SVG_NS) -> dict[str, ET.Element]:
    """Every place the picture names, by name (the first element naming it); in a drawing's own
    tree, the places within an element it keeps are listed once."""
    out: dict[str, ET.Element] = {}
    for name, element in _naming(root.iter()) if ns else _naming_drawn(root):
        if name not in out:
            out[name] = element
    return out


def _naming(elements) -> list[tuple[str, ET.Element]]:
    """(name, element) of each element naming a place."""
    out = []
    for element in elements:
        attrib = element.attrib
        if attrib and not _NAMING.isdisjoint(attrib):
            name = _name_of(attrib)
            if name:
                out.append((name, element))
    return out


_NAMING = frozenset((*PLACE_ATTRIBUTES, "id"))      # the attributes that may name a place


def _name_of(attrib: dict) -> str | None:
    """The place an element names, if any."""
    for key in PLACE_ATTRIBUTES:
        name = attrib.get(key)
        if name:
            return name
    ident = attrib.get("id", "")
    for prefix in PLACE_IDS:
        if ident.startswith(prefix):
            return ident[len(prefix):] or None
    return None


def _naming_drawn(node: ET.Element, out: list | None = None) -> list[tuple[str, ET.Element]]:
    """_naming of a drawing's tree in document order, a kept element's list worked out once."""
    out = [] if out is None else out
    if drawing.is_kept(node):
        known = _known_places.get(id(node))
        if known is None or known[0] is not node:
            known = (node, list(_naming(node.iter())))
            with _known_lock:
                _known_places[id(node)] = known
                while len(_known_places) > KEPT_CHILDREN:
                    del _known_places[next(iter(_known_places))]
        out += known[1]
        return out
    attrib = node.attrib
    if attrib and not _NAMING.isdisjoint(attrib):
        name = _name_of(attrib)
        if name:
            out.append((name, node))
    for child in node:
        _naming_drawn(child, out)
    return out


_known_places: dict[int, tuple[ET.Element, list[tuple[str, ET.Element]]]] = {}


def _named(places: dict[str, ET.Element], texts: list[str]) -> list[tuple[str, ET.Element]]:
    """The places named in ``texts``, in the order the texts name them (the first text first)."""
    out, seen = [], set()
    # a name not in the text at all is not searched for (ASCII names: their lower case, else None)
    patterns = [(name, _pattern(name), name.lower() if name.isascii() else None) for name in places]
    for text in texts:
        low = (text or "").lower()
        found = sorted((m.start(), name) for name, pattern, lowered in patterns
                       if (lowered is None or lowered in low) and name not in seen
                       for m in [pattern.search(text or "")] if m)
        for _, name in found:
            seen.add(name)
            out.append((name, places[name]))
    return out


@functools.lru_cache(maxsize=4096)
def _pattern(name: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w/])" + re.escape(name) + r"(?![\w/])", re.IGNORECASE)


def _name_size(element: ET.Element, ns: str = SVG_NS) -> float | None:
    """The font size of a place's first text: its name."""
    for node in element.iter(f"{ns}text"):
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
    extent = _extent(node)
    return None if extent is None else Box(*extent)


def _extent(node: ET.Element) -> tuple[float, float, float, float] | None:
    """(x0, y0, x1, y1) of a shape by its geometry (a text by an average width a character), or
    None: a shape without the numbers it needs, or of another kind. A number that does not read
    counts as missing."""
    tag, a = node.tag, node.attrib
    tag = tag.removeprefix(SVG_NS)
    if tag == "rect":
        try:
            x, y = float(a["x"]), float(a["y"])
            return (x, y, x + float(a["width"]), y + float(a["height"]))
        except (KeyError, ValueError):      # a number missing or not read: as _float finds it
            return None
    if tag == "circle" or tag == "ellipse":
        cx, cy, r = _float(a, "cx"), _float(a, "cy"), _float(a, "r")
        if cx is None or cy is None:
            return None
        rx = r if r is not None else _float(a, "rx", 0.0)
        ry = r if r is not None else _float(a, "ry", 0.0)
        return (cx - rx, cy - ry, cx + rx, cy + ry)
    if tag == "line":
        x1, y1, x2, y2 = _float(a, "x1"), _float(a, "y1"), _float(a, "x2"), _float(a, "y2")
        if x1 is None or y1 is None or x2 is None or y2 is None:
            return None
        return (min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))
    if tag == "polyline" or tag == "polygon":
        numbers = [float(n) for n in _NUMBER.findall(a.get("points", ""))]
        xs, ys = numbers[0::2], numbers[1::2]
        return (min(xs), min(ys), max(xs), max(ys)) if xs and ys else None
    if tag == "text":
        x, y = _float(a, "x"), _float(a, "y")
        if x is None or y is None:
            return None
        size = _float(a, "font-size", 10.0)
        width = 0.6 * size * len("".join(node.itertext()))
        anchor = a.get("text-anchor", "")
        left = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
        return (left, y - size, left + width, y + 0.25 * size)
    return None


_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def _float(attrib: dict, key: str, missing: float | None = None) -> float | None:
    value = attrib.get(key)
    if value is None:
        return missing
    try:
        return float(value)
    except ValueError:
        return missing


def write(root: ET.Element) -> str:
    """The picture as ElementTree writes it (ET.tostring, the SVG namespace the default one), in a
    third of its time: one pass, no namespace table. A picture with anything else in it (another
    namespace, a comment) is written by ElementTree itself."""
    out: list[str] = []
    try:
        _write(root, out.append, f' xmlns="{SVG_NS[1:-1]}"')
    except _Other:
        ET.register_namespace("", SVG_NS[1:-1])
        return ET.tostring(root, encoding="unicode")
    return "".join(out)


class _Other(Exception):
    """Something write() leaves to ElementTree."""


_TAGS: dict[str, str] = {}


def _write(node: ET.Element, write, namespace: str = "", shown: tuple[float, float, float, float] | None = None,
           frame: dict[str, str] | None = None) -> None:
    """The node as ElementTree writes it (its tags in the SVG namespace); with ``shown`` (x0, y0,
    x1, y1), without the shapes wholly outside it as _leave_out leaves them out; ``frame``: the
    root's attributes anew."""
    tag = node.tag
    name = _TAGS.get(tag) if type(tag) is str else None
    if name is None:
        if type(tag) is not str or not tag.startswith(SVG_NS) or "}" in tag[len(SVG_NS):]:
            raise _Other(tag)
        name = _TAGS[tag] = tag[len(SVG_NS):]
    parts = ["<", name, namespace]
    attrib = node.attrib if frame is None else {**node.attrib, **frame}
    for key, value in attrib.items():
        if type(key) is not str or type(value) is not str or key[:1] == "{":
            raise _Other(key)
        parts.append(f' {key}="{drawing.escape_attribute(value)}"')
    kept = None if shown is None else _kept(node, SVG_NS, shown)
    text = node.text
    if text or (len(node) if kept is None else kept):
        parts.append(">")
        if text:
            parts.append(drawing.escape_text(text))
        write("".join(parts))
        if kept is None:
            for child in node:
                _write(child, write)
        else:
            for child, within in kept:
                _write(child, write, "", within)
        write(f"</{name}>")
    else:
        parts.append(" />")
        write("".join(parts))
    if node.tail:
        write(drawing.escape_text(node.tail))


def _placed(box: Box, width: float, height: float, whole: Box) -> Box:
    """A ``width`` x ``height`` window centred on ``box``, moved inside the whole picture."""
    x = min(max((box.x0 + box.x1 - width) / 2, whole.x0), whole.x1 - width)
    y = min(max((box.y0 + box.y1 - height) / 2, whole.y0), whole.y1 - height)
    return Box(x, y, x + width, y + height)


def _num(value: float) -> str:
    return f"{value:.1f}".removesuffix(".0")
