"""The sequence of play (5.2, spec 5): action phases of two cards, the US last card (5.2.4),
the Jihadist's cadre removal, the plot step at the end of every US phase (5.2.3), and the
end-of-turn steps in their order (5.2.5-5.2.9), each a SYSTEM step with one option.

Steps handled here:
  {"k": "card", "seat"}            which card to play (the Jihadist may also remove a Cadre)
  {"k": "last", "seat": "us"}      5.2.4: play, discard or hold the single last card
  {"k": "cadre", "seat": "jihadist"}  an empty-handed Jihadist may still remove Cadres
  {"k": "boost", "seat"}           6.3.3.1: spend the Reserves on this card?
  {"k": "end", "seat": "system", "sub"}  one end-of-turn step
  {"k": "anaconda", "seat": "jihadist", "left", "chosen"}  the Anaconda setup cells
The choice of operation ({"k": "use"}) is in cardplay.py; with card events on, the choice of
event or operations and the events themselves are in events/engine.py.
"""

from games.core import IllegalMove

from . import data as D
from . import hooks, victory
from .ctx import register
from .solo import decks as solo_decks
from .solo import ideology_at_least, is_solo
from .state import Fx, hand_size, where_in_turn, world_posture
from .tests_rolls import test_if_needed

END_STEPS = ["diplomacy", "boxes", "reserves", "deal", "flip"]
END_TEXT = {"diplomacy": "Expenditures and Diplomacy", "boxes": "clear the Lapsing and First Plot boxes",
            "reserves": "reset both Reserves to 0", "deal": "deal new hands",
            "flip": "flip green Regime Change markers to tan"}


def card_step(seat: str) -> dict:
    return {"k": "card", "seat": seat}


def use_or_boost(state, seat: str, card: int) -> dict:
    """After a card is chosen: ask about Reserves only when they could raise its value (6.3.3.1)."""
    if state["reserves"][seat] > 0 and D.card_ops(card) < 3:
        return {"k": "boost", "seat": seat}
    return {"k": "use", "seat": seat}


def _engine():
    from .events import engine  # the card events import this module
    return engine


def after_choice(state, seat: str, card: int) -> dict:
    """The first question about a chosen card (still in the hand): event or operations (card
    events on and the event playable, 6.2), else Reserves or the operation."""
    return _engine().choice_step(state, seat, card)


def plot_dest(state):
    """8.5.3 / 4.7.7.2: the first card used for a Plot operation each turn goes to the First Plot box;
    not the solo bot's (9.4.1: its cards never trigger US events, ignore First Plot)."""
    if is_solo(state):
        return True
    return "first_plot" if not state["first_plot_used"] else True


def solo_ops_left(state, event: dict) -> int:
    """Solo (9.4.1): the Ops of the bot's card an operation left unspent (its event says how many
    it "used"); they go to another operation or to Radicalization (9.4.3). 0 for an operation an
    event ordered, and in a two-player game."""
    play = state["in_play"]
    if not is_solo(state) or play is None or play["seat"] != "jihadist" or play.get("only") or event.get("used") is None:
        return 0
    return max(0, play["value"] - event["used"])


def op_over(ctx, event: dict, done=True) -> None:
    """An operation's last event. The card is done (to the discard pile, or `done`) unless card
    events are still to happen with it (6.3.2.1: the opponent's event after the operation), or,
    solo, Ops are left for another operation (9.4.1)."""
    left = solo_ops_left(ctx.s, event)
    if left:
        event.update(step={"k": "use", "seat": "jihadist"},
                     in_play={"value": left, "last_op": ctx.s["in_play"].get("op")})
        ctx.emit(event)
        return
    if ctx.s.get("todo"):
        ctx.emit(event)
        _engine().run_next(ctx)
        return
    event["done"] = done
    ctx.emit(event)
    after_card(ctx)


# ---------------------------------------------------------------- phases


def cadres(state) -> list[str]:
    return [n for n in D.NAMES if state["c"][n]["cadre"]]


def start_jihadist_phase(ctx) -> None:
    """5.2.1: the Jihadist plays up to two cards; with none it may still remove Cadres."""
    s = ctx.s
    hand = s["hands"]["jihadist"]
    step = card_step("jihadist") if hand else ({"k": "cadre", "seat": "jihadist"} if cadres(s) else None)
    ctx.emit({"type": "phase_started", "phase": "jihadist", "turn": s["turn"], "cards": len(hand), "step": step})
    if step is None:
        start_us_phase(ctx)


def start_us_phase(ctx) -> None:
    """5.2.2 and 5.2.4: two cards, or the choice over a single last card."""
    s = ctx.s
    n = len(s["hands"]["us"])
    step = card_step("us") if n >= 2 else ({"k": "last", "seat": "us"} if n == 1 else None)
    ctx.emit({"type": "phase_started", "phase": "us", "turn": s["turn"], "cards": n, "step": step})
    if step is None:
        end_us_phase(ctx)


def after_card(ctx) -> None:
    """The card in play is done: the phase's next card, or the next phase (4.7.5)."""
    s = ctx.s
    seat = s["phase"]
    if s["played"] < 2 and s["hands"][seat]:
        ctx.emit({"type": "await", "step": card_step(seat)})
    elif seat == "jihadist":
        start_us_phase(ctx)
    else:
        end_us_phase(ctx)


def end_us_phase(ctx) -> None:
    """5.2.3 / 8.5.6: every plot on the map is resolved at the end of every US Action Phase,
    as a SYSTEM step; with no plot the sequence goes straight on."""
    s = ctx.s
    if s["plots"]:
        ctx.emit({"type": "phase_ended", "phase": "us", "plots": len(s["plots"]),
                  "step": {"k": "plots", "seat": "system"}})
    else:
        after_plots(ctx)


def after_plots(ctx) -> None:
    """5.2: the turn goes on until the Jihadist hand is empty and the US hand is empty or held."""
    s = ctx.s
    if not s["hands"]["jihadist"] and (not s["hands"]["us"] or s["holding"]):
        ctx.emit({"type": "await", "step": {"k": "end", "seat": "system", "sub": END_STEPS[0]}, "turn_end": s["turn"]})
    else:
        start_jihadist_phase(ctx)


# ---------------------------------------------------------------- card choice


def top_card(state) -> int:
    """9.2: the solo Jihadist hand is a face-down stack; cards are played from its top (the card
    dealt or added last)."""
    return state["hands"]["jihadist"][-1]


def card_option(n: int) -> str:
    """'13 Anbar Awakening (US, 2 Ops): Aid in Iraq or Syria, Prestige +1; blocks Al-Anbar'."""
    return f"{D.card_label(n)}: {D.CARDS[n]['short']}"


def _card_prompt(state, step):
    seat = step["seat"]
    nth = f"card {state['played'] + 1} of 2"
    if seat == "jihadist" and is_solo(state):
        top = top_card(state)
        n = len(state["hands"][seat])
        options = [{"label": f"The top card of the stack ({n} card{'s' if n != 1 else ''})", "move": {"card": top}}]
        options += [{"label": f"Remove the cadre in {c}", "move": {"cadre": c}} for c in cadres(state)]
        return "card", f"{where_in_turn(state, seat)}, {nth}: the top card of the stack (rule 9.2).", options
    if hooks.any_ok("random_card", state, seat):
        n = len(state["hands"][seat])
        options = [{"label": f"A card at random from your hand ({n} card{'s' if n != 1 else ''})",
                    "move": {"card": "random"}}]
    else:
        options = [{"label": card_option(n), "move": {"card": n}} for n in sorted(state["hands"][seat])]
    if seat == "jihadist":
        options += [{"label": f"Remove the cadre in {n}", "move": {"cadre": n}} for n in cadres(state)]
    return "card", f"{where_in_turn(state, seat)}, {nth}: which card do you play?", options


def _card_handle(ctx, step, part):
    seat = step["seat"]
    if "cadre" in part:
        _remove_cadre(ctx, part["cadre"], step)
        return
    card = part["card"]
    event = {"type": "card_chosen", "seat": seat}
    if card == "random":
        card = ctx.rng.choice(sorted(ctx.s["hands"][seat]))      # card 47: picked at random
        event["random"] = True
    event.update(card=card, step=after_choice(ctx.s, seat, card))
    ctx.emit(event)


def _card_why(state, step, part):
    if "card" in part and part["card"] not in state["hands"][step["seat"]]:
        return IllegalMove("not_in_hand", f"Card {part['card']} is not in your hand.")
    if "cadre" in part:
        return IllegalMove("no_cadre_there", f"There is no cadre in {part['cadre']}.")
    return None


def _remove_cadre(ctx, name: str, step: dict) -> None:
    """4.8.4: the Jihadist may remove any Cadre during any Jihadist Action Phase."""
    fx = Fx(ctx.s)
    fx.set(name, "cadre", False)
    left = [n for n in cadres(ctx.s) if n != name]
    if step["k"] == "cadre" and not left:
        ctx.emit({"type": "cadre_removed", "country": name, "fx": fx.out()})
        start_us_phase(ctx)
        return
    ctx.emit({"type": "cadre_removed", "country": name, "fx": fx.out(), "step": step})


def _cadre_prompt(state, step):
    options = [{"label": f"Remove the cadre in {n}", "move": {"cadre": n}} for n in cadres(state)]
    options.append({"label": "Done: end the Jihadist Action Phase", "move": {"pass": True}})
    return "cadre", f"{where_in_turn(state, 'jihadist')}: you have no cards. Remove any cadres before the US plays?", options


def _cadre_handle(ctx, step, part):
    if "cadre" in part:
        _remove_cadre(ctx, part["cadre"], step)
    else:
        ctx.emit({"type": "await", "step": None, "passed": "jihadist"})
        start_us_phase(ctx)


def _last_prompt(state, step):
    card = state["hands"]["us"][0]
    where = where_in_turn(state, "us")
    if _infectious(state):
        return "last_card", f"{where}: your last card; the Jihadist ideology is Infectious: you must play it (rule 9.7).", \
            [{"label": f"Play {card_option(card)}", "move": {"last": "play"}}]
    options = [{"label": f"Play {card_option(card)}", "move": {"last": "play"}},
               {"label": f"Discard {card} {D.card_name(card)} without effect", "move": {"last": "discard"}},
               {"label": f"Hold {card} {D.card_name(card)} for the next turn", "move": {"last": "hold"}}]
    return "last_card", f"{where}: your last card: play it, discard it or hold it for the next turn (rule 5.2.4)?", options


def _infectious(state) -> bool:
    """9.7 Infectious: the US must play all its cards (modifies 5.2.4)."""
    return ideology_at_least(state, "infectious")


def _last_handle(ctx, step, part):
    s = ctx.s
    card = s["hands"]["us"][0]
    how = part["last"]
    if how == "play":
        ctx.emit({"type": "card_chosen", "seat": "us", "card": card, "step": after_choice(ctx.s, "us", card)})
        return
    event = {"type": "last_card", "how": how, "step": None}
    if how == "discard":
        event["card"] = card                          # a held card stays hidden
    ctx.emit(event)
    if how == "discard" and _engine().discarded(ctx, "us", [card], then={"do": "end_us_phase"}):
        return                                        # US Election fires when discarded (6.3.1)
    end_us_phase(ctx)


def _boost_prompt(state, step):
    seat = step["seat"]
    play = state["in_play"]
    r = state["reserves"][seat]
    ops = D.card_ops(play["card"])
    boosted = min(3, ops + r)
    options = [{"label": f"Spend all {r} Reserves: card {play['card']} counts {boosted} Ops", "move": {"boost": True}},
               {"label": f"Keep the Reserves: card {play['card']} counts {ops} Op{'s' if ops != 1 else ''}",
                "move": {"boost": False}}]
    return "boost", "Spend your Reserves on this card, for any operation but Reserves or Reassessment (rule 6.3.3.1)?", options


def _boost_handle(ctx, step, part):
    seat = step["seat"]
    s = ctx.s
    if part["boost"]:
        r = s["reserves"][seat]
        value = min(3, D.card_ops(s["in_play"]["card"]) + r)
        fx = Fx(s)
        fx.r[seat] = 0
        ctx.emit({"type": "boosted", "seat": seat, "spent": r, "value": value, "fx": fx.out(),
                  "step": {"k": "use", "seat": seat}})
    else:
        ctx.emit({"type": "await", "step": {"k": "use", "seat": seat}})


# ---------------------------------------------------------------- end of turn


def _end_prompt(state, step):
    sub = step["sub"]
    return "system", f"End of turn {state['turn']}: {END_TEXT[sub]}.", [{"label": END_TEXT[sub].capitalize(), "move": {"go": sub}}]


def _next_end(state, sub):
    i = END_STEPS.index(sub)
    return {"k": "end", "seat": "system", "sub": END_STEPS[i + 1]} if i + 1 < len(END_STEPS) else None


def _end_handle(ctx, step, part):
    s = ctx.s
    sub = step["sub"]
    nxt = _next_end(s, sub)
    if sub == "diplomacy":
        # 5.2.5: Funding -1; Prestige -1 if any Islamist Rule; then +1 if World Posture is 3
        # on the US side. Each step clamps (PT example: 1, -1, +1 ends on 2).
        fx = Fx(s)
        if hooks.all_ok("funding_drop", s):
            fx.add_track("funding", -1)
        any_ir = any(s["c"][n]["gov"] == D.IR for n in D.MUSLIM)
        if any_ir:
            fx.add_track("prestige", -1)
        side, value = world_posture(s)
        bonus = value == 3 and side == s["us_posture"]
        if bonus:
            fx.add_track("prestige", 1)
        ctx.emit({"type": "diplomacy", "funding": fx.track("funding"), "prestige": fx.track("prestige"),
                  "islamist_rule": any_ir, "world_bonus": bonus, "fx": fx.out(), "step": nxt})
    elif sub == "boxes":
        ctx.emit({"type": "boxes_cleared", "lapsing": list(s["lapsing"]), "first_plot": s["first_plot"], "step": nxt})
    elif sub == "reserves":
        fx = Fx(s)
        fx.r.update({"us": 0, "jihadist": 0})
        ctx.emit({"type": "reserves_reset", "fx": fx.out(), "step": nxt})
    elif sub == "deal":
        deal(ctx)
        ctx.emit({"type": "await", "step": nxt})
    else:
        fx = Fx(s)
        flipped = [n for n in D.NAMES if s["c"][n]["rc"] == "green"]
        for n in flipped:
            fx.set(n, "rc", "tan")
        ctx.emit({"type": "rc_flipped", "countries": flipped, "fx": fx.out()})
        ctx.emit({"type": "turn_started", "turn": s["turn"] + 1})
        start_jihadist_phase(ctx)


def deal(ctx) -> None:
    """5.2.8: deal by the tracks, alternately (Jihadist first, provisional); the US gets its full
    number even when it held a card. An empty draw pile means a reshuffle (5.3.1), which may end
    the game (3.3)."""
    s = ctx.s
    want = {"jihadist": hand_size(s, "jihadist"), "us": hand_size(s, "us")}
    order = []
    if solo_decks.on(s):
        order = ["jihadist"] * want["jihadist"] + ["us"] * want["us"]     # 9.2 mini-decks: the whole Jihadist hand first
    for i in range(max(want.values()) if not order else 0):
        for seat in (D.TABLES["deal_order"]["first"], "us" if D.TABLES["deal_order"]["first"] == "jihadist" else "jihadist"):
            if i < want[seat]:
                order.append(seat)
    got = {"jihadist": [], "us": []}
    i = 0
    for seat in order:
        if i >= len(s["deck"]):
            _flush(ctx, got)
            got = {"jihadist": [], "us": []}
            if not reshuffle(ctx):
                return
            i = 0
        got[seat].append(s["deck"][i])
        i += 1
    _flush(ctx, got)


def _flush(ctx, got) -> None:
    for seat in ("jihadist", "us"):
        if got[seat]:
            cards = got[seat]
            if seat == "jihadist" and solo_decks.on(ctx.s):
                cards = ctx.rng.shuffled(cards)          # 9.2 mini-decks: the Jihadist hand dealt, then shuffled
            ctx.emit({"type": "dealt", "seat": seat, "cards": cards})


def reshuffle(ctx) -> bool:
    """5.3.1: the game-ending reshuffle ends the game at once (2.3); otherwise discard, Lapsing
    and First Plot cards become the new draw pile and the Deck marker moves on."""
    s = ctx.s
    if s["deck_no"] >= s["opts"]["decks"]:
        winner, text, final = victory.final(s)
        ctx.game_over(winner, "deck", text, final)
    pool = list(s["discard"]) + list(s["lapsing"]) + ([s["first_plot"]] if s["first_plot"] is not None else [])
    ctx.emit({"type": "reshuffled", "deck": solo_decks.shuffle(s, ctx.rng, sorted(pool)), "deck_no": s["deck_no"] + 1})
    return bool(s["deck"])


# ---------------------------------------------------------------- Anaconda setup


def _anaconda_prompt(state, step):
    options = [{"label": _setup_label(state, n), "move": {"country": n}}
               for n in D.NAMES if n != D.US and n not in step["chosen"]]
    return "setup_cell", (f"Anaconda setup: place a sleeper cell in a country of your choice, not the US "
                          f"({4 - step['left']} of 3, each in a different country)."), options


def _setup_label(state, name):
    from .state import country_label
    return country_label(state, name, "jihadist")


def _anaconda_handle(ctx, step, part):
    name = part["country"]
    test_if_needed(ctx, name, "setup")
    fx = Fx(ctx.s)
    fx.add(name, "sleeper", 1)
    fx.set(name, "cadre", False)
    left = step["left"] - 1
    nxt = {"k": "anaconda", "seat": "jihadist", "left": left, "chosen": step["chosen"] + [name]} if left else None
    ctx.emit({"type": "anaconda_cell", "country": name, "fx": fx.out(), "step": nxt})
    if not left:
        start_jihadist_phase(ctx)


register("card", _card_prompt, _card_handle, _card_why)
register("cadre", _cadre_prompt, _cadre_handle)
register("last", _last_prompt, _last_handle)
register("boost", _boost_prompt, _boost_handle)
register("end", _end_prompt, _end_handle)
register("anaconda", _anaconda_prompt, _anaconda_handle)

