"""Plot resolution (8.5.6, spec 9) at the end of every US Action Phase: a SYSTEM step with one
option that reveals and resolves every plot on the map.

Order (8.5.6): the Jihadist chooses it. It is asked, one plot at a time, only while two or more
plots are left and their order can change what happens (order_matters); otherwise they resolve
in the order they were placed. For each plot: victory, funding, posture, prestige, governance and
Aid, marker. Jihadist choices pause the step, after which resolution continues by itself:
  {"k": "plot_next", "seat": "jihadist"}                    which plot resolves next
  {"k": "wmd_reroll", "seat": "jihadist", "plot", "roll"}   2-player WMD posture reroll
  {"k": "schengen", "seat": "jihadist", "plot", "picked"}   two other Schengen countries roll
"""

from . import data as D
from . import flow, hooks
from .ctx import register
from .solo import is_solo
from .governance import remove_aid, set_gov
from .state import Fx, country_label, gov, threshold, troops
from .tests_rolls import apply_prestige_roll, prestige_roll, roll_posture

STAGES = ["reveal", "funding", "posture", "schengen", "prestige", "governance", "marker"]


def _plot(state, pid: int) -> dict:
    return next(p for p in state["plots"] if p["id"] == pid)


def order_matters(state) -> bool:
    """Can the order of the plots left change the outcome? Two plots in one country (governance,
    posture, Aid), a Prestige roll in the US beside another Prestige change (the track's ends), a
    backlashed plot beside another Funding change (the track's ends), a Schengen plot beside a
    plot in another Schengen country (its posture rolled twice)."""
    plots = state["plots"]
    if len(plots) < 2:
        return False
    where = [p["c"] for p in plots]
    if len(set(where)) < len(where):
        return True
    us_roll = any(p["c"] == D.US for p in plots)
    prestige = [p for p in plots if troops(state, p["c"]) > 0 or p["c"] == D.US]
    if us_roll and len(prestige) > 1:
        return True
    if any(p.get("backlash") for p in plots):
        return True
    schengen = [p for p in plots if p["c"] in D.SCHENGEN]
    return len(schengen) > 1


def resolve_all(ctx) -> None:
    while ctx.s["plots"]:
        if order_matters(ctx.s):
            ctx.emit({"type": "await", "step": {"k": "plot_next", "seat": "jihadist"}})
            return
        plot = ctx.s["plots"][0]
        if not _run(ctx, plot, 0):
            return
    flow.after_plots(ctx)


def _continue(ctx, pid: int, stage: str) -> None:
    """Resume after a Jihadist choice: the rest of this plot, then the other plots."""
    plot = _plot(ctx.s, pid)
    if _run(ctx, plot, STAGES.index(stage)):
        resolve_all(ctx)


def _run(ctx, plot: dict, start: int) -> bool:
    """Resolve one plot from a stage; False if it paused for a Jihadist decision."""
    for stage in STAGES[start:]:
        if STAGE_FUNCS[stage](ctx, plot) is False:
            return False
    return True


def _reveal(ctx, plot):
    """8.5.4: revealed when resolved. Step 1 VICTORY: a WMD resolved in the US (2.1.2)."""
    ctx.emit({"type": "plot_revealed", "id": plot["id"], "country": plot["c"], "plot": plot["v"]})
    if plot["v"] == "WMD" and plot["c"] == D.US:
        ctx.game_over("jihadist", "wmd_us", "A WMD plot is resolved in the United States: the Jihadist wins (rule 2.1).")


def _funding(ctx, plot):
    """Step 2 FUNDING: Muslim or Iran +2 if Good else +1; non-Muslim (not the US) + value, doubled
    if Good, 9 for a WMD; the US: 9."""
    s = ctx.s
    name, v = plot["c"], plot["v"]
    fx = Fx(s)
    g = gov(s, name)
    if hooks.notify("plot_funding", s, plot, fx):
        pass                                                   # a card changes this step (Backlash)
    elif D.is_muslim(name) or name == D.IRAN:
        fx.add_track("funding", 2 if g == D.GOOD else 1)
    elif name == D.US or v == "WMD":
        fx.set_track("funding", 9)
    else:
        fx.add_track("funding", 2 * v if g == D.GOOD else v)
    ctx.emit({"type": "plot_funding", "country": name, "plot": v, "funding": fx.track("funding"), "fx": fx.out()})


def _posture(ctx, plot):
    """Step 3 POSTURE: a non-Muslim target (the US included, +1) rolls its posture; Israel stays
    Hard; a 2-player WMD may be rerolled once by the Jihadist."""
    name = plot["c"]
    if not D.is_non_muslim(name) or name == D.ISRAEL:
        return None
    rolled = roll_posture(ctx, name, "plot")
    if plot["v"] == "WMD" and name != D.US and not is_solo(ctx.s):       # a 2-player game only
        ctx.emit({"type": "await", "step": {"k": "wmd_reroll", "seat": "jihadist", "plot": plot["id"],
                                            "roll": rolled["roll"], "posture": rolled["posture"]}})
        return False
    return None


def _schengen(ctx, plot):
    """Step 3 cont.: a plot in a Schengen country: the Jihadist picks two other Schengen
    countries, each rolling its posture."""
    if plot["c"] not in D.SCHENGEN:
        return None
    ctx.emit({"type": "await", "step": {"k": "schengen", "seat": "jihadist", "plot": plot["id"], "picked": []}})
    return False


def _prestige(ctx, plot):
    """Step 4 PRESTIGE: troops there: -1, or Prestige 1 for a WMD; in the US a Prestige roll
    (PT 2nd edition, D2)."""
    s = ctx.s
    name = plot["c"]
    fx = Fx(s)
    event = {"type": "plot_prestige", "country": name}
    if troops(s, name) > 0:
        if plot["v"] == "WMD":
            fx.set_track("prestige", 1)
        else:
            fx.add_track("prestige", -1)
        event["troops"] = True
    elif name == D.US:
        roll = prestige_roll(ctx)
        apply_prestige_roll(fx, roll)
        event["prestige_roll"] = roll
    else:
        return
    event["prestige"] = fx.track("prestige")
    event["fx"] = fx.out()
    ctx.emit(event)
    return


def _governance(ctx, plot):
    """Step 5 GOVERNANCE & AID (Muslim only, not Iran): value dice (3 for a WMD) against the
    governance; each success removes one Aid and worsens governance, never below Poor."""
    s = ctx.s
    name = plot["c"]
    if not D.is_muslim(name) or s["c"][name]["gov"] in (None, D.IR):
        return
    n = 3 if plot["v"] == "WMD" else plot["v"]
    need = threshold(s, name)
    rolls = ctx.dice(n)
    succ = sum(1 for r in rolls if r <= need)
    fx = Fx(s)
    aid = remove_aid(fx, name, succ)
    g = s["c"][name]["gov"]
    new = min(D.POOR, g + succ) if g < D.POOR else g
    if new != g:
        set_gov(fx, name, new)
    ctx.emit({"type": "plot_governance", "country": name, "rolls": rolls, "need": need, "successes": succ,
              "aid_removed": aid, "gov": new, "fx": fx.out()})
    return


def _marker(ctx, plot):
    """Step 6 MARKER: back face down to Available Plots; a WMD leaves the game (8.5.5)."""
    event = {"type": "plot_removed", "id": plot["id"], "country": plot["c"], "plot": plot["v"],
             "to": "removed" if plot["v"] == "WMD" else "available"}
    fx = Fx(ctx.s)
    hooks.notify("plot_resolved", ctx.s, plot, fx)            # lasting effects ended by a plot
    if fx.out():
        event["fx"] = fx.out()
    ctx.emit(event)


STAGE_FUNCS = {"reveal": _reveal, "funding": _funding, "posture": _posture, "schengen": _schengen,
               "prestige": _prestige, "governance": _governance, "marker": _marker}


# ---------------------------------------------------------------- prompts


def _plots_prompt(state, step):
    n = len(state["plots"])
    text = f"End of the US Action Phase: resolve the {n} plot{'s' if n != 1 else ''} on the map."
    return "system", text, [{"label": f"Resolve {n} plot{'s' if n != 1 else ''}", "move": {"go": "plots"}}]


def _plots_handle(ctx, step, part):
    resolve_all(ctx)


def _plot_label(plot: dict) -> str:
    value = "WMD plot" if plot["v"] == "WMD" else f"Plot {plot['v']}"
    return f"{value} in {plot['c']}" + (" (backlashed)" if plot.get("backlash") else "")


def _next_prompt(state, step):
    seen, options = set(), []
    for plot in state["plots"]:
        label = _plot_label(plot)
        if label not in seen:                          # two alike: either one
            seen.add(label)
            options.append({"label": label, "move": {"plot": plot["id"]}})
    n = len(state["plots"])
    return "plot", f"{n} plots to resolve, and their order matters: which one resolves next (rule 8.5.6)?", options


def _next_handle(ctx, step, part):
    if _run(ctx, _plot(ctx.s, part["plot"]), 0):
        resolve_all(ctx)


def _reroll_prompt(state, step):
    plot = _plot(state, step["plot"])
    p = step["posture"]
    options = [{"label": f"Keep {plot['c']} {p}", "move": {"reroll": False}},
               {"label": f"Reroll {plot['c']}'s posture once", "move": {"reroll": True}}]
    return "reroll", f"The WMD plot in {plot['c']} rolled {step['roll']}: {p}. Reroll it (rule 8.5.6)?", options


def _reroll_handle(ctx, step, part):
    plot = _plot(ctx.s, step["plot"])
    if part["reroll"]:
        roll_posture(ctx, plot["c"], "plot", reroll_of=step["roll"])
    else:
        ctx.emit({"type": "posture_kept", "country": plot["c"], "posture": step["posture"]})
    _continue(ctx, plot["id"], "schengen")


def _schengen_prompt(state, step):
    plot = _plot(state, step["plot"])
    options = [{"label": country_label(state, n, "jihadist"), "move": {"country": n}}
               for n in D.SCHENGEN if n != plot["c"] and n not in step["picked"]]
    nth = len(step["picked"]) + 1
    return "country", f"The plot in {plot['c']} is in Schengen: pick another Schengen country to roll posture ({nth} of 2).", options


def _schengen_handle(ctx, step, part):
    roll_posture(ctx, part["country"], "schengen")
    picked = step["picked"] + [part["country"]]
    if len(picked) < 2:
        ctx.emit({"type": "await", "step": {"k": "schengen", "seat": "jihadist", "plot": step["plot"], "picked": picked}})
        return
    _continue(ctx, step["plot"], "prestige")


register("plots", _plots_prompt, _plots_handle)
register("plot_next", _next_prompt, _next_handle)
register("wmd_reroll", _reroll_prompt, _reroll_handle)
register("schengen", _schengen_prompt, _schengen_handle)
