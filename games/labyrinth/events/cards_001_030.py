"""Card events 1-30 (all US events). One function per event, in number order; the recipe is in
README.md. Card texts: data/cards.json (paraphrased, see data/SOURCES.md)."""

from .. import data as D
from .. import hooks
from ..state import (
    adjacent,
    cells_and_sadr,
    commitment,
    gov,
    lapsing_in_effect,
    marker_in_play,
    neighbours,
    rc_countries,
    troops,
)
from ..us_ops import plot_label, woi_modifiers
from .kit import Ev
from .registry import event


def any_ir(s) -> bool:
    return any(s["c"][n]["gov"] == D.IR for n in D.MUSLIM)


def with_cells(s, names) -> list[str]:
    """The countries with a cell, the Sadr marker counting as one (card 54)."""
    return [n for n in names if cells_and_sadr(s, n)]


# ---------------------------------------------------------------- 1 Backlash


def _backlash_plots(s) -> list[dict]:
    return [p for p in s["plots"] if D.is_muslim(p["c"]) and not p.get("backlash")]


def backlash_ok(s, side):
    return bool(_backlash_plots(s))


@event(1, playable=backlash_ok)
def backlash(ev: Ev):
    """1 Backlash: mark a plot in a Muslim country; resolved, it lowers Funding instead."""
    ev.ask("which plot is backlashed?",
           [(plot_label(ev.s, p), {"plot": p["id"]}) for p in _backlash_plots(ev.s)], then=backlash_plot)


def backlash_plot(ev: Ev, pid: int):
    fx = ev.fx()
    fx.set_plot(pid, "backlash", True)
    country = next(p["c"] for p in ev.s["plots"] if p["id"] == pid)
    ev.emit(f"The plot in {country} is backlashed: resolved, it lowers Funding instead of raising it.", fx)


@hooks.on("plot_funding")
def backlash_funding(s, plot, fx) -> bool:
    """1 Backlash at resolution (8.5.6 step 2): Funding -1 (-2 if Good), a WMD sets it to 1."""
    if not plot.get("backlash"):
        return False
    if plot["v"] == "WMD":
        fx.set_track("funding", 1)
    else:
        fx.add_track("funding", -2 if gov(s, plot["c"]) == D.GOOD else -1)
    return True


# ---------------------------------------------------------------- 2 Biometrics (LAPSING)


def _biometrics(s) -> bool:
    return 2 in lapsing_in_effect(s)


@event(2)
def biometrics(ev: Ev):
    """2 Biometrics: for the rest of the turn no travel to non-adjacent countries, and travel to
    an adjacent Good country needs a roll (hooks below)."""
    ev.emit("For the rest of the turn cells travel only to adjacent countries, and into a Good one only with a roll.")


@hooks.on("travel_allowed")
def biometrics_travel(s, frm, to) -> bool:
    return not _biometrics(s) or frm == to or adjacent(s, frm, to)


@hooks.on("travel_auto")
def biometrics_auto(s, frm, to, auto) -> bool:
    if auto and _biometrics(s) and frm != to and gov(s, to) == D.GOOD:
        return False
    return auto


# ---------------------------------------------------------------- 3 CTR (MARK)


def ctr_ok(s, side):
    return s["us_posture"] == "Soft"


@event(3, playable=ctr_ok)
def ctr(ev: Ev):
    """3 CTR: a CTR marker in Russia, and in Central Asia if it is Ally or Neutral (HEU, Kazakh
    Strain and Loose Nuke check it where they strike)."""
    ev.mark("Russia")
    if ev.s["c"]["Central Asia"]["align"] in ("Ally", "Neutral"):
        ev.mark("Central Asia")


# ---------------------------------------------------------------- 4 Moro Talks (REMOVE, MARK)


@event(4)
def moro_talks(ev: Ev):
    """4 Moro Talks: test the Philippines, Funding -1, the marker (blocks Abu Sayyaf, 57, and
    ends its marker, 6.2.8)."""
    ev.test("Philippines")
    ev.funding(-1)
    ev.mark()


# ---------------------------------------------------------------- 5 NEST (REMOVE, MARK)


@event(5)
def nest(ev: Ev):
    """5 NEST: WMD plots placed in the US are face up (jihadist_ops._place_one)."""
    ev.mark()


# ---------------------------------------------------------------- 6, 7 Sanctions


def sanctions_ok(s, side):
    return marker_in_play(s, "Patriot Act")


@event(6, 7, playable=sanctions_ok)
def sanctions(ev: Ev):
    """6, 7 Sanctions: Funding -2 (needs the Patriot Act marker)."""
    ev.funding(-2)


# ---------------------------------------------------------------- 8, 9, 10 Special Forces


def _special_forces_targets(s) -> list[str]:
    def troops_near(n):
        return troops(s, n) > 0 or any(troops(s, m) > 0 for m in neighbours(s, n))
    return [n for n in D.NAMES if cells_and_sadr(s, n) and troops_near(n)]


def special_forces_ok(s, side):
    return bool(_special_forces_targets(s))


@event(8, 9, 10, playable=special_forces_ok)
def special_forces(ev: Ev):
    """8-10 Special Forces: remove a cell from a country with troops in it or next to it."""
    ev.ask_country(_special_forces_targets(ev.s), "remove a cell from which country?", then=remove_one_cell)


def remove_one_cell(ev: Ev, country: str):
    ev.remove_cells(country, 1)


# ---------------------------------------------------------------- 11 Abbas (REMOVE, MARK)


def _israel_calm(s) -> bool:
    """Not Overstretch, and no Islamist Rule next to Israel (Abbas, Quartet)."""
    return commitment(s)["name"] != "Overstretch" and \
        not any(s["c"][n]["gov"] == D.IR for n in neighbours(s, D.ISRAEL) if D.is_muslim(n))


@event(11)
def abbas(ev: Ev):
    """11 Abbas: the marker (enables Quartet); then Prestige +1 and Funding -2 if troops are not
    Overstretched and no Islamist Rule country is adjacent to Israel."""
    ev.mark()
    if _israel_calm(ev.s):
        ev.prestige(1)
        ev.funding(-2)


@hooks.on("plot_resolved")
def abbas_ends(s, plot, fx):
    """11 Abbas: its marker goes when a plot is resolved in Israel."""
    if plot["c"] == D.ISRAEL and "Abbas" in fx.markers():
        fx.remove_marker("Abbas")


# ---------------------------------------------------------------- 12 Al-Azhar


@event(12)
def al_azhar(ev: Ev):
    """12 Al-Azhar: test Egypt; Funding -4, or -2 if any country is under Islamist Rule."""
    ev.test("Egypt")
    ev.funding(-2 if any_ir(ev.s) else -4)


# ---------------------------------------------------------------- 13 Anbar Awakening (MARK)


def _anbar_targets(s) -> list[str]:
    return [n for n in ("Iraq", "Syria") if troops(s, n) > 0]


def anbar_awakening_ok(s, side):
    return bool(_anbar_targets(s))


@event(13, playable=anbar_awakening_ok)
def anbar_awakening(ev: Ev):
    """13 Anbar Awakening: 1 Aid in Iraq or Syria (with troops), Prestige +1, the marker (blocks
    Al-Anbar, 58, and ends its marker, 6.2.8)."""
    targets = _anbar_targets(ev.s)
    if len(targets) == 1:
        anbar_awakening_aid(ev, targets[0])
    else:
        ev.ask_country(targets, "place 1 Aid in which country?", then=anbar_awakening_aid)


def anbar_awakening_aid(ev: Ev, country: str):
    ev.add_aid(country)
    ev.prestige(1)
    ev.mark()


# ---------------------------------------------------------------- 14 Covert Action


def _adversaries(s) -> list[str]:
    # an Islamist Rule country is an Adversary too: the card does not leave it out (6.2.2)
    return [n for n in D.MUSLIM if s["c"][n]["align"] == "Adversary"]


def covert_action_ok(s, side):
    return bool(_adversaries(s))


@event(14, playable=covert_action_ok)
def covert_action(ev: Ev):
    """14 Covert Action: an Adversary; a die of 4-6 makes it Neutral."""
    ev.ask_country(_adversaries(ev.s), "which Adversary country (a roll of 4-6 makes it Neutral)?",
                   then=covert_action_roll)


def covert_action_roll(ev: Ev, country: str):
    roll = ev.die()
    if roll >= 4:
        ev.set_align(country, "Neutral")
    else:
        ev.emit(f"Covert Action in {country} rolls {roll}: no effect.")


# ---------------------------------------------------------------- 15 Ethiopia Strikes (REMOVE)


def _ethiopia_targets(s) -> list[str]:
    return [n for n in ("Somalia", "Sudan") if s["c"][n]["gov"] == D.IR]


def ethiopia_strikes_ok(s, side):
    return bool(_ethiopia_targets(s))


@event(15, playable=ethiopia_strikes_ok)
def ethiopia_strikes(ev: Ev):
    """15 Ethiopia Strikes: Somalia or Sudan under Islamist Rule becomes Poor Neutral."""
    targets = _ethiopia_targets(ev.s)
    if len(targets) == 1:
        ethiopia_strikes_set(ev, targets[0])
    else:
        ev.ask_country(targets, "which country becomes Poor Neutral?", then=ethiopia_strikes_set)


def ethiopia_strikes_set(ev: Ev, country: str):
    ev.set_gov(country, D.POOR, "Neutral")


# ---------------------------------------------------------------- 16 Euro-Islam (REMOVE)


@event(16)
def euro_islam(ev: Ev):
    """16 Euro-Islam: the US sets Benelux's posture; then Funding -1 if no Islamist Rule."""
    ev.ask_posture("Benelux", then=euro_islam_posture)


def euro_islam_posture(ev: Ev, posture: str):
    ev.set_posture("Benelux", posture.capitalize())
    if not any_ir(ev.s):
        ev.funding(-1)


# ---------------------------------------------------------------- 17 FSB

NUKES = (65, 69, 71)     # HEU, Kazakh Strain, Loose Nuke


@event(17)
def fsb(ev: Ev):
    """17 FSB: the US looks at the Jihadist hand; HEU, Kazakh Strain and Loose Nuke there are
    discarded; if there are none, the US removes a cell from Russia or Central Asia. Solo, the
    Jihadist stack is shuffled then (9.2)."""
    hand = ev.show_hand("jihadist", "us")
    nukes = [n for n in hand if n in NUKES]
    if nukes:
        ev.discard("jihadist", nukes)
    if ev.s["opts"].get("solo"):
        ev.shuffle_stack()                              # 9.2: the stack is shuffled after FSB
    if nukes:
        return
    targets = with_cells(ev.s, ("Russia", "Central Asia"))
    if targets:
        ev.ask_country(targets, "no WMD card in the Jihadist hand: remove a cell from which country?",
                       then=remove_one_cell)
    else:
        ev.emit("No WMD card in the Jihadist hand and no cell in Russia or Central Asia.")


# ---------------------------------------------------------------- 18 Intel Community


@event(18)
def intel_community(ev: Ev):
    """18 Intel Community: the US looks at the Jihadist hand, conducts an operation with 1 Op, and
    may then play an additional card this action phase (only in its own phase)."""
    ev.show_hand("jihadist", "us")
    if not ev.operation(1, then=intel_community_extra, seat="us"):
        ev.emit("No operation is possible with 1 Op.")
        intel_community_extra(ev, None)


def intel_community_extra(ev: Ev, _):
    if ev.by == "us" and ev.s["phase"] == "us":
        ev.extra_card()


# ---------------------------------------------------------------- 19 Kemalist Republic


@event(19)
def kemalist_republic(ev: Ev):
    """19 Kemalist Republic: Turkey becomes Fair Ally."""
    ev.set_gov("Turkey", D.FAIR, "Ally")


# ---------------------------------------------------------------- 20 King Abdullah (REMOVE)


@event(20)
def king_abdullah(ev: Ev):
    """20 King Abdullah: Jordan becomes Fair Ally; Prestige +1; Funding -1."""
    ev.set_gov("Jordan", D.FAIR, "Ally")
    ev.prestige(1)
    ev.funding(-1)


# ---------------------------------------------------------------- 21 Let's Roll!


def _lets_roll_plots(s) -> list[dict]:
    return [p for p in s["plots"]
            if D.is_muslim(p["c"]) and s["c"][p["c"]]["align"] == "Ally" or gov(s, p["c"]) == D.GOOD]


def lets_roll_ok(s, side):
    return bool(_lets_roll_plots(s))


POSTURE_COUNTRIES = [n for n in D.NAMES if D.is_non_muslim(n) and n not in (D.US, D.ISRAEL)]


@event(21, playable=lets_roll_ok)
def lets_roll(ev: Ev):
    """21 Let's Roll!: reveal and remove a plot in an Ally or a Good country; the US draws a
    card; then sets the posture of a non-Muslim country (not the US or Israel, cards.json D9)."""
    ev.ask("which plot is revealed and removed?",
           [(plot_label(ev.s, p), {"plot": p["id"]}) for p in _lets_roll_plots(ev.s)], then=lets_roll_plot)


def lets_roll_plot(ev: Ev, pid: int):
    ev.remove_plot(pid)
    ev.draw("us")
    ev.ask_country(POSTURE_COUNTRIES, "set the posture of which country?", then=lets_roll_country)


def lets_roll_country(ev: Ev, country: str):
    ev.data["country"] = country
    ev.ask_posture(country, then=lets_roll_posture)


def lets_roll_posture(ev: Ev, posture: str):
    ev.set_posture(ev.data["country"], posture.capitalize())


# ---------------------------------------------------------------- 22 Mossad & Shin Bet

MOSSAD = ("Israel", "Jordan", "Lebanon")


def mossad_ok(s, side):
    return bool(with_cells(s, MOSSAD))


@event(22, playable=mossad_ok)
def mossad_and_shin_bet(ev: Ev):
    """22 Mossad & Shin Bet: every cell in Israel, Jordan and Lebanon is removed."""
    for name in with_cells(ev.s, MOSSAD):
        ev.remove_cells(name, cells_and_sadr(ev.s, name))


# ---------------------------------------------------------------- 23, 24, 25 Predator


def predator_ok(s, side):
    return bool(with_cells(s, D.MUSLIM))


@event(23, 24, 25, playable=predator_ok)
def predator(ev: Ev):
    """23-25 Predator: remove a cell from a Muslim country (not Iran)."""
    ev.ask_country(with_cells(ev.s, D.MUSLIM), "remove a cell from which Muslim country?", then=remove_one_cell)


# ---------------------------------------------------------------- 26 Quartet


def quartet_ok(s, side):
    return marker_in_play(s, "Abbas") and _israel_calm(s)


@event(26, playable=quartet_ok)
def quartet(ev: Ev):
    """26 Quartet: Prestige +2, Funding -3 (needs Abbas)."""
    ev.prestige(2)
    ev.funding(-3)


# ---------------------------------------------------------------- 27 Saddam Captured (REMOVE, MARK)


def saddam_captured_ok(s, side):
    return troops(s, "Iraq") > 0


@event(27, playable=saddam_captured_ok)
def saddam_captured(ev: Ev):
    """27 Saddam Captured: 1 Aid in Iraq, Prestige +1, the marker (blocks Saddam, 92; FREs, 51,
    places 2 cells instead of 4)."""
    ev.add_aid("Iraq")
    ev.prestige(1)
    ev.mark()


# ---------------------------------------------------------------- 28 Sharia


def _besieged(s) -> list[str]:
    return [n for n in D.NAMES if s["c"][n]["besieged"]]


def sharia_ok(s, side):
    return bool(_besieged(s))       # cards.json D8: a marker is required


@event(28, playable=sharia_ok)
def sharia(ev: Ev):
    """28 Sharia: remove a Besieged Regime marker."""
    ev.ask_country(_besieged(ev.s), "remove the Besieged Regime marker from which country?", then=sharia_remove)


def sharia_remove(ev: Ev, country: str):
    fx = ev.fx()
    fx.set(country, "besieged", False)
    ev.emit(f"The Besieged Regime marker in {country} is removed.", fx)


# ---------------------------------------------------------------- 29 Tony Blair (REMOVE)


@event(29)
def tony_blair(ev: Ev):
    """29 Tony Blair: the United Kingdom takes the US posture; then War of Ideas (a posture roll,
    7.2.3) in up to 3 Schengen countries."""
    ev.set_posture("United Kingdom", ev.s["us_posture"])
    ev.data["done"] = []
    tony_blair_ask(ev)


def tony_blair_ask(ev: Ev):
    left = [n for n in D.SCHENGEN if n not in ev.data["done"]]
    options = [(ev.label(n), {"country": n}) for n in left]
    options.append(("No more War of Ideas", {"pick": "done"}))
    ev.ask(f"War of Ideas in a Schengen country ({len(ev.data['done']) + 1} of up to 3)?", options,
           then=tony_blair_woi)


def tony_blair_woi(ev: Ev, answer: str):
    if answer == "done":
        return
    roll = ev.die()
    posture = "Soft" if roll <= D.TABLES["posture"]["soft_max"] else "Hard"
    fx = ev.fx()
    fx.set(answer, "posture", posture)
    match = posture == ev.s["us_posture"]
    if match:
        fx.add_track("prestige", 1)                 # 7.2.3: matching the US, Prestige +1
    ev.emit(f"War of Ideas in {answer}: rolls {roll}, {posture}" + (", matching the US: Prestige +1." if match else "."), fx)
    ev.data["done"].append(answer)
    if len(ev.data["done"]) < 3:
        tony_blair_ask(ev)


# ---------------------------------------------------------------- 30 UN Nation Building



def un_nation_building_ok(s, side):
    return bool(rc_countries(s))           # blocked by Vieira de Mello Slain (56): registry


@event(30, playable=un_nation_building_ok)
def un_nation_building(ev: Ev):
    """30 UN Nation Building: 1 Aid in a Regime Change country, then a War of Ideas roll there
    without the GWOT penalty (other modifiers apply; no card value or troop requirement, 6.2.2)."""
    ev.ask_country(rc_countries(ev.s), "Aid and War of Ideas in which Regime Change country?",
                   then=un_nation_building_woi)


def un_nation_building_woi(ev: Ev, country: str):
    ev.add_aid(country)
    mods = [m for m in woi_modifiers(ev.s, country) if m[0] != "GWOT penalty"]
    roll = ev.die()
    total = roll + sum(m[1] for m in mods)
    c = ev.s["c"][country]
    text = f"War of Ideas in {country}: rolls {roll}" + "".join(f" {v:+d} ({k})" for k, v in mods) + f" = {total}"
    if total < D.TABLES["war_of_ideas"]["success_min"]:
        ev.emit(text + ": fails.", mods=mods)
    elif c["align"] != "Ally":
        ev.emit(text + ": success.", mods=mods)
        ev.shift(country, "Ally")
    elif c["gov"] != D.GOOD:
        ev.emit(text + ": success.", mods=mods)
        ev.improve(country)
    else:
        ev.emit(text + ": success, nothing left to improve.", mods=mods)

