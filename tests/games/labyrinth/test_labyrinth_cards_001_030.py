"""Card events 1-30 (games/labyrinth/events/cards_001_030.py): each event's effect and, where it
has one, its prerequisite failing."""

from games.labyrinth import data as D
from games.labyrinth.jihadist_ops import travel_auto, travel_destinations
from games.labyrinth.state import cells_on_track
from tests.games.labyrinth.labyrinth_kit import (
    JH,
    US,
    asked,
    c,
    can,
    ev_make,
    fire,
    of_type,
    one,
    run,
    texts,
)

POOR_ADV = {"gov": D.POOR, "align": "Adversary"}
POOR_ALLY = {"gov": D.POOR, "align": "Ally"}


def cells(s, name):
    return c(s, name)["active"] + c(s, name)["sleeper"]


def test_01_backlash():
    s = ev_make(1, US, {"Iraq": dict(POOR_ADV, sleeper=1)}, plots=[{"id": 1, "c": "Iraq", "v": 1}], funding=5)
    _, s = fire(s, 1, {"plot": 1})
    assert s["plots"][0]["backlash"] and 1 in s["discard"]
    # resolved: Funding -1 instead of +1 (8.5.6 step 2)
    s["step"] = {"k": "plots", "seat": "system"}
    events, s = run(s, {"go": "plots"}, dice=(6,))
    assert one(events, "plot_funding")["funding"] == 4 and s["funding"] == 4
    # prerequisite: a plot in a Muslim country
    s = ev_make(1, US, plots=[{"id": 1, "c": "Spain", "v": 1}])
    assert not can(s, 1, US)


def test_02_biometrics_lapsing():
    s = ev_make(2, US, {"Iraq": dict(POOR_ADV, sleeper=1), "Turkey": {"gov": D.GOOD, "align": "Ally"},
                        "Syria": {"gov": D.FAIR, "align": "Neutral"}})
    assert "Pakistan" in travel_destinations(s, "Iraq") and travel_auto(s, "Iraq", "Turkey")
    _, s = fire(s, 2)
    assert s["lapsing"] == [2]
    assert "Pakistan" not in travel_destinations(s, "Iraq") and "Iraq" in travel_destinations(s, "Iraq")
    assert not travel_auto(s, "Iraq", "Turkey") and travel_auto(s, "Iraq", "Syria")


def test_03_ctr():
    s = ev_make(3, US, {"Central Asia": {"gov": D.FAIR, "align": "Neutral"}}, us_posture="Soft")
    _, s1 = fire(s, 3)
    assert c(s1, "Russia")["markers"] == ["CTR"] and c(s1, "Central Asia")["markers"] == ["CTR"]
    s["c"]["Central Asia"]["align"] = "Adversary"
    _, s2 = fire(s, 3)
    assert c(s2, "Russia")["markers"] == ["CTR"] and c(s2, "Central Asia")["markers"] == []
    s["us_posture"] = "Hard"
    assert not can(s, 3, US)


def test_04_moro_talks():
    s = ev_make(4, US, funding=5)
    _, s = fire(s, 4, dice=(5,))
    assert c(s, "Philippines")["posture"] == "Hard" and s["funding"] == 4
    assert c(s, "Philippines")["markers"] == ["Moro Talks"] and 4 in s["removed"]
    assert not can(s, 57, JH)                            # blocks Abu Sayyaf


def test_05_nest():
    s = ev_make(5, US)
    _, s = fire(s, 5)
    assert c(s, D.US)["markers"] == ["NEST"] and 5 in s["removed"]


def test_06_07_sanctions():
    s = ev_make(6, US, {D.US: {"markers": ["Patriot Act"]}}, funding=5)
    _, s1 = fire(s, 6)
    assert s1["funding"] == 3 and 6 in s1["discard"]
    s["c"][D.US]["markers"] = []
    assert not can(s, 6, US) and not can(s, 7, US)


def test_08_10_special_forces():
    s = ev_make(9, US, {"Iraq": dict(POOR_ADV, sleeper=1), "Saudi Arabia": dict(POOR_ALLY, troops=2)})
    _, s1 = fire(s, 9)
    assert asked(s1)[0] == US
    _, s1 = run(s1, {"country": "Iraq"})
    assert cells(s1, "Iraq") == 0 and c(s1, "Iraq")["cadre"]     # 4.8.4: the last cell removed by an event
    s["c"]["Saudi Arabia"]["troops"] = 0
    assert not can(s, 8, US) and not can(s, 10, US)


def test_11_abbas():
    s = ev_make(11, US, prestige=5, funding=5)
    _, s1 = fire(s, 11)
    assert "Abbas" in s1["markers"] and (s1["prestige"], s1["funding"]) == (6, 3) and 11 in s1["removed"]
    # Overstretch: the marker only
    s["c"]["Iraq"]["troops"] = 11
    _, s2 = fire(s, 11)
    assert "Abbas" in s2["markers"] and (s2["prestige"], s2["funding"]) == (5, 5)
    # the marker goes when a plot is resolved in Israel
    s1["plots"], s1["avail"] = [{"id": 1, "c": D.ISRAEL, "v": 1}], [1, 1, 2, 2, 3]
    s1["step"] = {"k": "plots", "seat": "system"}
    _, s3 = run(s1, {"go": "plots"})
    assert "Abbas" not in s3["markers"]


def test_12_al_azhar():
    s = ev_make(12, US, funding=6)
    _, s = fire(s, 12, dice=(2,))
    assert c(s, "Egypt")["gov"] == D.POOR and s["funding"] == 2


def test_13_anbar_awakening():
    s = ev_make(13, US, {"Iraq": dict(POOR_ALLY, troops=1), "Syria": dict(POOR_ALLY, troops=1)}, prestige=5,
                markers=["Al-Anbar"])
    _, s = fire(s, 13, {"country": "Syria"})
    assert c(s, "Syria")["aid"] == 1 and s["prestige"] == 6
    assert s["markers"] == ["Anbar Awakening"]                        # 6.2.8: Al-Anbar ends
    s = ev_make(13, US, {"Iraq": POOR_ALLY})
    assert not can(s, 13, US)


def test_14_covert_action():
    s = ev_make(14, US, {"Iraq": POOR_ADV})
    _, s1 = fire(s, 14, {"country": "Iraq"}, dice=(4,))
    assert c(s1, "Iraq")["align"] == "Neutral" and one(_, "ev_fx")["dice"] == [4]
    _, s2 = fire(s, 14, {"country": "Iraq"}, dice=(3,))
    assert c(s2, "Iraq")["align"] == "Adversary"
    # an Islamist Rule Adversary is an Adversary: the card may make it Neutral (it stays Islamist Rule)
    s = ev_make(14, US, {"Iraq": {"gov": D.IR, "align": "Adversary"}})
    assert can(s, 14, US)
    _, s = fire(s, 14, {"country": "Iraq"}, dice=(5,))
    assert (c(s, "Iraq")["gov"], c(s, "Iraq")["align"]) == (D.IR, "Neutral")


def test_15_ethiopia_strikes():
    s = ev_make(15, US, {"Somalia": {"gov": D.IR, "align": "Adversary"}})
    _, s = fire(s, 15)
    assert (c(s, "Somalia")["gov"], c(s, "Somalia")["align"]) == (D.POOR, "Neutral") and 15 in s["removed"]
    assert not can(ev_make(15, US), 15, US)


def test_16_euro_islam():
    s = ev_make(16, US, funding=5)
    _, s1 = fire(s, 16, {"pick": "hard"})
    assert c(s1, "Benelux")["posture"] == "Hard" and s1["funding"] == 4 and 16 in s1["removed"]
    s["c"]["Iraq"].update(gov=D.IR, align="Adversary")
    _, s2 = fire(s, 16, {"pick": "soft"})
    assert c(s2, "Benelux")["posture"] == "Soft" and s2["funding"] == 5


def test_17_fsb_discards_the_wmd_cards():
    s = ev_make(17, US, hands={JH: [65, 71, 49]}, countries={"Russia": {"sleeper": 1}})
    events, s = fire(s, 17)
    assert one(events, "hand_shown")["to"] == US
    assert sorted(s["discard"]) == [17, 65, 71] and s["hands"][JH] == [49] and cells(s, "Russia") == 1


def test_18_intel_community():
    s = ev_make(18, US, hands={JH: [66]}, countries={"Iraq": POOR_ALLY})
    events, s = fire(s, 18)
    assert one(events, "hand_shown")["cards"] == [66] and s["in_play"]["value"] == 1 and s["step"]["k"] == "use"


def test_19_kemalist_republic():
    s = ev_make(19, US)
    _, s = fire(s, 19)
    assert (c(s, "Turkey")["gov"], c(s, "Turkey")["align"]) == (D.FAIR, "Ally") and 19 in s["discard"]


def test_20_king_abdullah():
    s = ev_make(20, US, prestige=5, funding=5)
    _, s = fire(s, 20)
    assert (c(s, "Jordan")["gov"], c(s, "Jordan")["align"]) == (D.FAIR, "Ally")
    assert (s["prestige"], s["funding"]) == (6, 4) and 20 in s["removed"]


def test_21_lets_roll():
    s = ev_make(21, US, {"Iraq": dict(POOR_ALLY, sleeper=1)}, plots=[{"id": 1, "c": "Iraq", "v": 2}])
    deck = len(s["deck"])
    events, s = fire(s, 21, {"plot": 1}, {"country": "Spain"}, {"pick": "hard"})
    assert not s["plots"] and one(events, "plot_removed")["plot"] == 2
    assert len(s["hands"][US]) == 2 and len(s["deck"]) == deck - 1 and c(s, "Spain")["posture"] == "Hard"
    drawn = one(events, "cards_moved")
    assert drawn["secret"] == [US]
    s = ev_make(21, US, {"Iraq": dict(POOR_ADV, sleeper=1)}, plots=[{"id": 1, "c": "Iraq", "v": 2}])
    assert not can(s, 21, US)


def test_22_mossad_and_shin_bet():
    s = ev_make(22, US, {"Israel": {"sleeper": 1}, "Lebanon": dict(POOR_ADV, sleeper=1, active=1)})
    _, s = fire(s, 22)
    assert cells(s, "Israel") == cells(s, "Lebanon") == 0 and c(s, "Lebanon")["cadre"] and c(s, "Israel")["cadre"]
    assert not can(ev_make(22, US), 22, US)


def test_23_25_predator():
    s = ev_make(24, US, {"Iraq": dict(POOR_ADV, sleeper=2)})
    _, s = fire(s, 24, {"country": "Iraq"})
    assert cells(s, "Iraq") == 1 and not c(s, "Iraq")["cadre"]
    s = ev_make(23, US, {D.IRAN: {"sleeper": 1}})
    assert not can(s, 23, US) and not can(s, 25, US)


def test_26_quartet():
    s = ev_make(26, US, markers=["Abbas"], prestige=5, funding=5)
    _, s1 = fire(s, 26)
    assert (s1["prestige"], s1["funding"]) == (7, 2)
    s["markers"] = []
    assert not can(s, 26, US)
    s["markers"] = ["Abbas"]
    s["c"]["Lebanon"].update(gov=D.IR, align="Adversary")
    assert not can(s, 26, US)


def test_27_saddam_captured():
    s = ev_make(27, US, {"Iraq": dict(POOR_ALLY, troops=2)}, prestige=5)
    _, s = fire(s, 27)
    assert c(s, "Iraq")["aid"] == 1 and s["prestige"] == 6 and "Saddam Captured" in s["markers"]
    assert 27 in s["removed"] and not can(s, 92, JH)
    assert not can(ev_make(27, US), 27, US)


def test_28_sharia():
    s = ev_make(28, US, {"Somalia": dict(POOR_ADV, besieged=True)})
    _, s = fire(s, 28, {"country": "Somalia"})
    assert not c(s, "Somalia")["besieged"]
    assert not can(ev_make(28, US), 28, US)


def test_29_tony_blair():
    s = ev_make(29, US, us_posture="Hard", prestige=5)
    _, s = fire(s, 29, {"country": "France"}, {"country": "Spain"}, {"pick": "done"}, dice=(6, 1))
    assert c(s, "United Kingdom")["posture"] == "Hard"
    assert (c(s, "France")["posture"], c(s, "Spain")["posture"]) == ("Hard", "Soft")
    assert s["prestige"] == 6 and 29 in s["removed"]          # 7.2.3: France matches the US


def test_30_un_nation_building():
    s = ev_make(30, US, {"Iraq": dict(POOR_ALLY, rc="tan", troops=2, sleeper=2)}, prestige=7)
    # the GWOT penalty does not count: a Soft world
    for name in ("Spain", "France", "Germany"):
        s["c"][name]["posture"] = "Soft"
    events, s1 = fire(s, 30, {"country": "Iraq"}, dice=(3,))     # 3 +1 (High) +1 (Aid) = 5
    assert c(s1, "Iraq")["gov"] == D.FAIR and c(s1, "Iraq")["aid"] == 1
    assert "GWOT" not in " ".join(texts(events))
    s["markers"] = ["Vieira de Mello Slain"]
    assert not can(s, 30, US)
    assert not can(ev_make(30, US), 30, US)


def test_cells_conserved_by_place_and_remove():
    s = ev_make(22, US, {"Israel": {"sleeper": 1}})
    before = cells_on_track(s)
    _, s = fire(s, 22)
    assert cells_on_track(s) == before + 1 and of_type(_, "ev_over")
