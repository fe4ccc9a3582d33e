"""How a chosen card is used for operations (6.3): {"k": "use", "seat"} lists the operations
with a legal choice, and Reserves (6.3.3).

With "events: off" no event is played or triggered: any card is played for operations only, an
opponent's event is not triggered (6.3.2 does not apply) and US Election (6.3.1) does not fire.
With "events: on" the choice of event or operations comes first and an operation with the
opponent's card (or US Election) triggers its event: events/engine.py.
"""

from . import data as D
from . import flow, hooks, jihadist_ops, us_ops
from .ctx import register
from .solo import is_solo
from .solo import radicalize
from .state import Fx


def reserves_ok(state, seat: str) -> bool:
    """6.3.3: a 1- or 2-value card not boosted by Reserves (the track stops at 2)."""
    play = state["in_play"]
    return not play["boost"] and D.card_ops(play["card"]) <= 2 and not play.get("only")


def operations(state, seat: str) -> list[tuple[str, str]]:
    ops = us_ops.available(state) if seat == "us" else jihadist_ops.available(state)
    solo_bot = seat == "jihadist" and is_solo(state)
    if solo_bot and not state["in_play"].get("only"):
        # 9.4.1: the bot never uses Reserves; the Ops it cannot spend go to Radicalization (9.4.3)
        return [(op, label) for op, label in ops if hooks.all_ok("op_allowed", state, seat, op)] + \
            [("radicalize", f"Radicalization (rule 9.4.3) with {state['in_play']['value']} "
                            f"Op{'s' if state['in_play']['value'] != 1 else ''}")]
    if reserves_ok(state, seat):
        r = state["reserves"][seat]
        add = min(2, r + D.card_ops(state["in_play"]["card"])) - r
        ops.append(("reserves", f"Reserves (+{add}, to {r + add})"))
    only = state["in_play"].get("only")          # an operation ordered by an event (events/engine.operation)
    return [(op, label) for op, label in ops
            if hooks.all_ok("op_allowed", state, seat, op) and (not only or op in only)]


def _use_prompt(state, step):
    seat = step["seat"]
    play = state["in_play"]
    v = play["value"]
    options = [{"label": label, "move": {"op": op}} for op, label in operations(state, seat)]
    boost = f", raised to {v} by Reserves" if play["boost"] else ""
    text = f"Card {play['card']} {D.card_name(play['card'])} for operations (value {v}{boost}): which operation?"
    if play.get("only"):
        text = f"The event of {play['card']} {D.card_name(play['card'])}: an operation with {v} Op{'s' if v != 1 else ''}: which one?"
    return "operation", text, options


def _use_handle(ctx, step, part):
    seat, op = step["seat"], part["op"]
    if seat == "jihadist" and is_solo(ctx.s):
        start_op(ctx, seat, op)                   # 9.4.1: the bot's card never triggers a US event
        return
    if flow._engine().before_op(ctx, seat, op):
        return                                    # an event is triggered (6.3.1, 6.3.2): its order first
    start_op(ctx, seat, op)


def start_op(ctx, seat: str, op: str, **extra) -> None:
    """Carry out the chosen operation with the card in play; `extra` goes into its first event
    (the card events' "todo")."""
    s = ctx.s
    if op == "radicalize":
        radicalize.start(ctx, **extra)
        return
    if op == "reserves":
        # 6.3.3: add the card's value to Reserves, to at most 2
        fx = Fx(s)
        r = s["reserves"][seat]
        fx.r[seat] = min(2, r + D.card_ops(s["in_play"]["card"]))
        flow.op_over(ctx, {"type": "reserves_added", "seat": seat, "card": s["in_play"]["card"],
                           "reserves": fx.r[seat], "fx": fx.out(), **extra})
        return
    if seat == "us":
        step = {"k": us_ops.FIRST_STEP[op], "seat": "us"}
    else:
        step = jihadist_ops.first_step(s, op)
    ctx.emit({"type": "op_chosen", "seat": seat, "card": s["in_play"]["card"], "value": s["in_play"]["value"],
              "op": op, "step": step, **extra})
    if step is None:
        jihadist_ops.recruit_at_once(ctx)


register("use", _use_prompt, _use_handle)
