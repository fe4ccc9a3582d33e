"""The section 9 Jihadist bot: a player like any other. ``choose(state, seat, rng)`` answers the
question the Jihadist is asked now with one of its listed options, adding its reason (one
sentence a player reads, and for a travel the whole of it planned: "plan", kept in the state),
which ``decide`` logs first ("reason" event). Its dice for ties and random
countries (9.5) come from ``rng``, the bot's own generator derived from the table's seed, so a
replay or an export's verify asks it again and gets the same answer.

It follows 9.4.1 Event or Ops (flows.py), the "Where?" priorities of 9.4.2 (where.py),
Radicalization 9.4.3 (radicalize.py asks, this answers), 9.5 (randomly.py) and the card notes
of 9.6 with the event questions (cards.py). At a two-player table it can stand in for a
Jihadist out of time: the same choices where the prompts allow them (no stack, no
Radicalization), and no reason in the move (only a solo table logs the bot's reasons).
"""

from . import cards, flows, is_solo, randomly


MAX_REASON = 400        # rules.decide takes a reason of up to 500 characters


def choose(state, seat: str, rng) -> dict:
    prompt = _prompt(state, seat)
    options = [o["move"] for o in prompt["options"]]
    move, reason = decide_move(state, seat, prompt, rng)
    move = dict(move or {})
    plan = move.pop("plan", None)
    if move not in options:                    # a flow that found nothing listed: any listed option
        move, reason, plan = options[rng.below(len(options))], "no solo rule decides this: a choice at random", None
    if not (is_solo(state) and seat == "jihadist"):
        return dict(move)
    said = {"reason": reason if len(reason) <= MAX_REASON else reason[:MAX_REASON - 3] + "..."} if reason else {}
    return {**move, **said, **({"plan": plan} if plan and said else {})}


def _prompt(state, seat):
    from ..rules import prompts
    return prompts(state)[seat]


def decide_move(state, seat: str, prompt: dict, rng) -> tuple[dict | None, str]:
    step = state["step"]
    options = [o["move"] for o in prompt["options"]]
    handler = HANDLERS.get(step["k"])
    move, reason = handler(state, step, options, rng) if handler else (None, "")
    if {k: v for k, v in (move or {}).items() if k != "plan"} not in options and len(options) == 1:
        return options[0], ""                   # a forced choice needs no reason
    return move, reason


# ---------------------------------------------------------------- the card, event or Ops


def _card(state, step, options, rng):
    if is_solo(state):
        return {"card": state["hands"]["jihadist"][-1]}, ""               # 9.2: the top card
    cards_ = [o for o in options if "card" in o]
    if not cards_:
        return {"pass": True}, ""
    return cards_[rng.below(len(cards_))], ""          # a face-down hand: any card (9.2 "random" = top)


def _cadre(state, step, options, rng):
    return {"pass": True}, ""


def _boost(state, step, options, rng):
    return {"boost": False}, "the bot never spends Reserves (rule 9.4.1)"


def _order(state, step, options, rng):
    return {"first": "event"}, ""


# ---------------------------------------------------------------- operations


def _countries(options, key="country"):
    return [o[key] for o in options if key in o]


def _jihad(state, step, options, rng):
    return flows.jihad_die(state, step, options, rng)


def _plot(state, step, options, rng):
    return flows.plot_die(state, step, options, rng)


def _recruit(state, step, options, rng):
    return flows.recruit_die(state, step, options, rng)


def _travel(state, step, options, rng):
    return flows.travel_move(state, step, options, rng)


def _cells(state, step, options, rng):
    return {"cells": "active"}, "Active cells before Sleeper cells (rule 9.3.1)"


def _recruit_place(state, step, options, rng):
    names = _countries(options)
    name, how = randomly.pick(rng, names)
    return {"country": name}, f"a cell in {name}" + (f", {how}" if how else "")


def _plot_pick(state, step, options, rng):
    return cards.marker_draw(state, options, rng, key="marker")


# ---------------------------------------------------------------- Radicalization, plots, setup


def _radical(state, step, options, rng):
    return flows.radical(state, step, options, rng)


def _plot_next(state, step, options, rng):
    return options[0], ""                       # the plots in the order they were placed (provisional ruling)


def _schengen(state, step, options, rng):
    names = [n for n in _countries(options) if n in randomly.SCHENGEN_TABLE] or _countries(options)
    name, how = randomly.table(rng, "schengen", names)
    return {"country": name}, f"{name} rolls its posture too, {how}"


def _wmd_reroll(state, step, options, rng):
    # two-player stand-in: reroll a posture that matches the US (no GWOT penalty from it)
    return {"reroll": step["posture"] == state["us_posture"]}, ""


def _anaconda(state, step, options, rng):
    name, how = randomly.pick(rng, _countries(options))
    return {"country": name}, f"a setup cell in {name}, a country at random" + (f" ({how})" if how else "")


def _event_question(state, step, options, rng):
    return cards.answer(state, step, options, rng)


HANDLERS = {
    "card": _card, "cadre": _cadre, "boost": _boost, "order": _order,
    "play_as": lambda s, st, o, r: flows.event_or_ops(s, r),
    "use": lambda s, st, o, r: flows.operation(s, o, r),
    "jihad": _jihad, "plot": _plot, "recruit": _recruit, "travel": _travel, "cells": _cells,
    "recruit_place": _recruit_place, "plot_pick": _plot_pick, "radical": _radical,
    "plot_next": _plot_next, "schengen": _schengen, "wmd_reroll": _wmd_reroll, "anaconda": _anaconda,
    "ev": _event_question,
}
