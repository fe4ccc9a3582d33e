"""The short text notation for email replies and the CLI.

Words answer the questions in the order they come, each matched against the listed options of
the question it answers: a card number or name, an operation (woi, deploy, regime change,
withdraw, disrupt, alert, reassess, recruit, travel, jihad, major, plot, reserves), countries
(forgiving: any unique prefix, "saudi", "us", "uk"), "track", numbers (how many), "roll" to
end a list of dice or travels, "wmd" or a plot number for a plot marker, yes/no. Filler words
(ops, for, in, from, to, with, the) are skipped, and so is the number of the card already in
play. "#3" picks the third option of the current question. Case and accents do not matter.
"""

import json

from games.core import IllegalMove, Rng, longest_phrase

from . import data as D
from .evolve import evolve
from .rules import decide, prompts

NOTATION_HELP = ("Answer the questions in order with words: card, operation, countries, numbers. Examples: "
                 "`27 ops woi pakistan`, `104 deploy track saudi 2`, `60 travel iraq sudan afghanistan afghanistan roll`, "
                 "`86 jihad major pakistan`, `58 plot us roll 1`, `33 reserves`, `hold`. Or answer only the current "
                 "question: `pakistan`, `2`, `recruit`, `roll`, `yes`/`no`; `#3` picks option 3. Countries may be "
                 "shortened to any unique prefix (`pak`, `saudi`, `gulf`, `us`, `uk`). With card events: `12 event`, "
                 "`66 ops recruit`, then `event`/`op` for which comes first, and the event's answers (`hard`, `soft`).")

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
WORDS = {
    "last": {"play": ["play", "use", "ops"], "discard": ["discard"], "hold": ["hold", "keep"]},
    "boost": {True: ["yes", "y", "boost", "spend", "spend reserves", "use reserves"], False: ["no", "n", "keep", "dont"]},
    "reroll": {True: ["yes", "y", "reroll", "roll again"], False: ["no", "n", "keep"]},
    "roll": {True: ["roll", "go", "done", "now", "roll now"]},
    "pass": {True: ["pass", "done", "end", "no"]},
    "go": {},
    "play": {"event": ["event", "ev", "play event", "the event"], "ops": ["ops", "op", "operations", "operation"]},
    "first": {"event": ["event", "event first", "the event first"],
              "op": ["op", "ops", "operation", "op first", "ops first", "operation first"]},
}


PLACES = ("country", "from", "to", "major", "cadre")


def _phrases(move: dict, label: str) -> list[tuple[str, ...]]:
    (key, value), = move.items()
    out = []
    if key == "card" and value == "random":
        out += ["random", "card", "a card", "any"]
    elif key == "card":
        out += [str(value), D.fold_text(D.card_name(value))]
    elif key == "pick":
        out += [D.fold_text(value), D.fold_text(label)]
    elif key == "op":
        out += OP_WORDS.get(value, [value])
    elif key in WORDS:
        out += WORDS[key].get(value, [])
        if key == "go":
            out += ["go", "ok", "resolve", "continue", str(value)]
    elif key in ("n", "remove"):
        out.append(str(value))
    elif key == "marker":
        out += ["wmd"] if value == "WMD" else [str(value), f"plot {value}"]
    elif key in ("from", "to") and value == "track":
        out += ["track", "troops track", "troop track"]
    elif key == "plot":
        out.append(D.fold_text(label))                    # "plot 1 in russia" (a plot the seat sees)
    elif key not in PLACES:
        # any other question: its answer's word, or its label word for word
        out += ([D.fold_text(value)] if isinstance(value, str) else []) + [D.fold_text(label)]
    return [tuple(p.split()) for p in out if p]


def _country_at(words: list, i: int) -> tuple[str, int] | None:
    for n in (3, 2, 1):
        if i + n <= len(words):
            name = D.find_country(" ".join(words[i:i + n]))
            if name:
                return name, n
    return None


def _match(words: list, i: int, prompt: dict) -> tuple[dict, int] | None:
    options = prompt["options"]
    word = words[i]
    if word.startswith("#") and word[1:].isdigit():
        k = int(word[1:])
        return (options[k - 1]["move"], 1) if 1 <= k <= len(options) else None
    return (longest_phrase(words, i, options, lambda option: _phrases(option["move"], option["label"]))
            or _match_place(words, i, options))


def _match_place(words: list, i: int, options: list) -> tuple[dict, int] | None:
    """A country (or 'major <country>', '<country> major', 'cadre <country>', '<country> 2')."""
    lead = 0
    if words[i] in ("major", "minor", "cadre", "remove"):
        lead = 1
        if words[i] == "remove" and i + 1 < len(words) and words[i + 1] == "cadre":
            lead = 2
    if i + lead >= len(words):
        return None
    hit = _country_at(words, i + lead)
    if not hit:
        return None
    name, n = hit
    used = lead + n
    after = words[i + used] if i + used < len(words) else None
    major = words[i] == "major" or after == "major"
    if after in ("major", "minor"):
        used += 1
    for key in ("major",) if major else ("cadre",) if words[i] in ("cadre", "remove") else ("country", "from", "to", "cadre"):
        if {key: name} in [o["move"] for o in options]:
            return {key: name}, used
    plots = [o["move"] for o in options if "plot" in o["move"] and o["label"].startswith(f"Plot in {name}")]
    if plots:
        if after is not None and after.isdigit() and 1 <= int(after) <= len(plots):
            return plots[int(after) - 1], used + 1
        return plots[0], used
    return None


def _explain(word: str, prompt: dict) -> IllegalMove:
    labels = "; ".join(o["label"] for o in prompt["options"][:12])
    more = "..." if len(prompt["options"]) > 12 else ""
    return IllegalMove("bad_notation", f"{word!r} does not answer: {prompt['text']} Choices: {labels}{more}.")


def _implied(words: list, i: int, last: list) -> int:
    """A country the previous answer already settled (a Recruit with a single possible
    country assigns every die itself): the words are skipped. Returns how many."""
    hit = _country_at(words, i)
    if hit and last and json.dumps(hit[0]) in json.dumps(last):
        return hit[1]
    return 0


def _in_play(state, word: str) -> bool:
    """The number of the card being played, written again (the server takes a card for the player
    when it is the only one left): skipped like a filler word."""
    play = state.get("in_play") if state else None
    return bool(play) and word == str(play.get("card"))


def parse(text: str, state, seat: str) -> dict:
    words = []
    for token in (text or "").split():
        words += [token] if token.startswith("#") and token[1:].isdigit() else D.fold_text(token).split()
    if not words:
        raise IllegalMove("bad_notation", "The reply is empty: " + NOTATION_HELP)
    current = state
    parts: list[dict] = []
    last: list = []
    i = 0
    while i < len(words):
        prompt = prompts(current).get(seat)
        if prompt is None:
            if words[i] in FILLER or _implied(words, i, last):
                i += _implied(words, i, last) or 1
                continue
            raise IllegalMove("bad_notation", f"Nothing more is asked of you after {' '.join(words[:i])!r}.")
        found = _match(words, i, prompt)
        if found is None:
            if words[i] in FILLER or _in_play(current, words[i]):
                i += 1
                continue
            skip = _implied(words, i, last)
            if skip:
                i += skip
                continue
            raise _explain(words[i], prompt)
        part, used = found
        parts.append(part)
        i += used
        if i < len(words) and any(w not in FILLER for w in words[i:]):
            events = last = decide(current, seat, part, Rng(b"notation", 0))
            current = json.loads(json.dumps(current))
            for event in events:
                current = evolve(current, event)
    if not parts:
        raise IllegalMove("bad_notation", "Nothing in the reply answers the question: " + NOTATION_HELP)
    return parts[0] if len(parts) == 1 else {"seq": parts}
