"""Victory (2.1-2.3), derived tracks (4.7), table rolls (7.7), hidden information, the notation,
describe and brief."""

import pytest

from games.core import IllegalMove
from games.labyrinth import GAME, victory
from games.labyrinth.state import gwot_penalty, resources, world_posture
from games.labyrinth.tests_rolls import gov_from_roll, posture_from_roll
from tests.games.labyrinth.labyrinth_kit import (
    JH,
    SYS,
    US,
    Dice,
    c,
    make,
    new_game,
    one,
    options,
    play,
)

# ------------------------------------------------------------------ 2.1 instant victory


def test_us_wins_with_twelve_good_resources():
    # 2.1.1: Good Muslim countries total 12+ Resources
    good = {n: {"gov": 1, "align": "Ally", "troops": 0} for n in ("Egypt", "Saudi Arabia", "Gulf States", "Iraq")}
    state = make(dict(good, Iraq={"gov": 2, "align": "Ally", "aid": 0, "troops": 0}), hands={"us": [32, 33]}, seat=US,
                 prestige=5)
    # Iraq Fair Ally -> Good with a WoI: 3+3+3+3 = 12 Resources
    events, s = play(state, US, {"card": 32}, {"op": "woi"}, {"country": "Iraq"}, dice=(6,))
    assert one(events, "game_over")["reason"] == "good_resources" and GAME.result(s)["winner"] == US
    assert GAME.prompts(s) == {}


def test_us_wins_with_fifteen_good_or_fair():
    # 2.1.1: 15+ of the 18 Muslim countries Good or Fair
    from games.labyrinth import data as D
    state = make({n: {"gov": 2, "align": "Neutral"} for n in D.MUSLIM[:14]}, blank=True, hands={"us": [32]}, seat=US,
                 step={"k": "last", "seat": US}, prestige=5)
    state["c"]["Iraq"]["sleeper"] = 1
    name = next(n for n in D.MUSLIM[14:] if n != "Iraq")
    # the test alone (5: Fair) makes the 15th Fair country: the game ends before the WoI roll
    events, s = play(state, US, {"last": "play"}, {"op": "woi"}, {"country": name}, dice=(5,))
    assert GAME.result(s)["winner"] == US and one(events, "game_over")["reason"] == "good_fair"


def test_us_wins_when_no_cell_is_left():
    # 2.1.1: no cells on the map (two-player game)
    state = make({"Afghanistan": {"sleeper": 0}, "Jordan": {"gov": 2, "align": "Ally", "active": 1}},
                 hands={"us": [32, 33]}, seat=US)
    events, s = play(state, US, {"card": 32}, {"op": "disrupt"}, {"country": "Jordan"})
    assert GAME.result(s)["winner"] == US and one(events, "game_over")["reason"] == "no_cells"


def test_jihadist_wins_with_six_adjacent_islamist_resources():
    # 2.1.2: Islamist Rule Resources 6+ and at least two of them adjacent
    state = make({"Pakistan": {"gov": 3, "align": "Ally", "sleeper": 6}, "Iraq": {"gov": 4, "align": "Adversary"}},
                 hands={"jihadist": [76]}, seat=JH)
    assert victory.instant(state) is None                       # Afghanistan 1 + Iraq 3 = 4 Resources
    events, s = play(state, JH, {"card": 76}, {"op": "jihad"}, {"major": "Pakistan"}, {"major": "Pakistan"},
                     {"major": "Pakistan"}, dice=(1, 1, 1))
    assert GAME.result(s)["winner"] == JH and one(events, "game_over")["reason"] == "islamist_resources"


def test_islamist_resources_need_adjacency():
    # 2.1.2: 6+ Resources in countries that do not touch do not win
    state = make({"Iraq": {"gov": 4, "align": "Adversary"}, "Indonesia/Malaysia": {"gov": 4, "align": "Adversary"}},
                 blank=False)
    state["c"]["Afghanistan"]["gov"] = 3
    state["c"]["Afghanistan"]["align"] = "Neutral"
    assert victory.counts(state)["islamist_resources"] == 6 and victory.instant(state) is None


def test_jihadist_wins_with_prestige_one_and_fifteen_poor():
    # 2.1.2: Prestige 1 and 15+ Muslim countries Poor or Islamist Rule
    from games.labyrinth import data as D
    state = make({n: {"gov": 3, "align": "Neutral"} for n in D.MUSLIM[:15]}, blank=True, prestige=2)
    state["c"]["Iraq"]["sleeper"] = 1
    assert victory.instant(state) is None
    state["prestige"] = 1
    assert victory.instant(state)[0] == JH


def test_oil_price_spike_adds_resources_to_exporters():
    # 4.2.6: +1 Resource per Oil Price Spike in effect (a card in the Lapsing box), exporters only
    state = make()
    assert resources(state, "Saudi Arabia") == 3 and resources(state, "Pakistan") == 2
    state["lapsing"] = [117]
    assert resources(state, "Saudi Arabia") == 4 and resources(state, "Pakistan") == 2


# ------------------------------------------------------------------ 4.7 derived tracks, 7.7 rolls


def test_world_posture_example_and_gwot_penalty():
    # 4.7.2 example: 3 Soft and 5 Hard non-US countries (Israel counts Hard): World Hard 2
    state = make({"Canada": {"posture": "Soft"}, "France": {"posture": "Soft"}, "Spain": {"posture": "Soft"},
                  "Germany": {"posture": "Hard"}, "Italy": {"posture": "Hard"}, "Russia": {"posture": "Hard"},
                  "China": {"posture": "Hard"}}, us_posture="Hard")
    assert world_posture(state) == ("Hard", 2) and gwot_penalty(state) == 0
    state["us_posture"] = "Soft"
    assert gwot_penalty(state) == 2                             # 4.7.2.1
    for n in ("Germany", "Italy"):
        state["c"][n]["posture"] = "Soft"
    assert world_posture(state) == ("Soft", 2)
    state["c"]["Canada"]["posture"] = "Hard"
    state["c"]["France"]["posture"] = "Hard"
    state["c"]["Spain"]["posture"] = "Hard"
    state["c"]["United Kingdom"]["posture"] = "Hard"
    assert world_posture(state) == ("Hard", 3)                   # capped at 3


def test_table_rolls():
    # 7.7: Country Test 1-4 Poor, 5-6 Fair; Posture 1-4 Soft, 5-6 Hard, US +1 (4.9.3)
    assert [gov_from_roll(r) for r in range(1, 7)] == [3, 3, 3, 3, 2, 2]
    assert [posture_from_roll(r) for r in range(1, 7)] == ["Soft"] * 4 + ["Hard"] * 2
    assert [posture_from_roll(r, us=True) for r in range(1, 7)] == ["Soft"] * 3 + ["Hard"] * 3


def test_prestige_roll_and_clamping():
    # 7.7 (PT 4.7.1): direction die then the lower of two dice; tracks clamp at 1..12 (4.7.1)
    state = make({"Iraq": {"gov": 3, "align": "Ally", "rc": "tan", "troops": 6, "sleeper": 1}},
                 hands={"us": [32, 33]}, seat=US, us_posture="Soft", prestige=11)
    _, s = play(state, US, {"card": 32}, {"op": "withdraw"}, {"from": "Iraq"}, {"to": "track"}, {"n": 1},
                dice=(6, 5, 4))
    assert s["prestige"] == 12
    state["prestige"] = 2
    _, s = play(state, US, {"card": 32}, {"op": "withdraw"}, {"from": "Iraq"}, {"to": "track"}, {"n": 1},
                dice=(4, 5, 4))
    assert s["prestige"] == 1


def test_first_governance_test_gives_neutral():
    # 4.9.4 / PT 4.2.4 note
    state = make({"Jordan": {"sleeper": 0}, "Iraq": {"sleeper": 1}}, hands={"jihadist": [48, 49]}, seat=JH)
    events, s = play(state, JH, {"card": 48}, {"op": "travel"}, {"from": "Iraq"}, {"to": "Jordan"}, dice=(1,))
    t = one(events, "tested")
    assert t["gov"] == 3 and c(s, "Jordan")["align"] == "Neutral"


# ------------------------------------------------------------------ hidden information


def test_views_of_each_seat():
    _, s = new_game()
    us, jh, obs = GAME.view(s, US), GAME.view(s, JH), GAME.view(s, None)
    assert isinstance(us["hands"][US], list) and us["hands"][JH] == 9
    assert isinstance(jh["hands"][JH], list) and jh["hands"][US] == 9
    assert obs["hands"] == {US: 9, JH: 9} and isinstance(obs["deck"], int)
    s["plots"] = [{"id": 1, "c": "Iraq", "v": 3}]
    assert GAME.view(s, US)["plots"][0]["value"] is None and GAME.view(s, JH)["plots"][0]["value"] == 3
    assert GAME.view(s, US)["countries"]["Iraq"]["plots"] == ["?"]


def test_redacted_deal_and_shuffle():
    events, _ = new_game()
    dealt = [e for e in events if e["type"] == "dealt"]
    jh = dealt[0]
    assert GAME.redact(jh, US) == {"type": "dealt", "seat": JH, "count": 9}
    assert GAME.redact(jh, JH) == jh
    assert GAME.describe(GAME.redact(jh, None)) == "Jihadist draws 9 cards."
    shuffled = next(e for e in events if e["type"] == "shuffled")
    assert "deck" not in GAME.redact(shuffled, JH)
    assert GAME.describe(GAME.redact(shuffled, US)) == "The draw pile is shuffled (120 cards)."


def test_brief_lists_tracks_hand_and_countries():
    _, s = new_game()
    lines = GAME.brief(s, US)
    assert 6 <= len(lines) <= 20
    assert lines[0].startswith("Jihadist action phase 1 of 5, turn 1; Let's Roll!, deck 1 of 1")
    assert any(line.startswith("Your hand (9):") for line in lines)
    assert any("Afghanistan (Islamist Rule Adversary, 4 cells)" in line for line in lines)
    assert not any(str(s["hands"][JH][0]) + " " in line for line in lines if line.startswith("Your hand"))


# ------------------------------------------------------------------ notation and describe


def test_notation_compound_and_partial():
    state = make({"Pakistan": {"gov": 2, "align": "Neutral"}}, hands={"us": [27, 32]}, seat=US, prestige=5)
    move = GAME.parse("27 ops woi pakistan", state, US)
    assert move == {"seq": [{"card": 27}, {"op": "woi"}, {"country": "Pakistan"}]}
    events, s = play(state, US, move, dice=(4,))
    line = GAME.describe(one(events, "woi"))
    assert line == "US plays 27 Saddam Captured for 2 Ops: War of Ideas in Pakistan, rolls 4: fails by 1: first Aid marker."
    # partial answers, prefix names
    _, s = play(state, US, {"card": 27})
    assert GAME.parse("woi", s, US) == {"op": "woi"}
    _, s = play(s, US, {"op": "woi"})
    assert GAME.parse("Pak", s, US) == {"country": "Pakistan"}
    assert GAME.parse("#1", s, US) == options(s, US)[0]
    with pytest.raises(IllegalMove) as err:
        GAME.parse("narnia", s, US)
    assert err.value.code == "bad_notation"


def test_notation_deploy_numbers_and_track():
    state = make({"Pakistan": {"gov": 2, "align": "Ally"}}, hands={"us": [32, 33]}, seat=US)
    move = GAME.parse("32 deploy from track to pakistan 3", state, US)
    assert move["seq"][2:] == [{"from": "track"}, {"to": "Pakistan"}, {"n": 3}]
    _, s = play(state, US, move)
    assert c(s, "Pakistan")["troops"] == 3


def test_notation_jihadist_major_and_roll():
    state = make({"Pakistan": {"gov": 3, "align": "Ally", "sleeper": 6}}, hands={"jihadist": [76, 77]}, seat=JH)
    move = GAME.parse("76 jihad major pakistan pakistan major roll", state, JH)
    assert move["seq"][2:] == [{"major": "Pakistan"}, {"major": "Pakistan"}, {"roll": True}]
    move = GAME.parse("76 recruit", state, JH)
    assert move == {"seq": [{"card": 76}, {"op": "recruit"}]}


def test_decide_accepts_a_compound_dict_and_refuses_strangers():
    state = make({"Pakistan": {"gov": 2, "align": "Neutral"}}, hands={"us": [27, 32]}, seat=US, prestige=5)
    _events, s = play(state, US, {"card": 27, "op": "woi", "country": "pakistan"}, dice=(6,))
    assert c(s, "Pakistan")["align"] == "Ally"
    for move, code in (({"card": 99}, "not_in_hand"), ({"country": "Pakistan"}, "not_asked"), ([], "bad_move"),
                       ({"card": 27, "op": "woi", "country": "Syria"}, "adversary")):
        with pytest.raises(IllegalMove) as err:
            GAME.decide(dict(state, c=dict(state["c"], Syria=dict(state["c"]["Syria"], align="Adversary"))), US,
                        move, Dice(6))
        assert err.value.code == code, move
    with pytest.raises(IllegalMove) as err:
        GAME.decide(state, SYS, {"go": "plots"}, Dice())
    assert err.value.code == "not_your_turn"


def test_describe_survives_missing_fields():
    for kind in ("woi", "plot_placed", "dealt", "recruited", "travelled", "jihad", "plot_alerted", "await", "xyz"):
        assert isinstance(GAME.describe({"type": kind}), str)


def test_notation_alert_picks_a_plot_by_country_and_number():
    state = make({"France": {"posture": "Soft", "sleeper": 1}}, hands={"us": [32, 33]}, seat=US,
                 plots=[{"id": 1, "c": "Iraq", "v": 1}, {"id": 2, "c": "France", "v": 2}, {"id": 3, "c": "France", "v": 1}])
    assert GAME.parse("32 alert france 2", state, US) == {"seq": [{"card": 32}, {"op": "alert"}, {"plot": 3}]}
    assert GAME.parse("32 alert iraq", state, US)["seq"][-1] == {"plot": 1}
    assert "marker 2 of 2" in GAME.prompts(play(state, US, {"card": 32}, {"op": "alert"})[1])[US]["options"][2]["label"]


def test_a_held_card_stays_hidden():
    # 5.3.2: hands are hidden; holding the last card (5.2.4) does not show it
    state = make(hands={"us": [32], "jihadist": [48]}, seat=US, step={"k": "last", "seat": US})
    events, _ = play(state, US, {"last": "hold"})
    held = one(events, "last_card")
    assert "card" not in held and GAME.describe(held) == "US holds its last card."


def test_describe_lines_for_an_email():
    state = make({"Pakistan": {"gov": 3, "align": "Ally", "aid": 1}}, hands={"us": [27, 32]}, seat=US, prestige=5)
    events, _ = play(state, US, {"card": 32}, {"op": "woi"}, {"country": "Pakistan"}, dice=(4,))
    assert GAME.describe(one(events, "woi")) == ("US plays 32 Back Channel for 3 Ops: War of Ideas in Pakistan, "
                                                 "rolls 4 +1 (aid) = 5: Pakistan improves to Fair.")
