"""La Famiglia's box and rules in Polish (issue "Play in the rulebooks' language"): every component's
name, text line, fact and group is said in Polish by the game's catalogue (``locales/pl.po`` with
``pl.box.po``), and not copied from the English; the Polish rules (``locales/pl.rules.md``) have the
English rules' sections, with the same ids, levels and order, and about their length; the box's
messages keep the parts of their English lines and none is fuzzy or empty."""

import re
from importlib import resources

import pytest
from babel.messages.pofile import read_po

from games.core import words
from games.lafamiglia import GAME

NAME = "lafamiglia"
HEADING = re.compile(r"^(#{2,4})\s+(.+?)\s*\{#([a-z0-9-]+)\}", re.MULTILINE)
PART = re.compile(r"\{(\w+)(?::\w+)?\}")
COMPONENTS = GAME.components()


def _file(name: str) -> str:
    return resources.files(f"games.{NAME}").joinpath(name).read_text(encoding="utf-8")


def _lines(component):
    """(what, English line) for everything a reader reads of a component."""
    yield "name", component["name"]
    yield "group", component["group"]
    for line in component["text"].split("\n"):
        if line.strip():
            yield "text", line.strip()
    for fact in component["facts"]:
        yield "fact", fact


def test_the_box_has_the_kinds_it_is_tested_for():
    kinds = {c["kind"] for c in COMPONENTS}
    assert kinds == {"order", "tile", "character", "column", "family", "sheet", "card"}
    assert len(COMPONENTS) == 115


@pytest.mark.parametrize("component", COMPONENTS, ids=[f"{c['kind']}-{c['key']}" for c in COMPONENTS])
def test_every_line_of_a_component_is_said_in_polish(component):
    for what, line in _lines(component):
        assert words.unsaid(NAME, line, "pl") == [], (what, line)
        said = words.say(NAME, line, "pl")
        assert said.strip(), (what, line)
        if what == "text" and len(line.split()) > 3:
            assert said != line, f"a copy, not a translation: {line!r}"


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


def test_the_polish_rules_have_the_english_sections():
    english, polish = _file("data/rules.md"), _file("locales/pl.rules.md")
    heads = [(len(h), i) for h, _, i in HEADING.findall(english)]
    assert len(heads) >= 20
    assert [(len(h), i) for h, _, i in HEADING.findall(polish)] == heads
    assert 0.8 <= len(polish) / len(english) <= 1.6
    assert words.document(NAME, "rules.md", "pl") == polish


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


def test_the_box_messages_keep_their_parts_and_are_whole():
    catalogue = read_po(resources.files(f"games.{NAME}").joinpath("locales/pl.box.po").open("rb"))
    messages = [m for m in catalogue if m.id]
    assert len(messages) >= 130
    for message in messages:
        assert not message.fuzzy, message.id
        assert isinstance(message.string, str) and message.string.strip(), message.id
        assert sorted(PART.findall(message.id)) == sorted(PART.findall(message.string)), message.id
