"""The provisional data: consistent (check()), every file marked with its sources, the tile
geometry derived as drawn, the seed's card fragments carried over."""

import json
from pathlib import Path

from games.jaggedalliance import data as D

DATA = Path(D.__file__).parent


def test_the_data_set_is_consistent():
    assert D.check() == []


def test_every_data_file_says_it_is_provisional_and_where_it_comes_from():
    for path in sorted(DATA.glob("*.json")):
        doc = json.loads(path.read_text())
        assert doc.get("provisional") is True, path.name
        assert "seed" in doc["source"].lower() or "spec" in doc["source"].lower(), path.name
        assert "MISSING" in doc["source"] or "our reading" in doc["source"], path.name


def test_the_check_reports_a_broken_edit():
    tile = D.TILES["02A"]
    saved = tile["areas"]["A"]["box"]
    tile["areas"]["A"]["box"] = [0, 0, 2, 1]          # overlaps B
    try:
        assert any("overlaps" in p for p in D.check())
    finally:
        tile["areas"]["A"]["box"] = saved
    assert D.check() == []


def test_adjacency_comes_from_the_boxes_and_red_borders_block_only_movement():
    # 4.3: two graphs per Sector; 02A has a red border between B and C
    g = D.GRAPH["02A"]
    assert "C" in g["range"]["B"] and "C" not in g["move"]["B"]
    assert D.RANGE_DIST["02A"]["B"]["C"] == 1
    assert D.MOVE_DIST["02A"]["B"]["C"] == 3      # B-E-F-C around the border
    assert g["edges"]["A"] == ["N", "W"] and g["edges"]["E"] == ["S"]


def test_the_seed_fragments_are_in_the_cards():
    # spec 2 / 6.4 / 13.1: the English card art the seed kept
    assert D.CARDS["105"]["name"] == "Hand Grenade" and D.CARDS["105"]["cost"] == 1
    assert D.CARDS["181"]["name"] == "Grenade Launcher" and D.CARDS["181"]["cost"] == 3
    assert D.MERC["fox"]["skill"]["text"].startswith("You have an additional weapon slot.")
    assert D.MERC["steroid"]["mechanics"] == ["red"]                      # L1395
    assert D.enemy_row("redshirt", False, False) == {"h": 1, "a": 1, "d": 3, "r": 0, "s": 1, "loot": 1}
    assert D.enemy_row("sniper", True, False)["r"] is None                # range '-'
    assert "ignore_range" in D.enemy_special("sniper", False)
    assert D.EVENTS["200"]["effects"] == [{"op": "enemy_statuses_removed"}]
    assert D.LIEUTENANTS["253"]["name"] == "Lieutenant Elliot"
    assert D.MISSIONS["M01"]["conditions"][1] == {"kind": "test", "ability": "mechanics", "difficulty": 2,
                                                  "text": "sabotage the launcher"}
    assert [r["key"] for r in D.DICTATORS["deidranna"]["rules"]] == ["loyal_subject", "elliot_you_idiot",
                                                                      "arms_eyes_ears"]
    assert D.THREATS["T01"]["setup"] == {"A": {"skirmish": 1}, "B": {"enemies": [["redshirt", False], ["redshirt", True]]},
                                         "D": {"skirmish": 1}}


def test_dice_faces_fit_the_rulebook():
    # spec 3: 0 to 4 successes a face, blue succeeds half the time, red can show 3 (Steroid)
    for colour, faces in D.FACES.items():
        assert all(0 <= f["s"] <= 4 for f in faces)
    assert sum(1 for f in D.FACES["blue"] if f["s"] > 0) * 2 == len(D.FACES["blue"])
    assert any(f["s"] == 3 for f in D.FACES["red"])


def test_the_sniper_sets_and_the_tank_s_tokens_are_the_box_s_sixteen():
    # L89: "16 żetonów Snajperów i Czołgów"; a hidden sniper lays one on each symbol A-D (L3046)
    assert D.SNIPER_SETS["sets"] * D.SNIPER_SETS["tokens"] + len(D.TANK_TOKENS) == 16
    saved = D.TANK_TOKENS[:]
    D.TANK_TOKENS.append(0)
    try:
        assert any("16 tokens" in p for p in D.check())
    finally:
        D.TANK_TOKENS[:] = saved


def test_a_layout_holds_one_side_of_each_double_sided_tile():
    # L49: "17 dwustronnych Sektorów"
    for scenario in D.SCENARIOS.values():
        numbers = [spot["tile"][:-1] for spot in scenario["layout"]]
        assert len(numbers) == len(set(numbers))
    layout = D.SCENARIOS["1"]["layout"]
    saved = layout[1]["tile"]
    layout[1]["tile"] = "05B"                                    # beside 05A
    try:
        assert any("both sides of one tile" in p for p in D.check())
    finally:
        layout[1]["tile"] = saved


def test_a_sniper_placed_while_every_set_is_on_the_map_stands_as_a_figure():
    from games.core import Rng
    from games.jaggedalliance.battle import spawn
    from games.jaggedalliance.ctx import Ctx
    from tests.games.jaggedalliance.jagged_kit import battle, new
    log, s = new()
    s = battle(s, mercs={"ivan": "E"})
    s["campaign"]["experienced"] = ["sniper"]
    ctx = Ctx(s, Rng(b"sets", 0))
    placed = [spawn(ctx, "sniper", False, "02A", "A", "a test") for _ in range(D.SNIPER_SETS["sets"] + 1)]
    assert [ctx.s["enemies"][e]["hidden"] for e in placed] == [True, True, True, False]
    assert ctx.s["enemies"][placed[-1]]["area"] == "A"


def test_the_rulings_are_listed_for_players():
    # GET /games: every choice the engine makes where the rulebook is silent or ambiguous, in a
    # player's words, the rulebook's own words (Polish, then English) beside those they frame
    import re
    from games.jaggedalliance import GAME
    implementation = re.compile(r"\(L\d|\bL\d{2,}|\bspec\b|\bseed|our reading|provisional|\.py\b|\.json\b|\bAMBIGUOUS\b",
                                re.IGNORECASE)
    polish = re.compile("[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]")
    rulings = GAME.rulings()
    ids = [r["id"] for r in rulings]
    assert len(ids) == len(set(ids)) and not set(ids) & set(GAME.options)
    assert {"victory_loot", "merc_swap", "new_merc_kit", "dead_merc_replacement", "rebels_on_armour",
            "sniper_sets", "tank_tokens", "double_sided_tiles", "defence_orders", "round_limit"} <= set(ids)
    for r in rulings:
        assert set(r) <= {"id", "rule", "choice", "provisional", "words"} and r["provisional"] is True
        assert not implementation.search(r["choice"]) and not polish.search(r["choice"]), r["id"]
        if "words" in r:
            assert polish.search(r["words"]) and "(" in r["words"] and not implementation.search(r["words"]), r["id"]
