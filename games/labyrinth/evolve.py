"""evolve(state, event): fold one event into the state. No rule is checked and no die is rolled
here: decide() did both and wrote the outcome into the event.

Five keys are shared by many events and handled after the event's own handler:
  "fx"      the public changes as absolute values (state.Fx / apply_fx);
  "in_play" fields to set on the card in play (card events: how it is played, where it goes);
  "todo"    what is left to do with the card in play (card events, events/engine.py);
  "done"    the card in play is finished: to the discard pile (True), the First Plot box (8.5.3,
            "first_plot"), the Lapsing box ("lapsing", 6.2.7) or out of the game ("removed", 6.2.9);
  "step"    the next decision (present, even as None, when it changes).
The per-type handlers below only move cards and plot markers. Nothing here copies the state.
"""

from . import data as D
from . import position
from .scenario import scenario_countries
from .solo import plots as solo_plots
from .state import apply_fx


def setup(state, e):
    """3.2: the scenario's markers, troops and cells; everything else on its track."""
    scen = D.SCENARIOS[e["scenario"]]
    cs = scenario_countries(scen)
    plots = scen["available_plots"]
    avail = [1] * plots["plot_1"] + [2] * plots["plot_2"] + [3] * plots["plot_3"] + ["WMD"] * plots["wmd"]
    removed = sorted(scen["cards_removed"])
    return {
        "opts": dict(e["options"]), "scenario": e["scenario"], "turn": 1, "deck_no": 1,
        "prestige": scen["prestige"], "funding": scen["funding"], "us_posture": scen["us_posture"],
        "reserves": {"us": 0, "jihadist": 0}, "c": cs, "plots": [], "avail": avail, "next_plot": 1,
        # 4.7.8.1: 3 WMD in the Pakistan Arsenal box, 3 in Loose Nuke/HEU/Kazakh Strain
        "wmd": {"pakistan": 3, "box": scen["wmd_plots_out_of_play"], "removed": 0},
        "deck": [], "discard": [], "removed": removed, "hands": {"us": [], "jihadist": []},
        "lapsing": [], "lapsing_markers": [], "first_plot": None, "first_plot_used": False,
        "todo": [], "recent": {"now": {}, "last": {}},
        "markers": list(scen["global_markers"]), "phase": "jihadist", "played": 0, "holding": False,
        "in_play": None, "step": None, "result": None,
    }


def shuffled(state, e):
    state["deck"] = list(e["deck"])


def reshuffled(state, e):
    """5.3.1: discard + Lapsing + First Plot cards become the new draw pile; Deck marker +1."""
    state["deck"] = list(e["deck"])
    state["discard"] = []
    # 4.7.7.3: a lapsing card leaving its box mid-turn leaves a marker; its effect goes on
    state.setdefault("lapsing_markers", []).extend(state["lapsing"])
    state["lapsing"] = []
    state["first_plot"] = None
    state["deck_no"] = e["deck_no"]


def dealt(state, e):
    deck = state["deck"]
    for card in e["cards"]:
        deck.remove(card)
    state["hands"][e["seat"]].extend(e["cards"])


def card_chosen(state, e):
    state["hands"][e["seat"]].remove(e["card"])
    state["in_play"] = {"seat": e["seat"], "card": e["card"], "value": D.card_ops(e["card"]), "boost": 0}


def boosted(state, e):
    state["in_play"]["value"] = e["value"]
    state["in_play"]["boost"] = e["spent"]


def op_chosen(state, e):
    state["in_play"]["op"] = e["op"]


def last_card(state, e):
    """5.2.4: the US discards or holds its last card."""
    if e["how"] == "discard":
        state["hands"]["us"].remove(e["card"])
        state["discard"].append(e["card"])
    else:
        state["holding"] = True


def reassessed(state, e):
    """7.6: both 3-value cards are spent; the phase is over."""
    second = e["cards"][1]
    state["hands"]["us"].remove(second)
    state["discard"].extend(e["cards"])
    state["in_play"] = None
    state["played"] = 2


def phase_started(state, e):
    state["phase"] = e["phase"]
    state["played"] = 0
    if e.get("cards"):                          # an Action Phase with cards to play, counted for "3 of 5"
        phases = state.setdefault("phases", {"us": 0, "jihadist": 0})
        phases[e["phase"]] += 1
    recent = state.get("recent") or {"now": {}}
    state["recent"] = {"now": {}, "last": recent["now"]}
    if e["phase"] == "us":
        state["holding"] = False


def reason(state, e):
    """The solo bot's reason; its plan (a travelling cell's destination) stays until its next one."""
    state["bot_plan"] = e.get("plan")


def turn_started(state, e):
    state["turn"] = e["turn"]
    state["first_plot_used"] = False
    state["phases"] = {"us": 0, "jihadist": 0}


def plot_placed(state, e):
    state["avail"].remove(e["value"])
    plot = {"id": state["next_plot"], "c": e["country"], "v": e["value"]}
    if e.get("face_up"):
        plot["up"] = True
    state["plots"].append(plot)
    state["next_plot"] += 1


def plot_gone(state, e):
    """A plot leaves the map (7.5.3 Alert, 8.5.6 resolution): back face down, or a WMD out of the game."""
    plots = state["plots"]
    for i, p in enumerate(plots):
        if p["id"] == e["id"]:
            del plots[i]
            if p["v"] == "WMD":
                state["wmd"]["removed"] += 1
            else:
                state["avail"].append(p["v"])
            solo_plots.plot_gone(state, p)          # 9.3.3 (solo)
            return


def boxes_cleared(state, e):
    """5.2.6: Lapsing and First Plot cards to the discard pile."""
    state["discard"].extend(state["lapsing"])
    if state["first_plot"] is not None:
        state["discard"].append(state["first_plot"])
    state["lapsing"] = []
    state["lapsing_markers"] = []
    state["first_plot"] = None


def disrupted(state, e):
    """Remembered for "a Disrupt during this or the previous action phase" (card 61)."""
    _remember(state, "disrupt", e["country"])


def _remember(state, what: str, value) -> None:
    now = state.setdefault("recent", {"now": {}, "last": {}})["now"]
    if value not in now.setdefault(what, []):
        now[what].append(value)


# ---------------------------------------------------------------- card events (events/engine.py)


def _zone(state, name: str) -> list:
    if name in ("us", "jihadist"):
        return state["hands"][name]
    return state[name]


def cards_moved(state, e):
    """Cards from one place to another: "deck" (its top), "discard", "removed", "lapsing",
    "first_plot" (the First Plot box) or a hand ("us", "jihadist")."""
    for card in e["cards"]:
        if e["from"] == "first_plot":
            state["first_plot"] = None
        else:
            _zone(state, e["from"]).remove(card)
            if e["from"] == "lapsing":
                state.setdefault("lapsing_markers", []).append(card)      # 4.7.7.3
        _zone(state, e["to"]).append(card)
    if e.get("played"):
        state["played"] += 1           # a second card played by an event (48, 53): it counts (4.7.5)


def ev_over(state, e):
    """The end of an event: REMOVE (6.2.9) or LAPSING (6.2.7) sends its card out of the game or
    to the Lapsing box; the card in play goes there when it is done, any other card at once."""
    dest = e.get("dest")
    if not dest:
        return
    play = state["in_play"]
    if not e.get("loose") and play is not None and play["card"] == e["card"]:
        play["dest"] = dest
    elif e["card"] in state["discard"]:
        state["discard"].remove(e["card"])
        _zone(state, dest).append(e["card"])


def wmd_available(state, e):
    """4.7.8.1: a WMD event moves one marker from its box to the Available Plots."""
    state["wmd"]["box"] -= 1
    state["avail"].append("WMD")
    solo_plots.set_aside(state)                     # 9.3.3 (solo)


def extra_card(state, e):
    """Card 18: one more card this action phase (4.7.5)."""
    state["played"] -= 1


def play_chosen(state, e):
    state["in_play"]["as"] = e["as"]


def game_over(state, e):
    state["result"] = {"winner": e["winner"], "text": e["text"]}
    state["step"] = None


def _none(state, e):
    return None


HANDLERS = {
    "setup": setup, "shuffled": shuffled, "reshuffled": reshuffled, "dealt": dealt,
    "card_chosen": card_chosen, "boosted": boosted, "op_chosen": op_chosen, "last_card": last_card,
    "reassessed": reassessed, "phase_started": phase_started, "turn_started": turn_started,
    "plot_placed": plot_placed, "plot_alerted": plot_gone, "plot_removed": plot_gone,
    "boxes_cleared": boxes_cleared, "game_over": game_over, "disrupted": disrupted,
    "cards_moved": cards_moved, "ev_over": ev_over, "wmd_available": wmd_available, "play_chosen": play_chosen,
    "extra_card": extra_card, "position": position.apply, "reason": reason, "plots_set_aside": lambda state, e: solo_plots.set_aside(state),
}
# events whose only effects are the shared keys (fx / step / done)
for _t in ("await", "tested", "posture_rolled", "reserves_added", "woi", "deployed", "regime_change",
           "withdrew", "cadre_removed", "ev_began", "ev_fx", "ev_skipped", "hand_shown", "card_done",
           "order_chosen", "reassess_ordered", "posture_reassessed", "recruited", "cell_placed", "travelled", "jihad",
           "plot_rolled", "plot_revealed", "plot_funding", "plot_prestige", "plot_governance", "dice_declared",
           "diplomacy", "posture_kept", "reserves_reset", "rc_flipped", "anaconda_cell", "no_plot_marker", "phase_ended",
           "radicalization", "radicalized"):
    HANDLERS[_t] = _none


def _finish_card(state, e):
    play = state["in_play"]
    if play is None:
        return
    done = e.get("done")
    if done == "first_plot":
        state["first_plot"] = play["card"]       # 4.7.7.2 / 8.5.3
        state["first_plot_used"] = True
    elif done in ("removed", "lapsing"):
        state[done].append(play["card"])          # 6.2.9 REMOVE / 6.2.7 LAPSING
    else:
        state["discard"].append(play["card"])
    state["in_play"] = None
    state["played"] += 1


def _remember_better(state, fx) -> None:
    """Remembered for "tested or improved to Fair or Good during this or the previous action
    phase" (card 94): a Muslim country whose governance becomes Good or Fair from worse or none."""
    for name, ch in fx.get("c", {}).items():
        new = ch.get("gov")
        if new in (D.GOOD, D.FAIR) and D.is_muslim(name):
            old = state["c"][name]["gov"]
            if old is None or old > new:
                _remember(state, "better", name)


def evolve(state, event):
    kind = event["type"]
    if kind == "setup":
        return setup(state, event)
    HANDLERS[kind](state, event)
    fx = event.get("fx")
    if fx:
        _remember_better(state, fx)
        apply_fx(state, fx)
        if fx.get("arsenal"):
            solo_plots.set_aside(state)             # 9.3.3 (solo): Pakistan's WMD
    if "in_play" in event and state["in_play"] is not None:
        state["in_play"].update(event["in_play"])
    if "todo" in event:
        state["todo"] = list(event["todo"])
    if "done" in event:
        _finish_card(state, event)
    if "step" in event:
        state["step"] = event["step"]
    return state
