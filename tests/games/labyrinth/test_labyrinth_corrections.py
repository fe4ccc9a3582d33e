"""The six rules corrections of issue 13 (an outside rules review), each with fixed dice from a
given position (games/labyrinth/position.py)."""

from games.labyrinth import GAME
from games.labyrinth.us_ops import rc_targets
from tests.games.labyrinth.labyrinth_kit import of_type, one, types
from tests.games.labyrinth.position_kit import JH, SYS, US, asked, at, blank, decide, moves

POOR_ADV = {"gov": "Poor", "align": "Adversary"}
IR = {"gov": "Islamist Rule", "align": "Adversary"}


def run(state, *answers, dice=()):
    """Each answer to whoever is asked; the dice are shared and must all be used."""
    from tests.games.labyrinth.labyrinth_kit import Dice
    rng = Dice(*dice)
    events = []
    for move in answers:
        seat, _ = asked(state)
        new = GAME.decide(state, seat, move, rng)
        for event in new:
            state = GAME.evolve(state, event)
        events += new
    assert not rng.rolls, f"unused dice {rng.rolls}"
    return events, state


# ------------------------------------------------------------------ 1. Iraqi WMD (37), Libyan WMD (39)


def test_37_iraqi_wmd_offers_regime_change_with_this_card_itself():
    # card 37: "Use this or a later card for Regime Change in Iraq at any Governance": this card too
    s = at(blank({"Iraq": dict(POOR_ADV, sleeper=1), "Afghanistan": dict(IR, sleeper=1)},
                 hands={"us": [37, 19]}, phase="us", us_posture="Hard"))
    _, s = run(s, {"card": 37}, {"play": "event"})
    seat, prompt = asked(s)
    assert seat == US and [o["move"] for o in prompt["options"]] == [{"pick": "now"}, {"pick": "later"}]
    _, s = run(s, {"pick": "now"})
    assert moves(s, US) == [{"op": "regime_change"}]
    assert rc_targets(s) == ["Iraq"]          # this card's Regime Change is Iraq's, not Afghanistan's
    # governance roll 5 (Fair), prestige roll: direction 6 (up), dice 2 and 3
    events, s = run(s, {"op": "regime_change"}, {"country": "Iraq"}, {"from": "track"}, {"n": 6}, dice=(5, 6, 2, 3))
    rc = one(events, "regime_change")
    assert rc["country"] == "Iraq" and s["c"]["Iraq"]["troops"] == 6 and s["c"]["Iraq"]["gov"] == 2
    assert "Iraqi WMD" not in s["c"]["Iraq"]["markers"] and 37 in s["removed"] and s["prestige"] == 9


def test_39_libyan_wmd_keeps_the_marker_for_a_later_card():
    s = at(blank({"Libya": dict(POOR_ADV, sleeper=1)}, hands={"us": [39, 19]}, phase="us", us_posture="Hard"))
    _, s = run(s, {"card": 39}, {"play": "event"}, {"pick": "later"})
    assert s["c"]["Libya"]["markers"] == ["Libyan WMD"] and 39 in s["removed"] and asked(s) == (US, asked(s)[1])
    assert asked(s)[1]["kind"] == "card"                     # the US's next card; Libya waits


def test_37_with_no_troops_to_send_says_so_and_keeps_the_marker():
    full = {n: {"gov": "Fair", "align": "Ally", "troops": 5} for n in ("Egypt", "Jordan")}
    s = at(blank(dict(full, Iraq=dict(POOR_ADV, sleeper=1)), hands={"us": [37, 19]}, phase="us", us_posture="Hard"))
    events, s = run(s, {"card": 37}, {"play": "event"})    # 5 troops left on the track, 5 in each country
    assert any("No Regime Change in Iraq is possible" in e.get("text", "") for e in events)
    assert s["c"]["Iraq"]["markers"] == ["Iraqi WMD"]


# ------------------------------------------------------------------ 2. rule 2.2


OIL = {"Saudi Arabia": {"gov": "Good", "align": "Ally"}, "Gulf States": {"gov": "Good", "align": "Ally"},
       "Indonesia/Malaysia": {"gov": "Good", "align": "Ally"},               # Good: 9 Resources, 12 with the spike
       "Iraq": dict(IR, sleeper=1), "Syria": dict(IR, sleeper=1)}         # Islamist: 5, 6 with it, adjacent


def test_2_2_oil_price_spike_played_by_the_us_makes_both_win_the_us_wins():
    s = at(blank(OIL, hands={"us": [117, 19]}, phase="us"))
    events, s = run(s, {"card": 117}, {"play": "event"})
    over = one(events, "game_over")
    assert over["winner"] == US and "(rule 2.2)" in over["text"] and GAME.result(s)["winner"] == US


def test_2_2_oil_price_spike_played_by_the_jihadist_makes_both_win_the_jihadist_wins():
    s = at(blank(OIL, hands={"jihadist": [117, 95]}))
    events, s = run(s, {"card": 117}, {"play": "event"})
    over = one(events, "game_over")
    assert over["winner"] == JH and "(rule 2.2)" in over["text"]


# ------------------------------------------------------------------ 3. Quagmire (90)


def test_90_quagmire_us_posture_goes_soft_after_a_discarded_axis_of_evil():
    # card 90 "... Set US posture to Soft" after the discarded cards' events: Axis of Evil (78) sets it
    # Hard and rolls Prestige, then Quagmire sets it Soft
    s = at(blank({"Iraq": {"gov": "Poor", "align": "Ally", "rc": "tan", "troops": 1, "sleeper": 1}},
                 hands={"jihadist": [90, 95], "us": [78, 16]}, prestige=5, us_posture="Soft"))
    events, s = run(s, {"card": 90}, {"play": "event"}, dice=(6, 1, 1))      # Axis of Evil's prestige roll
    postures = [e["text"] for e in events if e.get("text", "").startswith("United States is now")]
    assert postures[-1] == "United States is now Soft." and "United States is now Hard." in postures
    assert s["us_posture"] == "Soft"


def test_90_quagmire_us_posture_goes_soft_after_a_discarded_us_election():
    s = at(blank({"Iraq": {"gov": "Poor", "align": "Ally", "rc": "tan", "troops": 1, "sleeper": 1}},
                 hands={"jihadist": [90, 95], "us": [120, 16]}, prestige=5, us_posture="Soft"))
    events, s = run(s, {"card": 90}, {"play": "event"}, dice=(6,))        # US Election rolls 6+1: Hard
    assert one(events, "posture_rolled")["posture"] == "Hard" and s["us_posture"] == "Soft"


# ------------------------------------------------------------------ 4. US Election as a second card (6.3.1)


def test_us_election_played_as_adam_gadahns_second_card_fires():
    # 6.3.1: US Election happens whenever it is played; card 48 plays it as its second card
    s = at(blank({}, hands={"jihadist": [48, 120], "us": [16]}, funding=9))
    # recruit in the US: 3 dice (2, 6, 6): one cell; US Election: posture roll 3 (+1: Soft)
    events, s = run(s, {"card": 48}, {"play": "event"}, {"card": 120}, dice=(2, 6, 6, 3))
    began = [e["card"] for e in of_type(events, "ev_began")]
    assert began == [48, 120] and s["us_posture"] == "Soft" and s["c"]["United States"]["sleeper"] == 1


def test_us_election_played_as_madrassas_second_card_fires():
    s = at(blank({"Iraq": dict(POOR_ADV, sleeper=1)}, hands={"jihadist": [53, 120], "us": [16]}))
    events, s = run(s, {"card": 53}, {"play": "event"}, {"card": 120}, *[{"country": "Iraq"}] * 4,
                    dice=(1, 1, 6, 6, 5))
    assert [e["card"] for e in of_type(events, "ev_began")] == [53, 120]
    assert one(events, "posture_rolled")["roll"] == 5 and s["c"]["Iraq"]["sleeper"] == 3


# ------------------------------------------------------------------ 5. Taliban (93)


def test_93_taliban_with_one_cell_left_the_jihadist_chooses_where():
    fourteen = {"Iraq": dict(POOR_ADV, sleeper=13)}                # with Kenya/Tanzania's: 14 on the map
    s = at(blank(dict(fourteen, Pakistan={"gov": "Fair", "align": "Neutral"},
                      Afghanistan={"gov": "Poor", "align": "Neutral"}), hands={"jihadist": [93, 95]}))
    _, s = run(s, {"card": 93}, {"play": "event"})
    seat, prompt = asked(s)
    assert seat == JH and [o["move"] for o in prompt["options"]] == [{"country": "Afghanistan"}, {"country": "Pakistan"}]
    _, s = run(s, {"country": "Pakistan"})
    assert s["c"]["Pakistan"]["sleeper"] == 1 and s["c"]["Afghanistan"]["sleeper"] == 0
    assert s["c"]["Afghanistan"]["besieged"] and s["prestige"] == 6


# ------------------------------------------------------------------ 6. 8.5.6 plot order, which cells act


def test_8_5_6_the_jihadist_chooses_the_plot_order_when_it_matters():
    # two plots in Pakistan: the second rolls against the governance the first leaves
    s = at(blank({"Pakistan": {"gov": "Good", "align": "Ally", "sleeper": 2}},
                 plots=[{"country": "Pakistan", "value": 1}, {"country": "Pakistan", "value": 3}], phase="us"))
    assert asked(s) == (SYS, asked(s)[1])
    events, s = run(s, {"go": "plots"})
    seat, prompt = asked(s)
    assert types(events) == ["await"] and seat == JH and len(prompt["options"]) == 2
    events, s = run(s, {"plot": 2}, dice=(1, 6, 6, 1))       # plot 3 first: Good -> Fair, then plot 1: -> Poor
    assert [e["plot"] for e in of_type(events, "plot_revealed")] == [3, 1] and s["c"]["Pakistan"]["gov"] == 3


def test_8_5_6_no_question_when_the_order_cannot_matter():
    s = at(blank({"Pakistan": {"gov": "Good", "align": "Ally", "sleeper": 1}, "Iraq": dict(POOR_ADV, sleeper=1)},
                 plots=[{"country": "Pakistan", "value": 1}, {"country": "Iraq", "value": 3}], phase="us"))
    events, s = run(s, {"go": "plots"}, dice=(6, 6, 6, 6))
    assert [e["country"] for e in of_type(events, "plot_revealed")] == ["Pakistan", "Iraq"] and not s["plots"]


def test_8_3_the_jihadist_chooses_a_sleeper_cell_to_travel():
    # 8.3.1 / 4.6: the player chooses which cell travels: a Sleeper leaves, the Active one stays
    s = at(blank({"Afghanistan": {"gov": "Poor", "align": "Neutral", "active": 1, "sleeper": 2},
                  "Pakistan": {"gov": "Fair", "align": "Neutral"}}, hands={"jihadist": [95, 48]}))
    events, s = decide(s, JH, {"seq": [{"card": 95}, {"play": "ops"}, {"op": "travel"}, {"from": "Afghanistan"},
                                       {"to": "Pakistan"}, {"roll": True}]})
    seat, prompt = asked(s)
    assert seat == JH and prompt["kind"] == "cells" and moves(s, JH) == [{"cells": "active"}, {"cells": "sleeper"}]
    _, s = decide(s, JH, {"cells": "sleeper"})
    assert (s["c"]["Afghanistan"]["active"], s["c"]["Afghanistan"]["sleeper"]) == (1, 1)
    assert s["c"]["Pakistan"]["sleeper"] == 1


def test_8_4_the_jihadist_chooses_sleeper_cells_to_roll_a_jihad():
    # 8.4: the cells that roll become Active and a failure removes one of them: with Sleepers rolling,
    # the Active cell that was there stays
    s = at(blank({"Egypt": {"gov": "Fair", "align": "Neutral", "active": 1, "sleeper": 2}}, hands={"jihadist": [95, 48]}))
    _, s = decide(s, JH, {"seq": [{"card": 95}, {"play": "ops"}, {"op": "jihad"}, {"country": "Egypt"},
                                  {"country": "Egypt"}, {"roll": True}]})
    assert asked(s)[1]["kind"] == "cells"
    events, s = decide(s, JH, {"cells": "sleeper"}, dice=(1, 6))     # one success (Fair -> Poor), one failure
    e = one(events, "jihad")
    assert e["successes"] == 1 and e["failures"] == 1
    assert (s["c"]["Egypt"]["active"], s["c"]["Egypt"]["sleeper"]) == (2, 0) and s["c"]["Egypt"]["gov"] == 3
