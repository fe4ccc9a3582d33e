"""9.4.2 "Where?": the priorities of each flow, as ordered criteria. A flow ranks the countries
that qualify and keeps the best; a tie left at the end is broken at random (9.5). Each pick comes
with its reason in a few words: the criteria that decided ("Pakistan first, the most Resources
(2)"), and how a tie was broken.
"""

from collections.abc import Sequence

from .. import data as D
from .. import hooks
from ..jihadist_ops import major_margin, recruit_need
from ..state import (
    cells,
    cells_and_sadr,
    gov,
    gwot_penalty,
    has_marker,
    marker_in_play,
    neighbours,
    posture,
    resources,
    troops,
)
from .randomly import pick

Criterion = tuple  # (key(name) -> comparable, lower first; say(name) -> words[, always: say it even if all tie])
GOV_WORD = {D.GOOD: "Good", D.FAIR: "Fair", D.POOR: "Poor", D.IR: "Islamist Rule", None: "untested"}


def best(candidates: Sequence[str], criteria: list[Criterion]) -> tuple[list[str], list[str]]:
    """The candidates the criteria in order cannot tell apart (a lower key is better), and the
    words of the criteria that made a difference; no die (9.5: a die only among equals)."""
    best_ = list(dict.fromkeys(candidates))
    notes: list[str] = []
    if not best_:
        return [], notes
    for key, say, *always in criteria:
        low = min(key(n) for n in best_)
        keep = [n for n in best_ if key(n) == low]
        if len(keep) < len(best_) or always:
            note = say(keep[0])
            if note and note not in notes:
                notes.append(note)
        best_ = keep
    return best_, notes


def ranked(rng, candidates: Sequence[str], criteria: list[Criterion]) -> tuple[str | None, str]:
    """The best candidate by the criteria in order, ties at random (9.5); its reason names the
    criteria that made a difference."""
    return chosen(rng, *best(candidates, criteria))


def chosen(rng, names: Sequence[str], notes: list[str]) -> tuple[str | None, str]:
    """One of candidates of equal priority, by a die when there are several (9.5), with the words
    of what decided."""
    if not names:
        return None, ""
    name, how = pick(rng, names)
    return name, ", ".join(notes + ([how] if how else []))


def _pakistan(n: str) -> int:
    return 0 if n == "Pakistan" else 1


def _most_resources(state, names: Sequence[str]) -> Criterion:
    """Highest Resources, counted only when every candidate is Muslim (9.4.2.5, 9.4.2.6)."""
    all_muslim = all(D.is_muslim(n) for n in names)
    return ((lambda n: -resources(state, n) if all_muslim else 0),
            lambda n: f"the most Resources ({resources(state, n)})")


# ---------------------------------------------------------------- 9.4.2.2 Plot


def plot_category(state, name: str) -> int | None:
    """The first box of 9.4.2.2 the country is in (0 the US ... 6 Muslim or Iran), or None."""
    if name == D.US:
        return 0
    if state["prestige"] >= 4:                     # "above Low" (spec 11.5: PL's "below" is a slip)
        if name == "Philippines" and has_marker(state, name, "Abu Sayyaf") and \
                cells_and_sadr(state, name) >= troops(state, name):
            return 1
        if troops(state, name) > 0:
            return 2
    if gwot_penalty(state) == 0 and D.is_non_muslim(name) and posture(state, name) == state["us_posture"]:
        return 3
    if state["c"][name]["aid"]:
        return 4
    if state["funding"] < 9:
        return 5 if D.is_non_muslim(name) else 6
    return None


PLOT_BOXES = ["the United States first", "Prestige above Low: the Philippines with Abu Sayyaf",
              "Prestige above Low: a country with troops", "no GWOT penalty: a country with the US posture",
              "a country with Aid", "Funding below 9: a non-Muslim country", "Funding below 9: a Muslim country or Iran"]
GOV_ORDER = {"op": (D.FAIR, D.GOOD, D.POOR), "event": (D.GOOD, D.FAIR, D.POOR)}


def plot_possible(state, candidates: Sequence[str]) -> bool:
    """9.4.2.2: some candidate is in a box (no die: which one is the Plot's own choice)."""
    return any(plot_category(state, n) is not None for n in candidates)


def plot_where(state, rng, candidates: Sequence[str], event: bool = False) -> tuple[str | None, str]:
    """9.4.2.2: a Plot's country among candidates (a cell for the die, not under Islamist Rule);
    None when none is in a box (the Ops go to Radicalization)."""
    names = [n for n in candidates if plot_category(state, n) is not None]
    order = GOV_ORDER["event" if event else "op"]

    def gov_rank(n):
        g = gov(state, n)
        return order.index(g) if g in order else 3
    crit = [(lambda n: plot_category(state, n), lambda n: PLOT_BOXES[plot_category(state, n)], True),
            (gov_rank, lambda n: f"{GOV_WORD[gov(state, n)]} first ({'an event' if event else 'a Plot operation'})")]
    return ranked(rng, names, crit)                                   # 9.4.2.2


# ---------------------------------------------------------------- 9.4.2.3 Major Jihad, 9.4.2.4 minor


def jihad_allowed(state, name: str) -> bool:
    c = state["c"][name]
    return (D.is_muslim(name) and c["gov"] not in (None, D.IR) and cells_and_sadr(state, name) > 0
            and hooks.all_ok("jihad_allowed", state, name))


def major_need(state, name: str) -> int:
    """Dice that all succeeding make Islamist Rule: 2 (1 if Besieged) beyond Poor (8.4.2)."""
    c = state["c"][name]
    return (1 if c["besieged"] else 2) + (D.POOR - c["gov"])


def major_ok(state, name: str, ops: int) -> bool:
    """A Major Jihad that could reach Islamist Rule (spec 11.4): 5 (Potent 3) more cells than
    troops, and enough Ops and cells for the dice it needs."""
    if not jihad_allowed(state, name):
        return False
    n = cells_and_sadr(state, name)
    return n - troops(state, name) >= major_margin(state) and min(n, ops) >= major_need(state, name)


def major_where(state, rng, candidates: Sequence[str]) -> tuple[str | None, str]:
    crit = [(_pakistan, lambda n: "Pakistan first"),
            (lambda n: -resources(state, n), lambda n: f"the most Resources ({resources(state, n)})")]
    return ranked(rng, candidates, crit)                              # 9.4.2.3


def minor_where(state, rng, candidates: Sequence[str], alignment: bool = False) -> tuple[str | None, str]:
    """9.4.2.4: Good, then Fair (then Poor, only for an alignment change); within each Pakistan,
    Aid, Besieged Regime, the most Resources."""
    levels = (D.GOOD, D.FAIR, D.POOR) if alignment else (D.GOOD, D.FAIR)
    names = [n for n in candidates if state["c"][n]["gov"] in levels]
    crit = [(lambda n: levels.index(state["c"][n]["gov"]), lambda n: f"{GOV_WORD[state['c'][n]['gov']]} first"),
            (_pakistan, lambda n: "Pakistan first"),
            (lambda n: 0 if state["c"][n]["aid"] else 1, lambda n: "Aid first"),
            (lambda n: 0 if state["c"][n]["besieged"] else 1, lambda n: "Besieged Regime first"),
            (lambda n: -resources(state, n), lambda n: f"the most Resources ({resources(state, n)})")]
    return ranked(rng, names, crit)                                   # 9.4.2.4


# ---------------------------------------------------------------- 9.4.2.5 Recruit


def recruit_category(state, name: str, ops: int) -> int | None:
    c = state["c"][name]
    if c["rc"]:
        return 0 if troops(state, name) - cells(c) >= 5 else None
    if gov(state, name) == D.IR:
        return 1 if cells_and_sadr(state, name) < 2 * ops else None
    return 2


RECRUIT_BOXES = ["a Regime Change country with 5 more troops than cells",
                 "an Islamist Rule country with fewer cells than twice the card's Ops",
                 "the best chance to recruit"]


def recruit_possible(state, candidates: Sequence[str], ops: int) -> bool:
    """9.4.2.5: some candidate is in a Recruit category (no die)."""
    return any(recruit_category(state, n, ops) is not None for n in candidates)


def recruit_where(state, rng, candidates: Sequence[str], ops: int) -> tuple[str | None, str]:
    """9.4.2.5 in descending priority; within each: Besieged Regime, the most troops and cells,
    the most Resources (all Muslim)."""
    names = [n for n in candidates if recruit_category(state, n, ops) is not None]

    def chance(n):
        need = recruit_need(state, n)
        return 6 if need is None else need
    best = max((chance(n) for n in names if recruit_category(state, n, ops) == 2), default=0)
    names = [n for n in names if recruit_category(state, n, ops) != 2 or chance(n) == best]
    crit = [(lambda n: recruit_category(state, n, ops), lambda n: RECRUIT_BOXES[recruit_category(state, n, ops)], True),
            (lambda n: 0 if state["c"][n]["besieged"] else 1, lambda n: "Besieged Regime first"),
            (lambda n: -(troops(state, n) + cells_and_sadr(state, n)),
             lambda n: f"the most troops and cells ({troops(state, n) + cells_and_sadr(state, n)})"),
            _most_resources(state, names)]
    name, reason = ranked(rng, names, crit)                           # 9.4.2.5
    if name and recruit_category(state, name, ops) == 2:
        reason = reason.replace(RECRUIT_BOXES[2], f"{RECRUIT_BOXES[2]}, success on 1-{chance(name)}", 1)
    return name, reason


# ---------------------------------------------------------------- 9.4.2.6 Travel


def travel_category(state, name: str, box_from: int = 1) -> int | None:
    """The first "To" box of 9.4.2.6 (from box_from on) the country is in, or None."""
    c = state["c"][name]
    g = gov(state, name)
    boxes = []
    if g != D.IR and (c["rc"] or c["besieged"] or c["aid"]):
        boxes.append(1)
    if D.is_muslim(name) and c["gov"] == D.POOR and jihad_possible_at(state, name) and \
            cells_and_sadr(state, name) + 2 - troops(state, name) >= major_margin(state):
        boxes.append(2)                            # "if two (or fewer) cells were added": 0 too
    if D.is_muslim(name) and c["gov"] in (D.GOOD, D.FAIR) and any(cells(state["c"][m]) for m in neighbours(state, name)):
        boxes.append(3)
    if D.is_non_muslim(name) and name not in (D.US, D.ISRAEL):
        if state["us_posture"] == "Hard" and c["posture"] is None:
            boxes.append(4)
        if state["us_posture"] == "Soft" and c["posture"] == "Soft":
            boxes.append(4)
    boxes = [b for b in boxes if b >= box_from]
    return boxes[0] if boxes else None


def jihad_possible_at(state, name: str) -> bool:
    return hooks.all_ok("jihad_allowed", state, name)


TRAVEL_BOXES = {1: "a country with Regime Change, Besieged Regime or Aid",
                2: "a Poor country where Major Jihad is possible with at most 2 more cells",
                3: "a Good or Fair Muslim country next to a cell"}
BOX_4 = {"Hard": "an untested non-Muslim country, as the US is Hard", "Soft": "a Soft non-Muslim country, as the US is Soft"}


def cell_next_to(state, name: str) -> bool:
    return any(cells(state["c"][m]) for m in neighbours(state, name))


def reachable(state) -> Criterion:
    """Biometrics in play (9.4.2.6): among destinations of equal priority, only those with a cell
    next to them are possible (9.5: the die is among the possible countries)."""
    return (lambda n: 0 if cell_next_to(state, n) else 1, lambda n: "")


def destinations(state, candidates: Sequence[str], box: int, near: str | None = None,
                 biometrics_: bool = False) -> tuple[list[str], list[str]]:
    """9.4.2.6: the destinations of "To" box `box` of equal priority (Pakistan first, then the most
    Resources if all Muslim), and why; `near`: the cell's source, once picked: among equals, a
    destination next to it (the source's own 9.4.2.6.1 box 3) first. No die."""
    names = [n for n in candidates if box in _boxes_of(state, n)]
    words = BOX_4[state["us_posture"]] if box == 4 else TRAVEL_BOXES[box]
    crit = [(lambda n: 0, lambda n: words, True), (_pakistan, lambda n: "Pakistan first"), _most_resources(state, names)]
    if near:
        crit.append((lambda n: 0 if n == near or n in neighbours(state, near) else 1, lambda n: f"next to {near}"))
    if biometrics_:
        crit.append(reachable(state))
    return best(names, crit)                                          # 9.4.2.6, "To" box `box`


def _boxes_of(state, name: str) -> list[int]:
    out = []
    b = travel_category(state, name)
    while b is not None:
        out.append(b)
        b = travel_category(state, name, b + 1)
    return out


SOURCE_BOXES = ["an Islamist Rule country with more cells than the card's Ops",
                "a Regime Change country with more cells than troops", "a country next to it",
                "a random country with cells"]


def source_category(state, name: str, dest: str, ops: int) -> int:
    c = state["c"][name]
    if name != dest and gov(state, name) == D.IR and cells(c) > ops:
        return 0
    if name != dest and c["rc"] and cells(c) > troops(state, name):
        return 1
    if name != dest and name in neighbours(state, dest):
        return 2
    return 3


def travel_source(state, rng, dest: str, sources: Sequence[str], ops: int, moves: list,
                  destinations: Sequence[str]) -> tuple[str | None, str]:
    """9.4.2.6.1: where the cell for `dest` comes from, among countries with a cell not yet
    assigned; within a box, one with an unassigned Active cell first, then not another
    destination of the card."""
    def active_left(n):
        going = sum(1 for m in moves if m[0] == n)
        return state["c"][n]["active"] - going > 0
    crit = [(lambda n: source_category(state, n, dest, ops), lambda n: SOURCE_BOXES[source_category(state, n, dest, ops)],
             True),
            (lambda n: 0 if active_left(n) else 1, lambda n: "an Active cell first"),
            (lambda n: 1 if n in destinations and n != dest else 0, lambda n: "not another destination")]
    return ranked(rng, sources, crit)                                 # 9.4.2.6.1


def biometrics(state) -> bool:
    """Card 2 Biometrics in effect (lapsing)."""
    from ..state import lapsing_in_effect
    return 2 in lapsing_in_effect(state) or marker_in_play(state, "Biometrics")
