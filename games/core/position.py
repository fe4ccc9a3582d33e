"""What every game's starting-position check shares: the refusal (``bad_position``, with a
sentence a player understands) and the whole-number check. The formats are the games' own
(games/<game>/position.py)."""

from .errors import IllegalMove


def bad(text: str) -> IllegalMove:
    return IllegalMove("bad_position", f"The starting position is not valid: {text}")


def whole(value, what: str, high: int) -> int:
    """``value`` as a count from 0 to ``high`` (a JSON number, not a boolean), else refused."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
        raise bad(f"{what} must be a whole number from 0 to {high}, not {value!r}.")
    return value
