"""A game's SVG picture as a PNG, for the HTML part of an email (mail clients drop inline SVG).

Rendered by resvg (the resvg-py wheel: a Rust renderer in the wheel itself, no system library,
no display), with the DejaVu Sans fonts shipped in workers/fonts (their licence is beside
them), so a host without fonts draws the same picture.
"""

from pathlib import Path

import resvg_py

FONT = "DejaVu Sans"
FONT_FILES = sorted(str(p) for p in (Path(__file__).parent / "fonts").glob("*.ttf"))


class PictureError(ValueError):
    """The SVG could not be rendered (a bug in a picture, never a player's doing)."""


def png(svg: str, width: int) -> bytes:
    """The SVG drawn `width` pixels wide (the height keeps the picture's proportions), as PNG."""
    if not isinstance(width, int) or width <= 0:
        raise PictureError(f"A picture's width must be a positive number of pixels, not {width!r}.")
    try:
        return bytes(resvg_py.svg_to_bytes(svg_string=svg, width=width, font_family=FONT, sans_serif_family=FONT,
                                           serif_family=FONT, skip_system_fonts=True, font_files=FONT_FILES))
    except ValueError as exc:
        raise PictureError(f"The picture could not be drawn: {exc}") from exc
