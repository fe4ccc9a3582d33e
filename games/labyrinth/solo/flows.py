"""9.4.1 Event or Ops, the choice of operation, and each operation's "Where?" decisions, one
listed option at a time: (move, reason) for the bot.
"""

from .. import data as D
from ..events import engine
from ..events import registry as R
from ..jihadist_ops import plot_targets, recruit_targets
from ..state import available_cells, cells, cells_and_sadr, cells_on_track, gov, neighbours
from . import cards, randomly, where


def _name(card: int) -> str:
    return f"{card} {D.card_name(card)}"


def _ops(n: int) -> str:
    return f"{n} Op{'s' if n != 1 else ''}"


# ---------------------------------------------------------------- 9.4.1 event or Ops


def radicalize_instead(state, card: int) -> str:
    """Why the bot's own playable event gives way to Radicalization with the card's Ops ('' if it
    does not): 9.4.1 (an event placing cells, none on the Funding track), 9.4.2.1 (an event's plot
    whose flow ends in Radicalization)."""
    if D.CARDS[card]["flags"]["places_cells"] and cells_on_track(state) == 0:
        return f"{_name(card)}: its event places cells and none is on the Funding track: Radicalization instead, 9.4.1"
    targets = cards.plot_event_targets(state, card)
    if targets is not None and not any(where.plot_category(state, n) is not None for n in targets):
        return (f"{_name(card)}: its plot would go to Radicalization: Radicalization with the card's value, the event "
                "ignored, 9.4.2.1")
    return ""


def event_or_ops(state, rng) -> tuple[dict, str]:
    card = state["in_play"]["card"]
    why = radicalize_instead(state, card)
    if why:
        return {"play": "ops"}, why
    if card in D.OIL_PRICE_SPIKE and not cards.spike_cards(state):
        return {"play": "ops"}, "9.6 Oil Price Spike: no Jihadist card in the discard pile: for Ops only"
    if R.association(card) is None:
        return {"play": "event"}, f"{_name(card)}: a playable Unassociated event, then its Ops, 9.4.1"
    return {"play": "event"}, f"{_name(card)}: a playable Jihadist event, 9.4.1"


def operation(state, options: list, rng) -> tuple[dict, str]:
    """The "use" question: the operation for the card's Ops (or those left)."""
    play = state["in_play"]
    ops = [o["op"] for o in options if "op" in o]
    v, card = play["value"], play["card"]
    if play.get("only"):                              # an operation its event orders (Fatwa ...)
        op, why = ops_flow(state, [o for o in ops if o != "radicalize"], v, rng)
        return {"op": op if op in ops else ops[0]}, why
    last = play.get("last_op")
    if last:
        if last == "recruit" and "recruit" in ops and available_cells(state) > 0 and _recruit_country(state, rng, v):
            return {"op": "recruit"}, f"Recruit goes on with the {_ops(v)} left, one die at a time, 9.4.2.5"
        return {"op": "radicalize"}, f"{_ops(v)} left that the flow cannot spend: Radicalization, 9.4.3"
    if R.association(card) == "us" and R.can_happen(state, card, "us"):
        if "plot" in ops and state["avail"] and where.plot_where(state, rng, plot_targets(state, []))[0]:
            return {"op": "plot"}, f"{_name(card)}: a playable US event: a Plot instead, the event does not happen, 9.4.1"
        return {"op": "radicalize"}, (f"{_name(card)}: a playable US event, and no Plot the flow allows: "
                                      "Radicalization, 9.4.1")
    if play.get("as") == "ops" and engine.may_play(state, card, "jihadist"):
        why = radicalize_instead(state, card)
        if why:
            return {"op": "radicalize"}, why
    return _as_move(ops_flow(state, ops, v, rng))


def _as_move(pair):
    op, why = pair
    return {"op": op}, why


def ops_flow(state, ops: list, v: int, rng) -> tuple[str, str]:
    """9.4.1 OPS: Major Jihad that could reach Islamist Rule, else Jihad in a Good or Fair country,
    else Recruit (Available cells, no GTMO), else Travel; what cannot be spent: Radicalization."""
    if "jihad" in ops:
        major = [n for n in D.MUSLIM if where.major_ok(state, n, v)]
        if major:
            return "jihad", f"a Major Jihad that could reach Islamist Rule is possible ({', '.join(major)}): Jihad, 9.4.1"
        if [n for n in D.MUSLIM if where.jihad_allowed(state, n) and state["c"][n]["gov"] in (D.GOOD, D.FAIR)]:
            return "jihad", "Jihad is possible in a Good or Fair country: Jihad, 9.4.1"
    if "recruit" in ops and available_cells(state) > 0 and _recruit_country(state, rng, v):
        return "recruit", "no Jihad to make, cells are Available: Recruit, 9.4.1"
    if "travel" in ops:
        if where.biometrics(state):
            dest, _ = next_destination(state, rng, [], v)
            if dest and not any(cells(state["c"][n]) for n in neighbours(state, dest)):
                return "radicalize", f"Biometrics: no cell next to {dest}, the Travel's destination: Radicalization, 9.4.2.6"
        return "travel", ("no Jihad to make and no Available cell: Travel, 9.4.1" if "recruit" not in ops or
                          not available_cells(state) else "no Jihad to make and no country to recruit in: Travel, 9.4.1")
    return "radicalize", "no operation can spend the Ops: Radicalization, 9.4.3"


def _recruit_country(state, rng, v):
    return where.recruit_where(state, rng, recruit_targets(state), v)[0]


# ---------------------------------------------------------------- dice, country by country


def _roll(options: list, left: int, what: str) -> tuple[dict | None, str]:
    if {"roll": True} not in options:
        return None, ""
    tail = f", the {_ops(left)} left go to Radicalization (9.4.3)" if left else ""
    return {"roll": True}, f"no other country qualifies for {what}: the dice are rolled{tail}"


def jihad_die(state, step, options, rng) -> tuple[dict | None, str]:
    dice, v = step["dice"], state["in_play"]["value"]
    left = v - len(dice)
    if dice:
        last, major = dice[-1]
        again = {"major": last} if major else {"country": last}
        if cells_and_sadr(state, last) > sum(1 for d in dice if d[0] == last) and again in options:
            return again, f"another die in {last}: as far as its cells allow, 9.4.2"
        major_mode = dice[0][1]
    else:
        major_mode = any(where.major_ok(state, n, v) for n in D.MUSLIM)
    used = {d[0] for d in dice}
    if major_mode:
        names = [n for n in D.MUSLIM if n not in used and {"major": n} in options and where.major_ok(state, n, left)]
        name, why = where.major_where(state, rng, names)
        if name:
            return {"major": name}, f"Major Jihad in {name}: {why}"
        return _roll(options, left, "a Major Jihad")
    names = [o["country"] for o in options if "country" in o and o["country"] not in used]
    name, why = where.minor_where(state, rng, names)
    if name:
        return {"country": name}, f"Jihad in {name}: {why}"
    return _roll(options, left, "a Jihad")


def plot_die(state, step, options, rng) -> tuple[dict | None, str]:
    dice, v = step["dice"], state["in_play"]["value"]
    if dice:
        last = dice[-1]
        if cells_and_sadr(state, last) > dice.count(last) and {"country": last} in options:
            return {"country": last}, f"another die in {last}: as far as its cells allow, 9.4.2"
    names = [o["country"] for o in options if "country" in o and o["country"] not in dice]
    name, why = where.plot_where(state, rng, names)
    if name:
        return {"country": name}, f"Plot in {name}: {why}"
    return _roll(options, v - len(dice), "a Plot")


def recruit_die(state, step, options, rng) -> tuple[dict | None, str]:
    dice, v = step["dice"], state["in_play"]["value"]
    if dice and {"country": dice[-1]} in options:
        return {"country": dice[-1]}, f"another Recruit die in {dice[-1]}, 9.4.2.5"
    name, why = where.recruit_where(state, rng, [o["country"] for o in options if "country" in o], v)
    return ({"country": name}, f"Recruit in {name}: {why}") if name else (None, "")


# ---------------------------------------------------------------- 9.4.2.6 Travel


def next_destination(state, rng, moves: list, v: int, box_from: int = 1, near: str | None = None,
                     allowed=None) -> tuple[str | None, str]:
    """The destination of the next cell: one per "To" box in order (from box_from), then at
    random (9.5); near: among equals, one next to (or equal to) that source first."""
    allowed = list(allowed) if allowed is not None else list(D.NAMES)
    boxes = [b for b in range(box_from, 5) if any(b in where._boxes_of(state, n) for n in allowed)]
    i = len(moves)
    if i < len(boxes):
        box = boxes[i]
        names = [n for n in allowed if box in where._boxes_of(state, n)]
        return where.travel_destination(state, rng, names, box, near)
    name, how = randomly.pick(rng, allowed, "a random destination")
    return name, f"the cells left travel at random, 9.4.2.6: {how}"


def travel_move(state, step, options, rng) -> tuple[dict | None, str]:
    moves, v = step["moves"], state["in_play"]["value"]
    if step.get("pick") is None:
        sources = [o["from"] for o in options if "from" in o]
        dest, dwhy = next_destination(state, rng, moves, v)
        if dest is None or not sources:
            return _roll(options, v - len(moves), "a Travel")
        src, swhy = where.travel_source(state, rng, dest, sources, v, moves, [m[1] for m in moves] + [dest])
        return {"from": src}, f"Travel to {dest} ({dwhy}) from {src}: {swhy}"
    src = step["pick"]
    c = state["c"][src]
    going = sum(1 for m in moves if m[0] == src)
    if cells(c) - going == 1 and (gov(state, src) == D.IR or c["rc"]) and {"to": src} in options:
        return {"to": src}, f"the last cell of {src} travels in place (Islamist Rule or Regime Change), 9.4.2.6.1"
    allowed = [o["to"] for o in options if "to" in o]
    dest, why = next_destination(state, rng, moves, v, near=src, allowed=allowed)
    return {"to": dest}, f"Travel from {src} to {dest}: {why}"


# ---------------------------------------------------------------- 9.4.3 Radicalization


def radical(state, step, options, rng) -> tuple[dict | None, str]:
    box = step["box"]
    if box == 2 and step.get("to") is None:
        allowed = [o["to"] for o in options]
        dest, why = next_destination(state, rng, [], state["in_play"]["value"], box_from=2, allowed=allowed)
        return {"to": dest}, f"Radicalization, 2nd box: a cell travels to {dest}: {why}"
    if box == 2:
        sources = [o["from"] for o in options]
        src, why = where.travel_source(state, rng, step["to"], sources, state["in_play"]["value"], [], [step["to"]])
        return {"from": src}, f"Radicalization, 2nd box: the cell travels from {src}: {why}"
    names = [o["country"] for o in options]
    name, how = randomly.pick(rng, names)
    what = {1: "1st box: a cell from the track to", 3: "3rd box: a plot in", 4: "4th box: worsening"}[box]
    return {"country": name}, f"Radicalization, {what} a random country, {name}" + (f": {how}" if how else ", 9.5")
