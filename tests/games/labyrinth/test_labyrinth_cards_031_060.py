"""Card events 31-60 (games/labyrinth/events/cards_031_060.py): each event's effect and, where it
has one, its prerequisite failing."""

from games.labyrinth import GAME, victory
from games.labyrinth import data as D
from games.labyrinth.jihadist_ops import jihad_targets
from games.labyrinth.state import troops
from games.labyrinth.us_ops import disrupt_count, disrupt_ok, rc_targets
from tests.games.labyrinth.labyrinth_kit import (
    JH,
    US,
    asked,
    c,
    can,
    ev_make,
    fire,
    one,
    options,
    run,
)

POOR_ADV = {"gov": D.POOR, "align": "Adversary"}
POOR_ALLY = {"gov": D.POOR, "align": "Ally"}
# the only cell where no Disrupt is possible (Islamist Rule)
NO_DISRUPT = {"Kenya/Tanzania": {"sleeper": 0}, "Afghanistan": {"gov": D.IR, "align": "Adversary", "sleeper": 1}}


def cells(s, name):
    return c(s, name)["active"] + c(s, name)["sleeper"]


def test_31_wiretapping():
    s = ev_make(31, US, {"United Kingdom": {"sleeper": 2}, "Canada": {"cadre": True}},
                plots=[{"id": 1, "c": D.US, "v": 1}])
    _, s = fire(s, 31)
    assert cells(s, "United Kingdom") == 0 and not c(s, "United Kingdom")["cadre"] and not c(s, "Canada")["cadre"]
    assert not s["plots"] and len(s["hands"][US]) == 2 and "Wiretapping" in s["markers"]
    assert not can(ev_make(31, US), 31, US)


def test_32_back_channel():
    s = ev_make(32, US, {"Jordan": POOR_ADV}, hands={US: [32, 1, 16]}, us_posture="Soft")
    _, s1 = fire(s, 32)
    assert {"country": "Jordan"} in options(s1, US) and {"pick": "none"} in options(s1, US)
    _, s1 = run(s1, {"country": "Jordan"}, {"card": 1})
    assert c(s1, "Jordan")["align"] == "Neutral" and c(s1, "Jordan")["aid"] == 1 and 1 in s1["discard"]
    _, s2 = fire(s, 32, {"pick": "none"})
    assert c(s2, "Jordan")["align"] == "Adversary" and s2["hands"][US] == [1, 16]
    s["us_posture"] = "Hard"
    assert not can(s, 32, US)
    # an Islamist Rule Adversary too (Afghanistan, Resources 1): Neutral; no Aid under Islamist Rule
    s = ev_make(32, US, {"Afghanistan": {"gov": D.IR, "align": "Adversary"}}, hands={US: [32, 1]}, us_posture="Soft")
    _, s = fire(s, 32, {"country": "Afghanistan"}, {"card": 1})
    a = c(s, "Afghanistan")
    assert (a["gov"], a["align"], a["aid"]) == (D.IR, "Neutral", 0) and 1 in s["discard"]
    # no card of an Adversary's value in hand: still playable, the US may discard nothing ("may")
    s = ev_make(32, US, {"Jordan": POOR_ADV}, hands={US: [32, 16]}, us_posture="Soft")
    assert can(s, 32, US) and options(fire(s, 32)[1], US) == [{"pick": "none"}]


def test_33_benazir_bhutto():
    s = ev_make(33, US, {"Pakistan": dict(POOR_ADV, sleeper=2)})
    assert "Pakistan" in jihad_targets(s, [])
    _, s = fire(s, 33)
    assert c(s, "Pakistan")["gov"] == D.FAIR and c(s, "Pakistan")["markers"] == ["Benazir Bhutto"]
    assert "Pakistan" not in jihad_targets(s, []) and 33 in s["removed"] and not can(s, 108, US)
    s = ev_make(33, US, {"Afghanistan": {"gov": D.IR, "align": "Adversary"}})
    assert not can(s, 33, US)
    s = ev_make(33, US, {"Pakistan": {"markers": ["Bhutto Shot"]}})
    assert not can(s, 33, US)


def test_34_enhanced_measures():
    s = ev_make(34, US, {"Iraq": dict(POOR_ALLY, sleeper=1)}, hands={JH: [66]}, us_posture="Hard")
    _, s = fire(s, 34, {"op": "disrupt"}, {"country": "Iraq"})
    assert c(s, "Iraq")["active"] == 1 and s["hands"][JH] == [] and 66 in s["hands"][US]
    assert "Enhanced Measures" in s["markers"]
    assert not can(ev_make(34, US, NO_DISRUPT, us_posture="Hard"), 34, US)       # no Disrupt possible


def test_35_hijab():
    s = ev_make(35, US, funding=5)
    _, s = fire(s, 35, {"pick": "soft"}, dice=(5,))
    assert c(s, "Turkey")["gov"] == D.GOOD and c(s, "France")["posture"] == "Soft" and s["funding"] == 3
    s = ev_make(35, US, {"Iraq": {"gov": D.IR, "align": "Adversary"}})
    assert not can(s, 35, US)


def test_36_indo_pakistani_talks():
    s = ev_make(36, US, {"Pakistan": {"gov": D.FAIR, "align": "Neutral"}})
    _, s = fire(s, 36, {"pick": "hard"})
    assert c(s, "Pakistan")["align"] == "Ally" and c(s, "India")["posture"] == "Hard"
    assert "Indo-Pakistani Talks" in c(s, "Pakistan")["markers"] and not can(s, 83, JH) and not can(s, 70, JH)
    s["plots"], s["avail"], s["step"] = [{"id": 1, "c": "India", "v": 1}], [1, 1, 2, 2, 3], {"k": "plots", "seat": "system"}
    _, s = run(s, {"go": "plots"}, dice=(6,))
    assert "Indo-Pakistani Talks" not in c(s, "Pakistan")["markers"]
    assert not can(ev_make(36, US, {"Pakistan": POOR_ALLY}), 36, US)


def test_37_iraqi_wmd():
    s = ev_make(37, US, {"Iraq": POOR_ADV}, us_posture="Hard")
    _, s = fire(s, 37, {"pick": "later"})          # Regime Change with this card is offered first (issue 13)
    assert c(s, "Iraq")["markers"] == ["Iraqi WMD"] and 37 in s["removed"]
    s["in_play"] = {"seat": US, "card": 19, "value": 3, "boost": 0}
    assert rc_targets(s) == ["Iraq"]
    s["in_play"] = None
    assert not can(ev_make(37, US, {"Iraq": POOR_ADV}, us_posture="Soft"), 37, US)


def test_38_libyan_deal():
    s = ev_make(38, US, {"Iraq": POOR_ALLY, "Libya": dict(POOR_ADV, markers=["Libyan WMD"])}, prestige=5)
    _, s = fire(s, 38, {"country": "Spain"}, {"pick": "hard"}, {"country": "Italy"}, {"pick": "soft"})
    assert c(s, "Libya")["align"] == "Ally" and s["prestige"] == 6
    assert c(s, "Libya")["markers"] == ["Libyan Deal"]                 # 6.2.8: Libyan WMD ends
    assert (c(s, "Spain")["posture"], c(s, "Italy")["posture"]) == ("Hard", "Soft") and not can(s, 39, US)
    assert not can(ev_make(38, US, {"Libya": POOR_ADV}), 38, US)


def test_39_libyan_wmd():
    s = ev_make(39, US, {"Libya": POOR_ADV}, us_posture="Hard")
    _, s = fire(s, 39, {"pick": "later"})
    assert c(s, "Libya")["markers"] == ["Libyan WMD"]
    assert not can(ev_make(39, US, {"Libya": POOR_ADV}, us_posture="Soft"), 39, US)


def test_40_mass_turnout():
    s = ev_make(40, US, {"Iraq": dict(POOR_ALLY, rc="tan", troops=1)})
    _, s = fire(s, 40, {"country": "Iraq"})
    assert c(s, "Iraq")["gov"] == D.FAIR and c(s, "Iraq")["rc"] == "tan"
    assert not can(ev_make(40, US), 40, US)


def test_41_nato():
    s = ev_make(41, US, {"Iraq": dict(POOR_ALLY, rc="tan", troops=1, sleeper=1)}, us_posture="Hard")
    assert troops(s, "Iraq") == 1 and disrupt_count(s, "Iraq") == 1
    _, s = fire(s, 41, {"country": "Iraq"})
    assert c(s, "Iraq")["markers"] == ["NATO"] and c(s, "Iraq")["aid"] == 1 and c(s, "Iraq")["troops"] == 1
    assert troops(s, "Iraq") == 3 and disrupt_count(s, "Iraq") == 2
    # a Withdraw of its troops takes it off the map ("the marker is removed from the game instead");
    # a Withdraw of the cubes alone leaves it
    s.update(us_posture="Soft", phase=US, played=0, step={"k": "card", "seat": US}, hands={US: [32, 29], JH: []})
    s["deck"] = [n for n in s["deck"] if n not in (32, 29)]
    _, w = run(s, {"card": 32}, {"op": "withdraw"}, {"from": "Iraq"}, {"to": "track"})
    assert options(w, US) == [{"n": 1}, {"nato": 0}, {"nato": 1}]
    _, w1 = run(w, {"nato": 1}, dice=(6, 1, 1))
    assert c(w1, "Iraq")["markers"] == [] and troops(w1, "Iraq") == 0
    _, w2 = run(w, {"n": 1}, dice=(6, 1, 1))
    assert c(w2, "Iraq")["markers"] == ["NATO"] and troops(w2, "Iraq") == 2


def test_41_nato_may_deploy_out_and_leaves_the_game():
    # Iraq: 6 cubes and NATO (8 troops), 1 cell: 7.3.1 lets 2 leave; NATO's 2 may go instead
    iraq = dict(POOR_ALLY, rc="tan", troops=6, sleeper=1, markers=["NATO"])
    s = ev_make(29, US, {"Iraq": iraq}, hands={US: [32, 29]})
    _, s = run(s, {"card": 32}, {"op": "deploy"}, {"from": "Iraq"}, {"to": "track"})
    assert options(s, US) == [{"n": 1}, {"n": 2}, {"nato": 0}]
    events, s = run(s, {"nato": 0})
    assert c(s, "Iraq")["markers"] == [] and troops(s, "Iraq") == 6
    assert "NATO marker, which leaves the game" in GAME.describe(one(events, "deployed"))
    # only NATO there, no Regime Change any more: it may still deploy out
    s = ev_make(29, US, {"Iraq": dict(POOR_ALLY, markers=["NATO"]), "Pakistan": POOR_ALLY}, hands={US: [32, 29]})
    _, s = run(s, {"card": 32}, {"op": "deploy"}, {"from": "Iraq"}, {"to": "Pakistan"}, {"nato": 0})
    assert c(s, "Iraq")["markers"] == [] and troops(s, "Pakistan") == 0
    # a GWOT penalty: not playable
    s = ev_make(41, US, {"Iraq": dict(POOR_ALLY, rc="tan", troops=1)}, us_posture="Soft")
    assert not can(s, 41, US)


def test_42_pakistani_offensive():
    s = ev_make(42, US, {"Pakistan": dict(POOR_ALLY, markers=["FATA"])})
    _, s = fire(s, 42)
    assert c(s, "Pakistan")["markers"] == []
    assert not can(ev_make(42, US, {"Pakistan": dict(POOR_ADV, markers=["FATA"])}), 42, US)


def test_43_patriot_act():
    s = ev_make(43, US)
    _, s = fire(s, 43)
    assert c(s, D.US)["markers"] == ["Patriot Act"] and can(s, 6, US)


def test_44_renditions():
    s = ev_make(44, US, NO_DISRUPT, hands={JH: [66]}, us_posture="Hard")
    _, s = fire(s, 44)                                   # no Disrupt possible: the rest happens
    assert 66 in s["discard"] and "Renditions" in s["markers"] and not can(s, 61, JH)
    s = ev_make(44, US, us_posture="Hard", markers=["Leak-Renditions"])
    assert not can(s, 44, US)


def test_45_safer_now():
    s = ev_make(45, US, prestige=5)
    _, s1 = fire(s, 45, {"country": "China"}, {"pick": "hard"}, dice=(1,))
    assert s1["us_posture"] == "Soft" and s1["prestige"] == 8 and c(s1, "China")["posture"] == "Hard"
    s["c"]["United Kingdom"]["sleeper"] = 1
    assert not can(s, 45, US)


def test_46_sistani():
    s = ev_make(46, US, {"Iraq": dict(POOR_ALLY, rc="tan", troops=2, sleeper=1)})
    _, s = fire(s, 46, {"country": "Iraq"})
    assert c(s, "Iraq")["gov"] == D.FAIR
    assert not can(ev_make(46, US, {"Syria": dict(POOR_ALLY, rc="tan", sleeper=1)}), 46, US)   # Sunni


def test_47_door_of_itjihad_closed_lapsing():
    s = ev_make(47, US, hands={JH: [66, 68]})
    _, s = fire(s, 47)
    assert s["lapsing"] == [47]
    s["phase"], s["step"] = JH, {"k": "card", "seat": JH}
    assert options(s, JH) == [{"card": "random"}]
    events, s = run(s, {"card": "random"})
    assert one(events, "card_chosen")["random"] and s["in_play"]["card"] in (66, 68)


def test_48_adam_gadahn():
    s = ev_make(48, JH, hands={JH: [48, 95]}, funding=9)
    _, s = fire(s, 48, {"card": 95}, dice=(1, 2, 3))
    assert cells(s, D.US) == 2 and 95 in s["discard"] and 48 in s["discard"]
    assert s["phase"] == US                               # the two cards made the Jihadist phase
    assert not can(ev_make(48, JH, played=1), 48, JH)
    assert not can(ev_make(48, JH, {"Kenya/Tanzania": {"sleeper": 6}}, funding=1), 48, JH)   # no Available cell


def test_49_al_ittihad_al_islami():
    s = ev_make(49, JH)
    _, s = fire(s, 49, dice=(5,))
    assert cells(s, "Somalia") == 1 and c(s, "Somalia")["gov"] == D.FAIR and 49 in s["removed"]


def test_50_ansar_al_islam():
    s = ev_make(50, JH, {"Iraq": POOR_ADV})
    _, s = fire(s, 50, {"country": D.IRAN})
    assert cells(s, D.IRAN) == 1 and 50 in s["removed"]
    assert not can(ev_make(50, JH), 50, JH) and not can(ev_make(50, JH, {"Iraq": {"gov": D.GOOD, "align": "Ally"}}), 50, JH)


def test_51_fres():
    s = ev_make(51, JH, {"Iraq": dict(POOR_ALLY, troops=2)})
    _, s1 = fire(s, 51)
    assert cells(s1, "Iraq") == 4
    s["markers"] = ["Saddam Captured"]
    _, s2 = fire(s, 51)
    assert cells(s2, "Iraq") == 2
    assert not can(ev_make(51, JH), 51, JH)


def test_52_ieds():
    s = ev_make(52, JH, {"Iraq": dict(POOR_ALLY, rc="tan", sleeper=1)}, hands={US: [19]})
    _, s = fire(s, 52)
    assert s["hands"][US] == [] and 19 in s["discard"]
    assert not can(ev_make(52, JH), 52, JH)


def test_53_madrassas():
    s = ev_make(53, JH, {"Iraq": dict(POOR_ADV, sleeper=1), "Somalia": POOR_ADV}, hands={JH: [53, 95]}, funding=1)
    _, s = fire(s, 53, {"card": 95})
    seat, _ = asked(s)
    assert seat == JH and {"country": "Somalia"} in options(s, JH)     # Poor, no cell: allowed
    _, s = run(s, {"country": "Iraq"}, {"country": "Somalia"}, {"country": "Somalia"}, {"country": "Iraq"},
               dice=(1, 2, 6, 3))
    assert cells(s, "Iraq") == 3 and cells(s, "Somalia") == 1 and s["phase"] == US
    assert not can(ev_make(53, JH, played=1), 53, JH)


def test_54_moqtada_al_sadr():
    s = ev_make(54, JH, {"Iraq": dict(POOR_ALLY, troops=1, sleeper=1)})
    _, s = fire(s, 54)
    assert c(s, "Iraq")["markers"] == ["Sadr"] and 54 in s["removed"] and cells(s, "Iraq") == 1
    assert jihad_targets(s, [["Iraq", False]]) == ["Iraq"]              # a second die: Sadr counts
    # alone, it cannot be Disrupted, and the map is not empty of cells (2.1)
    alone = dict(s, c={**s["c"], "Iraq": dict(c(s, "Iraq"), sleeper=0), "Kenya/Tanzania": dict(c(s, "Kenya/Tanzania"), sleeper=0)})
    assert not disrupt_ok(alone, "Iraq", 3) and victory.instant(alone) is None
    # a Jihad with 2 dice, both failing: the cylinder goes first, then Sadr leaves the game
    s.update(phase=JH, played=0, step={"k": "card", "seat": JH}, hands={JH: [95], US: []})
    _, s = run(s, {"card": 95}, {"play": "ops"}, {"op": "jihad"}, {"country": "Iraq"}, {"country": "Iraq"},
               dice=(6, 6))
    assert cells(s, "Iraq") == 0 and c(s, "Iraq")["markers"] == []
    assert not can(ev_make(54, JH), 54, JH)


def test_55_uyghur_jihad():
    s = ev_make(55, JH)
    _, s1 = fire(s, 55, dice=(1,))
    assert c(s1, "China")["posture"] == "Soft" and cells(s1, "China") == 1
    _, s2 = fire(s, 55, dice=(6, 5))
    assert c(s2, "China")["posture"] == "Hard" and cells(s2, "Central Asia") == 1


def test_56_vieira_de_mello_slain():
    s = ev_make(56, JH, {"Iraq": dict(POOR_ALLY, rc="tan", sleeper=1)}, prestige=5)
    _, s = fire(s, 56)
    assert s["prestige"] == 4 and "Vieira de Mello Slain" in s["markers"] and not can(s, 30, US)
    assert not can(ev_make(56, JH), 56, JH)


def test_57_abu_sayyaf():
    s = ev_make(57, JH)
    _, s = fire(s, 57, dice=(5,))
    assert cells(s, "Philippines") == 1 and c(s, "Philippines")["markers"] == ["Abu Sayyaf"]
    assert not can(ev_make(57, JH, {"Philippines": {"markers": ["Moro Talks"]}}), 57, JH)


def test_58_al_anbar():
    s = ev_make(58, JH, {"Iraq": dict(POOR_ALLY, troops=2, sleeper=1)})
    assert disrupt_count(s, "Iraq") == 2
    _, s = fire(s, 58)
    assert cells(s, "Iraq") == 2 and "Al-Anbar" in s["markers"]
    assert disrupt_count(s, "Iraq") == 1 and not can(s, 112, US) and can(s, 112, JH)
    s["c"]["Syria"].update(gov=D.POOR, align="Ally", cadre=True)
    assert not disrupt_ok(s, "Syria", 3)
    assert not can(ev_make(58, JH, markers=["Anbar Awakening"]), 58, JH)


def test_59_amerithrax():
    s = ev_make(59, JH, hands={US: [2, 21, 22, 96]})
    _, s = fire(s, 59)
    assert asked(s) == (US, asked(s)[1]) and options(s, US) == [{"card": 21}, {"card": 22}]
    _, s = run(s, {"card": 22})
    assert s["hands"][US] == [2, 21, 96] and 22 in s["discard"]


def test_60_bhutto_shot():
    s = ev_make(60, JH, {"Pakistan": dict(POOR_ALLY, sleeper=1, markers=["Benazir Bhutto"])})
    _, s = fire(s, 60)
    assert c(s, "Pakistan")["markers"] == ["Bhutto Shot"] and not can(s, 33, US)   # 6.2.8
    assert not can(ev_make(60, JH), 60, JH)

