"""The rules page's CLASH: the rules in our words (data/rules.md) and the 32 tiles, each with its
text (tiles.json), its reach said in words and drawn as a small grid, from the very patterns the
engine plays (spec 3.4, 7.1, 8). Pure: the box's content, nothing of a table."""

from functools import lru_cache
from importlib import resources

from games.core.svg import Drawing

from .tiles import TILES, fold_text

SIDES = {"start": "The start tile", "mcworld": "McWorld's tiles (blue)", "jihad": "Jihad's tiles (green)",
         "neutral": "The neutral tiles (grey)"}
SIDE_WORDS = {"start": "start tile", "mcworld": "McWorld", "jihad": "Jihad", "neutral": "neutral"}
# what each effect does to the fields it reaches, for the reach sentence (spec 7.2)
VERB = {"destroy": "destroys 1 tile", "missile": "destroys 1 tile with Security", "flip_one": "flips 1 tile",
        "flip_all": "flips every tile", "discard": "discards 1 tile", "repeat": "repeats the effect of 1 tile",
        "stabilize": "gives Security to the tiles", "block": "blocks the fields"}
# one offset (f toward the tip, r to the right of the supported player) in words
PLACE = {(1, 0): "in front", (-1, 0): "behind", (0, -1): "to the left", (0, 1): "to the right",
         (1, -1): "front-left", (1, 1): "front-right", (-1, -1): "back-left", (-1, 1): "back-right"}
PATTERNS = {
    frozenset(PLACE): "the 8 fields around it",
    frozenset({(1, 0), (-1, 0), (0, -1), (0, 1)}): "the 4 fields beside it (in front, behind, left and right)",
    frozenset({(1, -1), (1, 1), (-1, -1), (-1, 1)}): "the 4 fields diagonally beside it",
    frozenset({(1, -1), (1, 0), (1, 1)}): "the 3 fields in front of it (front-left, front and front-right)",
    frozenset({(0, -1), (0, 1)}): "the fields to its left and to its right",
}
DIRECTION = {(1, 0): "forward", (-1, 0): "back", (0, -1): "left", (0, 1): "right", (1, -1): "forward-left",
             (1, 1): "forward-right", (-1, -1): "back-left", (-1, 1): "back-right"}
FRAME = "In front means toward its tip; left and right as seen by the player it supports."


def rules_text() -> str:
    text = resources.files(__package__).joinpath("data/rules.md").read_text("utf-8")
    ours = ", ".join(t["name"] for t in TILES.values() if t["provisional"] and t["effect"] != "none")
    return text.replace("<!-- tiles read by us -->", ours or "none")


@lru_cache(maxsize=1)
def components() -> tuple[dict, ...]:
    return tuple(_tile(tile) for tile in TILES.values())


def _tile(tile: dict) -> dict:
    names = [tile["name"]] + ([tile["pl"]] if tile["pl"] != tile["name"] and not tile["pl"].startswith("(") else [])
    aliases = sorted({fold_text(a) for a in (*tile["aliases"], tile["id"], *names)} - {fold_text(tile["name"])})
    reach = reach_words(tile)
    text = tile.get("text", "") + (f" It acts {reach}." if reach else "") + (f" {FRAME}" if _turns(tile) else "")
    facts = [SIDE_WORDS[tile["side"]],
             "acts once, when placed" if tile["instant"] else "permanent" if tile["effect"] != "none" else "no effect"]
    out = {"kind": "tile", "key": fold_text(tile["name"]).replace(" ", "-"), "name": tile["name"], "aliases": aliases,
           "text": text, "group": SIDES[tile["side"]], "facts": facts,
           "polish": names[1] if len(names) > 1 else None}
    svg = reach_svg(tile)
    if svg:
        out["svg"] = svg
    return out


def _turns(tile: dict) -> bool:
    """Does the reach change when the tile is flipped (a pattern not the same turned round, spec 3.4)?"""
    sets = [tile.get("reach", ()), tile.get("directions", ()), *tile.get("colours", {}).values()]
    return any({tuple(o) for o in offsets} != {(-f, -r) for f, r in offsets} for offsets in sets)


def _where(offsets) -> str:
    offsets = frozenset(tuple(o) for o in offsets)
    if offsets in PATTERNS:
        return PATTERNS[offsets]
    return "the fields " + ", ".join(PLACE[o] for o in PLACE if o in offsets)


def reach_words(tile: dict) -> str:
    """Where the tile acts, in words ("" for a tile whose effect is not a place on the board)."""
    effect = tile["effect"]
    if "directions" in tile:
        ways = ", ".join(DIRECTION[tuple(d)] for d in DIRECTION if d in set(map(tuple, tile["directions"])))
        return ("in a straight line from its field to the edge of the board, the field next to it and the one "
                f"beyond, in one direction you choose: {ways}")
    if "colours" in tile:
        return "on the fields of one colour: " + "; ".join(f"{colour}, {_where(offsets)}"
                                                        for colour, offsets in tile["colours"].items())
    if "reach" in tile:
        verb = VERB.get(effect)
        return f"on {_where(tile['reach'])}" + (f" (it {verb} there)" if verb else "")
    return ""


CELL, INK, MARK, GRID = 26, "#1d1d1b", "#e8a33d", "#b9bec6"


def reach_svg(tile: dict) -> str | None:
    """The tile in the middle of a grid, its tip up, the fields it acts on marked: filled for a
    reach, white or black dots for a choice of colour, arrows for the lines it may choose."""
    rays = [tuple(d) for d in tile.get("directions", ())]
    if not rays and "reach" not in tile and "colours" not in tile:
        return None
    size = 5 if rays else 3
    middle = size // 2
    width = size * CELL + 2
    d = Drawing(width, width + 16, f"{tile['name']}: the fields it acts on", class_="reach")
    marked = {tuple(o) for o in tile.get("reach", ())}
    dots = {tuple(o): colour for colour, offsets in tile.get("colours", {}).items() for o in offsets}
    for row in range(size):
        for col in range(size):
            f, r = middle - row, col - middle            # row 0 is in front of the tip
            x, y = 1 + col * CELL, 1 + row * CELL
            on_ray = any((f, r) in ((k * df, k * dr) for k in (1, 2)) for df, dr in rays)
            filled = MARK if (f, r) in marked else "#f6dcb0" if on_ray else "#ffffff"
            d.rect(None, x, y, CELL, CELL, fill=filled, stroke=GRID, stroke_width=1)
            if (f, r) in dots:
                d.el(None, "circle", cx=x + CELL / 2, cy=y + CELL / 2, r=6,
                     fill="#ffffff" if dots[(f, r)] == "white" else INK, stroke=INK, stroke_width=1.5)
    cx = cy = 1 + middle * CELL + CELL / 2
    d.el(None, "polygon", points=f"{cx},{cy - 11} {cx + 7},{cy - 3} {cx + 7},{cy + 10} {cx - 7},{cy + 10} "
                                 f"{cx - 7},{cy - 3}", fill=INK)
    for f, r in rays:
        dx, dy = r, -f
        x1, y1 = cx + dx * CELL * 0.55, cy + dy * CELL * 0.55
        x2, y2 = cx + dx * CELL * 2.3, cy + dy * CELL * 2.3
        d.el(None, "line", x1=x1, y1=y1, x2=x2, y2=y2, stroke=MARK, stroke_width=4)
        px, py = -dy, dx                                   # the arrowhead's half-width, across the line
        d.el(None, "polygon", fill=MARK, points=f"{x2 + dx * 7},{y2 + dy * 7} {x2 + px * 6},{y2 + py * 6} "
                                                f"{x2 - px * 6},{y2 - py * 6}")
    d.text(None, width / 2, width + 12, "tip ↑ (front)", 10, anchor="middle", fill=INK)
    return d.tostring().split("\n", 1)[1]
