"""Why a choice is not offered, in a player's words, citing the rule where it helps: a country a
question does not list ("Kenya/Tanzania is Fair: a Disrupt there needs 2 Ops (rule 7.1.1)"), an
operation the card cannot pay for, a card's event that cannot be played now. A reply that names
one (notation.py), a move refused (rules.py) and the Disrupt question (which names the countries
with cells it leaves out) say it. Each answer is a Reason (a code and a sentence without its full
stop), or None when the choice is in fact open.
"""

from typing import NamedTuple

from . import cardplay, hooks, jihadist_ops, us_ops
from . import data as D
from .describe import OPS as OP_NAMES
from .events import registry as R
from .state import cells, cells_and_sadr, gov, lapsing_in_effect, marker_in_play, troops, troops_on_track

TRACK = us_ops.TRACK


class Reason(NamedTuple):
    """Why not: a machine-readable code and the sentence (no full stop) a player reads."""
    code: str
    text: str

    def sentence(self) -> str:
        return self.text[0].upper() + self.text[1:] + "."


def ops(n: int) -> str:
    return f"{n} Op{'s' if n != 1 else ''}"


def _gov(state, name: str) -> str:
    g = gov(state, name)
    return D.GOV_NAMES.get(g, "untested")


def _costs(state, name: str, what: str, v: int) -> Reason | None:
    """7.1.1: an operation in a country needs a card of at least its governance value."""
    g = gov(state, name)
    if g is not None and g != D.IR and g > v:
        return Reason("card_too_weak", f"{name} is {_gov(state, name)}: {what} there needs {ops(g)} (rule 7.1.1)")
    return None


# ---------------------------------------------------------------- a country


def country(state, step: dict, part: dict) -> Reason | None:
    """Why the country this answer names is not a choice of the question `step` asks."""
    key, name = next(iter(part.items()))
    if name != TRACK and name not in D.COUNTRIES:
        return Reason("unknown_country", f"there is no country called {name!r}")
    explain = COUNTRY.get(step["k"])
    return explain(state, step, key, name) if explain else None


def _woi(state, step, key, name):
    v = us_ops.value(state)
    if us_ops.woi_ok(state, name, v):
        return None
    c = state["c"][name]
    if name in (D.US, D.ISRAEL, D.IRAN):
        return Reason("not_here", f"War of Ideas cannot target {'the United States' if name == D.US else name} (rule 7.2.3)")
    if D.is_muslim(name):
        if c["gov"] == D.IR:
            return Reason("islamist_rule", f"{name} is under Islamist Rule: War of Ideas cannot target it (rule 7.1.3)")
        if c["align"] == "Adversary":
            return Reason("adversary", f"{name} is an Adversary: War of Ideas cannot target it (rule 7.2.1.1)")
        if c["gov"] == D.GOOD and c["align"] == "Ally":
            return Reason("good_ally", f"{name} is already a Good Ally: War of Ideas has nothing left to improve there")
        if c["rc"] and troops(state, name) - cells(c) < 5:
            return Reason("regime_change", f"{name} is under Regime Change: War of Ideas there needs 5 more troops than cells (rule 7.2.1.3)")
    return _costs(state, name, "a War of Ideas", v)


def _disrupt(state, step, key, name):
    refused = us_ops.disrupt_refusal(state, name, us_ops.value(state))
    return Reason(*refused[:2]) if refused else None


def _source(state, loc: str) -> Reason | None:
    if loc == TRACK:
        return None if troops_on_track(state) else Reason("no_troops", "the Troops track has no troops left")
    c = state["c"][loc]
    if not c["troops"]:
        return Reason("no_troops", f"there are no troops in {loc}")
    if c["rc"]:
        return Reason("regime_change", f"{loc} is under Regime Change: it keeps 5 more troops than cells (rule 7.3.1)")
    return None


def _where(loc: str) -> str:
    return "the Troops track" if loc == TRACK else loc


def _deploy_from(state, step, key, name):
    v = us_ops.value(state)
    if name in us_ops.deploy_sources(state, v):
        return None
    return _source(state, name) or Reason("no_destination", f"troops in {_where(name)} have nowhere to go with "
                                                            f"{ops(v)} (rule 7.3.2)")


def _destination(state, step, key, name):
    v = us_ops.value(state)
    if name in us_ops.deploy_destinations(state, v, step["from"]):
        return None
    if name == step["from"]:
        return Reason("same_place", f"the troops leave {_where(name)}: it is not their destination")
    c = state["c"][name]
    if not D.is_muslim(name) or c["align"] != "Ally":
        return Reason("not_ally", f"{name} is not an Ally: troops go only to an Ally or the Troops track (rule 7.3.2)")
    return _costs(state, name, "deploying", v)


def _rc_target(state, step, key, name):
    if name in us_ops.rc_targets(state):
        return None
    if gov(state, name) != D.IR:
        return Reason("not_islamist_rule", f"{name} is not under Islamist Rule: Regime Change needs an Islamist Rule "
                                           "country (rule 7.3.4)")
    return operation(state, "us", "regime_change") or Reason(
        "no_troops", f"no place has 6 troops that may leave for {name} (rule 7.3.4)")


def _rc_from(state, step, key, name):
    if name in us_ops.rc_sources(state, step["to"]):
        return None
    return _source(state, name) or Reason("no_troops", f"{_where(name)} has fewer than 6 troops that may leave: "
                                                       "Regime Change needs 6 (rule 7.3.4)")


def _wd_from(state, step, key, name):
    if name in us_ops.wd_sources(state):
        return None
    if not state["c"][name]["rc"]:
        return Reason("not_regime_change", f"{name} is not under Regime Change: Withdraw takes troops out of a "
                                           "Regime Change country (rule 7.3.5)")
    return Reason("no_troops", f"there are no troops in {name}")


def _recruit(state, step, key, name):
    if name in jihadist_ops.recruit_targets(state):
        return None
    return Reason("no_cells_there", f"there is no cell or cadre in {name}: Recruit needs one (rule 8.2.2)")


def _travel(state, step, key, name):
    if step.get("pick") is None:
        if name in jihadist_ops.travel_sources(state, step["moves"]):
            return None
        if cells(state["c"][name]):
            return Reason("travelled", f"every cell in {name} already travels with this card: a cell travels once per "
                                       "card (rule 8.3.3)")
        return Reason("no_cells_there", f"there is no cell in {name} to travel")
    if name in jihadist_ops.travel_destinations(state, step["pick"]):
        return None
    if 2 in lapsing_in_effect(state):
        return Reason("blocked_by_card", f"Biometrics is in play this turn: a cell travels only to an adjacent "
                                         f"country, and {name} is not (card 2)")
    return Reason("not_here", f"a cell cannot travel from {step['pick']} to {name} now")


def _jihad(state, step, key, name):
    dice = step["dice"]
    if name in jihadist_ops.jihad_targets(state, dice) and (key != "major" or jihadist_ops.major_possible(state, name)):
        return None
    if not D.is_muslim(name):
        return Reason("not_muslim", f"{name} is not a Muslim country: Jihad needs one (rule 8.4)")
    g = state["c"][name]["gov"]
    if g is None:
        return Reason("no_cells_there", f"{name} is untested: there is no cell there")
    if g == D.IR:
        return Reason("islamist_rule", f"{name} is already under Islamist Rule: Jihad cannot target it (rule 8.4)")
    if not hooks.all_ok("jihad_allowed", state, name):
        return Reason("blocked_by_card", "the Benazir Bhutto marker forbids Jihad in Pakistan (card 33)")
    used = sum(1 for d in dice if d[0] == name)
    if cells_and_sadr(state, name) <= used:
        return Reason("no_cells_there", f"each die of Jihad needs a cell in {name}, and it has "
                                        f"{cells_and_sadr(state, name)}" + (f", {used} already rolling" if used else "")
                      + " (rule 8.4)")
    return Reason("no_major_jihad", f"a Major Jihad in {name} needs {jihadist_ops.major_margin(state)} more cells "
                                    "than troops (rule 8.4.2)")


def _plot(state, step, key, name):
    dice = step["dice"]
    if name in jihadist_ops.plot_targets(state, dice):
        return None
    if gov(state, name) == D.IR:
        return Reason("islamist_rule", f"{name} is under Islamist Rule: no Plot there (rule 8.5.1)")
    used = dice.count(name)
    return Reason("no_cells_there", f"each die of Plot needs a cell in {name}, and it has {cells_and_sadr(state, name)}"
                  + (f", {used} already rolling" if used else "") + " (rule 8.5.1)")


COUNTRY = {"woi": _woi, "disrupt": _disrupt, "deploy_from": _deploy_from, "deploy_to": _destination,
           "wd_to": _destination, "rc_target": _rc_target, "rc_from": _rc_from, "wd_from": _wd_from,
           "recruit": _recruit, "travel": _travel, "jihad": _jihad, "plot": _plot}


# ---------------------------------------------------------------- an operation


def operation(state, seat: str, op: str) -> Reason | None:
    """Why this operation is not offered for the card in play (None when it is)."""
    name = OP_NAMES.get(op, op)
    if seat == "us" and op in JIHADIST or seat == "jihadist" and op in US:
        return Reason("other_side", f"{name} is a {'Jihadist' if seat == 'us' else 'US'} operation")
    play = state.get("in_play")
    if not play or op in [o for o, _ in cardplay.operations(state, seat)]:
        return None
    only = play.get("only")
    if only:
        return Reason("event_operation", f"the event lets you choose only {' or '.join(OP_NAMES.get(o, o) for o in only)}")
    if op == "reserves":
        return Reason("no_reserves", "Reserves take only a card of 1 or 2 Ops, not raised by Reserves (rule 6.3.3)")
    if not hooks.all_ok("op_allowed", state, seat, op):
        return Reason("blocked_by_card", "GTMO is in play this turn: no Recruit (card 114)")
    return Reason("no_target", NONE[op](state, play["value"]))


def _rc_none(state, v):
    if state["us_posture"] != "Hard":
        return "Regime Change needs the US posture Hard (rule 7.3.4)"
    if v < 3:
        return "Regime Change needs a card of 3 Ops (rule 7.3.4)"
    if not any(gov(state, n) == D.IR for n in D.MUSLIM):
        return "no country is under Islamist Rule: Regime Change needs one (rule 7.3.4)"
    return "no place has 6 troops that may leave: Regime Change needs 6 (rule 7.3.4)"


def _wd_none(state, v):
    if state["us_posture"] != "Soft":
        return "Withdraw needs the US posture Soft (rule 7.3.5)"
    if v < 3:
        return "Withdraw needs a card of 3 Ops (rule 7.3.5)"
    return "no Regime Change country has troops to withdraw (rule 7.3.5)"


NONE = {
    "woi": lambda s, v: f"War of Ideas is not possible with {ops(v)}: no country it may target qualifies (rule 7.2)",
    "deploy": lambda s, v: f"Deploy is not possible with {ops(v)}: troops go to an Ally whose governance the card "
                           "pays for, or to the Troops track (rule 7.3)",
    "regime_change": _rc_none, "withdraw": _wd_none,
    "disrupt": lambda s, v: f"Disrupt is not possible with {ops(v)}: it needs cells in an Ally or where 2 troops are, "
                            "in a country whose governance the card pays for (rule 7.4.1)",
    "alert": lambda s, v: "Alert needs a card of 3 Ops (rule 7.5)" if v < 3 else "there is no plot on the map to alert",
    "reassess": lambda s, v: "Reassessment takes two 3-Ops cards, the first card of the phase (rule 7.6)",
    "recruit": lambda s, v: "there is no cell or cadre on the map to recruit with (rule 8.2.2)",
    "travel": lambda s, v: "there is no cell on the map to travel",
    "jihad": lambda s, v: "Jihad needs a cell in a tested Muslim country not under Islamist Rule (rule 8.4)",
    "plot": lambda s, v: "there is no cell outside Islamist Rule countries to plot with (rule 8.5.1)",
}
US = {"woi", "deploy", "regime_change", "withdraw", "disrupt", "alert", "reassess"}
JIHADIST = {"recruit", "travel", "jihad", "plot"}


# ---------------------------------------------------------------- an event


def card_words(card: int) -> str:
    return f"card {card} {D.card_name(card)}"


COMMON_WORDS = {"A", "The", "Troops", "Some", "This", "No", "Both", "There", "At", "Prestige"}


def _clause(sentence: str) -> str:
    """'Troops are in Iraq.' -> 'troops are in Iraq', to follow 'only when'."""
    first = sentence.split(" ", 1)[0]
    return (first.lower() if first in COMMON_WORDS else first) + sentence[len(first):].rstrip(".")


def prerequisite(card: int, side: str) -> str | None:
    pre = D.CARDS[card]["prerequisite"]
    if isinstance(pre, dict):
        pre = pre.get(D.SIDE[side])
    return pre


def blocker(state, card: int, side: str) -> int | None:
    """The card whose lasting effect blocks this event (6.2.8), if one does."""
    if not R.blocked(state, card, side):
        return None
    for b in D.CARDS[card].get("blocked_by", []) + R.BLOCKS_US_SIDE.get(card, []):
        m = D.CARDS[b].get("marker")
        if b in lapsing_in_effect(state) or m and marker_in_play(state, m):
            return b
    return None


def event(state, seat: str, card: int) -> Reason | None:
    """Why the seat cannot play this card's event now (None: it can)."""
    if state["opts"].get("events") != "on":
        return Reason("events_off", "card events are off at this table: every card is played for operations")
    side = R.association(card)
    if side not in (seat, None):
        return Reason("other_side", f"{card_words(card)} is a {D.SIDE[side]} card: you may use it only for operations, "
                                    f"and its event then happens for the {D.SIDE[side]} (rule 6.3.2)")
    if R.may_play(state, card, seat):
        return None
    b = blocker(state, card, seat)
    if b is not None:
        return Reason("blocked_by_card", f"the event of {card_words(card)} is blocked by {card_words(b)} (rule 6.2.8)")
    pre = prerequisite(card, seat)
    return Reason("event_unplayable", f"the event of {card_words(card)} can be played only when {_clause(pre)} "
                                      "(rule 6.2.6)" if pre else f"the event of {card_words(card)} cannot be played now")
