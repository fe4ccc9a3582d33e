"""Rebels on armour rolls (14.3): "before an ability, attack or armour roll" a merc may spend
rebels from the Pool, +1 orange die each; an Enemy Activation does not wait for a player, so it is
a defence order (one rebel on each armour roll), from a position with fixed dice."""

from games.jaggedalliance import GAME
from tests.games.jaggedalliance.jagged_kit import battle, enemy_turn, new, of, options, play, system


def test_the_defence_order_is_offered_with_the_intermediate_rules_only():
    for scenario, offered in (("1", False), ("2", True)):
        s = battle(new(scenario=scenario)[1], tile="05A", mercs={"ivan": "E"}, enemies=[("redshirt", False, "C")], active="ivan")
        assert ({"a": "stance", "x": "auto/rebel"} in options(s, "merc1")) is offered


def test_a_rebel_from_the_pool_adds_an_orange_die_to_the_armour_roll():
    s = battle(new(scenario="2")[1], tile="05A", mercs={"ivan": "E"}, enemies=[("redshirt", False, "E")], active="ivan")
    events, s = play(s, "merc1", {"a": "stance", "x": "auto/rebel"}, {"a": "stance", "x": "armour/rebel"})
    assert s["mercs"]["ivan"]["stance"] == "armour/rebel"
    assert "a rebel from the Pool on each armour roll" in GAME.describe(events[-1])
    s["pool"]["rebels"] = 2
    plain = dict(s, mercs={**s["mercs"], "ivan": {**s["mercs"]["ivan"], "stance": "armour"}})
    events, after = system(enemy_turn(s, "05A", "ivan", ["e001"]))
    base, _ = system(enemy_turn(plain, "05A", "ivan", ["e001"]))
    with_rebel, without = of(events, "enemy_attacked")[0], of(base, "enemy_attacked")[0]
    assert with_rebel["rebels"] == 1 and after["pool"]["rebels"] == 1
    assert len(with_rebel["roll"]["dice"]) == len(without["roll"]["dice"]) + 1
    assert with_rebel["roll"]["dice"][-1]["c"] == "orange"
    s["pool"]["rebels"] = 0                                   # none left: the order costs nothing
    events, after = system(enemy_turn(s, "05A", "ivan", ["e001"]))
    assert of(events, "enemy_attacked")[0]["rebels"] == 0
