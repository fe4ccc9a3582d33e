"""The solo table's rules (section 9) in the engine: 9.1 victory, 9.2 the stack and the mini-decks,
9.3 cells, plots and WMD, 9.4.1 (no US event, Unassociated event then Ops), 9.4.3 Radicalization,
9.7 the ideology levels, and the bot's reasons in the log. Each from a position."""

import pytest

from games.core import IllegalMove, Rng
from games.labyrinth import GAME, victory
from games.labyrinth import data as D
from games.labyrinth.solo import decks
from tests.games.labyrinth.labyrinth_kit import Dice, of_type, one, types
from tests.games.labyrinth.position_kit import JH, US, asked, at, blank, bot_plays, decide, moves

POOR_ADV = {"gov": "Poor", "align": "Adversary"}
IR = {"gov": "Islamist Rule", "align": "Adversary"}
UNPLAYABLE_3 = 90        # Quagmire: Jihadist, 3 Ops, needs Prestige 6 or less (these positions have 7)
UNPLAYABLE_2 = 61        # Detainee Release: Jihadist, 2 Ops, needs a Disrupt lately


def solo(position, **opts):
    return at(position, solo=True, **opts)


# ------------------------------------------------------------------ 9.1 victory


def test_9_1_islamist_rule_resources_win_without_adjacency():
    # 2.1 needs two adjacent Islamist Rule countries; solo (9.1) 6 Resources are enough
    pos = blank({"Iraq": IR, "Indonesia/Malaysia": dict(POOR_ADV, sleeper=6)}, hands={"jihadist": [95, UNPLAYABLE_3]})
    two, s = at(pos), solo(pos)
    _, two = decide(two, JH, {"seq": [{"card": UNPLAYABLE_3}, {"op": "jihad"}, *[{"major": "Indonesia/Malaysia"}] * 3]},
                    dice=(1, 1, 1))
    assert two["c"]["Indonesia/Malaysia"]["gov"] == 4 and GAME.result(two) is None      # not adjacent to Iraq
    _, s = decide(s, JH, {"seq": [{"card": UNPLAYABLE_3}, {"op": "jihad"}, *[{"major": "Indonesia/Malaysia"}] * 3]},
                  dice=(1, 1, 1))
    assert GAME.result(s)["winner"] == JH and "(rule 9.1)" in GAME.result(s)["text"]


def test_9_1_no_cells_left_is_no_us_win():
    pos = blank({"Iraq": {"gov": "Fair", "align": "Ally", "active": 1}}, hands={"us": [19, 20]}, phase="us")
    pos["countries"]["Kenya/Tanzania"] = {"posture": "Soft"}
    _, s = decide(solo(pos), US, {"seq": [{"card": 19}, {"play": "ops"}, {"op": "disrupt"}, {"country": "Iraq"}]})
    assert sum(c["active"] + c["sleeper"] for c in s["c"].values()) == 0 and GAME.result(s) is None


@pytest.mark.parametrize("decks_,good,winner", [(1, 5, JH), (1, 6, US), (2, 8, JH), (2, 9, US), (3, 11, JH)])
def test_9_1_the_us_needs_6_9_12_good_resources_at_the_end(decks_, good, winner):
    goods = {"Egypt": 3, "Saudi Arabia": 3, "Pakistan": 2, "Morocco": 2, "Turkey": 2, "Jordan": 1, "Lebanon": 1}
    chosen, total = {}, 0
    for name, res in goods.items():
        if total + res <= good:
            chosen[name] = {"gov": "Good", "align": "Ally"}
            total += res
    assert total == good
    s = solo(blank(chosen, hands={"jihadist": [95]}), decks=decks_)
    won, text, final = victory.final(s)
    assert won == winner and final["good_resources"] == good, text
    assert victory.final(at(blank(chosen, hands={"jihadist": [95]}), decks=decks_))[0] == US    # two players: 2.3 only


# ------------------------------------------------------------------ 9.2 the stack


def test_9_2_the_bot_plays_the_top_card_of_its_stack():
    s = solo(blank({}, hands={"jihadist": [57, 76, 95]}))          # listed bottom to top
    seat, prompt = asked(s)
    assert seat == JH and moves(s, JH) == [{"card": 95}] and "95" not in prompt["options"][0]["label"]


def test_9_2_example_a_random_card_of_the_jihadist_hand_is_the_top_card():
    # PL 9.2, example: an event taking a "random" Jihadist card takes the top card: Renditions (44)
    pos = blank({"Kenya/Tanzania": {"posture": "Soft"}}, hands={"jihadist": [57, 76, 81], "us": [44, 19]}, phase="us",
                us_posture="Hard")
    for seed in (b"a", b"b", b"c"):                               # whatever the generator says
        _, s = decide(solo(pos), US, {"seq": [{"card": 44}, {"play": "event"}]}, seed=seed)
        assert s["hands"]["jihadist"] == [57, 76] and 81 in s["discard"]


def test_9_2_the_us_never_sees_the_stack():
    s = solo(blank({}, hands={"jihadist": [57, 76, 81]}))
    view = GAME.view(s, US)
    assert view["hands"]["jihadist"] == 3 and "Abu Sayyaf" not in str(view)


def test_9_2_fsb_shuffles_the_stack_and_only_the_jihadist_sees_the_order():
    pos = blank({"Russia": {"posture": "Hard", "sleeper": 1}}, hands={"jihadist": [57, 76, 81, 95, 66], "us": [17, 19]},
                phase="us")
    events, s = decide(solo(pos), US, {"seq": [{"card": 17}, {"play": "event"}]}, seed=b"fsb")
    shuffled = [e for e in events if e["type"] == "cards_moved" and e.get("shuffle")]
    assert len(shuffled) == 1 and sorted(s["hands"]["jihadist"]) == [57, 66, 76, 81, 95]
    assert s["hands"]["jihadist"] == shuffled[0]["cards"] and "cards" not in GAME.redact(shuffled[0], US)


def test_9_2_mini_decks_deal_unassociated_jihadist_us_in_turn():
    # 9.2 (optional): three mini-decks drawn from in turn; the whole Jihadist hand first, shuffled
    pile = decks.shuffle({"opts": {"solo": True, "mini_decks": "on"}}, Rng(b"x", 0), D.ALL_CARDS)
    kinds = [D.CARDS[n]["association"] for n in pile]
    assert sorted(pile) == D.ALL_CARDS
    assert kinds[:75] == ["Unassociated", "Jihadist", "US"] * 25              # 25 Unassociated cards
    assert kinds[75:] == ["Jihadist", "US"] * 22 + ["Jihadist"]               # then 23 Jihadist, 22 US
    events = GAME.start(GAME.resolve_options({"mini_decks": "on"}, bots={"jihadist": "jihadist"}), list(GAME.seats),
                        Rng(b"mini", 0))
    deck = next(e for e in events if e["type"] == "shuffled")["deck"]
    dealt = [e for e in events if e["type"] == "dealt"]
    assert [e["seat"] for e in dealt] == ["jihadist", "us"]
    assert sorted(dealt[0]["cards"]) == sorted(deck[:9]) and dealt[1]["cards"] == deck[9:18]


# ------------------------------------------------------------------ 9.3 cells, plots, WMD


def test_9_3_1_active_cells_first_and_sadr_last():
    pos = blank({"Iraq": {"gov": "Fair", "align": "Neutral", "active": 1, "sleeper": 2, "markers": ["Sadr"]}},
                hands={"jihadist": [95, UNPLAYABLE_2]})
    s = solo(pos)
    # 2 Jihad dice in Iraq: the Active cell and one Sleeper act (Sadr last); no question asked (9.3.1)
    _, s = decide(s, JH, {"seq": [{"card": UNPLAYABLE_2}, {"op": "jihad"}, {"country": "Iraq"}, {"country": "Iraq"}]},
                  dice=(6, 6))
    c = s["c"]["Iraq"]
    assert (c["active"], c["sleeper"], "Sadr" in c["markers"]) == (0, 1, True)     # two failures: the two that acted


def test_9_3_2_a_plot_marker_is_drawn_at_random_and_the_card_value_does_not_limit_it():
    pos = blank({"Iraq": dict(POOR_ADV, sleeper=1)}, hands={"jihadist": [95, 50]})      # 50 Ansar al-Islam: 1 Op
    seen = set()
    for seed in range(40):
        events, s = decide(solo(pos), JH, {"seq": [{"card": 50}, {"play": "ops"}, {"op": "plot"}, {"country": "Iraq"}]},
                           seed=bytes([seed]))
        placed = of_type(events, "plot_placed")
        if placed:
            seen.add(placed[0]["value"])
            assert "value" not in GAME.redact(placed[0], US)
    assert seen - {1}, "a 1-Op Plot placed only plot 1s: the value limit still applies"


def test_9_3_3_a_wmd_sets_aside_the_lowest_plot_and_brings_back_the_highest():
    pos = blank({"Iraq": dict(POOR_ADV, sleeper=2)}, hands={"jihadist": [95, 50], "us": [19]},
                wmd={"pakistan": 3, "box": 2, "removed": 0})           # one WMD in Available Plots
    s = solo(pos)
    assert s["aside"] == [1] and sorted(s["avail"], key=str) == sorted([1, 1, 2, 2, 3, "WMD"], key=str)
    s2 = at(pos)                                                          # two players: 7 markers
    assert "aside" not in s2 and len(s2["avail"]) == 7
    # the WMD resolved leaves the game; the highest set-aside marker comes back
    pos_wmd = dict(pos, plots=[{"country": "Iraq", "value": "WMD"}], phase="us", hands={"jihadist": [95]})
    s = solo(pos_wmd)
    assert s["aside"] == [1] and "WMD" not in s["avail"]
    _, s = decide(s, "system", {"go": "plots"}, dice=(6, 6, 6))
    assert s["aside"] == [] and sorted(s["avail"]) == [1, 1, 1, 2, 2, 3] and s["wmd"]["removed"] == 1


# ------------------------------------------------------------------ 9.4.1 Event or Ops


def test_9_4_1_a_us_card_plots_and_its_event_does_not_happen():
    # 12 Al-Azhar (US, playable): the bot Plots; no order question, no US event, no First Plot box
    pos = blank({"Iraq": {"gov": "Fair", "align": "Ally", "troops": 2, "sleeper": 2}}, hands={"jihadist": [57, 12]})
    events, reasons, s = bot_plays(solo(pos), stop=lambda st: st["played"] == 1 and st["phase"] == JH)
    assert not of_type(events, "ev_began") and one(events, "op_chosen")["op"] == "plot"
    assert 12 in s["discard"] and s["first_plot"] is None
    assert reasons[0] == "a US event the bot may not play: a Plot with the card's Ops, and no event (rule 9.4.1)"


def test_9_4_1_an_unassociated_event_then_its_ops():
    # 100 Hizb Ut-Tahrir (Unassociated, 1 Op): the event, then a Jihad with its Op
    pos = blank({"Iraq": {"gov": "Fair", "align": "Ally", "sleeper": 2}}, hands={"jihadist": [57, 100]})
    events, reasons, s = bot_plays(solo(pos), stop=lambda st: st["played"] == 1)
    assert types(events).index("ev_began") < types(events).index("op_chosen")
    assert one(events, "op_chosen")["op"] == "jihad" and 100 in s["discard"]
    assert reasons[0] == "an Unassociated event it can play: the event, then the card's Ops (rule 9.4.1)"


def test_9_4_1_an_event_placing_cells_with_none_on_the_track_radicalizes():
    full = {"Iraq": dict(POOR_ADV, sleeper=7), "Syria": dict(POOR_ADV, sleeper=7)}      # 14 + Kenya/Tanzania's
    pos = blank(full, hands={"jihadist": [57, 66]})                                     # 66 Homegrown places cells
    events, reasons, s = bot_plays(solo(pos), stop=lambda st: st["played"] == 1)
    assert not of_type(events, "ev_began") and of_type(events, "radicalization")
    assert reasons[0].startswith("its event would place cells and none is left on the Funding track")


def test_9_4_1_door_of_itjihad_makes_the_bots_events_unplayable():
    # card 47's one-player text: while it is in effect the bot plays no Jihadist or Unassociated event
    pos = blank({"Iraq": {"gov": "Fair", "align": "Ally", "sleeper": 2}}, hands={"jihadist": [57, 100]}, lapsing=[47])
    _, s = decide(solo(pos), JH, {"card": 100})
    assert s["step"]["k"] == "use"
    assert at(pos)["step"]["k"] == "card" and asked(at(pos))[1]["options"][0]["move"] == {"card": "random"}


# ------------------------------------------------------------------ 9.4.3 Radicalization


def test_9_4_3_radicalization_goes_through_its_boxes_in_order():
    pos = blank({"Iraq": {"gov": "Fair", "align": "Ally", "sleeper": 1}, "Egypt": {"gov": "Good", "align": "Ally"}},
                hands={"jihadist": [57, UNPLAYABLE_3]}, funding=5)
    s = solo(pos)
    _, s = decide(s, JH, {"seq": [{"card": UNPLAYABLE_3}, {"op": "radicalize"}]})
    assert s["step"] == {"k": "radical", "seat": JH, "box": 1, "left": 3}
    _, s = decide(s, JH, {"country": "Germany"}, dice=(5,))                   # tested Hard
    assert s["c"]["Germany"]["sleeper"] == 1 and s["step"]["box"] == 2
    _, s = decide(s, JH, {"seq": [{"to": "Jordan"}, {"from": "Iraq"}]}, dice=(4,))    # automatic; Jordan tested Poor
    assert s["c"]["Jordan"]["sleeper"] == 1 and s["c"]["Iraq"]["sleeper"] == 0 and s["step"]["box"] == 3
    events, s = decide(s, JH, {"country": "Germany"})                          # a plot, no roll
    assert one(events, "plot_placed")["country"] == "Germany" and not of_type(events, "plot_rolled")
    assert s["step"] is not None and s["step"]["k"] == "card" and 90 in s["discard"]


def test_9_4_3_a_box_that_does_not_apply_costs_no_op():
    full = {"Iraq": dict(POOR_ADV, sleeper=7), "Syria": dict(POOR_ADV, sleeper=7),
            "Egypt": {"gov": "Good", "align": "Ally"}, "Jordan": {"gov": "Fair", "align": "Ally"}}
    s = solo(blank(full, hands={"jihadist": [57, UNPLAYABLE_3]}, funding=9))   # no cell on the track, Funding 9
    _, s = decide(s, JH, {"seq": [{"card": UNPLAYABLE_3}, {"op": "radicalize"}]})
    assert s["step"]["box"] == 2 and s["step"]["left"] == 3
    _, s = decide(s, JH, {"seq": [{"to": "Iraq"}, {"from": "Syria"}]})
    assert s["step"] == {"k": "radical", "seat": JH, "box": 4, "left": 2}      # box 3 skipped: Funding 9
    _, s = decide(s, JH, {"country": "Egypt"})
    _, s = decide(s, JH, {"country": "Egypt"})
    assert s["c"]["Egypt"]["gov"] == 3 and s["step"]["k"] == "card"


# ------------------------------------------------------------------ 9.7 ideology


def _recruit(ideology):
    pos = blank({"Iraq": dict(POOR_ADV, sleeper=1)}, hands={"jihadist": [57, UNPLAYABLE_3]})
    _, s = decide(solo(pos, ideology=ideology), JH, {"seq": [{"card": UNPLAYABLE_3}, {"op": "recruit"},
                                                              *[{"country": "Iraq"}] * 3]}, dice=(1, 6, 6))
    return s["c"]["Iraq"]["sleeper"]


def test_9_7_attractive_each_recruit_success_places_two_cells():
    assert _recruit("normal") == 2 and _recruit("attractive") == 3 and _recruit("virulent") == 3
    assert _recruit("coherent") == 2


def _major_possible(ideology):
    pos = blank({"Iraq": dict(POOR_ADV, sleeper=4, troops=1)}, hands={"jihadist": [57, UNPLAYABLE_3]})
    s = solo(pos, ideology=ideology)
    _, s = decide(s, JH, {"seq": [{"card": UNPLAYABLE_3}, {"op": "jihad"}]})
    return {"major": "Iraq"} in moves(s, JH)


def test_9_7_potent_major_jihad_with_three_more_cells_than_troops():
    assert not _major_possible("normal") and not _major_possible("attractive")
    assert _major_possible("potent") and _major_possible("infectious") and _major_possible("virulent")


def test_9_7_infectious_the_us_must_play_its_last_card():
    pos = blank({}, hands={"us": [19], "jihadist": []}, phase="us")
    assert moves(solo(pos, ideology="potent"), US) == [{"last": "play"}, {"last": "discard"}, {"last": "hold"}]
    assert moves(solo(pos, ideology="infectious"), US) == [{"last": "play"}]
    assert moves(solo(pos, ideology="virulent"), US) == [{"last": "play"}]


def test_9_7_virulent_failed_jihad_rolls_remove_no_cells():
    pos = blank({"Egypt": {"gov": "Fair", "align": "Ally", "sleeper": 2}}, hands={"jihadist": [57, UNPLAYABLE_2]})
    for ideology, left in (("infectious", 0), ("virulent", 2)):
        _, s = decide(solo(pos, ideology=ideology), JH, {"seq": [{"card": UNPLAYABLE_2}, {"op": "jihad"},
                                                                  {"country": "Egypt"}, {"country": "Egypt"}]},
                      dice=(6, 6))
        assert s["c"]["Egypt"]["active"] + s["c"]["Egypt"]["sleeper"] == left, ideology


def test_9_7_coherent_a_plot_success_places_two_plots():
    pos = blank({"Iraq": dict(POOR_ADV, sleeper=1)}, hands={"jihadist": [57, 50]})
    for ideology, n in (("normal", 1), ("virulent", 1), ("coherent", 2)):
        events, s = decide(solo(pos, ideology=ideology), JH, {"seq": [{"card": 50}, {"play": "ops"}, {"op": "plot"},
                                                                       {"country": "Iraq"}]}, dice=(1,))
        rolled = one(events, "plot_rolled")
        assert rolled["successes"] == 1
        assert len(s["plots"]) == n, ideology


# ------------------------------------------------------------------ the bot's reasons


def test_the_bots_reason_is_logged_first_and_only_a_solo_bot_gives_one():
    s = solo(blank({"Iraq": {"gov": "Fair", "align": "Ally", "sleeper": 2}}, hands={"jihadist": [57, UNPLAYABLE_2]}))
    events, s = decide(s, JH, {"card": UNPLAYABLE_2, "reason": "9.2: the top card"})
    assert events[0] == {"type": "reason", "seat": JH, "text": "9.2: the top card"}
    assert GAME.describe(events[0]) == "Jihadist bot: 9.2: the top card."
    two = at(blank({"Iraq": {"gov": "Fair", "align": "Ally", "sleeper": 2}}, hands={"jihadist": [57, UNPLAYABLE_2]}))
    with pytest.raises(IllegalMove) as refused:
        GAME.decide(two, JH, {"card": UNPLAYABLE_2, "reason": "trust me"}, Dice())
    assert refused.value.code == "bad_move"


def test_the_jihadist_bot_plays_only_the_jihadist_seat():
    with pytest.raises(IllegalMove) as refused:
        GAME.resolve_options({}, bots={"us": "jihadist"})
    assert refused.value.code == "bot_seat"
    assert GAME.stand_in_bot("jihadist") == "jihadist" and GAME.stand_in_bot("us") == "random"
    assert "jihadist" in GAME.catalogue()["bots"]
