"""A plausible choice for a question, for the example turn of an email (example.py): not a bot
that plays well, a player who does something sensible and legal, never "pass" when there is
something to do. Every choice is one of the listed options; ties go to the first listed.

Reads only the state it is given; example.py hands it a state whose hidden parts are masked.
"""

from . import data as D
from . import jihadist_ops, us_ops
from .events import registry as R
from .state import available_cells, cells, resources, troops

OTHER = {"us": "jihadist", "jihadist": "us"}
NO = {"done", "none", "no", "pass", "skip", "nothing", "stop", "keep"}


def _muslim_score(state, name: str, poor: float, fair: float, good: float, untested: float) -> float:
    g = state["c"][name]["gov"]
    return {None: untested, D.GOOD: good, D.FAIR: fair, D.POOR: poor}.get(g, 0.0)


# ---------------------------------------------------------------- cards and operations


def card_score(state, seat: str, card: int) -> float:
    """Own events first (the card says what it does), then cards whose opponent event cannot
    happen now, Unassociated cards, and last the cards that hand the opponent an event."""
    ops = D.card_ops(card) / 10
    side = R.association(card)
    events = state["opts"].get("events") == "on"
    if not events:
        return 1 + ops
    if D.CARDS[card]["flags"]["auto_trigger"]:
        return 1.2 + ops
    if side == seat:
        return (4 if R.may_play(state, card, seat) else 2) + ops
    if side is None:
        return 3 + ops
    return (2.5 if not R.can_happen(state, card, side) else 1) + ops


def op_score(state, seat: str, op: str) -> float:
    s = state
    if seat == "us":
        v = us_ops.value(s)
        if op == "woi":
            good = [n for n in us_ops.woi_targets(s, v)
                    if D.is_muslim(n) and s["c"][n]["gov"] in (D.FAIR, D.POOR, None)]
            return 6 if good else 3
        return {"alert": 9, "disrupt": 7, "regime_change": 4, "deploy": 3, "reserves": 2, "withdraw": 1,
                "reassess": 0}.get(op, 0)
    if op == "jihad":
        targets = jihadist_ops.jihad_targets(s, [])
        if any(jihadist_ops.major_possible(s, n) for n in targets):
            return 8
        return 6 if any(s["c"][n]["gov"] in (D.FAIR, D.POOR) for n in targets) else 3
    if op == "recruit":
        return 6 if available_cells(s) > 0 else 0
    if op == "plot":
        strong = [n for n in jihadist_ops.plot_targets(s, []) if n == D.US or troops(s, n) or
                  (D.is_muslim(n) and s["c"][n]["gov"] == D.GOOD)]
        return 5 if strong and s["avail"] else 3
    return {"travel": 4, "reserves": 2}.get(op, 0)


# ---------------------------------------------------------------- countries


def woi_score(state, name: str) -> float:
    c = state["c"][name]
    if not D.is_muslim(name):
        return 2 + (1 if c["posture"] != state["us_posture"] else 0)
    # an untested country is tested first, mostly Poor (4.9.4): too costly for a card under 3
    base = _muslim_score(state, name, poor=5, fair=6, good=1, untested=3 if us_ops.value(state) >= 3 else 0.5)
    return base + (2 if c["align"] == "Ally" else 0) + c["aid"] + resources(state, name) / 10


def travel_to_score(state, frm: str, to: str) -> float:
    if frm == to:
        return -5
    near = 2 if jihadist_ops.travel_auto(state, frm, to) else 0
    if D.is_muslim(to):
        return near + _muslim_score(state, to, poor=5, fair=3, good=1, untested=3) + resources(state, to) / 10
    return near + (1.5 if state["c"][to]["posture"] == "Soft" else 1)


def recruit_score(state, name: str) -> float:
    need = jihadist_ops.recruit_need(state, name)
    return (10 if need is None else need) + cells(state["c"][name]) / 10


def jihad_score(state, name: str) -> float:
    return _muslim_score(state, name, poor=6, fair=4, good=2, untested=0) + cells(state["c"][name]) / 10


def plot_score(state, name: str) -> float:
    if name == D.US:
        return 8
    if troops(state, name):
        return 6
    if D.is_muslim(name):
        return 4 if state["c"][name]["gov"] == D.GOOD else 2
    return 3


def deploy_to_score(state, name: str) -> float:
    if name == "track":
        return 0
    c = state["c"][name]
    return 2 + cells(c) + (1 if c["align"] == "Ally" else 0)


# ---------------------------------------------------------------- one option


def score(state, seat: str, step: dict, move: dict, label: str) -> float:
    (key, value), = move.items()
    k = step["k"]
    if key == "pass" and k == "cadre":
        return 0                                           # no card left: done, cadres stay
    if key in ("roll", "pass") or (key == "pick" and str(value).lower() in NO):
        return -50
    if key == "cadre":
        return -20
    if key == "card" and k == "card":
        return card_score(state, seat, value) if value != "random" else 0
    if key == "play":
        own = R.association(state["in_play"]["card"]) == seat
        return 1 if (value == "event") == own else 0
    if key == "op":
        return op_score(state, seat, value)
    if key == "first":
        return 1 if value == "op" else 0
    if key == "last":
        return {"play": 2, "discard": 1}.get(value, 0)
    if key in ("boost", "reroll"):
        return 1 if value else 0
    if key == "marker":
        return 10 if value == "WMD" else value
    if key == "pick" and str(value).isdigit():
        return int(value)                                  # a plot marker: the strongest
    if key == "pick" and str(value).lower() == "wmd":
        return 10
    if key in ("n", "remove"):
        return -value if k == "rc_n" else value
    if key == "major":
        return 10 + cells(state["c"][value]) / 10
    if key in ("country", "from", "to"):
        return place_score(state, step, key, value)
    return 0


def place_score(state, step: dict, key: str, name: str) -> float:
    k = step["k"]
    if name == "track":
        return {"deploy_from": 5, "rc_from": 5, "wd_to": 5}.get(k, 0)
    if k == "woi":
        return woi_score(state, name)
    if k == "disrupt":
        return cells(state["c"][name]) + (2 if troops(state, name) else 0)
    if k in ("deploy_to", "wd_to"):
        return deploy_to_score(state, name)
    if k == "travel":
        if key == "from":
            return cells(state["c"][name]) - (1 if name == D.US else 0)
        return travel_to_score(state, step["pick"], name)
    if k == "recruit":
        return recruit_score(state, name)
    if k == "recruit_place":
        return cells(state["c"][name])
    if k == "jihad":
        return jihad_score(state, name)
    if k == "plot":
        return plot_score(state, name)
    if k == "anaconda":
        return _muslim_score(state, name, poor=3, fair=2, good=1, untested=2) if D.is_muslim(name) else 0
    return 0


def choose(state, seat: str, prompt: dict) -> dict:
    """The option a sensible player would take (the first listed among equals)."""
    step = state["step"]
    options = prompt["options"]
    best = max(range(len(options)),
               key=lambda i: (score(state, seat, step, options[i]["move"], options[i]["label"]), -i))
    return options[best]["move"]
