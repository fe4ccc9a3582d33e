"""The short text notation for email replies and the CLI.

Words answer the questions in order, each matched against the listed options of the question
it answers: a tile name ("hacker", "financial crisis"), a field ("b2"), a direction for the
tip ("n", "south", or the side it should support: "mcworld", "jihad", "me", "them"), then the
effect's answer (a field, "white"/"black", a ray direction, a tile name, "yes"/"no"). A number
picks that option of the current question. Case and Polish letters do not matter.
"""

import json

from games.core import IllegalMove, Rng, longest_phrase

from . import board as B
from .evolve import evolve
from .rules import decide, prompts
from .tiles import TILES, fold_text

NOTATION_HELP = ("Answer with words in order: tile, field, tip direction, effect, e.g. `hacker b2 n` "
                 "or `president c3 s b2`; or answer only the current question (`b2`, `south`, `no`, a tile "
                 "name) or give the option's number.")

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
        if any(k in move for k in part):
            raise IllegalMove("bad_notation", "Send the rest as a separate reply: this answer repeats a question.")
        move.update(part)
        i += used
        if i < len(words):
            events = decide(current, seat, part, Rng(b"notation", 0))
            current = json.loads(json.dumps(current))
            for event in events:
                current = evolve(current, event)
    return move
