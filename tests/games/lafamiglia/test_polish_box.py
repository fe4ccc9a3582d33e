"""La Famiglia's box and rules in Polish (issue "Play in the rulebooks' language"): the game's own terms on
its components and in its rules, its Polish names read back, the notation examples of its Polish
rules read back to the English ones. What every game shares (each component's every line said and
not copied, the rules' sections, ids and links, the box's messages whole) is tested in
tests/games/test_polish_box.py."""

import re
from importlib import resources

from games.core import words
from games.lafamiglia import GAME

NAME = "lafamiglia"
HEADING = re.compile(r"^(#{2,4})\s+(.+?)\s*\{#([a-z0-9-]+)\}", re.MULTILINE)
COMPONENTS = GAME.components()


def _file(name: str) -> str:
    return resources.files(f"games.{NAME}").joinpath(name).read_text(encoding="utf-8")


def test_the_box_has_the_kinds_it_is_tested_for():
    kinds = {c["kind"] for c in COMPONENTS}
    assert kinds == {"order", "tile", "character", "column", "family", "sheet", "card"}
    assert len(COMPONENTS) == 115


def test_the_titles_of_the_component_lists_are_said():
    titles = {"Cards": "Karty", "Tiles": "Kafelki", "Order tokens": "Żetony rozkazów",
              "Action sheets": "Arkusze akcji", "The six columns": "Sześć kolumn",
              "Character cards": "Karty postaci", "Family boards": "Planszetki rodzin"}
    for english, polish in titles.items():
        assert words.say(NAME, english, "pl") == polish


def test_the_cards_agree_with_the_rulebook_terms():
    said = {(c["kind"], c["key"]): words.say(NAME, c["text"], "pl") for c in COMPONENTS}
    assert said["order", "black.b1"].startswith("Rozkaz zaopatrzenia, inicjatywa 1.")
    assert "Czaszka 2" in said["order", "black.b3"] and "Rozkaz ataku, inicjatywa 4." in said["order", "black.b3"]
    assert "Kamizelka 1" in said["order", "black.b2"]
    assert "siedzib" in said["character", "1"] and "laboratoria" in said["character", "1"]
    assert said["column", "a"].startswith("Szerzenie wpływów") and "Primo Giocatore" in said["column", "a"]
    assert "planszetki rodziny" in said["column", "b"]


def test_the_new_names_read_back_to_their_components():
    """A component's Polish name is also notation: it reads back to its English name, and no two
    components share Polish words."""
    said = {}
    for component in COMPONENTS:
        polish = words.say(NAME, component["name"], "pl")
        assert words.fold(polish) not in said, (polish, component["name"], said.get(words.fold(polish)))
        said[words.fold(polish)] = component["name"]
    for english in ["Action sheet 2", "Column c: Police", "Black's family board", "Il Padrino"]:
        assert words.read(NAME, words.say(NAME, english, "pl"), "pl") == english


def test_the_polish_rules_are_in_polish_words():
    polish = _file("locales/pl.rules.md")
    titles = [t for _, t, _ in HEADING.findall(polish)]
    assert "Faza planowania" in titles and "Finezja" in titles and "Przygotowanie" in titles
    for english in ("Setup", "The planning phase", "HQ", "Cowardice", "Betrayal", "seed", ".json", ".py"):
        assert english not in polish, english
    # the examples of notation are in Polish words and read back to the English rules' examples
    examples = re.findall(r"`([^`]+)`", polish)
    english = re.findall(r"`([^`]+)`", _file("data/rules.md"))
    assert "szerz c" in examples and "zawsze finezja" in examples and len(examples) == len(english)
    for example, move in zip(examples, english):
        assert words.fold(words.read(NAME, example, "pl")) == words.fold(words.read(NAME, move, "pl")), (example, move)
