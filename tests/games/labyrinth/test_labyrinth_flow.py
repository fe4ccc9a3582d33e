"""Setup (3.0-3.3), the sequence of play (5.2), the end-of-turn steps and reshuffles (5.3)."""

from games.core import Rng, fold
from games.labyrinth import GAME, setup
from games.labyrinth import data as D
from games.labyrinth.state import (
    available_cells,
    cells_on_track,
    hand_size,
    troops_on_track,
)
from tests.games.labyrinth.labyrinth_kit import (
    JH,
    SYS,
    US,
    c,
    check,
    copy,
    make,
    new_game,
    of_type,
    one,
    options,
    play,
    types,
)

# ------------------------------------------------------------------ 3.1-3.3 setup


def test_options_and_help():
    opts = GAME.options
    if setup.EVENTS_READY:                  # every card has its event (test_labyrinth_events.py)
        assert opts["events"]["default"] == "on" and opts["events"]["choices"] == ["on", "off"]
        assert opts["events"]["help"].startswith("on (the default)")
    else:
        assert opts["events"] == {"default": "off", "choices": ["off"], "help": "Card events are not implemented "
                                  "yet: every card is played for operations and no event is triggered."}
    assert opts["scenario"]["default"] == "lets_roll" and len(opts["scenario"]["choices"]) == 4
    assert opts["decks"]["default"] == 1 and opts["decks"]["choices"] == [1, 2, 3]
    assert GAME.name == "labyrinth" and GAME.seats == ("us", "jihadist")


def test_lets_roll_setup():
    # 3.2 and the scenario: tracks, markers, troops, cells; 4.2.3 example: Saudi Arabia Poor Ally
    events, s = new_game()
    assert (s["prestige"], s["funding"], s["us_posture"]) == (7, 9, "Hard")
    assert troops_on_track(s) == 11 and cells_on_track(s) == 11
    assert (c(s, "Saudi Arabia")["gov"], c(s, "Saudi Arabia")["align"], c(s, "Saudi Arabia")["troops"]) == (3, "Ally", 2)
    assert c(s, "Afghanistan")["gov"] == 4 and c(s, "Afghanistan")["sleeper"] == 4
    assert c(s, "Somalia")["besieged"] and c(s, "Somalia")["gov"] is None
    # 5.2.8 / 4.3 [EXT]: Funding 9 -> 9 cards, 11 troops on the track (Low Intensity) -> 9 cards
    assert len(s["hands"][JH]) == 9 and len(s["hands"][US]) == 9 and len(s["deck"]) == 102
    # 4.3 / D9: dealt alternately, the Jihadist first (provisional)
    assert [e["seat"] for e in of_type(events, "dealt")] == [JH, US]
    shuffled = one(events, "shuffled")["deck"]
    assert of_type(events, "dealt")[0]["cards"] == shuffled[0:18:2]
    # 3.2 step 10: the Jihadist Action Phase starts
    assert s["phase"] == JH and list(GAME.prompts(s)) == [JH]
    assert s["avail"] == [1, 1, 1, 2, 2, 3] and s["wmd"] == {"pakistan": 3, "box": 3, "removed": 0}
    check(s)


def test_you_can_call_me_al_setup():
    _, s = new_game({"scenario": "you_can_call_me_al"})
    assert s["us_posture"] == "Soft" and 78 in s["removed"] and 78 not in s["deck"] + s["hands"][US] + s["hands"][JH]


def test_anaconda_setup_asks_the_jihadist_for_three_cells():
    # scenario extra setup: 3 sleeper cells in 3 different countries (not the US), each tested
    _events, s = new_game({"scenario": "anaconda"})
    assert s["step"]["k"] == "anaconda" and {"country": "United States"} not in options(s, JH)
    assert cells_on_track(s) == 13 and sorted(s["removed"]) == [43, 109]
    assert len(s["hands"][JH]) == 8 and len(s["hands"][US]) == 8
    _, s = play(s, JH, {"country": "Egypt"}, dice=(5,))
    assert c(s, "Egypt")["gov"] == 2 and c(s, "Egypt")["sleeper"] == 1
    assert {"country": "Egypt"} not in options(s, JH)
    _, s = play(s, JH, {"country": "Iraq"}, {"country": "Germany"}, dice=(2,))
    assert c(s, "Germany")["posture"] == "Soft" and cells_on_track(s) == 10
    assert s["step"] == {"k": "card", "seat": JH}


def test_mission_accomplished_setup():
    # scenario: test all 7 Schengen countries; removed cards; hand sizes from the tracks
    events, s = new_game({"scenario": "mission_accomplished"})
    assert len(of_type(events, "posture_rolled")) == 7
    assert all(c(s, n)["posture"] in ("Hard", "Soft") for n in D.SCHENGEN)
    assert sorted(s["removed"]) == [5, 37, 43, 57, 109, 116]
    assert troops_on_track(s) == 0 and hand_size(s, US) == 7 and hand_size(s, JH) == 8
    assert c(s, "Philippines")["markers"] == ["Abu Sayyaf"] and "Patriot Act" in c(s, "United States")["markers"]


# ------------------------------------------------------------------ 5.2 sequence of play


def test_jihadist_plays_two_cards_then_the_us_two():
    # 5.2.1-5.2.3: the Jihadist plays two cards in a row, then the US two, then the plots
    events, s = new_game(seed=b"seq")
    log = list(events)
    for _ in range(150):
        (seat, prompt), = GAME.prompts(s).items()
        new, s = play(s, seat, prompt["options"][0]["move"])
        log += new
    phases = []
    for e in log:
        if e["type"] == "phase_started":
            phases.append([e["phase"]])
        elif e["type"] == "card_chosen":
            assert e["seat"] == phases[-1][0]
            phases[-1].append(e["card"])
        elif e["type"] == "plot_revealed":
            assert phases[-1][0] == US
    assert [p[0] for p in phases[:4]] == [JH, US, JH, US]
    assert all(len(p) == 3 for p in phases[:4])                # two cards each


def test_us_last_card_play_discard_or_hold():
    # 5.2.4: with exactly one card the US may play it, discard it (no effect) or hold it
    state = make(hands={"us": [1]}, seat=US, step={"k": "last", "seat": US})
    assert options(state, US) == [{"last": "play"}, {"last": "discard"}, {"last": "hold"}]
    # the Jihadist has no card and the US holds: plots, then the end of the turn
    events, s = play(state, US, {"last": "hold"})
    assert s["holding"] and s["hands"][US] == [1] and s["step"]["k"] == "end"
    events, s = play(state, US, {"last": "discard"})
    assert 1 in s["discard"] and s["step"]["k"] == "end"
    # with Jihadist cards left the turn goes on
    state["hands"][JH] = [48]
    _events, s = play(state, US, {"last": "hold"})
    assert s["phase"] == JH and s["step"] == {"k": "card", "seat": JH}


def test_end_of_turn_steps_in_order():
    # 5.2.5-5.2.9 in this order, each a SYSTEM step with one option
    state = make({"Iraq": {"gov": 3, "align": "Ally", "rc": "green", "troops": 6, "sleeper": 1}},
                 hands={"us": [1]}, seat=US, step={"k": "last", "seat": US}, reserves={"us": 2, "jihadist": 1},
                 first_plot=50, first_plot_used=True)
    state["deck"].remove(50)
    _, s = play(state, US, {"last": "hold"})
    seen = []
    while s["step"] and s["step"]["seat"] == SYS:
        assert len(options(s, SYS)) == 1
        move = options(s, SYS)[0]
        seen.append(move["go"])
        _events, s = play(s, SYS, move)
    assert seen == ["diplomacy", "boxes", "reserves", "deal", "flip"]
    assert s["turn"] == 2 and s["phase"] == JH and s["first_plot"] is None and 50 in s["discard"]
    assert s["reserves"] == {"us": 0, "jihadist": 0} and c(s, "Iraq")["rc"] == "tan"
    assert len(s["hands"][US]) == 1 + hand_size(s, US)      # the held card plus a full hand
    assert not s["first_plot_used"]
    check(s)


def test_expenditures_and_diplomacy():
    # 5.2.5: Funding -1; Prestige -1 with any Islamist Rule; then +1 when World Posture is 3 on
    # the US side. PT example: Prestige 1, -1 then +1 ends on 2.
    hard = {n: {"posture": "Hard"} for n in ("Canada", "France", "Germany")}
    state = make(hard, hands={}, seat=US, step={"k": "end", "seat": SYS, "sub": "diplomacy"}, prestige=1, funding=1,
                 us_posture="Hard")
    events, s = play(state, SYS, {"go": "diplomacy"})
    d = one(events, "diplomacy")
    assert d["islamist_rule"] and d["world_bonus"] and s["prestige"] == 2 and s["funding"] == 1
    state["us_posture"] = "Soft"
    _, s = play(state, SYS, {"go": "diplomacy"})
    assert s["prestige"] == 1


def test_hand_sizes_by_the_tracks():
    # 5.2.8 [EXT]: Jihadist 7/8/9 at Funding 1-3/4-6/7-9; US 9/8/7 at Low Intensity/War/Overstretch
    state = make()
    for funding, n in ((1, 7), (3, 7), (4, 8), (6, 8), (7, 9), (9, 9)):
        state["funding"] = funding
        assert hand_size(state, JH) == n
    for troops_on_map, n in ((0, 9), (5, 9), (6, 8), (10, 8), (11, 7), (15, 7)):
        state["c"]["Iraq"]["troops"] = troops_on_map
        state["c"]["Saudi Arabia"]["troops"] = state["c"]["Gulf States"]["troops"] = 0
        assert hand_size(state, US) == n


def test_troops_track_example():
    # 4.7.3 example: 7 of the 15 cubes deployed: 8 on the track, the marker on War
    from games.labyrinth.state import commitment
    state = make({"Iraq": {"troops": 3}})
    assert troops_on_track(state) == 8 and commitment(state)["name"] == "War"


def test_available_cells_example():
    # 4.7.4.2 example: Funding 6, 3 of 15 cells on the map: 7 available (Tight 2 + Moderate 5)
    state = make({"Afghanistan": {"sleeper": 3}}, funding=6)
    assert cells_on_track(state) == 12 and available_cells(state) == 7


# ------------------------------------------------------------------ 3.3 / 5.3.1 reshuffle


def _at_deal(decks, deck=(), discard=(), **kw):
    state = make(seat=US, step={"k": "end", "seat": SYS, "sub": "deal"}, **kw)
    state["opts"]["decks"] = decks
    rest = [n for n in D.ALL_CARDS if n not in deck and n not in discard and n not in state["removed"]]
    state["deck"] = list(deck)
    state["discard"] = list(discard) + rest
    return state


def test_one_deck_game_ends_at_the_first_reshuffle():
    # 3.3 Standard: the first time a card must be drawn from an empty pile the game ends (2.3)
    state = _at_deal(1, deck=[1, 2, 3])
    events, s = play(state, SYS, {"go": "deal"})
    assert types(events) == ["dealt", "dealt", "game_over"]
    assert of_type(events, "dealt")[0]["cards"] == [1, 3] and of_type(events, "dealt")[1]["cards"] == [2]
    assert GAME.result(s)["winner"] == JH and "2.3" in GAME.result(s)["text"]


def test_two_deck_game_reshuffles_once():
    # 3.3 Tournament: the first reshuffle makes a new pile of discard + Lapsing + First Plot (5.3.1)
    state = _at_deal(2, deck=[1, 2, 3])
    events, s = play(state, SYS, {"go": "deal"})
    assert "reshuffled" in types(events) and s["deck_no"] == 2 and not s["discard"]
    assert len(s["hands"][JH]) == 9 and len(s["hands"][US]) == 9
    check(s)
    s["deck"] = []
    s["step"] = {"k": "end", "seat": SYS, "sub": "deal"}
    events, _s2 = play(s, SYS, {"go": "deal"})
    assert types(events)[-1] == "game_over"


def test_final_victory_counts_green_regime_change_as_islamist():
    # 2.3: US wins only if Good Resources > 2 x Islamist Resources; green RC counts as Islamist
    good = {"Egypt": {"gov": 1, "align": "Ally"}, "Gulf States": {"gov": 1, "align": "Ally", "troops": 0},
            "Jordan": {"gov": 1, "align": "Ally"}, "Lebanon": {"gov": 1, "align": "Ally"}}   # 8 Good Resources
    state = _at_deal(1, countries=good)                                  # Afghanistan IR: 1
    events, s = play(state, SYS, {"go": "deal"})
    assert GAME.result(s)["winner"] == US
    state = _at_deal(1, countries=dict(good, Iraq={"gov": 3, "align": "Ally", "rc": "green", "troops": 6}))
    events, s = play(state, SYS, {"go": "deal"})
    assert GAME.result(s)["winner"] == JH                               # 8 is not more than 2 x 4 (a tie)
    assert one(events, "game_over")["final"] == {"good_resources": 8, "islamist_resources": 4}


def test_replay_of_a_start_gives_the_same_state():
    events = GAME.start({}, list(GAME.seats), Rng(b"r", 0))
    assert fold(GAME, copy(events)) == fold(GAME, copy(events))
    assert GAME.start({}, list(GAME.seats), Rng(b"r", 0)) == events
