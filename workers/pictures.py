"""A game's SVG picture as a PNG, for the HTML part of an email (mail clients drop inline SVG).

Rendered by resvg (the resvg-py wheel: a Rust renderer in the wheel itself, no system library,
no display). It finds the machine's fonts through fontconfig's folders; the pictures ask for
DejaVu Sans (Debian's fonts-dejavu-core) and every generic family falls back to it here.
"""

import resvg_py

FONT = "DejaVu Sans"


class PictureError(ValueError):
    """The SVG could not be rendered (a bug in a picture, never a player's doing)."""


def png(svg: str, width: int) -> bytes:
    """The SVG drawn `width` pixels wide (the height keeps the picture's proportions), as PNG."""
    if not isinstance(width, int) or width <= 0:
        raise PictureError(f"A picture's width must be a positive number of pixels, not {width!r}.")
    try:
        return bytes(resvg_py.svg_to_bytes(svg_string=svg, width=width, font_family=FONT,
                                           sans_serif_family=FONT, serif_family=FONT))
    except ValueError as exc:
        raise PictureError(f"The picture could not be drawn: {exc}") from exc
