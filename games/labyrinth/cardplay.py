"""How a chosen card is used (6.0): {"k": "use", "seat"} lists the operations with a legal
choice, and Reserves (6.3.3).

The table variant "events: off" offers no event: any card is played for operations only and an
opponent's event is not triggered (6.3.2 does not apply); US Election (6.3.1) does not fire.
"""

from . import data as D
from . import flow, jihadist_ops, us_ops
from .ctx import register
from .state import Fx


def reserves_ok(state, seat: str) -> bool:
    """6.3.3: a 1- or 2-value card not boosted by Reserves (the track stops at 2)."""
    play = state["in_play"]
    return not play["boost"] and D.card_ops(play["card"]) <= 2


def operations(state, seat: str) -> list[tuple[str, str]]:
    ops = us_ops.available(state) if seat == "us" else jihadist_ops.available(state)
    if reserves_ok(state, seat):
        r = state["reserves"][seat]
        add = min(2, r + D.card_ops(state["in_play"]["card"])) - r
        ops.append(("reserves", f"Reserves (+{add}, to {r + add})"))
    return ops


def _use_prompt(state, step):
    seat = step["seat"]
    play = state["in_play"]
    v = play["value"]
    options = [{"label": label, "move": {"op": op}} for op, label in operations(state, seat)]
    boost = f", raised to {v} by Reserves" if play["boost"] else ""
    text = f"Card {play['card']} {D.card_name(play['card'])} for operations (value {v}{boost}): which operation?"
    return "operation", text, options


def _use_handle(ctx, step, part):
    seat, op = step["seat"], part["op"]
    s = ctx.s
    if op == "reserves":
        # 6.3.3: add the card's value to Reserves, to at most 2
        fx = Fx(s)
        r = s["reserves"][seat]
        fx.r[seat] = min(2, r + D.card_ops(s["in_play"]["card"]))
        ctx.emit({"type": "reserves_added", "seat": seat, "card": s["in_play"]["card"], "reserves": fx.r[seat],
                  "fx": fx.out(), "done": True})
        flow.after_card(ctx)
        return
    if seat == "us":
        step = {"k": us_ops.FIRST_STEP[op], "seat": "us"}
    else:
        step = jihadist_ops.first_step(s, op)
    ctx.emit({"type": "op_chosen", "seat": seat, "card": s["in_play"]["card"], "value": s["in_play"]["value"],
              "op": op, "step": step})
    if step is None:
        jihadist_ops.recruit_at_once(ctx)


register("use", _use_prompt, _use_handle)
