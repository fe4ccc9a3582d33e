"""A small SVG toolkit for the games' pictures, on the standard library's ElementTree.

ElementTree escapes every text and attribute, so a country, tile or card name can never break
the document. Text widths are estimated from DejaVu Sans' advance widths (the font the PNG
renderer uses; Verdana, the browsers' fallback, is as wide), so labels can be fitted to a box
without measuring anything at run time.
"""

import functools
import re
import xml.etree.ElementTree as ET

SVG_NS = "http://www.w3.org/2000/svg"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

# DejaVu Sans advance widths in em, by groups of characters (measured once; Bold is ~10% wider).
_WIDTHS = (
    (0.31, "ijlIJ,. '"),
    (0.38, "/:;\\|f-()[]t!r\""),
    (0.53, "*_`sz?cL"),
    (0.60, "FkvxyPTYoae"),
    (0.64, "EhnubdgpqS0123456789${}K"),
    (0.69, "AVXZBRC"),
    (0.77, "UNHDG&OQw"),
    (0.84, "#+<=>^~M"),
    (0.98, "%mW@"),
)
_EM = {c: w for w, chars in _WIDTHS for c in chars}


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The estimated width of a line of text in user units."""
    return _ems(text) * size * (1.1 if bold else 1.0)


@functools.lru_cache(maxsize=8192)
def _ems(text: str) -> float:
    """A line's width in em (the same labels are measured again in every picture)."""
    return sum(_EM.get(c, 0.7) for c in text)


def fit_size(text: str, size: float, width: float, bold: bool = False, smallest: float = 7.0) -> float:
    """The largest font size not above `size` at which `text` fits in `width` (not below `smallest`)."""
    w = text_width(text, size, bold)
    if w <= width:
        return size
    return max(smallest, round(size * width / w, 1))


def wrap(text: str, size: float, width: float, lines: int, bold: bool = False) -> list[str]:
    """Words into at most `lines` lines of `width`; the last line ends in an ellipsis when cut."""
    return list(_wrapped(text, size, width, lines, bold))


@functools.lru_cache(maxsize=4096)
def _wrapped(text: str, size: float, width: float, lines: int, bold: bool) -> tuple[str, ...]:
    """wrap's lines (the same texts are wrapped again in every picture, and twice in some)."""
    return tuple(_wrap(text, size, width, lines, bold))


def _wrap(text: str, size: float, width: float, lines: int, bold: bool) -> list[str]:
    out, line = [], ""
    words = text.split()
    for i, word in enumerate(words):
        trial = f"{line} {word}".strip()
        if text_width(trial, size, bold) <= width or not line:
            line = trial
            continue
        out.append(line)
        line = word
        if len(out) == lines:
            line = ""
            out[-1] = clip(out[-1] + " " + " ".join(words[i:]), size, width, bold)
            break
    if line:
        out.append(line)
    return [clip(x, size, width, bold) if text_width(x, size, bold) > width else x for x in out]


def clip(text: str, size: float, width: float, bold: bool = False) -> str:
    """The text cut to `width`, ending in an ellipsis."""
    while len(text) > 1 and text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip(" ,;:-") + "…"


def slug(name: str) -> str:
    """An XML-safe id part: 'Indonesia/Malaysia' -> 'Indonesia-Malaysia'."""
    return "-".join("".join(c if c.isalnum() else " " for c in name).split())


def _num(value) -> str:
    if type(value) is float:
        text = f"{value:.1f}"
        return text[:-2] if text.endswith(".0") else text
    return str(value)


_NAMES: dict[str, str] = {}


def _attrs(attrs: dict) -> dict:
    """Python names to SVG names (font_size -> font-size, class_ -> class, data_x -> data-x)."""
    out = {}
    for key, value in attrs.items():
        if value is None:
            continue
        name = _NAMES.get(key)
        if name is None:
            name = _NAMES[key] = key.rstrip("_").replace("_", "-")
        out[name] = value if type(value) is str else _num(value)
    return out


class Drawing:
    """An SVG document under construction: `el` adds an element, `text` a line of text."""

    def __init__(self, width: float, height: float, title: str, background: str = "#ffffff", **attrs):
        self.width, self.height = width, height
        self.root = ET.Element("svg", _attrs({
            "xmlns": SVG_NS, "width": width, "height": height, "viewBox": f"0 0 {_num(width)} {_num(height)}",
            "font_family": FONT, **attrs}))
        ET.SubElement(self.root, "title").text = title
        # an opaque background: a PNG must not show through to a dark mail client (and renders faster)
        self.background = self.rect(self.root, 0, 0, width, height, crisp=True, fill=background, class_="background")

    def el(self, parent, tag: str, text: str | None = None, **attrs) -> ET.Element:
        node = ET.SubElement(self.root if parent is None else parent, tag, _attrs(attrs))
        if text is not None:
            node.text = text
        return node

    def group(self, parent=None, **attrs) -> ET.Element:
        return self.el(parent, "g", **attrs)

    def rect(self, parent, x, y, w, h, crisp: bool = False, **attrs) -> ET.Element:
        """A rectangle; `crisp` (square corners on whole units) skips anti-aliasing, which halves
        the PNG renderer's time for the big ones."""
        if crisp:
            attrs["shape_rendering"] = "crispEdges"
        return self.el(parent, "rect", x=x, y=y, width=w, height=h, **attrs)

    def text(self, parent, x, y, text: str, size: float, bold: bool = False, anchor: str | None = None,
             fit: float | None = None, **attrs) -> ET.Element:
        """One line of text; `fit` shrinks it to that width (kept as ``data-fit``, so that the
        line said in another language is shrunk to the same width: words.say_svg)."""
        if fit is not None:
            size = fit_size(text, size, fit, bold)
            attrs.setdefault("data_fit", float(fit))
        return self.el(parent, "text", text, x=x, y=y, font_size=size, font_weight="bold" if bold else None,
                       text_anchor=anchor, **attrs)

    def paragraph(self, parent, x, y, text: str, size: float, width: float, lines: int, leading: float,
                  bold: bool = False, **attrs) -> ET.Element:
        """A text wrapped into at most `lines` lines of `width` (the last cut with "…"), `leading`
        apart: a group with the whole text as its hover title (``data-wrap``: the width), so that
        words.say_svg says it whole in another language and wraps it again."""
        g = self.group(parent, data_wrap=float(width))
        self.title(g, text)
        for i, line in enumerate(wrap(text, size, width, lines, bold=bold)):
            self.text(g, x, y + i * leading, line, size, bold=bold, **attrs)
        return g

    def title(self, parent, text: str) -> None:
        """A tooltip for the element (the full words behind an abbreviation)."""
        self.el(parent, "title", text)

    def resize(self, height: float) -> None:
        """Set the final height once everything is drawn."""
        self.height = height
        self.root.set("height", _num(height))
        self.background.set("height", _num(height))
        self.root.set("viewBox", f"0 0 {_num(self.width)} {_num(height)}")

    def tostring(self) -> str:
        """The document; the drawing as written rides behind it (``drawn``) when it is plain."""
        body, written = _written(self.root)
        text = Document('<?xml version="1.0" encoding="UTF-8"?>\n' + body)
        text.written = written
        return text


class Written:
    """A plain drawing as written: its tree (not to be changed: it is the document as written), the
    pieces of text written, in order, and each element's span of them (its start tag, content, end
    tag and tail: ``"".join(pieces[start:end])``), so that a reader of the document can take it,
    or copy parts of it, instead of parsing it again (workers/board_crop.py).

    A kept part (``keep``) is copied in whole, its elements' spans with it: ``own`` holds the spans
    of the elements outside the kept parts and of each kept part itself, ``kept`` each kept part's
    offset and its elements' spans within it; ``spans`` every element's, worked out when asked."""

    __slots__ = ("root", "pieces", "own", "kept", "_spans")

    def __init__(self, root: ET.Element, pieces: list[str], own: dict[ET.Element, tuple[int, int]],
                 kept: dict[ET.Element, tuple[int, dict[ET.Element, tuple[int, int]]]] | None = None) -> None:
        self.root, self.pieces, self.own, self.kept = root, pieces, own, kept or {}
        self._spans: dict[ET.Element, tuple[int, int]] | None = None if self.kept else own

    @property
    def spans(self) -> dict[ET.Element, tuple[int, int]]:
        """Each element's span of the pieces."""
        if self._spans is None:
            spans = dict(self.own)
            for offset, inner in self.kept.values():
                for element, (start, end) in inner.items():
                    spans[element] = (start + offset, end + offset)
            self._spans = spans
        return self._spans


class Document(str):
    """A drawing's document (the text itself), with the drawing as written behind it: ``written``
    (None when ElementTree wrote it). Any change to the text gives a plain str, which is read again."""
    written: "Written | None" = None


def drawn(text: str) -> Written | None:
    """The drawing whose document is ``text`` (the very string a Drawing.tostring returned, its
    tree plain: text tags and attributes, no namespace), else None."""
    return text.written if type(text) is Document else None


def tostring(root: ET.Element) -> str:
    """ET.tostring(root, encoding="unicode"), the same text in a third of its time (one pass, no
    namespace table): a drawing's tags and attributes are plain names and its values text; anything
    else (a namespace, a comment, a number not yet text) is written by ElementTree itself."""
    return _written(root)[0]


def _written(root: ET.Element) -> tuple[str, Written | None]:
    """``tostring``'s text, and the drawing as written (None when ElementTree wrote it)."""
    pieces: list[str] = []
    spans: dict[ET.Element, tuple[int, int]] = {}
    kept: dict = {}
    try:
        _write(root, pieces, spans, kept)
    except _Other:
        return ET.tostring(root, encoding="unicode"), None
    return "".join(pieces), Written(root, pieces, spans, kept)


class _Other(Exception):
    """Something tostring() leaves to ElementTree."""


_SPECIAL = re.compile(r'[&<>"\r\n\t]')
_ESCAPED = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;"), ("\r", "&#13;"), ("\n", "&#10;"),
            ("\t", "&#09;"))
_PLAIN_TAGS: set[str] = set()
_PLAIN_KEYS: set[str] = set()      # attribute names seen plain (text, no namespace)


def escape_attribute(value: str) -> str:
    """An attribute's value escaped as ElementTree escapes it."""
    if _SPECIAL.search(value) is None:
        return value
    for plain, escaped in _ESCAPED:
        value = value.replace(plain, escaped)
    return value


def escape_text(value: str) -> str:
    """Text escaped as ElementTree escapes it."""
    if "&" in value:
        value = value.replace("&", "&amp;")
    if "<" in value:
        value = value.replace("<", "&lt;")
    if ">" in value:
        value = value.replace(">", "&gt;")
    return value


KEPT = 4096      # elements whose text is kept (``keep``): some 15 kB each at most
_kept: dict[int, tuple[ET.Element, tuple[list[str], list[tuple[ET.Element, int, int]]] | None]] = {}


def keep(element: ET.Element) -> None:
    """An element that will not change again, drawn into several pictures (a game keeps a part of
    its picture that shows the same): its text is written once and copied into each (the last
    ``KEPT`` elements kept). No lock: each step is one dictionary operation, and two threads that
    drop the same oldest element at once only drop one more."""
    _kept[id(element)] = (element, None)
    while len(_kept) > KEPT:
        try:
            _kept.pop(next(iter(_kept)), None)
        except (RuntimeError, StopIteration):       # changed meanwhile by another thread: look again
            continue


def is_kept(element: ET.Element) -> bool:
    """Whether the element is kept (``keep``): never changed again."""
    kept = _kept.get(id(element))
    return kept is not None and kept[0] is element


def _write(node: ET.Element, out: list[str], spans: dict, kept_at: dict | None) -> None:
    """The element's pieces onto ``out`` and its span into ``spans``; a kept element's copied, its
    elements' spans within it into ``kept_at`` (None: into ``spans``, each at its place)."""
    kept = _kept.get(id(node))
    if kept is None or kept[0] is not node:
        _write_node(node, out, spans, kept_at)
        return
    written = kept[1]
    if written is None:            # the first time: its pieces, and its elements' spans in them
        pieces: list[str] = []
        mine: dict = {}
        _write_node(node, pieces, mine, None)
        written = (pieces, mine)
        if id(node) in _kept:
            _kept[id(node)] = (node, written)
    offset = len(out)
    out += written[0]
    if kept_at is None:
        for element, (start, end) in written[1].items():
            spans[element] = (start + offset, end + offset)
    else:
        spans[node] = (offset, offset + len(written[0]))
        kept_at[node] = (offset, written[1])


def _write_node(node: ET.Element, out: list[str], spans: dict, kept_at: dict | None) -> None:
    start = len(out)
    tag = node.tag
    if tag not in _PLAIN_TAGS:
        if type(tag) is not str or not tag or "{" in tag or "}" in tag:
            raise _Other(tag)
        _PLAIN_TAGS.add(tag)
    parts = ["<", tag]
    attrib = node.attrib
    if attrib:
        if not attrib.keys() <= _PLAIN_KEYS:
            for key, value in attrib.items():
                if type(key) is not str or key[:1] == "{":
                    raise _Other(key)
                _PLAIN_KEYS.add(key)
        for value in attrib.values():
            if type(value) is not str:
                raise _Other(value)
        if _SPECIAL.search("".join(attrib.values())) is None:      # nothing to escape: the common case
            parts += [f' {key}="{value}"' for key, value in attrib.items()]
        else:
            parts += [f' {key}="{escape_attribute(value)}"' for key, value in attrib.items()]
    text = node.text
    if text or len(node):
        if text is not None and type(text) is not str:
            raise _Other(text)
        parts.append(">")
        if text:
            parts.append(escape_text(text))
        out.append("".join(parts))
        for child in node:
            _write(child, out, spans, kept_at)
        out.append(f"</{tag}>")
    else:
        parts.append(" />")
        out.append("".join(parts))
    tail = node.tail
    if tail:
        if type(tail) is not str:
            raise _Other(tail)
        out.append(escape_text(tail))
    spans[node] = (start, len(out))
