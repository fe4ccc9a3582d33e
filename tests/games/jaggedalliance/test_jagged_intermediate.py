"""The intermediate rules (Scenario 2 on): the Dictator Phase, threat, events, day and night,
counterattacks, lieutenants, money, rebels, bribes, training, allies, income, the shop."""

from games.jaggedalliance import GAME
from games.jaggedalliance.data import CARDS, DICTATORS, LIEUTENANTS
from tests.games.jaggedalliance.jagged_kit import activate, battle, copy, new, of, options, play, system


def team(scenario="2", mercs=("ivan", "cliff", "raven")):
    """A deployed team at scenario 2 (the shop passed), the first activation asked."""
    log, s = new(mercs, scenario=scenario)
    if s["stack"][-1]["k"] == "prepare":
        _, s = play(s, "merc1", {"shop": "done"})
    return s


def dictator_phase(s, tokens=0, threat=None, deck=None, colour="yellow"):
    """The stack at the start of the Dictator Phase, with these pending tokens."""
    s = copy(s)
    s["dictator"]["tokens"] = tokens
    if threat is not None:
        s["dictator"]["threat"] = threat
    if deck is not None:
        s["hidden"]["decks"][colour] = deck
    s["stack"] = [{"k": "round", "phase": "dictator"}, {"k": "dictator", "stage": "raise"}]
    for m in s["order"]:
        s["mercs"][m]["done"] = True
    return s


def test_setup_of_the_dictator_board():
    # 8.1 steps 10-12; Deidranna's loyal subject: Elliot in play, who starts the track at 2
    s = team()
    d = s["dictator"]
    assert d["name"] == "deidranna" and d["lieutenants"] == ["253"] and d["threat"] == 2
    assert d["counter"] == [x["level"] for x in DICTATORS["deidranna"]["track"] if x.get("counter")]
    assert d["slots"] == ["194"] and d["day"] and d["tokens"] == 0          # the Setup card in slot 1
    assert list(s["hidden"]["lt_at"]) == ["253"] and s["sectors"][s["hidden"]["lt_at"]["253"]]["status"] == "occupied"


def test_the_latanie_example():
    # L2440-L2460: threat rises to 3 (still yellow); the event 'Łatanie' (#200) strips every enemy's statuses
    s = battle(team(), tile="05A", mercs={"ivan": "A"}, enemies=[("redshirt", False, "B", {"status": ["bleed", "stun"]})])
    s = dictator_phase(s, tokens=1, threat=2, deck=["200", "195"])
    events, after = system(s)
    raised = of(events, "threat_raised")[0]
    assert (raised["source"], raised["to"]) == (2, 3) and after["dictator"]["threat"] == 3
    assert of(events, "event_drawn")[0]["card"] == "200" and of(events, "event_drawn")[0]["deck"] == "yellow"
    assert after["enemies"]["e001"]["status"] == []
    assert after["dictator"]["slots"] == ["194", "200"]
    assert after["round"] == s["round"] + 1


def test_day_and_night_arithmetic():
    # 15.3 (INFERRED): the Setup card fills slot 1, so the first Day lasts two phases; the third empties the
    # row and turns to Night, and that phase adds no Threat token; the Day token adds one at each Day phase
    s = team()
    tokens_after = []
    for phase in range(4):
        s = dictator_phase(s, tokens=s["dictator"]["tokens"], threat=0)
        _, s = system(s)
        tokens_after.append((s["dictator"]["day"], len(s["dictator"]["slots"]), s["dictator"]["tokens"]))
    assert tokens_after[0] == (True, 2, 1) and tokens_after[1] == (True, 3, 1)
    assert tokens_after[2] == (False, 1, 0) and tokens_after[3] == (False, 2, 0)


def test_a_counterattack_token_in_scenario_2_is_discarded_without_one():
    s = team()
    first = s["dictator"]["counter"][0]
    s = dictator_phase(s, tokens=2, threat=first - 1)
    events, after = system(s)
    assert after["dictator"]["threat"] == first + 1 and first not in after["dictator"]["counter"]
    assert "no counterattacks in this scenario" in " ".join(of(events, "threat_raised")[0]["notes"])
    assert not of(events, "counterattack") and after["result"] is None


def test_a_counterattack_comes_at_once_and_the_pool_s_rebels_join():
    # 15.4: on a '!' space, before any further raise; strength = the level's skulls; stationed rebels roll
    s = team()
    s["flags"]["counterattacks"] = True
    s["pool"]["rebels"] = 3
    s["sectors"]["04A"]["rebels"] = 1
    first = s["dictator"]["counter"][0]
    skulls = DICTATORS["deidranna"]["track"][first]["skulls"]
    s = dictator_phase(s, tokens=3, threat=first - 1)
    events, mid = system(s)
    assert mid["dictator"]["threat"] == first and mid["dictator"]["tokens"] == 2      # stopped at the counterattack
    prompt = GAME.prompts(mid)["merc1"]
    assert prompt["kind"] == "counterattack" and len(prompt["options"]) == 4
    outcomes = set()
    for position in range(80):
        events, after = play(mid, "merc1", {"rebels": 1}, position=position * 7)
        fight = of(events, "counterattack")[0]
        assert fight["strength"] == skulls and len(fight["roll"]["dice"]) == 2      # 1 stationed + 1 from the Pool
        assert after["pool"]["rebels"] == 2 and after["sectors"]["04A"]["rebels"] == 1
        if fight["repelled"]:
            assert fight["roll"]["total"] >= skulls and after["result"] is None
            assert after["stack"][-1] == {"k": "dictator", "stage": "raise"}     # the raising goes on
            outcomes.add("repelled")
        else:
            assert after["result"]["outcome"] == "defeat" and "counterattack" in after["result"]["text"]
            outcomes.add("lost")
    assert outcomes == {"repelled", "lost"}


def test_the_top_of_the_track_discards_tokens_and_brings_a_lieutenant():
    # L2493 and 'My arms, eyes and ears': at 10, the rest of the tokens go, a new lieutenant, the track reset
    s = team()
    s["hidden"]["decks"]["lieutenants"] = ["249"] + s["hidden"]["decks"]["lieutenants"][1:]
    s = dictator_phase(s, tokens=4, threat=8)
    events, after = system(s)
    assert of(events, "threat_raised")[0]["to"] == 10
    assert of(events, "dictator_ability") and of(events, "lieutenant_drawn")[0]["lt"] == "249"
    assert "249" in after["dictator"]["lieutenants"] and after["dictator"]["threat"] == 0
    assert "249" in after["hidden"]["lt_at"]


def test_a_bribe_lowers_the_threat_at_once_and_elliot_makes_it_dearer():
    # 10.2 d: pay, roll that many blue dice, lower the threat; Elliot: each bribe costs 2 money more
    s = battle(team(), tile="05A", mercs={"ivan": "A"}, enemies=[("redshirt", False, "C")], active="ivan")
    s["pool"]["money"] = 5
    s["dictator"]["threat"] = 4
    bribes = [m["n"] for m in options(s, "merc1") if m.get("a") == "bribe"]
    assert bribes == [1, 2, 3]                                     # 5 money, 2 of them Elliot's surcharge
    events, after = play(s, "merc1", {"a": "bribe", "n": 3})
    bribe = of(events, "bribed")[0]
    assert after["pool"]["money"] == 0 and bribe["surcharge"] == 2 and len(bribe["roll"]["dice"]) == 3
    assert after["dictator"]["threat"] == 4 - bribe["roll"]["total"]


def test_training_puts_a_pool_rebel_in_a_slot_of_a_liberated_sector():
    s = activate(team(), "ivan")
    s["pool"]["rebels"] = 3
    for n in (1,):
        events, s = play(s, "merc1", {"a": "train"})
        assert s["sectors"]["04A"]["rebels"] == n and s["pool"]["rebels"] == 3 - n
    s = activate(s, "cliff")
    assert not any(m.get("a") == "train" for m in options(s, "merc1"))     # 04A has one slot


def test_rebels_add_an_orange_die_to_an_attack():
    s = battle(team(), tile="05A", mercs={"ivan": "B"}, enemies=[("redshirt", False, "B")], active="ivan")
    s["pool"]["rebels"] = 2
    events, after = play(s, "merc1", {"a": "attack", "c": "007", "k": "shot", "t": "e001"}, {"spend": "rebel"},
                         {"spend": "rebel"}, {"spend": "roll"})
    assert of(events, "attack")[0]["rebels"] == 2 and after["pool"]["rebels"] == 0
    assert [d["c"] for d in of(events, "shot")[0]["roll"]["dice"]].count("orange") == 2


def test_income_is_paid_at_the_scenario_start():
    # 14.5: the team owns 'Omerta supporters' (Scenario 1's reward): 1 rebel into the Pool
    s = team()
    assert "041" in s["income"] and s["pool"]["rebels"] == 2 + 1


def test_an_ally_gives_its_dice_and_its_action():
    s = battle(team(), tile="05A", mercs={"ivan": "A"}, enemies=[("redshirt", False, "B")], active="ivan")
    s["mercs"]["ivan"]["allies"] = ["030", "032"][:1]
    assert any(m.get("c") == "030" for m in options(s, "merc1") if m.get("a") == "attack")
    from games.jaggedalliance.gear import ability_dice
    s["mercs"]["ivan"]["allies"] = ["032"]
    assert ability_dice(s, "ivan", "leadership") == ["orange", "orange"]        # Miguel's bonus die


def test_elliot_defends_his_sector_with_a_skirmish_in_every_area():
    s = activate(team(), "ivan")
    s["hidden"]["lt_at"] = {"253": "05A"}
    s["hidden"]["threat"]["05A"] = "T02"
    s["mercs"]["ivan"]["sector"] = "04A"
    events, after = play(s, "merc1", {"a": "go", "to": "05A"})
    if after["stack"][-1]["k"] == "entry":
        events2, after = play(after, "merc1", options(after, "merc1")[0])
        events += events2
    found = of(events, "lieutenant_found")
    assert found and found[0]["lt"] == "253" and after["sectors"]["05A"]["lt"] == "253"
    placed = sum(after["sectors"]["05A"]["facedown"].values()) + len(of(events, "skirmish"))
    assert placed >= 5 + 1                                                  # one per Area, plus the card's


def test_elliot_you_idiot_adds_one_token_for_the_first_skull_sector_liberated_in_a_round():
    s = battle(team(), tile="05A", mercs={"ivan": "A"}, enemies=[("redshirt", False, "A", {"down": True})],
               card="T03", active="ivan")
    events, after = play(s, "merc1", {"a": "stance", "x": "armour"})
    assert of(events, "liberated") and after["dictator"]["tokens"] == 1
    s2 = battle(after, tile="10A", mercs={"cliff": "A"}, enemies=[("redshirt", False, "A", {"down": True})],
                card="T03", active="cliff")
    events, again = play(s2, "merc1", {"a": "stance", "x": "armour"})
    assert of(events, "liberated") and again["dictator"]["tokens"] == 1


def test_defeating_a_lieutenant_gives_its_reward_and_removes_it_for_the_campaign():
    s = battle(team(), tile="05A", mercs={"ivan": "A"}, enemies=[("redshirt", False, "A", {"down": True})],
               active="ivan")
    s["sectors"]["05A"]["lt"] = "253"
    s["hidden"]["lt_at"] = {}
    events, after = play(s, "merc1", {"a": "stance", "x": "armour"})
    assert of(events, "lieutenant_defeated") and "253" not in after["dictator"]["lieutenants"]
    assert "253" in after["campaign"]["lieutenants_out"]
    assert LIEUTENANTS["253"]["reward"] in after["mercs"]["ivan"]["inv"] + after["mercs"]["ivan"]["weapons"]


def test_the_shop_buys_at_cost_and_sells_at_half():
    # 7.5: buy from the Market deck at its cost, sell at half value rounded down
    log, s = new(("ivan", "cliff", "raven"), scenario="2")
    assert s["stack"][-1]["k"] == "prepare"
    money = s["pool"]["money"]
    buy = next(m for m in options(s, "merc1") if m.get("shop") == "buy")
    events, s = play(s, "merc1", buy)
    assert s["pool"]["money"] == money - CARDS[buy["c"]]["cost"] and buy["c"] not in s["market"]
    events, s = play(s, "merc1", {"shop": "sell", "c": "007", "m": "ivan"})
    assert s["pool"]["money"] == money - CARDS[buy["c"]]["cost"] + 1 and "007" in s["market"]
    events, s = play(s, "merc1", {"shop": "done"})
    assert s["mercs"]["ivan"]["sector"] == "04A" and of(events, "deployed")
