"""The short text notation for email replies and the CLI.

Words answer the questions in order, each matched against the listed options of the question
it answers: a tile name ("hacker", "financial crisis"), a field ("b2"), a direction for the
tip ("n", "south", or the side it should support: "mcworld", "jihad", "me", "them"), then the
effect's answer (a field, "white"/"black", a ray direction, a tile name, "yes"/"no"). A number
picks that option of the current question. Case and Polish letters do not matter. A word that
answers nothing is refused with the reason (refusals.py: what the tile reaches from there, why
the placement asks nothing more) and the whole lines that would do.
"""

import json
from functools import lru_cache

from games.core import IllegalMove, Rng, longest_phrase, read_back, to_type
from games.core.notation import read_back_all

from . import board as B
from . import refusals
from .evolve import evolve
from .rules import decide, prompts
from .tiles import TILES, fold_text

NOTATION_HELP = ("Answer with words in order: tile, field, tip direction, effect, e.g. `hacker b2 n` "
                 "or `president c3 s b2`; or answer only the current question (`b2`, `south`, `no`, a tile "
                 "name) or give the option's number. When a Television or Press copies an effect, the "
                 "copied effect's answer goes on the next line.")

YES = ("yes", "y", "use", "ok")
NO = ("no", "decline", "skip", "pass", "none", "dont", "don t use", "do not use")


def _phrases(seat: str, move: dict, label: str) -> tuple[tuple[str, ...], ...]:
    """The phrases that name an option (its label's words first), each a tuple of words."""
    (key, value), = move.items()
    try:
        return _said(seat, key, value, label)
    except TypeError:                   # a value that is no name (kept by no cache)
        return _said.__wrapped__(seat, key, value, label)


@lru_cache(maxsize=8192)
def _said(seat: str, key: str, value, label: str) -> tuple[tuple[str, ...], ...]:
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
    return tuple(tuple(p.split()) for p in out if p)


def _match(words: list, i: int, seat: str, prompt: dict, said: dict | None = None) -> tuple[dict, int] | None:
    """The option words[i:] begins with, and how many words it took. ``said``: each option's
    phrases by id, when the caller has them already (``notate_all``)."""
    options = prompt["options"]
    if words[i].isdigit():
        n = int(words[i])
        if 1 <= n <= len(options):
            return options[n - 1]["move"], 1
        return None
    if said is not None:
        return longest_phrase(words, i, options, lambda option: said[id(option)])
    return longest_phrase(words, i, options, lambda option: _phrases(seat, option["move"], option["label"]))


def _why(word: str, state, seat: str, prompt: dict) -> tuple[str, str]:
    """(code, reason) of a word that answers nothing of this question: decide()'s for a field or
    a tile the question cannot take (with what the tile reaches), else what the question takes."""
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
        try:
            decide(state, seat, part, Rng(b"notation", 0))
        except IllegalMove as refused:
            return refused.code, refused.message
    if word.isdigit():
        return "no_such_option", f"there is no choice {word}: the question has {len(prompt['options'])}"
    if ("field" in keys or "to" in keys) and len(word) == 2 and word[0].isalpha() and word[1].isdigit():
        return "bad_field", refusals.not_a_field(word)
    return "bad_notation", refusals.not_an_answer(word, state, prompt)


def _refused(words: list, i: int, state, seat: str, prompt: dict) -> IllegalMove:
    """Word i does not answer this question: why, and each whole line that would."""
    said = " ".join(words[:i])
    lines = [f"{said} {text}".strip() for text in notate_all(state, seat)]
    code, why = _why(words[i], state, seat, prompt)
    return IllegalMove(code, f"{refusals.sentence(why)} {to_type(lines)}")


def _nothing_more(words: list, i: int, start, seat: str, move: dict) -> IllegalMove:
    """The placement asked nothing more after words[:i]: why, the line without the rest, and where
    the same tile would have something to act on."""
    events = decide(start, seat, move, Rng(b"notation", 0))
    said = " ".join(words[:i])
    why = refusals.sentence(f"nothing more is asked after “{said}”: " + refusals.nothing_more(start, seat, events))
    text = f"{why} Send `{said}` alone, and “{' '.join(words[i:])}” not at all."
    if any(e["type"] == "effect_lost" and e["reason"] == "no_target" for e in events):
        aimed = _aimed(start, seat, move.get("tile"), [])
        if aimed:
            text += " " + to_type(aimed, most=3, lead="Or place it where it reaches a tile:")
    return IllegalMove("bad_notation", text)


def _theirs(state, seat: str, move: dict) -> bool:
    """Does this answer aim at a tile supporting the opponent?"""
    idx = B.parse_field(move.get("target"))
    cell = state["board"][idx] if idx is not None else None
    return bool(cell) and cell["s"] == B.other(seat)


def _aimed(state, seat: str, tile: str | None, said: list, most: int = 3) -> list[str]:
    """Whole lines that place the tile (``tile``, or the one being placed) where its effect has
    something to act on, with its first target: up to ``most``, centre first."""
    prompt = prompts(state).get(seat)
    if prompt is None or len(said) > 4:
        return []
    options = prompt["options"]
    step = state["step"]
    if step["k"] == "tile":
        options = [o for o in options if o["move"] == {"tile": tile}]
    elif step["k"] == "effect":
        aims = [o["move"] for o in options if o["move"] != {"use": False}]
        if any("target" in m for m in aims):        # a tile on the board: one of the opponent's
            aims = [m for m in aims if _theirs(state, seat, m)]
        return [" ".join(said + [notate(state, seat, aims[0])])] if aims and said else []
    elif step["k"] not in ("field", "facing"):
        return []
    found: list[str] = []
    for option in sorted(options, key=lambda o: o["move"].get("field") != "B2"):
        after = json.loads(json.dumps(state))
        for event in decide(state, seat, option["move"], Rng(b"notation", 0)):
            after = evolve(after, event)
        found += _aimed(after, seat, tile, said + [notate(state, seat, option["move"])], most - len(found))
        if len(found) >= most:
            break
    return found[:most]


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
        if prompt is None and not i:
            decide(state, seat, {}, Rng(b"notation", 0))        # raises whose turn it is, or that it is over
        if prompt is None:
            raise _nothing_more(words, i, state, seat, move)
        found = _match(words, i, seat, prompt)
        if found is None:
            raise _refused(words, i, current, seat, prompt)
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




def _texts(seat: str, option: dict) -> list[str]:
    """The forms notate tries for an option, in order."""
    return _candidates(seat, option["move"]) + [" ".join(p) for p in _phrases(seat, option["move"], option["label"])]


def notate(state, seat: str, move: dict) -> str | None:
    """The notation of a listed option's move: the first form that parse() reads back as
    exactly that move at this point of the game; None if the move is not a listed option."""
    prompt = prompts(state).get(seat) if state else None
    return read_back(prompt, move, lambda option: _texts(seat, option), lambda text: parse(text, state, seat))


def notate_all(state, seat: str, asked: dict | None = None) -> list[str | None]:
    """``notate`` of every option of the seat's question, in order, the question asked once: a
    form reads back as an option's move only when its words, all of them, answer this question
    with it (parse reads on to the next question only past the first answer, and a line of two
    answers is never one option's move), so each form is read against this question alone.
    ``asked``: the seat's question, when the caller has it already (``prompts(state)[seat]``).
    What each form reads back as hangs on the seat and the options (their moves and labels) alone,
    so the notations of a question are worked out once and kept (the same question comes again:
    which way a tile faces, which tile, where on the same empty fields)."""
    prompt = asked if asked is not None else prompts(state).get(seat) if state else None
    if prompt is None:
        return []
    options = prompt.get("options") or []
    try:
        key = []
        for option in options:
            (k, v), = option["move"].items()
            key.append((k, v, option["label"]))
        return list(_notated(seat, tuple(key)))
    except (TypeError, AttributeError, ValueError):     # a move not one answer of plain value
        return read_back_all(prompt, _every_form(seat, prompt), _reader(seat, prompt))


@lru_cache(maxsize=8192)
def _notated(seat: str, key: tuple) -> tuple[str | None, ...]:
    """The notations of the question ``key`` stands for (its options' answer key, value and
    label each, in order): ``read_back_all`` of it, worked out once and kept."""
    prompt = {"options": [{"move": {k: v}, "label": label} for k, v, label in key]}
    return tuple(read_back_all(prompt, _every_form(seat, prompt), _reader(seat, prompt)))


def _every_form(seat: str, prompt: dict):  # type: ignore[no-untyped-def]
    said = {id(option): _phrases(seat, option["move"], option["label"]) for option in prompt["options"]}
    return lambda option: _forms(seat, option, said[id(option)])


def _reader(seat: str, prompt: dict):  # type: ignore[no-untyped-def]
    """read(text): the move a whole text names in ``prompt`` (None when it names none)."""
    said = {id(option): _phrases(seat, option["move"], option["label"]) for option in prompt["options"]}
    # A form reads back as a whole only when one of the question's phrases is all its words (no
    # phrase is longer than the words it matches): which options' moves have each phrase.
    named: dict[tuple, list] = {}
    for option in prompt["options"]:
        for phrase in said[id(option)]:
            moves = named.setdefault(phrase, [])
            if option["move"] not in moves:
                moves.append(option["move"])

    def read(text: str) -> dict | None:
        words = fold_text(text or "").split()
        if not words:
            return None
        if words[0].isdigit():
            found = _match(words, 0, seat, prompt, said)
            return found[0] if found is not None and found[1] == len(words) else None
        moves = named.get(tuple(words))
        return moves[0] if moves is not None and len(moves) == 1 else None
    return read


def _forms(seat: str, option: dict, phrases: list[tuple[str, ...]]):  # type: ignore[no-untyped-def]
    """_texts of an option, its phrases given, one at a time (read_back stops at the first that reads back)."""
    yield from _candidates(seat, option["move"])
    for phrase in phrases:
        yield " ".join(phrase)
