"""``example``: a plausible whole turn for the seat in notation, one decision per line, taken on a
copy of the game with sensible choices (do something rather than stop, keep the orders); it stops
where the seat is no longer asked, and after a secret card pick."""

import json

from games.core import Rng

from . import rules
from .evolve import evolve
from .notation import notate

SKIP = ({"sell", "done", "pass"}, (None, 0, "none"))


def _sensible(options):
    keep = [o for o in options if not (SKIP[0] & set(o["move"])) and not any(v in SKIP[1] for v in o["move"].values()
                                                                            if not isinstance(v, bool))]
    return (keep or options)[0]["move"]


def example(state, seat, limit=8) -> list[str]:
    lines = []
    s = json.loads(json.dumps(state)) if state else None
    for _ in range(limit):
        prompt = rules.prompts(s).get(seat) if s else None
        if not prompt:
            break
        move = _sensible(prompt["options"])
        words = notate(s, seat, move)
        if words is None:
            break
        lines.append(words)
        for event in rules.decide(s, seat, move, Rng(b"example", 0)):
            s = evolve(s, json.loads(json.dumps(event)))
        if prompt.get("sealed"):
            break
    return lines
