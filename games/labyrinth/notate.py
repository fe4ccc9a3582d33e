"""The notation of a listed option: the short words a player may write for it (notation.py reads
them back). Each candidate (vocabulary.py) is checked with the parser itself, so what an email
shows always parses to the option's move; None when no candidate does.
"""

from games.core import read_back

from .notation import parse
from .rules import prompts
from .vocabulary import candidates


def notate(state, seat: str, move: dict, bare: bool = False, asked: dict | None = None) -> str | None:
    """Short words for a listed option of the seat's current question, such that
    parse(words, state, seat) == move; None if the move is not listed or has no such words.
    Never a bare number (a reply "27" means option 27) unless `bare`. ``asked``: the seat's
    question (``prompts(state)[seat]``) when the caller has it, so that it is not asked again."""
    prompt = prompts(state).get(seat) if asked is None else asked
    return read_back(prompt, move, lambda option: candidates(state, move, option["label"], bare),
                     lambda text: parse(text, state, seat, teach=False, asked=prompt))


def notate_all(state, seat: str, asked: dict | None = None) -> list[str | None]:
    """``notate`` of every option of the seat's question, in order ([] when it is asked nothing),
    the question asked once for them all (``asked``: as the caller has it)."""
    prompt = prompts(state).get(seat) if asked is None else asked
    return [notate(state, seat, option["move"], asked=prompt) for option in (prompt or {}).get("options") or []]
