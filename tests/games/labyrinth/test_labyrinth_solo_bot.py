"""The section 9 bot's decisions: the rulebook's worked examples (PL 9.4.3, 9.5.1), every
priority list of 9.4.2 with a position where its order matters, 9.4.1, 9.6, and the bot standing
in at a two-player table. Positions from games/labyrinth/position.py."""

from games.core import Rng
from games.labyrinth import GAME
from games.labyrinth.solo import flows, randomly, where
from tests.games.labyrinth.labyrinth_kit import Dice, of_type, one
from tests.games.labyrinth.position_kit import JH, at, blank, bot, bot_plays, decide

POOR_ADV = {"gov": "Poor", "align": "Adversary"}
IR = {"gov": "Islamist Rule", "align": "Adversary"}
FAIR_ALLY = {"gov": "Fair", "align": "Ally"}


class NoDice(Rng):
    """The bot's generator where no tie may be left: any die is a test failure."""

    def __init__(self):
        super().__init__(b"none", 0)

    def die(self, sides=6):
        raise AssertionError("a die was rolled: the priorities left a tie")

    def below(self, n):
        raise AssertionError("a random choice was made: the priorities left a tie")


def solo(position, **opts):
    return at(position, solo=True, **opts)


# ------------------------------------------------------------------ the worked examples


def test_pl_9_4_3_example_plot_with_the_one_cell_then_place_a_cell_then_travel():
    # PL 9.4.3: a 3-value Jihadist card is a playable US event (47) and one cell is on the map: Plot
    # with that cell (1 Op), then a cell from the track in a random country, then one cell travels
    pos = {"base": "blank", "countries": {"Iraq": dict(FAIR_ALLY, troops=2, sleeper=1)},
           "hands": {"jihadist": [57, 47]}, "prestige": 7, "funding": 1}
    events, reasons, s = bot_plays(solo(pos), stop=lambda st: st["played"] == 1)
    assert len(one(events, "plot_rolled")["dice"]) == 1 and not of_type(events, "ev_began")
    assert of_type(events, "radicalization")[0]["value"] == 2
    boxes = [e["box"] for e in of_type(events, "radicalized")]
    assert boxes == [1, 2] and of_type(events, "radicalized")[1].get("from")
    assert reasons[0] == "a US event the bot may not play: a Plot with the card's Ops, and no event (rule 9.4.1)"
    assert reasons[1].startswith("Plot in Iraq (Prestige above Low: a country with troops")
    assert reasons[2] == "Radicalization with the 2 Ops left (rule 9.4.3)"
    cell = of_type(events, "radicalized")[0]["country"]                 # 1st box: a country at random
    assert reasons[3] == f"{cell}, at random among 38 countries"
    assert 47 in s["discard"] and sum(c["active"] + c["sleeper"] for c in s["c"].values()) == 2


def test_pl_9_5_1_example_afghanistan_and_the_gulf_states_tie_broken_by_a_die():
    # PL 9.5.1: two Plot Ops, no cells in the US, Abu Sayyaf in play, Prestige High; Afghanistan and
    # the Gulf States each have 2 troops and 2 cells and are Fair: 1-3 Afghanistan, 4-6 Gulf States
    pos = blank({"Afghanistan": dict(FAIR_ALLY, troops=2, sleeper=2), "Gulf States": dict(FAIR_ALLY, troops=2, sleeper=2),
                 "Philippines": {"posture": "Hard", "markers": ["Abu Sayyaf"]}},
                hands={"jihadist": [57, 12]}, prestige=8, funding=9)
    s = solo(pos)
    _, s = decide(s, JH, bot(s))                                   # 12 Al-Azhar: its US event is playable
    assert s["step"]["k"] == "use"
    _, s = decide(s, JH, bot(s))
    assert s["step"]["k"] == "plot"
    for die, country in ((2, "Afghanistan"), (5, "Gulf States")):
        move = bot(s, dice=(die,))
        assert move == {"country": country, "reason": (
            f"Plot in {country} (Prestige above Low: a country with troops, a die among Afghanistan and Gulf States, "
            f"rolled {die})")}
    _, s2 = decide(s, JH, bot(s, dice=(2,)))
    assert bot(s2) == {"country": "Afghanistan"}                 # another die there, as far as its cells allow: no news


def test_9_5_ranges_of_a_d6_and_the_global_table():
    assert randomly.d6_ranges(2) == [(1, 3), (4, 6)] and randomly.d6_ranges(4) == [(1, 1), (2, 2), (3, 3), (4, 4)]
    name, how = randomly.pick(Dice(5, 2), ["A", "B", "C", "D"])       # 5 is past the four ranges: rolled again
    assert name == "B" and how == "a die among 4 countries, rolled 5 then 2"
    name, how = randomly.pick(Rng(b"g", 0), [f"C{i}" for i in range(9)])
    assert how == "at random among 9 countries"


def test_9_5_1_nearest_country():
    s = solo(blank({"Iraq": FAIR_ALLY, "Syria": {"gov": "Good", "align": "Ally"}, "Libya": FAIR_ALLY}))
    # Lebanon does not qualify: Syria (adjacent) is nearer than Iraq (two steps) and Libya
    name, words = randomly.nearest(s, NoDice(), "Lebanon", ["Iraq", "Syria", "Libya"])
    assert name == "Syria" and words == "the nearest to Lebanon"


# ------------------------------------------------------------------ 9.4.2.2 Plot


def plot_pick(countries, candidates, event=False, **tracks):
    s = solo(blank(countries, **tracks))
    return where.plot_where(s, NoDice(), candidates, event=event)


def test_9_4_2_2_the_united_states_first():
    name, why = plot_pick({"United States": {"sleeper": 1}, "Iraq": dict(FAIR_ALLY, troops=2, sleeper=1)},
                          ["Iraq", "United States"], prestige=7)
    assert name == "United States" and why == "the United States first"


def test_9_4_2_2_prestige_above_low_the_philippines_with_abu_sayyaf_then_troops():
    countries = {"Philippines": {"posture": "Hard", "sleeper": 1, "markers": ["Abu Sayyaf"]},
                 "Iraq": {"gov": "Poor", "align": "Ally", "troops": 2, "sleeper": 1}}
    assert plot_pick(countries, ["Iraq", "Philippines"], prestige=7)[0] == "Philippines"
    countries["Philippines"]["troops"] = 2                        # troops outnumber its cells: the troops box
    name, why = plot_pick(countries, ["Iraq", "Philippines"], prestige=7)
    assert why.startswith("Prestige above Low: a country with troops")


def test_9_4_2_2_troops_only_when_prestige_is_above_low():
    countries = {"Iraq": dict(FAIR_ALLY, troops=2, sleeper=1), "Germany": {"posture": "Hard", "sleeper": 1}}
    assert plot_pick(countries, ["Iraq", "Germany"], prestige=4, us_posture="Hard")[0] == "Iraq"
    name, why = plot_pick(countries, ["Iraq", "Germany"], prestige=3, us_posture="Hard")
    assert name == "Germany" and why == "no GWOT penalty: a country with the US posture"


def test_9_4_2_2_the_us_posture_only_without_a_gwot_penalty_then_aid():
    countries = {"Jordan": dict(FAIR_ALLY, aid=1, sleeper=1), "Germany": {"posture": "Hard", "sleeper": 1}}
    assert plot_pick(countries, ["Jordan", "Germany"], prestige=3)[0] == "Germany"
    soft = {n: {"posture": "Soft"} for n in ("France", "Spain", "Italy", "Benelux")}      # World Soft 3: a penalty
    name, why = plot_pick(dict(countries, **soft), ["Jordan", "Germany"], prestige=3)
    assert name == "Jordan" and why == "a country with Aid"


def test_9_4_2_2_funding_below_9_non_muslim_then_muslim_then_radicalization():
    countries = {"France": {"posture": "Soft", "sleeper": 1}, "Egypt": dict(FAIR_ALLY, sleeper=1)}
    assert plot_pick(countries, ["Egypt", "France"], prestige=3, funding=8) == \
        ("France", "Funding below 9: a non-Muslim country")
    assert plot_pick(countries, ["Egypt"], prestige=3, funding=8)[0] == "Egypt"
    assert plot_pick(countries, ["Egypt", "France"], prestige=3, funding=9)[0] is None


def test_9_4_2_2_governance_fair_good_poor_for_a_plot_good_fair_poor_for_an_event():
    countries = {"Egypt": {"gov": "Good", "align": "Ally", "troops": 1, "sleeper": 1},
                 "Jordan": dict(FAIR_ALLY, troops=1, sleeper=1),
                 "Iraq": {"gov": "Poor", "align": "Ally", "troops": 1, "sleeper": 1}}
    names = ["Egypt", "Jordan", "Iraq"]
    assert plot_pick(countries, names, prestige=7) == \
        ("Jordan", "Prestige above Low: a country with troops, Fair first (a Plot operation)")
    assert plot_pick(countries, names, event=True, prestige=7)[0] == "Egypt"
    assert plot_pick(countries, ["Egypt", "Iraq"], prestige=7)[0] == "Egypt"


# ------------------------------------------------------------------ 9.4.2.3, 9.4.2.4 Jihad


def test_9_4_2_3_major_jihad_pakistan_first_then_resources():
    countries = {"Pakistan": dict(POOR_ADV, sleeper=5), "Saudi Arabia": dict(POOR_ADV, sleeper=5),
                 "Algeria/Tunisia": dict(POOR_ADV, sleeper=5), "Kenya/Tanzania": {"posture": "Soft"}}
    s = solo(blank(countries))
    assert where.major_where(s, NoDice(), ["Saudi Arabia", "Pakistan", "Algeria/Tunisia"]) == \
        ("Pakistan", "Pakistan first")
    assert where.major_where(s, NoDice(), ["Algeria/Tunisia", "Saudi Arabia"]) == \
        ("Saudi Arabia", "the most Resources (3)")


def test_9_4_1_major_jihad_only_where_islamist_rule_is_in_reach():
    # a Fair country needs 3 dice (Fair -> Poor, then 2 for the Revolution): a 2-Op card cannot
    s = solo(blank({"Pakistan": dict(FAIR_ALLY, sleeper=6), "Egypt": dict(FAIR_ALLY, sleeper=1)}))
    assert not where.major_ok(s, "Pakistan", 2) and where.major_ok(s, "Pakistan", 3)
    s = solo(blank({"Pakistan": {"gov": "Fair", "align": "Ally", "sleeper": 6, "besieged": True}}))
    assert where.major_ok(s, "Pakistan", 2)                           # Besieged: 1 beyond Poor


def test_the_issue_example_major_jihad_in_pakistan():
    pos = blank({"Pakistan": dict(POOR_ADV, sleeper=6), "Saudi Arabia": dict(POOR_ADV, sleeper=6)},
                hands={"jihadist": [57, 90]}, prestige=7)
    events, reasons, s = bot_plays(solo(pos), stop=lambda st: st["played"] == 1, dice=Dice(4, 4, 4))
    assert reasons[:2] == ["Jihad: a Major Jihad could bring Pakistan or Saudi Arabia to Islamist Rule (rule 9.4.1)",
                           "Major Jihad in Pakistan (Pakistan first)"]
    assert "Jihadist bot: Major Jihad in Pakistan (Pakistan first)." in [GAME.describe(e) for e in events]
    assert [e["country"] for e in of_type(events, "jihad")] == ["Pakistan"] and one(events, "jihad")["major"]


def test_9_4_2_4_minor_jihad_good_first_then_pakistan_aid_besieged_resources():
    c = {"Egypt": {"gov": "Good", "align": "Ally", "sleeper": 1}, "Pakistan": dict(FAIR_ALLY, sleeper=1),
         "Jordan": dict(FAIR_ALLY, sleeper=1, aid=1), "Syria": dict(FAIR_ALLY, sleeper=1, besieged=True),
         "Saudi Arabia": dict(FAIR_ALLY, sleeper=1), "Morocco": dict(FAIR_ALLY, sleeper=1),
         "Iraq": {"gov": "Poor", "align": "Ally", "sleeper": 1}}
    s = solo(blank(c))
    names = list(c)
    pick = (lambda ns, **kw: where.minor_where(s, NoDice(), ns, **kw))
    assert pick(names) == ("Egypt", "Good first")
    names.remove("Egypt")
    assert pick(names) == ("Pakistan", "Pakistan first")
    names.remove("Pakistan")
    assert pick(names)[0] == "Jordan"
    names.remove("Jordan")
    assert pick(names)[0] == "Syria"
    names.remove("Syria")
    assert pick(names) == ("Saudi Arabia", "the most Resources (3)")
    assert pick(["Iraq"]) == (None, "") and pick(["Iraq"], alignment=True)[0] == "Iraq"


# ------------------------------------------------------------------ 9.4.2.5 Recruit


def test_9_4_2_5_recruit_priorities():
    c = {"Iraq": {"gov": "Fair", "align": "Ally", "rc": "tan", "troops": 6, "sleeper": 1},
         "Afghanistan": dict(IR, sleeper=2), "Somalia": dict(IR, sleeper=9 - 6 + 1),
         "Philippines": {"posture": "Hard", "sleeper": 1}, "Jordan": {"gov": "Poor", "align": "Ally", "sleeper": 1},
         "Egypt": {"gov": "Poor", "align": "Ally", "sleeper": 1, "besieged": True}}
    s = solo(blank(c))
    pick = (lambda ns, ops=2: where.recruit_where(s, NoDice(), ns, ops))
    assert pick(list(c)) == ("Iraq", "a Regime Change country with 5 more troops than cells")
    assert pick(["Afghanistan", "Somalia", "Jordan"], ops=2)[0] == "Afghanistan"      # Somalia: 4 cells, not < 4
    # the best chance: Poor (1-3) and the Philippines' REC 3 tie; Besieged Egypt first
    name, why = pick(["Philippines", "Jordan", "Egypt"])
    assert name == "Egypt" and why == "the best chance to recruit, success on 1-3, Besieged Regime first"
    name, why = where.recruit_where(s, Dice(1), ["Philippines", "Jordan"], 2)      # all alike, not all Muslim
    assert name == "Philippines" and why == ("the best chance to recruit, success on 1-3, a die among Philippines "
                                             "and Jordan, rolled 1")
    s2 = solo(blank(dict(c, Jordan={"gov": "Poor", "align": "Ally", "sleeper": 1, "troops": 1})))
    assert where.recruit_where(s2, NoDice(), ["Philippines", "Jordan"], 2)[0] == "Jordan"    # troops and cells: 2


# ------------------------------------------------------------------ 9.4.2.6 Travel


def test_9_4_2_6_travel_destinations_one_per_box_in_order():
    c = {"Somalia": {"gov": "Poor", "align": "Neutral", "besieged": True},         # box 1
         "Yemen": {"gov": "Poor", "align": "Neutral", "sleeper": 3},               # box 2: 3 + 2 = 5
         "Jordan": FAIR_ALLY, "Iraq": dict(POOR_ADV, sleeper=1),                   # box 3: next to Iraq's cell
         "Kenya/Tanzania": {"posture": "Soft", "sleeper": 1}}
    s = solo(blank(c, us_posture="Hard"))
    dests = []
    for i in range(4):
        name, why = flows.next_destination(s, NoDice() if i < 3 else Rng(b"t", 0), [["x", d] for d in dests])
        dests.append(name)
        if i < 3:
            assert why.startswith(where.TRAVEL_BOXES[i + 1]), why
    assert dests[:3] == ["Somalia", "Yemen", "Jordan"]
    assert dests[3] is not None and s["c"][dests[3]]["posture"] is None and dests[3] not in ("United States", "Israel")


def test_9_4_2_6_pakistan_first_then_resources():
    c = {"Pakistan": {"gov": "Poor", "align": "Neutral", "aid": 1}, "Iraq": {"gov": "Poor", "align": "Ally", "aid": 1},
         "Libya": {"gov": "Poor", "align": "Ally", "aid": 1}}
    s = solo(blank(c))
    assert where.destinations(s, ["Libya", "Iraq", "Pakistan"], 1)[0] == ["Pakistan"]
    assert where.destinations(s, ["Libya", "Iraq"], 1) == \
        (["Iraq"], ["a country with Regime Change, Besieged Regime or Aid", "the most Resources (3)"])


def test_9_4_2_6_1_travel_sources():
    c = {"Afghanistan": dict(IR, sleeper=4), "Iraq": {"gov": "Fair", "align": "Ally", "rc": "tan", "troops": 1,
                                                      "sleeper": 3},
         "Jordan": dict(FAIR_ALLY, sleeper=1), "Syria": dict(POOR_ADV, active=1, sleeper=1)}
    s = solo(blank(c))
    src = (lambda names, ops=3, dest="Lebanon": where.travel_source(s, NoDice(), dest, names, ops, [], [dest]))
    assert src(["Syria", "Iraq", "Afghanistan"]) == \
        ("Afghanistan", "an Islamist Rule country with more cells than the card's Ops")
    assert src(["Syria", "Iraq", "Afghanistan"], ops=4)[0] == "Iraq"           # 4 cells are not more than 4 Ops
    assert src(["Syria", "Jordan"], dest="Iraq") == ("Syria", "a country next to it, an Active cell first")


# ------------------------------------------------------------------ 9.4.1 the operation


def use_choice(countries, hand_top, **tracks):
    s = solo(blank(countries, hands={"jihadist": [57, hand_top]}, **tracks))
    _, s = decide(s, JH, bot(s))
    while s["step"]["k"] == "play_as":
        _, s = decide(s, JH, bot(s))
    return bot(s, dice=(), seed=b"use")


def test_9_4_1_ops_major_jihad_then_jihad_then_recruit_then_travel():
    major = {"Pakistan": dict(POOR_ADV, sleeper=5), "Egypt": dict(FAIR_ALLY, sleeper=1)}
    assert use_choice(major, 90)["op"] == "jihad" and "Major Jihad" in use_choice(major, 90)["reason"]
    minor = {"Egypt": dict(FAIR_ALLY, sleeper=1)}
    assert use_choice(minor, 90)["reason"] == "Jihad, possible in a Good or Fair country (rule 9.4.1)"
    recruit = {"Iraq": {"gov": "Poor", "align": "Ally", "sleeper": 1}}
    assert use_choice(recruit, 90)["op"] == "recruit"
    full = {"Afghanistan": dict(IR, sleeper=7), "Somalia": dict(IR, sleeper=7)}
    assert use_choice(full, 90)["op"] == "travel"                       # no Jihad (Islamist Rule), no Available cell
    assert use_choice(recruit, 90, lapsing=[114])["op"] == "travel"      # GTMO in effect: no Recruit


def test_9_4_1_recruit_stops_when_the_available_cells_run_out_and_radicalizes_the_rest():
    # Funding 1: 10 cells locked, 3 on the map, 2 Available; a 3-Op Recruit in Iraq (Poor): two
    # successes use them up, the third Op goes to Radicalization
    pos = blank({"Iraq": {"gov": "Poor", "align": "Ally", "sleeper": 2}}, hands={"jihadist": [57, 90]}, funding=1)
    events, reasons, s = bot_plays(solo(pos), stop=lambda st: st["played"] == 1, dice=Dice(1, 1, 5, 5))
    assert len(one(events, "recruited")["dice"]) == 2 and one(events, "recruited")["used"] == 2
    assert of_type(events, "radicalization")[0]["value"] == 1 and s["c"]["Iraq"]["sleeper"] == 4


# ------------------------------------------------------------------ 9.6 card notes and events


def test_9_6_ex_kgb_the_caucasus_when_it_shifts_the_world_posture():
    soft = {"Germany": {"posture": "Hard"}}                          # World Hard 1 (Israel Hard too: 2)
    s = solo(blank(soft, hands={"jihadist": [57, 62]}, us_posture="Hard"))
    _, s = decide(s, JH, {"seq": [{"card": 62}, {"play": "event"}]})
    assert bot(s)["pick"] == "caucasus"
    hard = {n: {"posture": "Hard"} for n in ("Germany", "France", "Spain", "Italy", "Benelux")}   # Hard 3 either way
    s = solo(blank(hard, hands={"jihadist": [57, 62]}, us_posture="Hard"))
    _, s = decide(s, JH, {"seq": [{"card": 62}, {"play": "event"}]})
    assert bot(s) == {"pick": "central asia",
                      "reason": "Central Asia, as the Caucasus would not shift the World Posture (rule 9.6)"}


def test_9_6_oil_price_spike_takes_the_highest_jihadist_card_or_is_played_for_ops():
    pos = blank({"Egypt": dict(FAIR_ALLY, sleeper=1)}, hands={"jihadist": [57, 117]}, discard=[49, 81, 88, 19])
    s = solo(pos)
    _, s = decide(s, JH, bot(s))
    assert bot(s)["play"] == "event"
    _, s = decide(s, JH, bot(s))
    move = bot(s)
    assert move["card"] in (81, 88) and move["reason"] == (f"card {move['card']}, a Jihadist card of the highest value "
                                                           "in the discard pile (at random among them) (rule 9.6)")
    s = solo(dict(pos, discard=[19, 20]))
    _, s = decide(s, JH, bot(s))
    assert bot(s) == {"play": "ops", "reason": "no Jihadist card in the discard pile to take: the card's Ops instead (rule 9.6)"}


def test_the_second_card_of_adam_gadahn_is_the_top_of_the_stack():
    s = solo(blank({}, hands={"jihadist": [95, 76, 48]}))
    events, reasons, s = bot_plays(s, stop=lambda st: st["played"] >= 1 and st["step"]["k"] == "card")
    assert one(events, "cards_moved")["cards"] == [76] and "the second card is the top of the stack (rule 9.2)" in reasons


def test_a_plot_event_whose_flow_ends_in_radicalization_is_ignored():
    # 9.4.2.1: Martyrdom Operation (88) with its only cell in a Poor country, Funding 9, Prestige Low:
    # no plot box: Radicalization with the card's value, the event ignored
    pos = blank({"Iraq": {"gov": "Poor", "align": "Neutral", "sleeper": 1},
                 "Kenya/Tanzania": {"posture": "Soft"}}, hands={"jihadist": [57, 88]}, funding=9, prestige=3)
    events, reasons, s = bot_plays(solo(pos), stop=lambda st: st["played"] == 1)
    assert not of_type(events, "ev_began") and of_type(events, "radicalization")[0]["value"] == 3
    assert reasons[0] == ("its event's plot has no country the bot may choose: Radicalization with the card's Ops "
                          "instead (rule 9.4.2.1)")


# ------------------------------------------------------------------ a stand-in at a two-player table


def test_the_bot_stands_in_for_a_two_player_jihadist_without_reasons():
    s = at(blank({"Egypt": dict(FAIR_ALLY, active=1, sleeper=1)}, hands={"jihadist": [57, 90]}))
    for _ in range(8):
        (seat, _p), = GAME.prompts(s).items()
        if seat != JH:
            break
        move = GAME.bots["jihadist"](s, JH, Rng(b"stand-in", 0))
        assert "reason" not in move
        _, s = decide(s, JH, move)
    assert 90 in s["discard"] and not s["hands"]["jihadist"]          # both cards played, as a player would
