"""The campaign (7.5-7.7): a finished table's save, checked, and the next table started from it."""

import copy

import pytest

from games.core import IllegalMove, Rng, fold
from games.jaggedalliance import GAME
from games.jaggedalliance.campaign import fresh, validate
from games.jaggedalliance.data import CARDS, MERC
from tests.games.jaggedalliance.test_jagged_games import play_game


def finished(outcome: str, scenario="1", players=1, options=None):
    for i in range(60):
        _, _, state = play_game(f"camp-{outcome}-{scenario}-{i}".encode(),
                                {"players": players, "scenario": scenario, **(options or {})}, sensible=1.0)
        if state["result"]["outcome"] == outcome:
            return state
    raise AssertionError(f"no {outcome} found")


def start(options, players=1, seed=b"next"):
    opts = GAME.resolve_options({"players": players, "hire": "quick", **options})
    log = GAME.start(opts, list(GAME.table_seats(opts)), Rng(seed, 0))
    return fold(GAME, copy.deepcopy(log))


def test_a_victory_hands_on_its_rewards_and_the_mercs_with_their_cards():
    end = finished("victory")
    save = GAME.view(end, "merc1")["campaign_save"]
    assert validate(save) is save
    assert save["won"] == ["1"] and save["available"] == ["2"] and save["towns"] == ["Omerta"]
    assert save["money"] == end["pool"]["money"] + 2 and save["rebels"] == end["pool"]["rebels"] + 2
    assert save["income"] == ["041"] and {"030", "032"} <= set(save["market"])
    assert {c for c in save["market"] if "051" <= c <= "055"}                     # the first town's range (7.6)
    alive = [m for m in end["order"] if not end["mercs"][m]["dead"]]
    assert sorted(save["mercs"]) == sorted(alive)
    for m in alive:
        assert save["mercs"][m]["sw"] == end["mercs"][m]["sw"]                   # Serious Wounds persist (5.2)


def test_the_next_table_starts_from_the_save():
    end = finished("victory")
    save = end["campaign_save"]
    s = start({"scenario": "2", "campaign": save})
    assert s["stack"][-1]["k"] == "prepare"                                       # the shop first (7.5)
    for m in s["order"]:
        if m in save["mercs"]:
            kept = sorted(c for c in save["mercs"][m]["cards"])
            from games.jaggedalliance.state import held
            assert sorted(held(s, m)) == kept
            assert s["mercs"][m]["sw"] == save["mercs"][m]["sw"]
            assert s["mercs"][m]["S"] == MERC[m]["stamina"] + (1 if s["team_size"] == 3 else 0) - save["mercs"][m]["sw"]
    assert s["pool"]["money"] == save["money"] and s["market"] == save["market"]
    assert s["campaign"]["won"] == ["1"]
    owned = {c for info in save["mercs"].values() for c in info["cards"]}
    for deck in ("loot1", "loot2", "loot3"):
        assert not owned & set(s["hidden"]["decks"][deck])                         # carried loot is not dealt again


def test_a_lost_scenario_may_be_replayed_and_the_dead_stay_dead():
    end = finished("defeat")
    save = end["campaign_save"]
    assert "1" in save["available"] and save["won"] == []
    save = copy.deepcopy(save)
    save["dead"] = sorted(set(save["dead"]) | {"ivan"})
    save["mercs"].pop("ivan", None)
    s = start({"scenario": "1", "campaign": save})
    assert "ivan" not in s["order"]
    assert s["mercs"] and all(m not in save["dead"] for m in s["order"])


def test_a_save_that_does_not_hold_together_is_refused_with_a_sentence():
    good = fresh()
    bad_cases = [
        ("not a save", "JSON object"),
        ({**good, "v": 2}, "version"),
        ({**good, "money": -3}, "money"),
        ({**good, "market": ["999"]}, "no card '999'"),
        ({**good, "market": ["018", "018"]}, "held twice"),
        ({**good, "mercs": {"bond": {"cards": [], "sw": 0}}}, "no merc 'bond'"),
        ({**good, "mercs": {"ivan": {"cards": ["007"], "sw": 2}}}, "Serious Wound"),
        ({k: v for k, v in good.items() if k != "towns"}, "lacks towns"),
    ]
    for save, words in bad_cases:
        with pytest.raises(IllegalMove) as refused:
            GAME.resolve_options({"campaign": save})
        assert refused.value.code == "bad_campaign" and words in refused.value.message, (words, refused.value.message)
    with pytest.raises(IllegalMove) as refused:
        GAME.resolve_options({"campaign": good, "scenario": "3"})
    assert refused.value.code == "bad_option" and "scenario 1 next" in refused.value.message


def test_allies_sold_between_scenarios_go_back_to_the_market():
    save = fresh()
    save["available"] = ["2"]
    save["mercs"] = {"ivan": {"cards": ["007", "011", "030"], "sw": 0}}
    save["money"] = 0
    s = start({"scenario": "2", "campaign": save})
    assert s["mercs"]["ivan"]["allies"] == ["030"]
    from tests.games.jaggedalliance.jagged_kit import play
    _, s = play(s, "merc1", {"shop": "sell", "c": "030", "m": "ivan"})
    assert "030" in s["market"] and s["pool"]["money"] == CARDS["030"]["cost"] // 2


def test_a_table_starts_from_a_finished_table_s_save(store):
    import tables
    from tables import Invalid
    from tables.model import load
    seats = {"merc1": {"name": "Ana", "email": "ana@example.org"}}
    first = tables.start(store, "jaggedalliance", {"players": 1, "hire": "quick"}, seats, 1000.0, seed=bytes(32))
    table = load(store, first.table.id)
    for _ in range(3000):
        if table.result():
            break
        tables.advance(store, table.id, now=1001.0)
        table = load(store, table.id)
        if table.result():
            break
        seat = sorted(table.prompts())[0]
        move = table.game.bots["sensible"](table.state, seat, table.rng())
        table = tables.submit(store, table, seat, move=move, expected_seq=table.seq, now=1002.0).table
    save = tables.view(table, "merc1")["state"]["campaign_save"]
    scenario = save["available"][0]
    second = tables.start(store, "jaggedalliance", {"players": 1, "scenario": scenario, "campaign": save}, seats, 2000.0)
    assert load(store, second.table.id).state["campaign"]["played"] == save["played"]
    with pytest.raises(Invalid) as refused:
        tables.start(store, "jaggedalliance", {"players": 1, "campaign": {**save, "money": "lots"}}, seats, 2000.0)
    assert refused.value.code == "bad_campaign"
