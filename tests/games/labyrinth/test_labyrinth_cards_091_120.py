"""Card events 91-120 (games/labyrinth/events/cards_091_120.py): each event's effect and, where it
has one, its prerequisite failing. Unassociated cards: both sides."""

from games.labyrinth import GAME
from games.labyrinth import data as D
from games.labyrinth.cardplay import operations
from games.labyrinth.state import cells_on_track, resources
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
    options,
    run,
)

POOR_ADV = {"gov": D.POOR, "align": "Adversary"}
POOR_ALLY = {"gov": D.POOR, "align": "Ally"}
IR = {"gov": D.IR, "align": "Adversary"}


def cells(s, name):
    return c(s, name)["active"] + c(s, name)["sleeper"]


def test_91_regional_al_qaeda():
    s = ev_make(91, JH, {"Iraq": POOR_ADV})
    _, s1 = fire(s, 91, {"country": "Somalia"}, {"country": "Sudan"}, dice=(1, 6))
    assert cells(s1, "Somalia") == cells(s1, "Sudan") == 1 and c(s1, "Sudan")["gov"] == D.FAIR
    s["c"]["Iraq"].update(IR)
    _, s2 = fire(s, 91, {"country": "Somalia"}, {"country": "Sudan"}, dice=(1, 6))
    assert cells(s2, "Somalia") == cells(s2, "Sudan") == 2
    s = ev_make(91, JH)
    for name in D.MUSLIM[1:]:
        s["c"][name].update(POOR_ADV)
    assert not can(s, 91, JH)


def test_92_saddam():
    s = ev_make(92, JH, {"Iraq": POOR_ADV}, funding=3)
    _, s = fire(s, 92)
    assert s["funding"] == 9
    assert not can(ev_make(92, JH, {"Iraq": POOR_ALLY}), 92, JH)


def test_93_taliban():
    s = ev_make(93, JH, {"Afghanistan": POOR_ADV, "Pakistan": POOR_ADV}, prestige=5)
    _, s1 = fire(s, 93)
    assert c(s1, "Afghanistan")["besieged"] and cells(s1, "Afghanistan") == cells(s1, "Pakistan") == 1
    assert s1["prestige"] == 4
    s["c"]["Afghanistan"].update(IR)
    _, s2 = fire(s, 93)
    assert not c(s2, "Afghanistan")["besieged"] and s2["prestige"] == 2   # no Besieged under Islamist Rule


def test_94_door_of_itjihad():
    s = ev_make(94, JH, {"Iraq": {"gov": D.FAIR, "align": "Ally"}})
    assert not can(s, 94, JH)
    s["recent"] = {"now": {}, "last": {"better": ["Iraq"]}}
    _, s = fire(s, 94, {"country": "Iraq"})
    assert c(s, "Iraq")["gov"] == D.POOR


def test_94_remembers_tests_and_improvements():
    # a War of Ideas that improves Iraq to Fair in the US phase makes it a target next phase
    s = ev_make(19, US, {"Iraq": {"gov": D.FAIR, "align": "Ally", "aid": 1}}, prestige=7)
    _, s = run(s, {"card": 19}, {"play": "ops"}, {"op": "woi"}, {"country": "Iraq"}, dice=(4,))
    assert c(s, "Iraq")["gov"] == D.GOOD and s["recent"]["now"]["better"] == ["Iraq"]


def test_95_wahhabism():
    s = ev_make(95, JH, {"Saudi Arabia": POOR_ALLY}, funding=4)
    _, s1 = fire(s, 95)
    assert s1["funding"] == 7
    s["c"]["Saudi Arabia"].update(IR)
    _, s2 = fire(s, 95)
    assert s2["funding"] == 9


def test_96_danish_cartoons_each_side_decides_its_part():
    s = ev_make(96, US, {"Iraq": POOR_ADV})
    _, s = fire(s, 96)
    assert asked(s)[0] == US
    _, s = run(s, {"pick": "soft"})
    assert c(s, "Scandinavia")["posture"] == "Soft" and asked(s)[0] == JH
    events, s = run(s, {"country": "Iraq"})                   # only Plot 1: no marker question
    assert s["plots"] == [{"id": 1, "c": "Iraq", "v": 1}] and 96 in s["removed"]
    assert "value" not in GAME.redact(one(events, "plot_placed"), US)
    # with Islamist Rule on the map, any available plot
    s = ev_make(96, JH, {"Iraq": POOR_ADV, "Afghanistan": IR})
    _, s = fire(s, 96, {"pick": "hard"}, {"country": "Iraq"})
    assert {"pick": "wmd"} not in options(s, JH) and {"pick": "3"} in options(s, JH)


def test_97_fatwa():
    s = ev_make(97, JH, hands={JH: [97, 66], US: [19]})
    events, s = fire(s, 97)
    assert s["hands"][JH] == [19] and s["hands"][US] == [66]
    for e in of_type(events, "cards_moved"):
        assert "cards" not in GAME.redact(e, None) and "cards" in GAME.redact(e, US)
    assert s["step"] == {"k": "use", "seat": JH} and s["in_play"]["value"] == 1
    assert {"op": "reserves"} not in options(s, JH)
    assert not can(ev_make(97, JH, hands={JH: [97, 66]}), 97, JH)        # the US holds nothing


def test_98_gaza_withdrawal():
    s = ev_make(98, US, funding=5)
    _, s1 = fire(s, 98)
    assert s1["funding"] == 4 and 98 in s1["removed"]
    _, s2 = fire(ev_make(98, JH), 98)
    assert cells(s2, D.ISRAEL) == 1


def test_99_hamas_elected_the_us_chooses():
    s = ev_make(99, JH, hands={US: [19, 20]}, prestige=5, funding=5)
    _, s = fire(s, 99)
    assert asked(s)[0] == US and options(s, US) == [{"card": 19}, {"card": 20}]
    _, s = run(s, {"card": 20})
    assert s["hands"][US] == [19] and 20 in s["discard"] and (s["prestige"], s["funding"]) == (4, 4)


def test_100_hizb_ut_tahrir():
    s = ev_make(100, US, funding=5)
    _, s1 = fire(s, 100)
    assert s1["funding"] == 3                          # Low Intensity: -2
    s["c"]["Iraq"]["troops"] = 11
    _, s2 = fire(s, 100)
    assert s2["funding"] == 7                          # Overstretch: +2
    s["c"]["Iraq"]["troops"] = 7
    _, s3 = fire(s, 100)
    assert s3["funding"] == 5


def test_101_kosovo():
    s = ev_make(101, JH, us_posture="Soft", prestige=5)
    _, s = fire(s, 101)
    assert s["prestige"] == 6 and c(s, "Serbia")["posture"] == "Hard"


def test_102_former_soviet_union():
    s = ev_make(102, US, {"Central Asia": {"gov": D.GOOD, "align": "Ally"}})
    _, s = fire(s, 102, dice=(2,))
    assert (c(s, "Central Asia")["gov"], c(s, "Central Asia")["align"]) == (D.POOR, "Neutral")


def test_103_hizballah():
    s = ev_make(103, US, {"Iraq": dict(POOR_ADV, sleeper=1), "Lebanon": dict(POOR_ADV, sleeper=1),
                          "Pakistan": dict(POOR_ADV, sleeper=1)})
    _, s1 = fire(s, 103)
    assert options(s1, US) == [{"country": "Iraq"}, {"country": "Lebanon"}]       # Pakistan is too far
    _, s1 = run(s1, {"country": "Lebanon"})
    assert cells(s1, "Lebanon") == 0
    s = ev_make(103, JH, {"Lebanon": {"gov": D.FAIR, "align": "Ally"}})
    _, s2 = fire(s, 103)
    assert (c(s2, "Lebanon")["gov"], c(s2, "Lebanon")["align"]) == (D.POOR, "Neutral")
    assert not can(ev_make(103, US), 103, US) and can(ev_make(103, JH), 103, JH)


def test_104_105_iran():
    s = ev_make(104, US, {"Iraq": dict(POOR_ADV, sleeper=1), D.IRAN: {"sleeper": 1}})
    _, s1 = fire(s, 104, {"country": "Iraq"}, {"country": D.IRAN})
    assert cells(s1, D.IRAN) == 0 and cells(s1, "Iraq") == 1
    s = ev_make(105, JH, {"Iraq": {"gov": D.GOOD, "align": "Ally"}})
    _, s2 = fire(s, 105, {"country": "Yemen"}, dice=(3, 1, 2))         # Yemen tested Poor: 1 and 2 succeed
    assert c(s2, "Yemen")["gov"] == D.POOR
    _, s3 = fire(s, 105, {"country": "Iraq"}, dice=(1, 1))
    assert c(s3, "Iraq")["gov"] == D.POOR                               # never to Islamist Rule


def test_106_jaysh_al_mahdi():
    s = ev_make(106, US, {"Iraq": dict(POOR_ALLY, sleeper=3, troops=2)})
    _, s1 = fire(s, 106, {"country": "Iraq"})
    assert cells(s1, "Iraq") == 1
    s = ev_make(106, JH, {"Iraq": {"gov": D.FAIR, "align": "Ally", "sleeper": 1, "troops": 2}})
    _, s2 = fire(s, 106, {"country": "Iraq"})
    assert c(s2, "Iraq")["gov"] == D.POOR
    assert not can(ev_make(106, JH, {"Iraq": dict(POOR_ALLY, sleeper=1)}), 106, JH)


def test_107_kurdistan():
    s = ev_make(107, US, {"Iraq": POOR_ALLY})
    _, s1 = fire(s, 107)
    assert c(s1, "Iraq")["aid"] == 1
    s = ev_make(107, JH, {"Iraq": {"gov": D.FAIR, "align": "Ally"}})
    _, s2 = fire(s, 107, {"country": "Turkey"}, dice=(6,))             # Turkey tested Fair: both may worsen
    assert c(s2, "Turkey")["gov"] == D.POOR and c(s2, "Iraq")["gov"] == D.FAIR


def test_108_musharraf():
    s = ev_make(108, JH, {"Pakistan": dict(POOR_ADV, sleeper=2)})
    _, s = fire(s, 108)
    assert cells(s, "Pakistan") == 1 and (c(s, "Pakistan")["gov"], c(s, "Pakistan")["align"]) == (D.POOR, "Ally")
    assert not can(ev_make(108, US, {"Pakistan": dict(POOR_ADV, sleeper=1, markers=["Benazir Bhutto"])}), 108, US)


def test_109_tora_bora():
    s = ev_make(109, JH, {"Iraq": dict(POOR_ALLY, rc="tan", troops=2, sleeper=2)}, prestige=5)
    _, s = fire(s, 109, {"country": "Iraq"}, dice=(6, 1, 4))
    assert cells(s, "Iraq") == 0 and s["prestige"] == 6 and len(s["hands"][JH]) == 2 and 109 in s["removed"]
    assert not can(ev_make(109, US, {"Iraq": dict(POOR_ALLY, rc="tan", sleeper=1)}), 109, US)


def test_110_zarqawi():
    s = ev_make(110, US, {"Iraq": dict(POOR_ALLY, troops=1)}, prestige=5)
    _, s1 = fire(s, 110)
    assert s1["prestige"] == 8 and 110 in s1["removed"]
    s = ev_make(110, JH, {"Iraq": dict(POOR_ALLY, troops=1)})
    events, s2 = fire(s, 110, {"country": "Iraq"})
    assert cells(s2, "Iraq") == 3 and s2["plots"][0]["v"] == 2 and s2["plots"][0]["up"]
    assert 110 in s2["discard"]                                          # removed on US play only
    assert "value" in GAME.redact(one(events, "plot_placed"), US)
    assert not can(ev_make(110, JH), 110, JH)


def test_111_zawahiri():
    s = ev_make(111, US, funding=5)
    _, s1 = fire(s, 111)
    assert s1["funding"] == 3 and 111 in s1["removed"]
    s = ev_make(111, JH, {"Iraq": IR}, prestige=6)
    _, s2 = fire(s, 111)
    assert s2["prestige"] == 3 and 111 in s2["discard"]
    assert not can(ev_make(111, US, {"Iraq": IR}), 111, US)
    assert not can(ev_make(111, US, markers=["Al-Anbar"]), 111, US)


def test_112_bin_ladin():
    s = ev_make(112, US, funding=5, prestige=5)
    _, s1 = fire(s, 112)
    assert (s1["funding"], s1["prestige"]) == (1, 6) and 112 in s1["removed"]
    _, s2 = fire(ev_make(112, JH, prestige=5), 112)
    assert s2["prestige"] == 3
    assert not can(ev_make(112, US, {"Pakistan": {"markers": ["FATA"]}}), 112, US)


def test_113_darfur():
    s = ev_make(113, US, prestige=7)
    _, s1 = fire(s, 113, dice=(2,))
    assert (c(s1, "Sudan")["gov"], c(s1, "Sudan")["align"], c(s1, "Sudan")["aid"]) == (D.POOR, "Ally", 1)
    s["prestige"] = 6
    _, s2 = fire(s, 113, dice=(2,))
    assert (c(s2, "Sudan")["align"], c(s2, "Sudan")["besieged"]) == ("Adversary", True)


def test_114_gtmo_lapsing():
    s = ev_make(114, JH, {"Iraq": dict(POOR_ADV, sleeper=1)}, hands={JH: [114, 49]}, prestige=5)
    _, s = fire(s, 114, dice=(6, 2, 2))
    assert s["prestige"] == 7 and s["lapsing"] == [114]
    _, s = run(s, {"card": 49}, {"play": "ops"})
    assert "recruit" not in [o for o, _ in operations(s, JH)]


def test_115_hambali():
    s = ev_make(115, US, {"Indonesia/Malaysia": dict(POOR_ALLY, sleeper=1)})
    _, s1 = fire(s, 115, {"country": "Indonesia/Malaysia"})
    assert cells(s1, "Indonesia/Malaysia") == 0 and len(s1["hands"][US]) == 3 and 115 in s1["removed"]
    s = ev_make(115, JH, {"Indonesia/Malaysia": dict(POOR_ALLY, sleeper=1)})
    _, s2 = fire(s, 115, {"country": "Indonesia/Malaysia"}, {"pick": "2"})
    assert s2["plots"][0]["v"] == 2 and 115 in s2["discard"]
    assert not can(ev_make(115, US, {"Indonesia/Malaysia": dict(POOR_ADV, sleeper=1)}), 115, US)


def test_116_ksm():
    s = ev_make(116, US, {"Iraq": dict(POOR_ALLY, sleeper=1)},
                plots=[{"id": 1, "c": "Iraq", "v": 1}, {"id": 2, "c": "Spain", "v": 2}])
    _, s1 = fire(s, 116)
    assert not s1["plots"] and len(s1["hands"][US]) == 3 and 116 in s1["removed"]
    s = ev_make(116, JH, {"Iraq": dict(POOR_ADV, sleeper=1)})
    _, s2 = fire(s, 116, {"country": "Iraq"}, {"pick": "3"})
    assert s2["plots"][0]["c"] == "Iraq" and s2["plots"][0]["v"] == 3
    assert not can(ev_make(116, US, plots=[{"id": 1, "c": "Iraq", "v": 1}]), 116, US)


def test_117_118_oil_price_spike():
    s = ev_make(117, JH)
    for n in (66, 118, 20):
        s["deck"].remove(n)
        s["discard"].append(n)
    assert resources(s, "Saudi Arabia") == 3
    _, s = fire(s, 117)
    assert options(s, JH) == [{"card": 20}, {"card": 66}]
    _, s = run(s, {"card": 66})
    assert 66 in s["hands"][JH] and s["lapsing"] == [117] and resources(s, "Saudi Arabia") == 4


def test_119_saleh():
    s = ev_make(119, US)
    _, s1 = fire(s, 119, dice=(5,))
    assert (c(s1, "Yemen")["gov"], c(s1, "Yemen")["align"], c(s1, "Yemen")["aid"]) == (D.FAIR, "Ally", 1)
    _, s2 = fire(ev_make(119, JH), 119, dice=(5,))
    assert (c(s2, "Yemen")["align"], c(s2, "Yemen")["besieged"]) == ("Adversary", True)


def test_120_us_election():
    # the world is Hard 1 (Israel): a Hard US has no GWOT penalty, Prestige +1
    s = ev_make(120, JH, us_posture="Soft", prestige=5)
    _, s1 = fire(s, 120, dice=(6,))
    assert s1["us_posture"] == "Hard" and s1["prestige"] == 6 and 120 in s1["discard"]
    # a GWOT penalty: Prestige -1
    _, s2 = fire(s, 120, dice=(3,))
    assert s2["us_posture"] == "Soft" and s2["prestige"] == 4 and cells_on_track(s2) == cells_on_track(s)
