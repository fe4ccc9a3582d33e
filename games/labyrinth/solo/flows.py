"""9.4.1 Event or Ops, the choice of operation, and each operation's "Where?" decisions, one
listed option at a time: (move, reason) for the bot. A reason is one sentence in a player's words
(the rule number only on the choice of what the card does); a decision that only follows from the
one before (another die in the same country, the destination of a cell whose travel was planned)
has none. The bot's Travel plans each cell whole: the destination first (9.4.2.6), then its
source (9.4.2.6.1); the plan goes with the source's answer ("plan") and the destination's answer
keeps to it.
"""

from .. import data as D
from .. import hooks
from ..events import engine
from ..events import registry as R
from ..jihadist_ops import plot_targets, recruit_targets
from ..state import (
    available_cells,
    cells,
    cells_and_sadr,
    cells_on_track,
    gov,
)
from . import cards, randomly, where


def _ops(n: int) -> str:
    return f"{n} Op{'s' if n != 1 else ''}"


# ---------------------------------------------------------------- 9.4.1 event or Ops


def radicalize_instead(state, card: int) -> str:
    """Why the bot's own playable event gives way to Radicalization with the card's Ops ('' if it
    does not): 9.4.1 (an event placing cells, none on the Funding track), 9.4.2.1 (an event's plot
    whose flow ends in Radicalization)."""
    if D.CARDS[card]["flags"]["places_cells"] and cells_on_track(state) == 0:
        return ("its event would place cells and none is left on the Funding track: Radicalization with the card's "
                "Ops instead (rule 9.4.1)")
    targets = cards.plot_event_targets(state, card)
    if targets is not None and not any(where.plot_category(state, n) is not None for n in targets):
        return ("its event's plot has no country the bot may choose: Radicalization with the card's Ops instead "
                "(rule 9.4.2.1)")
    return ""


def event_or_ops(state, rng) -> tuple[dict, str]:
    card = state["in_play"]["card"]
    why = radicalize_instead(state, card)
    if why:
        return {"play": "ops"}, why
    if card in D.OIL_PRICE_SPIKE and not cards.spike_cards(state):
        return {"play": "ops"}, "no Jihadist card in the discard pile to take: the card's Ops instead (rule 9.6)"
    if R.association(card) is None:
        return {"play": "event"}, "an Unassociated event it can play: the event, then the card's Ops (rule 9.4.1)"
    return {"play": "event"}, "its own event, playable now (rule 9.4.1)"


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
        if last == "recruit" and "recruit" in ops and available_cells(state) > 0 and _recruit_possible(state, v):
            return {"op": "recruit"}, f"Recruit again with the {_ops(v)} left"
        return {"op": "radicalize"}, f"Radicalization with the {_ops(v)} left (rule 9.4.3)"
    if R.association(card) == "us" and R.can_happen(state, card, "us"):
        if "plot" in ops and state["avail"] and where.plot_possible(state, plot_targets(state, [])):
            return {"op": "plot"}, "a US event the bot may not play: a Plot with the card's Ops, and no event (rule 9.4.1)"
        return {"op": "radicalize"}, ("a US event the bot may not play, and no Plot to make: Radicalization with the "
                                      "card's Ops (rule 9.4.1)")
    if play.get("as") == "ops" and engine.may_play(state, card, "jihadist") and radicalize_instead(state, card):
        return {"op": "radicalize"}, ""                # said when the event was set aside
    return _as_move(ops_flow(state, ops, v, rng))


def _as_move(pair):
    op, why = pair
    return {"op": op}, why


def ops_flow(state, ops: list, v: int, rng) -> tuple[str, str]:
    """9.4.1 OPS: Major Jihad that could reach Islamist Rule, else Jihad in a Good or Fair country,
    else Recruit (Available cells, no GTMO), else Travel; what cannot be spent: Radicalization.
    Which operation is a predicate: no die (9.5: a die only picks among countries)."""
    if "jihad" in ops:
        major = [n for n in D.MUSLIM if where.major_ok(state, n, v)]
        if major:
            return "jihad", f"Jihad: a Major Jihad could bring {_and(major)} to Islamist Rule (rule 9.4.1)"
        if [n for n in D.MUSLIM if where.jihad_allowed(state, n) and state["c"][n]["gov"] in (D.GOOD, D.FAIR)]:
            return "jihad", "Jihad, possible in a Good or Fair country (rule 9.4.1)"
    if available_cells(state) > 0 and hooks.all_ok("op_allowed", state, "jihadist", "recruit"):
        if "recruit" in ops and _recruit_possible(state, v):
            return "recruit", "Recruit: no Jihad to make, and cells are available (rule 9.4.1)"
        if "radicalize" in ops:                     # 9.4.2.5: no country qualifies
            return "radicalize", "Radicalization: cells are available but no country qualifies for a Recruit (rule 9.4.2.5)"
    if "travel" in ops:
        if where.biometrics(state):
            dests, _ = destination_pool(state, [], biometrics=True)
            if dests and not any(where.cell_next_to(state, n) for n in dests):
                return "radicalize", (f"Radicalization: with Biometrics in play no cell can reach {_and(dests)}, where a "
                                      "Travel would go (rule 9.4.2.6)")
        return "travel", ("Travel: no Jihad to make and no cell available (rule 9.4.1)" if available_cells(state)
                          else "Travel: no Jihad to make and no Recruit allowed (rule 9.4.1)")
    return "radicalize", "Radicalization: no operation can spend the Ops (rule 9.4.3)"


def said(action: str, why: str) -> str:
    """'Plot in Iraq (a country with troops)': a decision and why; nothing when nothing decided it."""
    return f"{action} ({why})" if why else ""


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def _recruit_possible(state, v):
    return where.recruit_possible(state, recruit_targets(state), v)


# ---------------------------------------------------------------- dice, country by country


def _roll(options: list, left: int, what: str) -> tuple[dict | None, str]:
    if {"roll": True} not in options:
        return None, ""
    tail = f", and the {_ops(left)} left go to Radicalization" if left else ""
    return {"roll": True}, f"no other country qualifies for {what}: the dice are rolled{tail}"


def jihad_die(state, step, options, rng) -> tuple[dict | None, str]:
    dice, v = step["dice"], state["in_play"]["value"]
    left = v - len(dice)
    if dice:
        last, major = dice[-1]
        again = {"major": last} if major else {"country": last}
        if cells_and_sadr(state, last) > sum(1 for d in dice if d[0] == last) and again in options:
            return again, ""                                  # another die there, as far as its cells allow
        major_mode = dice[0][1]
    else:
        major_mode = any(where.major_ok(state, n, v) for n in D.MUSLIM)
    used = {d[0] for d in dice}
    if major_mode:
        names = [n for n in D.MUSLIM if n not in used and {"major": n} in options and where.major_ok(state, n, left)]
        name, why = where.major_where(state, rng, names)
        if name:
            return {"major": name}, said(f"Major Jihad in {name}", why)
        return _roll(options, left, "a Major Jihad")
    names = [o["country"] for o in options if "country" in o and o["country"] not in used]
    name, why = where.minor_where(state, rng, names)
    if name:
        return {"country": name}, said(f"Jihad in {name}", why)
    return _roll(options, left, "a Jihad")


def plot_die(state, step, options, rng) -> tuple[dict | None, str]:
    dice, v = step["dice"], state["in_play"]["value"]
    if dice:
        last = dice[-1]
        if cells_and_sadr(state, last) > dice.count(last) and {"country": last} in options:
            return {"country": last}, ""                      # another die there, as far as its cells allow
    names = [o["country"] for o in options if "country" in o and o["country"] not in dice]
    name, why = where.plot_where(state, rng, names)
    if name:
        return {"country": name}, said(f"Plot in {name}", why)
    return _roll(options, v - len(dice), "a Plot")


def recruit_die(state, step, options, rng) -> tuple[dict | None, str]:
    dice, v = step["dice"], state["in_play"]["value"]
    if dice and {"country": dice[-1]} in options:
        return {"country": dice[-1]}, ""                      # every die in the country first chosen (9.4.2.5)
    name, why = where.recruit_where(state, rng, [o["country"] for o in options if "country" in o], v)
    return ({"country": name}, said(f"Recruit in {name}", why)) if name else (None, "")


# ---------------------------------------------------------------- 9.4.2.6 Travel


def destination_pool(state, moves: list, box_from: int = 1, near: str | None = None, allowed=None,
                     biometrics: bool = False) -> tuple[list[str], list[str]]:
    """The next cell's destinations of equal priority, and why, before any die: one per "To" box
    in order (from box_from), then any country (9.5); near: among equals, one next to (or equal
    to) that source first; biometrics: among equals, only those a cell can reach (9.4.2.6)."""
    allowed = list(allowed) if allowed is not None else list(D.NAMES)
    boxes = [b for b in range(box_from, 5) if any(b in where._boxes_of(state, n) for n in allowed)]
    i = len(moves)
    if i < len(boxes):
        return where.destinations(state, allowed, boxes[i], near, biometrics)
    reach = [n for n in allowed if where.cell_next_to(state, n)] if biometrics else []
    return reach or allowed, ["a destination at random for the cells left"]


def next_destination(state, rng, moves: list, box_from: int = 1, near: str | None = None, allowed=None,
                     biometrics: bool = False) -> tuple[str | None, str]:
    """The destination of the next cell (destination_pool), a tie broken by a die (9.5)."""
    return where.chosen(rng, *destination_pool(state, moves, box_from, near, allowed, biometrics))


def travel_move(state, step, options, rng) -> tuple[dict | None, str]:
    """A cell's source, with its whole travel planned; then its destination, as planned."""
    moves, v = step["moves"], state["in_play"]["value"]
    if step.get("pick") is None:
        sources = [o["from"] for o in options if "from" in o]
        dest, dwhy = next_destination(state, rng, moves, biometrics=where.biometrics(state))
        if dest is None or not sources:
            return _roll(options, v - len(moves), "a Travel")
        src, swhy = where.travel_source(state, rng, dest, sources, v, moves, [m[1] for m in moves] + [dest])
        return {"from": src, "plan": {"from": src, "to": dest}}, _travel_words(src, swhy, dest, dwhy)
    src = step["pick"]
    c = state["c"][src]
    going = sum(1 for m in moves if m[0] == src)
    if cells(c) - going == 1 and _keeps_last(state, src) and {"to": src} in options:
        return {"to": src}, f"the last cell of {src} stays there, as a country under Islamist Rule or Regime Change keeps it"
    planned = planned_to(state, src)
    if planned and {"to": planned} in options:
        return {"to": planned}, ""
    allowed = [o["to"] for o in options if "to" in o]
    dest, why = next_destination(state, rng, moves, near=src, allowed=allowed, biometrics=where.biometrics(state))
    return {"to": dest}, said(f"the cell from {src} travels to {dest}", why)


def _keeps_last(state, src: str) -> bool:
    """9.4.2.6.1: the last cell of an Islamist Rule or Regime Change country travels in place."""
    return gov(state, src) == D.IR or bool(state["c"][src]["rc"])


def planned_to(state, src: str) -> str | None:
    """The destination the bot planned for a cell from `src`, with its last answer."""
    plan = state.get("bot_plan") or {}
    return plan.get("to") if plan.get("from") == src else None


def _travel_words(src: str, swhy: str, dest: str, dwhy: str) -> str:
    return f"a cell travels to {dest}" + (f" ({dwhy})" if dwhy else "") + f" from {src}" + (f" ({swhy})" if swhy else "")


# ---------------------------------------------------------------- 9.4.3 Radicalization


def radical(state, step, options, rng) -> tuple[dict | None, str]:
    box = step["box"]
    if box == 2 and step.get("to") is None:
        allowed = [o["to"] for o in options]
        dest, dwhy = next_destination(state, rng, [], box_from=2, allowed=allowed)     # 9.4.3: Biometrics ignored
        sources = [n for n in D.NAMES if cells(state["c"][n])]
        src, swhy = where.travel_source(state, rng, dest, sources, state["in_play"]["value"], [], [dest])
        if src != dest and cells(state["c"][src]) == 1 and _keeps_last(state, src):
            return {"to": dest, "plan": {"from": src, "to": dest}}, (
                f"Radicalization: the last cell of {src} stays there instead of travelling to {dest}, as a country "
                "under Islamist Rule or Regime Change keeps it")
        return {"to": dest, "plan": {"from": src, "to": dest}}, "Radicalization: " + _travel_words(src, swhy, dest, dwhy)
    if box == 2:
        plan = state.get("bot_plan") or {}
        if plan.get("to") == step["to"] and {"from": plan.get("from")} in options:
            return {"from": plan["from"]}, ""
        sources = [o["from"] for o in options]
        src, why = where.travel_source(state, rng, step["to"], sources, state["in_play"]["value"], [], [step["to"]])
        return {"from": src}, said(f"Radicalization: the cell for {step['to']} comes from {src}", why)
    name, how = randomly.pick(rng, [o["country"] for o in options])
    return {"country": name}, f"{name}, {how}" if how else ""
