"""Plot resolution at the end of every US Action Phase (8.5.6, spec 9), case by case."""

from games.labyrinth import GAME
from tests.games.labyrinth.labyrinth_kit import (
    JH,
    SYS,
    US,
    c,
    check,
    make,
    of_type,
    one,
    options,
    play,
    types,
)


def at_resolution(countries=None, plots=(), **kw):
    """The US Action Phase just ended with these plots on the map."""
    kw.setdefault("hands", {"jihadist": [48, 49], "us": [1, 2]})
    return make(countries, seat=US, step={"k": "plots", "seat": SYS}, plots=list(plots), **kw)


def resolve(state, *dice):
    return play(state, SYS, {"go": "plots"}, dice=dice)


def test_the_plot_step_is_a_system_step_with_one_option():
    # 5.2.3 / 8.5.6: resolution is automatic
    state = at_resolution({"Iraq": {"gov": 3, "align": "Adversary", "sleeper": 1}}, [{"id": 1, "c": "Iraq", "v": 1}])
    prompt = GAME.prompts(state)[SYS]
    assert prompt["kind"] == "system" and options(state, SYS) == [{"go": "plots"}]


def test_funding_muslim_good_and_fair():
    # step 2: a plot in a Muslim country or Iran: +2 if Good, else +1 (WMD the same)
    state = at_resolution({"Egypt": {"gov": 1, "align": "Ally", "sleeper": 1},
                           "Jordan": {"gov": 2, "align": "Ally", "sleeper": 1}, "Iran": {"sleeper": 1}},
                          [{"id": 1, "c": "Egypt", "v": 1}, {"id": 2, "c": "Jordan", "v": 3}, {"id": 3, "c": "Iran", "v": 2}],
                          funding=3)
    events, s = resolve(state, 6, 6, 6, 6)
    assert [e["funding"] for e in of_type(events, "plot_funding")] == [5, 6, 7]
    assert sorted(s["avail"]) == [1, 1, 1, 2, 2, 3] and not s["plots"]
    check(s)


def test_funding_non_muslim_value_doubled_if_good_and_the_us():
    # step 2: non-Muslim (not the US): + value, x2 if Good; WMD: 9; the US: 9 for any plot
    state = at_resolution({"Russia": {"posture": "Soft", "sleeper": 1}, "Canada": {"posture": "Soft", "sleeper": 1}},
                          [{"id": 1, "c": "Russia", "v": 2}, {"id": 2, "c": "Canada", "v": 2}], funding=2)
    events, s = resolve(state, 1, 1)
    assert [e["funding"] for e in of_type(events, "plot_funding")] == [4, 8]
    state = at_resolution({"United States": {"sleeper": 1}}, [{"id": 1, "c": "United States", "v": 1}], funding=2)
    events, s = resolve(state, 1, 1, 1, 1)
    assert s["funding"] == 9


def test_posture_roll_for_non_muslim_and_us_plus_one():
    # step 3: a non-Muslim target rolls posture; for the US the roll is modified +1 (4.9.3)
    state = at_resolution({"Russia": {"posture": "Hard", "sleeper": 1}}, [{"id": 1, "c": "Russia", "v": 1}])
    events, s = resolve(state, 2)
    assert c(s, "Russia")["posture"] == "Soft"
    state = at_resolution({"United States": {"sleeper": 1}}, [{"id": 1, "c": "United States", "v": 1}],
                          us_posture="Soft", prestige=7)
    # posture 4 + 1 = 5 Hard; then the Prestige roll (PT 2nd edition, D2): direction 5 up, dice 3 and 2
    events, s = resolve(state, 4, 5, 3, 2)
    assert s["us_posture"] == "Hard" and one(events, "posture_rolled")["modifier"] == 1
    assert s["prestige"] == 9
    events, s = resolve(state, 3, 1, 6, 6)
    assert s["us_posture"] == "Soft" and s["prestige"] == 1   # down by 6 from 7


def test_israel_posture_is_not_rolled():
    # step 3 / 4.3.3: Israel is always Hard
    state = at_resolution({"Israel": {"sleeper": 1}}, [{"id": 1, "c": "Israel", "v": 1}], funding=5)
    events, s = resolve(state)
    assert "posture_rolled" not in types(events) and s["funding"] == 7


def test_schengen_plot_rolls_two_other_schengen_countries_chosen_by_the_jihadist():
    # step 3: the Jihadist chooses two OTHER Schengen countries, each rolling posture
    state = at_resolution({"France": {"posture": "Hard", "sleeper": 1}}, [{"id": 1, "c": "France", "v": 1}])
    events, s = resolve(state, 1)
    assert c(s, "France")["posture"] == "Soft" and GAME.prompts(s)[JH]["kind"] == "country"
    assert {"country": "France"} not in options(s, JH) and len(options(s, JH)) == 6
    events, s = play(s, JH, {"country": "Germany"}, dice=(6,))
    assert c(s, "Germany")["posture"] == "Hard" and {"country": "Germany"} not in options(s, JH)
    events, s = play(s, JH, {"country": "Spain"}, dice=(2,))
    assert c(s, "Spain")["posture"] == "Soft" and not s["plots"]
    assert types(events)[-3:] == ["plot_removed", "phase_started", "await"] or "plot_removed" in types(events)


def test_wmd_posture_may_be_rerolled_once():
    # step 3: a WMD in a non-Muslim country (2-player): the Jihadist may reroll the posture once
    state = at_resolution({"Russia": {"posture": "Hard", "sleeper": 1}}, [{"id": 1, "c": "Russia", "v": "WMD"}],
                          avail=[1, 1, 1, 2, 2, 3], wmd={"pakistan": 0, "box": 3, "removed": 2})
    events, s = resolve(state, 6)
    assert GAME.prompts(s)[JH]["kind"] == "reroll" and s["funding"] == 9
    events, s2 = play(s, JH, {"reroll": True}, dice=(1,))
    assert c(s2, "Russia")["posture"] == "Soft" and one(events, "posture_rolled")["reroll_of"] == 6
    assert s2["wmd"]["removed"] == 3 and not s2["plots"]                 # step 6: WMD out of the game
    events, s3 = play(s, JH, {"reroll": False})
    assert c(s3, "Russia")["posture"] == "Hard"
    check(s3)


def test_prestige_with_troops():
    # step 4: troops in the target: Prestige -1, or Prestige 1 for a WMD
    state = at_resolution({"Saudi Arabia": {"sleeper": 1}}, [{"id": 1, "c": "Saudi Arabia", "v": 1}], prestige=7)
    events, s = resolve(state, 6)
    assert s["prestige"] == 6
    state = at_resolution({"Saudi Arabia": {"sleeper": 1}}, [{"id": 1, "c": "Saudi Arabia", "v": "WMD"}], prestige=7,
                          avail=[1, 1, 1, 2, 2, 3], wmd={"pakistan": 0, "box": 3, "removed": 2})
    _events, s = resolve(state, 6, 6, 6)
    assert s["prestige"] == 1


def test_governance_dice_and_aid():
    # step 5: Muslim only: value dice (3 for WMD) against governance; each success removes an
    # Aid and worsens one level, never below Poor; judged against the governance before the rolls
    state = at_resolution({"Pakistan": {"gov": 1, "align": "Ally", "sleeper": 1, "aid": 0},
                           "Jordan": {"gov": 2, "align": "Ally", "sleeper": 1, "aid": 2}},
                          [{"id": 1, "c": "Pakistan", "v": 2}, {"id": 2, "c": "Jordan", "v": 3}])
    events, s = resolve(state, 1, 1, 2, 2, 3)
    gov = of_type(events, "plot_governance")
    assert [g["successes"] for g in gov] == [2, 2]
    assert c(s, "Pakistan")["gov"] == 3                          # Good -> Poor with two 1s
    assert c(s, "Jordan")["gov"] == 3 and c(s, "Jordan")["aid"] == 0
    state = at_resolution({"Jordan": {"gov": 3, "align": "Ally", "sleeper": 1}}, [{"id": 1, "c": "Jordan", "v": 2}])
    events, s = resolve(state, 1, 1)
    assert c(s, "Jordan")["gov"] == 3                            # never Islamist Rule


def test_plot_in_iran_adds_funding_only():
    # 3.4 / step 2: Iran adds Funding like a Muslim country; no posture, no governance rolls
    state = at_resolution({"Iran": {"sleeper": 1}}, [{"id": 1, "c": "Iran", "v": 3}], funding=4)
    events, s = resolve(state)
    assert s["funding"] == 5 and types(events)[:3] == ["plot_revealed", "plot_funding", "plot_removed"]


def test_wmd_in_the_us_wins_for_the_jihadist():
    # step 1 / 2.1.2: a WMD plot resolved in the United States
    state = at_resolution({"United States": {"sleeper": 1}}, [{"id": 1, "c": "United States", "v": "WMD"}],
                          avail=[1, 1, 1, 2, 2, 3], wmd={"pakistan": 0, "box": 3, "removed": 2})
    events, s = resolve(state)
    assert types(events) == ["plot_revealed", "game_over"]
    assert GAME.result(s)["winner"] == JH and GAME.prompts(s) == {}


def test_plots_resolve_in_placement_order_and_all_are_resolved():
    # 8.5.6: every plot on the map is resolved; where their order cannot matter, as placed
    state = at_resolution({"Jordan": {"gov": 3, "align": "Ally", "sleeper": 2}, "Russia": {"posture": "Soft", "sleeper": 1}},
                          [{"id": 4, "c": "Russia", "v": 1}, {"id": 2, "c": "Jordan", "v": 1}], funding=1)
    events, s = resolve(state, 1, 6)
    assert [e["country"] for e in of_type(events, "plot_revealed")] == ["Russia", "Jordan"]
    assert not s["plots"] and s["funding"] == 3 and s["phase"] == JH


def test_the_jihadist_chooses_the_order_of_plots_whose_order_matters():
    # 8.5.6 (issue 13, correction 6): "the Jihadist reveals each one and chooses the order": two plots
    # in Jordan (its governance dice depend on the first): asked which goes first, then the rest
    state = at_resolution({"Jordan": {"gov": 2, "align": "Ally", "sleeper": 2}, "Russia": {"posture": "Soft", "sleeper": 1}},
                          [{"id": 4, "c": "Russia", "v": 1}, {"id": 2, "c": "Jordan", "v": 1}, {"id": 3, "c": "Jordan", "v": 2}],
                          funding=1)
    events, s = resolve(state)
    assert types(events) == ["await"] and GAME.prompts(s)["jihadist"]["kind"] == "plot"
    assert options(s, JH) == [{"plot": 4}, {"plot": 2}, {"plot": 3}]
    assert all("Plot" not in GAME.describe(GAME.redact(e, US)) for e in events)
    # Jordan's plot 2 first: Fair -> Poor on the 1; then one plot each in Russia and Jordan: their order
    # cannot matter any more, they resolve as placed (Russia's posture 6, Jordan's die 6)
    events, s = play(s, JH, {"plot": 3}, dice=(1, 6, 6, 6))
    assert [e["country"] for e in of_type(events, "plot_revealed")] == ["Jordan", "Russia", "Jordan"]
    assert c(s, "Jordan")["gov"] == 3 and not s["plots"] and s["funding"] == 4 and s["phase"] == JH


def test_plots_are_resolved_even_if_the_us_played_nothing():
    # 5.2.3: the plot step comes at the end of every US Action Phase, even an empty one
    state = make({"Jordan": {"gov": 3, "align": "Ally", "sleeper": 2}}, hands={"jihadist": [48]}, seat=JH,
                 plots=[{"id": 1, "c": "Jordan", "v": 1}])
    _events, s = play(state, JH, {"card": 48}, {"op": "travel"}, {"from": "Jordan"}, {"to": "Jordan"})
    assert s["step"] == {"k": "plots", "seat": SYS}
