"""The enemy AI (13): each rule of order, target, movement and attack with a position where that
rule decides, run as the system seat's automatic step and read back from its logged reasons.

Tile 02A:  A B | C      (a red border between B and C)
           D E   F
"""

from games.jaggedalliance import enemy_ai
from games.jaggedalliance.data import MOVE_DIST
from tests.games.jaggedalliance.jagged_kit import battle, enemy_turn, new, of, system


def team(mercs=("ivan", "cliff", "raven")):
    return new(mercs)[1]


# ---- 13.2 order
def test_higher_initiative_acts_first():
    s = battle(team(), mercs={"ivan": "E"}, enemies=[("redshirt", False, "E"), ("bloodcat", False, "E")])
    order = enemy_ai.order(s, "02A")
    assert [o["e"] for o in order] == ["e002", "e001"]          # Bloodcat 4 before Redshirt 2


def test_on_equal_initiative_the_elite_acts_first():
    s = battle(team(), mercs={"ivan": "E"}, enemies=[("redshirt", False, "E"), ("redshirt", True, "A")])
    order = enemy_ai.order(s, "02A")
    assert [o["e"] for o in order] == ["e002", "e001"]          # the elite, though farther away
    assert "after the elite" in order[1]["why"]


def test_then_the_one_nearest_the_mercs():
    s = battle(team(), mercs={"ivan": "E"}, enemies=[("redshirt", False, "A"), ("redshirt", False, "D")])
    order = enemy_ai.order(s, "02A")
    assert [o["e"] for o in order] == ["e002", "e001"]          # D is 1 from E, A is 2
    assert "nearer the mercs" in order[1]["why"]


def test_a_full_tie_goes_to_the_lower_id_by_default():
    s = battle(team(), mercs={"ivan": "E"}, enemies=[("redshirt", False, "D"), ("redshirt", False, "B")])
    order = enemy_ai.order(s, "02A")
    assert [o["e"] for o in order] == ["e001", "e002"]
    assert "21.2" in order[1]["why"]


# ---- 13.3 target
def test_the_nearest_merc_is_the_target():
    s = battle(team(), mercs={"ivan": "A", "cliff": "E"}, enemies=[("redshirt", False, "F")])
    assert enemy_ai.choose_target(s, "e001", "ivan")[0] == "cliff"


def test_faq_nearest_beats_active():
    # FAQ (L2965): a range-1 enemy; the active merc is adjacent, another merc shares its Area
    s = battle(team(), mercs={"ivan": "D", "cliff": "E"}, enemies=[("redshirt", True, "E")])
    target, why = enemy_ai.choose_target(s, "e001", "ivan")
    assert target == "cliff" and "nearest" in why
    events, after = system(enemy_turn(s, "02A", "ivan", ["e001"]))
    assert of(events, "enemy_attacked")[0]["merc"] == "cliff"


def test_a_tie_goes_to_the_active_merc():
    s = battle(team(), mercs={"ivan": "D", "cliff": "B"}, enemies=[("redshirt", False, "E")])
    target, why = enemy_ai.choose_target(s, "e001", "cliff")
    assert target == "cliff" and "active merc wins the tie" in why
    assert enemy_ai.choose_target(s, "e001", "ivan")[0] == "ivan"


def test_a_tie_without_the_active_merc_goes_clockwise_from_it():
    # seat order ivan, cliff, raven: from ivan clockwise, cliff comes before raven
    s = battle(team(), mercs={"ivan": "A", "cliff": "D", "raven": "B"}, enemies=[("redshirt", False, "E")])
    s["mercs"]["ivan"]["area"] = "C"
    target, why = enemy_ai.choose_target(s, "e001", "ivan")
    assert target == "cliff" and "clockwise" in why
    target, _ = enemy_ai.choose_target(s, "e001", "cliff")
    assert target == "cliff"
    s["order"] = ["ivan", "raven", "cliff"]
    assert enemy_ai.choose_target(s, "e001", "ivan")[0] == "raven"


def test_knocked_out_mercs_are_ignored():
    s = battle(team(), mercs={"ivan": "E", "cliff": "A"}, enemies=[("redshirt", False, "E")])
    s["mercs"]["ivan"]["ko"] = True
    assert enemy_ai.choose_target(s, "e001", "ivan")[0] == "cliff"
    s["mercs"]["cliff"]["ko"] = True
    assert enemy_ai.choose_target(s, "e001", "ivan")[0] is None


def test_ignore_range_targets_the_active_merc_even_when_another_is_nearer():
    # 13.6 (L3027): Snipers treat every merc as equally distant
    s = battle(team(), mercs={"ivan": "C", "cliff": "A"}, enemies=[("sniper", False, "A")])
    target, why = enemy_ai.choose_target(s, "e001", "ivan")
    assert target == "ivan" and "Ignore Range" in why
    events, _ = system(enemy_turn(s, "02A", "ivan", ["e001"]))
    assert of(events, "enemy_attacked")[0]["merc"] == "ivan"       # from across the Sector
    assert not of(events, "enemy_moved")


def test_ignore_range_with_the_active_merc_down_goes_clockwise():
    s = battle(team(), mercs={"ivan": "C", "cliff": "A", "raven": "F"}, enemies=[("sniper", False, "A")])
    s["mercs"]["ivan"]["ko"] = True
    target, why = enemy_ai.choose_target(s, "e001", "ivan")
    assert target == "cliff" and "clockwise" in why


# ---- 13.4 movement
def test_the_redshirt_example_moves_one_area_then_attacks():
    # L2080-L2090: the Redshirt moves one Area toward Ivan, who is then in range, and attacks
    s = battle(team(), mercs={"ivan": "D"}, enemies=[("redshirt", False, "A")])
    events, after = system(enemy_turn(s, "02A", "ivan", ["e001"]))
    moved = of(events, "enemy_moved")
    assert [(m["source"], m["to"]) for m in moved] == [("A", "D")]
    assert of(events, "enemy_attacked")[0]["merc"] == "ivan"
    assert after["enemies"]["e001"]["area"] == "D"


def test_an_enemy_that_can_attack_never_moves():
    # L2091: had Ivan been in its Area, it would skip the move and attack at once
    s = battle(team(), mercs={"ivan": "A"}, enemies=[("redshirt", False, "A")])
    events, after = system(enemy_turn(s, "02A", "ivan", ["e001"]))
    assert not of(events, "enemy_moved")
    assert "can attack from where it stands" in of(events, "enemy_held")[0]["why"]
    assert of(events, "enemy_attacked")


def test_a_red_border_blocks_the_step_but_not_the_distance():
    # 4.3: B-C share a red border: distance 1 for range, the walk goes round through E and F
    s = battle(team(), mercs={"ivan": "C"}, enemies=[("redshirt", False, "B")])
    assert MOVE_DIST["02A"]["B"]["C"] == 3
    events, after = system(enemy_turn(s, "02A", "ivan", ["e001"]))
    assert [m["to"] for m in of(events, "enemy_moved")] == ["E"]
    assert not of(events, "enemy_attacked")                        # out of range after its one step
    assert "no target in range" in of(events, "enemy_held")[-1]["why"]


def test_between_shortest_paths_the_area_with_fewest_figures():
    s = battle(team(), mercs={"ivan": "E", "cliff": "B"}, enemies=[("redshirt", False, "A")])
    s["mercs"]["cliff"]["ko"] = True                               # a figure, but no target
    step, why = enemy_ai.step(s, "e001", "ivan")
    assert step == "D" and "fewest figures" in why


def test_then_the_lowest_area_letter():
    s = battle(team(), mercs={"ivan": "E"}, enemies=[("redshirt", False, "A")])
    step, why = enemy_ai.step(s, "e001", "ivan")
    assert step == "B" and "21.2" in why


def test_a_stunned_enemy_does_not_move():
    s = battle(team(), mercs={"ivan": "D"}, enemies=[("redshirt", False, "A", {"status": ["stun"]})])
    events, after = system(enemy_turn(s, "02A", "ivan", ["e001"]))
    assert not of(events, "enemy_moved") and "Stunned" in of(events, "enemy_held")[0]["why"]
    assert after["enemies"]["e001"]["status"] == []                  # removed after its activation


def test_the_target_is_chosen_again_after_each_step():
    # Ivan (C) is the nearest at first; Raven lies knocked out in B, so the Bloodcat steps to D,
    # from where Cliff (F) is nearer: it turns on Cliff (the Redshirt example's 'still Ivan', L2088)
    s = battle(team(), mercs={"ivan": "C", "cliff": "F", "raven": "B"}, enemies=[("bloodcat", False, "A")])
    s["mercs"]["raven"]["ko"] = True
    events, _ = system(enemy_turn(s, "02A", "ivan", ["e001"]))
    assert of(events, "enemy_turn")[0]["target"] == "ivan"
    assert [m["to"] for m in of(events, "enemy_moved")] == ["D", "E"]
    assert of(events, "enemy_retargeted")[0]["target"] == "cliff"


# ---- 13.5 attack
def test_the_armour_roll_takes_its_successes_off_the_damage():
    for position in range(40):
        s = battle(team(), mercs={"ivan": "A"}, enemies=[("redshirt", False, "A")])
        s["mercs"]["ivan"]["stance"] = "armour"
        events, after = system(enemy_turn(s, "02A", "ivan", ["e001"]), position=position * 10)
        attack = of(events, "enemy_attacked")[0]
        assert attack["how"] == "armour" and attack["damage"] == 3
        assert attack["wounds"] == max(0, 3 - attack["roll"]["total"])
        assert after["mercs"]["ivan"]["W"] == attack["wounds"]
        assert [d["c"] for d in attack["roll"]["dice"]] == ["yellow", "yellow"]   # Kevlar Vest


def test_stealth_is_all_or_nothing_and_a_hit_brings_every_status():
    seen = set()
    for position in range(60):
        s = battle(team(("raven", "ivan", "cliff")), mercs={"raven": "A"}, enemies=[("bloodcat", False, "A")])
        s["mercs"]["raven"]["stance"] = "stealth"
        events, after = system(enemy_turn(s, "02A", "raven", ["e001"]), position=position * 10)
        first = of(events, "enemy_attacked")[0]
        assert first["how"] == "stealth" and first["need"] == 2
        if first["roll"]["total"] >= 2:
            assert not first["hit"] and first["wounds"] == 0 and first["statuses"] == []
            seen.add("hid")
        else:
            assert first["hit"] and first["wounds"] == 2 and first["statuses"] == ["bleed"]
            seen.add("hit")
    assert seen == {"hid", "hit"}


def test_hit_versus_damage_armour_that_stops_every_wound_still_bleeds():
    # L1959: Ivan's armour blocks all of the Bloodcat's damage, but he is hit: he Bleeds
    for position in range(80):
        s = battle(team(), mercs={"ivan": "B"}, enemies=[("bloodcat", False, "B")])   # B: urban, +1 die
        s["mercs"]["ivan"]["stance"] = "armour"
        events, after = system(enemy_turn(s, "02A", "ivan", ["e001"]), position=position * 10)
        first = of(events, "enemy_attacked")[0]
        if first["wounds"] == 0:
            assert first["statuses"] == ["bleed"] and "bleed" in after["mercs"]["ivan"]["status"]
            return
    raise AssertionError("no roll blocked every wound")


def test_no_attack_out_of_range():
    s = battle(team(), mercs={"ivan": "F"}, enemies=[("redshirt", False, "A")])
    events, after = system(enemy_turn(s, "02A", "ivan", ["e001"]))
    assert len(of(events, "enemy_moved")) == 1 and not of(events, "enemy_attacked")
    assert after["mercs"]["ivan"]["W"] == 0


def test_a_stunned_enemy_deals_half_damage_and_swamp_and_marked_add_one():
    s = battle(team(), tile="06B", mercs={"ivan": "B"}, enemies=[("redshirt", True, "B", {"status": ["stun"]})])
    s["mercs"]["ivan"]["status"] = ["mark"]
    damage, parts = enemy_ai.damage_of(s, "e001", "ivan")
    assert damage == 4 // 2 + 1 + 1                                   # halved, then swamp and marked
    assert parts == ["2 (halved: Stunned)", "+1 swamp", "+1 marked"]


def test_a_pacifier_attacks_every_merc_in_its_area():
    s = battle(team(), mercs={"ivan": "E", "cliff": "E", "raven": "A"}, enemies=[("pacifier", False, "E")])
    events, _ = system(enemy_turn(s, "02A", "raven", ["e001"]))
    assert sorted(a["merc"] for a in of(events, "enemy_attacked")) == ["cliff", "ivan"]


def test_a_bloodcat_in_reach_attacks_twice_else_moves_up_to_two_then_once():
    s = battle(team(), mercs={"ivan": "A"}, enemies=[("bloodcat", False, "A")])
    s["mercs"]["ivan"]["S"] = 20
    events, _ = system(enemy_turn(s, "02A", "ivan", ["e001"]))
    assert len(of(events, "enemy_attacked")) == 2 and not of(events, "enemy_moved")
    s = battle(team(), mercs={"ivan": "F"}, enemies=[("bloodcat", False, "A")])
    events, after = system(enemy_turn(s, "02A", "ivan", ["e001"]))
    assert len(of(events, "enemy_moved")) == 2 and len(of(events, "enemy_attacked")) == 0
    s = battle(team(), mercs={"ivan": "E"}, enemies=[("bloodcat", False, "A")])
    events, after = system(enemy_turn(s, "02A", "ivan", ["e001"]))
    assert len(of(events, "enemy_moved")) == 2 and len(of(events, "enemy_attacked")) == 1


def test_a_bleeding_enemy_takes_a_damage_after_its_activation():
    s = battle(team(), mercs={"ivan": "F"}, enemies=[("redshirt", True, "A", {"status": ["bleed"]})])
    events, after = system(enemy_turn(s, "02A", "ivan", ["e001"]))
    assert of(events, "enemy_bled") and after["enemies"]["e001"]["dmg"] == 1
