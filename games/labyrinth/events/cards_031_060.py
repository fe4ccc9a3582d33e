"""Card events 31-60 (US 31-47, Jihadist 48-60). One function per event, in number order; the
recipe is in README.md. Card texts: data/cards.json (paraphrased, see data/SOURCES.md)."""

from .. import data as D
from .. import hooks
from ..jihadist_ops import recruit_need, recruit_targets
from ..state import (
    available_cells,
    cells,
    cells_and_sadr,
    cells_on_track,
    gov,
    gwot_penalty,
    lapsing_in_effect,
    marker_in_play,
    neighbours,
    rc_countries,
    resources,
    troops,
)
from ..us_ops import rc_sources
from .kit import Ev
from .registry import event

POSTURE_COUNTRIES = [n for n in D.NAMES if D.is_non_muslim(n) and n not in (D.US, D.ISRAEL)]


def any_ir(s) -> bool:
    return any(s["c"][n]["gov"] == D.IR for n in D.MUSLIM)


def ask_posture_then_set(ev: Ev, country: str):
    """Ask the event's side for a posture and set it (continuation: set_asked_posture)."""
    ev.data["posture_of"] = country
    ev.ask_posture(country, then=set_asked_posture)


def set_asked_posture(ev: Ev, posture: str):
    ev.set_posture(ev.data.pop("posture_of"), posture.capitalize())


# ---------------------------------------------------------------- 31 Wiretapping (MARK)

WIRETAP = ("United States", "United Kingdom", "Canada")


def wiretapping_ok(s, side):
    # not after Leak flipped its marker: registry.blocked
    return any(cells(s["c"][n]) or s["c"][n]["cadre"] or any(p["c"] == n for p in s["plots"]) for n in WIRETAP)


@event(31, playable=wiretapping_ok)
def wiretapping(ev: Ev):
    """31 Wiretapping: remove every cell, cadre and plot in the US, the UK and Canada (no cadre
    left behind); the US draws a card (cards.json D2); the marker."""
    for name in WIRETAP:
        c = ev.s["c"][name]
        if cells(c):
            ev.remove_cells(name, cells(c), cadre=False)
        if ev.s["c"][name]["cadre"]:
            fx = ev.fx()
            fx.set(name, "cadre", False)
            ev.emit(f"The cadre in {name} is removed.", fx)
        for plot in [p for p in ev.s["plots"] if p["c"] == name]:
            ev.remove_plot(plot["id"])
    ev.draw("us")
    ev.mark()


# ---------------------------------------------------------------- 32 Back Channel


def _back_channel(s) -> dict[str, list[int]]:
    """Adversaries (Islamist Rule ones too: the card does not leave them out) -> US cards of equal value."""
    out = {}
    for n in D.MUSLIM:
        c = s["c"][n]
        if c["align"] == "Adversary":
            out[n] = sorted(k for k in s["hands"]["us"] if k != 32 and D.card_ops(k) == resources(s, n))
    return out


def back_channel_ok(s, side):
    return s["us_posture"] == "Soft" and any(s["c"][n]["align"] == "Adversary" for n in D.MUSLIM)


@event(32, playable=back_channel_ok)
def back_channel(ev: Ev):
    """32 Back Channel: the US may discard a card whose value equals an Adversary's Resources;
    that country becomes Neutral and gets 1 Aid."""
    options = [(f"{ev.label(n)}: discard a {resources(ev.s, n)}-value card", {"country": n})
               for n, cards in _back_channel(ev.s).items() if cards]
    options.append(("Discard nothing", {"pick": "none"}))
    ev.ask("discard a card to make which Adversary Neutral?", options, then=back_channel_country)


def back_channel_country(ev: Ev, answer: str):
    if answer == "none":
        ev.emit("The US discards nothing.")
        return
    ev.data["country"] = answer
    ev.ask_card(_back_channel(ev.s)[answer], f"which card do you discard for {answer}?", then=back_channel_card)


def back_channel_card(ev: Ev, card: int):
    country = ev.data["country"]
    ev.discard("us", [card])
    ev.set_align(country, "Neutral")
    ev.add_aid(country)


# ---------------------------------------------------------------- 33 Benazir Bhutto (REMOVE, MARK)


def benazir_bhutto_ok(s, side):
    # blocked by Bhutto Shot (60): registry
    return not any(s["c"][n]["gov"] == D.IR for n in ("Pakistan", *neighbours(s, "Pakistan")) if D.is_muslim(n))


@event(33, playable=benazir_bhutto_ok)
def benazir_bhutto(ev: Ev):
    """33 Benazir Bhutto: a Poor Pakistan becomes Fair; the marker: no Jihad in Pakistan."""
    if ev.s["c"]["Pakistan"]["gov"] == D.POOR:
        ev.set_gov("Pakistan", D.FAIR)
    ev.mark()


@hooks.on("jihad_allowed")
def benazir_bhutto_no_jihad(s, country) -> bool:
    return not (country == "Pakistan" and "Benazir Bhutto" in s["c"]["Pakistan"]["markers"])


# ---------------------------------------------------------------- 34 Enhanced Measures (MARK)


def _disrupt_possible(s, value: int = 3) -> bool:
    from ..us_ops import disrupt_ok
    return any(disrupt_ok(s, n, value) for n in D.NAMES)


def enhanced_measures_ok(s, side):
    # not after Leak flipped its marker: registry
    return s["us_posture"] == "Hard" and _disrupt_possible(s)


@event(34, playable=enhanced_measures_ok)
def enhanced_measures(ev: Ev):
    """34 Enhanced Measures: a Disrupt (with the card's 3 Ops); the US takes a random card from
    the Jihadist hand; the marker."""
    if not ev.operation(3, ["disrupt"], then=enhanced_measures_take, seat="us"):
        enhanced_measures_take(ev, None)


def enhanced_measures_take(ev: Ev, _):
    taken = ev.random_cards("jihadist", 1)
    if taken:
        ev.move_cards(taken, "jihadist", "us", secret=["us", "jihadist"])
    ev.mark()


# ---------------------------------------------------------------- 35 Hijab (REMOVE)


def hijab_ok(s, side):
    return not any_ir(s)


@event(35, playable=hijab_ok)
def hijab(ev: Ev):
    """35 Hijab: test Turkey and improve it one level; the US sets France's posture; Funding -2."""
    ev.test("Turkey")
    ev.improve("Turkey")
    ev.funding(-2)
    ask_posture_then_set(ev, "France")


# ---------------------------------------------------------------- 36 Indo-Pakistani Talks (REMOVE, MARK)


def indo_pakistani_talks_ok(s, side):
    return s["c"]["Pakistan"]["gov"] in (D.GOOD, D.FAIR)


@event(36, playable=indo_pakistani_talks_ok)
def indo_pakistani_talks(ev: Ev):
    """36 Indo-Pakistani Talks: Pakistan becomes an Ally; the marker (blocks Kashmir and
    Lashkar-e-Tayyiba, ends with a plot resolved in India); the US sets India's posture."""
    ev.set_align("Pakistan", "Ally")
    ev.mark()
    ask_posture_then_set(ev, "India")


@hooks.on("plot_resolved")
def indo_pakistani_talks_end(s, plot, fx):
    if plot["c"] == "India" and "Indo-Pakistani Talks" in fx.markers("Pakistan"):
        fx.remove_marker("Indo-Pakistani Talks", "Pakistan")


# ---------------------------------------------------------------- 37 Iraqi WMD (REMOVE, MARK)


def iraqi_wmd_ok(s, side):
    return s["us_posture"] == "Hard" and s["c"]["Iraq"]["align"] == "Adversary"


@event(37, playable=iraqi_wmd_ok)
def iraqi_wmd(ev: Ev):
    """37 Iraqi WMD: the marker: this card or a later one may conduct Regime Change in Iraq whatever
    its governance; the US is offered it with this card at once."""
    ev.mark()
    offer_wmd_regime_change(ev, "Iraq")


def offer_wmd_regime_change(ev: Ev, country: str):
    """37, 39 "Use this or a later card for Regime Change ... at any Governance": the US may use
    the event's own card for it now (7.3.4: Hard, 6 troops from one place), or keep the marker."""
    play = ev.s["in_play"]
    if ev.by != "us" or ev.loose or play is None or play["card"] != ev.card:
        return
    if not (ev.s["us_posture"] == "Hard" and rc_sources(ev.s, country) and D.card_ops(ev.card) >= 3):
        ev.emit(f"No Regime Change in {country} is possible with this card now (rule 7.3.4): the marker waits for a "
                "later card.")
        return
    ev.data["rc"] = country
    ev.ask_pick([(f"Regime Change in {country} now, with this card", "now"),
                 ("Keep the marker for a later card", "later")],
                f"use this card for Regime Change in {country} now?", then=wmd_regime_change_now)


def wmd_regime_change_now(ev: Ev, pick: str):
    country = ev.data["rc"]
    if pick != "now":
        ev.emit(f"The {WMD_RC[country]} marker waits for a later card.")
        return
    ev.emit(f"The US uses {ev.name} for Regime Change in {country}.", in_play={"rc_in": country})
    ev.operation(D.card_ops(ev.card), ["regime_change"])


WMD_RC = {"Iraq": "Iraqi WMD", "Libya": "Libyan WMD"}


@hooks.on("rc_allowed")
def wmd_regime_change(s, country) -> bool:
    """37, 39: Regime Change in Iraq / Libya at any governance while the marker is there."""
    m = WMD_RC.get(country)
    return bool(m) and m in s["c"][country]["markers"] and s["c"][country]["gov"] is not None


@hooks.on("rc_done")
def wmd_regime_change_used(fx, country):
    m = WMD_RC.get(country)
    if m and m in fx.markers(country):
        fx.remove_marker(m, country)


# ---------------------------------------------------------------- 38 Libyan Deal (REMOVE, MARK)


def libyan_deal_ok(s, side):
    return (s["c"]["Iraq"]["align"] == "Ally" or s["c"]["Syria"]["align"] == "Ally") and s["c"]["Libya"]["gov"] == D.POOR


@event(38, playable=libyan_deal_ok)
def libyan_deal(ev: Ev):
    """38 Libyan Deal: Libya becomes an Ally; Prestige +1; the marker (blocks Libyan WMD, 39, and
    ends its marker, 6.2.8); the US sets the posture of 2 Schengen countries."""
    ev.set_align("Libya", "Ally")
    ev.prestige(1)
    ev.mark()
    ev.data["left"] = 2
    libyan_deal_ask(ev)


def libyan_deal_ask(ev: Ev):
    done = ev.data.get("done", [])
    ev.ask_country([n for n in D.SCHENGEN if n not in done],
                   f"set the posture of which Schengen country ({3 - ev.data['left']} of 2)?", then=libyan_deal_country)


def libyan_deal_country(ev: Ev, country: str):
    ev.data.setdefault("done", []).append(country)
    ev.ask_posture(country, then=libyan_deal_posture)


def libyan_deal_posture(ev: Ev, posture: str):
    ev.set_posture(ev.data["done"][-1], posture.capitalize())
    ev.data["left"] -= 1
    if ev.data["left"]:
        libyan_deal_ask(ev)


# ---------------------------------------------------------------- 39 Libyan WMD (REMOVE, MARK)


def libyan_wmd_ok(s, side):
    # blocked by Libyan Deal (38): registry
    return s["c"]["Libya"]["align"] == "Adversary" and s["us_posture"] == "Hard"


@event(39, playable=libyan_wmd_ok)
def libyan_wmd(ev: Ev):
    """39 Libyan WMD: the marker: this card or a later one may conduct Regime Change in Libya whatever
    its governance; the US is offered it with this card at once."""
    ev.mark()
    offer_wmd_regime_change(ev, "Libya")


# ---------------------------------------------------------------- 40 Mass Turnout



def mass_turnout_ok(s, side):
    return bool(rc_countries(s))


@event(40, playable=mass_turnout_ok)
def mass_turnout(ev: Ev):
    """40 Mass Turnout: improve a Regime Change country one level."""
    ev.ask_country(rc_countries(ev.s), "improve which Regime Change country?", then=improve_country)


def improve_country(ev: Ev, country: str):
    ev.improve(country)


# ---------------------------------------------------------------- 41 NATO (MARK)


def nato_ok(s, side):
    return gwot_penalty(s) == 0 and bool(rc_countries(s))


@event(41, playable=nato_ok)
def nato(ev: Ev):
    """41 NATO: 1 Aid and the NATO marker in a Regime Change country: it counts as 2 troops there
    for every purpose (state.troops) but never moves; a Withdraw from there removes it."""
    ev.ask_country(rc_countries(ev.s), "place Aid and the NATO marker in which Regime Change country?",
                   then=nato_place)


def nato_place(ev: Ev, country: str):
    ev.add_aid(country)
    if ev.marker("NATO"):
        ev.unmark("NATO")                   # one marker: it moves to the new country
    ev.mark(country)


# ---------------------------------------------------------------- 42 Pakistani Offensive


def pakistani_offensive_ok(s, side):
    c = s["c"]["Pakistan"]
    return c["align"] == "Ally" and "FATA" in c["markers"]


@event(42, playable=pakistani_offensive_ok)
def pakistani_offensive(ev: Ev):
    """42 Pakistani Offensive: the FATA marker is removed."""
    ev.unmark("FATA")


# ---------------------------------------------------------------- 43 Patriot Act (REMOVE, MARK)


@event(43)
def patriot_act(ev: Ev):
    """43 Patriot Act: the marker: the US is adjacent only to Canada (state.neighbours)."""
    ev.mark()


# ---------------------------------------------------------------- 44 Renditions (MARK)


def renditions_ok(s, side):
    # not after Leak flipped its marker: registry
    return s["us_posture"] == "Hard"


@event(44, playable=renditions_ok)
def renditions(ev: Ev):
    """44 Renditions: a Disrupt if possible (with the card's 3 Ops); the Jihadist discards a random
    card; the marker (blocks Detainee Release, 61)."""
    if not ev.operation(3, ["disrupt"], then=renditions_discard, seat="us"):
        renditions_discard(ev, None)


def renditions_discard(ev: Ev, _):
    cards = ev.random_cards("jihadist", 1)
    if cards:
        ev.discard("jihadist", cards)
    ev.mark()


# ---------------------------------------------------------------- 45 Safer Now


def safer_now_ok(s, side):
    good = [n for n in D.NAMES if gov(s, n) == D.GOOD]
    return not any_ir(s) and not any(cells(s["c"][n]) or any(p["c"] == n for p in s["plots"]) for n in good)


@event(45, playable=safer_now_ok)
def safer_now(ev: Ev):
    """45 Safer Now: roll US posture; Prestige +3; the US sets the posture of a non-US country."""
    ev.roll_posture(D.US)
    ev.prestige(3)
    ev.ask_country(POSTURE_COUNTRIES, "set the posture of which country?", then=ask_posture_then_set)


# ---------------------------------------------------------------- 46 Sistani


def _sistani(s) -> list[str]:
    return [n for n in D.MUSLIM if D.COUNTRIES[n]["type"] == "shia_mix" and s["c"][n]["rc"] and cells_and_sadr(s, n)]


def sistani_ok(s, side):
    return bool(_sistani(s))


@event(46, playable=sistani_ok)
def sistani(ev: Ev):
    """46 Sistani: improve a Shia-Mix Regime Change country with a cell one level."""
    ev.ask_country(_sistani(ev.s), "improve which country?", then=improve_country)


# ---------------------------------------------------------------- 47 The door of Itjihad was closed (LAPSING)


@event(47)
def door_of_itjihad_closed(ev: Ev):
    """47 The door of Itjihad was closed: for the rest of the turn the Jihadist picks every card
    it plays at random (hook random_card, flow._card_prompt)."""
    ev.emit("For the rest of the turn the Jihadist plays its cards at random.")


@hooks.on("random_card")
def door_of_itjihad_random(s, seat) -> bool:
    return seat == "jihadist" and 47 in lapsing_in_effect(s)


# ---------------------------------------------------------------- 48 Adam Gadahn


def _second_cards(s, card: int) -> list[int]:
    return sorted(n for n in s["hands"]["jihadist"] if n != card)


def _first_jihadist_card(s) -> bool:
    return s["phase"] == "jihadist" and s["played"] == 0


def adam_gadahn_ok(s, side):
    return _first_jihadist_card(s) and available_cells(s) > 0 and bool(_second_cards(s, 48))


@event(48, playable=adam_gadahn_ok)
def adam_gadahn(ev: Ev):
    """48 Adam Gadahn (first card of the phase): play a second card and Recruit in the United
    States with all its Ops, each die succeeding on 1-2 (Funding limits the cells); the second
    card has no event."""
    ev.ask_card(_second_cards(ev.s, 48), "which second card do you play to Recruit in the United States?",
                then=adam_gadahn_recruit)


def adam_gadahn_recruit(ev: Ev, card: int):
    ev.play_second_card(card)
    rolls = [ev.die() for _ in range(D.card_ops(card))]
    succ = sum(1 for r in rolls if r <= 2)
    ev.emit(f"Recruit in the United States: rolls {' '.join(map(str, rolls))} (needs 1-2), "
            f"{succ} success{'es' if succ != 1 else ''}.")
    k = min(succ, available_cells(ev.s))
    if k:
        ev.place_cells(D.US, k)


# ---------------------------------------------------------------- 49 Al-Ittihad al-Islami (REMOVE)


@event(49)
def al_ittihad_al_islami(ev: Ev):
    """49 Al-Ittihad al-Islami: a cell in Somalia."""
    ev.place_cells("Somalia", 1)


# ---------------------------------------------------------------- 50 Ansar al-Islam (REMOVE)


def ansar_al_islam_ok(s, side):
    g = s["c"]["Iraq"]["gov"]
    return g is not None and g > D.GOOD


@event(50, playable=ansar_al_islam_ok)
def ansar_al_islam(ev: Ev):
    """50 Ansar al-Islam: a cell in Iraq or Iran."""
    ev.ask_country(["Iraq", D.IRAN], "place a cell in which country?", then=place_one_cell)


def place_one_cell(ev: Ev, country: str):
    ev.place_cells(country, 1)


# ---------------------------------------------------------------- 51 FREs


def fres_ok(s, side):
    return troops(s, "Iraq") > 0


@event(51, playable=fres_ok)
def fres(ev: Ev):
    """51 FREs: 4 cells in Iraq, 2 with Saddam Captured (27) in play."""
    ev.place_cells("Iraq", 2 if marker_in_play(ev.s, "Saddam Captured") else 4)


# ---------------------------------------------------------------- 52 IEDs


def _rc_with_cells(s) -> list[str]:
    return [n for n in D.NAMES if s["c"][n]["rc"] and cells_and_sadr(s, n)]


def ieds_ok(s, side):
    return bool(_rc_with_cells(s))


@event(52, playable=ieds_ok)
def ieds(ev: Ev):
    """52 IEDs: the US discards a card at random."""
    discard_at_random(ev, "us", 1)


def discard_at_random(ev: Ev, seat: str, n: int):
    cards = ev.random_cards(seat, n)
    if cards:
        ev.discard(seat, cards)
    else:
        ev.emit(f"The {D.SIDE[seat]} has no card to discard.")


# ---------------------------------------------------------------- 53 Madrassas


def madrassas_ok(s, side):
    return _first_jihadist_card(s) and bool(_second_cards(s, 53))


def _madrassas_targets(s) -> list[str]:
    """Recruit targets (a cell or cadre), and Poor or Islamist Rule countries without them."""
    extra = [n for n in D.MUSLIM if s["c"][n]["gov"] in (D.POOR, D.IR)]
    found = set(recruit_targets(s)) | set(extra)
    return [n for n in D.NAMES if n in found]


@event(53, playable=madrassas_ok)
def madrassas(ev: Ev):
    """53 Madrassas (first card of the phase): play a second card and Recruit with the Ops of both
    (ignoring the Funding limit; also in Poor or Islamist Rule countries without a cell or cadre);
    the second card has no event."""
    ev.ask_card(_second_cards(ev.s, 53), "which second card do you play with Madrassas?", then=madrassas_second)


def madrassas_second(ev: Ev, card: int):
    ev.play_second_card(card)
    ev.data.update(dice=[], n=D.card_ops(53) + D.card_ops(card))
    madrassas_ask(ev)


def madrassas_ask(ev: Ev):
    n = len(ev.data["dice"]) + 1
    ev.ask_country(_madrassas_targets(ev.s), f"Recruit die {n} of {ev.data['n']}: in which country?",
                   then=madrassas_die)


def madrassas_die(ev: Ev, country: str):
    ev.data["dice"].append(country)
    if len(ev.data["dice"]) < ev.data["n"]:
        madrassas_ask(ev)
        return
    for name in dict.fromkeys(ev.data["dice"]):
        ev.test(name)
    succ: dict[str, int] = {}
    parts = []
    for name in ev.data["dice"]:
        need = recruit_need(ev.s, name)
        if need is None:
            ok = True
            parts.append(f"{name} auto")
        else:
            roll = ev.die()
            ok = roll <= need
            parts.append(f"{name} {roll} (needs 1-{need})")
        if ok:
            succ[name] = succ.get(name, 0) + 1
    ev.emit("Madrassas Recruit: " + ", ".join(parts) + ".")
    for name, k in succ.items():
        if cells_on_track(ev.s):
            ev.place_cells(name, k)


# ---------------------------------------------------------------- 54 Moqtada al-Sadr (REMOVE, MARK)


def moqtada_al_sadr_ok(s, side):
    return troops(s, "Iraq") > 0


@event(54, playable=moqtada_al_sadr_ok)
def moqtada_al_sadr(ev: Ev):
    """54 Moqtada al-Sadr: the Sadr marker in Iraq: an Active cell (state.sadr) that never travels
    and cannot be Disrupted; an event may remove it (Ev.remove_cells) and a failed Jihad die loses
    it after the cylinders (jihadist_ops._take): it leaves the game."""
    ev.mark()


# ---------------------------------------------------------------- 55 Uyghur Jihad (REMOVE)


@event(55)
def uyghur_jihad(ev: Ev):
    """55 Uyghur Jihad: test China; a cell in China if it is Soft, else in Central Asia."""
    ev.test("China")
    ev.place_cells("China" if ev.s["c"]["China"]["posture"] == "Soft" else "Central Asia", 1)


# ---------------------------------------------------------------- 56 Vieira de Mello Slain (REMOVE, MARK)


def vieira_de_mello_slain_ok(s, side):
    return bool(_rc_with_cells(s))


@event(56, playable=vieira_de_mello_slain_ok)
def vieira_de_mello_slain(ev: Ev):
    """56 Vieira de Mello Slain: Prestige -1; the marker (blocks UN Nation Building, 30)."""
    ev.prestige(-1)
    ev.mark()


# ---------------------------------------------------------------- 57 Abu Sayyaf (REMOVE, MARK)


@event(57)
def abu_sayyaf(ev: Ev):
    """57 Abu Sayyaf (blocked by Moro Talks, 4): a cell in the Philippines and the marker (the US
    may deploy there; plots placed there cost Prestige: us_ops, jihadist_ops)."""
    ev.place_cells("Philippines", 1)
    ev.mark()


# ---------------------------------------------------------------- 58 Al-Anbar (REMOVE, MARK)


@event(58)
def al_anbar(ev: Ev):
    """58 Al-Anbar (blocked by Anbar Awakening, 13): a cell in Iraq; the marker: Disrupt in Iraq
    or Syria affects 1 cell and never a cadre; no US Zawahiri or Bin Ladin (registry)."""
    ev.place_cells("Iraq", 1)
    ev.mark()


def _al_anbar(s, country) -> bool:
    return country in ("Iraq", "Syria") and marker_in_play(s, "Al-Anbar")


@hooks.on("disrupt_count")
def al_anbar_disrupt(s, country, n) -> int:
    return min(n, 1) if _al_anbar(s, country) else n


@hooks.on("disrupt_cadre")
def al_anbar_cadre(s, country) -> bool:
    return not _al_anbar(s, country)


# ---------------------------------------------------------------- 59 Amerithrax


@event(59)
def amerithrax(ev: Ev):
    """59 Amerithrax: the US discards its highest-value US card (the US picks among equals)."""
    us_cards = [n for n in ev.hand("us") if D.CARDS[n]["association"] == "US"]
    if not us_cards:
        ev.emit("The US holds no US card.")
        return
    top = max(D.card_ops(n) for n in us_cards)
    best = sorted(n for n in us_cards if D.card_ops(n) == top)
    if len(best) == 1:
        discard_us_card(ev, best[0])
    else:
        ev.ask_card(best, "Amerithrax: which of your highest-value US cards do you discard?",
                    then=discard_us_card, seat="us")


def discard_us_card(ev: Ev, card: int):
    ev.discard("us", [card])


# ---------------------------------------------------------------- 60 Bhutto Shot (REMOVE, MARK)


def bhutto_shot_ok(s, side):
    return cells(s["c"]["Pakistan"]) > 0


@event(60, playable=bhutto_shot_ok)
def bhutto_shot(ev: Ev):
    """60 Bhutto Shot: the marker (blocks Benazir Bhutto, 33, and ends its marker, 6.2.8)."""
    ev.mark()
