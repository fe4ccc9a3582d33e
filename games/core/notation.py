"""Helpers every game's notation and log lines share."""

from collections.abc import Callable, Iterable
from typing import Any

from .errors import IllegalMove

Phrases = Callable[[dict[str, Any]], Iterable[tuple[str, ...]]]


def longest_phrase(words: list[str], i: int, options: list[dict[str, Any]],
                   phrases: Phrases) -> tuple[dict[str, Any], int] | None:
    """The one option whose phrase matches the most words from ``words[i]`` on, and how many
    words it took; None when no phrase matches or the longest match names two options."""
    best: list[dict[str, Any]] = []
    best_len = 0
    for option in options:
        for phrase in phrases(option):
            n = len(phrase)
            if n >= best_len and tuple(words[i:i + n]) == phrase:
                if n > best_len:
                    best, best_len = [], n
                if option["move"] not in best:
                    best.append(option["move"])
    return (best[0], best_len) if len(best) == 1 else None


def describe_by_type(lines: dict[str, Callable[[dict[str, Any]], str]], event: dict[str, Any],
                     unreadable: Callable[[dict[str, Any]], str] | None = None) -> str:
    """One line for an event, from a table of writers by event type. A writer that meets a field
    it cannot read (a redacted event) gives way to ``unreadable`` (default: the plain type)."""
    line = lines.get(event.get("type", ""))
    if line is None:
        return str(event.get("type"))
    try:
        return line(event)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return unreadable(event) if unreadable else str(event.get("type"))


def read_back(prompt: dict[str, Any] | None, move: Any, texts: Callable[[dict[str, Any]], Iterable[str]],
              parse: Callable[[str], Any]) -> str | None:
    """The notation of a listed option's move: the first of ``texts(option)`` that ``parse`` reads
    back as exactly that move; None when the move is not listed, or no text reads back."""
    if prompt is None or not isinstance(move, dict) or len(move) != 1:
        return None
    option = next((o for o in prompt.get("options") or [] if o["move"] == move), None)
    if option is None:
        return None
    tried = set()
    for text in texts(option):          # made only as far as the first that reads back (a generator may)
        if text in tried:
            continue
        tried.add(text)
        try:
            if parse(text) == move:
                return text
        except IllegalMove:
            continue
    return None


def read_back_all(prompt: dict[str, Any] | None, texts: Callable[[dict[str, Any]], Iterable[str]],
                  read: Callable[[str], Any]) -> list[str | None]:
    """``read_back`` of every listed option of ``prompt``, in order, for a game whose ``parse`` of a
    text that answers one question reads it against that question alone: ``read(text)`` is the
    move the whole text names in ``prompt`` (None, or IllegalMove, when it names none), so the
    prompt is asked once for all the options, not once per text tried."""
    if prompt is None:
        return []
    return [read_back(prompt, option["move"], texts, read) for option in prompt.get("options") or []]


def to_type(texts: Iterable[str], most: int = 8, lead: str = "Type") -> str:
    """What a refusal offers to type: "Type `a`, `b` or `c`." (each text once, in order), with
    "or one of N more of the listed options" past ``most``; empty when there is nothing to offer.
    ``lead`` begins the sentence ("Or place it here:")."""
    texts = list(dict.fromkeys(t for t in texts if t))
    if not texts:
        return ""
    shown = [f"`{t}`" for t in texts[:most]]
    rest = len(texts) - len(shown)
    if rest:
        return f"{lead} {', '.join(shown)} or one of {rest} more of the listed options."
    return f"{lead} " + (shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} or {shown[-1]}") + "."
