"""The notation of a listed option: the short words a player may write for it (notation.py reads
them back). Each candidate (vocabulary.py) is checked with the parser itself, so what an email
shows always parses to the option's move; None when no candidate does.
"""

from games.core import read_back

from .notation import parse
from .rules import prompts
from .vocabulary import candidates


def notate(state, seat: str, move: dict, bare: bool = False) -> str | None:
    """Short words for a listed option of the seat's current question, such that
    parse(words, state, seat) == move; None if the move is not listed or has no such words.
    Never a bare number (a reply "27" means option 27) unless `bare`."""
    return read_back(prompts(state).get(seat), move, lambda option: candidates(state, move, option["label"], bare),
                     lambda text: parse(text, state, seat, teach=False))
