"""The words of the notation: what a reply may say for each kind of answer (read by notation.py)
and the words an email writes for a listed option (`candidates`, checked by notate.py).
"""

from . import data as D

FILLER = {"ops", "op", "operation", "operations", "for", "in", "from", "to", "with", "the", "a", "at", "of",
          "into", "cells", "cell", "troops", "troop", "dice", "die", "then", "and", "card"}
OP_WORDS = {
    "woi": ["woi", "war of ideas", "war", "ideas"], "deploy": ["deploy", "dep"],
    "regime_change": ["regime change", "rc", "regime"], "withdraw": ["withdraw", "withdrawal"],
    "disrupt": ["disrupt", "dis"], "alert": ["alert"], "reassess": ["reassess", "reassessment"],
    "recruit": ["recruit", "rec"], "travel": ["travel", "move"], "jihad": ["jihad", "major", "minor", "major jihad",
                                                                          "minor jihad"],
    "plot": ["plot", "plots"], "reserves": ["reserves", "reserve", "res"],
}
US_OPS = ("woi", "deploy", "regime_change", "withdraw", "disrupt", "alert", "reassess")
JIHADIST_OPS = ("recruit", "travel", "jihad", "plot")
WORDS = {
    "last": {"play": ["play", "use", "ops"], "discard": ["discard"], "hold": ["hold", "keep"]},
    "boost": {True: ["yes", "y", "boost", "spend", "spend reserves", "use reserves"], False: ["no", "n", "keep", "dont"]},
    "reroll": {True: ["yes", "y", "reroll", "roll again"], False: ["no", "n", "keep"]},
    "roll": {True: ["roll", "go", "done", "now", "roll now"]},
    "pass": {True: ["pass", "done", "end", "no"]},
    "go": {},
    "play": {"event": ["event", "ev", "play event", "the event"], "ops": ["ops", "op", "operations", "operation"]},
    "first": {"event": ["event", "event first", "the event first", "events", "events first"],
              "op": ["op", "ops", "operation", "op first", "ops first", "operation first", "first"],
              "posture": ["posture", "posture first", "posture change first", "the posture change first"]},
}
EVENT_WORDS = {"event", "ev"}

# the short name a player would write, where the full name is long
SHORT = {D.US: "us", "United Kingdom": "uk", "Saudi Arabia": "saudi", "Gulf States": "gulf",
         "Indonesia/Malaysia": "indonesia", "Kenya/Tanzania": "kenya", "Algeria/Tunisia": "algeria"}
WRITTEN = {
    "play": {"event": ["event"], "ops": ["ops"]},
    "first": {"event": ["event first"], "op": ["ops first"], "posture": ["posture first"]},
    "boost": {True: ["boost", "yes"], False: ["keep", "no"]},
    "reroll": {True: ["reroll", "yes"], False: ["keep", "no"]},
    "roll": {True: ["roll"]},
    "pass": {True: ["pass", "done"]},
    "last": {"play": ["play"], "discard": ["discard"], "hold": ["hold"]},
}


def op_of(word: str) -> str | None:
    """The operation a single word names ('disrupt', 'woi'), or None."""
    return next((op for op, words in OP_WORDS.items() if word in words and word not in ("major", "minor")), None)


def place_words(name: str) -> list[str]:
    if name == "track":
        return ["track"]
    full = D.fold_text(name)
    return [SHORT[name], full] if name in SHORT else [full]


def _plot_words(state, move: dict) -> list[str]:
    plot = next((p for p in state["plots"] if p["id"] == move["plot"]), None)
    if plot is None:
        return []
    words = place_words(plot["c"])
    return words + [f"{w} {k}" for w in words for k in range(1, 5)]


def _counted(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def candidates(state, move: dict, label: str, bare: bool = False) -> list[str]:
    """The words a player may write for the move, best first. A reply that is only a number is
    read as an option's number, so a bare number comes last unless `bare` (a word inside a
    longer line, where it cannot be mistaken)."""
    words = _candidates(state, move, label)
    return words if bare else [w for w in words if not w.isdigit()] + [w for w in words if w.isdigit()]


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
    if key == "first" and str(value).isdigit():
        return [f"{value} first", f"event {value}"]          # which card's event first (Reassessment, 7.6.3)
    if key in WRITTEN:
        return list(WRITTEN[key].get(value, []))
    if key == "n":
        return [str(value), _counted(value, "troop")]
    if key == "remove":
        return [str(value), _counted(value, "cell")]
    if key == "nato":                                        # card 41: the NATO marker leaves, with k cubes
        return ["nato"] if value == 0 else [f"nato and {value}", f"nato {value}"]
    if key == "marker":
        return ["wmd"] if value == "WMD" else [str(value), f"plot {value}"]
    if key == "pick":
        return [D.fold_text(value), D.fold_text(label)]
    if key == "plot":
        return _plot_words(state, move) + [D.fold_text(label)]
    if key == "go":
        return ["go"]
    return ([D.fold_text(value)] if isinstance(value, str) else []) + [D.fold_text(label)]
