"""A game's SVG picture as a PNG, for the HTML part of an email (mail clients drop inline SVG).

Rendered by resvg (the resvg-py wheel: a Rust renderer in the wheel itself, no system library,
no display), with the DejaVu Sans fonts shipped in workers/fonts (their licence is beside
them), so a host without fonts draws the same picture.

A picture costs 25-150 ms of CPU: about 10 ms for the canvas of an email's picture, then a cost
for each shape (an upright rectangle aside) and each line of text that grows with the picture's
width more than with the shape's size (about 0.3 ms a line of text at 702 px, half of it the wheel
opening the font files again for that line); so a crop leaves out what lies outside its frame
(workers/board_crop.py). An email that is tried again (SMTP down, a job run twice) draws
the same picture: the last pictures drawn are kept, by their SVG's hash.
"""

import hashlib
import threading
from collections import OrderedDict
from pathlib import Path

import resvg_py

FONT = "DejaVu Sans"
FONT_FILES = sorted(str(p) for p in (Path(__file__).parent / "fonts").glob("*.ttf"))


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
    try:
        return bytes(resvg_py.svg_to_bytes(svg_string=svg, width=width, font_family=FONT, sans_serif_family=FONT,
                                           serif_family=FONT, skip_system_fonts=True, font_files=FONT_FILES))
    except ValueError as exc:
        raise PictureError(f"The picture could not be drawn: {exc}") from exc
