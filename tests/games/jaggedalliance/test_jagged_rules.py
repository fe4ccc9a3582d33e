"""The basic rules (Scenario 1) and the seed's worked examples, each from a position."""

from games.core import Rng
from games.jaggedalliance import GAME, dice
from games.jaggedalliance.data import MERC
from tests.games.jaggedalliance.jagged_kit import (activate, battle, copy, enemy_turn, new, of, options, play, system,
                                                    types)


def team(mercs=("ivan", "cliff", "raven")):
    return new(mercs)[1]


def attack_targets(s, seat):
    return {(m["c"], m["t"]) for m in options(s, seat) if m.get("a") == "attack"}


# ---- the seed's examples
def test_range_example_ak47_reaches_the_adjacent_area_not_two_away():
    # L660: Ivan's AK-47 has range 1: the Redshirt in adjacent Area D is in range, the Sniper in A is not
    s = battle(team(), mercs={"ivan": "E"}, enemies=[("redshirt", False, "D"), ("sniper", False, "A")], active="ivan")
    assert attack_targets(s, "merc1") == {("007", "e001")}


def test_group_move_example_costs_neither_merc_any_stamina():
    # L1329: Cliff spends his Command action on a Group Move and takes Ivan to Area D
    s = battle(team(), mercs={"ivan": "E", "cliff": "E"}, enemies=[("redshirt", False, "C")], active="cliff")
    before = {m: copy(s["mercs"][m]) for m in ("ivan", "cliff")}
    events, after = play(s, "merc1", {"a": "group", "kind": "area", "to": "D"}, {"take": "ivan"}, {"take": None})
    assert of(events, "group_moved")[0]["mercs"] == ["cliff", "ivan"]
    for m in ("ivan", "cliff"):
        assert after["mercs"][m]["area"] == "D"
        assert (after["mercs"][m]["S"], after["mercs"][m]["F"]) == (before[m]["S"], before[m]["F"])
    assert after["mercs"]["cliff"]["cmd"] == 0 and after["shared_cmd"] == 1


def test_raven_chooses_hip_or_aimed_shot_and_spends_durability_to_stun():
    # L1845-L1851, L1943: hip shot 1 fatigue 1 yellow; aimed 2 fatigue 1 yellow +1; Durability: Stun
    s = battle(team(("raven", "ivan", "cliff")), mercs={"raven": "A"},
               enemies=[("pacifier", True, "B")], active="raven")
    labels = [o["label"] for o in GAME.prompts(s)["merc1"]["options"] if o["move"].get("a") == "attack"]
    assert any("hip shot: yellow, 1 fatigue" in x for x in labels)
    assert any("aimed shot: yellow +1, 2 fatigue" in x for x in labels)
    S = s["mercs"]["raven"]["S"]
    events, after = play(s, "merc1", {"a": "attack", "c": "006", "k": "aimed", "t": "e001"}, {"spend": "dur"},
                         {"spend": "roll"})
    attack = of(events, "attack")[0]
    assert attack["fatigue"] == 2 and attack["boxes"] == ["stun"]
    assert after["mercs"]["raven"]["S"] == S - 2 and after["dur"]["006"] == 1
    shot = of(events, "shot")[0]
    assert shot["successes"] == shot["roll"]["total"] + 1
    # the elite Pacifier's 2 armour +1 urban stop any damage, yet the hit Stuns it (hit vs damage, L1948)
    assert after["enemies"]["e001"]["dmg"] == 0 and after["enemies"]["e001"]["status"] == ["stun"]


def test_threat_card_example_setup():
    # L1515-L1520: a normal and an elite Redshirt in B, one skirmish token each in A and D, no reward
    log, s = new()
    s["hidden"]["threat"]["02A"] = "T01"
    s = activate(s, "ivan")
    events, after = play(s, "merc1", {"a": "go", "to": "02A"}, {"area": "D"})
    placed = of(events, "enemy_placed")
    assert [(p["name"], p["area"]) for p in placed] == [("Redshirt e001", "B"), ("elite Redshirt e002", "B")]
    assert after["sectors"]["02A"]["status"] == "besieged" and after["sectors"]["02A"]["card"] == "T01"
    assert after["sectors"]["02A"]["facedown"].get("A") == 1                  # still face down
    assert of(events, "skirmish")[0]["area"] == "D"                            # Ivan stands on D's token
    # beaten and revealed: liberated, and the card gives nothing
    s2 = copy(after)
    for e in s2["enemies"]:
        s2["enemies"][e]["down"] = True
    s2["sectors"]["02A"]["facedown"] = {}
    s2["hidden"]["tokens"]["02A"] = {}
    if "act" not in [f["k"] for f in s2["stack"]]:
        s2 = activate(s2, "cliff")
    seat = s2["mercs"][s2["stack"][-1]["merc"]]["seat"]
    events, done = play(s2, seat, {"a": "stance", "x": "armour"})
    assert of(events, "liberated") and not of(events, "reward")
    assert done["sectors"]["02A"]["status"] == "liberated"
    assert all(done["mercs"][m]["area"] is None for m in ("ivan",))             # one Area now (4.2)


def test_three_mercs_get_a_stamina_cube_and_a_shared_command_token():
    # L276-L285: exactly three mercs: +1 stamina each and one shared Command token
    three = team()
    assert three["mercs"]["ivan"]["S"] == MERC["ivan"]["stamina"] + 1 and three["shared_cmd"] == 1
    four = new(("ivan", "cliff", "raven", "fox"))[1]
    assert four["mercs"]["ivan"]["S"] == MERC["ivan"]["stamina"] and four["shared_cmd"] == 0
    assert [four["mercs"][m]["seat"] for m in four["order"]] == ["merc1", "merc2", "merc1", "merc2"]


def test_the_shared_command_token_is_used_after_the_own_one():
    s = battle(team(), mercs={"ivan": "E", "cliff": "E"}, enemies=[("redshirt", False, "C")], active="ivan")
    s["mercs"]["cliff"]["W"], s["mercs"]["cliff"]["S"] = 3, s["mercs"]["cliff"]["S"] - 3
    events, after = play(s, "merc1", {"a": "ability", "x": "medicine"})
    assert after["mercs"]["ivan"]["cmd"] == 0 and after["shared_cmd"] == 1
    while after["stack"][-1]["k"] == "alloc":
        events, after = play(after, "merc1", options(after, "merc1")[0])
    assert any(m.get("a") == "ability" for m in options(after, "merc1"))
    events, after = play(after, "merc1", {"a": "ability", "x": "medicine"})
    assert after["shared_cmd"] == 0


# ---- movement and costs (10.2)
def test_a_step_costs_a_fatigue_and_leaving_an_enemy_costs_a_wound():
    s = battle(team(), mercs={"ivan": "E"}, enemies=[("redshirt", False, "E"), ("redshirt", False, "C")],
               active="ivan")
    S = s["mercs"]["ivan"]["S"]
    events, after = play(s, "merc1", {"a": "move", "to": "D"})
    assert of(events, "moved")[0]["cost"] == "1 wound" and after["mercs"]["ivan"]["W"] == 1
    events, after = play(after, "merc1", {"a": "move", "to": "A"})
    assert of(events, "moved")[0]["cost"] == "1 fatigue" and after["mercs"]["ivan"]["F"] == 1
    assert after["mercs"]["ivan"]["S"] == S - 2


def test_no_step_across_a_red_border_and_none_out_of_a_besieged_sector():
    s = battle(team(), mercs={"ivan": "B"}, enemies=[("redshirt", False, "F")], active="ivan")
    moves = {m["to"] for m in options(s, "merc1") if m.get("a") in ("move", "go")}
    assert moves == {"A", "E"}                                     # not C (red), no Sector


def test_entering_an_area_reveals_its_tokens():
    s = battle(team(), mercs={"ivan": "E"}, enemies=[("redshirt", False, "C")], active="ivan",
               facedown={"D": ["K11"]})
    money = s["pool"]["money"]
    events, after = play(s, "merc1", {"a": "move", "to": "D"})
    assert of(events, "skirmish")[0]["kind"] == "resources"
    assert after["pool"]["money"] == money + 1 and after["sectors"]["02A"]["facedown"]["D"] == 0


def test_a_mine_hits_everyone_in_the_area_and_cannot_be_hidden_from():
    s = battle(team(), mercs={"ivan": "E"}, enemies=[("redshirt", False, "D"), ("redshirt", False, "C")],
               active="ivan", facedown={"D": ["K15"]})
    s["mercs"]["ivan"]["stance"] = "stealth"
    events, after = play(s, "merc1", {"a": "move", "to": "D"})
    hits = of(events, "mine_hit")
    assert {h.get("merc") or h.get("enemy") for h in hits} == {"ivan", "e001"}
    assert after["enemies"]["e001"]["down"]                          # 3 damage - 1 armour >= 1 health
    ivan = next(h for h in hits if h.get("merc"))
    assert ivan["wounds"] == max(0, 3 - ivan["roll"]["total"])        # armour rolled despite the orders


# ---- damage and knockout (5.2)
def test_knockout_then_a_second_serious_wound_kills():
    s = battle(team(), mercs={"ivan": "A", "cliff": "E"}, enemies=[("redshirt", True, "A")])
    s["mercs"]["ivan"].update({"S": 1, "F": 4, "W": 4, "stance": "armour"})
    for position in range(60):
        events, after = system(enemy_turn(s, "02A", "cliff", ["e001"]), position=position * 10)
        if of(events, "enemy_attacked")[0]["wounds"] >= 2:
            break
    ko = of(events, "knocked_out")[0]
    assert ko["merc"] == "ivan" and ko["serious"] == 1
    ivan = after["mercs"]["ivan"]
    assert ivan["ko"] and ivan["sw"] == 1 and ivan["S"] == 0
    assert ivan["S"] + ivan["F"] + ivan["W"] == 9 - 1                # one cube on the Serious Wound token
    s2 = copy(after)
    s2["mercs"]["ivan"]["ko"] = False
    s2["mercs"]["ivan"]["stance"] = "armour"
    for position in range(60):
        events, dead = system(enemy_turn(s2, "02A", "cliff", ["e001"]), position=position * 10)
        if of(events, "died"):
            break
    assert dead["mercs"]["ivan"]["dead"] and "ivan" in dead["campaign"]["dead"]
    died = of(events, "died")[0]
    assert len(died["discarded"]) == len(died["kept"] + died["discarded"]) // 2
    assert dead["newcomers"] and dead["newcomers"][0]["cards"] == died["kept"]


def test_every_merc_knocked_out_at_once_loses_the_scenario():
    s = battle(team(), mercs={"ivan": "A", "cliff": "A", "raven": "A"}, enemies=[("pacifier", True, "A")])
    for m in ("ivan", "cliff", "raven"):
        s["mercs"][m].update({"S": 0, "F": 5, "W": 3, "stance": "armour"})
    s["mercs"]["ivan"]["S"] = 0
    s["mercs"]["cliff"]["ko"] = s["mercs"]["raven"]["ko"] = True
    events, after = system(enemy_turn(s, "02A", "cliff", ["e001"]))
    assert after["result"]["outcome"] == "defeat" and "knocked out" in after["result"]["text"]
    assert GAME.prompts(after) == {}


def test_medicine_from_another_merc_stands_a_knocked_out_merc_up():
    s = battle(team(), mercs={"ivan": "E", "cliff": "E"}, enemies=[("redshirt", False, "C")], active="cliff")
    s["mercs"]["ivan"].update({"S": 0, "W": 5, "ko": True, "sw": 1})
    s["mercs"]["cliff"]["inv"] = ["016"]
    events, after = play(s, "merc1", {"a": "use", "c": "016", "t": "ivan"})
    assert of(events, "stood_up") and not after["mercs"]["ivan"]["ko"] and after["mercs"]["ivan"]["S"] == 2


# ---- statuses (11.4), liberation and escape (12.4, 10.1)
def test_bleeding_wounds_the_merc_at_the_end_of_its_activation_and_stun_ends():
    s = battle(team(), mercs={"ivan": "E"}, enemies=[("redshirt", False, "C")], active="ivan")
    s["mercs"]["ivan"]["status"] = ["bleed", "stun"]
    events, after = play(s, "merc1", {"a": "end"})
    assert of(events, "bled") and after["mercs"]["ivan"]["W"] == 1
    assert after["mercs"]["ivan"]["status"] == ["bleed"]


def test_a_stunned_merc_pays_one_more_for_a_step_and_an_attack():
    s = battle(team(), mercs={"ivan": "E"}, enemies=[("redshirt", False, "D")], active="ivan")
    s["mercs"]["ivan"]["status"] = ["stun"]
    labels = [o["label"] for o in GAME.prompts(s)["merc1"]["options"]]
    assert "move to Area B (2 fatigue)" in labels
    assert any("single shot" in x and "2 fatigue" in x for x in labels)


def test_escape_takes_everyone_out_and_resets_the_sector():
    s = battle(team(), mercs={"ivan": "E", "cliff": "A"}, enemies=[("redshirt", False, "C")], active="ivan")
    events, after = play(s, "merc1", {"a": "escape", "to": "01A"})
    assert of(events, "escaped")[0]["mercs"] == ["ivan", "cliff"]
    assert after["mercs"]["ivan"]["sector"] == after["mercs"]["cliff"]["sector"] == "01A"
    assert after["sectors"]["02A"]["status"] == "occupied" and after["sectors"]["02A"]["card"] == "T01"
    assert not [e for e in after["enemies"].values() if e["sector"] == "02A"]
    assert not of(events, "enemy_turn")                               # the turn ended in a quiet Sector
    assert after["mercs"]["ivan"]["done"]


def test_the_enemy_activation_follows_in_the_merc_s_sector():
    s = battle(team(), mercs={"ivan": "E"}, enemies=[("redshirt", False, "D")], active="ivan")
    events, after = play(s, "merc1", {"a": "end"})
    assert "system" in GAME.prompts(after)
    events, after = system(after)
    assert types(events)[0] == "enemy_turn" and of(events, "enemy_attacked")


def test_the_basic_rules_have_no_dictator_phase():
    # L2201: Scenario 1 skips the Dictator Phase
    log, s = new()
    assert s["dictator"] is None and not s["flags"]["dictator"]


def test_specialization_adds_a_die_of_the_same_colour_only_when_granted():
    for position in range(200):
        plain = dice.roll(["orange"], Rng(b"spec", position))
        if plain["dice"][0].get("spec"):
            granted = dice.roll(["orange"], Rng(b"spec", position), spec=True)
            assert len(plain["dice"]) == 1 and len(granted["dice"]) >= 2
            assert {d["c"] for d in granted["dice"]} == {"orange"}
            return
    raise AssertionError("no specialization face came up")


def test_a_scenario_whose_tier_is_not_ready_is_refused_with_a_sentence():
    from games.jaggedalliance.setup import READY
    for scenario in ("1", "2", "3"):
        if scenario in READY:
            assert GAME.resolve_options({"scenario": scenario})["scenario"] == scenario
        else:
            try:
                GAME.resolve_options({"scenario": scenario})
            except Exception as bad:
                assert bad.code == "bad_option" and "does not play yet" in bad.message
            else:
                raise AssertionError(f"scenario {scenario} accepted")


def test_letting_the_others_go_first_leaves_the_last_seat_no_such_choice():
    # the choice of who acts next is the team's (9); waiting cannot go round for ever
    s = new(("ivan", "cliff", "raven", "fox"))[1]                    # two players, two mercs each
    assert {"wait": True} in options(s, "merc1") and {"wait": True} in options(s, "merc2")
    _, s = play(s, "merc1", {"wait": True})
    assert list(GAME.prompts(s)) == ["merc2"] and {"wait": True} not in options(s, "merc2")
    _, s = play(s, "merc2", {"merc": "cliff"})
    assert s["mercs"]["cliff"]["active"]


def test_a_stunned_merc_pays_one_fatigue_to_use_a_hand_item_from_the_inventory():
    # 11.4 (L2008-L2012): +1 Fatigue for each use of Equipment, slotted or from the Inventory
    s = battle(team(), mercs={"ivan": "E", "cliff": "E"}, enemies=[("redshirt", False, "C")], active="cliff")
    s["mercs"]["ivan"].update({"S": 5, "W": 3})
    s["mercs"]["cliff"].update({"inv": ["016"], "status": ["stun"]})
    labels = [o["label"] for o in GAME.prompts(s)["merc1"]["options"] if o["move"].get("a") == "use"]
    assert labels == ["use First Aid Kit on Ivan (1 fatigue: Stunned)"]
    S, F = s["mercs"]["cliff"]["S"], s["mercs"]["cliff"]["F"]
    events, after = play(s, "merc1", {"a": "use", "c": "016", "t": "ivan"})
    assert (after["mercs"]["cliff"]["S"], after["mercs"]["cliff"]["F"]) == (S - 1, F + 1)
    s["mercs"]["cliff"].update({"S": 0, "F": S + F})                  # no stamina left to pay it
    assert not [o for o in GAME.prompts(s)["merc1"]["options"] if o["move"].get("a") == "use"]
