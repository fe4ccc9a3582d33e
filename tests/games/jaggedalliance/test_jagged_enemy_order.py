"""Who acts in an Enemy Activation (10.3, 13.2), each from a position: ties on initiative between
Snipers or Tanks go to the one really nearer the mercs; the enemies of a Sector act after the
active merc's turn even when Bleeding killed it."""

from games.jaggedalliance import enemy_ai
from tests.games.jaggedalliance.jagged_kit import battle, new, of, play, system


def team():
    return new(("ivan", "cliff", "raven"))[1]


def test_snipers_tied_on_initiative_go_by_their_real_distance_to_the_mercs():
    # Ignore Range makes every merc equally near when a Sniper picks its target, not in the order
    s = battle(team(), mercs={"ivan": "E"}, enemies=[("sniper", False, "A"), ("sniper", False, "D")])
    order = enemy_ai.order(s, "02A")
    assert [o["e"] for o in order] == ["e002", "e001"]          # D is 1 from E, A is 2
    assert "nearer the mercs" in order[1]["why"]


def test_tanks_tied_on_initiative_go_by_their_real_distance_to_the_mercs():
    s = battle(team(), mercs={"ivan": "A"}, enemies=[("tank", False, "F"), ("tank", False, "B")])
    assert [o["e"] for o in enemy_ai.order(s, "02A")] == ["e002", "e001"]


def test_the_enemies_act_after_bleeding_kills_the_active_merc():
    s = battle(team(), mercs={"ivan": "E", "cliff": "D"}, enemies=[("redshirt", False, "D")], active="ivan")
    s["mercs"]["ivan"].update({"S": 0, "F": 4, "W": 3, "sw": 1, "status": ["bleed"]})
    s["mercs"]["cliff"]["stance"] = "armour"
    events, after = play(s, "merc1", {"a": "end"})
    assert of(events, "died") and after["mercs"]["ivan"]["dead"]
    events, after = system(after)
    assert of(events, "enemy_turn")[0]["target"] == "cliff"
    assert of(events, "enemy_attacked")
