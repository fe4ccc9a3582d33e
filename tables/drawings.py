"""What the workers may know of a game's drawing (games/core/svg.py; workers import no game):
the drawing as written behind its document, and the parts it keeps, so that a crop is copied
from the drawing's own text instead of parsing it again (workers/board_crop.py)."""

from games.core.svg import Written, drawn, escape_attribute, escape_text, is_kept

__all__ = ["Written", "drawn", "escape_attribute", "escape_text", "is_kept"]
