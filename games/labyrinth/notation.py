"""The short text notation for email replies and the CLI.

Words answer the questions in the order they come, each matched against the listed options of
the question it answers: a card number or name, an operation (woi, deploy, regime change,
withdraw, disrupt, alert, reassess, recruit, travel, jihad, major, plot, reserves), countries
(forgiving: any unique prefix, "saudi", "us", "uk"), "track", numbers (how many), "roll" to
end a list of dice or travels, "wmd" or a plot number for a plot marker, yes/no. Filler words
(ops, for, in, from, to, with, the) are skipped, and so is the number of the card already in
play. "#3" picks the third option of the current question. Case and accents do not matter.
"""

import marshal
from collections.abc import Callable
from typing import Any

from games.core import IllegalMove, Rng, longest_phrase, read_back, to_type

from . import data as D
from . import why
from .ctx import STEPS, Ctx, GameOver
from .evolve import evolve
from .rules import decide, normalise, prompts, why_not
from .vocabulary import EVENT_WORDS, FILLER, OP_WORDS, WORDS, candidates, op_of

NOTATION_HELP = ("Answer the questions in order with words: card, operation, countries, numbers. Examples: "
                 "`27 ops woi pakistan`, `104 deploy track saudi 2`, `60 travel iraq sudan afghanistan afghanistan roll`, "
                 "`86 jihad major pakistan`, `58 plot us roll 1`, `33 reserves`, `hold`. Or answer only the current "
                 "question: `pakistan`, `2`, `recruit`, `roll`, `yes`/`no`; `#3` picks option 3. Countries may be "
                 "shortened to any unique prefix (`pak`, `saudi`, `gulf`, `us`, `uk`). With card events: `12 event`, "
                 "`66 ops recruit`, then `event first` or `ops first` for which comes first, and the event's answers (`hard`, `soft`).")

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
        if key == "first" and str(value).isdigit():
            out += [f"{value} first", f"event {value}", f"event {value} first"]   # Reassessment (7.6.3)
        if key == "first":
            out.append(D.fold_text(label.split(",")[0]))     # "travel first", "the event first"
        if key == "go":
            out += ["go", "ok", "resolve", "continue", str(value)]
    elif key in ("n", "remove"):
        out.append(str(value))
    elif key == "nato":
        out += ["nato"] if value == 0 else [f"nato {value}", f"nato and {value}", f"{value} and nato"]
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


def _refusal(words: list, i: int, state, seat: str, prompt: dict) -> IllegalMove:
    """A word the question does not take: why, in a player's words, and what to type instead."""
    reason = _reason(words, i, state, seat, prompt)
    head = reason.sentence() if reason else f"{words[i]!r} is not an answer to this question."
    read = f"After {' '.join(words[:i])!r}: " if i else ""
    return IllegalMove("bad_notation", f"{read}{head} {prompt['text']} {choices(state, seat, prompt)}")


def _reason(words: list, i: int, state, seat: str, prompt: dict) -> why.Reason | None:
    """Why the answer a word names (a country, an operation, the card's event, a card) is not one
    of the choices now; None when the word names none of them."""
    word, step = words[i], state["step"]
    lead = 1 if word in ("major", "minor", "cadre") else 0
    hit = _country_at(words, i + lead)
    if hit:
        keys = [k for k in PLACES if any(k in o["move"] for o in prompt["options"])] or ["country"]
        return why_not(state, seat, step, {"major" if word == "major" and "major" in keys else keys[0]: hit[0]})
    if op_of(word) and prompt["kind"] == "operation":
        return why_not(state, seat, step, {"op": op_of(word)})
    if word in EVENT_WORDS and "first" not in words[i + 1:i + 2]:
        return why_not(state, seat, step, {"play": "event"})
    if word == "first" or words[i + 1:i + 2] == ["first"]:
        return why.Reason("no_order", "no event is triggered here, so there is no order of event and operation to "
                                      "choose (rule 6.3.2)")
    if word.isdigit() and prompt["kind"] == "card" and int(word) in D.CARDS:
        return why.Reason("not_in_hand", f"card {word} {D.card_name(int(word))} is not in your hand")
    return None


def choices(state, seat: str, prompt: dict) -> str:
    """'Type `woi`, `deploy` or `disrupt`.': the words of each listed option (`#n` where none reads
    back)."""
    def words(k: int, option: dict) -> str:
        move = option["move"]
        return read_back(prompt, move, lambda o: candidates(state, move, o["label"]),
                         lambda text: parse(text, state, seat, teach=False)) or f"#{k}"
    return to_type(words(k, o) for k, o in enumerate(prompt["options"], 1))


def _done(words: list, i: int, state) -> IllegalMove:
    """Words left over once the seat is no longer asked anything."""
    who = next(iter(prompts(state)), None)
    nxt = ("the game is over" if who is None else "the rules go on (plots, the end of the turn)" if who == "system"
           else f"the {D.SIDE[who]} decides next")
    return IllegalMove("bad_notation", f"Your part ends after {' '.join(words[:i])!r}: {nxt}, so "
                                       f"{' '.join(words[i:])!r} was not read. Send it when you are asked again.")


def _implied(words: list, i: int, last: list) -> int:
    """A country the previous answer already settled (a Recruit with a single possible
    country assigns every die itself): the words are skipped. Returns how many."""
    hit = _country_at(words, i)
    if hit and any(e["type"] == "recruited" and any(d["c"] == hit[0] for d in e["dice"]) for e in last):
        return hit[1]
    return 0


def _in_play(state, word: str) -> bool:
    """The number of the card being played, written again (the server takes a card for the player
    when it is the only one left): skipped like a filler word."""
    play = state.get("in_play") if state else None
    return bool(play) and word == str(play.get("card"))


def plain_copy(state):
    return marshal.loads(marshal.dumps(state))          # plain JSON values: the fastest deep copy


def _decided(state, seat: str, part: dict, prompt: dict) -> tuple[list[dict], dict]:
    """rules.decide() of ``part``, the move of an option of ``prompt`` (the seat's question in
    ``state``), and the state after its events: for a listed move the same step on a copy, without
    asking the copy the question again nor decide()'s JSON round trip (most of a parse's time), the
    copy being the state after it (every event is folded into it as it is made: ctx.py); anything
    else through decide(), its events folded into a copy."""
    move = {k: normalise(k, v) for k, v in part.items()}
    if len(move) != 1 or "seq" in move or "reason" in move or move not in [o["move"] for o in prompt["options"]]:
        events = decide(state, seat, part, Rng(b"notation", 0))
        after = plain_copy(state)
        for event in events:
            after = evolve(after, event)
        return events, after
    ctx = Ctx(plain_copy(state), Rng(b"notation", 0))
    try:
        STEPS[ctx.s["step"]["k"]][1](ctx, ctx.s["step"], move)
    except GameOver:
        pass
    return ctx.events, ctx.s


def parse(text: str, state, seat: str, teach: bool = True, asked: dict | None = None,
          known: Callable[[Any, dict], tuple[list, Any, dict | None] | None] | None = None) -> dict:
    """The move the words mean; a word that does not fit is refused with why and what to type
    (`teach`; without it, briefly: when the words to type are themselves being tried). ``asked``:
    the seat's question in ``state`` (``prompts(state)[seat]``) when the caller has it, so that it
    is not asked again; ``known(state, part)``: what deciding that answer in that very state makes,
    when the caller has decided it already (its events, the state after them and the seat's
    question there), else None."""
    words = []
    for token in (text or "").split():
        words += [token] if token.startswith("#") and token[1:].isdigit() else D.fold_text(token).split()
    if not words:
        raise IllegalMove("bad_notation", "The reply is empty: " + NOTATION_HELP)
    first = prompts(state).get(seat) if asked is None else asked
    current, prompt = state, first              # the seat's question in ``current``
    parts: list[dict] = []
    last: list = []
    i = 0
    while i < len(words):
        if prompt is None:
            if words[i] in FILLER or _implied(words, i, last):
                i += _implied(words, i, last) or 1
                continue
            raise _done(words, i, current)
        found = _match(words, i, prompt)
        if found is None:
            if words[i] in FILLER or _in_play(current, words[i]):
                i += 1
                continue
            skip = _implied(words, i, last)
            if skip:
                i += skip
                continue
            raise _refusal(words, i, current, seat, prompt) if teach else IllegalMove("bad_notation", words[i])
        part, used = found
        parts.append(part)
        i += used
        if i < len(words) and any(w not in FILLER for w in words[i:]):
            done = known(current, part) if known is not None else None
            if done is None:
                last, current = _decided(current, seat, part, prompt)
                prompt = prompts(current).get(seat)
            else:
                last, current, prompt = done
    if not parts:
        wanted = f"{first['text']} {choices(state, seat, first)}" if first and teach else NOTATION_HELP
        raise IllegalMove("bad_notation", f"{text.strip()!r} answers nothing: {wanted}")
    return parts[0] if len(parts) == 1 else {"seq": parts}
