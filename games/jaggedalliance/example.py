"""``example``: a plausible stretch of decisions for the seat in notation, one a line, chosen by
``advice`` on a copy of the state. It stops where dice, a draw or a face-down token would decide
what comes next (the copy knows what the seat may not), or when the seat is no longer asked."""

from games.core import Rng

from . import advice, notation, rules
from .ctx import copy
from .evolve import evolve

STOP = {"shot", "ability_rolled", "bribed", "battle_started", "skirmish", "looted", "enemy_turn", "round_started"}
MOST = 6


def example(state, seat) -> list[str]:
    if not state or seat not in rules.prompts(state):
        return []
    s = copy(state)
    lines = []
    for i in range(MOST):
        asked = rules.prompts(s)
        if seat not in asked:
            break
        prompt = asked[seat]
        move = advice.choose(s, seat, Rng(b"example", i), prompt)
        text = notation.notate(prompt, move)
        if text is None:
            break
        lines.append(text)
        events = rules.decide(s, seat, move, Rng(b"example", i))
        for event in events:
            s = evolve(s, event)
        if any(e["type"] in STOP for e in events) or move.get("a") == "end":
            break
    return lines
