"""The short text notation for email replies and the CLI.

Words answer the questions in order, each matched against the listed options of the question
it answers: a tile name ("hacker", "financial crisis"), a field ("b2"), a direction for the
tip ("n", "south", or the side it should support: "mcworld", "jihad", "me", "them"), then the
effect's answer (a field, "white"/"black", a ray direction, a tile name, "yes"/"no"). A number
picks that option of the current question. Case and Polish letters do not matter.
"""

import json

from games.core import IllegalMove, Rng, longest_phrase, read_back

from . import board as B
from .evolve import evolve
from .rules import decide, prompts
from .tiles import TILES, fold_text

NOTATION_HELP = ("Answer with words in order: tile, field, tip direction, effect, e.g. `hacker b2 n` "
                 "or `president c3 s b2`; or answer only the current question (`b2`, `south`, `no`, a tile "
                 "name) or give the option's number. When a Television or Press copies an effect, the "
                 "copied effect's answer goes on the next line.")

YES = ("yes", "y", "use", "ok")
NO = ("no", "decline", "skip", "pass", "none", "dont", "don t use", "do not use")


def _phrases(seat: str, move: dict, label: str) -> list[tuple[str, ...]]:
    (key, value), = move.items()
    out = [fold_text(label)]
    if key in ("tile", "pick"):
        out += TILES[value]["aliases"]
    elif key in ("field", "target", "to"):
        out.append(fold_text(value))
    elif key == "facing":
        supported = B.supports_of(value)
        out += [value, value[0], f"tip {value}"]
        out += ["mcworld", "mw", "blue"] if supported == B.SOUTH else ["jihad", "jh", "green"]
        out += ["me", "mine", "my side"] if supported == seat else ["them", "opponent", "opp", "their side"]
    elif key == "direction":
        out += [fold_text(value), B.COMPASS_SHORT[value]]
    elif key == "colour":
        out += [value, value[0]]
    elif key == "use":
        out += list(YES if value else NO)
    elif key == "first":
        out += ["mcworld", "mw", "blue"] if value == B.SOUTH else ["jihad", "jh", "green"]
        out += ["me", "i", "myself"] if value == seat else ["opponent", "them", "you"]
    return [tuple(p.split()) for p in out if p]


def _match(words: list, i: int, seat: str, prompt: dict) -> tuple[dict, int] | None:
    options = prompt["options"]
    if words[i].isdigit():
        n = int(words[i])
        if 1 <= n <= len(options):
            return options[n - 1]["move"], 1
        return None
    return longest_phrase(words, i, options, lambda option: _phrases(seat, option["move"], option["label"]))


def _explain(word: str, state, seat: str, prompt: dict) -> None:
    """A word that names a field or a tile the question cannot take: raise decide()'s reason."""
    keys = {k for option in prompt["options"] for k in option["move"]}
    part = None
    field = B.parse_field(word)
    if field is not None:
        key = next((k for k in ("field", "target", "to") if k in keys), None)
        part = {key: B.field_name(field)} if key else None
    else:
        tile = next((t for t, d in TILES.items() if (word,) in [tuple(a.split()) for a in d["aliases"]]), None)
        key = next((k for k in ("tile", "pick") if k in keys), None)
        part = {key: tile} if tile and key else None
    if part:
        decide(state, seat, part, Rng(b"notation", 0))  # raises the specific reason


def parse(text: str, state, seat: str) -> dict:
    words = fold_text(text or "").split()
    if not words:
        raise IllegalMove("bad_notation", "The reply is empty: " + NOTATION_HELP)
    current = state
    move: dict = {}
    asked: set = set()   # the answer keys of the questions answered so far
    i = 0
    while i < len(words):
        prompt = prompts(current).get(seat)
        if prompt is None:
            raise IllegalMove("bad_notation", f"Nothing more is asked after {' '.join(words[:i])!r}.")
        found = _match(words, i, seat, prompt)
        if found is None:
            _explain(words[i], current, seat, prompt)
            labels = "; ".join(o["label"] for o in prompt["options"][:12])
            raise IllegalMove("bad_notation", f"{words[i]!r} does not answer: {prompt['text']} Choices: {labels}.")
        part, used = found
        # One move holds one answer per kind of question, and decide() gives each question the
        # answer of its kind: a word whose kind an earlier question also takes (a second
        # "which tile" after a Television, a "yes" after a Press's "no") starts a new line.
        if any(k in asked for k in part):
            raise IllegalMove("bad_notation", f"Put “{' '.join(words[i:])}” on a new line: one line answers "
                                              "each kind of question once, and this is the second.")
        asked |= {k for option in prompt["options"] for k in option["move"]}
        move.update(part)
        i += used
        if i < len(words):
            events = decide(current, seat, part, Rng(b"notation", 0))
            current = json.loads(json.dumps(current))
            for event in events:
                current = evolve(current, event)
    return move


def _candidates(seat: str, move: dict) -> list[str]:
    """What a player would type for one answer, the shortest readable form first."""
    (key, value), = move.items()
    if key in ("tile", "pick"):
        return list(TILES[value]["aliases"]) if value in TILES else []
    if key in ("field", "target", "to"):
        return [str(value).lower()]
    if key == "facing":
        return [value[0], value]
    if key == "direction":     # in full: "imam a3 s south" reads better than "imam a3 s s"
        return [value, B.COMPASS_SHORT.get(value, value)]
    if key == "colour":
        return [value]
    if key == "use":
        return ["yes" if value else "no"]
    if key == "first":
        return ["mcworld" if value == B.SOUTH else "jihad"]
    return []


def notate(state, seat: str, move: dict) -> str | None:
    """The notation of a listed option's move: the first form that parse() reads back as
    exactly that move at this point of the game; None if the move is not a listed option."""
    prompt = prompts(state).get(seat) if state else None
    return read_back(prompt, move, lambda option: _candidates(seat, move) + [
        " ".join(p) for p in _phrases(seat, move, option["label"])], lambda text: parse(text, state, seat))
