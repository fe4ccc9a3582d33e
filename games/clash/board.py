"""Board geometry: fields, names, orientation and reach (spec 3).

A field is an index 0..8 = row * 3 + col, row 0 on the north edge, col 0 on the west.
Its name is the column letter (A..C, west to east) and the row number counted from the
south player's side (1..3), so B2 is the centre and A1 is McWorld's left corner.
McWorld sits south, Jihad north. A tile supporting McWorld has its base toward the south
and its tip pointing north; "facing" in moves and labels always means the tip's direction.
"""

from functools import lru_cache

SOUTH, NORTH = "mcworld", "jihad"
SEATS = (SOUTH, NORTH)
SIDE_NAMES = {SOUTH: "McWorld", NORTH: "Jihad"}
FIELDS = range(9)
CENTRE = 4

COMPASS = {(-1, 0): "north", (1, 0): "south", (0, 1): "east", (0, -1): "west",
           (-1, 1): "north-east", (-1, -1): "north-west", (1, 1): "south-east", (1, -1): "south-west"}
COMPASS_SHORT = {"north": "n", "south": "s", "east": "e", "west": "w", "north-east": "ne",
                 "north-west": "nw", "south-east": "se", "south-west": "sw"}


def other(seat: str) -> str:
    return NORTH if seat == SOUTH else SOUTH


def _name(idx: int) -> str:
    row, col = divmod(idx, 3)
    return "ABC"[col] + str(3 - row)


NAMES = tuple(_name(i) for i in FIELDS)        # asked many times a question: looked up, not worked out


def field_name(idx: int) -> str:
    return NAMES[idx] if type(idx) is int and 0 <= idx <= 8 else _name(idx)


FIELD_INDEX = {field_name(i): i for i in FIELDS}


def parse_field(text) -> int | None:
    """'b2' or 'B2' -> 4; anything else -> None."""
    if not isinstance(text, str):
        return None
    return FIELD_INDEX.get(text.strip().upper())


def facing_of(supports: str) -> str:
    """The compass direction the tip points when the tile supports this seat."""
    return "north" if supports == SOUTH else "south"


def supports_of(facing: str) -> str:
    return SOUTH if facing == "north" else NORTH


def delta(offset: tuple, supports: str) -> tuple:
    """A tile-frame offset (f toward the tip, r to the supported player's right) as (drow, dcol)."""
    f, r = offset
    return (-f, r) if supports == SOUTH else (f, -r)


def step(idx: int, d: tuple) -> int | None:
    row, col = divmod(idx, 3)
    row, col = row + d[0], col + d[1]
    if 0 <= row < 3 and 0 <= col < 3:
        return row * 3 + col
    return None


def reach(idx: int, supports: str, offsets) -> list[int]:
    """The board fields a pattern marks, off-board offsets dropped (spec 3.2)."""
    try:
        return list(_reach(idx, supports, offsets))
    except TypeError:           # offsets given as lists, not the tiles' tuples: worked out each time
        return list(_reach.__wrapped__(idx, supports, offsets))


@lru_cache(maxsize=4096)       # a tile's pattern from a field and a side: asked again and again
def _reach(idx: int, supports: str, offsets) -> tuple[int, ...]:
    out = []
    for offset in offsets:
        target = step(idx, delta(offset, supports))
        if target is not None:
            out.append(target)
    return tuple(out)


def ray(idx: int, d: tuple) -> list[int]:
    """Every field from next to idx straight to the edge (spec 7.1, direction rays)."""
    out = []
    target = step(idx, d)
    while target is not None:
        out.append(target)
        target = step(target, d)
    return out


def neighbours(idx: int) -> list[int]:
    return [t for d in COMPASS if (t := step(idx, d)) is not None]
