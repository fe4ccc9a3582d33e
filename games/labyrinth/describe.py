"""One readable line per event, for the log and the emails. Works on redacted events: a field
that a seat may not see (a hand, the deck order, a face-down plot's value) is simply absent."""

from games.core import describe_by_type

from . import data as D

SIDE = D.SIDE
GOV = D.GOV_NAMES
OPS = {"woi": "War of Ideas", "deploy": "Deploy", "regime_change": "Regime Change", "withdraw": "Withdraw",
       "disrupt": "Disrupt", "alert": "Alert", "reassess": "Reassessment", "recruit": "Recruit",
       "travel": "Travel", "jihad": "Jihad", "plot": "Plot", "reserves": "Reserves"}


def _n(n, word: str, many: str | None = None) -> str:
    """'1 troop', '2 troops': a count and its noun, plural when it is not 1."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def _who(e, key="seat") -> str:
    return SIDE.get(e.get(key), str(e.get(key)))


def _card(n) -> str:
    return f"{n} {D.card_name(n)}" if isinstance(n, int) else "a card"


def _plot(v) -> str:
    return "a plot" if v is None else "a WMD plot" if v == "WMD" else f"plot {v}"


def _loc(loc) -> str:
    return "the Troops track" if loc == "track" else str(loc)


def _plays(e, seat="us") -> str:
    if "card" in e:
        return f"{SIDE[seat]} plays {_card(e['card'])} for {_n(e.get('value', '?'), 'Op')}: "
    return ""


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def _prestige_roll(pr) -> str:
    if not pr:
        return ""
    way = "up" if pr["delta"] > 0 else "down"
    return f"Prestige roll {pr['direction']} ({way}), dice {pr['dice'][0]} and {pr['dice'][1]}: {_signed(pr['delta'])}"


def woi(e):
    head = _plays(e) + f"War of Ideas in {e['country']}"
    if "posture" in e:
        tail = f", rolls {e['roll']}: {e['country']} is {e['posture']}"
        return head + tail + (", matching the US: Prestige +1." if e.get("match") else ".")
    if e.get("result") == "too_costly":
        return head + f": tested {GOV.get(e.get('gov'), '?')}, too costly for the card: the operation fails (rule 4.9.5)."
    mods = "".join(f" {_signed(v)} ({name})" for name, v in e.get("mods", []))
    outcome = {"ally": f"{e['country']} becomes an Ally", "improved": f"{e['country']} improves to {GOV.get(e.get('gov'))}",
               "aid": "fails by 1: first Aid marker", "failed": "fails"}[e["result"]]
    total = f" = {e['total']}" if mods else ""
    return head + f", rolls {e['roll']}{mods}{total}: {outcome}."


def tested(e):
    what = GOV.get(e["gov"]) + " Neutral" if "gov" in e else e.get("posture")
    return f"{e['country']} is tested: rolls {e['roll']}, {what}."


def posture_rolled(e):
    why = {"plot": "after the plot", "schengen": "(Schengen, after the plot)", "setup": "at setup",
           "woi": "for War of Ideas"}.get(e.get("why"), "")
    mod = f" +{e['modifier']}" if e.get("modifier") else ""
    again = " (reroll)" if "reroll_of" in e else ""
    return f"{e['country']} rolls posture{again} {why}: {e['roll']}{mod}, {e['posture']}."


def dealt(e):
    if "cards" in e:
        return f"{_who(e)} draws {_n(len(e['cards']), 'card')}: " + ", ".join(_card(n) for n in e["cards"]) + "."
    return f"{_who(e)} draws {_n(e.get('count', '?'), 'card')}."


def deployed(e):
    nato = " with the NATO marker, which leaves the game (card 41)" if e.get("nato") else ""
    return _plays(e) + f"Deploy {_n(e['n'], 'troop')} from {_loc(e['from'])} to {_loc(e['to'])}{nato}."


def regime_change(e):
    return (_plays(e) + f"Regime Change in {e['country']} with {_n(e['n'], 'troop')} from {_loc(e['from'])}: governance roll "
            f"{e['roll']}, {GOV.get(e['gov'])} Ally; sleepers activated; {_prestige_roll(e.get('prestige_roll'))}, "
            f"Prestige {e.get('prestige')}.")


def withdrew(e):
    nato = " with the NATO marker, which leaves the game (card 41)" if e.get("nato") else ""
    return (_plays(e) + f"Withdraw {_n(e['n'], 'troop')} from {e['from']} to {_loc(e['to'])}{nato}: Aid removed, "
            "Besieged Regime; "
            f"{_prestige_roll(e.get('prestige_roll'))}, Prestige {e.get('prestige')}.")


def disrupted(e):
    parts = []
    if e.get("removed"):
        parts.append(f"{e['removed']} active cell{'s' if e['removed'] != 1 else ''} removed")
    if e.get("activated"):
        parts.append(f"{e['activated']} sleeper{'s' if e['activated'] != 1 else ''} activated")
    if e.get("cadre_removed"):
        parts.append("the cadre removed")
    if e.get("cadre_placed"):
        parts.append("a cadre left behind")
    if "prestige" in e:
        parts.append(f"Prestige +1 to {e['prestige']} (troops)")
    return _plays(e) + f"Disrupt in {e['country']}: " + (", ".join(parts) or "no effect") + "."


def plot_alerted(e):
    fate = "removed from the game" if e.get("plot") == "WMD" else "back to the Available Plots"
    return _plays(e) + f"Alert in {e['country']}: it was {_plot(e.get('plot'))}, {fate}."


def reassessed(e):
    head = f"US plays {_card(e['cards'][0])} and {_card(e['cards'][1])} for Reassessment"
    if "posture" in e:
        return f"{head}: US posture is now {e['posture']}."
    return f"{head}; the US chooses when its posture changes (rule 7.6.3)."


def reassess_ordered(e):
    order = ["the posture change" if x == "posture" else f"the event of {_card(x)}" for x in e["order"]]
    return f"US chooses the order: {', then '.join(order)}."


def recruited(e):
    dice = ", ".join(f"{d['c']} auto" if d.get("auto") else f"{d['c']} {d['roll']} (needs 1-{d['need']})"
                     for d in e["dice"])
    placed = e.get("placed")
    tail = (", ".join(f"{k} cell{'s' if k != 1 else ''} in {c}" for c, k in placed.items()) or "no cell") \
        if placed is not None else f"{e['successes']} successes for {e['available']} available cells: the Jihadist places them"
    return _plays(e, "jihadist") + f"Recruit: {dice}; {tail}."


def travelled(e):
    parts = []
    for m in e["moves"]:
        if m["from"] == m["to"]:
            parts.append(f"a cell in {m['from']} goes to ground")
            continue
        how = "adjacent" if m.get("auto") else f"rolls {m.get('roll')} (needs 1-{m.get('need')})"
        parts.append(f"{m['from']} to {m['to']} {how}: {'arrives' if m['ok'] else 'fails, to the Funding track'}")
    return _plays(e, "jihadist") + "Travel: " + "; ".join(parts) + "."


def jihad(e):
    kind = "Major Jihad" if e["major"] else "Jihad"
    rolls = " ".join(str(r) for r in e["rolls"])
    out = (_plays(e, "jihadist") + f"{kind} in {e['country']}: rolls {rolls} (needs 1-{e['need']}), "
           f"{e['successes']} success{'es' if e['successes'] != 1 else ''}")
    if e.get("aid_removed"):
        out += f", {e['aid_removed']} Aid removed"
    if e.get("revolution"):
        out += f": Islamic Revolution, {e['country']} is an Islamist Rule Adversary"
    else:
        out += f": {e['country']} is {GOV.get(e['gov'])}"
    if e["failures"]:
        out += f"; {e['failures']} cell{'s' if e['failures'] != 1 else ''} lost"
    if e.get("failed_major"):
        out += "; failed Major Jihad: Besieged Regime, alignment one box toward Ally"
    return out + "."


def plot_rolled(e):
    dice = ", ".join(f"{d['c']} {d['roll']} (needs 1-{d['need']})" for d in e["dice"])
    return f"Jihadist rolls for Plot: {dice}: {e['successes']} success{'es' if e['successes'] != 1 else ''}."


def plot_placed(e):
    what = _plot(e.get("value")) if "value" in e else "a plot (face down)"
    if e.get("face_up"):
        what += " face up"
    extra = " Abu Sayyaf: Prestige -1." if e.get("abu_sayyaf") else ""
    return f"Jihadist places {what} in {e['country']}.{extra}"


def diplomacy(e):
    parts = [f"Funding to {e['funding']}"]
    if e.get("islamist_rule"):
        parts.append("Prestige -1 (Islamist Rule on the map)")
    if e.get("world_bonus"):
        parts.append("Prestige +1 (World Posture 3 matches the US)")
    return f"Expenditures and Diplomacy: {', '.join(parts)}; Prestige {e['prestige']}."


def plot_funding(e):
    return f"The plot in {e['country']} moves Funding to {e['funding']}."


def plot_prestige(e):
    if e.get("troops"):
        return f"Troops in {e['country']}: Prestige to {e['prestige']}."
    return f"The plot in the United States: {_prestige_roll(e.get('prestige_roll'))}, Prestige {e['prestige']}."


def plot_governance(e):
    rolls = " ".join(str(r) for r in e["rolls"])
    out = f"{e['country']} rolls {rolls} for governance (needs 1-{e['need']}): {e['successes']} success{'es' if e['successes'] != 1 else ''}"
    if e.get("aid_removed"):
        out += f", {e['aid_removed']} Aid removed"
    return out + f"; {e['country']} is {GOV.get(e['gov'])}."


STEP_TEXT = {
    "card": "{who} to play a card.", "use": "{who} chooses an operation.", "boost": "{who} may spend Reserves.",
    "deploy_to": "US deploys from {from}.", "deploy_n": "US deploys from {from} to {to}.",
    "rc_from": "US plans a Regime Change in {to}.", "rc_n": "US sends troops from {from} to {to}.",
    "wd_to": "US withdraws from {from}.", "wd_n": "US withdraws from {from} to {to}.",
    "disrupt_how": "US disrupts in {country}.", "plot_pick": "Jihadist chooses the plot markers.",
    "travel": "Jihadist travels.", "wmd_reroll": "The WMD plot's posture roll: the Jihadist may reroll.",
    "schengen": "The Jihadist picks Schengen countries to roll posture.",
    "end": "End of turn.", "plots": "Plots are resolved.", "recruit_place": "Jihadist places the recruited cells.",
    "play_as": "{who} chooses event or operations.", "order": "{who} chooses the order of event and operation.",
    "reassess_order": "US chooses when its posture changes, before or after the events (rule 7.6.3).",
    "ev": "{who} decides for the event.",
    "cells": "Jihadist chooses which cells act.", "plot_next": "The Jihadist chooses which plot resolves next.",
    "radical": "Jihadist radicalizes.",
}


def once(text: str) -> str:
    """A question that names its card twice ('16 Euro-Islam: 16 Euro-Islam: which posture...?')
    names it once."""
    head, sep, rest = text.partition(": ")
    while sep and rest.startswith(head + ": "):
        rest = rest[len(head) + 2:]
    return head + sep + rest


def await_(e):
    step = e.get("step")
    if e.get("turn_end"):
        return f"Turn {e['turn_end']} ends."
    if e.get("passed"):
        return "The Jihadist passes."
    if e.get("no_op"):
        return f"No {OPS.get(e['no_op'], e['no_op'])} is possible any more: the card's operation is lost."
    if "todo" in e and not step:
        return "Next."
    if "done" in e:
        return "The Plot operation is over."
    if not step:
        return "Next."
    text = STEP_TEXT.get(step["k"], "{who} to decide.")
    if step["k"] == "ev" and step.get("text"):
        return f"{SIDE.get(step.get('seat'), '?')} to answer {once(step['text'])}"
    if step["k"] == "travel" and step.get("pick"):
        text = "Jihadist moves a cell from {from}."
    fields = {"who": SIDE.get(step.get("seat"), "?"), "from": _loc(step.get("from") or step.get("pick")),
              "to": _loc(step.get("to")), "country": step.get("country")}
    try:
        return text.format(**fields)
    except (KeyError, IndexError):
        return "Next."


def dice_declared(e):
    if e.get("op") == "travel":
        return f"Jihadist declares a cell to travel from {e.get('from')} to {e['country']}."
    kind = ("major " if e.get("major") else "") + OPS.get(e["op"], e["op"])
    return f"Jihadist declares a die of {kind} in {e['country']}."


def game_over(e):
    return e.get("text", "The game is over.")


# ---------------------------------------------------------------- card events

PLACES = {"deck": "the draw pile", "discard": "the discard pile", "removed": "out of the game",
          "lapsing": "the Lapsing box", "first_plot": "the First Plot box", "us": "the US hand",
          "jihadist": "the Jihadist hand"}


def ev_began(e):
    card = _card(e["card"])
    if e.get("how") == "event" and not e.get("loose"):
        return f"{SIDE[e['by']]} plays {card} as an event."
    if e.get("how") == "auto":
        return f"{card} fires."
    if e.get("how") == "triggered":
        return f"The {SIDE[e['side']]} event of {card} happens; the {SIDE[e['side']]} decides."
    return f"The {SIDE[e['side']]} event of {card} happens."


def ev_skipped(e):
    why = "it is blocked (rule 6.2.8)" if e.get("why") == "blocked" else "its prerequisite is not met"
    return f"The {SIDE[e['side']]} event of {_card(e['card'])} does not happen: {why}."


def ev_over(e):
    dest = {"removed": " The card is removed from the game.",
            "lapsing": " The card goes to the Lapsing box until the end of the turn."}.get(e.get("dest"), "")
    return f"End of the event of {_card(e['card'])}.{dest}"


def cards_moved(e):
    n = len(e["cards"]) if "cards" in e else e.get("count", 0)
    what = ", ".join(_card(c) for c in e["cards"]) if "cards" in e else f"{n} card{'s' if n != 1 else ''}"
    frm, to = e["from"], e["to"]
    if frm == "deck" and to in ("us", "jihadist"):
        return f"{SIDE[to]} draws {what}."
    if frm in ("us", "jihadist") and to == "discard":
        return f"{SIDE[frm]} discards {what}."
    return f"{what[0].upper() + what[1:]} from {PLACES.get(frm, frm)} to {PLACES.get(to, to)}."


def hand_shown(e):
    if "cards" in e:
        return (f"{SIDE[e['to']]} looks at the {SIDE[e['seat']]} hand: "
                + (", ".join(_card(c) for c in e["cards"]) or "empty") + ".")
    return f"{SIDE[e['to']]} looks at the {SIDE[e['seat']]} hand ({_n(e.get('count', '?'), 'card')})."


def play_chosen(e):
    if e["as"] == "event":
        return f"{_who(e)} chooses the event of {_card(e['card'])}."
    return f"{_who(e)} uses {_card(e['card'])} for operations."


def order_chosen(e):
    op = OPS.get(e["op"], e["op"])
    if e["first"] == "event":
        return f"{_who(e)}: the event of {_card(e['card'])} first, then {op}."
    return f"{_who(e)}: {op} first, then the event of {_card(e['card'])}."


def card_done(e):
    dest = {"removed": "is removed from the game", "lapsing": "goes to the Lapsing box",
            "first_plot": "goes to the First Plot box"}.get(e.get("done"), "is discarded")
    return f"{_card(e['card'])} {dest}."


def radicalization(e):
    lost = f"{_n(e['lost'], 'Op')} lost: no box applies" if e.get("lost") else ""
    if e.get("over"):
        return f"End of the Radicalization with {_card(e['card'])}" + (f": {lost}." if lost else ".")
    return f"Jihadist: Radicalization (rule 9.4.3) with {_n(e['value'], 'Op')} of {_card(e['card'])}" + \
        (f": {lost}." if lost else ".")


def radicalized(e):
    box = e["box"]
    if box == 1:
        text = f"Radicalization, 1st box: a cell from the track to {e['country']}"
    elif box == 2:
        where = f"travels in place in {e['from']} (its last cell)" if e.get("in_place") else \
            f"travels from {e['from']} to {e['to']}" if e["from"] != e["to"] else f"travels in place in {e['from']}"
        text = f"Radicalization, 2nd box: a cell {where}, automatically"
    elif box == 3:
        text = f"Radicalization, 3rd box: a plot placed in {e['country']}, no roll"
    else:
        text = f"Radicalization, 4th box: {e['country']} worsens to {GOV.get(e.get('gov'), '?')}"
    return text + (f"; {_n(e['lost'], 'Op')} left with no box to spend them." if e.get("lost") else ".")


LINES = {
    "setup": lambda e: f"Labyrinth begins: {D.SCENARIOS.get(e['scenario'], {}).get('name', e['scenario'])}, "
                       f"{e['options'].get('decks')} deck{'s' if e['options'].get('decks') != 1 else ''}, "
                       f"card events {e['options'].get('events', 'off')}"
                       + (f"; solo against the Jihadist bot, ideology {e['options'].get('ideology', 'normal')}"
                          + (", mini-decks" if e['options'].get('mini_decks') == "on" else "")
                          if e['options'].get('solo') else "") + ".",
    "tested": tested, "posture_rolled": posture_rolled,
    "shuffled": lambda e: f"The draw pile is shuffled ({_n(e.get('count', len(e.get('deck', []))), 'card')}).",
    "reshuffled": lambda e: f"Reshuffle (rule 5.3.1): {_n(e.get('count', len(e.get('deck', []))), 'card')} make the new draw "
                            f"pile; deck {e['deck_no']}.",
    "dealt": dealt,
    "card_chosen": lambda e: f"{_who(e)} plays {_card(e['card'])}" + (" (picked at random)." if e.get("random") else "."),
    "boosted": lambda e: f"{_who(e)} spends {e['spent']} Reserves: the card counts {e['value']} Ops.",
    "op_chosen": lambda e: f"{_who(e)} uses {_card(e['card'])} ({_n(e['value'], 'Op')}) for {OPS.get(e['op'], e['op'])}.",
    "last_card": lambda e: f"US {'discards' if e['how'] == 'discard' else 'holds'} its last card"
                           + (f", {_card(e['card'])}" if e["how"] == "discard" else "") + ".",
    "reassessed": reassessed, "reassess_ordered": reassess_ordered,
    "posture_reassessed": lambda e: f"Reassessment: US posture is now {e['posture']}.",
    "phase_started": lambda e: f"Turn {e['turn']}: {SIDE[e['phase']]} Action Phase ({_n(e['cards'], 'card')} in hand).",
    "turn_started": lambda e: f"Turn {e['turn']} begins.",
    "plot_placed": plot_placed, "plot_alerted": plot_alerted,
    "plot_removed": lambda e: f"The {_plot(e.get('plot'))} in {e['country']} "
                              f"{'leaves the game' if e.get('to') == 'removed' else 'goes back to the Available Plots'}.",
    "boxes_cleared": lambda e: "Lapsing and First Plot boxes cleared"
                               + (f": {_card(e['first_plot'])} to the discard pile." if e.get("first_plot") else "."),
    "game_over": game_over, "await": await_,
    "reserves_added": lambda e: f"{_who(e)} plays {_card(e['card'])} for Reserves: Reserves {e['reserves']}.",
    "woi": woi, "deployed": deployed, "regime_change": regime_change, "withdrew": withdrew, "disrupted": disrupted,
    "cadre_removed": lambda e: f"Jihadist removes the cadre in {e['country']}.",
    "recruited": recruited,
    "cell_placed": lambda e: f"Jihadist places a recruited cell in {e['country']}.",
    "travelled": travelled, "jihad": jihad, "plot_rolled": plot_rolled,
    "plot_revealed": lambda e: f"The plot in {e['country']} is revealed: {_plot(e.get('plot'))}.",
    "plot_funding": plot_funding, "plot_prestige": plot_prestige, "plot_governance": plot_governance,
    "dice_declared": dice_declared,
    "diplomacy": diplomacy,
    "posture_kept": lambda e: f"The Jihadist keeps {e['country']} {e['posture']}.",
    "reserves_reset": lambda e: "Both Reserves return to 0.",
    "rc_flipped": lambda e: "Green Regime Change markers flip to tan"
                            + (f": {', '.join(e['countries'])}." if e.get("countries") else "."),
    "anaconda_cell": lambda e: f"Setup: the Jihadist places a sleeper cell in {e['country']}.",
    "no_plot_marker": lambda e: f"No plot marker is available for {', '.join(e['countries'])}.",
    "phase_ended": lambda e: f"End of the US Action Phase: {e['plots']} plot{'s' if e['plots'] != 1 else ''} to resolve.",
    "ev_began": ev_began, "ev_fx": lambda e: e["text"], "ev_skipped": ev_skipped, "ev_over": ev_over,
    "cards_moved": cards_moved, "hand_shown": hand_shown, "play_chosen": play_chosen, "order_chosen": order_chosen,
    "card_done": card_done, "wmd_available": lambda e: "A WMD plot becomes available.",
    "extra_card": lambda e: f"{_who(e)} may play an additional card this action phase.",
    "position": lambda e: (f"The game starts from a given position: turn {e['turn']}, {SIDE[e['phase']]} Action Phase; "
                           f"Prestige {e['prestige']}, Funding {e['funding']}, US posture {e['us_posture']}; "
                           f"{_n(e['plots'], 'plot')} on the map."),
    "plots_set_aside": lambda e: "A numbered plot marker is set aside for each WMD plot in play (rule 9.3.3).",
    "reason": lambda e: f"{_who(e)} bot: {e['text']}.",
    "radicalization": radicalization,
    "radicalized": radicalized,
}


def describe(event: dict) -> str:
    return describe_by_type(LINES, event, lambda e: str(e.get("type")).replace("_", " ").capitalize() + ".")
