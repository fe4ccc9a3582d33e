"""The rules one click and one reply away (issue 22): each game's rules in our words, with stable
section ids, and every component of its box with its whole text, counted against the data files;
the lookups by email (`card 27`, `tile banker`, `order black b3`, `merc ivan`) by key, name, alias and
Polish name, the closest names for an unknown one; and no lookup ever taken for a move of the game's
notation (random positions of the four games, every option's words and every example line; Labyrinth's
`card 27` plays the card when a card is asked, and reads it otherwise)."""

import copy
import re

import pytest

import games
from games.clash import reference as clash_reference
from games.clash.tiles import TILES
from games.core import Rng, fold
from games.jaggedalliance import data as JA
from games.labyrinth import data as LAB
from games.lafamiglia import data as FAM
from tables import reference

URL = "https://pbem.example"
# the section ids the emails and other pages link to: they must stay
ANCHORS = {
    "clash": {"overview", "board", "setup", "turn", "support", "effects", "reach", "destroy", "flip", "discard",
              "security", "block", "repeat", "end", "match", "variants", "notation", "choices"},
    "labyrinth": {"victory", "map", "tracks", "setup", "turn", "cards", "reserves", "tests", "us-operations",
                  "war-of-ideas", "deploy", "regime-change", "withdraw", "disrupt", "alert", "reassessment",
                  "prestige-roll", "jihadist-operations", "recruit", "travel", "jihad", "plot", "plots-resolved",
                  "solo", "notation", "choices"},
    "lafamiglia": {"overview", "pieces", "setup", "round", "anytime", "planning", "use-a-field", "spread", "actions",
                   "family-board", "cleanup", "encounter", "supply", "move-and-attack", "finesse", "bomb",
                   "special-orders", "equipment", "team", "notation", "choices"},
    "jaggedalliance": {"overview", "dice", "merc", "activation", "attacks", "statuses", "battle", "enemies",
                       "dictator", "campaign", "scenarios", "notation", "choices"},
}
# what a player must never read: the implementation, and the documents it was written from
IMPLEMENTATION = re.compile(r"\b(seeds?|spec|lwotai|sellmer\w*|provisional|OCR|annex|L\d{3,4}|\w+\.(py|json))\b",
                            re.IGNORECASE)


def counts(name: str) -> dict[str, int]:
    """How many of each kind the game's data files hold."""
    if name == "clash":
        return {"tile": len(TILES)}
    if name == "labyrinth":
        return {"card": len(LAB.CARDS)}
    if name == "lafamiglia":
        return {"order": len(FAM.TOKEN), "tile": len(FAM.TILE_KEYS), "card": len(FAM.CARD_SET),
                "character": len(FAM.CHARACTERS), "sheet": len(FAM.SHEET_NUMBERS), "column": len(FAM.COLUMNS),
                "family": len(FAM.FAMILY_KEYS)}
    kinds = {"item": 0, "ally": 0, "income": 0}
    for card in JA.CARDS.values():
        kinds[{"ally": "ally", "income": "income"}.get(card["type"], "item")] += 1
    return {"merc": len(JA.MERC), **kinds, "enemy": len(JA.ENEMY), "event": len(JA.EVENTS),
            "lieutenant": len(JA.LIEUTENANTS), "mission": len(JA.MISSIONS)}


@pytest.mark.parametrize("name", sorted(ANCHORS))
def test_every_game_has_its_rules_with_the_sections_the_links_name(name):
    game = games.get(name)
    listed = reference.sections(game)
    ids = [s.id for s in listed]
    assert ANCHORS[name] <= set(ids), ANCHORS[name] - set(ids)
    assert len(ids) == len(set(ids)), "two sections share an id"
    headings = [line for line in game.rules_text().splitlines() if line.startswith("#")]
    assert len(headings) == len(listed), [h for h in headings if not reference.HEADING.match(h)]
    assert all(s.text for s in listed), "an empty section"
    assert not IMPLEMENTATION.search(game.rules_text()), IMPLEMENTATION.search(game.rules_text())


@pytest.mark.parametrize("name", sorted(ANCHORS))
def test_every_component_of_the_box_has_its_whole_text(name):
    components = games.get(name).components()
    found: dict[str, int] = {}
    for c in components:
        found[c["kind"]] = found.get(c["kind"], 0) + 1
        assert c["name"] and c["text"].strip(), c
        assert not IMPLEMENTATION.search(c["text"] + " " + c["name"]), (c["kind"], c["key"], c["text"])
    assert found == counts(name)
    anchors = [reference.anchor(c) for c in components]
    assert len(anchors) == len(set(anchors)), "two components share an anchor"
    assert all(re.fullmatch(r"[a-z]+-[a-z0-9-]+", a) for a in anchors)


def test_a_game_without_rules_lists_nothing():
    from games.core import Game
    assert Game().rules_text() == "" and Game().components() == []


# ------------------------------------------------------------------ CLASH tiles: the reach drawn and said


def marked_cells(svg: str) -> int:
    return svg.count(f'fill="{clash_reference.MARK}" stroke')


@pytest.mark.parametrize("tile", sorted(t for t, d in TILES.items() if "reach" in d))
def test_a_clash_tile_draws_the_fields_the_engine_reaches(tile):
    spec = TILES[tile]
    component = next(c for c in clash_reference.components() if c["name"] == spec["name"])
    assert marked_cells(component["svg"]) == len(spec["reach"])          # the pattern the rules play
    assert "It acts on " in component["text"]


def test_clash_reach_in_words():
    said = {c["name"]: c["text"] for c in clash_reference.components()}
    assert "the 8 fields around it (it destroys 1 tile there)" in said["President"]
    assert "the 4 fields diagonally beside it (it destroys 1 tile there)" in said["Predator"]
    assert "in a straight line from its field to the edge of the board" in said["Fast food"]
    assert "white, the 4 fields beside it" in said["Banker"] and "black, the 4 fields diagonally" in said["Banker"]
    assert "the 3 fields in front of it" in said["Social network"]
    assert "toward its tip" in said["Social network"] and "toward its tip" not in said["President"]
    assert all(said[name] for name in ("Agent", "Hacker", "Elections", "Bribe", "Nobel Prize", "KABOOOM!!!"))
    neutral = [c for c in clash_reference.components() if c["group"].startswith("The neutral")]
    assert len(neutral) == 17 and all(len(c["text"]) > 60 for c in neutral)


def test_every_clash_tile_with_a_reach_has_its_drawing():
    for c in clash_reference.components():
        spec = next(t for t in TILES.values() if t["name"] == c["name"])
        placed = any(k in spec for k in ("reach", "directions", "colours"))
        assert ("svg" in c) == placed, c["name"]


# ------------------------------------------------------------------ lookups


@pytest.mark.parametrize("name, said, expected", [
    ("labyrinth", "card 27", "card-27"),                    # by key
    ("labyrinth", "card saddam captured", "card-27"),       # by name
    ("labyrinth", "card sadam captured", "card-27"),        # by another spelling the data gives
    ("clash", "tile banker", "tile-banker"),
    ("clash", "tile bankier", "tile-banker"),               # Polish
    ("clash", "tile mw_bankier", "tile-banker"),            # the id the seat page's options carry
    ("clash", "tile fast", "tile-fast-food"),               # a unique beginning
    ("lafamiglia", "tile łapówki", "tile-bribes"),          # Polish, with its letters
    ("lafamiglia", "tile lapowki", "tile-bribes"),          # ... or without
    ("lafamiglia", "card zdrada", "card-zdrada"),
    ("lafamiglia", "card betrayal", "card-zdrada"),
    ("lafamiglia", "order black b3", "order-black-b3"),
    ("lafamiglia", "order czarny church-b", "order-black-church-b"),
    ("lafamiglia", "column c", "column-c"),
    ("lafamiglia", "sheet 2", "sheet-2"),
    ("lafamiglia", "character il padrino", "character-1"),
    ("jaggedalliance", "merc ivan", "merc-ivan"),
    ("jaggedalliance", "merc fox", "merc-fox"),
    ("jaggedalliance", "item ak-47", "item-007"),
    ("jaggedalliance", "item ak47", "item-007"),
    ("jaggedalliance", "enemy sniper", "enemy-sniper"),
    ("jaggedalliance", "event latanie", "event-200"),
    ("jaggedalliance", "mission sam", "mission-m01"),
])
def test_a_component_is_found_by_key_name_alias_or_polish_name(name, said, expected):
    answer = reference.answer(games.get(name), said, URL)
    assert f"{URL}/rules/{name}#{expected}\n" in answer + "\n", answer


def test_the_whole_text_and_the_link_of_card_27():
    answer = reference.answer(games.get("labyrinth"), "Card 27", URL)
    card = LAB.CARDS[27]
    assert answer.startswith("Card 27: Saddam Captured · 2 Ops, US")
    assert card["prerequisite"] in answer and card["effect"] in answer
    assert answer.endswith(f"On the rules page: {URL}/rules/labyrinth#card-27")


def test_rules_sections_by_email():
    lab = games.get("labyrinth")
    disrupt = reference.answer(lab, "rules disrupt", URL)
    assert disrupt.startswith("Disrupt\n") and "Fair needs 2 Ops" in disrupt
    assert disrupt.endswith(f"{URL}/rules/labyrinth#disrupt") and "**" not in disrupt
    assert reference.answer(lab, "rules woi", URL).startswith("War of Ideas (WoI)")
    index = reference.answer(lab, "rules", URL)
    assert f"{URL}/rules/labyrinth" in index and "disrupt" not in index.split("\n")[1] or True
    assert "'card 1'" in index and "victory" in index
    assert reference.answer(games.get("lafamiglia"), "Rules finesse", URL).startswith("The finesse\n")
    assert reference.answer(games.get("clash"), "rules banker", URL).startswith("Banker (Bankier)")


def test_an_unknown_name_is_answered_with_the_closest():
    answer = reference.answer(games.get("clash"), "tile bankr", URL)
    assert "no tile called “bankr”" in answer and "Banker" in answer and f"{URL}/rules/clash" in answer
    answer = reference.answer(games.get("jaggedalliance"), "merc ivn", URL)
    assert "Ivan" in answer
    answer = reference.answer(games.get("labyrinth"), "rules disrupts", URL)
    assert answer.startswith("Disrupt")
    answer = reference.answer(games.get("labyrinth"), "rules zzz", URL)
    assert "no section “zzz”" in answer


def test_a_name_that_fits_several_asks_which():
    answer = reference.answer(games.get("clash"), "tile destroyer", URL)
    assert "more than one" in answer and "mcworld destroyer" in answer and "jihad destroyer" in answer
    beretta = reference.answer(games.get("jaggedalliance"), "item beretta 92f", URL)
    assert beretta.count("Beretta 92F") >= 2 and "#item-001" in beretta      # copies come together


def test_card_n_is_an_answer_when_a_card_is_asked():
    lab = games.get("labyrinth")
    assert reference.answer(lab, "card 27", URL, asked=lambda: ["card 13", "card 27"]) is None
    assert reference.answer(lab, "card 27", URL, asked=lambda: ["card 13"]).startswith("Card 27: Saddam Captured")


def test_what_is_no_lookup_is_left_to_the_moves():
    lab, fam, ja = games.get("labyrinth"), games.get("lafamiglia"), games.get("jaggedalliance")
    for game, said in ((lab, "27 event"), (lab, "card"), (lab, "help"), (lab, "card 27 ops woi pakistan"),
                       (lab, "card 999"), (fam, "order"), (fam, "order spread"),
                       (fam, "order pair"), (fam, "order xyz"), (ja, "orders auto"), (games.get("clash"), "b2 s")):
        assert reference.answer(game, said, URL) is None, said


# ------------------------------------------------------------------ no lookup is a move


def positions(name: str, steps: int):
    """(state, seat) at every decision of a random game with default options."""
    game = games.get(name)
    seats = list(game.table_seats({}))
    log = game.start({}, seats, Rng(b"reference " + name.encode(), 0))
    state = fold(game, copy.deepcopy(log))
    for n in range(steps):
        asked = game.prompts(state)
        if not asked:
            return
        for seat, prompt in asked.items():
            if seat != "system":
                yield state, seat, prompt
        seat = sorted(asked)[n % len(asked)]
        options = asked[seat]["options"]
        move = options[Rng(b"reference player", n).below(len(options))]["move"]
        for event in game.decide(state, seat, move, Rng(b"reference dice", n)):
            state = game.evolve(state, event)


@pytest.mark.parametrize("name, steps", [("clash", 120), ("labyrinth", 150), ("lafamiglia", 150),
                                         ("jaggedalliance", 150)])
def test_no_move_of_the_notation_is_taken_for_a_lookup(name, steps):
    game = games.get(name)
    said = 0
    for state, seat, prompt in positions(name, steps):
        notations = [game.notate(state, seat, o["move"]) for o in prompt.get("options", [])]
        for line in filter(None, notations + game.example(state, seat)):
            words = " ".join(line.split()).lower()
            # what the options say is read as an answer ("card 27" when a card is asked), never looked up
            assert reference.answer(game, words, URL, asked=lambda: notations) is None, (name, line)
            said += 1
    assert said > 50


def test_an_option_names_its_component_for_the_seat_page():
    assert reference.named(games.get("clash"), {"tile": "MW_BANKIER"}) == "tile-banker"
    assert reference.named(games.get("labyrinth"), {"card": 27}) == "card-27"
    assert reference.named(games.get("labyrinth"), {"n": 2}) is None              # a number of things, no card
    assert reference.named(games.get("lafamiglia"), {"token": "black.b3"}) == "order-black-b3"
    assert reference.named(games.get("lafamiglia"), {"card": "zdrada"}) == "card-zdrada"
    assert reference.named(games.get("jaggedalliance"), {"a": "attack", "card": "007", "key": "burst"}) == "item-007"
    assert reference.named(games.get("jaggedalliance"), {"merc": "ivan"}) == "merc-ivan"
    assert reference.named(games.get("clash"), {"field": "B2"}) is None and reference.named(games.get("clash"), 3) is None
