"""Card events in the sequence of play (6.0-6.3): the choice of event or operations, triggered
events and their order, US Election, REMOVE / MARK / LAPSING, and the event's questions.

Only with the table option "events: on"; with "off" nothing here is reached.

Steps:
  {"k": "play_as", "seat"}         6.2: the seat's own or an Unassociated event, playable now:
                                   {"play": "event"} or {"play": "ops"}
  {"k": "order", "seat", "op"}     6.3.2.1 / 6.3.1: the opponent's event (or US Election) is
                                   triggered: {"first": "event"} or {"first": "op"}
  {"k": "reassess_order", "seat": "us", "cards", "order"}
                                   7.6.3: the order of the posture change ("posture") and the
                                   events the two cards trigger: {"first": "posture" | "event" |
                                   card number}, asked until one is left
  {"k": "ev", "seat", "ev": {card, side, by, how}, "then", "text", "options", "data"}
                                   a question of the event; the options are stored in the step
                                   (the state does not change while it waits), the answer goes to
                                   the card module's function named by "then"

What is left to do with the card in play is a list of tasks in state["todo"], each started by
the event that pops it:
  {"do": "event", "card", "side", "by", "how", "loose"?}   an event ("how": event, triggered,
        auto = US Election; "loose": its card is not the one in play but in the discard pile)
  {"do": "op", "seat", "op"}      the operation chosen for the card
  {"do": "card_done"}             the card in play goes where it belongs (discard, First Plot,
                                  Lapsing, removed) and the phase goes on
  {"do": "posture"}               the Reassessment's posture change, in the order the US chose
  {"do": "after_card"} / {"do": "end_us_phase"}   the phase goes on (no card in play)
  {"do": "resume", "card", "side", "by", "how", "then", "data", "value"}   an event that ordered
        an operation (ev.operation) goes on after it
An operation's last event pops the next task (flow.op_over); so does an event's end.
"""

import copy

from .. import cardplay, flow
from .. import data as D
from ..ctx import register
from ..state import Fx, lapsing_in_effect, marker_in_play
from . import registry as R
from .kit import OTHER, Ev


def on(state) -> bool:
    return state["opts"].get("events") == "on"


# ---------------------------------------------------------------- event or operations (6.2)


def solo_bot(state, seat: str) -> bool:
    return seat == "jihadist" and bool(state["opts"].get("solo"))


def may_play(state, card: int, seat: str) -> bool:
    """6.2.5-6.2.6; solo, card 47's one-player text: while it is in effect the bot's Jihadist and
    Unassociated events are unplayable."""
    if solo_bot(state, seat) and 47 in lapsing_in_effect(state):
        return False
    return R.may_play(state, card, seat)


def choice_step(state, seat: str, card: int) -> dict:
    if on(state) and may_play(state, card, seat):
        return {"k": "play_as", "seat": seat}
    return flow.use_or_boost(state, seat, card)


def _effect_text(card: int, side: str) -> str:
    effect = D.CARDS[card]["effect"]
    if isinstance(effect, dict):
        effect = effect["US" if side == "us" else "Jihadist"]
    return effect


def _play_as_prompt(state, step):
    seat = step["seat"]
    card = state["in_play"]["card"]
    text = (f"{D.card_label(card)}. Event: {_effect_text(card, seat)} "
            "Play the event, or use the card for operations?")
    ops = D.card_ops(card)
    options = [{"label": f"Play the event of {card} {D.card_name(card)}", "move": {"play": "event"}},
               {"label": f"Use it for operations ({ops} Op{'s' if ops != 1 else ''})", "move": {"play": "ops"}}]
    return "play_as", text, options


def _play_as_handle(ctx, step, part):
    s = ctx.s
    seat = step["seat"]
    card = s["in_play"]["card"]
    if part["play"] == "event":
        task = {"do": "event", "card": card, "side": seat, "by": seat, "how": "event"}
        then = [{"do": "card_done"}]
        if solo_bot(s, seat) and R.association(card) is None:
            then = [{"do": "op", "seat": seat, "op": None}] + then    # 9.4.1: an Unassociated event, then its Ops
        ctx.emit({"type": "play_chosen", "seat": seat, "card": card, "as": "event", "todo": [task] + then})
        run_next(ctx)
    else:
        ctx.emit({"type": "play_chosen", "seat": seat, "card": card, "as": "ops",
                  "step": flow.use_or_boost(s, seat, card)})


# ---------------------------------------------------------------- triggered events (6.3)


def trigger_side(state, seat: str, card: int, op: str) -> str | None:
    """Whose event an operation with this card triggers, or None: US Election always (6.3.1),
    the opponent's event (6.3.2) unless it is the Jihadist's first Plot card of the turn (8.5.3)
    or the event is blocked (6.2.8); a card without an event yet triggers nothing."""
    data = D.CARDS[card]
    if data["flags"]["auto_trigger"]:
        return seat if R.entry(card, seat) else None
    side = R.association(card)
    if side != OTHER[seat] or not R.entry(card, side):
        return None
    if seat == "jihadist" and op == "plot" and not state["first_plot_used"]:
        return None
    if R.blocked(state, card, side):
        return None
    return side


def before_op(ctx, seat: str, op: str) -> bool:
    """Called when an operation is chosen: True if a triggered event takes over (the order
    question, or Reserves then the event)."""
    s = ctx.s
    play = s["in_play"]
    if not on(s) or play.get("triggered") or play.get("only") or op == "reassess":
        return False                      # Reassessment: reassessment_events; an event's operation: none
    side = trigger_side(s, seat, play["card"], op)
    if side is None:
        return False
    if op == "reserves":
        # 6.3.3: Reserves with the opponent's card: the event happens (after the Reserves)
        ctx.emit({"type": "order_chosen", "seat": seat, "card": play["card"], "op": op, "first": "op",
                  "in_play": {"triggered": True}, "todo": [_event_task(s, side, seat), {"do": "card_done"}]})
        cardplay.start_op(ctx, seat, op)
        return True
    ctx.emit({"type": "await", "step": {"k": "order", "seat": seat, "op": op, "side": side}})
    return True


def _event_task(state, side: str, seat: str) -> dict:
    card = state["in_play"]["card"]
    how = "auto" if D.CARDS[card]["flags"]["auto_trigger"] else "triggered"
    return {"do": "event", "card": card, "side": side, "by": seat, "how": how}


OP_NAMES = {"woi": "War of Ideas", "deploy": "Deploy", "regime_change": "Regime Change", "withdraw": "Withdraw",
            "disrupt": "Disrupt", "alert": "Alert", "reassess": "Reassessment", "recruit": "Recruit",
            "travel": "Travel", "jihad": "Jihad", "plot": "Plot", "reserves": "Reserves"}


def _order_prompt(state, step):
    card = state["in_play"]["card"]
    op = OP_NAMES.get(step["op"], step["op"])
    whose = "US Election happens whenever it is played (rule 6.3.1)" if D.CARDS[card]["flags"]["auto_trigger"] else \
        f"the {D.SIDE[step['side']]} event of {card} {D.card_name(card)} is triggered (rule 6.3.2)"
    text = f"{op} with {card} {D.card_name(card)}: {whose}. Which happens first?"
    options = [{"label": f"The event first, then {op}", "move": {"first": "event"}},
               {"label": f"{op} first, then the event", "move": {"first": "op"}}]
    return "order", text, options


def _order_handle(ctx, step, part):
    s = ctx.s
    seat, op = step["seat"], step["op"]
    task = _event_task(s, step["side"], seat)
    event = {"type": "order_chosen", "seat": seat, "card": s["in_play"]["card"], "op": op, "first": part["first"],
             "in_play": {"triggered": True}}
    if part["first"] == "event":
        event["todo"] = [task, {"do": "op", "seat": seat, "op": op}, {"do": "card_done"}]
        ctx.emit(event)
        run_next(ctx)
    else:
        event["todo"] = [task, {"do": "card_done"}]
        ctx.emit(event)
        cardplay.start_op(ctx, seat, op)


def reassessment_events(state, cards: list[int]) -> list[int]:
    """The cards of a Reassessment (7.6) whose event it triggers: a Jihadist event (6.3.2) or
    US Election (6.3.1), in the order the cards were played."""
    if not on(state):
        return []
    return [card for card in cards if trigger_side(state, "us", card, "reassess")]


def _reassess_left(step) -> list:
    return [x for x in ["posture", *step["cards"]] if x not in step["order"]]


def _reassess_word(step, item) -> str:
    """An option's answer: "posture", "event" (one event to place), or the card's number."""
    if item == "posture":
        return "posture"
    return "event" if len(step["cards"]) == 1 else str(item)


def _reassess_order_prompt(state, step):
    """7.6.3: the US chooses the order of the posture change and the events the two cards
    trigger; asked until one is left (two questions when both cards trigger an event)."""
    left = _reassess_left(step)
    now = state["us_posture"]
    events = " and ".join(f"the {'event' if D.CARDS[c]['flags']['auto_trigger'] else 'Jihadist event'} of "
                          f"{c} {D.card_name(c)}" for c in step["cards"])
    if step["order"]:
        text = "Reassessment: what happens next?"
    else:
        text = (f"Reassessment: US posture switches (now {now}) and {events} "
                f"{'is' if len(step['cards']) == 1 else 'are'} triggered (rule 6.3.2). The US chooses the order "
                "(rule 7.6.3): which happens first?")

    def label(item):
        rest = [x for x in left if x != item]
        then = ("the posture change" if rest == ["posture"] else "the event" if len(rest) == 1 else "")
        what = "The posture change" if item == "posture" else \
            ("The event" if len(step["cards"]) == 1 else f"The event of {item} {D.card_name(item)}")
        return f"{what} first, then {then}" if then else f"{what} first"
    options = [{"label": label(x), "move": {"first": _reassess_word(step, x)}} for x in left]
    return "order", text, options


def _reassess_order_handle(ctx, step, part):
    s = ctx.s
    left = _reassess_left(step)
    item = next(x for x in left if _reassess_word(step, x) == part["first"])
    order = step["order"] + [item]
    left = [x for x in left if x != item]
    if len(left) > 1:
        ctx.emit({"type": "await", "step": dict(step, order=order)})
        return
    order += left
    tasks = []
    for x in order:
        if x == "posture":
            tasks.append({"do": "posture"})
        else:
            how = "auto" if D.CARDS[x]["flags"]["auto_trigger"] else "triggered"
            tasks.append({"do": "event", "card": x, "side": trigger_side(s, "us", x, "reassess"), "by": "us",
                          "how": how, "loose": True})
    ctx.emit({"type": "reassess_ordered", "seat": "us", "order": order, "todo": tasks + [{"do": "after_card"}]})
    run_next(ctx)


def discarded(ctx, seat: str, cards: list[int], then: dict | None = None) -> bool:
    """6.3.1 (cards.json D7): US Election fires when it is discarded. Within an event its event
    comes right after the current one; elsewhere (5.2.4) `then` is what follows it."""
    s = ctx.s
    if not on(s):
        return False
    tasks = [{"do": "event", "card": c, "side": seat, "by": seat, "how": "auto", "loose": True}
             for c in cards if D.CARDS[c]["flags"]["auto_trigger"] and R.entry(c, seat)]
    if not tasks:
        return False
    if then is None:
        ctx.emit({"type": "await", "todo": tasks + list(s["todo"])})
        return True
    ctx.emit({"type": "await", "todo": tasks + [then]})
    run_next(ctx)
    return True


def then_after(ev: Ev, queued: int, then: str) -> None:
    """The event goes on with its function `then` once the `queued` tasks it put first in the
    list (other cards' events, US Election) have happened (card 90: posture Soft after them); it
    ends then."""
    todo = list(ev.s["todo"])
    play = ev.s["in_play"]
    resume = {"do": "resume", "card": ev.card, "side": ev.side, "by": ev.by, "how": ev.how, "then": then,
              "data": copy.deepcopy(ev.data), "value": play["value"] if play else 0}
    if getattr(ev, "loose", False):
        resume["loose"] = True
    ev.ctx.emit({"type": "await", "todo": todo[:queued] + [resume] + todo[queued:]})
    ev.asked = True
    run_next(ev.ctx)


def queue_loose(ctx, card: int, side: str, by: str) -> None:
    """Another card's event right after the current one (its card is in the discard pile)."""
    task = {"do": "event", "card": card, "side": side, "by": by, "how": "event", "loose": True}
    ctx.emit({"type": "await", "todo": [task] + list(ctx.s["todo"])})


# ---------------------------------------------------------------- the tasks


def run_next(ctx) -> None:
    s = ctx.s
    todo = list(s["todo"])
    task, rest = todo[0], todo[1:]
    do = task["do"]
    if do == "event":
        _start_event(ctx, task, rest)
    elif do == "op":
        _start_op(ctx, task, rest)
    elif do == "card_done":
        play = s["in_play"]
        dest = play.get("dest") or (flow.plot_dest(s) if play.get("op") == "plot" else True)
        ctx.emit({"type": "card_done", "seat": play["seat"], "card": play["card"], "done": dest, "todo": rest})
        flow.after_card(ctx)
    elif do == "after_card":
        ctx.emit({"type": "await", "todo": rest})
        flow.after_card(ctx)
    elif do == "posture":
        # 7.6.1: the Reassessment switches US posture when its turn in the order comes (7.6.3)
        fx = Fx(s)
        fx.set_track("us_posture", "Soft" if s["us_posture"] == "Hard" else "Hard")
        ctx.emit({"type": "posture_reassessed", "posture": fx.track("us_posture"), "fx": fx.out(), "todo": rest})
        run_next(ctx)
    elif do == "end_us_phase":
        ctx.emit({"type": "await", "todo": rest})
        flow.end_us_phase(ctx)
    elif do == "resume":
        ctx.emit({"type": "await", "todo": rest, "in_play": {"value": task["value"], "only": None}})
        ev = Ev(ctx, task["card"], task["side"], task["by"], task["how"], data=copy.deepcopy(task["data"]))
        ev.loose = bool(task.get("loose"))
        if task["then"]:
            R.entry(task["card"], task["side"]).step(task["then"])(ev, None)
        if not ev.asked:
            _end_event(ctx, ev)
    else:
        raise ValueError(f"unknown task {task}")


def _start_op(ctx, task: dict, rest: list) -> None:
    """The operation after the event (6.3.2.1). If the event took away every target of the chosen
    operation, the operations are offered again."""
    s = ctx.s
    seat, op = task["seat"], task["op"]
    ops = [o for o, _ in cardplay.operations(s, seat)]
    if op in ops:
        cardplay.start_op(ctx, seat, op, todo=rest)
    elif ops:
        ctx.emit({"type": "await", "todo": rest, "step": {"k": "use", "seat": seat}})
    else:
        ctx.emit({"type": "await", "todo": rest, "no_op": op})
        run_next(ctx)


def _start_event(ctx, task: dict, rest: list) -> None:
    s = ctx.s
    card, side = task["card"], task["side"]
    base = {"card": card, "side": side, "by": task["by"], "how": task["how"], "todo": rest}
    if task.get("loose"):
        base["loose"] = True
    if not R.can_happen(s, card, side):
        ctx.emit({"type": "ev_skipped", **base,
                  "why": "blocked" if R.blocked(s, card, side) else "prerequisite"})   # 6.3.2.1
        run_next(ctx)
        return
    ctx.emit({"type": "ev_began", **base})
    ev = Ev(ctx, card, side, task["by"], task["how"])
    ev.loose = bool(task.get("loose"))
    R.entry(card, side).play(ev)
    if not ev.asked:
        _end_event(ctx, ev)


def _end_event(ctx, ev: Ev) -> None:
    """6.2.8: a MARK event that blocks another ends that one's lasting marker; 6.2.9 REMOVE (on
    US play only for 110-112, 115, 116); 6.2.7 LAPSING."""
    s = ctx.s
    data = D.CARDS[ev.card]
    if data["flags"]["mark"]:
        for x in data.get("blocks", []):
            m = D.CARDS[x].get("marker")
            if m and marker_in_play(s, m):
                ev.unmark(m)
    flags = data["flags"]
    dest = None
    if flags["remove"] == "always" or flags["remove"] == "if_us_event" and ev.side == "us":
        dest = "removed"
    elif flags["lapsing"]:
        dest = "lapsing"
    event = {"type": "ev_over", "card": ev.card, "side": ev.side, "dest": dest}
    if getattr(ev, "loose", False):
        event["loose"] = True
    ctx.emit(event)
    run_next(ctx)


# ---------------------------------------------------------------- the event's questions


def ask(ev: Ev, seat: str, text: str, options: list[dict], then: str) -> None:
    meta = {"card": ev.card, "side": ev.side, "by": ev.by, "how": ev.how}
    if getattr(ev, "loose", False):
        meta["loose"] = True
    ev.ctx.emit({"type": "await", "step": {"k": "ev", "seat": seat, "ev": meta, "then": then,
                                           "text": f"{ev.name}: {text}", "options": options,
                                           "data": copy.deepcopy(ev.data)}})


def _ev_prompt(state, step):
    return "event", step["text"], step["options"]


def _ev_handle(ctx, step, part):
    (value,) = part.values()
    meta = step["ev"]
    ev = Ev(ctx, meta["card"], meta["side"], meta["by"], meta["how"], data=copy.deepcopy(step.get("data") or {}))
    ev.loose = bool(meta.get("loose"))
    R.entry(meta["card"], meta["side"]).step(step["then"])(ev, value)
    if not ev.asked:
        _end_event(ctx, ev)


def operation(ev: Ev, seat: str, value: int, ops: list[str] | None, then: str | None) -> bool:
    """The event orders an operation with the card in play (Intel Community, Enhanced Measures,
    Renditions, Fatwa): the seat picks one of `ops` (None: any but Reserves and Reassessment) at
    `value` Ops; then the event goes on with then(ev, None). False if none is possible (or the
    card is not the one in play)."""
    s = ev.s
    play = s["in_play"]
    if ev.loose or play is None or play["card"] != ev.card:
        return False
    allowed = ops or [o for o in OP_NAMES if o not in ("reserves", "reassess")]
    saved = play["value"]
    play_fields = {"value": value, "only": allowed}
    # the menu as it will be, on a copy of the card in play
    probe = dict(play, **play_fields)
    s["in_play"] = probe
    try:
        possible = [o for o, _ in cardplay.operations(s, seat)]
    finally:
        s["in_play"] = play
    if not possible:
        return False
    resume = {"do": "resume", "card": ev.card, "side": ev.side, "by": ev.by, "how": ev.how, "then": then,
              "data": copy.deepcopy(ev.data), "value": saved}
    ev.ctx.emit({"type": "await", "todo": [resume] + list(s["todo"]), "in_play": play_fields,
                 "step": {"k": "use", "seat": seat}})
    return True


def public_step(step: dict | None, seat) -> dict | None:
    """An event's question as another seat may see it: without its options and data (they may
    list cards of a hand)."""
    if not step or step.get("k") != "ev" or step.get("seat") == seat:
        return step
    return {k: v for k, v in step.items() if k not in ("options", "data")}


register("play_as", _play_as_prompt, _play_as_handle)
register("order", _order_prompt, _order_handle)
register("reassess_order", _reassess_order_prompt, _reassess_order_handle)
register("ev", _ev_prompt, _ev_handle)
