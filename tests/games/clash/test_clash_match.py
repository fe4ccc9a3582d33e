"""The best-of-three match (spec 10), the variants (spec 11), notation and descriptions."""

import pytest

from games.clash import GAME
from games.clash.tiles import FACTION, KABOOOM, MUSTAFA, NEUTRALS, UNKNOWN
from games.core import IllegalMove, Rng
from tests.games.clash.clash_kit import (JH, MW, assert_accounted, make, new_match, of_type, play,
                                         types)

NINE = {"A3": ("JH_IMAM", JH), "B3": ("JH_TRADYCJA", JH), "C3": ("JH_SZEJK", JH), "A2": ("JH_MECZET", JH),
        "B2": (MUSTAFA, MW), "C2": ("MW_POPSTAR", MW), "A1": ("MW_BANKIER", MW), "B1": ("MW_FASTFOOD", MW)}


def near_end(turn=MW, opts=None, game=1, wins=None, neutral=("N_AGENT", "N_HACKER", "N_WYBORY")):
    state = make(board=NINE, turn=turn, opts=opts, neutral=list(neutral))
    state["game"] = game
    state["wins"] = dict(wins or {MW: 0, JH: 0})
    state["games"] = [{"game": g, "winner": None, "reason": "cap", "support": {MW: 0, JH: 0},
                       "points": {MW: 0, JH: 0}, "kaboom": None, "loser": None} for g in range(1, game)]
    return state


def finish(state, seat, supports):
    """Fill C1 with a tile that supports `supports`; that side wins 5-4."""
    tile = "MW_PREZYDENT" if seat == MW else "JH_PRZYWODCA"
    facing = "north" if supports == MW else "south"
    return play(state, seat, {"tile": tile, "field": "C1", "facing": facing})


def test_loser_chooses_the_first_player_and_a_fresh_game_is_dealt():
    # spec 10: the loser of the previous game chooses who goes first, that player places Mustafa;
    # used neutral tiles are set aside; 5 fresh ones are drawn; faction tiles come back
    state = near_end(MW)
    events, state = finish(state, MW, MW)
    over = of_type(events, "game_over")[0]
    assert over["winner"] == MW and over["next"] == JH
    prompt = GAME.prompts(state)
    assert list(prompt) == [JH] and prompt[JH]["kind"] == "first_player"
    assert [o["label"] for o in prompt[JH]["options"]] == ["Jihad (you)", "McWorld"]
    used = {"N_AGENT", "N_HACKER", "N_WYBORY"}
    events, state = play(state, JH, {"first": MW}, seed=b"deal", position=40)
    assert types(events) == ["first_chosen", "game_dealt"]
    dealt = events[1]
    assert dealt["game"] == 2 and dealt["first"] == MW and len(dealt["neutral"]) == 5
    assert not used & set(dealt["neutral"]) and used <= set(state["aside"])
    assert UNKNOWN in state["aside"]
    assert sorted(state["zones"][MW]) == FACTION[MW] and sorted(state["zones"][JH]) == FACTION[JH]
    assert state["board"] == [None] * 9 and state["pile"] == [] and state["beside"] == [MUSTAFA]
    assert GAME.prompts(state)[MW]["kind"] == "field"  # McWorld opens with Mustafa
    assert_accounted(state)
    assert GAME.result(state) is None


def test_best_of_three_ends_at_two_wins():
    # spec 10: whoever wins two games wins the match; stop once it is decided
    state = near_end(MW, game=2, wins={MW: 1, JH: 0})
    events, state = finish(state, MW, MW)
    assert types(events)[-2:] == ["game_over", "match_over"]
    assert GAME.result(state) == {"winner": MW, "text": "McWorld wins the match 2-0"}
    assert GAME.prompts(state) == {}
    with pytest.raises(IllegalMove) as err:
        GAME.decide(state, JH, {"first": JH}, Rng(b"x", 0))
    assert err.value.code == "game_over"


def test_one_all_goes_to_a_third_game_and_the_third_decides():
    # spec 10
    state = near_end(MW, game=2, wins={MW: 1, JH: 0})
    events, state = finish(state, MW, JH)
    assert of_type(events, "game_over")[0]["next"] == MW and GAME.prompts(state)[MW]["kind"] == "first_player"
    state = near_end(JH, game=3, wins={MW: 1, JH: 1})
    events, state = finish(state, JH, JH)
    assert GAME.result(state) == {"winner": JH, "text": "Jihad wins the match 2-1"}


def test_a_drawn_game_counts_for_nobody_and_three_games_is_the_limit():
    # spec 9.4 [REC] cap draws inside a match; after three games the match ends, drawn if level
    state = make(board={"B2": (MUSTAFA, MW)}, turn=MW, opts={"placement_cap": 50}, first=MW)
    state["placements"] = 49
    events, s = play(state, MW, {"tile": "MW_STREFA_TURYSTYCZNA", "field": "A1", "facing": "north"})
    over = of_type(events, "game_over")[0]
    assert over["winner"] is None and over["next"] == JH  # the second player of the drawn game chooses
    state = near_end(MW, game=3, wins={MW: 1, JH: 0}, opts={"placement_cap": 50})
    state["placements"] = 49
    state["board"][6] = None  # A1 empty, so the next placement does not fill the board
    state["zones"][MW].append("MW_BANKIER")
    assert_accounted(state)
    events, s = play(state, MW, {"tile": "MW_STREFA_TURYSTYCZNA", "field": "A1", "facing": "north"})
    assert GAME.result(s) == {"winner": MW, "text": "McWorld wins the match 1-0"}


def test_single_game_option():
    # spec 10 config match = single
    state = near_end(MW, opts={"match": "single"})
    events, state = finish(state, MW, JH)
    assert GAME.result(state) == {"winner": JH, "text": "Jihad wins: 5-4 on the full board"}


def test_points_system():
    # spec 11.1: 1 point per supporting tile after every game, 0 for the player KABOOOM supports,
    # the highest total after the agreed number of games wins; equal totals draw the match
    opts = {"match": "points", "points_games": 2}
    state = near_end(MW, opts=opts)
    events, state = finish(state, MW, MW)
    assert of_type(events, "game_over")[0]["points"] == {MW: 5, JH: 4}
    assert state["points"] == {MW: 5, JH: 4} and GAME.prompts(state)[JH]["kind"] == "first_player"
    board = dict(NINE)
    board["C2"] = (KABOOOM, MW)
    state2 = make(board=board, turn=MW, opts=opts)
    state2["game"], state2["points"] = 2, {MW: 5, JH: 4}
    events, state2 = finish(state2, MW, MW)
    assert of_type(events, "game_over")[0]["points"] == {MW: 0, JH: 4}
    assert GAME.result(state2) == {"winner": JH, "text": "Jihad wins the match on points, 8-5"}


def test_beginners_variant_has_no_neutral_tiles():
    # spec 11.2: only Mustafa and the two faction sets
    events, state = new_match({"neutrals": "none"})
    assert state["neutral"] == [] and state["box"] == [] and sorted(state["aside"]) == NEUTRALS
    assert_accounted(state)


def test_random_support_variant():
    # spec 11.3: no neutral zone; each player draws 2 neutral tiles into their own zone, open
    events, state = new_match({"neutrals": "random_support"})
    assert state["neutral"] == []
    assert len(state["zones"][MW]) == len(state["zones"][JH]) == 9
    assert len(events[0]["extra"][MW]) == 2
    assert_accounted(state)


def test_long_game_refills_the_neutral_zone():
    # spec 11.7: each tile taken from the neutral zone is replaced at once from the unused ones
    state = make(board={"B2": (MUSTAFA, MW)}, neutral=["N_KABOOOM"], box=["N_AGENT"], turn=MW,
                 opts={"long_game": True})
    events, state = play(state, MW, {"tile": "N_KABOOOM", "field": "A1", "facing": "south"})
    assert of_type(events, "refilled") == [{"type": "refilled", "tile": "N_AGENT"}]
    assert state["neutral"] == ["N_AGENT"] and state["box"] == []


# ------------------------------------------------------------------ notation


def test_parse_full_and_partial_answers():
    state = make(board={"B2": (MUSTAFA, MW), "A2": ("JH_IMAM", JH)}, neutral=["N_KRYZYS_FINANSOWY"], turn=MW)
    assert GAME.parse("President A1 N a2", state, MW) == {"tile": "MW_PREZYDENT", "field": "A1",
                                                          "facing": "north", "target": "A2"}
    assert GAME.parse("financial crisis c3 south", state, MW) == {"tile": "N_KRYZYS_FINANSOWY", "field": "C3",
                                                                 "facing": "south"}
    assert GAME.parse("Prezydent", state, MW) == {"tile": "MW_PREZYDENT"}
    _, s = play(state, MW, {"tile": "MW_PREZYDENT"})
    assert GAME.parse("b1", s, MW) == {"field": "B1"}
    _, s = play(s, MW, {"field": "B1"})
    assert GAME.parse("s", s, MW) == {"facing": "south"}
    assert GAME.parse("mcworld", s, MW) == {"facing": "north"}
    assert GAME.parse("me", s, MW) == {"facing": "north"}
    assert GAME.parse("2", s, MW) == {"facing": "south"}
    _, s = play(s, MW, {"facing": "north"})
    assert GAME.parse("no", s, MW) == {"use": False}
    assert GAME.parse("A2", s, MW) == {"target": "A2"}


def test_parse_answers_and_errors():
    state = make(board={"B2": (MUSTAFA, MW)}, turn=MW)
    for text in ("", "banana", "president b2"):
        with pytest.raises(IllegalMove) as err:
            GAME.parse(text, state, MW)
        assert err.value.code in ("bad_notation", "field_taken")
    with pytest.raises(IllegalMove) as err:
        GAME.parse("president b2", state, MW)
    assert err.value.code == "field_taken" and err.value.message.startswith("B2 is already taken. Type `president a1`, ")
    move = GAME.parse("pop star a1 n b2", state, MW)
    events = GAME.decide(state, MW, move, Rng(b"x", 0))
    assert of_type(events, "flipped")[0]["fields"] == ["B2"]


def test_parse_first_player_and_directions():
    state = near_end(MW)
    _, state = finish(state, MW, MW)
    assert GAME.parse("me", state, JH) == {"first": JH}
    assert GAME.parse("mcworld", state, JH) == {"first": MW}
    s = make(board={"A3": ("JH_IMAM", JH)}, turn=MW)
    _, s = play(s, MW, {"tile": "MW_FASTFOOD", "field": "A1", "facing": "north"})
    assert GAME.parse("n", s, MW) == {"direction": "north"}
    s = make(board={"A2": ("JH_IMAM", JH)}, turn=MW)
    _, s = play(s, MW, {"tile": "MW_BANKIER", "field": "B2", "facing": "north"})
    assert GAME.parse("white", s, MW) == {"colour": "white"}


# ------------------------------------------------------------------ describe


def test_describe_lines():
    assert GAME.describe({"type": "placed", "seat": MW, "tile": "N_HACKER", "src": "neutral", "field": "B2",
                          "supports": JH}) == "McWorld places Hacker on B2 facing south (supporting Jihad)"
    assert GAME.describe({"type": "hacked", "seat": JH, "tile": "N_AGENT"}) == \
        "Jihad takes Agent from the removed pile into their zone"
    assert GAME.describe({"type": "match_over", "winner": MW, "text": "McWorld wins the match 2-1"}) == \
        "McWorld wins the match 2-1"
    assert GAME.describe({"type": "mystery"}) == "mystery"
