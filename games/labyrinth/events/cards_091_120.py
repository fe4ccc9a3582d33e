"""Card events 91-120 (Jihadist 91-95, Unassociated 96-120). One function per event, in number
order; the recipe is in README.md. Card texts: data/cards.json (paraphrased, see
data/SOURCES.md). An Unassociated card whose two sides differ registers one function per side."""

from .. import data as D
from .. import hooks
from ..governance import remove_aid, set_gov
from ..solo import is_solo
from ..state import (
    cells,
    cells_and_sadr,
    cells_on_track,
    gov,
    gwot_penalty,
    lapsing_in_effect,
    neighbours,
    posture,
    prestige_band,
    tested,
    troops,
    troops_on_track,
)
from .kit import Ev
from .registry import event

SHIA_MIX = [n for n in D.MUSLIM if D.COUNTRIES[n]["type"] == "shia_mix"]
POSTURE_COUNTRIES = [n for n in D.NAMES if D.is_non_muslim(n) and n not in (D.US, D.ISRAEL)]


def any_ir(s) -> bool:
    return any(s["c"][n]["gov"] == D.IR for n in D.MUSLIM)


def place_one_cell(ev: Ev, country: str):
    ev.place_cells(country, 1)


def remove_one_cell(ev: Ev, country: str):
    ev.remove_cells(country, 1)


def ask_plot_marker(ev: Ev, country: str, values: list, then) -> bool:
    """Ask the Jihadist which of these available plot markers goes to `country` (ev.data
    "plot_in"); with one choice place it at once. False if none is available."""
    avail = sorted({v for v in ev.s["avail"] if v in values}, key=str)
    if not avail:
        ev.emit(f"No suitable plot marker is available for {country}.")
        return False
    ev.data["plot_in"] = country
    if len(avail) == 1:
        then(ev, str(avail[0]).lower())
        return True
    ev.ask_pick([("WMD plot" if v == "WMD" else f"Plot {v}", str(v).lower()) for v in avail],
                f"which available plot marker do you place in {country}?", then=then, seat="jihadist")
    return True


def place_picked_plot(ev: Ev, pick: str):
    ev.place_plot(ev.data.pop("plot_in"), "WMD" if pick == "wmd" else int(pick))


ANY_PLOT = [1, 2, 3, "WMD"]


# ---------------------------------------------------------------- 91 Regional al-Qaeda


def _untested_muslim(s) -> list[str]:
    return [n for n in D.MUSLIM if not tested(s, n)]


def regional_al_qaeda_ok(s, side):
    return len(_untested_muslim(s)) >= 2


@event(91, playable=regional_al_qaeda_ok)
def regional_al_qaeda(ev: Ev):
    """91 Regional al-Qaeda: cells in 2 untested Muslim countries, 1 each (2 each with any
    Islamist Rule); each is tested when its cells arrive."""
    ev.data["each"] = 2 if any_ir(ev.s) else 1
    ev.data["left"] = 2
    regional_al_qaeda_ask(ev)


def regional_al_qaeda_ask(ev: Ev):
    ev.ask_country(_untested_muslim(ev.s), f"cells in which untested country ({3 - ev.data['left']} of 2)?",
                   then=regional_al_qaeda_place)


def regional_al_qaeda_place(ev: Ev, country: str):
    ev.place_cells(country, ev.data["each"])
    ev.data["left"] -= 1
    if ev.data["left"] and _untested_muslim(ev.s) and cells_on_track(ev.s):
        regional_al_qaeda_ask(ev)


# ---------------------------------------------------------------- 92 Saddam


def saddam_ok(s, side):
    # blocked by Saddam Captured (27): registry
    c = s["c"]["Iraq"]
    return c["gov"] == D.POOR and c["align"] == "Adversary"


@event(92, playable=saddam_ok)
def saddam(ev: Ev):
    """92 Saddam: Funding to 9."""
    ev.set_funding(9)


# ---------------------------------------------------------------- 93 Taliban


@event(93)
def taliban(ev: Ev):
    """93 Taliban: Besieged Regime in Afghanistan; a cell in Afghanistan and in Pakistan;
    Prestige -1, or -3 if Afghanistan or Pakistan is under Islamist Rule."""
    ev.test("Afghanistan")
    ev.besiege("Afghanistan")
    if cells_on_track(ev.s) == 1:
        ev.ask_country(["Afghanistan", "Pakistan"], "only one cell is left on the track: place it in Afghanistan "
                       "or in Pakistan?", then=taliban_last_cell)
        return
    ev.place_cells("Afghanistan", 1)
    ev.place_cells("Pakistan", 1)
    taliban_prestige(ev)


def taliban_last_cell(ev: Ev, country: str):
    ev.place_cells(country, 1)
    taliban_prestige(ev)


def taliban_prestige(ev: Ev):
    ir = D.IR in (ev.s["c"]["Afghanistan"]["gov"], ev.s["c"]["Pakistan"]["gov"])
    ev.prestige(-3 if ir else -1)


# ---------------------------------------------------------------- 94 The door of Itjihad was closed


def _door(s) -> list[str]:
    recent = s.get("recent") or {}
    names = set(recent.get("now", {}).get("better", [])) | set(recent.get("last", {}).get("better", []))
    return [n for n in D.MUSLIM if n in names and s["c"][n]["gov"] in (D.GOOD, D.FAIR)]


def door_of_itjihad_ok(s, side):
    return bool(_door(s))


@event(94, playable=door_of_itjihad_ok)
def door_of_itjihad(ev: Ev):
    """94 The door of Itjihad was closed: a country tested or improved to Fair or Good in this
    or the last action phase worsens one level."""
    ev.ask_country(_door(ev.s), "which country worsens?", then=worsen_country)


def worsen_country(ev: Ev, country: str):
    ev.worsen(country)


# ---------------------------------------------------------------- 95 Wahhabism


@event(95)
def wahhabism(ev: Ev):
    """95 Wahhabism: Funding + Saudi Arabia's governance value; 9 if it is under Islamist Rule."""
    g = ev.s["c"]["Saudi Arabia"]["gov"]
    if g == D.IR:
        ev.set_funding(9)
    elif g is not None:
        ev.funding(g)
    else:
        ev.emit("Saudi Arabia is untested: no effect.")


# ---------------------------------------------------------------- 96 Danish Cartoons (REMOVE)


@event(96)
def danish_cartoons(ev: Ev):
    """96 Danish Cartoons (either side): the US sets Scandinavia's posture; then the Jihadist
    places an available Plot 1 (any available plot with Islamist Rule on the map) in a Muslim
    country not under Islamist Rule. Each side decides its own part, whoever played the card."""
    ev.ask_posture("Scandinavia", then=danish_cartoons_posture, seat="us")


def danish_cartoons_posture(ev: Ev, posture: str):
    ev.set_posture("Scandinavia", posture.capitalize())
    values = ANY_PLOT if any_ir(ev.s) else [1]
    if not any(v in values for v in ev.s["avail"]):
        ev.emit("No suitable plot marker is available.")
        return
    ev.ask_country([n for n in D.MUSLIM if ev.s["c"][n]["gov"] != D.IR], "place the plot in which Muslim country?",
                   then=danish_cartoons_country, seat="jihadist")


def danish_cartoons_country(ev: Ev, country: str):
    ask_plot_marker(ev, country, ANY_PLOT if any_ir(ev.s) else [1], place_picked_plot)


# ---------------------------------------------------------------- 97 Fatwa


def fatwa_ok(s, side):
    # the card may still be in the hand when this is asked: "besides this one"
    return all(any(n != 97 for n in s["hands"][seat]) for seat in ("us", "jihadist"))


@event(97, playable=fatwa_ok)
def fatwa(ev: Ev):
    """97 Fatwa (either side): the players swap a card drawn at random from each hand (each sees
    both); then the playing side conducts an operation with this card (1 Op)."""
    mine = ev.random_cards(ev.side, 1)
    theirs = ev.random_cards(ev.other, 1)
    if mine and theirs:
        ev.move_cards(mine, ev.side, ev.other, secret=["us", "jihadist"])
        ev.move_cards(theirs, ev.other, ev.side, secret=["us", "jihadist"])
    if not ev.operation(1):
        ev.emit("No operation is possible with 1 Op.")


# ---------------------------------------------------------------- 98 Gaza Withdrawal (REMOVE)


@event(98, side="us")
def gaza_withdrawal_us(ev: Ev):
    """98 Gaza Withdrawal, US: Funding -1."""
    ev.funding(-1)


@event(98, side="jihadist")
def gaza_withdrawal_jihadist(ev: Ev):
    """98 Gaza Withdrawal, Jihadist: a cell in Israel."""
    ev.place_cells(D.ISRAEL, 1)


# ---------------------------------------------------------------- 99 HAMAS Elected (REMOVE)


@event(99)
def hamas_elected(ev: Ev):
    """99 HAMAS Elected (either side): the US chooses and discards one of its cards; Prestige
    -1; Funding -1."""
    hand = sorted(n for n in ev.hand("us") if n != 99)
    if hand:
        ev.ask_card(hand, "which of your cards do you discard?", then=hamas_elected_discard, seat="us")
    else:
        hamas_elected_rest(ev)


def hamas_elected_discard(ev: Ev, card: int):
    ev.discard("us", [card])
    hamas_elected_rest(ev)


def hamas_elected_rest(ev: Ev):
    ev.prestige(-1)
    ev.funding(-1)


# ---------------------------------------------------------------- 100 Hizb Ut-Tahrir


@event(100)
def hizb_ut_tahrir(ev: Ev):
    """100 Hizb Ut-Tahrir: Funding +2 at Overstretch (0-4 troops on the track), -2 at Low
    Intensity (10+), nothing at War (playable for no effect, as in LWOTai, cards.json note)."""
    n = troops_on_track(ev.s)
    if n <= 4:
        ev.funding(2)
    elif n >= 10:
        ev.funding(-2)
    else:
        ev.emit("Troops are at War: no effect.")


# ---------------------------------------------------------------- 101 Kosovo


@event(101)
def kosovo(ev: Ev):
    """101 Kosovo: Prestige +1; Serbia takes the posture opposite the US."""
    ev.prestige(1)
    ev.set_posture("Serbia", "Soft" if ev.s["us_posture"] == "Hard" else "Hard")


# ---------------------------------------------------------------- 102 Former Soviet Union


@event(102)
def former_soviet_union(ev: Ev):
    """102 Former Soviet Union: Central Asia becomes Neutral with a new governance roll (1-4
    Poor, 5-6 Fair), as a first test."""
    roll = ev.die()
    g = D.POOR if roll <= D.TABLES["country_test"]["poor_max"] else D.FAIR
    fx = ev.fx()
    set_gov(fx, "Central Asia", g)
    fx.set("Central Asia", "align", "Neutral")
    ev.emit(f"Central Asia rolls {roll}: {D.GOV_NAMES[g]} Neutral.", fx)


# ---------------------------------------------------------------- 103 Hizballah


def _within(s, start: str, k: int) -> set[str]:
    seen, ring = {start}, {start}
    for _ in range(k):
        ring = {m for n in ring for m in neighbours(s, n)} - seen
        seen |= ring
    return seen


def _hizballah_us(s) -> list[str]:
    near = _within(s, "Lebanon", 3)           # Lebanon itself included (cards.json D6)
    return [n for n in SHIA_MIX if n in near and cells_and_sadr(s, n)]


def hizballah_us_ok(s, side):
    return bool(_hizballah_us(s))


@event(103, side="us", playable=hizballah_us_ok)
def hizballah_us(ev: Ev):
    """103 Hizballah, US: remove a cell from a Shia-Mix country within 3 of Lebanon."""
    ev.ask_country(_hizballah_us(ev.s), "remove a cell from which country?", then=remove_one_cell)


@event(103, side="jihadist")
def hizballah_jihadist(ev: Ev):
    """103 Hizballah, Jihadist: Lebanon becomes Poor Neutral."""
    ev.set_gov("Lebanon", D.POOR, "Neutral")


# ---------------------------------------------------------------- 104, 105 Iran


@event(104, 105, side="us")
def iran_us(ev: Ev):
    """104-105 Iran, US: test a Shia-Mix country, then remove a cell from it or from Iran."""
    ev.ask_country(SHIA_MIX, "test which Shia-Mix country?", then=iran_us_tested)


def iran_us_tested(ev: Ev, country: str):
    ev.test(country)
    where = [n for n in (country, D.IRAN) if cells_and_sadr(ev.s, n)]
    if not where:
        ev.emit(f"No cell in {country} or Iran.")
    elif len(where) == 1:
        remove_one_cell(ev, where[0])
    else:
        ev.ask_country(where, "remove a cell from which country?", then=remove_one_cell)


@event(104, 105, side="jihadist")
def iran_jihadist(ev: Ev):
    """104-105 Iran, Jihadist: test a Shia-Mix country, then 2 Jihad rolls there without cells:
    each success removes an Aid and worsens governance, never to Islamist Rule (8.4.1)."""
    if is_solo(ev.s):
        shia_mix_test_first(ev)
        return
    ev.ask_country(SHIA_MIX, "test which Shia-Mix country for 2 Jihad rolls?", then=iran_jihadist_rolls)


def iran_jihadist_rolls(ev: Ev, country: str):
    ev.test(country)
    g = ev.s["c"][country]["gov"]
    need = 6 if g == D.IR else g
    rolls = [ev.die(), ev.die()]
    succ = sum(1 for r in rolls if r <= need)
    fx = ev.fx()
    aid = remove_aid(fx, country, succ)
    new = min(D.POOR, g + succ) if g < D.POOR else g
    if new != g:
        set_gov(fx, country, new)
    ev.emit(f"Jihad rolls in {country}: {rolls[0]} {rolls[1]} (needs 1-{need}), {succ} success"
            f"{'es' if succ != 1 else ''}" + (f", {aid} Aid removed" if aid else "") +
            f"; {country} is {D.GOV_NAMES[new]}.", fx)


# ---------------------------------------------------------------- 106 Jaysh al-Mahdi


def _jaysh(s) -> list[str]:
    return [n for n in SHIA_MIX if cells_and_sadr(s, n) and troops(s, n) > 0]


def jaysh_al_mahdi_ok(s, side):
    return bool(_jaysh(s))


@event(106, side="us", playable=jaysh_al_mahdi_ok)
def jaysh_al_mahdi_us(ev: Ev):
    """106 Jaysh al-Mahdi, US: remove up to 2 cells from a Shia-Mix country with cells and troops."""
    ev.ask_country(_jaysh(ev.s), "remove up to 2 cells from which country?", then=jaysh_al_mahdi_remove)


def jaysh_al_mahdi_remove(ev: Ev, country: str):
    ev.remove_cells(country, 2)


@event(106, side="jihadist", playable=jaysh_al_mahdi_ok)
def jaysh_al_mahdi_jihadist(ev: Ev):
    """106 Jaysh al-Mahdi, Jihadist: such a country worsens one level (not to Islamist Rule)."""
    if is_solo(ev.s):
        shia_mix_test_first(ev)
        return
    ev.ask_country(_jaysh(ev.s), "which country worsens?", then=worsen_country)


def shia_mix_test_first(ev: Ev):
    """Solo 9.4.2.1, Iran and Jaysh al-Mahdi: the bot's Shia-Mix table gives a country, tested
    first; then it chooses where the event acts (the nearest Good or Fair one that qualifies)."""
    ev.ask_country(SHIA_MIX, "the Shia-Mix table: which country is tested first?", then=shia_mix_tested)


def shia_mix_tested(ev: Ev, country: str):
    ev.test(country)
    ev.data["tested"] = country
    if ev.card == 106:
        ev.ask_country(_jaysh(ev.s), f"{country} is tested: which country worsens?", then=worsen_country)
    else:
        ev.ask_country(SHIA_MIX, f"{country} is tested: 2 Jihad rolls in which Shia-Mix country?",
                       then=iran_jihadist_rolls)


# ---------------------------------------------------------------- 107 Kurdistan


@event(107, side="us")
def kurdistan_us(ev: Ev):
    """107 Kurdistan, US: test Iraq; 1 Aid there."""
    ev.test("Iraq")
    ev.add_aid("Iraq")


@event(107, side="jihadist")
def kurdistan_jihadist(ev: Ev):
    """107 Kurdistan, Jihadist: test Turkey; Turkey or Iraq, if Good or Fair, worsens one level."""
    ev.test("Turkey")
    where = [n for n in ("Turkey", "Iraq") if ev.s["c"][n]["gov"] in (D.GOOD, D.FAIR)]
    if not where:
        ev.emit("Neither Turkey nor Iraq is Good or Fair: no effect.")
    elif len(where) == 1:
        worsen_country(ev, where[0])
    else:
        ev.ask_country(where, "which country worsens?", then=worsen_country)


# ---------------------------------------------------------------- 108 Musharraf


def musharraf_ok(s, side):
    # blocked by Benazir Bhutto (33): registry
    return cells(s["c"]["Pakistan"]) > 0


@event(108, playable=musharraf_ok)
def musharraf(ev: Ev):
    """108 Musharraf: remove a cell from Pakistan; Pakistan becomes Poor Ally."""
    ev.remove_cells("Pakistan", 1, then=musharraf_poor_ally)


def musharraf_poor_ally(ev: Ev, _):
    ev.set_gov("Pakistan", D.POOR, "Ally")


# ---------------------------------------------------------------- 109 Tora Bora (REMOVE)


def _tora_bora(s) -> list[str]:
    return [n for n in D.NAMES if s["c"][n]["rc"] and cells_and_sadr(s, n) >= 2]


def tora_bora_ok(s, side):
    return bool(_tora_bora(s))


@event(109, playable=tora_bora_ok)
def tora_bora(ev: Ev):
    """109 Tora Bora: remove 2 cells from a Regime Change country; a Prestige roll; the playing
    side draws a card."""
    ev.ask_country(_tora_bora(ev.s), "remove 2 cells from which country?", then=tora_bora_remove)


def tora_bora_remove(ev: Ev, country: str):
    ev.remove_cells(country, 2, then=tora_bora_roll)


def tora_bora_roll(ev: Ev, _):
    ev.prestige_roll()
    ev.draw(ev.side)


# ---------------------------------------------------------------- 110 Zarqawi (REMOVE on US play)

ZARQAWI = ("Iraq", "Syria", "Lebanon", "Jordan")


def _zarqawi(s) -> list[str]:
    return [n for n in ZARQAWI if troops(s, n) > 0]


def zarqawi_ok(s, side):
    return bool(_zarqawi(s))


@event(110, side="us", playable=zarqawi_ok)
def zarqawi_us(ev: Ev):
    """110 Zarqawi, US: Prestige +3 (and the card leaves the game)."""
    ev.prestige(3)


@event(110, side="jihadist", playable=zarqawi_ok)
def zarqawi_jihadist(ev: Ev):
    """110 Zarqawi, Jihadist: 3 cells and a Plot 2 (face up, as in sellmerfud) in a country of
    Iraq, Syria, Lebanon and Jordan with troops."""
    ev.ask_country(_zarqawi(ev.s), "place 3 cells and a Plot 2 in which country?", then=zarqawi_place)


def zarqawi_place(ev: Ev, country: str):
    ev.place_cells(country, 3)
    if 2 in ev.s["avail"]:
        ev.place_plot(country, 2, face_up=True)
    else:
        ev.emit("No Plot 2 is available.")


# ---------------------------------------------------------------- 111 Zawahiri, 112 Bin Ladin (REMOVE on US play)


def no_ir(s, side):
    # and neither FATA (80) nor Al-Anbar (58): registry (blocks_us_side_of)
    return not any_ir(s)


@event(111, side="us", playable=no_ir)
def zawahiri_us(ev: Ev):
    """111 Zawahiri, US: Funding -2 (and the card leaves the game)."""
    ev.funding(-2)


@event(111, side="jihadist")
def zawahiri_jihadist(ev: Ev):
    """111 Zawahiri, Jihadist: Prestige -1, or -3 with Islamist Rule on the map."""
    ev.prestige(-3 if any_ir(ev.s) else -1)


@event(112, side="us", playable=no_ir)
def bin_ladin_us(ev: Ev):
    """112 Bin Ladin, US: Funding -4, Prestige +1 (and the card leaves the game)."""
    ev.funding(-4)
    ev.prestige(1)


@event(112, side="jihadist")
def bin_ladin_jihadist(ev: Ev):
    """112 Bin Ladin, Jihadist: Prestige -2, or -4 with Islamist Rule on the map."""
    ev.prestige(-4 if any_ir(ev.s) else -2)


# ---------------------------------------------------------------- 113 Darfur


@event(113)
def darfur(ev: Ev):
    """113 Darfur: test Sudan; Prestige High or Very High: 1 Aid and one box toward Ally; else
    Besieged Regime and one box toward Adversary."""
    ev.test("Sudan")
    if prestige_band(ev.s["prestige"])["name"] in ("High", "Very High"):
        ev.add_aid("Sudan")
        ev.shift("Sudan", "Ally")
    else:
        ev.besiege("Sudan")
        ev.shift("Sudan", "Adversary")


# ---------------------------------------------------------------- 114 GTMO (LAPSING)


@event(114)
def gtmo(ev: Ev):
    """114 GTMO: a Prestige roll; for the rest of the turn no Recruit (hook) and no Detainee
    Release (61, registry)."""
    ev.prestige_roll()


@hooks.on("op_allowed")
def gtmo_no_recruit(s, seat, op) -> bool:
    return not (op == "recruit" and 114 in lapsing_in_effect(s))


# ---------------------------------------------------------------- 115 Hambali (REMOVE on US play)


def _hambali(s) -> list[str]:
    out = []
    for n in ["Indonesia/Malaysia", *sorted(neighbours(s, "Indonesia/Malaysia"))]:
        c = s["c"][n]
        if cells(c) and (D.is_muslim(n) and c["align"] == "Ally" or D.is_non_muslim(n) and posture(s, n) == "Hard"):
            out.append(n)
    return out


def hambali_ok(s, side):
    return bool(_hambali(s))


@event(115, side="us", playable=hambali_ok)
def hambali_us(ev: Ev):
    """115 Hambali, US: remove a cell from Indonesia/Malaysia or a neighbour (Ally or Hard); the
    US draws 2 cards (and the card leaves the game)."""
    ev.ask_country(_hambali(ev.s), "remove a cell from which country?", then=hambali_us_remove)


def hambali_us_remove(ev: Ev, country: str):
    ev.remove_cells(country, 1, then=hambali_us_draw)


def hambali_us_draw(ev: Ev, _):
    ev.draw("us", 2)


@event(115, side="jihadist", playable=hambali_ok)
def hambali_jihadist(ev: Ev):
    """115 Hambali, Jihadist: an available plot in such a country."""
    if not ev.s["avail"]:
        ev.emit("No plot marker is available.")
        return
    ev.ask_country(_hambali(ev.s), "place a plot in which country?", then=plot_in_country)


def plot_in_country(ev: Ev, country: str):
    ask_plot_marker(ev, country, ANY_PLOT, place_picked_plot)


# ---------------------------------------------------------------- 116 KSM (REMOVE on US play)


def _ksm_plots(s) -> list[dict]:
    return [p for p in s["plots"] if D.is_non_muslim(p["c"]) or D.is_muslim(p["c"]) and s["c"][p["c"]]["align"] == "Ally"]


def ksm_us_ok(s, side):
    return bool(_ksm_plots(s))


@event(116, side="us", playable=ksm_us_ok)
def ksm_us(ev: Ev):
    """116 KSM, US: every plot in an Ally or a non-Muslim country is revealed and removed; the US
    draws 2 cards (and the card leaves the game)."""
    for plot in _ksm_plots(ev.s):
        ev.remove_plot(plot["id"])
    ev.draw("us", 2)


def _ksm_targets(s) -> list[str]:
    return [n for n in D.NAMES if cells_and_sadr(s, n) and gov(s, n) != D.IR]


@event(116, side="jihadist")
def ksm_jihadist(ev: Ev):
    """116 KSM, Jihadist: an available plot in a country with a cell, not under Islamist Rule."""
    targets = _ksm_targets(ev.s)
    if not ev.s["avail"] or not targets:
        ev.emit("No plot can be placed.")
        return
    ev.ask_country(targets, "place a plot in which country?", then=plot_in_country)


# ---------------------------------------------------------------- 117, 118 Oil Price Spike (LAPSING)


def _spike_cards(s) -> list[tuple[int, str]]:
    """Cards the playing side may take: the discard pile, the Lapsing and First Plot boxes."""
    out = [(n, "discard") for n in s["discard"]] + [(n, "lapsing") for n in s["lapsing"]]
    if s["first_plot"] is not None:
        out.append((s["first_plot"], "first_plot"))
    return sorted((n, where) for n, where in out if n not in D.OIL_PRICE_SPIKE)


@event(117, 118)
def oil_price_spike(ev: Ev):
    """117-118 Oil Price Spike: the playing side takes a card (not an Oil Price Spike) from the
    discard pile or a box, showing it; for the rest of the turn Oil Exporters have +1 Resource
    (state.resources)."""
    cards = _spike_cards(ev.s)
    if not cards:
        ev.emit("No card to take: Oil Exporters +1 Resource for the rest of the turn.")
        return
    ev.ask_card([n for n, _ in cards], "which card do you take into your hand?", then=oil_price_spike_take)


def oil_price_spike_take(ev: Ev, card: int):
    where = dict(_spike_cards(ev.s))[card]
    ev.move_cards([card], where, ev.side)         # public: the card is shown
    ev.emit("Oil Exporters have +1 Resource for the rest of the turn.")


# ---------------------------------------------------------------- 119 Saleh


@event(119, side="us")
def saleh_us(ev: Ev):
    """119 Saleh, US: test Yemen; unless it is under Islamist Rule it becomes an Ally (cards.json
    D3: set to Ally) with 1 Aid."""
    ev.test("Yemen")
    if ev.s["c"]["Yemen"]["gov"] != D.IR:
        ev.set_align("Yemen", "Ally")
        ev.add_aid("Yemen")


@event(119, side="jihadist")
def saleh_jihadist(ev: Ev):
    """119 Saleh, Jihadist: test Yemen; one box toward Adversary; Besieged Regime."""
    ev.test("Yemen")
    ev.shift("Yemen", "Adversary")
    ev.besiege("Yemen")


# ---------------------------------------------------------------- 120 US Election (auto-trigger)


@event(120)
def us_election(ev: Ev):
    """120 US Election: fires whenever played or discarded (6.3.1, engine). Roll US posture; then
    Prestige +1 if the GWOT penalty is 0, else -1."""
    ev.roll_posture(D.US)
    ev.prestige(1 if gwot_penalty(ev.s) == 0 else -1)
