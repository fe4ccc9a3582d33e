"""``prompts`` and ``decide``: the steps on the stack asked one at a time; the finesse cards picked
in secret by two seats at once (commit-reveal); standing instructions answering for a seat as a
system step; the moves a seat may make whenever it is asked something (spec 5, 14.7)."""

import json

from games.core import SYSTEM, IllegalMove

from . import actions, board, cleanup, combat, encounter, equipment, orders, planning, setup  # noqa: F401 (steps)
from . import data as D
from . import position
from . import tokens as T
from .ctx import Ctx
from .evolve import evolve
from .state import ally, name
from .steps import STEPS, opt

INSTRUCTIONS = {
    "conflict": {"finesse": "always finesse", "brutal": "always brutality"},
    "card": {c: f"always play {D.CARD[c]['name']}" for c in D.CARD_SET},
    "take": {"always": "always take the defender's card", "never": "never take the defender's card"},
    "defend": {"always": "always take the attacker's card", "never": "never take the attacker's card"},
    "influence": {"always": "always use the Influence tile", "never": "never use the Influence tile"},
    "apply": {"now": "my standing instructions answer at once",
              "timeout": "my standing instructions answer only when I run out of time (I am asked as usual)"},
}
ASK_WORDS = {"conflict": "ask me finesse or brutality", "card": "ask me which card", "take": "ask me whether to take "
             "the defender's card", "defend": "ask me whether to take the attacker's card",
             "influence": "ask me about the Influence tile", "apply": None}


def canon(move) -> str:
    return json.dumps(move, sort_keys=True, separators=(",", ":"))


# ---- the driver: run the rules until someone must choose

def run(ctx):
    for _ in range(20000):
        s = ctx.s
        if s["result"] or waiting_picks(s):
            return
        f = ctx.top()
        if f is None:
            advance(ctx)
            continue
        st = STEPS[f["k"]]
        if "auto" in st:
            st["auto"](ctx, f)
            continue
        if f.get("seat") == SYSTEM:
            return
        _, options = st["ask"](s, f)
        if options:
            return
        (st.get("skip") or (lambda c, _f: c.pop()))(ctx, f)
    raise RuntimeError("the rules never came to a question")


def advance(ctx):
    phase = ctx.s["phase"]
    if phase == "setup":
        if not setup.advance(ctx):
            planning.enter(ctx, 1)
    elif phase == "planning":
        planning.advance(ctx)
    elif phase == "cleanup":
        cleanup.leave(ctx)
    elif phase == "encounter":
        encounter.advance(ctx)
    else:
        raise RuntimeError(f"nothing to do in phase {phase}")


def start(opts, rng) -> list[dict]:
    if opts.get("position") is not None:
        return [position.start_event(opts, rng)]
    event = setup.start(opts, rng)
    ctx = Ctx(evolve(None, json.loads(json.dumps(event))))
    setup.begin(ctx, event)
    run(ctx)
    return [event] + ctx.finish()


# ---- the finesse picks (spec 8.5 step 3.2, C1)

def waiting_picks(s) -> list[str]:
    sealed = s.get("sealed")
    if not sealed:
        return []
    return [x for x in sealed["seats"] if x not in sealed["picks"]]


def pick_prompt(s, seat):
    return {"kind": "card", "sealed": True,
            "text": f"Finesse in {s['fight']['area']}: choose your conflict card in secret (your partner sees it; the "
                    "other side sees it when both cards are revealed, after each side decides whether to take the "
                    "other's card).",
            "options": [opt(f"{D.CARD[c]['name']}: {D.CARD[c]['text']}", card=c) for c in D.CARD_SET]}


# ---- standing instructions (spec 14.7)

def instruction_move(s, seat, f, options, at_timeout=False):
    """The move a seat's standing instruction makes for this question, if it has one (one kept for
    a timeout only counts ``at_timeout``)."""
    if s["p"][seat]["instr"].get("apply", "now") == "timeout" and not at_timeout:
        return None
    key = "card" if f is None else STEPS[f["k"]].get("instruction")
    value = s["p"][seat]["instr"].get(key, "ask") if key else "ask"
    if value == "ask":
        return None
    if key == "card":
        move = {"card": value}
    elif key == "conflict":
        move = {"conflict": value}
    elif key in ("take", "defend"):
        move = {"take": value == "always"}
    else:
        move = options[0]["move"] if value == "always" else {"field": None}
    return move if any(canon(o["move"]) == canon(move) for o in options) else None


def auto_prompt(s, seat, key):
    return {"kind": "instruction", "text": f"{name(s, seat)}'s standing instruction answers this question.",
            "options": [opt(f"Apply {name(s, seat)}'s standing instruction ({key})", auto=seat)]}


# ---- what a seat may do whenever it is asked something (spec 5)

# Where a seat may sell an order or give money: between its actions, never half-way through one
# (a payment chosen and not yet made) nor while its finesse card is awaited (spec 14.3 policy).
TRADE_AT = {"turn", "resolve", "ua_step", "influence", "tile_on", "tile_off", "family", "mark0", "conflict",
            "take_att", "take_def", "fleet"}


def anytime(s, seat, kind=None) -> list[dict]:
    me = s["p"][seat]
    out = []
    if kind in TRADE_AT:
        out += [opt(f"Sell {T.words(t)} for 1 L (it leaves the game, face up)", sell=t) for t in me["tokens"]]
        if me["money"] >= 2:
            out.append(opt(f"Give 1 L to your partner {name(s, ally(s, seat))} (costs you 2 L)", gift=1))
    for key, values in INSTRUCTIONS.items():
        current = me["instr"].get(key, "now" if key == "apply" else "ask")
        ask = [("ask", ASK_WORDS[key])] if ASK_WORDS[key] else []
        for value, words in ask + list(values.items()):
            if value != current:
                out.append(opt(f"Standing instruction: {words}", instruct=key, value=value))
    return out


def prompts(state) -> dict:
    if state is None or state.get("result"):
        return {}
    s = state
    picks = waiting_picks(s)
    if picks:
        out = {}
        for seat in picks:
            prompt = pick_prompt(s, seat)
            if instruction_move(s, seat, None, prompt["options"]) and SYSTEM not in out:
                out[SYSTEM] = auto_prompt(s, seat, "card")
            elif not instruction_move(s, seat, None, prompt["options"]):
                out[seat] = {**prompt, "anytime": anytime(s, seat)}
        return out
    f = s["stack"][-1] if s["stack"] else None
    if f is None:
        return {}
    st = STEPS[f["k"]]
    text, options = st["ask"](s, f)
    if f.get("seat") == SYSTEM:
        return {SYSTEM: {"kind": st["prompt_kind"], "text": text, "options": options}}
    seat = f["seat"]
    if st["plan"] and st["plan"](s, f):
        return {SYSTEM: {"kind": st["prompt_kind"], "text": f"{name(s, seat)} chose its fields ahead: the rules place "
                         "its marker.", "options": [opt(f"Place {name(s, seat)}'s marker", auto=seat)]}}
    if instruction_move(s, seat, f, options):
        return {SYSTEM: auto_prompt(s, seat, st["instruction"])}
    return {seat: {"kind": st["prompt_kind"], "text": text, "options": options, "anytime": anytime(s, seat, f["k"])}}


WAITING = {"planning": "a planning turn", "card": "a secret conflict card", "take": "whether to take the other "
           "side's card", "conflict": "finesse or brutality", "tile": "a control tile", "family": "a family",
           "deploy": "the setup", "instruction": "a standing instruction to be applied", "reveal": "the conflict cards"}


def nothing_asked(s, seat) -> IllegalMove:
    """The refusal of a seat asked nothing: whom the game waits for, and for what."""
    asked = prompts(s) if s else {}
    if not asked:
        return IllegalMove("not_your_turn", "Nothing is asked of anyone: the game is over.")
    who = []
    for x, prompt in asked.items():
        what = WAITING.get(prompt["kind"], "a decision")
        mate = ", your partner," if seat in s["team"] and x == ally(s, seat) else ""
        who.append(f"the rules ({what})" if x == SYSTEM else f"{name(s, x)}{mate} ({what})")
    return IllegalMove("not_your_turn", f"You have nothing to answer right now: the game waits for "
                                        f"{' and '.join(who)}. You are written to when it is your turn.")


def _listed(move, options):
    for o in options:
        if canon(o["move"]) == canon(move):
            return o["move"]
    return None


def decide(state, seat, move, rng, asked=None) -> list[dict]:
    """The events of ``move``; ``asked``: the state's questions, when the caller has worked them
    out already (``prompts(state)``), not asked again."""
    asked = prompts(state) if asked is None else asked
    if seat not in asked:
        raise nothing_asked(state, seat)
    if not isinstance(move, dict):
        raise IllegalMove("bad_move", "A move is one of the options listed for your question.")
    ctx = Ctx(state)
    prompt = asked[seat]
    chosen = _listed(move, prompt["options"])
    if chosen is None:
        extra = _listed(move, prompt.get("anytime", []))
        if extra is None:
            raise IllegalMove("not_an_option", f"That move is not one of your choices now. The question is: "
                                               f"{prompt['text']} Send one of its options.")
        do_anytime(ctx, seat, extra)
    elif seat == SYSTEM and "auto" in chosen:
        apply_instruction(ctx, chosen["auto"])
    elif prompt.get("sealed"):
        ctx.emit("seal", seat=seat, card=chosen["card"])
    else:
        f = ctx.top()
        STEPS[f["k"]]["do"](ctx, f, chosen)
    run(ctx)
    return ctx.finish()


def do_anytime(ctx, seat, move):
    if "sell" in move:
        ctx.emit("sell", seat=seat, token=move["sell"])
    elif "gift" in move:
        ctx.emit("gift", seat=seat, to=ally(ctx.s, seat), n=move["gift"])
    else:
        ctx.emit("instr", seat=seat, key=move["instruct"], value=move["value"])


def apply_instruction(ctx, seat):
    """A system step: the seat's standing instruction answers its question (the event cites it), or
    the answer it gave ahead of time (``plan``)."""
    s = ctx.s
    if seat in waiting_picks(s):
        card = s["p"][seat]["instr"]["card"]
        ctx.emit("applied", seat=seat, key="card", value=card)
        ctx.emit("seal", seat=seat, card=card)
        return
    f = ctx.top()
    if STEPS[f["k"]]["plan"]:
        STEPS[f["k"]]["do"](ctx, f, STEPS[f["k"]]["plan"](s, f))
        return
    _, options = STEPS[f["k"]]["ask"](s, f)
    move = instruction_move(s, seat, f, options)
    key = STEPS[f["k"]]["instruction"]
    ctx.emit("applied", seat=seat, key=key, value=s["p"][seat]["instr"][key])
    STEPS[f["k"]]["do"](ctx, f, move)


def standing_bot(state, seat, rng):
    """The stand-in for a seat out of time (``on_timeout``): the seat's standing instructions where
    they answer the question (whether kept for a timeout or not), else a random listed option."""
    prompt = prompts(state).get(seat)
    if not prompt:
        raise IllegalMove("not_your_turn", "The game is not waiting for this seat.")
    frame = None if prompt.get("sealed") else state["stack"][-1]
    move = instruction_move(state, seat, frame, prompt["options"], at_timeout=True)
    if move is not None:
        return move
    return prompt["options"][rng.below(len(prompt["options"]))]["move"]
