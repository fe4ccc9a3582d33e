"""Every effect of the catalogue and its exceptions (spec 6, 7, 8.3)."""

import pytest

from games.clash import GAME
from games.clash.tiles import KABOOOM, MUSTAFA, NOBEL
from games.core import IllegalMove, Rng
from tests.games.clash.clash_kit import JH, MW, assert_accounted, cell, make, of_type, options, play, types


def refuse(state, seat, move):
    with pytest.raises(IllegalMove) as err:
        GAME.decide(state, seat, move, Rng(b"x", 0))
    return err.value


# ------------------------------------------------------------------ 7.2.1 Destruction


def test_destruction_example_from_the_rulebook():
    # PRZYKLAD (seed L291-300), spec 7.2.1 and 6: a player places Prezydent and destroys one
    # adjacent tile. It is turned face down; during the opponent's move it stays on the board,
    # face down, blocking that field; only after the opponent's move is it removed. No effect
    # acts on it and it supports no one.
    state = make(board={"B2": (MUSTAFA, MW), "A2": ("JH_IMAM", JH), "B3": ("JH_SZEJK", JH)}, turn=MW)
    events, state = play(state, MW, {"tile": "MW_PREZYDENT", "field": "A1", "facing": "north"})
    assert GAME.prompts(state)[MW]["kind"] == "destroy"
    assert {"target": "A2"} in options(state, MW) and {"target": "B2"} in options(state, MW)
    assert {"target": "B3"} not in options(state, MW)  # not adjacent to A1
    events, state = play(state, MW, {"target": "A2"})
    assert types(events) == ["destroyed", "turn"]
    assert cell(state, "A2") == {"t": "JH_IMAM", "s": JH, "d": MW, "c": None}
    assert GAME.view(state, JH)["support"] == {MW: 2, JH: 1}  # the face-down tile supports no one
    # Jihad's move: the field is still blocked and no effect can touch the face-down tile
    _, s2 = play(state, JH, {"tile": "JH_TRADYCJA"})
    assert {"field": "A2"} not in options(s2, JH)
    _, s3 = play(s2, JH, {"field": "A3", "facing": "south"})
    assert {"target": "A2"} not in options(s3, JH)
    assert refuse(s3, JH, {"target": "A2"}).code == "face_down"
    events, s4 = play(s3, JH, {"use": False})
    assert types(events) == ["effect_declined", "removed", "turn"]
    assert cell(s4, "A2") is None and "JH_IMAM" in s4["pile"]
    assert_accounted(s4)


def test_destroyed_tile_stays_through_the_destroyers_own_move():
    # spec 6: removal happens after the move of the destroyer's opponent, not before
    state = make(board={"B2": ("JH_IMAM", JH, {"d": MW})}, turn=MW)
    events, state = play(state, MW, {"tile": "MW_STREFA_TURYSTYCZNA", "field": "A1", "facing": "north"})
    assert "removed" not in types(events)
    assert cell(state, "B2")["d"] == MW


def test_destroy_acts_on_either_side():
    # spec 7.2.1: tiles supporting either player may be destroyed
    state = make(board={"B2": ("MW_POPSTAR", MW)}, turn=MW)
    events, state = play(state, MW, {"tile": "MW_PREZYDENT", "field": "B1", "facing": "north"}, {"target": "B2"})
    assert cell(state, "B2")["d"] == MW


def test_predator_reaches_its_marked_fields_only():
    # spec 8.2 (provisional reading): Predator = the 4 diagonal neighbours
    state = make(board={"A2": ("JH_IMAM", JH), "A3": ("JH_TRADYCJA", JH)}, turn=MW)
    _, state = play(state, MW, {"tile": "MW_PREDATOR", "field": "B2", "facing": "north"})
    assert options(state, MW) == [{"target": "A3"}, {"use": False}]
    assert refuse(state, MW, {"target": "A2"}).code == "out_of_reach"


def last_field_board():
    return {"A3": ("JH_IMAM", JH), "B3": ("JH_TRADYCJA", JH), "C3": ("JH_SZEJK", JH), "A2": ("JH_MECZET", JH),
            "B2": (MUSTAFA, MW), "C2": ("MW_POPSTAR", MW), "A1": ("MW_BANKIER", MW), "B1": ("MW_FASTFOOD", MW)}


def test_last_field_exception_example_from_the_rulebook():
    # PRZYKLAD (seed L116-118, L158-162), spec 7.2.1 and 9.1: blue (McWorld) wins; the effect
    # of the last played card, Prezydent, was not applied because it filled the last field.
    state = make(board=last_field_board(), turn=MW, opts={"match": "single"})
    events, state = play(state, MW, {"tile": "MW_PREZYDENT", "field": "C1", "facing": "north"})
    assert types(events) == ["tile_chosen", "field_chosen", "placed", "effect_lost", "game_over", "match_over"]
    assert of_type(events, "effect_lost")[0]["reason"] == "last_field"
    over = of_type(events, "game_over")[0]
    assert over["reason"] == "full_board" and over["winner"] == MW and over["support"] == {MW: 5, JH: 4}
    assert GAME.result(state) == {"winner": MW, "text": "McWorld wins: 5-4 on the full board"}
    assert GAME.prompts(state) == {}


def test_last_field_exception_covers_repeat_and_missile_by_default():
    # spec 7.2.1 [REC] / Q7: a destroy through Television, or a Missile strike, by the 9th tile does nothing
    board = last_field_board()
    board["B1"] = ("MW_PREZYDENT", MW)
    board["C2"] = ("MW_STREFA_TURYSTYCZNA", MW)
    state = make(board=board, neutral=["N_TELEWIZJA", "N_ATAK_RAKIETOWY"], turn=MW)
    events, _ = play(state, MW, {"tile": "N_TELEWIZJA", "field": "C1", "facing": "north"})
    assert of_type(events, "effect_lost")[0]["reason"] == "no_target"
    assert of_type(events, "game_over")
    events, _ = play(state, MW, {"tile": "N_ATAK_RAKIETOWY", "field": "C1", "facing": "north"})
    assert of_type(events, "effect_lost")[0]["reason"] == "last_field"


def test_last_field_literal_option_can_leave_the_next_player_without_a_field():
    # spec 9.2 [REC]: "no legal placement" loses, here on a board with a face-down tile and no empty field
    board = last_field_board()
    board["B1"] = ("MW_PREZYDENT", MW)
    state = make(board=board, neutral=["N_TELEWIZJA"], turn=MW, opts={"last_field": "destruction_only",
                                                                      "match": "single"})
    events, state = play(state, MW, {"tile": "N_TELEWIZJA", "field": "C1", "facing": "north"},
                         {"target": "B1"}, {"target": "C2"})
    over = of_type(events, "game_over")[0]
    assert over["reason"] == "cannot_play" and over["loser"] == JH and over["winner"] == MW


# ------------------------------------------------------------------ 7.2.2 Change of support


def test_pop_star_flips_one_adjacent_tile_of_either_side():
    # spec 7.2.2 / 8.1 #7
    state = make(board={"B2": ("JH_IMAM", JH), "A1": ("MW_BANKIER", MW)}, turn=MW)
    _, state = play(state, MW, {"tile": "MW_POPSTAR", "field": "A2", "facing": "north"})
    assert options(state, MW) == [{"target": "A1"}, {"target": "B2"}, {"use": False}]
    events, state = play(state, MW, {"target": "B2"})
    assert of_type(events, "flipped")[0]["now"] == [MW]
    assert cell(state, "B2")["s"] == MW


def test_fast_food_ray_flips_everything_in_one_direction():
    # spec 7.1 type D and the ray reading: from next to the tile to the edge, skipping over empty,
    # face-down and Security fields without stopping
    state = make(board={"A2": ("JH_MECZET", JH), "A3": ("JH_IMAM", JH), "B1": ("MW_POPSTAR", MW),
                        "C1": ("JH_TRADYCJA", JH, {"d": MW})}, turn=MW)
    _, state = play(state, MW, {"tile": "MW_FASTFOOD", "field": "A1", "facing": "north"})
    prompt = GAME.prompts(state)[MW]
    assert [o["move"] for o in prompt["options"]] == [{"direction": "north"}, {"direction": "east"}, {"use": False}]
    assert prompt["options"][0]["label"] == "north (flips A3)"
    events, state = play(state, MW, {"direction": "north"})
    assert of_type(events, "flipped")[0]["fields"] == ["A3"]
    assert cell(state, "A3")["s"] == MW and cell(state, "A2")["s"] == JH


def test_banker_flips_all_tiles_of_one_colour():
    # spec 7.1 type B and 8.2 (white = orthogonal, black = diagonal): the player picks only the colour
    state = make(board={"A2": ("JH_IMAM", JH), "B3": ("MW_POPSTAR", MW), "A3": ("JH_SZEJK", JH)}, turn=MW)
    _, state = play(state, MW, {"tile": "MW_BANKIER", "field": "B2", "facing": "north"})
    assert options(state, MW) == [{"colour": "white"}, {"colour": "black"}, {"use": False}]
    events, state = play(state, MW, {"colour": "white"})
    assert sorted(of_type(events, "flipped")[0]["fields"]) == ["A2", "B3"]
    assert cell(state, "A2")["s"] == MW and cell(state, "B3")["s"] == JH and cell(state, "A3")["s"] == JH


def test_social_network_front_row_depends_on_orientation():
    # spec 3.4 and 8.2 (provisional: the row in front of the tip): all 3 marked tiles flip, no choice
    board = {"A3": ("JH_IMAM", JH), "B3": ("JH_SZEJK", JH), "A1": ("MW_POPSTAR", MW)}
    state = make(board=board, neutral=["N_SOCIAL_NETWORK"], turn=MW)
    _, north = play(state, MW, {"tile": "N_SOCIAL_NETWORK", "field": "B2", "facing": "north"})
    assert options(north, MW) == [{"use": True}, {"use": False}]
    events, north = play(north, MW, {"use": True})
    assert sorted(of_type(events, "flipped")[0]["fields"]) == ["A3", "B3"]
    events, south = play(state, MW, {"tile": "N_SOCIAL_NETWORK", "field": "B2", "facing": "south"}, {"use": True})
    assert of_type(events, "flipped")[0]["fields"] == ["A1"]


def test_flip_set_is_fixed_before_anything_turns():
    # spec 7.3: snapshot then apply; a tile the UN protects when the effect starts stays immune
    state = make(board={"B2": ("N_ONZ", JH), "C2": ("JH_IMAM", JH)}, turn=MW)
    events, state = play(state, MW, {"tile": "MW_FASTFOOD", "field": "A2", "facing": "north"},
                         {"direction": "east"})
    assert of_type(events, "flipped")[0]["fields"] == ["B2"]
    assert cell(state, "C2")["s"] == JH


# ------------------------------------------------------------------ 7.2.3 Security


def test_security_tile_is_immune_to_everything_but_missile_strike():
    # spec 7.2.3 and 8.3 (Strefa turystyczna / Meczet)
    state = make(board={"A2": ("JH_MECZET", JH), "B1": ("JH_IMAM", JH)}, neutral=["N_ATAK_RAKIETOWY", "N_LAPOWKA"],
                 turn=MW)
    _, s = play(state, MW, {"tile": "MW_PREZYDENT", "field": "A1", "facing": "north"})
    assert {"target": "A2"} not in options(s, MW)
    assert refuse(s, MW, {"target": "A2"}).code == "security"
    _, s = play(state, MW, {"tile": "MW_POPSTAR", "field": "A1", "facing": "north"})
    assert {"target": "A2"} not in options(s, MW)
    _, s = play(state, MW, {"tile": "N_LAPOWKA", "field": "C3", "facing": "north"})
    assert {"target": "A2"} not in options(s, MW)
    _, s = play(state, MW, {"tile": "N_ATAK_RAKIETOWY", "field": "A1", "facing": "north"})
    assert options(s, MW) == [{"target": "A2"}, {"use": False}]
    assert refuse(s, MW, {"target": "B1"}).code == "no_security"


# ------------------------------------------------------------------ 7.2.4 Discard


def test_discard_is_immediate():
    # spec 7.2.4: the target goes to the removed pile at once and its field is free
    state = make(board={"B3": ("JH_IMAM", JH), "A3": ("JH_SZEJK", JH)}, neutral=["N_NAJEMNIK"], turn=MW)
    _, s = play(state, MW, {"tile": "N_NAJEMNIK", "field": "B2", "facing": "north"})
    assert options(s, MW) == [{"target": "B3"}, {"use": False}]  # orthogonal reading: A3 is diagonal
    events, s = play(s, MW, {"target": "B3"})
    assert types(events) == ["discarded", "turn"]
    assert cell(s, "B3") is None and s["pile"] == ["JH_IMAM"]
    assert {"field": "B3"} in options(play(s, JH, {"tile": "JH_PRZYWODCA"})[1], JH)


def test_discard_by_the_ninth_tile_keeps_the_game_going():
    # spec 7.2.4 / 9.1: the last-field exception does not apply to discard
    board = last_field_board()
    board["B1"] = ("JH_PRZYWODCA", JH)
    state = make(board=board, neutral=["N_MUDZAHEDIN"], turn=MW)
    events, state = play(state, MW, {"tile": "N_MUDZAHEDIN", "field": "C1", "facing": "north"}, {"target": "B2"})
    assert "game_over" not in types(events) and cell(state, "B2") is None
    assert list(GAME.prompts(state)) == [JH]


# ------------------------------------------------------------------ 7.2.5 Bribe


def test_bribe_moves_a_tile_keeping_orientation_without_retriggering():
    # spec 7.2.5: one tile to another unoccupied field; it keeps its orientation; its instant
    # effect does not fire again; its permanent effect works from the new field
    state = make(board={"A3": ("JH_PRZYWODCA", JH), "C3": ("N_ONZ", JH), "B2": ("MW_POPSTAR", MW)},
                 neutral=["N_LAPOWKA"], turn=MW)
    assert GAME.view(state, MW)["board"]["B3"]["stabilized"]
    _, s = play(state, MW, {"tile": "N_LAPOWKA", "field": "A1", "facing": "north"})
    assert GAME.prompts(s)[MW]["kind"] == "bribe"
    assert {"target": "A1"} not in options(s, MW)  # not itself
    events, s = play(s, MW, {"target": "A3"})
    assert types(events) == ["bribe_chosen"]
    assert {"use": False} not in options(s, MW)  # once used, applied in full
    assert {"to": "B2"} not in options(s, MW) and {"to": "C1"} in options(s, MW)
    assert refuse(s, MW, {"to": "B2"}).code == "field_taken"
    events, s = play(s, MW, {"to": "C1"})
    assert types(events) == ["moved", "turn"]
    assert cell(s, "C1") == {"t": "JH_PRZYWODCA", "s": JH, "d": None, "c": None} and cell(s, "A3") is None
    # the UN moved: its marks follow it
    _, s = play(state, MW, {"tile": "N_LAPOWKA", "field": "A1", "facing": "north"}, {"target": "C3"}, {"to": "A2"})
    view = GAME.view(s, MW)["board"]
    assert view["B2"]["stabilized"] and view["B2"]["security"] and not view["B3"]["stabilized"]


def test_bribe_needs_an_empty_field():
    # spec 8.3: Lapowka is useless with no empty field
    board = last_field_board()
    state = make(board=board, neutral=["N_LAPOWKA"], turn=MW)
    events, _ = play(state, MW, {"tile": "N_LAPOWKA", "field": "C1", "facing": "north"})
    assert of_type(events, "effect_lost")[0]["reason"] == "no_target"


# ------------------------------------------------------------------ 7.2.6 Repeat


def repeat_state(opts=None):
    return make(board={"B3": ("JH_PRZYWODCA", JH), "C3": ("MW_POPSTAR", MW), "B1": ("N_ROZRUCHY", JH),
                       "A1": (MUSTAFA, JH), "C2": (KABOOOM, JH)},
                neutral=["N_TELEWIZJA"], turn=MW, opts=opts)


def test_repeat_acts_from_the_copied_tile_by_default():
    # spec 7.2.6 (Q6, repeat_origin = target): as if the chosen tile had just been placed, from its
    # field and orientation, all choices by the Repeat player; the chain's tiles are never targets
    state = repeat_state()
    _, s = play(state, MW, {"tile": "N_TELEWIZJA", "field": "B2", "facing": "north"})
    # Riots and KABOOOM have only permanent effects (spec 8.3 Telewizja / Prasa)
    assert options(s, MW) == [{"target": "B3"}, {"use": False}]
    events, s = play(s, MW, {"target": "B3"})
    assert types(events) == ["repeat_chosen"]
    assert GAME.prompts(s)[MW]["kind"] == "destroy"
    assert options(s, MW) == [{"target": "C2"}, {"target": "C3"}]  # around B3; B2 is the repeater
    events, s = play(s, MW, {"target": "C3"})
    assert of_type(events, "destroyed")[0] == {"type": "destroyed", "seat": MW, "field": "C3", "tiles": ["MW_POPSTAR"]}


def test_repeat_from_the_repeater_option():
    # spec 7.2.6, repeat_origin = repeater: the copied effect acts from the Television's own field
    state = repeat_state({"repeat_origin": "repeater"})
    _, s = play(state, MW, {"tile": "N_TELEWIZJA", "field": "B2", "facing": "north"}, {"target": "B3"})
    assert {"target": "B1"} in options(s, MW) and {"target": "A1"} in options(s, MW)


def test_repeat_chain_never_reuses_a_tile():
    # spec 7.2.6 [REC]: repeating a Repeat is allowed, but no tile twice and never the chain's start
    state = make(board={"B3": ("N_PRASA", JH), "A2": ("JH_PRZYWODCA", JH), "A1": ("JH_IMAM", JH)},
                 neutral=["N_TELEWIZJA"], turn=MW)
    _, s = play(state, MW, {"tile": "N_TELEWIZJA", "field": "B2", "facing": "north"})
    assert options(s, MW) == [{"target": "A2"}, {"target": "B3"}, {"use": False}]
    _, s = play(s, MW, {"target": "B3"})
    assert GAME.prompts(s)[MW]["kind"] == "repeat"
    assert options(s, MW) == [{"target": "A2"}]  # Prasa's diagonals from B3; Telewizja excluded
    _, s = play(s, MW, {"target": "A2"})
    assert options(s, MW) == [{"target": "A1"}]  # around A2, the chain (B2, B3) excluded
    events, s = play(s, MW, {"target": "A1"})
    assert cell(s, "A1")["d"] == MW and len(GAME.prompts(s)) == 1 and JH in GAME.prompts(s)


def test_repeat_cannot_pick_security_or_covered_tiles():
    # spec 7.2.6 / Q10: the chosen tile must be face up, without Security, with an effect it has not lost
    state = make(board={"B3": ("JH_PRZYWODCA", JH, {"c": NOBEL}), "A2": ("JH_MECZET", JH),
                        "C2": ("JH_TRADYCJA", JH, {"d": MW}), "B1": ("N_ONZ", JH)},
                 neutral=["N_TELEWIZJA"], turn=MW)
    events, _ = play(state, MW, {"tile": "N_TELEWIZJA", "field": "B2", "facing": "north"})
    assert of_type(events, "effect_lost")[0]["reason"] == "no_target"


def test_a_blocked_tile_can_still_be_repeated_later():
    # spec 7.2.6 [READING]: the Block only covers the moment of placement
    state = make(board={"A2": ("N_PIKIETA", JH)}, turn=JH, neutral=["N_TELEWIZJA"])
    events, s = play(state, JH, {"tile": "JH_TRADYCJA", "field": "A1", "facing": "south"})
    assert of_type(events, "effect_lost")[0]["reason"] == "blocked"
    _, s = play(s, MW, {"tile": "N_TELEWIZJA", "field": "B1", "facing": "north"})
    assert {"target": "A1"} in options(s, MW)
    _, s = play(s, MW, {"target": "A1"})
    events, s = play(s, MW, {"target": "A2"})
    assert cell(s, "A2")["s"] == MW


# ------------------------------------------------------------------ 7.2.7 Block, 7.2.9 Stabilization


def test_block_stops_the_instant_effect_of_tiles_placed_on_marked_fields():
    # spec 7.2.7: positional and permanent, for both players, the Block's owner included
    state = make(board={"B2": ("N_PIKIETA", MW), "A2": ("JH_IMAM", JH)}, turn=MW)
    events, s = play(state, MW, {"tile": "MW_PREZYDENT", "field": "B1", "facing": "north"})
    assert of_type(events, "effect_lost")[0]["reason"] == "blocked"
    assert list(GAME.prompts(s)) == [JH]
    events, s = play(state, MW, {"tile": "MW_PREZYDENT", "field": "A1", "facing": "north"})  # diagonal: free
    assert GAME.prompts(s)[MW]["kind"] == "destroy"


def test_stabilization_overrides_block_uwaga_example():
    # Seed L357-362 (Uwaga), spec 7.2.7 / 7.2.9: if Stabilization and Block both act on a free field
    # where a tile with an instant effect is placed, Stabilization wins and the effect works normally.
    state = make(board={"B2": ("N_PIKIETA", JH), "A1": ("N_ONZ", JH), "C2": ("JH_IMAM", JH)}, turn=MW)
    view = GAME.view(state, MW)["board"]
    assert view["B1"]["stabilized"] and not view["B1"]["blocked"]
    events, s = play(state, MW, {"tile": "MW_POPSTAR", "field": "B1", "facing": "north"})
    assert "effect_lost" not in types(events)
    events, s = play(s, MW, {"target": "C2"})
    assert cell(s, "C2")["s"] == MW
    assert GAME.view(s, MW)["board"]["B1"]["security"]  # the placed tile has Security there


def test_un_protects_marked_tiles_and_later_arrivals_until_it_goes():
    # spec 7.2.9 [READING]: positional and permanent; tiles placed there later gain Security; it ends with the UN
    state = make(board={"B2": ("N_ONZ", JH)}, turn=MW)
    _, s = play(state, MW, {"tile": "MW_STREFA_TURYSTYCZNA", "field": "C3", "facing": "north"})
    _, s = play(s, JH, {"tile": "JH_IMAM", "field": "A2", "facing": "south"}, {"use": False})
    assert GAME.view(s, MW)["board"]["A2"]["security"] and not GAME.view(s, MW)["board"]["B2"]["security"]
    _, s = play(s, MW, {"tile": "MW_PREZYDENT", "field": "A1", "facing": "north"})
    assert options(s, MW) == [{"target": "B2"}, {"use": False}]  # A2 is protected, the UN is not
    _, s = play(s, MW, {"target": "B2"})
    assert not GAME.view(s, MW)["board"]["A2"]["security"]


# ------------------------------------------------------------------ 7.2.8 Protection (Nobel Prize)


def test_nobel_prize_covers_a_tile_of_yours():
    # spec 7.2.8 and 8.3: on a face-up tile supporting you, without Security; same orientation;
    # the pair counts as one tile with Security and loses its own effect
    state = make(board={"B2": ("MW_POPSTAR", MW), "A1": ("JH_IMAM", JH), "C3": ("MW_STREFA_TURYSTYCZNA", MW)},
                 neutral=[NOBEL], turn=MW)
    _, s = play(state, MW, {"tile": NOBEL})
    prompt = GAME.prompts(s)[MW]
    assert [o["move"] for o in prompt["options"]] == [{"field": "B2"}]
    assert prompt["options"][0]["label"] == "B2 (cover Pop star)"
    assert refuse(s, MW, {"field": "A1"}).code == "bad_cover"
    events, s = play(s, MW, {"field": "B2"})
    assert types(events) == ["field_chosen", "placed", "turn"]  # orientation forced, no effect
    assert cell(s, "B2") == {"t": "MW_POPSTAR", "s": MW, "d": None, "c": NOBEL}
    v = GAME.view(s, MW)
    assert v["board"]["B2"]["security"] and v["support"] == {MW: 2, JH: 1}
    assert_accounted(s)


def test_nobel_prize_needs_something_to_cover():
    # spec 8.3: with no coverable tile it cannot be played
    state = make(board={"A1": ("JH_IMAM", JH)}, neutral=[NOBEL], turn=MW)
    assert {"tile": NOBEL} not in options(state, MW)
    assert refuse(state, MW, {"tile": NOBEL}).code == "nothing_to_cover"


def test_nobel_cancels_kabooom_and_the_un():
    # spec 8.3: covering your own KABOOOM cancels it; covering the UN ends its protection
    board = last_field_board()
    board["C2"] = (KABOOOM, MW)
    board["B1"] = ("N_ONZ", MW)
    state = make(board=board, neutral=[NOBEL], turn=MW, opts={"match": "single"})
    assert GAME.view(state, MW)["board"]["A1"]["security"]
    _, s = play(state, MW, {"tile": NOBEL, "field": "B1"})
    assert not GAME.view(s, MW)["board"]["A1"]["security"]
    _, s = play(state, MW, {"tile": NOBEL, "field": "C2"})
    # Jihad fills the last field with a tile supporting McWorld: 5-4, and the covered KABOOOM no longer counts
    events, s = play(s, JH, {"tile": "JH_PRZYWODCA", "field": "C1", "facing": "north"})
    over = of_type(events, "game_over")[0]
    assert over["kaboom"] is None and over["winner"] == MW


def test_block_does_not_stop_the_nobel_prize():
    # spec 8.3 [REC] / Q15: covering is the placement itself, not an instant effect
    state = make(board={"B2": ("N_PIKIETA", JH), "B1": ("MW_POPSTAR", MW)}, neutral=[NOBEL], turn=MW)
    events, s = play(state, MW, {"tile": NOBEL, "field": "B1"})
    assert "effect_lost" not in types(events) and cell(s, "B1")["c"] == NOBEL


# ------------------------------------------------------------------ 7.2.10 Missile strike


def test_missile_strike_destroys_a_nobel_stack_as_two_tiles():
    # spec 7.2.10: normal Destruction procedure; the stack goes to the pile as two tiles [REC]
    state = make(board={"B2": ("JH_IMAM", JH, {"c": NOBEL})}, neutral=["N_ATAK_RAKIETOWY"], turn=MW)
    events, s = play(state, MW, {"tile": "N_ATAK_RAKIETOWY", "field": "A1", "facing": "north"}, {"target": "B2"})
    assert of_type(events, "destroyed")[0]["tiles"] == ["JH_IMAM", NOBEL]
    events, s = play(s, JH, {"tile": "JH_MECZET", "field": "C3", "facing": "south"})
    assert of_type(events, "removed")[0]["tiles"] == ["JH_IMAM", NOBEL]
    assert sorted(s["pile"]) == sorted(["JH_IMAM", NOBEL]) and cell(s, "B2") is None
    assert_accounted(s)


def test_missile_strike_hits_un_protected_tiles():
    # spec 7.2.10 [READING]: any tile that currently has Security qualifies
    state = make(board={"C2": ("N_ONZ", JH), "B2": ("JH_IMAM", JH)}, neutral=["N_ATAK_RAKIETOWY"], turn=MW)
    _, s = play(state, MW, {"tile": "N_ATAK_RAKIETOWY", "field": "A1", "facing": "north"})
    assert options(s, MW) == [{"target": "B2"}, {"use": False}]


# ------------------------------------------------------------------ 7.2.11 KABOOOM, 9.3


def test_kabooom_overrides_the_majority():
    # spec 9.3: however the game ends, the player KABOOOM supports loses
    board = last_field_board()
    board["C2"] = (KABOOOM, MW)
    state = make(board=board, turn=MW, opts={"match": "single"})
    events, s = play(state, MW, {"tile": "MW_PREZYDENT", "field": "C1", "facing": "north"})
    over = of_type(events, "game_over")[0]
    assert over["support"] == {MW: 5, JH: 4} and over["kaboom"] == MW and over["winner"] == JH
    assert over["points"] == {MW: 0, JH: 4}
    assert GAME.result(s)["text"] == "Jihad wins: KABOOOM!!! supports McWorld"


def test_kabooom_applies_when_the_opponent_cannot_play():
    # spec 9.3: even if it was the opponent who ran out of tiles
    state = make(board={"B2": (KABOOOM, MW)}, zones={MW: ["MW_POPSTAR"], JH: []}, turn=MW, opts={"match": "single"})
    events, s = play(state, MW, {"tile": "MW_POPSTAR", "field": "A1", "facing": "north"}, {"use": False})
    over = of_type(events, "game_over")[0]
    assert over["reason"] == "cannot_play" and over["loser"] == JH and over["winner"] == JH


# ------------------------------------------------------------------ 7.2.12 Zone transfers


def test_agent_removes_a_tile_from_the_opponents_zone():
    # spec 8.1 #20 / 8.3: the opponent's player zone only, never the neutral zone
    state = make(board={"B2": (MUSTAFA, MW)}, zones={MW: ["MW_POPSTAR"], JH: ["JH_IMAM", "JH_SZEJK"]},
                 neutral=["N_AGENT", "N_HACKER"], turn=MW)
    _, s = play(state, MW, {"tile": "N_AGENT", "field": "A1", "facing": "north"})
    assert options(s, MW) == [{"pick": "JH_IMAM"}, {"pick": "JH_SZEJK"}, {"use": False}]
    assert refuse(s, MW, {"pick": "N_HACKER"}).code == "not_there"
    events, s = play(s, MW, {"pick": "JH_SZEJK"})
    assert types(events) == ["agent_removed", "turn"]
    assert s["zones"][JH] == ["JH_IMAM"] and s["pile"] == ["JH_SZEJK"]


def test_agent_can_leave_the_opponent_unable_to_play():
    # spec 8.3 Agent and 9.2: no tile in the zone and none in the neutral zone: that player loses
    state = make(board={"B2": (MUSTAFA, MW)}, zones={MW: ["MW_POPSTAR"], JH: ["JH_IMAM"]},
                 neutral=["N_AGENT"], turn=MW, opts={"match": "single"})
    events, s = play(state, MW, {"tile": "N_AGENT", "field": "A1", "facing": "north"}, {"pick": "JH_IMAM"})
    assert types(events)[-2:] == ["game_over", "match_over"]
    assert GAME.result(s) == {"winner": MW, "text": "McWorld wins: Jihad cannot play a tile"}


def test_hacker_takes_any_tile_from_the_removed_pile():
    # spec 8.3 Hacker: any tile, any colour, KABOOOM and Mustafa included; not face-down board tiles
    state = make(board={"B2": ("JH_IMAM", JH, {"d": MW})}, pile=[KABOOOM, MUSTAFA, "MW_PREZYDENT"],
                 neutral=["N_HACKER"], turn=JH)
    _, s = play(state, JH, {"tile": "N_HACKER", "field": "A1", "facing": "south"})
    assert options(s, JH) == [{"pick": "MW_PREZYDENT"}, {"pick": KABOOOM}, {"pick": MUSTAFA}, {"use": False}]
    events, s = play(s, JH, {"pick": "MW_PREZYDENT"})
    assert "MW_PREZYDENT" in s["zones"][JH]
    assert of_type(events, "removed")  # the destroyed Imam leaves after Jihad's move
    events, _ = play(make(neutral=["N_HACKER"], board={"B2": (MUSTAFA, MW)}, turn=JH), JH,
                     {"tile": "N_HACKER", "field": "A1", "facing": "south"})
    assert of_type(events, "effect_lost")[0]["reason"] == "no_target"  # empty pile


def test_financial_crisis_takes_back_a_tile_that_supports_you():
    # spec 8.3 Kryzys finansowy: face up, supports the mover, no Security, not itself; field freed
    state = make(board={"B2": (KABOOOM, JH), "A3": ("JH_IMAM", MW), "C3": ("MW_POPSTAR", JH),
                        "C1": ("JH_MECZET", JH)}, neutral=["N_KRYZYS_FINANSOWY"], turn=JH)
    _, s = play(state, JH, {"tile": "N_KRYZYS_FINANSOWY", "field": "A1", "facing": "south"})
    assert options(s, JH) == [{"target": "B2"}, {"target": "C3"}, {"use": False}]
    assert refuse(s, JH, {"target": "A3"}).code == "not_yours"
    assert refuse(s, JH, {"target": "A1"}).code == "self_target"
    events, s = play(s, JH, {"target": "B2"})  # the counter to a KABOOOM played against you
    assert cell(s, "B2") is None and KABOOOM in s["zones"][JH]


def test_financial_crisis_as_the_ninth_tile_keeps_the_game_going():
    # spec 8.3: taking a tile back leaves a field empty, so the game does not end
    state = make(board=last_field_board(), neutral=["N_KRYZYS_FINANSOWY"], turn=MW)
    events, s = play(state, MW, {"tile": "N_KRYZYS_FINANSOWY", "field": "C1", "facing": "north"}, {"target": "C2"})
    assert "game_over" not in types(events) and cell(s, "C2") is None


def test_elections_draws_a_random_unused_neutral():
    # spec 8.3 Wybory (Q9 default random): drawn from the unused supply, recorded in the event
    state = make(board={"B2": (MUSTAFA, MW)}, neutral=["N_WYBORY"], box=["N_AGENT", "N_HACKER"], turn=MW)
    _, s = play(state, MW, {"tile": "N_WYBORY", "field": "A1", "facing": "north"})
    assert options(s, MW) == [{"use": True}, {"use": False}]
    events, s = play(s, MW, {"use": True}, seed=b"vote")
    (drawn,) = of_type(events, "elected")
    assert drawn["tile"] in ("N_AGENT", "N_HACKER") and drawn["tile"] in s["zones"][MW]
    assert s["box"] == [t for t in ("N_AGENT", "N_HACKER") if t != drawn["tile"]]
    again, _ = play(state, MW, {"tile": "N_WYBORY", "field": "A1", "facing": "north"}, {"use": True}, seed=b"vote")
    assert again[-2:] == events[-2:]  # the same seed and position draw the same tile
    empty = make(board={"B2": (MUSTAFA, MW)}, neutral=["N_WYBORY"], box=[], turn=MW)
    events, _ = play(empty, MW, {"tile": "N_WYBORY", "field": "A1", "facing": "north"})
    assert of_type(events, "effect_lost")[0]["reason"] == "no_target"


def test_elections_choose_option():
    # spec 8.3, option elections_draw = choose
    state = make(board={"B2": (MUSTAFA, MW)}, neutral=["N_WYBORY"], box=["N_AGENT", "N_HACKER"], turn=MW,
                 opts={"elections_draw": "choose"})
    _, s = play(state, MW, {"tile": "N_WYBORY", "field": "A1", "facing": "north"})
    assert options(s, MW) == [{"pick": "N_AGENT"}, {"pick": "N_HACKER"}, {"use": False}]
    _, s = play(s, MW, {"pick": "N_HACKER"})
    assert "N_HACKER" in s["zones"][MW] and s["box"] == ["N_AGENT"]


def test_repeating_a_zone_transfer_performs_it_again_for_the_repeater():
    # spec 8.3 Telewizja / Prasa: repeating Agent etc. performs the action again for the Repeat player
    state = make(board={"B3": ("N_AGENT", JH)}, zones={MW: ["MW_POPSTAR"], JH: ["JH_IMAM", "JH_SZEJK"]},
                 neutral=["N_TELEWIZJA"], turn=MW)
    _, s = play(state, MW, {"tile": "N_TELEWIZJA", "field": "B2", "facing": "north"}, {"target": "B3"})
    assert options(s, MW) == [{"pick": "JH_IMAM"}, {"pick": "JH_SZEJK"}]
    events, s = play(s, MW, {"pick": "JH_IMAM"})
    assert s["zones"][JH] == ["JH_SZEJK"]


# ------------------------------------------------------------------ 9.2, 9.4


def test_a_player_with_no_legal_placement_loses():
    # spec 9.2 [REC]: only a Nobel Prize left and nothing of theirs to cover
    state = make(board={"B2": ("JH_IMAM", JH)}, zones={MW: ["MW_POPSTAR"], JH: [NOBEL]}, turn=MW,
                 opts={"match": "single"})
    events, s = play(state, MW, {"tile": "MW_POPSTAR", "field": "A1", "facing": "north"}, {"target": "B2"})
    over = of_type(events, "game_over")[0]
    assert over["reason"] == "cannot_play" and over["winner"] == MW and GAME.prompts(s) == {}


def test_placement_cap_draws_the_game():
    # spec 9.4 [REC]: the safety cap adjudicates a draw
    state = make(board={"B2": (MUSTAFA, MW)}, turn=MW, opts={"placement_cap": 50, "match": "single"})
    state["placements"] = 49
    events, s = play(state, MW, {"tile": "MW_STREFA_TURYSTYCZNA", "field": "A1", "facing": "north"})
    over = of_type(events, "game_over")[0]
    assert over["reason"] == "cap" and over["winner"] is None
    assert GAME.result(s) == {"winner": None, "text": "The game is drawn: the placement limit was reached"}
