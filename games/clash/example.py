"""A whole placement a seat could reply with, in notation (games.core example).

It is a suggestion, not a strategy: every decision of the seat's current placement is tried
(tile, field, the effect's answers; the tip toward the opponent, so the tile supports the
placer, except a KABOOOM!!!, which is laid to support the opponent, spec 9.3), and the
placement whose board is best for the seat by a one-move count wins (support on the board,
tiles in the zones, Security, KABOOOM!!!, a game won). Ties go to the first found, with the
centre tried first. The words come from notate(), and are written on one line while parse()
reads them back as the same placement; a question the notation cannot take on the same line
(the second "which tile" of a Television or Press) starts a new line, and so does the one
answer that depends on a draw in the middle of a placement: the unused neutral tile Elections
chooses (elections_draw=choose) after a long-game refill (11.7) has drawn from the same tiles.

Clash is open information (spec 12.1; the hidden-support variants are not implemented), so
the state holds nothing the seat may not see, except which unused neutral tile a draw brings:
a draw is not chosen by the seat, so no example names it.
"""

import marshal

from games.core import IllegalMove, Rng

from . import board as B
from . import derived as D
from . import effects as E
from .notation import notate, parse
from .rules import _apply as play_answer
from .rules import decide, prompts
from .tiles import KABOOOM

# The dice parse() uses to look past a random step (a long-game refill, an Elections draw):
# the search uses the same ones, so what it plans is what parse() reads back.
DICE = Rng(b"notation", 0)
WON = 1000


def _score(state, seat, events) -> float:
    """How good the position after a placement is for seat, by simple counts."""
    them = B.other(seat)
    board = state["board"]
    support = D.support(board)
    score = 10 * (support[seat] - support[them])
    for e in events:      # a game won or lost outweighs the rest; the margin still counts (11.1)
        if e["type"] == "game_over":
            return score + (WON if e["winner"] == seat else -WON if e["winner"] == them else 0)
    score += 3 * (len(state["zones"][seat]) - len(state["zones"][them]))
    stab = D.stabilized(board)
    for i, cell in enumerate(board):
        if D.face_up(cell) and D.has_security(board, i, stab):
            score += 2 if cell["s"] == seat else -2
    victim = D.kaboom_victim(board)
    if victim:
        score += -50 if victim == seat else 50
    return score


def _facing_ok(state, seat, part) -> bool:
    """Only the sensible tip: toward the opponent, or away from them for KABOOOM!!! (9.3)."""
    if "facing" not in part:
        return True
    want = B.other(seat) if state["step"]["tile"] == KABOOOM else seat
    return B.supports_of(part["facing"]) == want


def _centre_first(options: list) -> list:
    return sorted(options, key=lambda o: o["move"].get("field") != B.field_name(B.CENTRE))


def _apply(state, seat, part):
    """decide() of one listed answer, keeping the state it reaches: the rules' own step on a
    copy (decide() takes the same step on its copy, checks a move this search never needs to,
    and returns the events only, which would have to be folded again). The copy is marshal's:
    the state is plain data, and marshal copies it faster still than pickle (which was twice as
    fast as a JSON round trip)."""
    work, events = marshal.loads(marshal.dumps(state)), []
    play_answer(work, events, seat, part, DICE)
    return work, events


def _placement_over(state, seat) -> bool:
    step = state.get("step") if state else None
    return (step is None or state.get("result") or step["seat"] != seat
            or step["k"] in ("tile", "first"))


def _best(state, seat, events=()) -> tuple[float, list]:
    """(score, [(state before, answer), ...]) of the best rest of this placement."""
    prompt = prompts(state).get(seat)
    if prompt is None:
        return _score(state, seat, events), []
    best: tuple[float, list] | None = None
    for option in _centre_first(prompt["options"]):
        part = option["move"]
        if not _facing_ok(state, seat, part):
            continue
        after, new = _apply(state, seat, part)
        seen = list(events) + new
        if _placement_over(after, seat):
            score, rest = _score(after, seat, seen), []
        else:
            score, rest = _best(after, seat, seen)
        if best is None or score > best[0]:
            best = (score, [(state, part)] + rest)
    return best if best is not None else (_score(state, seat, events), [])


def _start(state, seat) -> list:
    """The first question may be who goes first: the seat takes it (5 placements of 9, 12.3),
    and then opens with Mustafa; otherwise the search covers the placement."""
    prompt = prompts(state).get(seat)
    first = next((o["move"] for o in prompt["options"] if o["move"].get("first") == seat), None)
    if first is None:
        return _best(state, seat)[1]
    after, _ = _apply(state, seat, first)
    return [(state, first)] + (_best(after, seat)[1] if seat in prompts(after) else [])


def _reads_as(text: str, state, seat, move: dict) -> bool:
    try:
        return parse(text, state, seat) == move
    except IllegalMove:
        return False


def _draws(state, seat, part) -> bool:
    """Whether this answer draws from the unused neutral tiles (a long-game refill)."""
    return any(e["type"] == "refilled" for e in decide(state, seat, part, DICE))


def _names_an_unused_neutral(state, part) -> bool:
    step = state["step"]
    return "pick" in part and step["k"] == "effect" and E.effect_kind(state, step["chain"]) == "elections"


def lines_for(path: list, seat: str) -> list[str]:
    """The answers of a path as reply lines: as many per line as parse() reads back whole."""
    lines: list[str] = []
    words: list[str] = []
    start, merged = None, {}
    drawn = False
    for state, part in path:
        if drawn and words and _names_an_unused_neutral(state, part):
            # The placement drew a tile from the unused neutrals (a long-game refill, 11.7) and
            # this answer names one (Elections, 8.3): the draw may take it, so it goes on a line
            # of its own, and the lines before still count if it does.
            lines.append(" ".join(words))
            words, start, merged = [], None, {}
        drawn = drawn or _draws(state, seat, part)
        if lines and not words and len(prompts(state)[seat]["options"]) == 1:
            # Between lines the server takes a question with a single answer (a forced choice),
            # so a line does not begin with one.
            continue
        word = notate(state, seat, part)
        if word is None:
            options = prompts(state)[seat]["options"]
            word = str(next(i for i, o in enumerate(options, 1) if o["move"] == part))
        if words and _reads_as(" ".join(words + [word]), start, seat, {**merged, **part}):
            words.append(word)
            merged.update(part)
            continue
        if words:
            lines.append(" ".join(words))
            if len(prompts(state)[seat]["options"]) == 1:
                words, start, merged = [], None, {}
                continue
        words, start, merged = [word], state, dict(part)
    if words:
        lines.append(" ".join(words))
    return lines


def example(state, seat: str) -> list[str]:
    if not state or seat not in prompts(state):
        return []
    return lines_for(_start(state, seat), seat)
