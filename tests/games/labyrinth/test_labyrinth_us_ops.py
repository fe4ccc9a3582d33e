"""US operations (rules 7.0-7.7), one test or more per rule, each citing it."""

import pytest

from games.core import IllegalMove
from games.labyrinth import GAME
from tests.games.labyrinth.labyrinth_kit import (
    JH,
    US,
    Dice,
    c,
    check,
    labels,
    make,
    of_type,
    one,
    options,
    play,
    types,
)

# cards by value (card numbers with 1, 2 and 3 Ops, US-associated, so no event could matter)
ONE, ONE_B = 1, 2        # Backlash, Biometrics
TWO, TWO_B = 11, 12      # Abbas, Al-Azhar
THREE, THREE_B, THREE_C = 32, 33, 34


def refuse(state, seat, move):
    with pytest.raises(IllegalMove) as err:
        GAME.decide(state, seat, move, Dice())
    return err.value


def us_to_play(countries=None, hand=(THREE, TWO, ONE), **kw):
    return make(countries, hands={"us": list(hand), "jihadist": [48]}, seat=US, **kw)


# ------------------------------------------------------------------ 7.1 costs


def test_operation_cost_follows_target_governance():
    # 7.1.1: Good 1+, Fair 2+, Poor 3 only; PL/PT example: WoI in the Gulf States (Fair-2) needs 2 or 3
    state = us_to_play({"Gulf States": {"gov": 2, "align": "Ally"}, "Saudi Arabia": {"gov": 3, "align": "Ally"}})
    _, s1 = play(state, US, {"card": ONE}, {"op": "woi"})
    assert {"country": "Gulf States"} not in options(s1, US)
    assert refuse(s1, US, {"country": "Gulf States"}).code == "card_too_weak"
    _, s2 = play(state, US, {"card": TWO}, {"op": "woi"})
    assert {"country": "Gulf States"} in options(s2, US) and {"country": "Saudi Arabia"} not in options(s2, US)
    _, s3 = play(state, US, {"card": THREE}, {"op": "woi"})
    assert {"country": "Saudi Arabia"} in options(s3, US)


def test_no_us_operation_in_islamist_rule_but_regime_change():
    # 7.1.3: Afghanistan starts Islamist Rule with 4 cells (Let's Roll): no WoI, no Disrupt there
    state = us_to_play({"Afghanistan": {"troops": 2}})
    _, s = play(state, US, {"card": THREE}, {"op": "woi"})
    assert {"country": "Afghanistan"} not in options(s, US)
    _, s = play(state, US, {"card": THREE})
    assert "disrupt" not in [m["op"] for m in options(s, US)]


# ------------------------------------------------------------------ 7.2 War of Ideas


def test_woi_neutral_becomes_ally_on_five():
    # 7.2.1.2: modified roll 5+ succeeds; a Neutral country becomes Ally, governance unchanged
    state = us_to_play({"Pakistan": {"gov": 2, "align": "Neutral"}}, prestige=5)
    events, s = play(state, US, {"card": TWO}, {"op": "woi"}, {"country": "Pakistan"}, dice=(5,))
    woi = one(events, "woi")
    assert woi["total"] == 5 and woi["result"] == "ally"
    assert c(s, "Pakistan")["align"] == "Ally" and c(s, "Pakistan")["gov"] == 2


def test_woi_ally_improves_one_level():
    # 7.2.1.2: an Ally improves one level; PL 4.2.1 example: Saudi Arabia Poor -> Fair
    state = us_to_play({"Saudi Arabia": {"gov": 3, "align": "Ally", "troops": 0}}, prestige=5)
    _, s = play(state, US, {"card": THREE}, {"op": "woi"}, {"country": "Saudi Arabia"}, dice=(5,))
    assert c(s, "Saudi Arabia")["gov"] == 2


def test_woi_reaching_good_removes_markers():
    # 7.2.1.2 step 4 / 7.2.2.3: Good removes Regime Change, Besieged Regime and all Aid.
    state = us_to_play({"Iraq": {"gov": 2, "align": "Ally", "aid": 2, "besieged": True, "rc": "tan",
                                 "troops": 6, "sleeper": 0}}, prestige=5)
    events, s = play(state, US, {"card": THREE}, {"op": "woi"}, {"country": "Iraq"}, dice=(4,))
    woi = one(events, "woi")
    assert woi["mods"] == [["aid", 2], ["Fair to Good", -1]] and woi["total"] == 5
    assert c(s, "Iraq")["gov"] == 1 and c(s, "Iraq")["aid"] == 0
    assert not c(s, "Iraq")["besieged"] and c(s, "Iraq")["rc"] is None


def test_woi_modifiers():
    # 7.2.1 modifiers [EXT values]: Prestige band, GWOT penalty, Aid, adjacent Good Ally, Fair Ally -1
    state = us_to_play({"Pakistan": {"gov": 2, "align": "Ally", "aid": 1},
                        "Afghanistan": {"gov": 1, "align": "Ally", "sleeper": 0}, "Iraq": {"sleeper": 1},
                        "Canada": {"posture": "Soft"}, "France": {"posture": "Soft"}, "Spain": {"posture": "Soft"},
                        "Germany": {"posture": "Soft"}},
                       prestige=11, us_posture="Hard")
    # World: Israel Hard vs 4 Soft = Soft 3, US Hard: GWOT penalty 3
    events, _ = play(state, US, {"card": THREE}, {"op": "woi"}, {"country": "Pakistan"}, dice=(3,))
    assert one(events, "woi")["mods"] == [["prestige Very High", 2], ["GWOT penalty", -3], ["aid", 1],
                                          ["adjacent Good Ally", 1], ["Fair to Good", -1]]
    state["prestige"] = 2
    events, _ = play(state, US, {"card": THREE}, {"op": "woi"}, {"country": "Pakistan"}, dice=(3,))
    assert one(events, "woi")["mods"][0] == ["prestige Low", -1]


def test_woi_first_aid_when_failing_by_one():
    # 7.2.2.1: no Aid yet and the roll fails by exactly 1 (modified 4): place one Aid
    state = us_to_play({"Pakistan": {"gov": 2, "align": "Neutral"}}, prestige=5)
    _, s = play(state, US, {"card": TWO}, {"op": "woi"}, {"country": "Pakistan"}, dice=(4,))
    assert c(s, "Pakistan")["aid"] == 1 and c(s, "Pakistan")["align"] == "Neutral"
    # 7.2.2.2: WoI only ever places the first Aid
    _, s2 = play(s, US, {"card": THREE}, {"op": "woi"}, {"country": "Pakistan"}, dice=(3,))
    assert c(s2, "Pakistan")["aid"] == 1
    # a failure by more than 1 places nothing
    _, s3 = play(state, US, {"card": TWO}, {"op": "woi"}, {"country": "Pakistan"}, dice=(3,))
    assert c(s3, "Pakistan")["aid"] == 0


def test_woi_never_adversary_nor_good_ally():
    # 7.2.1.1 (PT, D4): never an Adversary; a Good Ally cannot improve [INF]
    state = us_to_play({"Syria": {"gov": 2, "align": "Adversary"}, "Egypt": {"gov": 1, "align": "Ally"}})
    _, s = play(state, US, {"card": THREE}, {"op": "woi"})
    assert {"country": "Syria"} not in options(s, US) and {"country": "Egypt"} not in options(s, US)
    assert refuse(s, US, {"country": "Syria"}).code == "adversary"


def test_woi_untested_country_is_tested_first_and_may_fail_for_cost():
    # PT 7.2.1.1 / 4.9.4: an untested country is tested (Neutral) first; 4.9.5: if the tested
    # governance costs more than the card, the War of Ideas fails automatically.
    state = us_to_play()
    events, s = play(state, US, {"card": ONE}, {"op": "woi"}, {"country": "Egypt"}, dice=(5,))
    assert types(events)[2:4] == ["tested", "woi"]
    assert c(s, "Egypt")["gov"] == 2 and c(s, "Egypt")["align"] == "Neutral"
    assert one(events, "woi")["result"] == "too_costly"
    events, s = play(state, US, {"card": TWO}, {"op": "woi"}, {"country": "Egypt"}, dice=(6, 5))
    assert one(events, "woi")["result"] == "ally" and c(s, "Egypt")["align"] == "Ally"


def test_woi_in_regime_change_country_needs_five_more_troops_than_cells():
    # 7.2.1.3
    iraq = {"gov": 3, "align": "Ally", "rc": "tan", "troops": 6, "sleeper": 2}
    _, s = play(us_to_play({"Iraq": iraq}), US, {"card": THREE}, {"op": "woi"})
    assert {"country": "Iraq"} not in options(s, US)
    _, s = play(us_to_play({"Iraq": dict(iraq, sleeper=1)}), US, {"card": THREE}, {"op": "woi"})
    assert {"country": "Iraq"} in options(s, US)


def test_woi_non_muslim_rolls_posture_and_prestige_when_matching():
    # 7.2.3: one Posture roll (1-4 Soft, 5-6 Hard) even if marked; Prestige +1 if it equals US posture
    state = us_to_play({"France": {"posture": "Soft"}}, prestige=5, us_posture="Hard")
    _, s = play(state, US, {"card": ONE}, {"op": "woi"}, {"country": "France"}, dice=(5,))
    assert c(s, "France")["posture"] == "Hard" and s["prestige"] == 6
    _, s = play(state, US, {"card": ONE}, {"op": "woi"}, {"country": "France"}, dice=(4,))
    assert c(s, "France")["posture"] == "Soft" and s["prestige"] == 5
    # cost: Russia is Fair-2 (7.1.1)
    _, s1 = play(state, US, {"card": ONE}, {"op": "woi"})
    assert {"country": "Russia"} not in options(s1, US)


def test_woi_not_in_the_us_israel_or_iran():
    # 7.2.3 (PT, D3): not the US or Israel; Iran is not a non-Muslim country (4.4)
    _, s = play(us_to_play(), US, {"card": THREE}, {"op": "woi"})
    for name in ("United States", "Israel", "Iran"):
        assert {"country": name} not in options(s, US)


# ------------------------------------------------------------------ 7.3 Deploy


def test_deploy_from_track_to_an_ally():
    # 7.3.1-7.3.3: any number from one location to an Ally; cost by the destination
    state = us_to_play({"Pakistan": {"gov": 2, "align": "Ally"}})
    _, s = play(state, US, {"card": TWO}, {"op": "deploy"}, {"from": "track"})
    assert {"to": "Pakistan"} in options(s, US) and {"to": "Saudi Arabia"} not in options(s, US)  # Poor: 3 only
    assert {"to": "Syria"} not in options(s, US)  # an Adversary (7.3.3)
    _events, s = play(s, US, {"to": "Pakistan"}, {"n": 3})
    assert c(s, "Pakistan")["troops"] == 3
    check(s)


def test_deploy_to_the_track_counts_as_good():
    # 7.3.2: the Troops track is Good-1: any card
    state = us_to_play()
    _, s = play(state, US, {"card": ONE}, {"op": "deploy"}, {"from": "Saudi Arabia"})
    assert options(s, US) == [{"to": "track"}]
    _, s = play(s, US, {"to": "track"}, {"n": 2})
    assert c(s, "Saudi Arabia")["troops"] == 0


def test_deploy_out_of_regime_change_keeps_five_more_troops_than_cells():
    # 7.3.1 exception
    state = us_to_play({"Iraq": {"gov": 3, "align": "Ally", "rc": "tan", "troops": 9, "sleeper": 2}})
    _, s = play(state, US, {"card": ONE}, {"op": "deploy"}, {"from": "Iraq"}, {"to": "track"})
    assert options(s, US) == [{"n": 1}, {"n": 2}]
    state["c"]["Iraq"]["troops"] = 7
    _, s = play(state, US, {"card": ONE}, {"op": "deploy"})
    assert {"from": "Iraq"} not in options(s, US)


# ------------------------------------------------------------------ 7.3.4 Regime Change


def test_regime_change_steps():
    # 7.3.4: Hard, 3-value card, IR target, at least 6 troops from one location; then green RC,
    # governance roll (1-4 Poor, 5-6 Fair), Ally, Sleepers Active, Prestige roll.
    state = us_to_play(prestige=7, us_posture="Hard")
    _, s = play(state, US, {"card": THREE}, {"op": "regime_change"})
    assert options(s, US) == [{"country": "Afghanistan"}]
    _, s = play(s, US, {"country": "Afghanistan"})
    assert options(s, US) == [{"from": "track"}]           # 11 on the track; Saudi/Gulf have 2 each
    _, s = play(s, US, {"from": "track"})
    assert options(s, US)[0] == {"n": 6} and options(s, US)[-1] == {"n": 11}
    events, s = play(s, US, {"n": 6}, dice=(5, 6, 3, 4))
    rc = one(events, "regime_change")
    assert rc["gov"] == 2 and rc["prestige_roll"] == {"direction": 6, "dice": [3, 4], "delta": 3}
    afg = c(s, "Afghanistan")
    assert (afg["gov"], afg["align"], afg["rc"], afg["troops"]) == (2, "Ally", "green", 6)
    assert afg["active"] == 4 and afg["sleeper"] == 0 and s["prestige"] == 10
    check(s)


def test_regime_change_requirements():
    # 7.3.4: not with a Soft posture, not below 3 Ops, not without 6 troops in one place
    assert "regime_change" not in [m["op"] for m in options(play(us_to_play(us_posture="Soft"), US, {"card": THREE})[1], US)]
    assert "regime_change" not in [m["op"] for m in options(play(us_to_play(), US, {"card": TWO})[1], US)]
    few = us_to_play({"Pakistan": {"gov": 2, "align": "Ally", "troops": 6}, "Gulf States": {"troops": 4}})
    assert troops_track(few) == 3
    assert "regime_change" in [m["op"] for m in options(play(few, US, {"card": THREE})[1], US)]
    few["c"]["Pakistan"]["troops"] = 5
    few["c"]["Gulf States"]["troops"] = 5
    assert "regime_change" not in [m["op"] for m in options(play(few, US, {"card": THREE})[1], US)]


def troops_track(state):
    from games.labyrinth.state import troops_on_track
    return troops_on_track(state)


# ------------------------------------------------------------------ 7.3.5 Withdraw


def test_withdraw():
    # 7.3.5: Soft, 3-value card, troops in an RC country: out ignoring cells; all Aid off;
    # Besieged Regime; Prestige roll; the RC marker stays.
    state = us_to_play({"Iraq": {"gov": 3, "align": "Ally", "rc": "tan", "troops": 6, "sleeper": 3, "aid": 1}},
                       us_posture="Soft", prestige=7)
    _, s = play(state, US, {"card": THREE}, {"op": "withdraw"})
    assert options(s, US) == [{"from": "Iraq"}]
    _events, s = play(s, US, {"from": "Iraq"}, {"to": "track"}, {"n": 6}, dice=(1, 2, 5))
    iraq = c(s, "Iraq")
    assert iraq["troops"] == 0 and iraq["aid"] == 0 and iraq["besieged"] and iraq["rc"] == "tan"
    assert s["prestige"] == 5                                # down by the lower die, 2
    assert "withdraw" not in [m["op"] for m in options(play(dict(state, us_posture="Hard"), US, {"card": THREE})[1], US)]


# ------------------------------------------------------------------ 7.4 Disrupt


def test_disrupt_targets():
    # 7.4.1: cells or cadre, and Ally / 2+ troops / non-Muslim (not Iran); 7.1.1 cost
    state = us_to_play({"Syria": {"gov": 2, "align": "Adversary", "sleeper": 2},
                        "Jordan": {"gov": 2, "align": "Ally", "sleeper": 1},
                        "Lebanon": {"gov": 3, "align": "Neutral", "sleeper": 1, "troops": 2},
                        "France": {"posture": "Soft", "cadre": True},
                        "Iran": {"sleeper": 1}})
    _, s = play(state, US, {"card": THREE}, {"op": "disrupt"})
    got = [m["country"] for m in options(s, US)]
    assert got == ["France", "Lebanon", "Jordan"]
    _, s = play(state, US, {"card": TWO}, {"op": "disrupt"})
    assert [m["country"] for m in options(s, US)] == ["France", "Jordan"]


def test_disrupt_example_one_active_one_sleeper():
    # 7.4.2 note: 1 Active + 1 Sleeper, a 2-cell Disrupt: the Active is removed, the Sleeper activated
    state = us_to_play({"Pakistan": {"gov": 2, "align": "Ally", "active": 1, "sleeper": 1, "troops": 2}}, prestige=5)
    events, s = play(state, US, {"card": TWO}, {"op": "disrupt"}, {"country": "Pakistan"})
    assert all((e.get("step") or {}).get("k") != "disrupt_how" for e in events)  # only one way: no question
    d = one(events, "disrupted")
    assert (d["removed"], d["activated"]) == (1, 1)
    assert c(s, "Pakistan")["active"] == 1 and c(s, "Pakistan")["sleeper"] == 0
    assert s["prestige"] == 6                                # 7.4.4: 2+ troops


def test_disrupt_count_and_choice():
    # 7.4.2: one cell without 2 troops or Hard posture; two with; the US chooses which
    state = us_to_play({"Jordan": {"gov": 2, "align": "Ally", "active": 2, "sleeper": 2}}, prestige=5)
    _events, s = play(state, US, {"card": TWO}, {"op": "disrupt"}, {"country": "Jordan"})
    assert options(s, US) == [{"remove": 1}, {"remove": 0}]
    _, s2 = play(s, US, {"remove": 1})
    assert (c(s2, "Jordan")["active"], c(s2, "Jordan")["sleeper"]) == (1, 2) and s2["prestige"] == 5
    hard = us_to_play({"Germany": {"posture": "Hard", "active": 2, "sleeper": 1}})
    _, s = play(hard, US, {"card": ONE}, {"op": "disrupt"}, {"country": "Germany"})
    assert options(s, US) == [{"remove": 2}, {"remove": 1}]
    assert labels(s, US) == ["Remove 2 active cells", "Remove 1 active cell and activate 1 sleeper"]


def test_disrupt_last_cell_leaves_a_cadre_and_a_cadre_alone_is_removed():
    # 7.4.3 and 7.4.2: removing the last cell places a Cadre; with no cells the Cadre goes
    state = us_to_play({"Jordan": {"gov": 2, "align": "Ally", "active": 1}})
    _events, s = play(state, US, {"card": TWO}, {"op": "disrupt"}, {"country": "Jordan"})
    assert c(s, "Jordan")["cadre"] and c(s, "Jordan")["active"] == 0
    _, s = play(s, US, {"card": THREE}, {"op": "disrupt"}, {"country": "Jordan"})
    assert not c(s, "Jordan")["cadre"]


def test_disrupt_in_the_us_uses_us_posture():
    # 7.4.2 [INF]: for the US as target, Hard posture means US posture
    state = us_to_play({"United States": {"active": 2}}, us_posture="Hard")
    _events, s = play(state, US, {"card": ONE}, {"op": "disrupt"}, {"country": "United States"})
    assert c(s, "United States")["active"] == 0


def test_no_disrupt_in_pakistan_with_fata_unless_regime_change():
    # FATA marker (scenario marker, cards.json card 80)
    state = us_to_play({"Pakistan": {"gov": 3, "align": "Ally", "sleeper": 1, "markers": ["FATA"]}})
    _, s = play(state, US, {"card": THREE})
    assert "disrupt" not in [m["op"] for m in options(s, US)]


# ------------------------------------------------------------------ 7.5 Alert, 6.3.3 Reserves


def test_alert_blocks_a_plot():
    # 7.5.1-7.5.3: a 3-value card; any plot, even in an Adversary or Iran; WMD out of the game,
    # any other plot back face down to Available Plots
    state = us_to_play(plots=[{"id": 1, "c": "Iran", "v": 2}, {"id": 2, "c": "Syria", "v": "WMD"}],
                       avail=[1, 1, 1, 2, 3], wmd={"pakistan": 0, "box": 3, "removed": 2})
    _, s = play(state, US, {"card": TWO})
    assert "alert" not in [m["op"] for m in options(s, US)]
    _, s = play(state, US, {"card": THREE}, {"op": "alert"})
    assert options(s, US) == [{"plot": 1}, {"plot": 2}]
    events, s1 = play(s, US, {"plot": 2})
    assert one(events, "plot_alerted")["plot"] == "WMD" and s1["wmd"]["removed"] == 3 and "WMD" not in s1["avail"]
    events, s2 = play(s, US, {"plot": 1})
    assert sorted(s2["avail"]) == [1, 1, 1, 2, 2, 3]
    check(s2)


def test_reserves_example_alert_with_a_one_value_card():
    # 6.3.3.1 example: 2 Reserves + a 1-value card = a 3-value Alert; Reserves go back to 0
    state = us_to_play(hand=(ONE, TWO), reserves={"us": 2, "jihadist": 0},
                       plots=[{"id": 1, "c": "Iraq", "v": 1}])
    _, s = play(state, US, {"card": ONE})
    assert GAME.prompts(s)[US]["kind"] == "boost"
    _, s = play(s, US, {"boost": True})
    assert s["in_play"]["value"] == 3 and s["reserves"]["us"] == 0
    assert {"op": "alert"} in options(s, US) and {"op": "reserves"} not in options(s, US)


def test_reserves_operation_caps_at_two():
    # 6.3.3: a 1- or 2-value card adds its value, to at most 2; not with a 3-value card
    state = us_to_play(reserves={"us": 1, "jihadist": 0})
    _, s = play(state, US, {"card": TWO}, {"boost": False}, {"op": "reserves"})
    assert s["reserves"]["us"] == 2 and TWO in s["discard"]
    _, s = play(state, US, {"card": THREE})
    assert {"op": "reserves"} not in options(s, US)


# ------------------------------------------------------------------ 7.6 Reassessment


def test_reassessment_needs_two_three_value_cards_and_ends_the_phase():
    # 7.6.1-7.6.2: two 3-value cards, no Reserves, the whole phase; posture switches (D5)
    state = us_to_play(hand=(THREE, THREE_B, TWO), us_posture="Hard")
    _, s = play(state, US, {"card": THREE})
    assert {"op": "reassess"} in options(s, US)
    _events, s = play(s, US, {"op": "reassess"}, {"card": THREE_B})
    assert s["us_posture"] == "Soft" and s["phase"] == JH and s["hands"]["us"] == [TWO]
    assert THREE in s["discard"] and THREE_B in s["discard"]
    # not as the second card of a phase, nor with a single 3-value card
    _, s = play(us_to_play(hand=(THREE, TWO, ONE)), US, {"card": THREE})
    assert {"op": "reassess"} not in options(s, US)
    late = us_to_play(hand=(THREE, THREE_B), played=1)
    _, s = play(late, US, {"card": THREE})
    assert {"op": "reassess"} not in options(s, US)


def test_us_options_always_include_something():
    # 7.1.2: every card has at least one operation (WoI in a Good non-Muslim country costs 1)
    state = us_to_play(hand=(ONE,), blank=True, countries={"Iraq": {"gov": 3, "align": "Adversary", "sleeper": 1}},
                       step={"k": "last", "seat": US})
    _, s = play(state, US, {"last": "play"})
    assert {"op": "woi"} in options(s, US)


def test_us_refuses_a_card_not_in_hand():
    state = us_to_play()
    assert refuse(state, US, {"card": 99}).code == "not_in_hand"
    assert refuse(state, JH, {"card": 48}).code == "not_your_turn"
    assert of_type([], "x") == []
