"""Setup, the opening, the turn structure and the table options (spec 1-5, 13, 14)."""

import pytest
from tests.games.clash.clash_kit import JH, MW, all_tiles, assert_accounted, cell, make, new_match, options, play, types

from games.clash import GAME
from games.clash.tiles import FACTION, MUSTAFA, NEUTRALS, TILES, UNKNOWN, provisional
from games.core import Game, IllegalMove, Rng


def test_game_object():
    assert isinstance(GAME, Game)
    assert GAME.name == "clash" and GAME.title == "CLASH: Jihad vs McWorld"
    assert GAME.seats == ("mcworld", "jihad")
    assert GAME.notation_help
    for name, spec in GAME.options.items():
        assert spec["choices"] is None or spec["default"] in spec["choices"], name
        assert spec["help"].endswith("."), name


def test_option_defaults_follow_the_spec_recommendations():
    # spec 5.3 (Q4), 5.1 (Q5), 7.2.6 (Q6), 7.2.1 (Q7), 8.3 (Q9), 10 (Q12), 9.4
    defaults = {name: spec["default"] for name, spec in GAME.options.items()}
    assert defaults["orientation"] == "free"
    assert defaults["mustafa_field"] == "any"
    assert defaults["repeat_origin"] == "target"
    assert defaults["last_field"] == "all_destroys"
    assert defaults["elections_draw"] == "random"
    assert defaults["match"] == "best_of_3"
    assert defaults["placement_cap"] == 100
    with pytest.raises(IllegalMove):
        GAME.resolve_options({"orientation": "sideways"})


def test_tile_data():
    # spec 2 and 8.1: 1 start tile, 7 + 7 faction tiles, 17 neutral tiles, twins share effects
    assert len(TILES) == 32
    assert len(FACTION[MW]) == len(FACTION[JH]) == 7
    assert len(NEUTRALS) == 17
    twins = [("MW_PREZYDENT", "JH_PRZYWODCA"), ("MW_FASTFOOD", "JH_IMAM"), ("MW_BANKIER", "JH_SZEJK"),
             ("MW_POPSTAR", "JH_TRADYCJA"), ("MW_DESTROY4_X", "JH_DESTROY4_X"), ("MW_PREDATOR", "JH_ZAMACHOWIEC"),
             ("MW_STREFA_TURYSTYCZNA", "JH_MECZET")]
    for a, b in twins:
        assert TILES[a]["effect"] == TILES[b]["effect"]
        assert TILES[a].get("reach") == TILES[b].get("reach")
    # spec 8.2: every reading of a lost picture is marked provisional with a note
    marked = {t["id"] for t in provisional()}
    assert {"MW_FASTFOOD", "MW_BANKIER", "MW_PREDATOR", "MW_DESTROY4_X", "N_NAJEMNIK", "N_MUDZAHEDIN",
            "N_SOCIAL_NETWORK", "N_ONZ", "N_PIKIETA", "N_ROZRUCHY", UNKNOWN} <= marked
    assert all(t["note"] for t in provisional())
    assert not TILES["MW_PREZYDENT"]["provisional"] and not TILES["N_TELEWIZJA"]["provisional"]


def test_setup_draws_five_neutrals_and_records_them():
    # spec 4: 7 tiles each, face up; 5 of the neutral tiles drawn at random; the rest in the box
    events, state = new_match(seed=b"setup")
    (start,) = events
    assert start["type"] == "match_started"
    assert len(start["neutral"]) == 5 and len(set(start["neutral"])) == 5
    assert state["neutral"] == start["neutral"]
    assert sorted(state["zones"][MW]) == FACTION[MW] and sorted(state["zones"][JH]) == FACTION[JH]
    # spec 14 Q3: the unknown 17th neutral is set aside by default, so 16 - 5 = 11 stay in the box
    assert len(state["box"]) == 11 and UNKNOWN in state["aside"]
    assert state["beside"] == [MUSTAFA]
    assert start["first"] in (MW, JH)
    assert_accounted(state)
    # the same seed gives the same draw; randomness lives in the event only
    assert GAME.start({}, list(GAME.seats), Rng(b"setup", 0)) == events


def test_unknown_neutral_can_be_drawn_as_a_blank_tile():
    # spec 14 Q3, option unknown_neutral
    _, state = new_match({"unknown_neutral": "blank"})
    assert len(state["box"]) == 12 and UNKNOWN not in state["aside"]
    assert TILES[UNKNOWN]["effect"] == "none"


def test_different_seeds_draw_differently():
    draws = {tuple(new_match(seed=bytes([i]))[0][0]["neutral"]) for i in range(20)}
    assert len(draws) > 10


def test_opening_mustafa_on_any_field_in_either_orientation():
    # spec 5.1: the first player opens with Mustafa on any field, in an orientation of their choice
    events, state = new_match(seed=b"open")
    first = state["first"]
    assert list(GAME.prompts(state)) == [first]
    assert len(options(state, first)) == 9
    ev, state2 = play(state, first, {"field": "A1"})
    assert options(state2, first) == [{"facing": "north"}, {"facing": "south"}]
    ev, state3 = play(state2, first, {"facing": "south"})
    assert cell(state3, "A1") == {"t": MUSTAFA, "s": JH, "d": None, "c": None}
    assert types(ev) == ["placed", "turn"]
    assert list(GAME.prompts(state3)) == [JH if first == MW else MW]


def test_mustafa_caption_example():
    # PRZYKLAD (seed L56/L83 caption): "Kafel startowy w ulozeniu szpicem przeciw drugiemu graczowi
    # (zielonemu) popiera pierwszego gracza (niebieskiego)": the start tile with its tip toward the
    # second (green, Jihad, north) player supports the first (blue, McWorld) player. Spec 3.3, 5.1.
    events = [{"type": "match_started", "options": GAME.resolve_options({}), "first": MW,
               "box": NEUTRALS[:-1], "neutral": NEUTRALS[:5], "extra": {}}]
    from games.core import fold
    state = fold(GAME, events)
    _, state = play(state, MW, {"field": "B2", "facing": "north"})
    assert cell(state, "B2")["s"] == MW


def test_mustafa_centre_option():
    # spec 5.1, option mustafa_field = centre
    _, state = new_match({"mustafa_field": "centre"})
    first = state["first"]
    assert options(state, first) == [{"field": "B2"}]
    with pytest.raises(IllegalMove) as err:
        GAME.decide(state, first, {"field": "A1"}, Rng(b"x", 1))
    assert err.value.code == "centre_only"


def test_toward_placer_orientation_skips_the_facing_question():
    # spec 5.3, option orientation = toward_placer
    _, state = new_match({"orientation": "toward_placer"})
    first = state["first"]
    events, state = play(state, first, {"field": "C3"})
    assert types(events) == ["field_chosen", "placed", "turn"]
    assert cell(state, "C3")["s"] == first
    second = JH if first == MW else MW
    events, state = play(state, second, {"tile": state["zones"][second][0]}, {"field": "A1"})
    assert cell(state, "A1")["s"] == second


def test_free_orientation_lets_a_tile_support_the_opponent():
    # spec 5.3 (free): a tile may be placed supporting the opponent ("going atomic")
    state = make(board={"B2": (MUSTAFA, MW)}, neutral=["N_KABOOOM"], turn=MW)
    _, state = play(state, MW, {"tile": "N_KABOOOM", "field": "A1", "facing": "south"})
    assert cell(state, "A1")["s"] == JH


def test_turn_is_tile_then_field_then_facing():
    # spec 5.2 and the one-choice-at-a-time prompts
    state = make(board={"B2": (MUSTAFA, MW)}, neutral=["N_AGENT"], turn=JH)
    prompt = GAME.prompts(state)[JH]
    assert prompt["kind"] == "tile"
    labels = [o["label"] for o in prompt["options"]]
    assert "Agent (neutral zone)" in labels and "Leader (from your hand)" in labels
    _, s2 = play(state, JH, {"tile": "JH_PRZYWODCA"})
    assert GAME.prompts(s2)[JH]["kind"] == "field"
    assert {"field": "B2"} not in options(s2, JH)
    _, s3 = play(s2, JH, {"field": "A1"})
    assert GAME.prompts(s3)[JH]["kind"] == "facing"
    labels = [o["label"] for o in GAME.prompts(s3)[JH]["options"]]
    assert labels == ["facing north (supports McWorld)", "facing south (supports Jihad)"]


def test_a_placed_tile_must_go_on_an_empty_field():
    # spec 5.2: only on an unoccupied field; a face-down tile still occupies its field (6)
    state = make(board={"B2": (MUSTAFA, MW), "A1": ("JH_IMAM", JH, {"d": MW})}, turn=JH)
    with pytest.raises(IllegalMove) as err:
        GAME.decide(state, JH, {"tile": "JH_PRZYWODCA", "field": "B2"}, Rng(b"x", 0))
    assert err.value.code == "field_taken" and err.value.message == "B2 is already taken."
    with pytest.raises(IllegalMove) as err:
        GAME.decide(state, JH, {"tile": "JH_PRZYWODCA", "field": "A1"}, Rng(b"x", 0))
    assert err.value.code == "field_taken" and "destroyed" in err.value.message
    with pytest.raises(IllegalMove) as err:
        GAME.decide(state, JH, {"tile": "JH_PRZYWODCA", "field": "Z9"}, Rng(b"x", 0))
    assert err.value.code == "bad_field"


def test_only_own_zone_or_neutral_tiles():
    # spec 5.2: a tile from your own zone or the neutral zone, never the opponent's
    state = make(board={"B2": (MUSTAFA, MW)}, neutral=["N_AGENT"], turn=JH)
    for move, code in (({"tile": "MW_PREZYDENT"}, "tile_unavailable"), ({"tile": "NOPE"}, "unknown_tile"),
                       ({"field": "A1"}, "wrong_question"), ({"tile": "JH_IMAM", "zzz": 1}, "not_asked")):
        with pytest.raises(IllegalMove) as err:
            GAME.decide(state, JH, move, Rng(b"x", 0))
        assert err.value.code == code, move
    with pytest.raises(IllegalMove) as err:
        GAME.decide(state, MW, {"tile": "MW_PREZYDENT"}, Rng(b"x", 0))
    assert err.value.code == "not_your_turn"


def test_any_tile_in_your_zone_may_be_played_whatever_its_colour():
    # spec 5.4: after Hacker a zone may hold the opponent's colour, neutrals, even Mustafa
    state = make(board={"B2": ("JH_IMAM", JH)}, zones={MW: ["JH_MECZET", MUSTAFA], JH: ["JH_PRZYWODCA"]}, turn=MW)
    assert options(state, MW) == [{"tile": "JH_MECZET"}, {"tile": MUSTAFA}]
    _, state = play(state, MW, {"tile": "JH_MECZET", "field": "A1", "facing": "north"})
    assert cell(state, "A1")["s"] == MW


def test_compound_move_is_atomic():
    # a move answering several questions is checked in full before anything happens
    state = make(board={"B2": (MUSTAFA, MW)}, turn=JH)
    with pytest.raises(IllegalMove):
        GAME.decide(state, JH, {"tile": "JH_IMAM", "field": "B2"}, Rng(b"x", 0))
    assert all_tiles(state)  # unchanged input, checked by the property test too


def test_view_is_open_and_complete():
    # spec 12.1 / 13.4: the base game is open information; every seat sees the same
    state = make(board={"B2": ("N_ONZ", MW), "A2": ("JH_IMAM", JH), "C2": ("MW_POPSTAR", MW),
                        "A1": ("N_PIKIETA", JH)}, turn=MW)
    v = GAME.view(state, MW)
    assert v == GAME.view(state, JH) | {"you": MW}
    assert GAME.view(state, None)["board"] == v["board"]
    assert v["board"]["A2"]["security"] and v["board"]["C2"]["security"]
    assert not v["board"]["B2"]["security"]
    assert v["board"]["B1"]["blocked"] and v["board"]["A2"]["stabilized"]
    assert v["support"] == {MW: 2, JH: 2}
    import json
    json.dumps(v)
    assert GAME.redact({"type": "turn", "seat": MW}, JH) == {"type": "turn", "seat": MW}
