"""9.4.3 Radicalization (solo): the bot's card Ops that the "Where?" flows cannot spend, op by op,
through four boxes in order; a box that does not apply is skipped without spending an op
(spec 11.6 [INF, as LWOTai]):

  1. a cell on the Funding track: the first op places one (whatever the Funding level) in a
     random country (9.5);
  2. the next op: one cell travels, automatically (Biometrics ignored); destination by the 9.4.2.6
     flow from its second box, source by 9.4.2.6.1; the last cell of an Islamist Rule or Regime
     Change country travels in place instead;
  3. Funding below 9: the next op places a plot (9.3.2: drawn at random, face down) in a random
     country not under Islamist Rule that has a cell, no roll;
  4. every op left worsens a random Good or Fair Muslim country one level.

The countries are the Jihadist's choice, asked as a prompt (the bot answers by 9.5); the plot
marker is drawn by the rules. Steps: {"k": "radical", "seat": "jihadist", "box": 1-4, "left": n,
"to": destination (box 2, once chosen)}.
"""

from .. import data as D
from .. import flow
from ..ctx import register
from ..governance import worsen
from ..state import Fx, cells, cells_and_sadr, cells_on_map, cells_on_track, country_label, gov
from ..tests_rolls import test_if_needed

BOX_TEXT = {1: "1st box: a cell from the track to a random country",
            2: "2nd box: one cell travels, automatically",
            3: "3rd box: a plot in a random country with a cell, not under Islamist Rule",
            4: "4th box: a random Good or Fair Muslim country worsens"}


def plot_targets(state) -> list[str]:
    return [n for n in D.NAMES if gov(state, n) != D.IR and cells_and_sadr(state, n)]


def worsen_targets(state) -> list[str]:
    return [n for n in D.MUSLIM if state["c"][n]["gov"] in (D.GOOD, D.FAIR)]


def applies(state, box: int) -> bool:
    if box == 1:
        return cells_on_track(state) > 0
    if box == 2:
        return cells_on_map(state) > 0
    if box == 3:
        return state["funding"] < 9 and bool(state["avail"]) and bool(plot_targets(state))
    return bool(worsen_targets(state))


def next_step(state, left: int, box: int) -> dict | None:
    """The first box from `box` on that applies, with `left` Ops; None when none is left."""
    if left <= 0:
        return None
    for b in range(box, 5):
        if applies(state, b):
            return {"k": "radical", "seat": "jihadist", "box": b, "left": left}
    return None


def start(ctx, **extra) -> None:
    s = ctx.s
    n = s["in_play"]["value"]
    step = next_step(s, n, 1)
    event = {"type": "radicalization", "seat": "jihadist", "card": s["in_play"]["card"], "value": n, **extra}
    if step is None:
        event["lost"] = n                          # no box applies: the Ops are lost
        flow.op_over(ctx, dict(event, used=n))
        return
    ctx.emit(dict(event, step=step))


def _go_on(ctx, step: dict, event: dict) -> None:
    """After a box's op: the next box (the 4th again while Ops are left), or the card is done."""
    left = step["left"] - 1
    ctx.emit(event)
    nxt = next_step(ctx.s, left, step["box"] if step["box"] == 4 else step["box"] + 1)
    if nxt is not None:
        ctx.emit({"type": "await", "step": nxt})
        return
    play = ctx.s["in_play"]
    over = {"type": "radicalization", "seat": "jihadist", "card": play["card"], "value": play["value"], "over": True,
            "used": play["value"]}
    if left:
        over["lost"] = left                        # no box applies any more: the Ops left are lost
    flow.op_over(ctx, over)


def _label(state, name: str) -> str:
    return country_label(state, name, "jihadist")


def _prompt(state, step):
    box, left = step["box"], step["left"]
    head = f"Radicalization (rule 9.4.3) with {left} Op{'s' if left != 1 else ''} left, {BOX_TEXT[box]}"
    if box == 1:
        names = list(D.NAMES)
        text = f"{head}: in which country?"
    elif box == 2 and step.get("to") is None:
        names = list(D.NAMES)
        text = f"{head}: to which country?"
    elif box == 2:
        names = [n for n in D.NAMES if cells(state["c"][n])]
        text = f"{head}: to {step['to']}; from which country?"
    elif box == 3:
        names = plot_targets(state)
        text = f"{head}: in which country?"
    else:
        names = worsen_targets(state)
        text = f"{head}: which country?"
    key = "from" if box == 2 and step.get("to") is not None else "to" if box == 2 else "country"
    return "country", text, [{"label": _label(state, n), "move": {key: n}} for n in names]


def _handle(ctx, step, part):
    s = ctx.s
    box = step["box"]
    if box == 1:
        name = part["country"]
        test_if_needed(ctx, name, "radicalization")
        fx = Fx(s)
        fx.add(name, "sleeper", 1)
        fx.set(name, "cadre", False)
        _go_on(ctx, step, _event(s, box, fx, country=name))
    elif box == 2 and step.get("to") is None:
        ctx.emit({"type": "await", "step": dict(step, to=part["to"])})
    elif box == 2:
        _travel(ctx, step, part["from"], step["to"])
    elif box == 3:
        name = part["country"]
        from ..jihadist_ops import _place_one
        test_if_needed(ctx, name, "radicalization")
        _place_one(ctx, name, ctx.rng.choice(s["avail"]), drawn=True)
        _go_on(ctx, step, _event(s, box, None, country=name))
    else:
        name = part["country"]
        fx = Fx(s)
        worsen(fx, name)
        _go_on(ctx, step, _event(s, box, fx, country=name, gov=fx.get(name, "gov")))


def _travel(ctx, step: dict, frm: str, to: str) -> None:
    """9.4.3: the travel succeeds automatically; 9.4.2.6.1: the last cell of an Islamist Rule or
    Regime Change country travels in place; 9.3.1: an Active cell goes first."""
    s = ctx.s
    c = s["c"][frm]
    in_place = frm != to and cells(c) == 1 and (c["gov"] == D.IR or c["rc"])
    if in_place:
        to = frm
    test_if_needed(ctx, to, "travel")
    fx = Fx(s)
    if fx.get(frm, "active"):
        fx.add(frm, "active", -1)
    else:
        fx.add(frm, "sleeper", -1)
    fx.add(to, "sleeper", 1)
    _go_on(ctx, step, _event(s, 2, fx, **{"from": frm, "to": to, "in_place": in_place}))


def _event(state, box: int, fx: Fx | None, **fields) -> dict:
    event = {"type": "radicalized", "box": box, **fields}
    if fx is not None and fx.out():
        event["fx"] = fx.out()
    return event


register("radical", _prompt, _handle)
