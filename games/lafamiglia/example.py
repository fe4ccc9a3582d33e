"""``example``: a plausible whole turn for the seat in notation, one decision per line, to send in
one reply: every question the seat is asked until the game waits for someone else, as the server
would take the reply. A question with one answer gets no line (the server takes it, for any seat);
the example stops where the seat is no longer asked (another seat's choice, such as the other
side's secret card in a finesse, or a system step). The choices are sensible: do something rather
than stop, keep 1 soldato behind in an area, bring what a muster can spare, never sell or pass;
in the setup, sheet-0 fields that the other seats' examples do not propose.
"""

import marshal

from games.core import SYSTEM, Rng

from . import data as D
from . import rules
from .evolve import evolve
from .notation import notate
from .setup import sheet0_free
from .state import order

LIMIT = 40          # lines at most (a reply takes 60)
STOP = {"sell", "gift", "done", "pass"}


def _doing(option) -> bool:
    move = option["move"]
    return not (STOP & set(move)) and not any(v in (None, 0, "none") for v in move.values() if not isinstance(v, bool))


def _sensible(s, seat, prompt) -> dict:
    options = prompt["options"]
    keep = [o for o in options if _doing(o)] or options
    frame = s["stack"][-1] if s["stack"] and not prompt.get("sealed") else None
    if frame and frame["k"] == "mark_plan":
        return _plan_field(s, seat)
    if frame and frame["k"] in ("extra", "lab0"):            # the setup's pieces spread over the areas
        card = D.CHARACTERS[s["p"][seat]["character"]]
        done = (sum(card["extra"].values()) - sum(frame["left"].values()) if frame["k"] == "extra"
                else card["labs"] - frame["left"])
        return keep[done % len(keep)]["move"]
    if frame and frame["k"] == "muster":
        spare = [o for o in keep if "frm" in o["move"] and s["areas"][o["move"]["frm"]]["n"] > 1]
        return (spare or [o for o in options if o["move"].get("done")] or keep)[0]["move"]
    counts = [o for o in keep if isinstance(o["move"].get("n"), int)]
    if counts and len(counts) == len(keep):
        safe = [o for o in counts if "(all" not in o["label"]] or counts
        return max(safe, key=lambda o: o["move"]["n"])["move"]
    return keep[0]["move"]


def _plan_field(s, seat) -> dict:
    """Sheet-0 fields listed 3 apart from seat to seat (the k-th seat in player order from the 3k-th
    free field), so that four players who follow their examples do not want the same fields."""
    free = sheet0_free(s)
    plan = s["p"][seat].get("plan", [])
    k = order(s).index(seat)
    start = 3 * k + len(plan)
    return {"field": next(x for x in free[start:] + free[:start] if x not in plan)}


def _copy(value):
    """A deep copy of plain JSON data, as a JSON round trip makes it but faster (lists stay lists:
    the state and the events hold no tuples)."""
    return marshal.loads(marshal.dumps(value))


def _decide(s, seat, move, asked) -> list[dict]:
    """rules.decide() of ``move``, the questions of ``s`` given as worked out already (``asked``)."""
    return rules.decide(s, seat, move, Rng(b"example", 0), asked)


def _apply(s, seat, move, asked):
    for event in _decide(s, seat, move, asked):
        s = evolve(s, _copy(event))
    return s


def _forced(s):
    """The choices the server takes by itself after a decision: any seat's question with one answer
    (never a system step: the reply stops there). Returns the state and its questions."""
    while True:
        asked = rules.prompts(s)
        if SYSTEM in asked:
            return s, asked
        seat = next((x for x in sorted(asked) if len(asked[x]["options"]) == 1), None)
        if seat is None:
            return s, asked
        s = _apply(s, seat, asked[seat]["options"][0]["move"], asked)


def example(state, seat) -> list[str]:
    lines: list[str] = []
    s = _copy(state) if state else None
    asked = rules.prompts(s) if s else None          # the questions of ``s``, worked out once for each state
    while s and len(lines) < LIMIT:
        prompt = asked.get(seat)
        if not prompt:
            break
        if len(prompt["options"]) == 1:          # asked of nobody: the server answers it
            s, asked = _forced(_apply(s, seat, prompt["options"][0]["move"], asked))
            continue
        move = _sensible(s, seat, prompt)
        words = notate(s, seat, move)
        if words is None:
            break
        lines.append(words)
        s, asked = _forced(_apply(s, seat, move, asked))
    return lines
