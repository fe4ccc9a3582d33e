"""Jihadist operations (8.0): Recruit, Travel, Jihad (minor and major), Plot.

For each card the Jihadist declares the operation and where each die goes before rolling
(8.1.2); all dice of one card are judged against the governance before the card. Steps:
  {"k": "recruit", "dice": [country, ...]}                one die at a time
  {"k": "recruit_place", "succ": {country: n}, "left": n, "dice": [...]}  8.1.2 example: too few cells
  {"k": "travel", "moves": [[from, to], ...], "pick": None | from}        source, then destination
  {"k": "jihad", "dice": [[country, major], ...]}
  {"k": "plot", "dice": [country, ...]}
  {"k": "plot_pick", "left": [country, ...]}             which marker each success places (8.5.2)
  {"k": "cells", "op", "dice" | "moves", "ask": [country, ...], "prefer": {country: "active" | "sleeper"}}
                                                         which cells act or travel (below)
Which cells act: where a country has both Active and Sleeper cells and the choice changes what is
left there (Travel: not every cell leaves; Jihad or Plot: Sleepers beyond the dice's need), the
Jihadist is asked, once per country and card, before the dice are rolled; elsewhere (and always in
a solo game, 9.3.1: Active first, Sadr last) Active cells act first.
"""

from . import data as D
from . import flow, hooks
from .ctx import register
from .solo import ideology_at_least, is_solo
from .governance import islamic_revolution, remove_aid, set_gov, shift_toward_ally
from .state import (
    Fx,
    adjacent,
    available_cells,
    cells,
    cells_and_sadr,
    country_label,
    gov,
    threshold,
    troops,
)
from .tests_rolls import test_if_needed


def value(state) -> int:
    return state["in_play"]["value"]


def finish(ctx, event: dict, done=True, used: int | None = None) -> None:
    """The operation's last event; `used`: how many of the card's Ops it spent (solo, 9.4.1: the
    rest go on to another operation or to Radicalization)."""
    if used is not None:
        event["used"] = used
    event.setdefault("card", ctx.s["in_play"]["card"])
    event.setdefault("value", ctx.s["in_play"]["value"])
    flow.op_over(ctx, event, done)


def _label(state, name: str) -> str:
    return country_label(state, name, "jihadist")


def _take(fx: Fx, name: str, n: int, prefer: str | None = None) -> None:
    """Remove n cells from a country, Active ones first (Sleeper ones first if so chosen), to the
    Funding track; beyond the cylinders, the Sadr marker goes (card 54: it leaves the game)."""
    real = fx.get(name, "active") + fx.get(name, "sleeper")
    if n > real and "Sadr" in fx.get(name, "markers"):
        fx.remove_marker("Sadr", name)
        n = real
    a, sl = fx.get(name, "active"), fx.get(name, "sleeper")
    from_active = n - min(sl, n) if prefer == "sleeper" else min(a, n)
    fx.set(name, "active", a - from_active)
    fx.set(name, "sleeper", sl - (n - from_active))


def _use(fx: Fx, name: str, n: int, prefer: str | None = None) -> None:
    """8.4 / 8.5.1: n cells used for a die; Sleepers used become Active. Active ones, and the Sadr
    marker, are used first; Sleeper ones first if so chosen; in a solo game Active ones, then
    Sleepers, the Sadr marker last (9.3.1)."""
    a, sl = fx.get(name, "active"), fx.get(name, "sleeper")
    if prefer == "sleeper":
        flip = min(n, sl)
    elif is_solo(fx.s):
        flip = min(sl, max(0, n - a))
    else:
        flip = max(0, n - a - (1 if "Sadr" in fx.get(name, "markers") else 0))
    if flip:
        fx.set(name, "active", a + flip)
        fx.set(name, "sleeper", fx.get(name, "sleeper") - flip)


def _place_cells(fx: Fx, name: str, n: int) -> None:
    """Cells from the Funding track enter as Sleepers (4.6.4) and remove a Cadre (4.8.4)."""
    fx.add(name, "sleeper", n)
    fx.set(name, "cadre", False)


def _roll_option(n: int, what: str) -> dict:
    return {"label": f"Roll now ({n} {what}{'s' if n != 1 else ''})", "move": {"roll": True}}


# ---------------------------------------------------------------- which cells act


def cells_to_ask(state, op: str, items: list) -> list[str]:
    """The countries where the Jihadist chooses Active or Sleeper cells for this card: both kinds
    there and the choice changes what stays (never in a solo game: 9.3.1)."""
    if is_solo(state):
        return []
    out = []
    if op == "travel":
        for frm in dict.fromkeys(m[0] for m in items):
            c = state["c"][frm]
            going = sum(1 for m in items if m[0] == frm)
            if c["active"] and c["sleeper"] and going < cells(c):
                out.append(frm)
        return out
    names = [d[0] for d in items if not d[1]] if op == "jihad" else list(items)   # (a Major Jihad uses all)
    for name in dict.fromkeys(names):
        c, n = state["c"][name], names.count(name)
        if c["active"] and c["sleeper"] > max(0, n - c["active"]):
            out.append(name)
    return out


def _roll_or_ask(ctx, op: str, items: list) -> None:
    """Roll the card's dice, or first ask which cells act where it is the Jihadist's choice."""
    ask = cells_to_ask(ctx.s, op, items)
    if ask:
        key = "moves" if op == "travel" else "dice"
        ctx.emit({"type": "await", "step": {"k": "cells", "seat": "jihadist", "op": op, key: items, "ask": ask,
                                            "prefer": {}}})
        return
    ROLLS[op](ctx, items, {})


def _cells_prompt(state, step):
    name = step["ask"][0]
    c = state["c"][name]
    counts = f"{c['active']} active, {c['sleeper']} sleeper"
    if step["op"] == "travel":
        options = [{"label": f"Active cells travel from {name} first ({counts})", "move": {"cells": "active"}},
                   {"label": f"Sleeper cells travel from {name} first ({counts})", "move": {"cells": "sleeper"}}]
        return "cells", f"Travel from {name}: which cells go, Active or Sleeper ones?", options
    what = {"jihad": "Jihad", "plot": "Plot"}[step["op"]]
    options = [{"label": f"Active cells roll in {name} first ({counts})", "move": {"cells": "active"}},
               {"label": f"Sleeper cells roll in {name} first, becoming Active ({counts})", "move": {"cells": "sleeper"}}]
    return "cells", f"{what} in {name}: which cells roll, Active or Sleeper ones?", options


def _cells_handle(ctx, step, part):
    prefer = dict(step["prefer"], **{step["ask"][0]: part["cells"]})
    items = step["moves"] if step["op"] == "travel" else step["dice"]
    if step["ask"][1:]:
        ctx.emit({"type": "await", "step": dict(step, ask=step["ask"][1:], prefer=prefer)})
        return
    ROLLS[step["op"]](ctx, items, prefer)


# ---------------------------------------------------------------- 8.2 Recruit


def recruit_targets(state) -> list[str]:
    """8.2.2: a country with a cell or a Cadre."""
    return [n for n in D.NAMES if cells_and_sadr(state, n) or state["c"][n]["cadre"]]


def recruit_need(state, name: str) -> int | None:
    """None = automatic (8.2.3: Regime Change or Islamist Rule), else the number to roll under:
    a REC number (8.2.4) or the governance (8.1.1)."""
    c = state["c"][name]
    if c["rc"] or gov(state, name) == D.IR:
        return None
    return D.rec_number(name) or threshold(state, name)


def recruit_at_once(ctx):
    """Recruit with a single possible country: every die goes there, no question asked."""
    _recruit_roll(ctx, recruit_targets(ctx.s) * value(ctx.s))


def _recruit_prompt(state, step):
    n = len(step["dice"]) + 1
    options = [{"label": _label(state, c), "move": {"country": c}} for c in recruit_targets(state)]
    return "country", f"Recruit, die {n} of {value(state)}: in which country?", options


def _recruit_handle(ctx, step, part):
    dice = step["dice"] + [part["country"]]
    if len(dice) < value(ctx.s):
        ctx.emit({"type": "dice_declared", "op": "recruit", "country": part["country"],
                  "step": {"k": "recruit", "seat": "jihadist", "dice": dice}})
    else:
        _recruit_roll(ctx, dice)


def _recruit_roll(ctx, dice: list) -> None:
    """8.2; solo, one die at a time (9.4.2.5): the dice stop when the Available cells are spent,
    leaving their Ops to Radicalization; Attractive (9.7): 2 cells a success."""
    s = ctx.s
    solo = is_solo(s)
    per = 2 if ideology_at_least(s, "attractive") else 1
    rolls, succ = [], {}
    for name in dice:
        if solo and sum(succ.values()) >= available_cells(s):
            break
        need = recruit_need(s, name)
        if need is None:
            rolls.append({"c": name, "auto": True})
            ok = True
        else:
            r = ctx.die()
            rolls.append({"c": name, "roll": r, "need": need})
            ok = r <= need
        if ok:
            succ[name] = succ.get(name, 0) + per
    avail = available_cells(s)
    total = sum(succ.values())
    fx = Fx(s)
    event = {"type": "recruited", "dice": rolls, "successes": total // per, "available": avail}
    if per > 1:
        event["per_success"] = per
    if total > avail and len(succ) > 1 and avail > 0:
        # 8.1.2 example: more successes than Available cells: the Jihadist chooses where they go.
        event["step"] = {"k": "recruit_place", "seat": "jihadist", "succ": succ, "left": avail}
        ctx.emit(event)
        return
    placed = {}
    left = avail
    for name, n in succ.items():
        k = min(n, left)
        if k:
            _place_cells(fx, name, k)
            placed[name] = k
            left -= k
    event["placed"] = placed
    event["fx"] = fx.out()
    finish(ctx, event, used=len(rolls))


def _recruit_place_prompt(state, step):
    # in map order, whatever the order of the stored dict
    options = [{"label": _label(state, c), "move": {"country": c}} for c in D.NAMES if step["succ"].get(c, 0) > 0]
    return "country", f"More successes than Available cells: place a cell ({step['left']} left) where?", options


def _recruit_place_handle(ctx, step, part):
    name = part["country"]
    fx = Fx(ctx.s)
    _place_cells(fx, name, 1)
    succ = dict(step["succ"])
    succ[name] -= 1
    left = step["left"] - 1
    event = {"type": "cell_placed", "country": name, "fx": fx.out()}
    if left and any(succ.values()):
        event["step"] = {"k": "recruit_place", "seat": "jihadist", "succ": succ, "left": left}
        ctx.emit(event)
    else:
        finish(ctx, event)


# ---------------------------------------------------------------- 8.3 Travel


def travel_sources(state, moves: list) -> list[str]:
    """Countries with a cell not yet declared to travel with this card (8.3.3: once per card)."""
    out = []
    for n in D.NAMES:
        going = sum(1 for m in moves if m[0] == n)
        if cells(state["c"][n]) > going:
            out.append(n)
    return out


def travel_note(state, frm: str, to: str) -> str:
    if frm == to:
        return "stays and becomes Sleeper"
    if travel_auto(state, frm, to):
        return "adjacent: automatic"
    if gov(state, to) is None:
        return "untested: test, then roll"
    t = threshold(state, to)
    return "automatic" if t >= 6 else f"needs 1-{t}" if t > 1 else "needs 1"


def travel_auto(state, frm: str, to: str) -> bool:
    """8.1.1: travel within a country or to an adjacent one is automatic (hook: Biometrics)."""
    return hooks.fold("travel_auto", frm == to or adjacent(state, frm, to), state, frm, to)


def travel_destinations(state, frm: str) -> list[str]:
    return [n for n in D.NAMES if hooks.all_ok("travel_allowed", state, frm, n)]


def _travel_prompt(state, step):
    v = value(state)
    n = len(step["moves"]) + 1
    if step.get("pick") is None:
        options = [{"label": _label(state, c), "move": {"from": c}} for c in travel_sources(state, step["moves"])]
        if step["moves"]:
            options.append(_roll_option(len(step["moves"]), "cell"))
        return "from", f"Travel, cell {n} of up to {v}: from which country?", options
    frm = step["pick"]
    options = [{"label": f"{_label(state, c)}: {travel_note(state, frm, c)}", "move": {"to": c}}
               for c in travel_destinations(state, frm)]
    return "to", f"Travel, cell {n}: from {frm} to where?", options


def _travel_handle(ctx, step, part):
    moves = step["moves"]
    if "roll" in part:
        _roll_or_ask(ctx, "travel", moves)
    elif "from" in part:
        ctx.emit({"type": "await", "step": {"k": "travel", "seat": "jihadist", "moves": moves, "pick": part["from"]}})
    else:
        moves = moves + [[step["pick"], part["to"]]]
        if len(moves) < value(ctx.s) and travel_sources(ctx.s, moves):
            ctx.emit({"type": "dice_declared", "op": "travel", "country": part["to"], "from": step["pick"],
                      "step": {"k": "travel", "seat": "jihadist", "moves": moves, "pick": None}})
        else:
            _roll_or_ask(ctx, "travel", moves)


def _travel_roll(ctx, moves: list, prefer: dict) -> None:
    """8.3.1-8.3.3: test unmarked destinations first (4.9.4), then adjacent or same-country
    travel is automatic, other travel rolls against the destination's governance; a failure
    sends the cell to the Funding track with no Cadre (8.3.2)."""
    s = ctx.s
    for frm, to in moves:
        test_if_needed(ctx, to, "travel")
    fx = Fx(s)
    results = []
    for frm, to in moves:
        entry = {"from": frm, "to": to}
        if travel_auto(s, frm, to):
            ok = True
            entry["auto"] = True
        else:
            need = threshold(s, to)
            if need >= 6:
                ok = True
                entry["auto"] = True
            else:
                r = ctx.die()
                ok = r <= need
                entry.update(roll=r, need=need)
        entry["ok"] = ok
        results.append(entry)
        was_active = fx.get(frm, "active") > 0 and not (prefer.get(frm) == "sleeper" and fx.get(frm, "sleeper"))
        _take(fx, frm, 1, prefer.get(frm))
        if ok:
            fx.add(to, "sleeper", 1)                       # 8.3.1: a travelling cell arrives Sleeper
        entry["was_active"] = was_active
    finish(ctx, {"type": "travelled", "moves": results, "fx": fx.out()}, used=len(moves))


# ---------------------------------------------------------------- 8.4 Jihad


def major_margin(state) -> int:
    """8.4.2: 5 more cells than troops; 3 with a Potent ideology (9.7)."""
    return 3 if ideology_at_least(state, "potent") else 5


def major_possible(state, name: str) -> bool:
    """8.4.2: cells - troops >= 5 at the start (9.7 Potent: 3)."""
    return cells_and_sadr(state, name) - troops(state, name) >= major_margin(state)


def jihad_targets(state, dice: list) -> list[str]:
    """8.4: Muslim (not Iran), not Islamist Rule, a cell for each die."""
    out = []
    for n in D.MUSLIM:
        c = state["c"][n]
        if c["gov"] is None or c["gov"] == D.IR or not hooks.all_ok("jihad_allowed", state, n):
            continue
        used = sum(1 for d in dice if d[0] == n)
        if cells_and_sadr(state, n) > used:
            out.append(n)
    return out


def _jihad_prompt(state, step):
    dice = step["dice"]
    declared = {d[0]: d[1] for d in dice}
    options = []
    for n in jihad_targets(state, dice):
        if n in declared:
            kind = "major" if declared[n] else "minor"
            options.append({"label": f"{_label(state, n)}: another die of {kind} Jihad",
                            "move": {"major": n} if declared[n] else {"country": n}})
            continue
        options.append({"label": f"{_label(state, n)}: minor Jihad", "move": {"country": n}})
        if major_possible(state, n):
            options.append({"label": f"{_label(state, n)}: major Jihad", "move": {"major": n}})
    if dice:
        options.append(_roll_option(len(dice), "die"))
    return "country", f"Jihad, die {len(dice) + 1} of up to {value(state)}: where?", options


def _jihad_handle(ctx, step, part):
    dice = step["dice"]
    if "roll" in part:
        _roll_or_ask(ctx, "jihad", dice)
        return
    major = "major" in part
    name = part["major"] if major else part["country"]
    dice = dice + [[name, major]]
    if len(dice) < value(ctx.s) and jihad_targets(ctx.s, dice):
        ctx.emit({"type": "dice_declared", "op": "jihad", "country": name, "major": major,
                  "step": {"k": "jihad", "seat": "jihadist", "dice": dice}})
    else:
        _roll_or_ask(ctx, "jihad", dice)


def _jihad_roll(ctx, dice: list, prefer: dict) -> None:
    s = ctx.s
    order = []
    for name, major in dice:
        if name not in order:
            order.append(name)
    # 8.1.2: every die of the card is rolled at once, against the governance before the card
    before = {n: s["c"][n]["gov"] for n in order}
    rolls = {n: [] for n in order}
    for name, _ in dice:
        rolls[name].append(ctx.die())
    majors = {d[0] for d in dice if d[1]}
    for i, name in enumerate(order):
        last = i == len(order) - 1
        event = _jihad_country(s, name, before[name], rolls[name], name in majors, prefer.get(name))
        if last:
            finish(ctx, event, used=len(dice))
        else:
            ctx.emit(event)


def _jihad_country(s, name: str, g: int, rolls: list, major: bool, prefer: str | None = None) -> dict:
    """The order of spec 8.4 [INF]: successes and failures against the pre-card governance;
    Aid off; one level per success down to Poor; then Poor to Islamist Rule with 2 more
    successes of a Major Jihad (1 if Besieged); failures lose cells; failed Major Jihad."""
    c = s["c"][name]
    fx = Fx(s)
    if major:
        fx.set(name, "active", cells(c))                   # 8.4.2: all Sleepers there become Active
        fx.set(name, "sleeper", 0)
    else:
        _use(fx, name, len(rolls), prefer)
    succ = sum(1 for r in rolls if r <= g)
    fail = len(rolls) - succ
    aid_removed = remove_aid(fx, name, succ)              # 8.4.1: each success removes one Aid
    steps = min(succ, D.POOR - g)
    for _ in range(steps):
        set_gov(fx, name, fx.get(name, "gov") + 1)          # 8.4.1: toward Poor
    remaining = succ - steps
    besieged = c["besieged"]
    revolution = major and (remaining >= 2 or (remaining >= 1 and besieged))   # 8.4.2 / 8.4.3.2
    if revolution:
        islamic_revolution(fx, name)                         # 8.4.4, 8.4.5
    if fail and not ideology_at_least(s, "virulent"):
        _take(fx, name, fail)                                # 8.4.3: one cell per failure, no Cadre (9.7 Virulent: none)
    failed_major = major and len(rolls) == 3 and g == D.POOR and not revolution
    if failed_major:
        # 8.4.3.1 (declared Major Jihad only, provisional): Besieged Regime and one box toward Ally
        fx.set(name, "besieged", True)
        shift_toward_ally(fx, name)
    return {"type": "jihad", "country": name, "major": major, "rolls": rolls, "need": g, "successes": succ,
            "failures": fail, "aid_removed": aid_removed, "gov": fx.get(name, "gov"),
            "revolution": revolution, "failed_major": failed_major, "fx": fx.out()}


# ---------------------------------------------------------------- 8.5 Plot


def plot_targets(state, dice: list) -> list[str]:
    """8.5.1: any country not under Islamist Rule (Iran and the US included), a cell per die."""
    out = []
    for n in D.NAMES:
        if gov(state, n) == D.IR:
            continue
        if cells_and_sadr(state, n) > dice.count(n):
            out.append(n)
    return out


def _plot_prompt(state, step):
    dice = step["dice"]
    options = [{"label": _label(state, n), "move": {"country": n}} for n in plot_targets(state, dice)]
    if dice:
        options.append(_roll_option(len(dice), "die"))
    return "country", f"Plot, die {len(dice) + 1} of up to {value(state)}: in which country?", options


def _plot_handle(ctx, step, part):
    dice = step["dice"]
    if "roll" in part:
        _roll_or_ask(ctx, "plot", dice)
        return
    dice = dice + [part["country"]]
    if len(dice) < value(ctx.s) and plot_targets(ctx.s, dice):
        ctx.emit({"type": "dice_declared", "op": "plot", "country": part["country"],
                  "step": {"k": "plot", "seat": "jihadist", "dice": dice}})
    else:
        _roll_or_ask(ctx, "plot", dice)


def _plot_roll(ctx, dice: list, prefer: dict) -> None:
    s = ctx.s
    for name in dict.fromkeys(dice):
        test_if_needed(ctx, name, "plot")
    need = {n: threshold(s, n) for n in dice}
    fx = Fx(s)
    for name in dict.fromkeys(dice):
        _use(fx, name, dice.count(name), prefer.get(name))   # 8.5.1: Sleepers used become Active
    rolls = []
    successes = []
    per = 2 if ideology_at_least(s, "coherent") else 1          # 9.7 Coherent: 2 plots a success
    for name in dice:
        r = ctx.die()
        rolls.append({"c": name, "roll": r, "need": need[name]})
        if r <= need[name]:
            successes += [name] * per
    ctx.emit({"type": "plot_rolled", "dice": rolls, "successes": len(successes) // per, "fx": fx.out()})
    _place_plots(ctx, successes, used=len(dice))


def marker_choices(state) -> list:
    """8.5.2 / 8.5.5: an available plot numbered no higher than the card's value, or any WMD; solo,
    any (9.3.2: the card's value does not limit the plot)."""
    v = 3 if is_solo(state) else value(state)
    out = sorted({m for m in state["avail"] if m != "WMD" and m <= v})
    if "WMD" in state["avail"]:
        out.append("WMD")
    return out


def _place_plots(ctx, left: list, used: int | None = None) -> None:
    """Each success places a marker the Jihadist picks; solo, one drawn face down at random from
    Available Plots (9.3.2), by the rules."""
    while left:
        choices = marker_choices(ctx.s)
        if not choices:
            ctx.emit({"type": "no_plot_marker", "countries": left})
            break
        if is_solo(ctx.s):
            _place_one(ctx, left[0], ctx.rng.choice(ctx.s["avail"]), drawn=True)
        elif len(choices) > 1:
            ctx.emit({"type": "await", "step": {"k": "plot_pick", "seat": "jihadist", "left": left}})
            return
        else:
            _place_one(ctx, left[0], choices[0])
        left = left[1:]
    _finish_plot(ctx, used)


def _place_one(ctx, name: str, marker, **extra) -> None:
    """Place one plot marker (an operation's or an event's: extra = {"card": n, "face_up": True})."""
    s = ctx.s
    event = {"type": "plot_placed", "country": name, "value": marker, **extra}
    c = s["c"][name]
    if name == D.US and "NEST" in c["markers"] and (marker == "WMD" or is_solo(s) and "WMD" in s["avail"]):
        event["face_up"] = True        # NEST marker (scenario, cards.json; its 1-player text: any plot while a WMD is available)
    if name == "Philippines" and "Abu Sayyaf" in c["markers"] and not troops(s, name) > cells(c):
        fx = Fx(s)
        fx.add_track("prestige", -1)                         # Abu Sayyaf marker (scenario, cards.json)
        event["fx"] = fx.out()
        event["abu_sayyaf"] = True
    ctx.emit(event)


def _finish_plot(ctx, used: int | None = None) -> None:
    """8.5.3: the first card used for a Plot operation each turn goes to the First Plot box."""
    finish(ctx, {"type": "await", "step": None}, done=flow.plot_dest(ctx.s), used=used)


def _plot_pick_prompt(state, step):
    name = step["left"][0]
    options = [{"label": "WMD plot" if m == "WMD" else f"Plot {m}", "move": {"marker": m}} for m in marker_choices(state)]
    return "marker", f"A plot succeeds in {name}: which Available plot marker do you place there?", options


def _plot_pick_handle(ctx, step, part):
    _place_one(ctx, step["left"][0], part["marker"])
    _place_plots(ctx, step["left"][1:])


# ---------------------------------------------------------------- the menu


def available(state) -> list[tuple[str, str]]:
    out = []
    if recruit_targets(state):
        out.append(("recruit", "Recruit"))
    if travel_sources(state, []):
        out.append(("travel", "Travel"))
    if jihad_targets(state, []):
        out.append(("jihad", "Jihad"))
    if plot_targets(state, []):
        out.append(("plot", "Plot"))
    return out


def first_step(state, op: str) -> dict | None:
    """The operation's first question; None for a Recruit with one possible country."""
    if op == "recruit":
        return None if len(recruit_targets(state)) == 1 else {"k": "recruit", "seat": "jihadist", "dice": []}
    return {"travel": {"k": "travel", "seat": "jihadist", "moves": [], "pick": None},
            "jihad": {"k": "jihad", "seat": "jihadist", "dice": []},
            "plot": {"k": "plot", "seat": "jihadist", "dice": []}}[op]


register("recruit", _recruit_prompt, _recruit_handle)
register("recruit_place", _recruit_place_prompt, _recruit_place_handle)
register("travel", _travel_prompt, _travel_handle)
register("jihad", _jihad_prompt, _jihad_handle)
register("plot", _plot_prompt, _plot_handle)
register("plot_pick", _plot_pick_prompt, _plot_pick_handle)
register("cells", _cells_prompt, _cells_handle)
ROLLS = {"travel": _travel_roll, "jihad": _jihad_roll, "plot": _plot_roll}
