"""Jihadist operations (rules 8.0-8.5.5) and the rulebook's worked examples for them."""

import pytest

from games.core import IllegalMove
from games.labyrinth import GAME
from games.labyrinth.state import available_cells
from tests.games.labyrinth.labyrinth_kit import (
    JH,
    US,
    Dice,
    c,
    check,
    make,
    of_type,
    one,
    options,
    play,
    types,
)

ONE, TWO, THREE, THREE_B = 48, 57, 76, 77      # Jihadist cards: Adam Gadahn 1, Abu Sayyaf 2, Abu Ghurayb 3, Al-Jazeera 3


def jh_to_play(countries=None, hand=(THREE, TWO, ONE), **kw):
    return make(countries, hands={"jihadist": list(hand), "us": [1, 2]}, seat=JH, **kw)


def refuse(state, seat, move):
    with pytest.raises(IllegalMove) as err:
        GAME.decide(state, seat, move, Dice())
    return err.value


# ------------------------------------------------------------------ 8.2 Recruit


def test_recruit_example_two_countries_fair():
    # 8.1.2 example (PL and PT): a 3-value Recruit, 2 dice in Afghanistan and 1 in Central Asia,
    # both Fair Ally: one cell per 1 or 2 rolled.
    state = jh_to_play({"Afghanistan": {"gov": 2, "align": "Ally", "sleeper": 1},
                        "Central Asia": {"gov": 2, "align": "Ally", "sleeper": 1}}, funding=9)
    _, s = play(state, JH, {"card": THREE}, {"op": "recruit"})
    assert {"country": "Afghanistan"} in options(s, JH) and {"country": "Central Asia"} in options(s, JH)
    events, s = play(s, JH, {"country": "Afghanistan"}, {"country": "Afghanistan"}, {"country": "Central Asia"},
                     dice=(1, 3, 2))
    rec = one(events, "recruited")
    assert rec["placed"] == {"Afghanistan": 1, "Central Asia": 1}
    assert c(s, "Afghanistan")["sleeper"] == 2 and c(s, "Central Asia")["sleeper"] == 2


def test_recruit_example_more_successes_than_available_cells():
    # 8.1.2 example: three successes but only two Available cells: the Jihadist chooses where
    # the two go. Funding 3 (Tight) with 12 cells on the track: 2 available (4.7.4.2).
    state = jh_to_play({"Afghanistan": {"gov": 2, "align": "Ally", "sleeper": 2},
                        "Central Asia": {"gov": 2, "align": "Ally", "sleeper": 1}}, funding=3)
    assert available_cells(state) == 2
    events, s = play(state, JH, {"card": THREE}, {"op": "recruit"}, {"country": "Afghanistan"},
                     {"country": "Afghanistan"}, {"country": "Central Asia"}, dice=(1, 2, 2))
    assert GAME.prompts(s)[JH]["kind"] == "country" and one(events, "recruited")["successes"] == 3
    assert options(s, JH) == [{"country": "Afghanistan"}, {"country": "Central Asia"}]
    events, s = play(s, JH, {"country": "Central Asia"})
    assert options(s, JH) == [{"country": "Afghanistan"}]     # Central Asia had one success
    events, s = play(s, JH, {"country": "Afghanistan"})
    assert c(s, "Central Asia")["sleeper"] == 2 and c(s, "Afghanistan")["sleeper"] == 3
    assert available_cells(s) == 0
    assert "recruit_place" not in str(s["step"])


def test_recruit_needs_a_cell_or_cadre_and_cadre_goes():
    # 8.2.2: a cell or a Cadre there; 4.8.4: a cell from the track removes the Cadre
    state = jh_to_play({"Jordan": {"gov": 2, "align": "Neutral", "cadre": True}})
    _, s = play(state, JH, {"card": ONE}, {"op": "recruit"})
    assert options(s, JH) == [{"country": "Afghanistan"}, {"country": "Jordan"}]
    assert refuse(s, JH, {"country": "Egypt"}).code == "no_cells_there"
    _, s = play(s, JH, {"country": "Jordan"}, dice=(2,))
    assert c(s, "Jordan")["sleeper"] == 1 and not c(s, "Jordan")["cadre"]


def test_recruit_in_regime_change_or_islamist_rule_is_automatic():
    # 8.2.3 and 8.1.1: no roll in a Regime Change or Islamist Rule country
    state = jh_to_play({"Iraq": {"gov": 3, "align": "Ally", "rc": "tan", "troops": 6, "sleeper": 1}})
    events, s = play(state, JH, {"card": TWO}, {"op": "recruit"}, {"country": "Iraq"}, {"country": "Afghanistan"})
    assert one(events, "recruited")["dice"] == [{"c": "Iraq", "auto": True}, {"c": "Afghanistan", "auto": True}]
    assert c(s, "Iraq")["sleeper"] == 2 and c(s, "Afghanistan")["sleeper"] == 5


def test_recruit_uses_the_rec_number():
    # 8.2.4 / 4.3.4 examples (PL and PT): Philippines REC 3: succeeds on 3 or less, not 2 or less
    state = jh_to_play({"Philippines": {"posture": "Soft", "sleeper": 1}})
    events, s = play(state, JH, {"card": ONE}, {"op": "recruit"}, {"country": "Philippines"}, dice=(3,))
    assert one(events, "recruited")["dice"][0]["need"] == 3 and c(s, "Philippines")["sleeper"] == 2


def test_recruit_is_limited_by_available_cells_not_by_events():
    # 4.7.4.2 example: Funding 6 and 3 cells on the map: 7 of the 12 on the track are available
    state = jh_to_play({"Afghanistan": {"sleeper": 3}}, funding=6)
    assert available_cells(state) == 7
    # 4.6.3 example: no more than the 15 cells: with every cell on the map nothing is placed
    full = jh_to_play({"Afghanistan": {"sleeper": 15}}, funding=9)
    events, s = play(full, JH, {"card": THREE}, {"op": "recruit"})
    assert one(events, "recruited")["placed"] == {} and c(s, "Afghanistan")["sleeper"] == 15


# ------------------------------------------------------------------ 8.3 Travel


def test_travel_adjacent_is_automatic_and_arrives_sleeper():
    # 8.3.1: adjacent travel needs no roll; an Active cell travelling becomes Sleeper
    state = jh_to_play({"Afghanistan": {"active": 2, "sleeper": 2}})
    events, s = play(state, JH, {"card": ONE}, {"op": "travel"}, {"from": "Afghanistan"}, {"to": "Pakistan"},
                     {"cells": "active"})
    assert one(events, "travelled")["moves"][0]["auto"]
    assert c(s, "Pakistan")["sleeper"] == 1 and c(s, "Afghanistan")["active"] == 1
    assert c(s, "Pakistan")["gov"] == 2  # Pakistan starts Fair Neutral in Let's Roll


def test_travel_in_place_turns_a_cell_sleeper():
    # 8.3.1: travel within the same country just flips the cell to Sleeper
    state = jh_to_play({"Afghanistan": {"active": 1, "sleeper": 3}})
    _, s = play(state, JH, {"card": ONE}, {"op": "travel"}, {"from": "Afghanistan"}, {"to": "Afghanistan"},
                {"cells": "active"})
    assert (c(s, "Afghanistan")["active"], c(s, "Afghanistan")["sleeper"]) == (0, 4)


def test_travel_example_iraq_to_untested_sudan():
    # 4.9.5 example (PL and PT): Iraq -> Sudan (unmarked): the test rolls 5, Sudan is Fair
    # Neutral; the travel needs 2 or less; a 3 or more sends the cell to the Funding track.
    state = jh_to_play({"Iraq": {"sleeper": 1}})
    events, s = play(state, JH, {"card": ONE}, {"op": "travel"}, {"from": "Iraq"}, {"to": "Sudan"}, dice=(5, 3))
    assert types(events)[2:5] == ["await", "tested", "travelled"]
    assert (c(s, "Sudan")["gov"], c(s, "Sudan")["align"]) == (2, "Neutral")
    move = one(events, "travelled")["moves"][0]
    assert (move["need"], move["ok"]) == (2, False)
    assert c(s, "Sudan")["sleeper"] == 0 and c(s, "Iraq")["sleeper"] == 0
    assert not c(s, "Iraq")["cadre"]                          # 8.3.2: no Cadre
    _, s = play(state, JH, {"card": ONE}, {"op": "travel"}, {"from": "Iraq"}, {"to": "Sudan"}, dice=(5, 2))
    assert c(s, "Sudan")["sleeper"] == 1


def test_travel_example_to_the_us_and_to_iraq():
    # PT 8.1.2 example (D11): a cell from Afghanistan tries the US (Good: needs 1); a second
    # from Afghanistan and a third from Pakistan go to Iraq, a Poor Adversary (needs 1-3).
    state = jh_to_play({"Afghanistan": {"sleeper": 4}, "Pakistan": {"sleeper": 1},
                        "Iraq": {"gov": 3, "align": "Adversary"}})
    events, s = play(state, JH, {"card": THREE}, {"op": "travel"},
                     {"from": "Afghanistan"}, {"to": "United States"},
                     {"from": "Afghanistan"}, {"to": "Iraq"},
                     {"from": "Pakistan"}, {"to": "Iraq"}, dice=(2, 3, 4))
    moves = one(events, "travelled")["moves"]
    assert [(m["need"], m["roll"], m["ok"]) for m in moves] == [(1, 2, False), (3, 3, True), (3, 4, False)]
    assert c(s, "Iraq")["sleeper"] == 1 and c(s, "United States")["sleeper"] == 0
    assert c(s, "Afghanistan")["sleeper"] == 2 and c(s, "Pakistan")["sleeper"] == 0


def test_travel_schengen_adjacency():
    # 4.5: a country linked to the Schengen symbol is adjacent to every Schengen country
    state = jh_to_play({"Morocco": {"gov": 2, "align": "Neutral", "sleeper": 1}, "Germany": {"posture": "Soft"}})
    events, s = play(state, JH, {"card": ONE}, {"op": "travel"}, {"from": "Morocco"}, {"to": "Germany"})
    assert one(events, "travelled")["moves"][0]["auto"] and c(s, "Germany")["sleeper"] == 1
    # the Patriot Act marker cuts the US down to Canada (scenario marker)
    state = jh_to_play({"United States": {"markers": ["Patriot Act"]}, "United Kingdom": {"sleeper": 1, "posture": "Hard"}})
    events, s = play(state, JH, {"card": ONE}, {"op": "travel"}, {"from": "United Kingdom"}, {"to": "United States"},
                     dice=(2,))
    assert not one(events, "travelled")["moves"][0].get("auto")


def test_each_cell_travels_once_per_card():
    # 8.3.3: every travel is declared before rolling and a cell travels only once per card:
    # Afghanistan's 2 cells are declared, the cell arriving in Pakistan cannot travel on.
    state = jh_to_play({"Afghanistan": {"sleeper": 2}})
    _, s = play(state, JH, {"card": THREE}, {"op": "travel"}, {"from": "Afghanistan"}, {"to": "Pakistan"})
    assert options(s, JH)[0] == {"from": "Afghanistan"} and {"from": "Pakistan"} not in options(s, JH)
    events, s = play(s, JH, {"from": "Afghanistan"}, {"to": "Iran"})
    assert "travelled" in types(events)                      # no cell left to declare: it rolls at once
    assert c(s, "Pakistan")["sleeper"] == 1 and c(s, "Iran")["sleeper"] == 1


# ------------------------------------------------------------------ 8.4 Jihad


def test_jihad_example_a():
    # 8.4 example A (PL and PT): 2 cells in a Good country, a 3-value card: only 2 dice (one cell
    # per die). Both cells become Active. Rolls 1 and 4: Good -> Fair, one cell removed.
    state = jh_to_play({"Egypt": {"gov": 1, "align": "Ally", "sleeper": 2}, "Afghanistan": {"sleeper": 4}})
    _, s = play(state, JH, {"card": THREE}, {"op": "jihad"}, {"country": "Egypt"})
    assert {"country": "Egypt"} in options(s, JH)
    events, s = play(s, JH, {"country": "Egypt"}, dice=(1, 4))
    j = one(events, "jihad")
    assert (j["successes"], j["failures"]) == (1, 1)
    assert c(s, "Egypt")["gov"] == 2 and c(s, "Egypt")["active"] == 1 and c(s, "Egypt")["sleeper"] == 0
    assert not c(s, "Egypt")["cadre"]


@pytest.mark.parametrize("rolls", [(1, 2, 3), (1, 2, 6)])
def test_jihad_example_b(rolls):
    # 8.4 example B: 6 Sleepers in a Neutral Fair country, Major Jihad with 3 Ops. PT rolls 1, 2,
    # 3 (the 3 fails: all dice are judged against Fair, D6); PL rolls 1, 2, 6. One success takes
    # Fair to Poor; the one left cannot make Islamist Rule; one cell lost; no Besieged marker.
    state = jh_to_play({"Jordan": {"gov": 2, "align": "Neutral", "sleeper": 6}})
    _, s = play(state, JH, {"card": THREE}, {"op": "jihad"})
    assert {"major": "Jordan"} in options(s, JH)
    events, s = play(s, JH, {"major": "Jordan"}, {"major": "Jordan"}, {"major": "Jordan"}, dice=rolls)
    j = one(events, "jihad")
    assert (j["successes"], j["failures"], j["revolution"], j["failed_major"]) == (2, 1, False, False)
    jordan = c(s, "Jordan")
    assert jordan["gov"] == 3 and jordan["active"] == 5 and jordan["sleeper"] == 0
    assert not jordan["besieged"] and jordan["align"] == "Neutral"


def test_jihad_example_c_pakistan_falls():
    # 8.4 example C (PL and PT): Major Jihad in Pakistan, a Poor Ally with 7 cells, 2 troops and
    # 1 Aid; rolls 2, 3, 4: the 4 removes a cell (6 left); 2 and 3 make Islamist Rule: Adversary,
    # Aid removed, Funding +2, the 3 Pakistan WMD to Available Plots, Prestige = 1, troops stay.
    state = jh_to_play({"Pakistan": {"gov": 3, "align": "Ally", "sleeper": 7, "troops": 2, "aid": 1}},
                       funding=5, prestige=7)
    events, s = play(state, JH, {"card": THREE}, {"op": "jihad"}, {"major": "Pakistan"}, {"major": "Pakistan"},
                     {"major": "Pakistan"}, dice=(2, 3, 4))
    j = one(events, "jihad")
    assert j["revolution"] and j["failures"] == 1
    pak = c(s, "Pakistan")
    assert (pak["gov"], pak["align"], pak["aid"], pak["troops"]) == (4, "Adversary", 0, 2)
    assert pak["active"] == 6 and pak["sleeper"] == 0
    assert s["funding"] == 7 and s["prestige"] == 1
    assert s["avail"].count("WMD") == 3 and s["wmd"]["pakistan"] == 0
    check(s)


def test_major_jihad_needs_five_more_cells_than_troops():
    # 8.4.2
    state = jh_to_play({"Pakistan": {"gov": 3, "align": "Ally", "sleeper": 6, "troops": 2}})
    _, s = play(state, JH, {"card": THREE}, {"op": "jihad"})
    assert {"major": "Pakistan"} not in options(s, JH) and {"country": "Pakistan"} in options(s, JH)
    assert refuse(s, JH, {"major": "Pakistan"}).code == "no_major_jihad"


def test_minor_jihad_never_makes_islamist_rule_and_strips_aid_at_poor():
    # 8.4.1: at Poor a success can only remove Aid
    state = jh_to_play({"Jordan": {"gov": 3, "align": "Ally", "sleeper": 6, "aid": 2}})
    events, s = play(state, JH, {"card": THREE}, {"op": "jihad"}, {"country": "Jordan"}, {"country": "Jordan"},
                     {"country": "Jordan"}, dice=(1, 2, 3))
    assert c(s, "Jordan")["gov"] == 3 and c(s, "Jordan")["aid"] == 0
    assert not one(events, "jihad")["failed_major"]
    assert c(s, "Jordan")["active"] == 3 and c(s, "Jordan")["sleeper"] == 3   # 3 cells used


def test_besieged_regime_needs_one_success():
    # 8.4.3.2: with Besieged Regime one success turns Poor into Islamist Rule (Major Jihad)
    state = jh_to_play({"Somalia": {"gov": 3, "align": "Neutral", "sleeper": 5, "besieged": True}})
    _events, s = play(state, JH, {"card": ONE}, {"op": "jihad"}, {"major": "Somalia"}, dice=(3,))
    assert c(s, "Somalia")["gov"] == 4 and not c(s, "Somalia")["besieged"]


def test_failed_major_jihad():
    # 8.4.3.1: 3 dice of Major Jihad in a country already Poor without reaching Islamist Rule:
    # Besieged Regime and one box toward Ally (D13)
    state = jh_to_play({"Yemen": {"gov": 3, "align": "Adversary", "sleeper": 6}})
    events, s = play(state, JH, {"card": THREE}, {"op": "jihad"}, {"major": "Yemen"}, {"major": "Yemen"},
                     {"major": "Yemen"}, dice=(1, 5, 6))
    y = c(s, "Yemen")
    assert one(events, "jihad")["failed_major"] and y["besieged"] and y["align"] == "Neutral"
    assert y["gov"] == 3 and y["active"] == 4                 # 8.4.3: two cells lost


def test_fair_country_to_islamist_rule_with_three_successes():
    # 8.4.2: one 3-value card on a Fair country can do both steps if all three dice succeed (<= 2)
    state = jh_to_play({"Saudi Arabia": {"gov": 2, "align": "Ally", "sleeper": 6, "troops": 0}})
    _events, s = play(state, JH, {"card": THREE}, {"op": "jihad"}, {"major": "Saudi Arabia"},
                     {"major": "Saudi Arabia"}, {"major": "Saudi Arabia"}, dice=(1, 2, 2))
    assert c(s, "Saudi Arabia")["gov"] == 4 and s["funding"] == 9


def test_jihad_targets():
    # 8.4: Muslim, not Iran, not Islamist Rule, a cell per die
    state = jh_to_play({"Iran": {"sleeper": 2}, "France": {"sleeper": 1, "posture": "Soft"},
                        "Jordan": {"gov": 2, "align": "Ally", "sleeper": 1}})
    _, s = play(state, JH, {"card": THREE}, {"op": "jihad"})
    assert [o.get("country") for o in options(s, JH)] == ["Jordan"]   # Afghanistan is IR
    _, s = play(s, JH, {"country": "Jordan"}, dice=(6,))  # one cell: one die, then it rolls
    assert c(s, "Jordan")["active"] + c(s, "Jordan")["sleeper"] == 0


# ------------------------------------------------------------------ 8.5 Plot


def test_plot_places_hidden_markers_no_higher_than_the_card():
    # 8.5.1-8.5.2: a cell per die, not in Islamist Rule; each success places an Available plot
    # numbered <= the card's value; 8.5.4: face down (hidden from the US)
    state = jh_to_play({"Iraq": {"gov": 3, "align": "Adversary", "sleeper": 2}})
    _, s = play(state, JH, {"card": TWO}, {"op": "plot"})
    assert {"country": "Afghanistan"} not in options(s, JH) and {"country": "Iraq"} in options(s, JH)
    events, s = play(s, JH, {"country": "Iraq"}, {"country": "Iraq"}, dice=(3, 1))
    assert GAME.prompts(s)[JH]["kind"] == "marker"
    assert options(s, JH) == [{"marker": 1}, {"marker": 2}]
    events, s = play(s, JH, {"marker": 2}, {"marker": 1})
    assert [p["v"] for p in s["plots"]] == [2, 1] and c(s, "Iraq")["active"] == 2
    placed = of_type(events, "plot_placed")
    assert "value" not in GAME.redact(placed[0], US) and GAME.redact(placed[0], JH)["value"] == 2
    assert [p["value"] for p in GAME.view(s, US)["plots"]] == [None, None]
    # 8.5.3: the first card used for a Plot operation goes to the First Plot box
    assert s["first_plot"] == TWO and s["first_plot_used"]
    check(s)


def test_later_plot_cards_are_discarded():
    # 8.5.3: only the first Plot card of the turn goes to the First Plot box
    state = jh_to_play({"Iraq": {"gov": 3, "align": "Adversary", "sleeper": 2}}, first_plot_used=True)
    _, s = play(state, JH, {"card": ONE}, {"op": "plot"}, {"country": "Iraq"}, dice=(6,))
    assert s["first_plot"] is None and ONE in s["discard"]


def test_wmd_plot_may_go_on_any_success():
    # 8.5.5: any Available WMD may be placed on a successful plot roll, whatever the card's value
    state = jh_to_play({"Iraq": {"gov": 3, "align": "Adversary", "sleeper": 1}}, avail=[1, 1, 1, 2, 2, 3, "WMD"],
                       wmd={"pakistan": 0, "box": 3, "removed": 2})
    _, s = play(state, JH, {"card": ONE}, {"op": "plot"}, {"country": "Iraq"}, dice=(1,))
    assert options(s, JH) == [{"marker": 1}, {"marker": "WMD"}]


def test_no_plot_where_all_cells_are_in_islamist_rule():
    # 8.5.1 / 8.5.3 note: a Jihadist whose cells are all in Islamist Rule countries cannot Plot
    state = jh_to_play()
    _, s = play(state, JH, {"card": THREE})
    assert {"op": "plot"} not in options(s, JH)


def test_plot_in_the_philippines_with_abu_sayyaf_costs_prestige():
    # Abu Sayyaf marker (Mission Accomplished scenario): -1 Prestige per plot placed in the
    # Philippines unless troops outnumber cells there
    state = jh_to_play({"Philippines": {"posture": "Soft", "sleeper": 2, "troops": 2, "markers": ["Abu Sayyaf"]}},
                       prestige=5)
    _, s = play(state, JH, {"card": ONE}, {"op": "plot"}, {"country": "Philippines"}, dice=(1,))
    assert s["prestige"] == 4 and len(s["plots"]) == 1


# ------------------------------------------------------------------ cadres, reserves


def test_jihadist_may_remove_a_cadre_in_its_phase():
    # 4.8.4: the Jihadist may remove any Cadre during any Jihadist Action Phase, even with no card
    state = jh_to_play({"Jordan": {"gov": 2, "align": "Ally", "cadre": True}})
    assert {"cadre": "Jordan"} in options(state, JH)
    _, s = play(state, JH, {"cadre": "Jordan"})
    assert not c(s, "Jordan")["cadre"] and s["step"] == {"k": "card", "seat": JH}
    empty = make({"Jordan": {"gov": 2, "align": "Ally", "cadre": True}}, hands={"us": [1, 2]}, seat=JH,
                 step={"k": "cadre", "seat": JH})
    assert options(empty, JH) == [{"cadre": "Jordan"}, {"pass": True}]
    _, s = play(empty, JH, {"pass": True})
    assert s["phase"] == US


def test_jihadist_reserves():
    # 6.3.3: Reserves for a 1- or 2-value card, max 2; spent on a later card of the turn
    state = jh_to_play({"Jordan": {"gov": 2, "align": "Ally", "sleeper": 3}})
    _, s = play(state, JH, {"card": ONE}, {"op": "reserves"})
    assert s["reserves"][JH] == 1
    s["phase"], s["played"], s["step"] = JH, 0, {"k": "card", "seat": JH}
    _, s = play(s, JH, {"card": TWO}, {"boost": True})
    assert s["in_play"]["value"] == 3 and s["reserves"][JH] == 0
    _, s = play(s, JH, {"op": "jihad"})
    assert "3" in GAME.prompts(s)[JH]["text"]
