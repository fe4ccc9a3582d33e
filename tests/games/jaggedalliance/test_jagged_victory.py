"""Victory (7.2, 7.4): the scenario ends at once when its goal is met, after the team loots the
fallen and collects the tokens where mercs stand; each from a position with fixed dice."""

from games.jaggedalliance import GAME
from tests.games.jaggedalliance.jagged_kit import battle, new, of, play, types

SHOT = {"a": "attack", "c": "007", "k": "shot", "t": "e001"}
HIT = b"\x00"          # the seed whose roll defeats the Redshirt


def last_battle(enemies=(("redshirt", False, "D"),), **more):
    """Scenario 1 with 02A and 03A liberated: Ivan in 05A, the last Sector to liberate."""
    log, s = new()
    for tile in ("02A", "03A"):
        s["sectors"][tile]["status"] = "liberated"
        s["hidden"]["threat"].pop(tile, None)
    return battle(s, tile="05A", mercs={"ivan": "D"}, enemies=enemies, active="ivan", **more)


def test_the_scenario_ends_with_the_shot_that_meets_its_goal():
    events, after = play(last_battle(), "merc1", SHOT, {"spend": "roll"}, seed=HIT)
    assert of(events, "liberated") and types(events)[-1] == "scenario_over"
    assert after["result"]["outcome"] == "victory"
    assert GAME.prompts(after) == {}                       # no action after the goal is met
    assert after["stack"] == []


def test_the_fallen_and_the_caches_where_mercs_stand_are_looted_at_victory():
    s = last_battle(enemies=(("redshirt", False, "D"), ("redshirt", True, "A", {"down": True})))
    s["mercs"]["cliff"].update({"sector": "04A", "area": "B"})          # in another Sector, by a cache
    s["sectors"]["04A"].update({"status": "besieged", "card": "T01", "loot": {"B": ["K01"]}})
    s["hidden"]["threat"].pop("04A", None)
    events, after = play(s, "merc1", SHOT, {"spend": "roll"}, seed=HIT)
    spoils = of(events, "victory_looted")
    assert {(e["sector"], e["tier"]) for e in spoils} == {("05A", 1), ("05A", 2), ("04A", 1)}
    assert all(e["card"] for e in spoils)
    taken = {e["card"]: e["merc"] for e in of(events, "card_received")}
    assert all(taken[e["card"]] == ("cliff" if e["sector"] == "04A" else "ivan") for e in spoils)
    assert after["result"]["outcome"] == "victory"
    assert after["sectors"]["04A"]["loot"] == {} and "K01" in after["removed_tokens"]
    for e in spoils:
        owner = taken[e["card"]]
        assert e["card"] in after["campaign_save"]["mercs"][owner]["cards"]
