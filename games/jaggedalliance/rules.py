"""``prompts`` and ``decide``: the top frame of the stack says who is asked what; a move must be
one of the listed options; after it the rules run on by themselves (frames that need no one)
until someone must decide, checking victory and defeat (7.2-7.4) and liberation (12.4) as they
go."""

from games.core import IllegalMove

from . import actions, attacks, battle, commands, flow, inventory, movement  # noqa: F401 (steps register)
from . import dictator, missions, shop  # noqa: F401
from .victory import CARD_CHOICES, victory_loot
from .campaign import build
from .ctx import Ctx
from .data import SCENARIOS
from .state import conscious, in_play, is_mission, sector_name
from .steps import STEPS

SETTLE_LIMIT = 500


def _ask(state: dict) -> dict:
    if state.get("result") or not state.get("stack"):
        return {}
    top = state["stack"][-1]
    return STEPS[top["k"]]["ask"](state, top) if "ask" in STEPS[top["k"]] else {}


def prompts(state: dict) -> dict:
    return {seat: {"kind": kind, "text": text, "options": options}
            for seat, (kind, text, options) in sorted(_ask(state).items()) if options}


def decide(state: dict, seat: str, move, rng, asked=None) -> list[dict]:
    """The events of ``move``; ``asked``: the state's questions, when the caller has worked them
    out already (``prompts(state)``), not asked again."""
    asked = prompts(state) if asked is None else asked
    if seat not in asked:
        raise IllegalMove("not_your_turn", "Nothing is asked of you now." if asked else "The scenario is over.")
    if not isinstance(move, dict) or move not in [o["move"] for o in asked[seat]["options"]]:
        raise IllegalMove("not_an_option", f"That is not one of the choices: {asked[seat]['text']}")
    ctx = Ctx(state, rng)
    top = ctx.top()
    STEPS[top["k"]]["do"](ctx, top, seat, move)
    if not ctx.events:   # a choice on the way to an action (a target, a spend): logged as chosen
        label = next(o["label"] for o in asked[seat]["options"] if o["move"] == move)
        ctx.emit("chosen", seat=seat, label=label)
    settle(ctx)
    return ctx.finish()


def settle(ctx) -> None:
    """Run the frames that ask no one; stop where someone must decide or the scenario ends."""
    for _ in range(SETTLE_LIMIT):
        if ended(ctx):
            return
        _liberations(ctx)
        if ended(ctx):      # 7.2: the scenario ends at once when its goal is met, not at the next question
            return
        top = ctx.top()
        if top is None:
            return
        step = STEPS[top["k"]]
        if "auto" in step:
            step["auto"](ctx, top)
            continue
        if top["k"] == "act" and not conscious(ctx.s, top["merc"]):
            flow.end_activation(ctx, top["merc"], "knocked out: the turn ends at once (rule 5.2)")
            continue
        if not any(options for _, _, options in step["ask"](ctx.s, top).values()):
            ctx.pop()
            continue
        return
    raise RuntimeError("the rules did not settle")


def _liberations(ctx) -> None:
    for sector in sorted(ctx.s["sectors"]):
        if not is_mission(sector) and battle.liberable(ctx.s, sector):
            active = next((m for m in in_play(ctx.s) if ctx.s["mercs"][m]["active"]), None)
            battle.liberate(ctx, sector, active or battle.mercs_at(ctx.s, sector, awake=True)[0])
    if ctx.s["flags"]["missions"]:
        missions.check_missions(ctx)


def ended(ctx) -> bool:
    s = ctx.s
    if s["result"]:
        return True
    if not s["order"] or s["round"] == 0:
        return False
    scenario = SCENARIOS[s["scenario"]]
    outcome = text = None
    if all(s["sectors"][t]["status"] == "liberated" for t in scenario["victory"]["liberate"]):
        return _victory(ctx, scenario)
    if s["no_merc_left"]:
        outcome, text = "defeat", "Defeat: a merc died and no merc is left to take its place (rule 7.3)."
    elif s["defeat"]:
        outcome, text = "defeat", f"Defeat: {s['defeat']}."
    elif in_play(s) and not any(conscious(s, m) for m in in_play(s)):
        outcome, text = "defeat", "Defeat: every merc is knocked out at the same time (rule 7.3)."
    if not outcome:
        return False
    finish(ctx, outcome, text)
    return True


def _victory(ctx, scenario: dict) -> bool:
    """7.2: the game ends at once; 7.4: first the team loots the fallen and collects the tokens where
    mercs stand. The cards still to be handed out (a liberation's reward, the loot) are answered on
    top of the "victory" frame, which ends the scenario when it is uncovered."""
    s = ctx.s
    if not any(frame["k"] == "victory" for frame in s["stack"]):
        names = " and ".join(sector_name(t) for t in scenario["victory"]["liberate"])
        text = f"Victory: the team liberated {names} in round {s['round']} (rule 7.4)."
        pending = [frame for frame in s["stack"] if frame["k"] in CARD_CHOICES]
        ctx.set("stack", [{"k": "victory", "text": text}, *pending])
        victory_loot(ctx)
    top = ctx.top()
    if top["k"] != "victory":
        return False
    finish(ctx, "victory", top["text"])
    return True


def finish(ctx, outcome: str, text: str) -> None:
    ctx.set("stack", [])
    ctx.set("result", {"winner": None, "outcome": outcome, "text": text})
    ctx.set("campaign_save", build(ctx.s))
    ctx.emit("scenario_over", outcome=outcome, text=text, round=ctx.s["round"])
