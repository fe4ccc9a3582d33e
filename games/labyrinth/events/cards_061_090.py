"""Card events 61-90 (all Jihadist events). One function per event, in number order; the recipe
is in README.md. Card texts: data/cards.json (paraphrased, see data/SOURCES.md)."""

from .. import data as D
from .. import hooks
from ..jihadist_ops import recruit_need
from ..state import (
    cells,
    cells_and_sadr,
    cells_on_track,
    gov,
    marker_in_play,
    neighbours,
    rc_countries,
    threshold,
    troops,
)
from .kit import Ev
from .registry import event


def any_ir(s) -> bool:
    return any(s["c"][n]["gov"] == D.IR for n in D.MUSLIM)


def discard_at_random(ev: Ev, seat: str, n: int):
    cards = ev.random_cards(seat, n)
    if cards:
        ev.discard(seat, cards)
    else:
        ev.emit(f"The {D.SIDE[seat]} has no card to discard.")


def _rc_with_cells(s) -> list[str]:
    return [n for n in D.NAMES if s["c"][n]["rc"] and cells_and_sadr(s, n)]


# ---------------------------------------------------------------- 61 Detainee Release


def _disrupted(s) -> list[str]:
    recent = s.get("recent") or {}
    names = set(recent.get("now", {}).get("disrupt", [])) | set(recent.get("last", {}).get("disrupt", []))
    return [n for n in D.NAMES if n in names]


def detainee_release_ok(s, side):
    # blocked by Renditions (44) and GTMO (114, lapsing): registry
    return bool(_disrupted(s))


@event(61, playable=detainee_release_ok)
def detainee_release(ev: Ev):
    """61 Detainee Release: a cell where the US Disrupted in this or the last action phase; the
    Jihadist draws a card."""
    ev.ask_country(_disrupted(ev.s), "place a cell in which country Disrupted lately?", then=detainee_release_place)


def detainee_release_place(ev: Ev, country: str):
    ev.place_cells(country, 1)
    ev.draw("jihadist")


# ---------------------------------------------------------------- 62 Ex-KGB


@event(62)
def ex_kgb(ev: Ev):
    """62 Ex-KGB: a CTR marker in Russia is removed, and nothing else; otherwise either the
    Caucasus takes the posture opposite the US, or Central Asia (tested) shifts toward Adversary."""
    if "CTR" in ev.s["c"]["Russia"]["markers"]:
        fx = ev.fx()
        fx.remove_marker("CTR", "Russia")
        ev.emit("The CTR marker in Russia is removed.", fx)
        return
    opposite = "Soft" if ev.s["us_posture"] == "Hard" else "Hard"
    ev.ask_pick([(f"Caucasus becomes {opposite}", "caucasus"),
                 ("Test Central Asia and shift it toward Adversary", "central asia")],
                "which?", then=ex_kgb_pick)


def ex_kgb_pick(ev: Ev, pick: str):
    if pick == "caucasus":
        ev.set_posture("Caucasus", "Soft" if ev.s["us_posture"] == "Hard" else "Hard")
    else:
        ev.test("Central Asia")
        ev.shift("Central Asia", "Adversary")


# ---------------------------------------------------------------- 63 Gaza War


@event(63)
def gaza_war(ev: Ev):
    """63 Gaza War: Funding +1, Prestige -1, the US discards a card at random."""
    ev.funding(1)
    ev.prestige(-1)
    discard_at_random(ev, "us", 1)


# ---------------------------------------------------------------- 64 Hariri Killed (REMOVE)


@event(64)
def hariri_killed(ev: Ev):
    """64 Hariri Killed: test Lebanon; Syria (tested if needed) becomes Adversary and worsens one
    level if Good or Fair."""
    ev.test("Lebanon")
    ev.test("Syria")
    ev.set_align("Syria", "Adversary")
    if ev.s["c"]["Syria"]["gov"] in (D.GOOD, D.FAIR):
        ev.worsen("Syria")


# ---------------------------------------------------------------- 65 HEU, 69 Kazakh Strain, 71 Loose Nuke (REMOVE)


def _wmd_sources(s, names) -> list[str]:
    """A cell and no CTR marker there (card 3 blocks these events only where it lies)."""
    return [n for n in names if cells(s["c"][n]) and "CTR" not in s["c"][n]["markers"]]


def _wmd_roll(ev: Ev, country: str):
    """Success on <= the country's governance (Russia Fair: 1-2; automatic under Islamist Rule):
    a WMD plot becomes available; failure removes the cell (4.8.4: a cadre if it was the last)."""
    if D.is_muslim(country):
        ev.test(country)
    need = threshold(ev.s, country)
    if need >= 6:
        ok, text = True, f"{country}: automatic success"
    else:
        roll = ev.die()
        ok, text = roll <= need, f"{country}: rolls {roll} (needs 1-{need})"
    if ok and ev.s["wmd"]["box"] > 0:
        ev.emit(text + ": a WMD plot becomes available.")
        ev.wmd_available()
    elif ok:
        ev.emit(text + ": success, but no WMD marker is left.")
    else:
        ev.emit(text + ": failure, the cell is lost.")
        ev.remove_cells(country, 1)


def heu_ok(s, side):
    return bool(_wmd_sources(s, ("Russia", "Central Asia")))


@event(65, playable=heu_ok)
def heu(ev: Ev):
    """65 HEU: roll in Russia or Central Asia (a cell, no CTR)."""
    targets = _wmd_sources(ev.s, ("Russia", "Central Asia"))
    if len(targets) == 1:
        _wmd_roll(ev, targets[0])
    else:
        ev.ask_country(targets, "roll for HEU in which country?", then=_wmd_roll)


# ---------------------------------------------------------------- 66 Homegrown


@event(66)
def homegrown(ev: Ev):
    """66 Homegrown: a cell in the United Kingdom."""
    ev.place_cells("United Kingdom", 1)


# ---------------------------------------------------------------- 67 Islamic Jihad Union (REMOVE)


@event(67)
def islamic_jihad_union(ev: Ev):
    """67 Islamic Jihad Union: a cell in Central Asia and one in Afghanistan; with only one cell
    left the Jihadist chooses where."""
    if cells_on_track(ev.s) == 1:
        ev.ask_country(["Central Asia", "Afghanistan"], "only one cell is left: place it where?", then=place_one_cell)
        return
    ev.place_cells("Central Asia", 1)
    ev.place_cells("Afghanistan", 1)


def place_one_cell(ev: Ev, country: str):
    ev.place_cells(country, 1)


# ---------------------------------------------------------------- 68 Jemaah Islamiya


@event(68)
def jemaah_islamiya(ev: Ev):
    """68 Jemaah Islamiya: 2 cells in Indonesia/Malaysia."""
    ev.place_cells("Indonesia/Malaysia", 2)


# ---------------------------------------------------------------- 69 Kazakh Strain (REMOVE)


def kazakh_strain_ok(s, side):
    return bool(_wmd_sources(s, ("Central Asia",)))


@event(69, playable=kazakh_strain_ok)
def kazakh_strain(ev: Ev):
    """69 Kazakh Strain: roll in Central Asia (a cell, no CTR)."""
    _wmd_roll(ev, "Central Asia")


# ---------------------------------------------------------------- 70 Lashkar-e-Tayyiba


@event(70)
def lashkar_e_tayyiba(ev: Ev):
    """70 Lashkar-e-Tayyiba (blocked by Indo-Pakistani Talks, 36): a cell in Pakistan and one in
    India."""
    ev.place_cells("Pakistan", 1)
    ev.place_cells("India", 1)


# ---------------------------------------------------------------- 71 Loose Nuke (REMOVE)


def loose_nuke_ok(s, side):
    return bool(_wmd_sources(s, ("Russia",)))


@event(71, playable=loose_nuke_ok)
def loose_nuke(ev: Ev):
    """71 Loose Nuke: roll in Russia (a cell, no CTR)."""
    _wmd_roll(ev, "Russia")


# ---------------------------------------------------------------- 72 Opium


def opium_ok(s, side):
    return cells(s["c"]["Afghanistan"]) > 0


@event(72, playable=opium_ok)
def opium(ev: Ev):
    """72 Opium: 3 more cells in Afghanistan, or every cell on the track under Islamist Rule."""
    ir = ev.s["c"]["Afghanistan"]["gov"] == D.IR
    ev.place_cells("Afghanistan", cells_on_track(ev.s) if ir else 3)


# ---------------------------------------------------------------- 73 Pirates (REMOVE, MARK)


def _pirate_coast(s) -> bool:
    return s["c"]["Somalia"]["gov"] == D.IR or s["c"]["Yemen"]["gov"] == D.IR


def pirates_ok(s, side):
    return _pirate_coast(s)


@event(73, playable=pirates_ok)
def pirates(ev: Ev):
    """73 Pirates: the marker: no Funding drop at the end of the turn while Somalia or Yemen is
    under Islamist Rule."""
    ev.mark()


@hooks.on("funding_drop")
def pirates_funding(s) -> bool:
    return not (marker_in_play(s, "Pirates") and _pirate_coast(s))


# ---------------------------------------------------------------- 74 Schengen Visas, 79 Clean Operatives


def _auto_travel_ask(ev: Ev):
    """A cell travels only once per card (8.3.3): the cells that arrived are not offered again."""
    moved = ev.data["from"]
    sources = [n for n in D.NAMES if cells(ev.s["c"][n]) - ev.data["arrived"].count(n) > 0]
    if len(moved) >= 2 or not sources:
        return
    options = [(ev.label(n), {"country": n}) for n in sources]
    if moved:
        options.append(("No second cell travels", {"pick": "done"}))
    ev.ask(f"which cell travels ({len(moved) + 1} of 2)? From where?", options, then=auto_travel_from)


def auto_travel_from(ev: Ev, answer: str):
    if answer == "done":
        return
    ev.data["pick"] = answer
    to = [n for n in ev.data["to"] if n != answer]
    ev.ask_country(to, f"the cell from {answer} travels to where?", then=auto_travel_to)


def auto_travel_to(ev: Ev, country: str):
    frm = ev.data.pop("pick")
    ev.test(country)
    c = ev.s["c"][frm]
    fx = ev.fx()
    if c["active"]:
        fx.set(frm, "active", c["active"] - 1)
    else:
        fx.set(frm, "sleeper", c["sleeper"] - 1)
    fx.add(country, "sleeper", 1)                 # 8.3.1: a travelling cell arrives Sleeper
    ev.emit(f"A cell travels from {frm} to {country}, no roll.", fx)
    ev.data["from"].append(frm)
    ev.data["arrived"].append(country)
    _auto_travel_ask(ev)


@event(74)
def schengen_visas(ev: Ev):
    """74 Schengen Visas: two cells travel to Schengen countries (or between them), no roll."""
    ev.data.update({"from": [], "arrived": [], "to": list(D.SCHENGEN)})
    _auto_travel_ask(ev)


# ---------------------------------------------------------------- 75 Schroeder & Chirac (REMOVE)


def schroeder_chirac_ok(s, side):
    return s["us_posture"] == "Hard"


@event(75, playable=schroeder_chirac_ok)
def schroeder_and_chirac(ev: Ev):
    """75 Schroeder & Chirac: Germany and France Soft; Prestige -1."""
    ev.set_posture("Germany", "Soft")
    ev.set_posture("France", "Soft")
    ev.prestige(-1)


# ---------------------------------------------------------------- 76 Abu Ghurayb (REMOVE)


def abu_ghurayb_ok(s, side):
    return bool(_rc_with_cells(s))


def _allies(s) -> list[str]:
    return [n for n in D.MUSLIM if s["c"][n]["align"] == "Ally"]


@event(76, playable=abu_ghurayb_ok)
def abu_ghurayb(ev: Ev):
    """76 Abu Ghurayb: the Jihadist draws 2 cards; Prestige -2; an Ally Muslim country becomes
    Neutral."""
    ev.draw("jihadist", 2)
    ev.prestige(-2)
    allies = _allies(ev.s)
    if allies:
        ev.ask_country(allies, "which Ally becomes Neutral?", then=make_neutral)


def make_neutral(ev: Ev, country: str):
    ev.set_align(country, "Neutral")


# ---------------------------------------------------------------- 77 Al-Jazeera


def _al_jazeera(s) -> list[str]:
    names = ["Saudi Arabia", *sorted(neighbours(s, "Saudi Arabia"))]
    return [n for n in names if troops(s, n) > 0 and D.is_muslim(n) and s["c"][n]["align"] in ("Ally", "Neutral")]


def al_jazeera_ok(s, side):
    return bool(_al_jazeera(s))


@event(77, playable=al_jazeera_ok)
def al_jazeera(ev: Ev):
    """77 Al-Jazeera: Saudi Arabia or a neighbour with troops shifts one box toward Adversary
    (one already Adversary is not offered, as in sellmerfud)."""
    ev.ask_country(_al_jazeera(ev.s), "which country shifts toward Adversary?", then=shift_to_adversary)


def shift_to_adversary(ev: Ev, country: str):
    ev.shift(country, "Adversary")


# ---------------------------------------------------------------- 78 Axis of Evil


@event(78)
def axis_of_evil(ev: Ev):
    """78 Axis of Evil: the US discards Hizballah and Iran and Jaysh al-Mahdi cards it holds; US
    posture Hard; then a Prestige roll."""
    held = [n for n in ev.hand("us") if n in (103, 104, 105, 106)]
    if held:
        ev.discard("us", held)
    ev.set_posture(D.US, "Hard")
    ev.prestige_roll()


# ---------------------------------------------------------------- 79 Clean Operatives


@event(79)
def clean_operatives(ev: Ev):
    """79 Clean Operatives: two cells travel to any countries, no roll."""
    ev.data.update({"from": [], "arrived": [], "to": list(D.NAMES)})
    _auto_travel_ask(ev)


# ---------------------------------------------------------------- 80 FATA (MARK)


@event(80)
def fata(ev: Ev):
    """80 FATA: a cell in Pakistan and the FATA marker there (no Disrupt in Pakistan unless it is
    a Regime Change country: us_ops; no US Zawahiri or Bin Ladin: registry)."""
    ev.place_cells("Pakistan", 1)
    if "FATA" not in ev.s["c"]["Pakistan"]["markers"]:
        ev.mark()


# ---------------------------------------------------------------- 81 Foreign Fighters



def foreign_fighters_ok(s, side):
    return bool(rc_countries(s))


@event(81, playable=foreign_fighters_ok)
def foreign_fighters(ev: Ev):
    """81 Foreign Fighters: 5 cells in a Regime Change country; then 1 Aid there is removed, or
    with no Aid a Besieged Regime marker."""
    ev.ask_country(rc_countries(ev.s), "place 5 cells in which Regime Change country?", then=foreign_fighters_place)


def foreign_fighters_place(ev: Ev, country: str):
    ev.place_cells(country, 5)
    c = ev.s["c"][country]
    if c["aid"]:
        fx = ev.fx()
        fx.add(country, "aid", -1)
        ev.emit(f"1 Aid removed from {country}.", fx)
    elif not c["besieged"]:
        ev.besiege(country)


# ---------------------------------------------------------------- 82 Jihadist Videos


@event(82)
def jihadist_videos(ev: Ev):
    """82 Jihadist Videos: 3 countries without cells are tested and Recruit once each (one roll,
    ignoring the Funding limit); each that gets no cell gets a cadre."""
    ev.data["chosen"] = []
    jihadist_videos_ask(ev)


def jihadist_videos_ask(ev: Ev):
    chosen = ev.data["chosen"]
    free = [n for n in D.NAMES if not cells_and_sadr(ev.s, n) and n not in chosen]
    if len(chosen) >= 3 or not free:
        jihadist_videos_roll(ev)
        return
    ev.ask_country(free, f"which country without cells ({len(chosen) + 1} of 3)?", then=jihadist_videos_pick)


def jihadist_videos_pick(ev: Ev, country: str):
    ev.data["chosen"].append(country)
    jihadist_videos_ask(ev)


def jihadist_videos_roll(ev: Ev):
    for name in ev.data["chosen"]:
        ev.test(name)
    for name in ev.data["chosen"]:
        need = recruit_need(ev.s, name)
        if need is None:
            ok, text = True, f"{name}: automatic"
        else:
            roll = ev.die()
            ok, text = roll <= need, f"{name}: rolls {roll} (needs 1-{need})"
        placed = ok and cells_on_track(ev.s) > 0
        if placed:
            ev.emit(text + ": a cell.")
            ev.place_cells(name, 1)
        else:
            fx = ev.fx()
            fx.set(name, "cadre", True)
            ev.emit(text + ": no cell, a cadre.", fx)


# ---------------------------------------------------------------- 83 Kashmir


@event(83)
def kashmir(ev: Ev):
    """83 Kashmir (blocked by Indo-Pakistani Talks, 36): Pakistan (tested first) shifts one box
    toward Adversary; a cell there."""
    ev.test("Pakistan")
    ev.shift("Pakistan", "Adversary")
    ev.place_cells("Pakistan", 1)


# ---------------------------------------------------------------- 84, 85 Leak

LEAKABLE = ("Enhanced Measures", "Renditions", "Wiretapping")


def _leakable(s) -> list[str]:
    return [m for m in LEAKABLE if marker_in_play(s, m)]


def leak_ok(s, side):
    return bool(_leakable(s))


@event(84, 85, playable=leak_ok)
def leak(ev: Ev):
    """84-85 Leak: flip Enhanced Measures, Renditions or Wiretapping to its Leak side (that event
    is blocked from then on); roll US posture; a Prestige roll; an Ally becomes Neutral."""
    found = _leakable(ev.s)
    if len(found) == 1:
        leak_flip(ev, found[0].lower())
    else:
        ev.ask_pick([(m, m.lower()) for m in found], "which marker is leaked?", then=leak_flip)


def leak_flip(ev: Ev, pick: str):
    marker = next(m for m in LEAKABLE if m.lower() == pick)
    leaked = D.CARDS_RAW["markers"][marker]["flips_to"]
    fx = ev.fx()
    fx.remove_marker(marker)
    fx.add_marker(leaked)
    ev.emit(f"The {marker} marker flips to {leaked}.", fx)
    ev.roll_posture(D.US)
    ev.prestige_roll()
    allies = [n for n in D.MUSLIM if ev.s["c"][n]["align"] == "Ally"]
    if allies:
        ev.ask_country(allies, "which Ally becomes Neutral?", then=make_neutral)


# ---------------------------------------------------------------- 86 Lebanon War


SHIA_MIX = [n for n in D.MUSLIM if D.COUNTRIES[n]["type"] == "shia_mix"]


@event(86)
def lebanon_war(ev: Ev):
    """86 Lebanon War: the US discards a card at random; Prestige -1; a cell in a Shia-Mix
    country (tested)."""
    discard_at_random(ev, "us", 1)
    ev.prestige(-1)
    if cells_on_track(ev.s):
        ev.ask_country(SHIA_MIX, "place a cell in which Shia-Mix country?", then=place_one_cell)


# ---------------------------------------------------------------- 87, 88, 89 Martyrdom Operation


def _martyrs(s) -> list[str]:
    return [n for n in D.NAMES if cells_and_sadr(s, n) and gov(s, n) != D.IR]


def martyrdom_operation_ok(s, side):
    return bool(_martyrs(s))


@event(87, 88, 89, playable=martyrdom_operation_ok)
def martyrdom_operation(ev: Ev):
    """87-89 Martyrdom Operation: remove a cell from a country not under Islamist Rule and place
    any 2 available plots there."""
    ev.ask_country(_martyrs(ev.s), "which cell martyrs itself?", then=martyrdom_country)


def martyrdom_country(ev: Ev, country: str):
    ev.data.update(country=country, left=2)
    ev.remove_cells(country, 1, then=martyrdom_plots)   # 4.8.4: removed by an event, a cadre if it was the last


def martyrdom_plots(ev: Ev, _):
    martyrdom_plot_ask(ev)


def martyrdom_plot_ask(ev: Ev):
    avail = sorted(set(ev.s["avail"]), key=str)
    if not avail:
        ev.emit("No plot marker is available.")
        return
    ev.ask_pick([("WMD plot" if v == "WMD" else f"Plot {v}", str(v).lower()) for v in avail],
                f"place which available plot in {ev.data['country']} ({3 - ev.data['left']} of 2)?", then=martyrdom_plot)


def martyrdom_plot(ev: Ev, pick: str):
    ev.place_plot(ev.data["country"], "WMD" if pick == "wmd" else int(pick))
    ev.data["left"] -= 1
    if ev.data["left"]:
        martyrdom_plot_ask(ev)


# ---------------------------------------------------------------- 90 Quagmire


def quagmire_ok(s, side):
    return s["prestige"] <= 6 and bool(_rc_with_cells(s))


@event(90, playable=quagmire_ok)
def quagmire(ev: Ev):
    """90 Quagmire: the US discards 2 cards at random; their Jihadist or Unassociated events happen
    as if the Jihadist played them (each if playable then; a discarded US Election fires, 6.3.1);
    then US posture Soft, after those events (an Axis of Evil or US Election among them does not
    leave the US Hard)."""
    before = len(ev.s["todo"])
    cards = ev.random_cards("us", 2)
    if cards:
        ev.discard("us", cards)
    for card in reversed(cards):
        if D.CARDS[card]["association"] != "US" and not D.CARDS[card]["flags"]["auto_trigger"]:
            ev.queue_event(card, "jihadist")
    queued = len(ev.s["todo"]) - before
    if queued:
        ev.then_after_queued(queued, quagmire_soft)
    else:
        quagmire_soft(ev, None)


def quagmire_soft(ev: Ev, _):
    ev.set_posture(D.US, "Soft")
