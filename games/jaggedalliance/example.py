"""``example``: a plausible stretch of decisions for the seat in notation, one a line, chosen by
``advice`` on a copy of the state, such that a reply of these lines is applied whole. The server
answers a question that has a single answer by itself, so no line is written for one (the copy
takes it too). It stops after the line whose outcome a die, a draw or a face-down card or token
decides (the copy knows what the seat may not, so it must not plan past it), at the end of the
activation, and when the seat is no longer asked."""

from games.core import Rng

from . import advice, notation, rules
from .ctx import copy
from .evolve import evolve
from .view import reveals

MOST = 6
SYSTEM = "system"


def _chance(rng: Rng, events: list[dict]) -> bool:
    """Did this decision roll a die, or show or change anything hidden (the game's ``reveals``)?"""
    return rng.used or any(reveals(e) for e in events)


def _forced(asked: dict) -> str | None:
    """The seat whose single-answer question the server takes now (as tables/model.py does)."""
    return next((seat for seat in sorted(asked) if len(asked[seat]["options"]) == 1), None)


def example(state, seat) -> list[str]:
    if not state or seat not in rules.prompts(state):
        return []
    s = copy(state)
    lines: list[str] = []
    for i in range(4 * MOST):
        asked = rules.prompts(s)
        if seat not in asked or SYSTEM in asked or len(lines) == MOST:
            break
        forced = _forced(asked)
        chooser = forced or seat
        prompt = asked[chooser]
        if forced:
            move = prompt["options"][0]["move"]
        else:
            text = notation.notate(prompt, advice.choose(s, seat, Rng(b"example", i), prompt))
            if text is None:
                break
            lines.append(text)
            move = notation.match(text, prompt)     # the copy a text names (two alike: the first)
        rng = Rng(b"example", i)
        events = rules.decide(s, chooser, move, rng)
        for event in events:
            s = evolve(s, event)
        if _chance(rng, events) or move.get("a") == "end":
            break
    return lines
