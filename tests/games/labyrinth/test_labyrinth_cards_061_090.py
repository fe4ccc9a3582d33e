"""Card events 61-90 (games/labyrinth/events/cards_061_090.py): each event's effect and, where it
has one, its prerequisite failing."""

from games.labyrinth import GAME, hooks
from games.labyrinth import data as D
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
)

POOR_ADV = {"gov": D.POOR, "align": "Adversary"}
POOR_ALLY = {"gov": D.POOR, "align": "Ally"}
IR = {"gov": D.IR, "align": "Adversary"}


def cells(s, name):
    return c(s, name)["active"] + c(s, name)["sleeper"]


def test_61_detainee_release():
    s = ev_make(61, JH, {"Iraq": {"gov": D.FAIR, "align": "Ally", "troops": 2, "sleeper": 1}}, hands={US: [19, 20]})
    assert not can(s, 61, JH)
    # the US Disrupts in Iraq: "during this or the previous action phase"
    s["phase"], s["step"] = US, {"k": "card", "seat": US}
    _, s = run(s, {"card": 19}, {"play": "ops"}, {"op": "disrupt"}, {"country": "Iraq"})
    assert s["recent"]["now"]["disrupt"] == ["Iraq"]
    s["phase"], s["step"], s["played"] = JH, {"k": "card", "seat": JH}, 0
    deck = len(s["deck"])
    _, s1 = fire(s, 61, {"country": "Iraq"})
    assert cells(s1, "Iraq") == 1 + 1 and len(s1["deck"]) == deck - 1 and len(s1["hands"][JH]) == 2
    s["lapsing"] = [114]
    assert not can(s, 61, JH)                             # GTMO
    s["lapsing"], s["markers"] = [], ["Renditions"]
    assert not can(s, 61, JH)                             # Renditions


def test_62_ex_kgb():
    s = ev_make(62, JH, {"Russia": {"markers": ["CTR"]}})
    events, s1 = fire(s, 62)
    assert c(s1, "Russia")["markers"] == [] and len(of_type(events, "ev_fx")) == 1
    s = ev_make(62, JH, us_posture="Hard")
    _, s2 = fire(s, 62, {"pick": "caucasus"})
    assert c(s2, "Caucasus")["posture"] == "Soft"
    _, s3 = fire(s, 62, {"pick": "central asia"}, dice=(5,))
    assert (c(s3, "Central Asia")["gov"], c(s3, "Central Asia")["align"]) == (D.FAIR, "Adversary")


def test_63_gaza_war():
    s = ev_make(63, JH, hands={US: [19]}, prestige=5, funding=5)
    _, s = fire(s, 63)
    assert (s["funding"], s["prestige"]) == (6, 4) and 19 in s["discard"] and not s["hands"][US]


def test_64_hariri_killed():
    s = ev_make(64, JH, {"Syria": {"gov": D.FAIR, "align": "Ally"}})
    _, s = fire(s, 64, dice=(3,))
    assert c(s, "Lebanon")["gov"] == D.POOR
    assert (c(s, "Syria")["gov"], c(s, "Syria")["align"]) == (D.POOR, "Adversary") and 64 in s["removed"]


def test_65_heu():
    s = ev_make(65, JH, {"Russia": {"sleeper": 1}, "Central Asia": dict(POOR_ADV, sleeper=1)})
    _, s1 = fire(s, 65, {"country": "Russia"}, dice=(2,))
    assert s1["avail"].count("WMD") == 1 and s1["wmd"]["box"] == 2 and 65 in s1["removed"]
    _, s2 = fire(s, 65, {"country": "Central Asia"}, dice=(4,))
    assert cells(s2, "Central Asia") == 0 and c(s2, "Central Asia")["cadre"] and "WMD" not in s2["avail"]
    # CTR stops it only where it lies
    s["c"]["Russia"]["markers"] = ["CTR"]
    assert can(s, 65, JH)
    s["c"]["Central Asia"]["markers"] = ["CTR"]
    assert not can(s, 65, JH)


def test_66_homegrown():
    s = ev_make(66, JH)
    _, s = fire(s, 66)
    assert cells(s, "United Kingdom") == 1 and 66 in s["discard"]


def test_67_islamic_jihad_union():
    s = ev_make(67, JH, {"Central Asia": POOR_ADV, "Afghanistan": IR})
    _, s1 = fire(s, 67)
    assert cells(s1, "Central Asia") == 1 and cells(s1, "Afghanistan") == 1 and 67 in s1["removed"]
    # a single cell on the track: the Jihadist chooses
    s["c"]["Kenya/Tanzania"]["sleeper"] = 14
    assert cells_on_track(s) == 1
    _, s2 = fire(s, 67, {"country": "Afghanistan"})
    assert cells(s2, "Afghanistan") == 1 and cells(s2, "Central Asia") == 0


def test_68_jemaah_islamiya():
    s = ev_make(68, JH, {"Indonesia/Malaysia": POOR_ALLY})
    _, s = fire(s, 68)
    assert cells(s, "Indonesia/Malaysia") == 2


def test_69_kazakh_strain():
    s = ev_make(69, JH, {"Central Asia": dict(POOR_ADV, sleeper=1)})
    _, s = fire(s, 69, dice=(3,))
    assert "WMD" in s["avail"] and 69 in s["removed"]
    assert not can(ev_make(69, JH, {"Central Asia": dict(POOR_ADV, sleeper=1, markers=["CTR"])}), 69, JH)
    assert not can(ev_make(69, JH, {"Central Asia": POOR_ADV}), 69, JH)


def test_70_lashkar_e_tayyiba():
    s = ev_make(70, JH, {"Pakistan": POOR_ADV})
    _, s = fire(s, 70, dice=(6,))
    assert cells(s, "Pakistan") == 1 and cells(s, "India") == 1 and c(s, "India")["posture"] == "Hard"
    assert not can(ev_make(70, JH, {"Pakistan": dict(POOR_ADV, markers=["Indo-Pakistani Talks"])}), 70, JH)


def test_71_loose_nuke():
    s = ev_make(71, JH, {"Russia": {"sleeper": 1}})
    _, s = fire(s, 71, dice=(3,))
    assert cells(s, "Russia") == 0 and c(s, "Russia")["cadre"] and "WMD" not in s["avail"] and 71 in s["removed"]
    assert not can(ev_make(71, JH, {"Russia": {"sleeper": 1, "markers": ["CTR"]}}), 71, JH)


def test_72_opium():
    s = ev_make(72, JH, {"Afghanistan": dict(POOR_ADV, sleeper=1)})
    _, s1 = fire(s, 72)
    assert cells(s1, "Afghanistan") == 4
    s["c"]["Afghanistan"].update(IR)
    _, s2 = fire(s, 72)
    assert cells_on_track(s2) == 0
    assert not can(ev_make(72, JH), 72, JH)


def test_73_pirates():
    s = ev_make(73, JH, {"Somalia": IR})
    assert hooks.all_ok("funding_drop", s)
    _, s = fire(s, 73)
    assert "Pirates" in s["markers"] and not hooks.all_ok("funding_drop", s)
    # 5.2.5: no Funding drop at the end of the turn
    s["step"] = {"k": "end", "seat": "system", "sub": "diplomacy"}
    funding = s["funding"]
    events, s = run(s, {"go": "diplomacy"})
    assert one(events, "diplomacy")["funding"] == funding
    assert not can(ev_make(73, JH), 73, JH)


def test_74_schengen_visas():
    s = ev_make(74, JH, {"Iraq": dict(POOR_ADV, sleeper=1, active=1)})
    _, s = fire(s, 74, {"country": "Iraq"}, {"country": "France"}, {"country": "Iraq"}, {"country": "Spain"},
                dice=(2, 6))
    assert cells(s, "Iraq") == 0 and cells(s, "France") == cells(s, "Spain") == 1
    assert (c(s, "France")["posture"], c(s, "Spain")["posture"]) == ("Soft", "Hard") and not c(s, "Iraq")["cadre"]


def test_75_schroeder_and_chirac():
    s = ev_make(75, JH, us_posture="Hard", prestige=5)
    _, s = fire(s, 75)
    assert c(s, "Germany")["posture"] == c(s, "France")["posture"] == "Soft" and s["prestige"] == 4
    assert not can(ev_make(75, JH, us_posture="Soft"), 75, JH)


def test_76_abu_ghurayb_the_jihadist_decides_even_on_a_us_play():
    s = ev_make(76, JH, {"Iraq": dict(POOR_ALLY, rc="tan", sleeper=1)}, prestige=5)
    _, s1 = fire(s, 76, {"country": "Iraq"})
    assert len(s1["hands"][JH]) == 3 and s1["prestige"] == 3 and c(s1, "Iraq")["align"] == "Neutral"
    # the US plays it for operations: the Jihadist event happens and the Jihadist chooses
    s = ev_make(76, US, {"Iraq": dict(POOR_ALLY, rc="tan", sleeper=1)}, prestige=5)
    _, s2 = run(s, {"card": 76}, {"op": "woi"}, {"first": "event"})
    assert asked(s2)[0] == JH
    assert not can(ev_make(76, JH), 76, JH)


def test_77_al_jazeera():
    s = ev_make(77, JH, {"Saudi Arabia": dict(POOR_ALLY, troops=2)})
    _, s = fire(s, 77, {"country": "Saudi Arabia"})
    assert c(s, "Saudi Arabia")["align"] == "Neutral"
    assert not can(ev_make(77, JH, {"Saudi Arabia": POOR_ALLY}), 77, JH)


def test_78_axis_of_evil():
    s = ev_make(78, JH, hands={US: [103, 104, 19]}, us_posture="Soft", prestige=5)
    _, s = fire(s, 78, dice=(1, 3, 2))
    assert s["hands"][US] == [19] and {103, 104} <= set(s["discard"]) and s["us_posture"] == "Hard"
    assert s["prestige"] == 3


def test_79_clean_operatives():
    s = ev_make(79, JH, {"Iraq": dict(POOR_ADV, sleeper=1)})
    _, s = fire(s, 79, {"country": "Iraq"}, {"country": D.US}, {"pick": "done"})
    assert cells(s, D.US) == 1 and cells(s, "Iraq") == 0


def test_80_fata():
    s = ev_make(80, JH, {"Pakistan": POOR_ALLY})
    _, s = fire(s, 80)
    assert cells(s, "Pakistan") == 1 and c(s, "Pakistan")["markers"] == ["FATA"] and not can(s, 111, US)


def test_81_foreign_fighters():
    s = ev_make(81, JH, {"Iraq": dict(POOR_ALLY, rc="tan", troops=3, aid=1)})
    _, s1 = fire(s, 81, {"country": "Iraq"})
    assert cells(s1, "Iraq") == 5 and c(s1, "Iraq")["aid"] == 0 and not c(s1, "Iraq")["besieged"]
    s["c"]["Iraq"]["aid"] = 0
    _, s2 = fire(s, 81, {"country": "Iraq"})
    assert c(s2, "Iraq")["besieged"]
    assert not can(ev_make(81, JH), 81, JH)


def test_82_jihadist_videos():
    s = ev_make(82, JH, {"Iraq": POOR_ADV, "Egypt": {"gov": D.GOOD, "align": "Ally"}})
    _, s = fire(s, 82, {"country": "Iraq"}, {"country": "Egypt"}, {"country": "Somalia"}, dice=(5, 3, 1, 6))
    assert cells(s, "Iraq") == 1 and cells(s, "Egypt") == 1 and c(s, "Somalia")["cadre"]
    assert c(s, "Somalia")["gov"] == D.FAIR


def test_83_kashmir():
    s = ev_make(83, JH)
    _, s = fire(s, 83, dice=(2,))
    assert (c(s, "Pakistan")["gov"], c(s, "Pakistan")["align"]) == (D.POOR, "Adversary") and cells(s, "Pakistan") == 1


def test_84_85_leak():
    s = ev_make(85, JH, {"Iraq": POOR_ALLY}, markers=["Renditions", "Wiretapping"], prestige=5)
    _, s = fire(s, 85, {"pick": "wiretapping"}, {"country": "Iraq"}, dice=(6, 5, 2, 3))
    assert s["markers"] == ["Renditions", "Leak-Wiretapping"] and not can(s, 31, US)
    assert s["us_posture"] == "Hard" and s["prestige"] == 7 and c(s, "Iraq")["align"] == "Neutral"
    assert not can(ev_make(84, JH), 84, JH)


def test_86_lebanon_war():
    s = ev_make(86, JH, hands={US: [19]}, prestige=5)
    _, s = fire(s, 86, {"country": "Lebanon"}, dice=(6,))
    assert not s["hands"][US] and s["prestige"] == 4 and cells(s, "Lebanon") == 1 and c(s, "Lebanon")["gov"] == D.FAIR


def test_87_89_martyrdom_operation():
    s = ev_make(88, JH, {"Iraq": dict(POOR_ADV, sleeper=2)})
    _, s = fire(s, 88, {"country": "Iraq"}, {"pick": "3"}, {"pick": "1"})
    assert cells(s, "Iraq") == 1 and sorted(p["v"] for p in s["plots"]) == [1, 3]
    assert all("value" not in GAME.redact(e, US) for e in of_type(_, "plot_placed"))
    assert not can(ev_make(87, JH, {"Kenya/Tanzania": {"sleeper": 0}, "Afghanistan": dict(IR, sleeper=1)}), 87, JH)


def test_90_quagmire():
    s = ev_make(90, JH, {"Iraq": dict(POOR_ALLY, rc="tan", sleeper=1)}, hands={US: [66, 101]}, prestige=5)
    events, s = fire(s, 90)
    assert s["us_posture"] == "Soft" and not s["hands"][US]
    discarded = one(events, "cards_moved")["cards"]
    began = [(e["card"], e["side"]) for e in of_type(events, "ev_began")]
    assert began == [(90, JH)] + [(n, JH) for n in discarded] and sorted(discarded) == [66, 101]
    # Kosovo happens while the US is still Hard: Serbia Soft; the US goes Soft after (issue 13, correction 3)
    assert cells(s, "United Kingdom") == 1 and s["prestige"] == 6 and c(s, "Serbia")["posture"] == "Soft"
    assert not can(ev_make(90, JH, {"Iraq": dict(POOR_ALLY, rc="tan", sleeper=1)}, prestige=7), 90, JH)
