"""prompts() and decide(): who must choose what now, and what a choice makes happen.

The solo bot's move may carry "reason" (a sentence in a player's words) and "plan" (where a cell
it sends travelling goes): decide() logs them first, as a "reason" event, so that the log and the
emails show why the bot did what it did, and its next answer keeps to the plan.

Every decision is one step of the state ({"k": kind, "seat", ...}); the modules that own the
steps register a prompt builder and a handler in ctx.STEPS. decide() accepts exactly a listed
option's move, a compound move whose keys answer consecutive questions
({"card": 27, "op": "woi", "country": "Pakistan"}), or {"seq": [move, move, ...]} (what the
notation produces when a key repeats). It never changes the state it is given.
"""

import json

from games.core import IllegalMove

from . import cardplay, flow, jihadist_ops, plots, us_ops  # noqa: F401  (they register their steps)
from . import data as D
from . import why
from .ctx import STEPS, Ctx, GameOver
from .events import engine  # noqa: F401  (card events: their steps, and the cards' hooks)

INT_KEYS = ("card", "n", "plot", "remove", "nato")
PLACE_KEYS = ("country", "from", "to", "major", "cadre")
BOOL_KEYS = ("boost", "reroll", "roll", "pass")
TRUE_WORDS = ("yes", "y", "true", "1", "ok")


def prompts(state) -> dict:
    if state is None or state.get("result") or not state.get("step"):
        return {}
    step = state["step"]
    kind, text, options = STEPS[step["k"]][0](state, step)
    return {step["seat"]: {"kind": kind, "text": text, "options": options}}


def normalise(key: str, value):
    if key in INT_KEYS and isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    if key == "marker" and isinstance(value, str):
        v = value.strip().lower()
        return int(v) if v.isdigit() else "WMD" if v == "wmd" else value
    if key in PLACE_KEYS and isinstance(value, str):
        if D.fold_text(value) in ("track", "troops track", "the troops track"):
            return "track"
        return D.find_country(value) or value
    if key in BOOL_KEYS and isinstance(value, str):
        return value.strip().lower() in TRUE_WORDS
    if key in ("op", "last", "go", "play", "first", "pick", "cells") and isinstance(value, str):
        return value.strip().lower()
    return value


def _refuse(state, seat, step, part) -> IllegalMove:
    """Why a move that is not a listed option is refused: the rule in a player's words (why.py)."""
    _, text, options = STEPS[step["k"]][0](state, step)
    own = STEPS[step["k"]][2]
    err = own(state, step, part) if own else None
    if err is not None:
        return err
    reason = why_not(state, seat, step, part)
    if reason is not None:
        return IllegalMove(reason.code, f"{reason.sentence()} {text}")
    if not set(part) & {k for o in options for k in o["move"]}:
        return IllegalMove("not_asked", f"That does not answer the question: {text}")
    return IllegalMove("not_an_option", f"That is not one of the choices. {text}")


def why_not(state, seat, step, part) -> why.Reason | None:
    """The reason a country, an operation or an event named by this answer is not a choice now."""
    key = next((k for k in PLACE_KEYS if k in part), None)
    if key is not None:
        return why.country(state, step, {key: part[key]})
    if "op" in part:
        return why.operation(state, seat, part["op"])
    play = state.get("in_play")
    if "event" in (part.get("play"), part.get("first")) and play and step["k"] in ("use", "boost"):
        return why.event(state, seat, play["card"])
    if "card" in part and step["k"] == "reassess":
        card = part["card"]
        if card not in state["hands"].get(seat, []):
            return why.Reason("not_in_hand", f"card {card} is not in your hand")
        return why.Reason("not_an_option", f"Reassessment needs a second card of 3 Ops (rule 7.6); card {card} "
                                           f"has {why.ops(D.card_ops(card))}" if card in D.CARDS else "")
    return None


def _apply(ctx: Ctx, seat: str, part: dict) -> None:
    work = ctx.s
    asked = prompts(work)
    if seat not in asked:
        raise IllegalMove("not_asked", "That answers a question that is not being asked now.")
    part = {k: normalise(k, v) for k, v in part.items()}
    options = [o["move"] for o in asked[seat]["options"]]
    step = work["step"]
    if part not in options:
        raise _refuse(work, seat, step, part)
    STEPS[step["k"]][1](ctx, step, part)


def decide(state, seat, move, rng, asked=None) -> list[dict]:
    """The events of ``move``; ``asked``: the state's questions, when the caller has worked them
    out already (``prompts(state)``), not asked again."""
    if state is None:
        raise IllegalMove("no_game", "The game has not started.")
    if state.get("result"):
        raise IllegalMove("game_over", "The game is over.")
    asked = prompts(state) if asked is None else asked
    if seat not in asked:
        waiting = next(iter(asked), None)
        raise IllegalMove("not_your_turn", f"It is {D.SIDE.get(waiting, waiting)}'s turn to decide, not yours.")
    if not isinstance(move, dict) or not move:
        raise IllegalMove("bad_move", "A move is a non-empty object, e.g. {\"card\": 27}.")
    reason = plan = None
    if "reason" in move:
        move = dict(move)
        reason, plan = move.pop("reason"), move.pop("plan", None)
        if not (seat == "jihadist" and state["opts"].get("solo")) or not isinstance(reason, str) or len(reason) > 500 \
                or not _plan_ok(plan):
            raise IllegalMove("bad_move", "Only the solo Jihadist bot gives its reason (and plan) with a move.")
        if not move:
            raise IllegalMove("bad_move", "A move is a non-empty object, e.g. {\"card\": 27}.")
    work = json.loads(json.dumps(state))
    ctx = Ctx(work, rng)
    try:
        if reason:
            said = {"type": "reason", "seat": seat, "text": reason}      # the bot's reason, in a player's words
            ctx.emit({**said, "plan": plan} if plan else said)
        if "seq" in move:
            parts = move["seq"]
            if not isinstance(parts, list) or not parts or not all(isinstance(p, dict) and p for p in parts):
                raise IllegalMove("bad_move", "A sequence move is {\"seq\": [move, move, ...]}.")
            for part in parts:
                _apply(ctx, seat, part)
        else:
            _decide_dict(ctx, seat, move)
    except GameOver:
        pass
    return ctx.events


def _plan_ok(plan) -> bool:
    """The bot's plan for a travelling cell: None, or {"from": country, "to": country}."""
    return plan is None or isinstance(plan, dict) and set(plan) == {"from", "to"} and \
        all(place in D.COUNTRIES for place in plan.values())


def _decide_dict(ctx: Ctx, seat: str, move: dict) -> None:
    """One listed option, or several keys answering consecutive questions."""
    work = ctx.s
    options = [o["move"] for o in prompts(work)[seat]["options"]]
    if {k: normalise(k, v) for k, v in move.items()} in options or len(move) == 1:
        _apply(ctx, seat, move)
        return
    remaining = dict(move)
    first = True
    while remaining:
        prompt = prompts(work).get(seat)
        if prompt is None:
            break
        keys = {k for o in prompt["options"] for k in o["move"]}
        found = [k for k in remaining if k in keys]
        if not found:
            if first:
                raise IllegalMove("wrong_question", f"That does not answer the question: {prompt['text']}")
            break
        if len(found) > 1:
            # an option with several keys (none today) or two answers to one question
            raise IllegalMove("bad_move", f"Give one answer to: {prompt['text']}")
        key = found[0]
        _apply(ctx, seat, {key: remaining.pop(key)})
        first = False
    if remaining:
        raise IllegalMove("not_asked", f"{', '.join(sorted(remaining))}: that was not asked at this point.")

