"""The advanced tier (Scenario 3): missions and wanted posters (16), counterattacks (15.4, in
test_jagged_intermediate), the experienced enemies' special rules (13.6), the Tank's tokens."""

from games.jaggedalliance import GAME, enemy_ai
from games.jaggedalliance.data import MISSIONS
from tests.games.jaggedalliance.jagged_kit import activate, battle, copy, new, of, options, play, system


def team(mercs=("steroid", "fox", "shadow")):
    log, s = new(mercs, scenario="3")
    if s["stack"][-1]["k"] == "prepare":
        _, s = play(s, "merc1", {"shop": "done"})
    return s


def on_mission(s, mid, mercs, active):
    """Mercs standing on a mission card whose guards are placed (its battle begun)."""
    s = copy(s)
    s["sectors"][s["missions"][mid]["at"]]["status"] = "liberated"
    for m in mercs:
        s["mercs"][m].update({"sector": mid, "area": None})
    s["sectors"][mid]["status"] = "besieged"
    s["missions"][mid]["entered"] = True
    return activate(s, active)


def test_the_sam_site_is_placed_by_its_access_token_and_its_guards_come_on_entry():
    s = team()
    assert s["missions"]["M01"] == {"at": "07A", "state": "active", "step": 0, "entered": False}
    s["sectors"]["07A"]["status"] = "liberated"
    s["mercs"]["steroid"]["sector"] = "07A"
    s = activate(s, "steroid")
    assert {"a": "go", "to": "M01"} in options(s, "merc1")
    events, after = play(s, "merc1", {"a": "go", "to": "M01"})
    guards = of(events, "enemy_placed")
    assert [g["name"] for g in guards] == ["experienced Redshirt e001", "experienced Redshirt e002"]
    assert after["mercs"]["steroid"]["sector"] == "M01" and after["sectors"]["M01"]["status"] == "besieged"
    assert not [m for m in options(after, "merc1") if m.get("a") in ("go", "move")]   # no leaving but Escape
    assert {"a": "escape", "to": "07A"} not in options(after, "merc1")           # Escape comes first, not now
    fresh = activate(copy(after), "fox")
    fresh["mercs"]["fox"].update({"sector": "M01", "area": None})
    assert {"a": "escape", "to": "07A"} in options(fresh, "merc1")


def test_conditions_met_in_turn_by_different_mercs_and_the_steroid_roll():
    # L2831: Fox meets the first condition in her turn, another merc the second in his; L1395: a Mechanics
    # test of 2 passed on Steroid's red die with 3 successes leaves 1 to repair his armour
    s = on_mission(team(), "M01", ["fox", "shadow", "steroid"], "fox")
    s["enemies"] = {"e001": {"type": "redshirt", "elite": False, "xp": False, "sector": "M01", "area": None,
                             "dmg": 0, "status": [], "down": True, "hidden": False}}
    events, after = play(s, "merc1", {"a": "stance", "x": "armour"})       # the guards are down: condition 1
    met = of(events, "condition_met")
    assert met and met[0]["merc"] == "fox" and after["missions"]["M01"]["step"] == 1
    assert {"a": "test", "x": "mechanics"} in options(after, "merc1")
    after["dur"]["026"] = 1                                                  # Steroid's vest is worn
    after["mercs"]["steroid"]["weapons"] = ["009"]                           # his red die alone, as in the seed
    for position in range(200):
        trial = activate(copy(after), "steroid")
        trial["pool"]["rebels"] = 0                                          # no rebels to add: the roll at once
        events, done = play(trial, "merc1", {"a": "test", "x": "mechanics"}, position=position)
        rolled = of(events, "ability_rolled")[0]
        if rolled["roll"]["dice"] == [{"c": "red", "s": 3, "spec": True}]:
            assert rolled["passed"] and of(events, "condition_met")[0]["step"] == 2
            assert of(events, "mission_completed") and done["missions"]["M01"]["state"] == "done"
            assert done["pool"]["money"] == after["pool"]["money"] + 2
            assert GAME.prompts(done)["merc1"]["kind"] == "allocate"
            events, done = play(done, "merc1", {"to": "c:026"})
            assert done["dur"]["026"] == 0
            return
        if rolled["total"] < 2:
            assert rolled["passed"] is False and done["missions"]["M01"]["step"] == 1
    raise AssertionError("no red 3 came up")


def test_a_completed_mission_sends_its_mercs_to_the_access_sector():
    s = on_mission(team(), "M01", ["fox"], "fox")
    s["missions"]["M01"]["step"] = 1
    s["sectors"]["07A"]["status"] = "occupied"                               # taken back: a battle there
    s["hidden"]["threat"]["07A"] = "T02"
    s["pool"]["rebels"] = 0
    for position in range(100):
        events, after = play(s, "merc1", {"a": "test", "x": "mechanics"}, position=position)
        if of(events, "mission_completed"):
            break
    assert of(events, "left_for")[0]["to"] == "07A" and of(events, "left_for")[0]["group"]
    if after["stack"][-1]["k"] == "entry":
        events, after = play(after, "merc1", options(after, "merc1")[0])
    assert after["mercs"]["fox"]["sector"] == "07A" and after["sectors"]["07A"]["status"] == "besieged"


def test_escape_from_a_mission_resets_it():
    s = on_mission(team(), "M01", ["fox", "shadow"], "fox")
    s["missions"]["M01"]["step"] = 1
    s["enemies"] = {"e001": {"type": "redshirt", "elite": False, "xp": False, "sector": "M01", "area": None,
                             "dmg": 0, "status": [], "down": False, "hidden": False}}
    events, after = play(s, "merc1", {"a": "escape", "to": "07A"})
    assert after["missions"]["M01"] == {"at": "07A", "state": "active", "step": 0, "entered": False}
    assert not after["enemies"] and after["mercs"]["shadow"]["sector"] == "07A"


def test_the_sam_site_still_active_at_the_end_discards_the_pool_s_rebels():
    from games.jaggedalliance.campaign import build
    s = team()
    s["pool"]["rebels"] = 4
    s["result"] = {"winner": None, "outcome": "defeat", "text": "test"}
    save = build(s)
    assert save["rebels"] == 0 and "M01" in save["missions"]


def test_a_wanted_poster_is_the_enemy_and_leaves_the_campaign_when_beaten():
    s = team()
    s["missions"]["M13"] = {"at": "06B", "state": "active", "step": 0, "entered": False}
    s["sectors"]["M13"] = {**s["sectors"]["M01"], "status": "occupied"}
    s = activate(s, "fox")
    events, after = play(s, "merc1", {"a": "go", "to": "M13"})
    wanted = [e for e, x in after["enemies"].items() if x["type"] == "wanted"]
    assert wanted and of(events, "enemy_placed")[0]["name"] == "Iggy"
    after["enemies"][wanted[0]]["down"] = True
    after["enemies"][wanted[0]]["dmg"] = 0
    events, done = play(after, "merc1", {"a": "stance", "x": "armour"})
    assert of(events, "mission_completed") and "M13" in done["campaign"]["missions_removed"]
    assert done["mercs"]["fox"]["sector"] == "06B"


def test_experienced_redshirts_hide_as_well_as_there_are_redshirts():
    # L3041: the experienced Redshirt's Stealth is the number of Redshirts in the Sector, elite ones too
    from games.jaggedalliance.state import enemy_stealth
    s = battle(team(), tile="07A", mercs={"fox": "A"},
               enemies=[("redshirt", False, "A", {"xp": True}), ("redshirt", True, "B", {"xp": True}),
                        ("redshirt", False, "C"), ("sniper", False, "D")])
    assert enemy_stealth(s, "e001") == 3
    s["enemies"]["e003"]["down"] = True
    assert enemy_stealth(s, "e001") == 2


def test_a_hidden_sniper_shoots_from_its_tokens_until_the_crosshair_is_found():
    # L3046: no figure; a token on every threat symbol (these count as skirmishes); it still activates
    s = team()
    s["campaign"]["experienced"] = ["sniper"]
    s["hidden"]["threat"]["07A"] = "T03"
    s["mercs"]["fox"]["sector"] = "06B"
    s = activate(s, "fox")
    events, after = play(s, "merc1", {"a": "go", "to": "07A"})
    if after["stack"][-1]["k"] == "entry":
        events2, after = play(after, "merc1", {"area": "A"})
        events += events2
    sniper = next(e for e, x in after["enemies"].items() if x["type"] == "sniper")
    assert after["enemies"][sniper]["hidden"] and after["enemies"][sniper]["area"] is None
    tokens = [t for a in after["hidden"]["tokens"]["07A"].values() for t in a if t[1:] == sniper]
    assert len(tokens) + sum(1 for e in of(events, "skirmish") if e["token"][1:] == sniper) == 4
    assert not any(m.get("t") == sniper for m in options(after, "merc1") if m.get("a") == "attack")
    if not after["enemies"][sniper]["hidden"]:
        return                                                           # Fox landed on the crosshair
    target, why = enemy_ai.choose_target(after, sniper, "fox")
    assert target == "fox"
    crosshair = next(a for a, ts in after["hidden"]["tokens"]["07A"].items() if f"X{sniper}" in ts)
    after["mercs"]["fox"]["area"] = crosshair
    from games.jaggedalliance.battle import reveal
    from games.jaggedalliance.ctx import Ctx
    ctx = Ctx(after)
    reveal(ctx, "07A", crosshair, "fox")
    assert not ctx.s["enemies"][sniper]["hidden"] and ctx.s["enemies"][sniper]["area"] == crosshair


def test_the_tank_s_tokens_are_drawn_until_damage_gets_through():
    # L3074-L3091: a token revealed per attack; any damage through: all face down and mixed again
    from games.jaggedalliance.ctx import Ctx
    from games.jaggedalliance.tank import tank_armour
    from games.core import Rng
    s = battle(team(), tile="07A", mercs={"fox": "A"}, enemies=[("tank", False, "B")])
    s["hidden"]["tank"] = {"e001": [3, 2, 0, 1]}                          # values 3, 2, 0, 1
    s["tank"] = {"e001": []}
    ctx = Ctx(s, Rng(b"tank", 0))
    left, token = tank_armour(ctx, "e001", 2)
    assert (left, token["value"]) == (-1, 3) and ctx.s["tank"]["e001"] == [3]           # stays face up
    left, token = tank_armour(ctx, "e001", 2)
    assert (left, token["value"]) == (0, 2) and ctx.s["tank"]["e001"] == [3, 2]
    left, token = tank_armour(ctx, "e001", 2)
    assert (left, token["value"]) == (2, 0) and ctx.s["tank"]["e001"] == []             # through: mixed again
    assert sorted(ctx.s["hidden"]["tank"]["e001"]) == list(range(4))


def test_an_event_adds_a_mission_from_the_deck():
    from games.jaggedalliance.ctx import Ctx
    from games.jaggedalliance.dictator import apply
    from games.core import Rng
    s = team()
    top = s["hidden"]["decks"]["missions"][0]
    ctx = Ctx(s, Rng(b"mission", 0))
    apply(ctx, {"op": "mission"}, "Secret project")
    assert ctx.s["missions"][top]["state"] == "active"
    assert ctx.s["missions"][top]["at"] in ("07A", "06B") and not MISSIONS[top].get("set_aside")


def test_counterattacks_come_in_scenario_3():
    s = team()
    assert s["flags"]["counterattacks"] and s["flags"]["missions"]
    s["dictator"].update({"tokens": 2, "threat": 3})
    s["pool"]["rebels"] = 0
    s["stack"] = [{"k": "round", "phase": "dictator"}, {"k": "dictator", "stage": "raise"}]
    for m in s["order"]:
        s["mercs"][m]["done"] = True
    events, after = system(s)
    assert of(events, "counterattack")[0]["level"] == 4
