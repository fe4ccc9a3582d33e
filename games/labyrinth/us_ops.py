"""US operations (7.0): War of Ideas, Deploy, Regime Change, Withdraw, Disrupt, Alert,
Reassessment; Reserves (6.3.3) is in cardplay.py for both sides.

Steps (one decision each):
  {"k": "woi", "seat": "us"}                            which country
  {"k": "deploy_from"} / {"k": "deploy_to", "from"} / {"k": "deploy_n", "from", "to"}
  {"k": "rc_target"} / {"k": "rc_from", "to"} / {"k": "rc_n", "from", "to"}
  {"k": "wd_from"} / {"k": "wd_to", "from"} / {"k": "wd_n", "from", "to"}
  {"k": "disrupt"} / {"k": "disrupt_how", "country"}
  {"k": "alert"}, {"k": "reassess"}
The troop counts ("deploy_n", "wd_n") also offer {"nato": k}: the NATO marker's 2 troops leave
with k cubes, and the marker leaves the game (card 41).
A location is a country name or "track" (the Troops track, 7.3.1).
"""

from . import data as D
from . import flow, hooks
from .ctx import register
from .governance import improve, set_gov
from .state import (
    Fx,
    cells,
    country_label,
    gov,
    gwot_penalty,
    is_rc,
    neighbours,
    posture,
    prestige_band,
    troops,
    troops_on_track,
)
from .tests_rolls import (
    apply_prestige_roll,
    gov_from_roll,
    prestige_roll,
    roll_posture,
    test_if_needed,
)

TRACK = "track"
W = D.TABLES["war_of_ideas"]


def value(state) -> int:
    return state["in_play"]["value"]


def _ops(n: int) -> str:
    return f"{n} Op{'s' if n != 1 else ''}"


def finish(ctx, event: dict) -> None:
    """The operation's last event: the card is done and the sequence goes on."""
    event.setdefault("card", ctx.s["in_play"]["card"])
    event.setdefault("value", ctx.s["in_play"]["value"])
    flow.op_over(ctx, event)


def loc_label(state, loc: str) -> str:
    if loc == TRACK:
        n = troops_on_track(state)
        return f"Troops track ({n} troop{'s' if n != 1 else ''})"
    return country_label(state, loc, "us")


# ---------------------------------------------------------------- 7.2 War of Ideas


def woi_ok(state, name: str, v: int) -> bool:
    c = state["c"][name]
    if D.is_muslim(name):
        if c["gov"] is None:
            return True                                   # PT 7.2.1.1: test first (4.9.4)
        if c["gov"] == D.IR or c["align"] == "Adversary":
            return False                                  # 7.1.3; 7.2.1.1 never Adversary
        if c["gov"] == D.GOOD and c["align"] == "Ally":
            return False                                  # nothing left to improve [INF]
        if c["gov"] > v:
            return False                                  # 7.1.1 cost
        if c["rc"] and troops(state, name) - cells(c) < 5:
            return False                                  # 7.2.1.3
        return True
    # 7.2.3 (PT, D3): any non-Muslim country but the US and Israel; Iran is not non-Muslim (4.4)
    return D.COUNTRIES[name]["type"] == "non_muslim" and D.fixed_gov(name) <= v


def woi_targets(state, v: int) -> list[str]:
    return [n for n in D.NAMES if woi_ok(state, n, v)]


def woi_modifiers(state, name: str) -> list[list]:
    """7.2.1.2 modifiers [values EXT]: Prestige band, GWOT penalty, Aid, adjacent Good Ally,
    Fair Ally to Good."""
    c = state["c"][name]
    mods = []
    band = prestige_band(state["prestige"])
    if band["woi"]:
        mods.append([f"prestige {band['name']}", band["woi"]])
    pen = gwot_penalty(state)
    if pen:
        mods.append(["GWOT penalty", -pen])
    if c["aid"]:
        mods.append(["aid", c["aid"] * W["per_aid"]])
    if any(D.is_muslim(n) and state["c"][n]["gov"] == D.GOOD and state["c"][n]["align"] == "Ally"
           for n in neighbours(state, name)):
        mods.append(["adjacent Good Ally", W["adjacent_good_ally"]])
    if c["gov"] == D.FAIR and c["align"] == "Ally":
        mods.append(["Fair to Good", W["fair_ally_to_good"]])
    return mods


def _woi_prompt(state, step):
    v = value(state)
    options = [{"label": country_label(state, n, "us"), "move": {"country": n}} for n in woi_targets(state, v)]
    return "country", f"War of Ideas with {_ops(v)}: in which country?", options


def _woi_handle(ctx, step, part):
    s = ctx.s
    name = part["country"]
    v = value(s)
    if not D.is_muslim(name):
        # 7.2.3: one roll on the Posture table; Prestige +1 if it then matches the US posture.
        # For an unmarked country this one roll is also its test (4.9.4).
        rolled = roll_posture(ctx, name, "woi")
        fx = Fx(s)
        match = rolled["posture"] == s["us_posture"]
        if match:
            fx.add_track("prestige", 1)
        finish(ctx, {"type": "woi", "country": name, "posture": rolled["posture"], "roll": rolled["roll"],
                     "match": match, "fx": fx.out()})
        return
    test_if_needed(ctx, name, "woi")
    c = s["c"][name]
    if c["gov"] > v:
        # 4.9.5: a test that sets governance higher than the card can pay fails the operation.
        finish(ctx, {"type": "woi", "country": name, "result": "too_costly", "gov": c["gov"]})
        return
    mods = woi_modifiers(s, name)
    roll = ctx.die()
    total = roll + sum(m[1] for m in mods)
    fx = Fx(s)
    if total >= W["success_min"]:                          # 7.2.1.2: modified 5+ succeeds
        if c["align"] == "Neutral":
            fx.set(name, "align", "Ally")
            result = "ally"
        else:
            improve(fx, name)
            result = "improved"
    elif total == W["success_min"] - 1 and c["aid"] == 0 and c["gov"] != D.GOOD:
        # 7.2.2.1: fails by exactly 1, first Aid (never in a Good country, which carries no Aid:
        # a Good Neutral exists only through card events)
        fx.set(name, "aid", 1)
        result = "aid"
    else:
        result = "failed"
    finish(ctx, {"type": "woi", "country": name, "roll": roll, "mods": mods, "total": total, "result": result,
                 "gov": fx.gov(name), "align": fx.get(name, "align"), "fx": fx.out()})


# ---------------------------------------------------------------- 7.3 Deploy


def deployable(state, loc: str) -> int:
    """7.3.1: troops that may leave; a Regime Change country keeps troops - cells >= 5 (a NATO
    marker counts there)."""
    if loc == TRACK:
        return troops_on_track(state)
    c = state["c"][loc]
    if c["rc"]:
        return max(0, min(c["troops"], troops(state, loc) - cells(c) - 5))
    return c["troops"]


def nato_out(state, loc: str, rc_limit: bool = True) -> int | None:
    """Card 41: "if those troops would deploy/withdraw out, the marker is removed from the game
    instead": the most cubes that may leave with the NATO marker's 2 troops, or None (no marker
    there, or a Deploy's Regime Change limit, 7.3.1, keeps them)."""
    if loc == TRACK or "NATO" not in state["c"][loc]["markers"]:
        return None
    c = state["c"][loc]
    if rc_limit and c["rc"]:
        room = troops(state, loc) - cells(c) - 5 - 2
        return min(c["troops"], room) if room >= 0 else None
    return c["troops"]


def _nato_options(most: int | None) -> list[dict]:
    if most is None:
        return []
    return [{"label": "The NATO marker" + (f" and {k} troop{'s' if k != 1 else ''}" if k else "")
             + " (NATO leaves the game)", "move": {"nato": k}} for k in range(most + 1)]


def deploy_destinations(state, v: int, frm: str) -> list[str]:
    """7.3.2-3: the Troops track (Good-1) or an Ally the card can pay for; with the Abu Sayyaf
    marker the Philippines too (scenario marker, cards.json)."""
    out = [TRACK] if frm != TRACK else []
    for n in D.NAMES:
        if n == frm:
            continue
        c = state["c"][n]
        if D.is_muslim(n) and c["align"] == "Ally" and c["gov"] is not None and c["gov"] <= v or n == "Philippines" and "Abu Sayyaf" in c["markers"] and gov(state, n) <= v:
            out.append(n)
    return out


def deploy_sources(state, v: int) -> list[str]:
    return [loc for loc in [TRACK] + D.NAMES
            if (deployable(state, loc) > 0 or nato_out(state, loc) is not None) and deploy_destinations(state, v, loc)]


def _deploy_from_prompt(state, step):
    options = [{"label": loc_label(state, loc), "move": {"from": loc}} for loc in deploy_sources(state, value(state))]
    return "from", "Deploy: move troops from where?", options


def _deploy_from_handle(ctx, step, part):
    ctx.emit({"type": "await", "step": {"k": "deploy_to", "seat": "us", "from": part["from"]}})


def _deploy_to_prompt(state, step):
    options = [{"label": loc_label(state, loc), "move": {"to": loc}}
               for loc in deploy_destinations(state, value(state), step["from"])]
    return "to", f"Deploy from {_loc(step['from'])}: to where?", options


def _deploy_to_handle(ctx, step, part):
    ctx.emit({"type": "await", "step": {"k": "deploy_n", "seat": "us", "from": step["from"], "to": part["to"]}})


def _n_options(low: int, high: int, what: str) -> list[dict]:
    return [{"label": f"{n} {what}{'s' if n != 1 else ''}", "move": {"n": n}} for n in range(low, high + 1)]


def _deploy_n_prompt(state, step):
    return "number", f"Deploy from {_loc(step['from'])} to {_loc(step['to'])}: how many troops?", \
        _n_options(1, deployable(state, step["from"]), "troop") + _nato_options(nato_out(state, step["from"]))


def _move_troops(fx: Fx, frm: str, to: str, n: int) -> None:
    if frm != TRACK:
        fx.add(frm, "troops", -n)
    if to != TRACK:
        fx.add(to, "troops", n)


def _deploy_n_handle(ctx, step, part):
    fx = Fx(ctx.s)
    n = part.get("n", part.get("nato"))
    _move_troops(fx, step["from"], step["to"], n)
    event = {"type": "deployed", "from": step["from"], "to": step["to"], "n": n}
    if "nato" in part:
        fx.remove_marker("NATO", step["from"])            # card 41: removed from the game instead
        event["nato"] = True
    event["fx"] = fx.out()
    finish(ctx, event)


def _loc(loc: str) -> str:
    return "the Troops track" if loc == TRACK else loc


# ---------------------------------------------------------------- 7.3.4 Regime Change


def rc_sources(state, target: str) -> list[str]:
    return [loc for loc in [TRACK] + D.NAMES if loc != target and deployable(state, loc) >= 6]


def rc_targets(state) -> list[str]:
    """7.3.4: US Hard, a 3-value card, an Islamist Rule target, 6+ troops able to go from one place."""
    if state["us_posture"] != "Hard" or value(state) < 3:
        return []
    only = state["in_play"].get("rc_in")          # 37, 39: the event's own card, for its country only
    return [n for n in D.MUSLIM if (state["c"][n]["gov"] == D.IR or hooks.any_ok("rc_allowed", state, n))
            and rc_sources(state, n) and only in (None, n)]


def _rc_target_prompt(state, step):
    options = [{"label": country_label(state, n, "us"), "move": {"country": n}} for n in rc_targets(state)]
    return "country", "Regime Change: in which Islamist Rule country?", options


def _rc_target_handle(ctx, step, part):
    ctx.emit({"type": "await", "step": {"k": "rc_from", "seat": "us", "to": part["country"]}})


def _rc_from_prompt(state, step):
    options = [{"label": loc_label(state, loc), "move": {"from": loc}} for loc in rc_sources(state, step["to"])]
    return "from", f"Regime Change in {step['to']}: send at least 6 troops from where?", options


def _rc_from_handle(ctx, step, part):
    ctx.emit({"type": "await", "step": {"k": "rc_n", "seat": "us", "from": part["from"], "to": step["to"]}})


def _rc_n_prompt(state, step):
    return "number", f"Regime Change in {step['to']}: how many troops (6 or more)?", \
        _n_options(6, deployable(state, step["from"]), "troop")


def _rc_n_handle(ctx, step, part):
    """7.3.4 steps in order: deploy, green marker, governance roll, Ally, Sleepers active, Prestige roll."""
    s = ctx.s
    to, n = step["to"], part["n"]
    fx = Fx(s)
    _move_troops(fx, step["from"], to, n)
    fx.set(to, "rc", "green")
    roll = ctx.die()
    g = gov_from_roll(roll)
    set_gov(fx, to, g)
    fx.set(to, "align", "Ally")
    c = s["c"][to]
    fx.set(to, "active", c["active"] + c["sleeper"])
    fx.set(to, "sleeper", 0)
    hooks.notify("rc_done", fx, to)
    pr = prestige_roll(ctx)
    apply_prestige_roll(fx, pr)
    finish(ctx, {"type": "regime_change", "country": to, "from": step["from"], "n": n, "roll": roll, "gov": g,
                 "prestige_roll": pr, "prestige": fx.track("prestige"), "fx": fx.out()})


# ---------------------------------------------------------------- 7.3.5 Withdraw


def wd_sources(state) -> list[str]:
    if state["us_posture"] != "Soft" or value(state) < 3:
        return []
    return [n for n in D.NAMES if is_rc(state, n) and (state["c"][n]["troops"] > 0 or nato_out(state, n) is not None)]


def _wd_from_prompt(state, step):
    options = [{"label": country_label(state, n, "us"), "move": {"from": n}} for n in wd_sources(state)]
    return "from", "Withdraw: from which Regime Change country?", options


def _wd_from_handle(ctx, step, part):
    ctx.emit({"type": "await", "step": {"k": "wd_to", "seat": "us", "from": part["from"]}})


def _wd_to_prompt(state, step):
    options = [{"label": loc_label(state, loc), "move": {"to": loc}}
               for loc in deploy_destinations(state, value(state), step["from"])]
    return "to", f"Withdraw from {step['from']}: to where?", options


def _wd_to_handle(ctx, step, part):
    ctx.emit({"type": "await", "step": {"k": "wd_n", "seat": "us", "from": step["from"], "to": part["to"]}})


def _wd_n_prompt(state, step):
    return "number", f"Withdraw from {step['from']} to {_loc(step['to'])}: how many troops?", \
        _n_options(1, state["c"][step["from"]]["troops"], "troop") + \
        _nato_options(nato_out(state, step["from"], rc_limit=False))


def _wd_n_handle(ctx, step, part):
    """7.3.5: troops out ignoring cells; all Aid removed; Besieged Regime; Prestige roll. RC stays."""
    s = ctx.s
    frm = step["from"]
    fx = Fx(s)
    n = part.get("n", part.get("nato"))
    _move_troops(fx, frm, step["to"], n)
    fx.set(frm, "aid", 0)
    fx.set(frm, "besieged", True)
    event = {"type": "withdrew", "from": frm, "to": step["to"], "n": n}
    if "nato" in part:
        fx.remove_marker("NATO", frm)                     # card 41: removed from the game instead
        event["nato"] = True
    pr = prestige_roll(ctx)
    apply_prestige_roll(fx, pr)
    finish(ctx, dict(event, prestige_roll=pr, prestige=fx.track("prestige"), fx=fx.out()))


# ---------------------------------------------------------------- 7.4 Disrupt


def disrupt_refusal(state, name: str, v: int) -> tuple[str, str, str] | None:
    """Why a Disrupt with a card of value v cannot target the country, as (code, words, a few
    words); None when it can: cells or a Cadre there; 7.1.1 the card pays for its governance,
    7.1.3 not Islamist Rule; 7.4.1 an Ally, 2+ troops, or a non-Muslim country (not Iran)."""
    c = state["c"][name]
    if not cells(c) and not c["cadre"]:
        return "no_cells_there", f"there is no cell or cadre in {name} to disrupt", "nothing to disrupt"
    if not cells(c) and not hooks.all_ok("disrupt_cadre", state, name):
        return "blocked_by_card", f"the Al-Anbar marker keeps the cadre in {name} (card 58)", "Al-Anbar"
    g = gov(state, name)
    if g is None:
        return "untested", f"{name} is untested", "untested"
    if g == D.IR:
        return ("islamist_rule", f"{name} is under Islamist Rule: Disrupt cannot target it (rule 7.1.3)",
                "Islamist Rule")
    if g > v:
        return ("card_too_weak", f"{name} is {D.GOV_NAMES[g]}: a Disrupt there needs {g} Ops (rule 7.1.1)",
                f"{D.GOV_NAMES[g]}, needs {g} Ops")
    if name == "Pakistan" and "FATA" in c["markers"] and not c["rc"]:        # FATA (scenario, cards.json)
        return "blocked_by_card", "the FATA marker forbids a Disrupt in Pakistan (card 80)", "FATA"
    if c["align"] == "Ally" or troops(state, name) >= 2 or D.is_non_muslim(name):
        return None
    n = troops(state, name)
    return "not_ally", (f"{name} is {c['align'] or 'not an Ally'} with {n} troop{'s' if n != 1 else ''}: a Disrupt "
                        "needs an Ally or 2 troops there (rule 7.4.1)"), "no Ally, under 2 troops"


def disrupt_ok(state, name: str, v: int) -> bool:
    return disrupt_refusal(state, name, v) is None


def disrupt_left_out(state, v: int) -> list[str]:
    """The countries with cells (or a Cadre) a Disrupt with this card cannot target, each with why
    in a few words: 'Kenya/Tanzania (Fair, needs 2 Ops)'."""
    out = []
    for n in D.NAMES:
        c = state["c"][n]
        refused = disrupt_refusal(state, n, v) if cells(c) or c["cadre"] else None
        if refused:
            out.append(f"{n} ({refused[2]})")
    return out


def disrupt_count(state, name: str) -> int:
    """7.4.2: two cells with 2+ troops or a Hard posture (the US: US posture [INF]), else one."""
    n = 2 if troops(state, name) >= 2 or posture(state, name) == "Hard" else 1
    return hooks.fold("disrupt_count", n, state, name)


def disrupt_choices(state, name: str) -> list[int]:
    """How many Active cells a Disrupt may remove; the rest of its count activates Sleepers."""
    c = state["c"][name]
    k = min(disrupt_count(state, name), cells(c))
    return list(range(min(k, c["active"]), max(0, k - c["sleeper"]) - 1, -1))


def _disrupt_prompt(state, step):
    v = value(state)
    options = [{"label": country_label(state, n, "us"), "move": {"country": n}} for n in D.NAMES if disrupt_ok(state, n, v)]
    left = disrupt_left_out(state, v)
    return "country", f"Disrupt with {_ops(v)}: in which country?" + (
        f" Not offered: {', '.join(left)}." if left else ""), options


def _disrupt_handle(ctx, step, part):
    name = part["country"]
    choices = disrupt_choices(ctx.s, name)
    if len(choices) > 1:
        ctx.emit({"type": "await", "step": {"k": "disrupt_how", "seat": "us", "country": name}})
    else:
        _disrupt(ctx, name, choices[0] if choices else 0)


def _disrupt_how_prompt(state, step):
    name = step["country"]
    k = min(disrupt_count(state, name), cells(state["c"][name]))
    options = []
    for r in disrupt_choices(state, name):
        a = k - r
        text = " and ".join(t for t in (f"remove {r} active cell{'s' if r != 1 else ''}" if r else "",
                                        f"activate {a} sleeper{'s' if a != 1 else ''}" if a else "") if t)
        options.append({"label": text[0].upper() + text[1:], "move": {"remove": r}})
    return "disrupt", f"Disrupt in {name}: which cells?", options


def _disrupt_how_handle(ctx, step, part):
    _disrupt(ctx, step["country"], part["remove"])


def _disrupt(ctx, name: str, remove: int) -> None:
    """7.4.2-7.4.4: Active cells to the Funding track, Sleepers to Active, or the Cadre; a Cadre
    when the last cell goes; Prestige +1 with 2+ troops."""
    s = ctx.s
    c = s["c"][name]
    fx = Fx(s)
    event = {"type": "disrupted", "country": name, "removed": 0, "activated": 0, "cadre_removed": False,
             "cadre_placed": False}
    if cells(c):
        k = min(disrupt_count(s, name), cells(c))
        activate = k - remove
        fx.set(name, "active", c["active"] - remove + activate)
        fx.set(name, "sleeper", c["sleeper"] - activate)
        event.update(removed=remove, activated=activate)
        if cells(c) - remove == 0 and hooks.all_ok("disrupt_cadre", s, name):
            fx.set(name, "cadre", True)                   # 7.4.3
            event["cadre_placed"] = True
    else:
        fx.set(name, "cadre", False)
        event["cadre_removed"] = True
    if troops(s, name) >= 2:
        fx.add_track("prestige", 1)                        # 7.4.4
        event["prestige"] = fx.track("prestige")
    event["fx"] = fx.out()
    finish(ctx, event)


# ---------------------------------------------------------------- 7.5 Alert, 7.6 Reassessment


def plot_label(state, plot: dict) -> str:
    same = [p for p in state["plots"] if p["c"] == plot["c"]]
    nth = f" (marker {same.index(plot) + 1} of {len(same)})" if len(same) > 1 else ""
    return f"Plot in {plot['c']}{nth}"


def _alert_prompt(state, step):
    options = [{"label": plot_label(state, p), "move": {"plot": p["id"]}} for p in state["plots"]]
    return "plot", "Alert: which plot do you block? (You see its value only after choosing.)", options


def _alert_handle(ctx, step, part):
    """7.5.2-3: reveal and remove; a WMD leaves the game, any other plot goes back face down."""
    plot = next(p for p in ctx.s["plots"] if p["id"] == part["plot"])
    finish(ctx, {"type": "plot_alerted", "id": plot["id"], "country": plot["c"], "plot": plot["v"]})


def reassess_partners(state) -> list[int]:
    play = state["in_play"]
    if play["boost"] or D.card_ops(play["card"]) != 3 or state["played"] != 0:
        return []                                           # 7.6.2: two 3-value cards, no Reserves, whole phase
    return sorted(n for n in state["hands"]["us"] if D.card_ops(n) == 3)


def _reassess_prompt(state, step):
    options = [{"label": D.card_label(n), "move": {"card": n}} for n in reassess_partners(state)]
    return "card", "Reassessment needs a second card of 3 Ops: which one?", options


def _reassess_handle(ctx, step, part):
    """7.6.1: US Posture switches (mandatory, D5); the whole US Action Phase is used."""
    s = ctx.s
    cards = [s["in_play"]["card"], part["card"]]
    triggered = flow._engine().reassessment_events(s, cards)
    if triggered:
        # 7.6.3: the US chooses the order of the posture change and the events the cards trigger
        ctx.emit({"type": "reassessed", "cards": cards,
                  "step": {"k": "reassess_order", "seat": "us", "cards": triggered, "order": []}})
        return
    fx = Fx(s)
    new = "Soft" if s["us_posture"] == "Hard" else "Hard"
    fx.set_track("us_posture", new)
    ctx.emit({"type": "reassessed", "cards": cards, "posture": new, "fx": fx.out()})
    flow.after_card(ctx)


# ---------------------------------------------------------------- the menu


def available(state) -> list[tuple[str, str]]:
    """(op, label) for every US operation with at least one legal choice."""
    v = value(state)
    out = []
    if woi_targets(state, v):
        out.append(("woi", "War of Ideas"))
    if deploy_sources(state, v):
        out.append(("deploy", "Deploy"))
    if rc_targets(state):
        out.append(("regime_change", "Regime Change"))
    if wd_sources(state):
        out.append(("withdraw", "Withdraw"))
    if any(disrupt_ok(state, n, v) for n in D.NAMES):
        out.append(("disrupt", "Disrupt"))
    if v >= 3 and state["plots"]:
        out.append(("alert", "Alert"))
    if reassess_partners(state):
        out.append(("reassess", "Reassessment"))
    return out


FIRST_STEP = {"woi": "woi", "deploy": "deploy_from", "regime_change": "rc_target", "withdraw": "wd_from",
              "disrupt": "disrupt", "alert": "alert", "reassess": "reassess"}


for _k, _p, _h in (("woi", _woi_prompt, _woi_handle), ("deploy_from", _deploy_from_prompt, _deploy_from_handle),
                   ("deploy_to", _deploy_to_prompt, _deploy_to_handle), ("deploy_n", _deploy_n_prompt, _deploy_n_handle),
                   ("rc_target", _rc_target_prompt, _rc_target_handle), ("rc_from", _rc_from_prompt, _rc_from_handle),
                   ("rc_n", _rc_n_prompt, _rc_n_handle), ("wd_from", _wd_from_prompt, _wd_from_handle),
                   ("wd_to", _wd_to_prompt, _wd_to_handle), ("wd_n", _wd_n_prompt, _wd_n_handle),
                   ("disrupt", _disrupt_prompt, _disrupt_handle), ("disrupt_how", _disrupt_how_prompt, _disrupt_how_handle),
                   ("alert", _alert_prompt, _alert_handle), ("reassess", _reassess_prompt, _reassess_handle)):
    register(_k, _p, _h)

