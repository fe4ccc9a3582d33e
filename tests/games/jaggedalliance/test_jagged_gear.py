"""Equipment, skills and tactical effects (5.1, 6, 11.2) from positions."""

from games.jaggedalliance import GAME
from games.jaggedalliance.gear import actions
from tests.games.jaggedalliance.jagged_kit import battle, new, of, options, play, system


def team(mercs=("fox", "shadow", "raven")):
    return new(mercs)[1]


def test_fox_has_a_third_weapon_slot_that_takes_no_heavy_weapon():
    # card art L487: 'You have an additional weapon slot. This slot cannot hold heavy weapons'
    s = battle(team(), mercs={"fox": "A"}, enemies=[("redshirt", False, "C")], active="fox")
    assert s["mercs"]["fox"]["weapons"] == ["001", "002"]
    s["mercs"]["fox"]["inv"] = ["005", "010"]                         # a knife, a heavy Hunting Rifle
    equips = {(m["c"], m.get("off")) for m in options(s, "merc1") if m.get("a") == "equip"}
    assert ("005", None) in equips                                       # the third slot
    assert ("010", None) not in equips                                  # heavy: not beside two pistols


def test_a_heavy_item_takes_two_inventory_spaces_unless_a_brute_carries_it():
    from games.jaggedalliance.state import inventory_load
    s = team(("steroid", "fox", "raven"))
    assert inventory_load(s, "fox", ["010", "005"]) == 3 and inventory_load(s, "steroid", ["010", "005"]) == 2


def test_shadow_s_camouflage_cancels_the_enemy_activation_after_a_kill_from_the_jungle():
    # card art L507-L520 (completed by our reading)
    s = battle(team(), mercs={"shadow": "D"}, enemies=[("redshirt", False, "D", {"dmg": 0}), ("redshirt", False, "E")],
               active="shadow")                                           # D: jungle
    for position in range(60):
        events, after = play(s, "merc1", {"a": "attack", "c": "005", "k": "stab", "t": "e001"}, position=position)
        if after["enemies"]["e001"]["down"]:
            events, after = play(after, "merc1", {"a": "end"})
            assert of(events, "enemies_skipped") and "system" not in GAME.prompts(after)
            return
    raise AssertionError("no kill")


def test_raven_the_marksman_reaches_further_and_ivan_the_veteran_rolls_more():
    raven = team(("raven", "ivan", "cliff"))
    ruger = [a for a in actions(raven, "raven") if a["card"] == "006"]
    assert {a["range"] for a in ruger} == {3}                          # range 2 + 1
    ak = [a for a in actions(raven, "ivan") if a["card"] == "007" and a["key"] == "shot"][0]
    assert ak["dice"] == ["yellow", "yellow", "yellow"]


def test_an_upgrade_is_attached_at_the_start_and_changes_the_weapon():
    s = battle(team(("ivan", "fox", "raven")), mercs={"ivan": "A"}, enemies=[("redshirt", False, "C")], active="ivan")
    s["mercs"]["ivan"]["weapons"] = ["122"]                                # Steyr AUG, one upgrade slot
    s["mercs"]["ivan"]["inv"] = ["123"]                                    # Scope: +1 range
    events, after = play(s, "merc1", {"a": "attach", "c": "123", "to": "122"})
    assert after["mercs"]["ivan"]["upg"] == {"122": ["123"]} and after["mercs"]["ivan"]["inv"] == []
    assert [a["range"] for a in actions(after, "ivan") if a["card"] == "122"] == [3]
    _, moved = play(after, "merc1", {"a": "move", "to": "B"})
    assert not [m for m in options(moved, "merc1") if m.get("a") in ("attach", "detach", "equip")]   # 10.1: start only


def test_binoculars_mark_and_a_marked_target_takes_one_more():
    s = battle(team(("screw", "fox", "raven")), mercs={"screw": "A"}, enemies=[("redshirt", True, "F")],
               active="screw")
    s["mercs"]["screw"]["weapons"], s["mercs"]["screw"]["inv"] = ["021", "017"], ["024"]
    events, after = play(s, "merc1", {"a": "attack", "c": "017", "k": "spot", "t": "e001"})
    assert after["enemies"]["e001"]["status"] == ["mark"] and after["enemies"]["e001"]["dmg"] == 0
    assert not of(events, "enemy_hit")


def test_an_area_attack_hits_friends_in_the_area_but_never_the_thrower():
    s = battle(team(), mercs={"fox": "A", "shadow": "B", "raven": "B"}, enemies=[("redshirt", False, "B")],
               active="fox")
    s["mercs"]["fox"]["inv"] = ["105"]
    events, after = play(s, "merc1", {"a": "attack", "c": "105", "k": "throw", "t": "@B"})
    assert {e["merc"] for e in of(events, "friendly_hit")} == {"shadow", "raven"}
    assert "105" not in after["mercs"]["fox"]["inv"]                  # a hand item is discarded


def test_retreat_is_chosen_by_the_players_and_free_move_follows_an_attack():
    s = battle(team(("nails", "fox", "raven")), mercs={"nails": "E"}, enemies=[("pacifier", True, "E")],
               active="nails")
    events, after = play(s, "merc1", {"a": "attack", "c": "020", "k": "blast", "t": "e001"}, {"spend": "roll"})
    prompt = GAME.prompts(after)["merc1"]
    assert prompt["kind"] == "retreat" and {o["move"]["to"] for o in prompt["options"]} == {"B", "D", "F"}
    events, after = play(after, "merc1", {"to": "D"})
    assert after["enemies"]["e001"]["area"] == "D"
    s = battle(team(("nails", "fox", "raven")), mercs={"nails": "E"}, enemies=[("pacifier", True, "E")],
               active="nails")
    s["mercs"]["nails"]["weapons"] = ["095"]
    events, after = play(s, "merc1", {"a": "attack", "c": "095", "k": "slash", "t": "e001"})
    prompt = GAME.prompts(after)["merc1"]
    assert prompt["kind"] == "free move" and {"to": None} in [o["move"] for o in prompt["options"]]
    S = after["mercs"]["nails"]["S"]
    events, after = play(after, "merc1", {"to": "D"})
    assert after["mercs"]["nails"]["area"] == "D" and after["mercs"]["nails"]["S"] == S and after["mercs"]["nails"]["W"] == 0


def test_enemies_activate_after_the_merc_and_a_knocked_out_merc_does_not_activate():
    s = battle(team(), mercs={"fox": "A", "shadow": "A"}, enemies=[("redshirt", False, "C")], active="fox")
    s["mercs"]["shadow"]["ko"] = True
    events, after = play(s, "merc1", {"a": "end"})
    events, after = system(after)
    picks = [m["merc"] for m in options(after, "merc1") if "merc" in m]
    assert "shadow" not in picks and "fox" not in picks
