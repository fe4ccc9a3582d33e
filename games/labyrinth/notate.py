"""The notation of a listed option: the short words a player may write for it (notation.py reads
them back). Each candidate is checked with the parser itself, so what an email shows always
parses to the option's move; None when no candidate does.
"""

from games.core import read_back

from . import data as D
from .notation import OP_WORDS, parse
from .rules import prompts

# the short name a player would write, where the full name is long
SHORT = {D.US: "us", "United Kingdom": "uk", "Saudi Arabia": "saudi", "Gulf States": "gulf",
         "Indonesia/Malaysia": "indonesia", "Kenya/Tanzania": "kenya", "Algeria/Tunisia": "algeria"}
WORD = {
    "play": {"event": ["event"], "ops": ["ops"]},
    "first": {"event": ["event first"], "op": ["ops first"]},
    "boost": {True: ["boost", "yes"], False: ["keep", "no"]},
    "reroll": {True: ["reroll", "yes"], False: ["keep", "no"]},
    "roll": {True: ["roll"]},
    "pass": {True: ["pass", "done"]},
    "last": {"play": ["play"], "discard": ["discard"], "hold": ["hold"]},
}


def place_words(name: str) -> list[str]:
    if name == "track":
        return ["track"]
    full = D.fold_text(name)
    return [SHORT[name], full] if name in SHORT else [full]


def _plot_words(state, move: dict, label: str) -> list[str]:
    plot = next((p for p in state["plots"] if p["id"] == move["plot"]), None)
    if plot is None:
        return []
    words = place_words(plot["c"])
    return words + [f"{w} {k}" for w in words for k in range(1, 5)]


def candidates(state, move: dict, label: str, bare: bool = False) -> list[str]:
    """The words a player may write for the move, best first. A reply that is only a number is
    read as an option's number, so a bare number comes last unless `bare` (a word inside a
    longer line, where it cannot be mistaken)."""
    words = _candidates(state, move, label)
    return words if bare else [w for w in words if not w.isdigit()] + [w for w in words if w.isdigit()]


def _counted(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _candidates(state, move: dict, label: str) -> list[str]:
    (key, value), = move.items()
    if key == "card":
        return ["random", "any"] if value == "random" else [str(value), f"card {value}"]
    if key in ("country", "from", "to"):
        return place_words(value)
    if key in ("major", "cadre"):
        return [f"{key} {w}" for w in place_words(value)]
    if key == "op":
        return list(OP_WORDS.get(value, [value]))
    if key in WORD:
        return list(WORD[key].get(value, []))
    if key == "n":
        return [str(value), _counted(value, "troop")]
    if key == "remove":
        return [str(value), _counted(value, "cell")]
    if key == "marker":
        return ["wmd"] if value == "WMD" else [str(value), f"plot {value}"]
    if key == "pick":
        return [D.fold_text(value), D.fold_text(label)]
    if key == "plot":
        return _plot_words(state, move, label) + [D.fold_text(label)]
    if key == "go":
        return ["go"]
    return ([D.fold_text(value)] if isinstance(value, str) else []) + [D.fold_text(label)]


def notate(state, seat: str, move: dict, bare: bool = False) -> str | None:
    """Short words for a listed option of the seat's current question, such that
    parse(words, state, seat) == move; None if the move is not listed or has no such words.
    Never a bare number (a reply "27" means option 27) unless `bare`."""
    return read_back(prompts(state).get(seat), move, lambda option: candidates(state, move, option["label"], bare),
                     lambda text: parse(text, state, seat))
