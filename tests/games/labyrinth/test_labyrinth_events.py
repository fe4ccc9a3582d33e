"""The card-event framework (6.2, 6.3, 4.7.7): which cards have an event, event or operations,
triggered events and their order, the First Plot exception, US Election, REMOVE / MARK /
LAPSING, blocking, questions to the other side, hidden information, operations ordered by an
event, the notation. The cards themselves: test_labyrinth_cards_*.py."""

from games.core import IllegalMove
from games.labyrinth import GAME, setup
from games.labyrinth import data as D
from games.labyrinth.events import registry
from tests.games.labyrinth.labyrinth_kit import (
    JH,
    SYS,
    US,
    asked,
    c,
    make,
    of_type,
    one,
    options,
    run,
    types,
)

# ------------------------------------------------------------------ which cards have an event
# The cards without an event yet, one set per module (so that parallel edits merge cleanly).
# Remove a number when its event lands; when MISSING is empty, flip setup.EVENTS_READY to True
# (games/labyrinth/setup.py, one line): the option "events" then defaults to "on" for players.

MISSING_001_030: set[int] = set()

MISSING_031_060: set[int] = set()

MISSING_061_090: set[int] = set()

MISSING_091_120: set[int] = set()

MISSING = MISSING_001_030 | MISSING_031_060 | MISSING_061_090 | MISSING_091_120


def test_every_card_has_an_event_or_is_listed_as_missing():
    assert set(registry.missing()) == MISSING
    for n, slot in registry.EVENTS.items():
        for entry in slot.values():
            lo = (n - 1) // 30 * 30 + 1
            assert entry.module == f"cards_{lo:03d}_{lo + 29:03d}", (n, entry.module)   # in its number range
            doc = entry.play.__doc__ or ""
            assert doc[:1].isdigit() and D.card_name(n) in doc, (n, "the docstring starts with the number and name")


def test_events_option_flips_when_every_card_exists():
    opt = GAME.options["events"]
    if MISSING:
        # players cannot choose an incomplete game
        assert opt["default"] == "off" and opt["choices"] == ["off"] and not setup.EVENTS_READY
        try:
            GAME.resolve_options({"events": "on"})
            raise AssertionError("'on' must be refused")
        except IllegalMove:
            pass
    else:
        assert setup.EVENTS_READY and opt["default"] == "on" and opt["choices"] == ["on", "off"]


def test_events_off_offers_no_event():
    s = make(hands={US: [12, 19]}, seat=US)
    _, s = run(s, {"card": 12})
    assert s["step"]["k"] == "use"


# ------------------------------------------------------------------ 6.2 playing an event


def test_own_event_is_offered_when_playable():
    # 6.2.5-6.2.6: own or Unassociated event with its prerequisite met: event or operations
    s = make(hands={US: [12, 19]}, seat=US, events="on")
    _, s = run(s, {"card": 12})
    seat, prompt = asked(s)
    assert seat == US and s["step"]["k"] == "play_as"
    assert [o["move"] for o in prompt["options"]] == [{"play": "event"}, {"play": "ops"}]
    assert "Test Egypt" in prompt["text"]
    _, s2 = run(s, {"play": "ops"})
    assert s2["step"]["k"] == "use"
    # prerequisite unmet (26 Quartet needs Abbas): straight to the operations
    s = make(hands={US: [26, 19]}, seat=US, events="on")
    _, s = run(s, {"card": 26})
    assert s["step"]["k"] == "use"
    # the opponent's card is never offered as an event
    s = make(hands={US: [66, 19]}, seat=US, events="on")
    _, s = run(s, {"card": 66})
    assert s["step"]["k"] == "use"


def test_event_played_then_card_discarded_and_phase_goes_on():
    s = make(hands={US: [12, 19]}, seat=US, events="on", funding=6)
    events, s = run(s, {"card": 12}, {"play": "event"}, dice=(5,))
    assert types(events)[:4] == ["card_chosen", "play_chosen", "ev_began", "tested"]
    assert s["funding"] == 4 and c(s, "Egypt")["gov"] == D.FAIR      # -2: Afghanistan is Islamist Rule
    assert 12 in s["discard"] and s["in_play"] is None and s["played"] == 1
    assert one(events, "card_done")["done"] is True and s["step"] == {"k": "card", "seat": US}


def test_remove_only_when_the_event_happens():
    # 6.2.9: 20 King Abdullah is REMOVE: as an event it leaves the game ...
    s = make(hands={US: [20, 19]}, seat=US, events="on")
    _, s1 = run(s, {"card": 20}, {"play": "event"})
    assert 20 in s1["removed"] and 20 not in s1["discard"]
    assert (c(s1, "Jordan")["gov"], c(s1, "Jordan")["align"]) == (D.FAIR, "Ally")
    # ... for operations it is discarded
    _, s2 = run(s, {"card": 20}, {"play": "ops"}, {"op": "reserves"})
    assert 20 in s2["discard"] and s2["reserves"][US] == 2
    # triggered by the Jihadist's operation it happens and is removed (6.3.2.2)
    s = make(hands={JH: [20, 49]}, seat=JH, events="on")
    _, s3 = run(s, {"card": 20}, {"op": "reserves"})
    assert 20 in s3["removed"] and c(s3, "Jordan")["align"] == "Ally" and s3["reserves"][JH] == 2


def test_mark_places_a_lasting_marker():
    s = make(hands={US: [43, 19]}, seat=US, events="on")
    _, s = run(s, {"card": 43}, {"play": "event"})
    assert "Patriot Act" in c(s, D.US)["markers"] and 43 in s["removed"]


# ------------------------------------------------------------------ 6.3 triggered events


def test_opponent_event_triggers_and_its_side_decides():
    # 6.3.2: the Jihadist plays 8 Special Forces for a Recruit: the US event is triggered; the
    # Jihadist chooses the order (6.3.2.1), the US chooses the cell (6.3.2.2)
    s = make(countries={"Iraq": {"gov": D.POOR, "align": "Adversary", "sleeper": 2, "troops": 1}},
             hands={JH: [8, 49], US: [19]}, seat=JH, events="on")
    _, s = run(s, {"card": 8}, {"op": "recruit"})
    seat, prompt = asked(s)
    assert seat == JH and s["step"]["k"] == "order"
    assert [o["move"] for o in prompt["options"]] == [{"first": "event"}, {"first": "op"}]
    events, s1 = run(s, {"first": "event"})
    seat, prompt = asked(s1)
    assert seat == US and s1["step"]["k"] == "ev" and "Special Forces" in prompt["text"]
    events, s1 = run(s1, {"country": "Iraq"}, {"country": "Afghanistan"})      # Recruit there: automatic
    assert cells_in(s1, "Iraq") == 1 and one(events, "recruited")["placed"] == {"Afghanistan": 1}
    assert 8 in s1["discard"] and s1["played"] == 1 and s1["step"] == {"k": "card", "seat": JH}
    # operation first, then the event
    events, s2 = run(s, {"first": "op"}, {"country": "Iraq"}, dice=(1,))
    assert types(events).index("recruited") < types(events).index("ev_began")
    assert asked(s2)[0] == US
    _, s2 = run(s2, {"country": "Iraq"})
    assert cells_in(s2, "Iraq") == 2 and 8 in s2["discard"]


def cells_in(s, name):
    return c(s, name)["active"] + c(s, name)["sleeper"]


def test_triggered_event_with_unmet_prerequisite_does_not_happen():
    # 6.3.2.1: the event does not happen if its prerequisite is unmet when it would happen; a
    # REMOVE card is then simply discarded (27 Saddam Captured needs troops in Iraq)
    s = make(countries={"Iraq": {"troops": 0}}, hands={JH: [27, 49]}, seat=JH, events="on")
    events, s = run(s, {"card": 27}, {"op": "reserves"})
    assert one(events, "ev_skipped")["why"] == "prerequisite" and 27 in s["discard"]


def test_own_or_unassociated_card_for_operations_triggers_nothing():
    # 6.3.2.3
    s = make(hands={JH: [66, 49], US: [101, 19]}, seat=JH, events="on")
    events, s = run(s, {"card": 66}, {"play": "ops"}, {"op": "reserves"})
    assert not of_type(events, "ev_began") and s["reserves"][JH] == 2
    s = make(hands={US: [101, 19]}, seat=US, events="on")
    events, s = run(s, {"card": 101}, {"play": "ops"}, {"op": "reserves"})
    assert not of_type(events, "ev_began")


def test_first_plot_card_triggers_no_us_event():
    # 8.5.3 / 4.7.7.2: the first card used for a Plot each turn: no US event, First Plot box
    s = make(countries={"Iraq": {"gov": D.POOR, "align": "Adversary", "sleeper": 2}},
             hands={JH: [12, 19], US: [1]}, seat=JH, events="on")
    events, s1 = run(s, {"card": 12}, {"op": "plot"}, {"country": "Iraq"}, {"roll": True}, dice=(6,))
    assert not of_type(events, "ev_began") and s1["first_plot"] == 12
    # the next Plot card of the turn triggers its US event
    _, s2 = run(s1, {"card": 19}, {"op": "plot"})
    assert s2["step"]["k"] == "order"
    events, s2 = run(s2, {"first": "op"}, {"country": "Iraq"}, {"roll": True}, {"cells": "active"}, dice=(6,))
    assert one(events, "ev_began")["card"] == 19 and c(s2, "Turkey")["gov"] == D.FAIR and 19 in s2["discard"]


def test_event_first_that_removes_the_operations_target_offers_the_operations_again():
    # the only cell on the map is killed by the US event before the Jihadist's Plot
    s = make(blank=True, countries={"Iraq": {"gov": D.POOR, "align": "Neutral", "sleeper": 1},
                                    "Afghanistan": {"gov": D.IR, "align": "Adversary", "sleeper": 1}},
             hands={JH: [23, 19], US: [1]}, seat=JH, events="on", first_plot_used=True)
    _, s = run(s, {"card": 23}, {"op": "plot"}, {"first": "event"}, {"country": "Iraq"})
    assert c(s, "Iraq")["cadre"] and s["step"] == {"k": "use", "seat": JH}     # Plot is no longer possible
    assert {"op": "plot"} not in options(s, JH) and {"op": "recruit"} in options(s, JH)


def test_reassessment_with_a_jihadist_card_triggers_its_event_in_the_order_the_us_chooses():
    s = make(countries={"Saudi Arabia": {"gov": D.POOR, "align": "Ally"}}, hands={US: [95, 32]}, seat=US,
             events="on", funding=4, us_posture="Hard")
    events, s = run(s, {"card": 95}, {"op": "reassess"}, {"card": 32}, {"first": "posture"})
    assert types(events).index("posture_reassessed") < types(events).index("ev_began")
    assert s["us_posture"] == "Soft" and s["funding"] == 7 and sorted(s["discard"])[-2:] == [32, 95]


def _hard_us_reassessing(*cards):
    s = make(countries={"Iraq": {"gov": D.POOR, "align": "Ally"}}, hands={US: list(cards)}, seat=US, events="on",
             us_posture="Hard", prestige=7)
    _, s = run(s, {"card": cards[0]}, {"op": "reassess"}, {"card": cards[1]})
    return s


def test_7_6_3_the_us_orders_the_posture_change_and_axis_of_evil():
    # 78 Axis of Evil sets US posture Hard: a Hard US that wants Soft lets the event happen first
    s = _hard_us_reassessing(78, 32)
    seat, prompt = asked(s)
    assert seat == US and "rule 7.6.3" in prompt["text"] and s["us_posture"] == "Hard"
    assert options(s, US) == [{"first": "posture"}, {"first": "event"}]
    events, after = run(s, {"first": "event"}, dice=(1, 1, 1))            # Axis of Evil's Prestige roll
    assert types(events).index("ev_began") < types(events).index("posture_reassessed")
    assert after["us_posture"] == "Soft" and after["step"]["k"] != "reassess_order"
    _, after = run(s, {"first": "posture"}, dice=(1, 1, 1))
    assert after["us_posture"] == "Hard"                                   # the event came last


def test_7_6_3_two_triggered_events_the_us_orders_all_three():
    s = _hard_us_reassessing(78, 120)
    assert options(s, US) == [{"first": "posture"}, {"first": "78"}, {"first": "120"}]
    _, s = run(s, {"first": "120"})
    assert options(s, US) == [{"first": "posture"}, {"first": "78"}] and s["us_posture"] == "Hard"
    events, s = run(s, {"first": "posture"}, dice=(1, 1, 1, 1))           # US Election's posture roll, then 78's
    began = [e["card"] for e in of_type(events, "ev_began")]
    assert began == [120, 78] and s["us_posture"] == "Hard"
    kinds = [(e["type"], e.get("card")) for e in events if e["type"] in ("ev_began", "posture_reassessed")]
    assert kinds == [("ev_began", 120), ("posture_reassessed", None), ("ev_began", 78)]


def test_7_6_3_the_order_in_words():
    s = _hard_us_reassessing(78, 32)
    assert GAME.parse("events first", s, US) == {"first": "event"}
    assert GAME.parse("posture first", s, US) == {"first": "posture"}
    s = _hard_us_reassessing(78, 120)
    assert GAME.parse("120 first", s, US) == {"first": "120"}


def test_an_operation_ordered_by_a_triggered_event_comes_back_to_the_player():
    # the Jihadist plays 34 Enhanced Measures for a Recruit, event first: the US Disrupts (an
    # operation in the Jihadist phase), takes a random card, and the Jihadist then Recruits
    s = make(blank=True, countries={"Iraq": {"gov": D.POOR, "align": "Ally", "sleeper": 2, "troops": 2}},
             hands={JH: [34, 49], US: [19]}, seat=JH, events="on", us_posture="Hard")
    _, s = run(s, {"card": 34}, {"op": "recruit"}, {"first": "event"})
    assert asked(s)[0] == US and options(s, US) == [{"op": "disrupt"}] and s["in_play"]["value"] == 3
    events, s = run(s, {"op": "disrupt"}, {"country": "Iraq"}, dice=(1, 6, 6))     # 3 Ops again
    assert one(events, "cards_moved")["cards"] == [49] and "Enhanced Measures" in s["markers"]
    assert one(events, "recruited")["placed"] == {"Iraq": 1} and s["in_play"] is None and 34 in s["discard"]
    assert s["hands"] == {US: [19, 49], JH: []}


# ------------------------------------------------------------------ US Election (6.3.1)


def test_us_election_fires_with_operations_in_either_order():
    s = make(hands={US: [120, 19]}, seat=US, events="on", us_posture="Hard")
    _, s = run(s, {"card": 120}, {"play": "ops"}, {"op": "deploy"})
    assert s["step"]["k"] == "order"
    events, s = run(s, {"first": "event"}, dice=(1,))
    assert one(events, "ev_began")["how"] == "auto" and s["us_posture"] == "Soft"
    assert s["step"]["k"] == "deploy_from"


def test_us_election_by_the_jihadist_even_for_the_first_plot():
    s = make(countries={"Iraq": {"gov": D.POOR, "align": "Adversary", "sleeper": 2}},
             hands={JH: [120, 49], US: [1]}, seat=JH, events="on", prestige=7)
    _, s = run(s, {"card": 120}, {"play": "ops"}, {"op": "plot"})
    assert s["step"]["k"] == "order"
    events, s = run(s, {"first": "op"}, {"country": "Iraq"}, {"roll": True}, dice=(6, 6))
    assert s["first_plot"] == 120 and one(events, "ev_began")["side"] == JH


def test_us_election_fires_when_discarded():
    # 5.2.4: the US discards its last card: US Election still fires (cards.json D7), then plots
    s = make(hands={US: [120]}, seat=US, step={"k": "last", "seat": US}, events="on")
    events, s = run(s, {"last": "discard"}, dice=(6,))
    assert one(events, "ev_began")["how"] == "auto" and 120 in s["discard"]
    assert s["us_posture"] == "Hard" and s["step"]["k"] == "end"
    # discarded at random by an event (63 Gaza War): it fires after that event
    s = make(hands={JH: [63, 49], US: [120]}, seat=JH, events="on")
    events, s = run(s, {"card": 63}, {"play": "event"}, dice=(1,))
    began = of_type(events, "ev_began")
    assert [e["card"] for e in began] == [63, 120] and s["us_posture"] == "Soft"


# ------------------------------------------------------------------ LAPSING, blocking


def test_lapsing_card_lasts_until_the_end_of_the_turn():
    # 6.2.7 / 5.2.6: 114 GTMO goes to the Lapsing box: no Recruit, Detainee Release blocked
    s = make(countries={"Iraq": {"gov": D.POOR, "align": "Adversary", "sleeper": 2}},
             hands={US: [114, 19], JH: [61, 49]}, seat=US, events="on")
    _, s = run(s, {"card": 114}, {"play": "event"}, dice=(5, 2, 3))
    assert s["lapsing"] == [114]
    assert registry.blocked(s, 61, JH)
    s["phase"], s["played"], s["step"] = JH, 0, {"k": "card", "seat": JH}
    _, s1 = run(s, {"card": 49}, {"play": "ops"})
    assert {"op": "recruit"} not in options(s1, JH)
    # 5.2.6: the box is cleared; a mid-turn reshuffle leaves a marker (4.7.7.3)
    from games.labyrinth.evolve import evolve
    s2 = evolve(dict(s, deck=[]), {"type": "reshuffled", "deck": [114], "deck_no": 2})
    assert s2["lapsing"] == [] and s2["lapsing_markers"] == [114] and registry.blocked(s2, 61, JH)
    s3 = evolve(s2, {"type": "boxes_cleared", "lapsing": [], "first_plot": None})
    assert not registry.blocked(s3, 61, JH)


def test_a_marker_blocks_another_card():
    # 6.2.8: Saddam Captured (27) blocks Saddam (92): not offered, and not triggered either
    s = make(countries={"Iraq": {"gov": D.POOR, "align": "Adversary", "troops": 1}},
             hands={JH: [92, 49], US: [27, 19]}, seat=JH, events="on", markers=["Saddam Captured"])
    _, s1 = run(s, {"card": 92})
    assert s1["step"]["k"] == "use"
    s["markers"] = []
    _, s2 = run(s, {"card": 92})
    assert s2["step"]["k"] == "play_as"
    s["markers"] = ["Saddam Captured"]
    s["phase"], s["step"], s["hands"] = US, {"k": "card", "seat": US}, {US: [92, 19], JH: [49, 27]}
    events, s3 = run(s, {"card": 92}, {"op": "woi"}, {"country": "United Kingdom"}, dice=(6,))
    assert not of_type(events, "ev_began") and not of_type(events, "order_chosen")
    assert 92 in s3["discard"] and s3["step"] == {"k": "card", "seat": US}


def test_a_blocking_event_ends_the_blocked_marker():
    # 6.2.8: Moro Talks (4) ends a lasting Abu Sayyaf (57) marker
    s = make(countries={"Philippines": {"markers": ["Abu Sayyaf"]}}, hands={US: [4, 19]}, seat=US, events="on")
    _, s = run(s, {"card": 4}, {"play": "event"}, dice=(6,))
    assert c(s, "Philippines")["markers"] == ["Moro Talks"] and 4 in s["removed"]


def test_leak_blocks_the_flipped_card_and_its_side_only():
    s = make(hands={US: [31, 19]}, seat=US, events="on", markers=["Leak-Wiretapping"],
             countries={"United Kingdom": {"sleeper": 1}})
    assert registry.blocked(s, 31, US) and not registry.blocked(s, 34, US)
    # Al-Anbar blocks only the US side of Zawahiri (111)
    s["markers"] = ["Al-Anbar"]
    assert registry.blocked(s, 111, US) and not registry.blocked(s, 111, JH)


# ------------------------------------------------------------------ hidden information


def test_question_options_and_looked_at_hands_stay_hidden():
    # 17 FSB: the US looks at the Jihadist hand: the log shows it to those two seats only
    s = make(hands={US: [17, 19], JH: [66, 49]}, seat=US, events="on",
             countries={"Russia": {"sleeper": 1}})
    events, s = run(s, {"card": 17}, {"play": "event"})
    shown = one(events, "hand_shown")
    assert shown["cards"] == [49, 66]
    assert "cards" in GAME.redact(shown, US) and "cards" in GAME.redact(shown, JH)
    assert "cards" not in GAME.redact(shown, None) and GAME.describe(GAME.redact(shown, None))
    # the question's options go only to the seat asked (here they list countries, but may list a hand)
    assert s["step"]["k"] == "ev" and s["step"]["seat"] == US
    assert "options" in GAME.view(s, US)["step"] and "options" not in GAME.view(s, JH)["step"]
    ask = [e for e in events if e.get("step", {}) and e["step"].get("k") == "ev"][-1]
    assert "options" not in GAME.redact(ask, JH)["step"] and "options" in GAME.redact(ask, US)["step"]


def test_cards_drawn_or_taken_show_only_to_the_seats_concerned():
    # 34 Enhanced Measures: a Disrupt (an operation ordered by the event), then the US takes a
    # random Jihadist card: both see which, nobody else
    s = make(countries={"Iraq": {"gov": D.POOR, "align": "Ally", "sleeper": 2, "troops": 2}},
             hands={US: [34, 19], JH: [66]}, seat=US, events="on", us_posture="Hard")
    _, s = run(s, {"card": 34}, {"play": "event"})
    assert s["step"] == {"k": "use", "seat": US} and [o for o in options(s, US)] == [{"op": "disrupt"}]
    events, s = run(s, {"op": "disrupt"}, {"country": "Iraq"})
    moved = one(events, "cards_moved")
    assert moved["cards"] == [66] and 66 in s["hands"][US] and s["hands"][JH] == []
    assert "cards" not in GAME.redact(moved, None) and "cards" in GAME.redact(moved, JH)
    assert "Enhanced Measures" in s["markers"] and 34 in s["discard"] and s["in_play"] is None
    assert c(s, "Iraq")["active"] == 2


def test_an_event_may_allow_an_extra_card():
    # 18 Intel Community: look at the hand, a 1-Op operation, then one more card this phase
    s = make(hands={US: [18, 19, 20], JH: [66]}, seat=US, events="on", us_posture="Hard")
    events, s = run(s, {"card": 18}, {"play": "event"})
    assert one(events, "hand_shown")["cards"] == [66]
    assert s["step"]["k"] == "use" and s["in_play"]["value"] == 1 and {"op": "reserves"} not in options(s, US)
    events, s = run(s, {"op": "woi"}, {"country": "United Kingdom"}, dice=(6,))
    assert one(events, "woi")["match"] and s["in_play"] is None and 18 in s["discard"]
    assert s["played"] == 0 and s["step"] == {"k": "card", "seat": US}
    _, s = run(s, {"card": 19}, {"play": "ops"}, {"op": "reserves"})
    assert s["step"] == {"k": "card", "seat": US}


# ------------------------------------------------------------------ notation and descriptions


def test_notation_for_events():
    s = make(hands={US: [16, 19]}, seat=US, events="on")
    assert GAME.parse("16 event hard", s, US) == {"seq": [{"card": 16}, {"play": "event"}, {"pick": "hard"}]}
    assert GAME.parse("16 ops reserves", s, US) == {"seq": [{"card": 16}, {"play": "ops"}, {"op": "reserves"}]}
    _, s2 = run(s, {"card": 16}, {"play": "event"})
    assert GAME.parse("soft", s2, US) == {"pick": "soft"}
    _, s2 = run(s2, GAME.parse("soft", s2, US))
    assert c(s2, "Benelux")["posture"] == "Soft"


def test_every_new_event_has_a_line():
    s = make(hands={US: [17, 19], JH: [66, 49]}, seat=US, events="on", countries={"Russia": {"sleeper": 1}})
    events, _ = run(s, {"card": 17}, {"play": "event"}, {"country": "Russia"})
    for e in events:
        for who in (US, JH, None):
            line = GAME.describe(GAME.redact(e, who))
            assert line and line != e["type"], e


def test_system_steps_still_have_one_option():
    s = make(hands={US: [120]}, seat=US, step={"k": "last", "seat": US}, events="on")
    _, s = run(s, {"last": "discard"}, dice=(6,))
    seat, prompt = asked(s)
    assert seat == SYS and len(prompt["options"]) == 1
