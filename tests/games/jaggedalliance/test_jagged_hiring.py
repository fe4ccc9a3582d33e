"""Hiring in a campaign (5.2, 7.5-7.7): a merc not used so far takes over a campaign merc's
Equipment and Serious Wounds; a dead merc's replacement brings no kit of its own, takes the dead
one's cards and may take cards from the reserve."""

import copy

from games.core import Rng, fold
from games.jaggedalliance import GAME
from games.jaggedalliance.campaign import default_for
from games.jaggedalliance.state import held
from tests.games.jaggedalliance.jagged_kit import battle, new, of, options, play


def campaign():
    """After Scenario 1: Ivan (with a Serious Wound), Cliff and Raven kept with their cards."""
    camp = default_for("2")
    camp["mercs"] = {"ivan": {"cards": ["007", "011", "051"], "sw": 1}, "cliff": {"cards": ["008", "012", "016"], "sw": 0},
                     "raven": {"cards": ["006", "013"], "sw": 0}}
    camp["market"] = [c for c in camp["market"] if c != "051"]
    return camp


def started(camp, hire="choose"):
    opts = GAME.resolve_options({"players": 1, "scenario": "2", "hire": hire, "campaign": camp})
    log = GAME.start(opts, list(GAME.table_seats(opts)), Rng(b"hiring", 0))
    return fold(GAME, copy.deepcopy(log))


def test_a_new_merc_takes_over_the_equipment_and_serious_wounds_of_the_merc_it_replaces():
    s = started(campaign())
    assert {"merc": "fox", "instead": "ivan"} in options(s, "merc1")
    assert {"merc": "fox"} not in options(s, "merc1")          # no free kit while a campaign merc waits
    events, s = play(s, "merc1", {"merc": "fox", "instead": "ivan"})
    fox = s["mercs"]["fox"]
    assert sorted(held(s, "fox")) == ["007", "011", "051"] and fox["sw"] == 1
    assert fox["S"] == 6 + 1 - 1                                  # 3 mercs: +1; one cube on the Serious Wound
    assert "ivan" not in s["campaign"]["mercs"]
    assert of(events, "hired")[0]["replaces"] == "ivan"


def test_quick_hiring_keeps_the_campaign_mercs_and_a_newcomer_s_kit_holds_no_card_the_campaign_has():
    camp = campaign()
    camp["mercs"]["steroid"] = {"cards": ["009"], "sw": 1}
    s = started(camp, hire="quick")                              # 1 player: 3 mercs of the 4 kept
    assert sorted(s["order"]) == ["cliff", "ivan", "raven"]
    camp = campaign()
    del camp["mercs"]["raven"]
    camp["dead"] = ["raven", "steroid"]
    camp["market"] = sorted(camp["market"] + ["001"])            # one of Fox's Berettas was sold
    s = started(camp, hire="quick")                              # two kept, Fox hired the first time
    assert sorted(s["order"]) == ["cliff", "fox", "ivan"]
    assert sorted(held(s, "fox")) == ["002", "019"] and "001" in s["market"]


def test_a_dead_merc_s_replacement_brings_no_kit_and_is_offered_the_reserve():
    log, s = new()
    s = battle(s, mercs={"cliff": "E"}, enemies=[("redshirt", False, "C")], active="cliff")
    s["mercs"]["ivan"].update({"dead": True, "sector": None, "area": None, "weapons": [], "armour": None})
    s["campaign"]["dead"] = ["ivan"]
    s["reserve"] = ["051"]
    s["stack"] = [{"k": "round", "phase": "players"},
                  {"k": "replace", "seat": "merc1", "dead": "ivan", "cards": ["007"]}]
    events, after = play(s, "merc1", {"merc": "fox"})
    assert held(after, "fox") == ["007"]                          # the dead merc's card, not Fox's kit
    assert {"fetch": "051"} in options(after, "merc1")
    events, after = play(after, "merc1", {"fetch": "051"})
    assert sorted(held(after, "fox")) == ["007", "051"] and after["reserve"] == []
    assert GAME.prompts(after)["merc1"]["kind"] == "place"
