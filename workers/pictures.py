"""A game's SVG picture as a PNG, for the HTML part of an email (mail clients drop inline SVG).

Rendered by resvg (the `resvg` wheel: the Rust renderer in the wheel itself, no system library,
no display), with the DejaVu Sans fonts shipped in workers/fonts (their licence is beside them),
so a host without fonts draws the same picture. Every font family is drawn in DejaVu Sans (the
generic ones too), as the only fonts the renderer knows.

The fonts are read once per process and held by the renderer's options, one set per thread (the
wheel's options stay on the thread that made them): resvg-py, used before, took them as file
names on every call and opened and mapped the font file again for each line of text, which was
most of a picture's time. A turn email's crop (702 px wide) now costs about 16 ms of CPU instead
of 55; what is left is 6-8 ms for the canvas and its PNG (resvg's encoder, adaptive filters and
zlib's default level: neither wheel lets a level be chosen, nor hands out the pixels to be encoded
otherwise) and a cost for each shape and line of text that grows with the picture's width, so a
crop leaves out what lies outside its frame (workers/board_crop.py). A Labyrinth crop (702 x 597,
about 70 lines of text) measured: 3 ms to parse (2.6 of them laying out its text), 15 to draw and
encode (6-7 of them the canvas and PNG alone, about 6 its text); an opaque background given to the
renderer changes nothing (the picture has its own). The crop given is copied from the pieces of
text the board's drawing wrote (board_crop: no parse in Python before the renderer's own). An
email that is tried again (SMTP down, a job run twice) draws the same picture: the last pictures
drawn are kept, by their SVG's hash.
"""

import hashlib
import math
import re
import threading
from collections import OrderedDict
from pathlib import Path

from resvg import render, usvg

FONT = "DejaVu Sans"
FONT_FILES = sorted(str(p) for p in (Path(__file__).parent / "fonts").glob("*.ttf"))
_FONT_DATA = [Path(p).read_bytes() for p in FONT_FILES]
_ROOT = re.compile(r"<svg\b[^>]*>")
_SIZE = {name: re.compile(rf'\s{name}\s*=\s*["\']\s*([0-9.eE+-]+)\s*(?:px)?\s*["\']') for name in ("width", "height")}
_FAMILY = re.compile(r"""font-family\s*=\s*("[^"]*"|'[^']*')""")
_local = threading.local()


KEPT_BYTES = 16 * 1024 * 1024     # the PNGs kept for an email drawn again


class PictureError(ValueError):
    """The SVG could not be rendered (a bug in a picture, never a player's doing)."""


class _Kept:
    """The PNGs drawn last, by (SHA-256 of the SVG, width), up to ``KEPT_BYTES`` in all."""

    def __init__(self) -> None:
        self.pngs: OrderedDict[tuple[bytes, int], bytes] = OrderedDict()
        self.size = 0
        self.lock = threading.Lock()

    def get(self, key: tuple[bytes, int]) -> bytes | None:
        with self.lock:
            data = self.pngs.get(key)
            if data is not None:
                self.pngs.move_to_end(key)
            return data

    def put(self, key: tuple[bytes, int], data: bytes) -> None:
        with self.lock:
            if key in self.pngs or len(data) > KEPT_BYTES:
                return
            self.pngs[key] = data
            self.size += len(data)
            while self.size > KEPT_BYTES:
                self.size -= len(self.pngs.popitem(last=False)[1])


_kept = _Kept()


def png(svg: str, width: int) -> bytes:
    """The SVG drawn `width` pixels wide (the height keeps the picture's proportions), as PNG."""
    if not isinstance(width, int) or width <= 0:
        raise PictureError(f"A picture's width must be a positive number of pixels, not {width!r}.")
    key = (hashlib.sha256(svg.encode()).digest(), width)
    data = _kept.get(key)
    if data is None:
        data = draw(svg, width)
        _kept.put(key, data)
    return data


def draw(svg: str, width: int) -> bytes:
    """The PNG, drawn now (``png`` keeps the last ones)."""
    root = _ROOT.search(svg)
    if root is None:
        raise PictureError("The picture could not be drawn: it has no svg element.")
    sizes = [_SIZE[name].search(root.group(0)) for name in ("width", "height")]
    svg = _FAMILY.sub(f'font-family="{FONT}"', svg)
    try:
        tree = usvg.Tree.from_str(svg, _options())
        # the height as resvg-py made it (from the size in whole pixels, rounded up), the picture
        # stretched to fill it; a size not in plain numbers (a viewBox alone) is taken whole
        whole_w, whole_h = tree.int_size()
        w, h = (float(m.group(1)) if m else whole for m, whole in zip(sizes, (whole_w, whole_h)))
        if not (w > 0 and h > 0 and whole_w > 0 and whole_h > 0):
            raise PictureError("The picture could not be drawn: it has no size.")
        height = max(1, math.ceil(whole_h * width / whole_w))
        return bytes(render(tree, (width / w, 0.0, 0.0, 0.0, height / h, 0.0), bg_size=(width, height)))
    except PictureError:
        raise
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as exc:        # the wheel reports a bad SVG as a Rust panic (a BaseException)
        raise PictureError(f"The picture could not be drawn: {exc}") from exc


def _options() -> "usvg.Options":
    """This thread's renderer options, the fonts loaded into them once."""
    options = getattr(_local, "options", None)
    if options is None:
        options = usvg.Options.default()
        for data in _FONT_DATA:
            options.load_font_data(data)
        options.font_family = FONT
        _local.options = options
    return options
