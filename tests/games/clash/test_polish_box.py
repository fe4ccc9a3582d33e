"""CLASH's box and rules in Polish (issue "Play in the rulebooks' language"): every tile's name, text,
facts and group is said in Polish by the game's catalogue (``locales/pl.po`` with ``pl.box.po``), and
not copied from the English; the Polish rules (``locales/pl.rules.md``) have the English rules'
sections, with the same ids, levels and order, and about their length, and their examples of
notation read back to the English rules' moves; the box's messages keep the parts of their English
lines and none is fuzzy or empty."""

import re
from importlib import resources

import pytest
from babel.messages.pofile import read_po

from games.clash import GAME
from games.core import words

NAME = "clash"
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
    assert {c["kind"] for c in COMPONENTS} == {"tile"}
    assert len(COMPONENTS) == 32


@pytest.mark.parametrize("component", COMPONENTS, ids=[f"{c['kind']}-{c['key']}" for c in COMPONENTS])
def test_every_line_of_a_component_is_said_in_polish(component):
    for what, line in _lines(component):
        assert words.unsaid(NAME, line, "pl") == [], (what, line)
        said = words.say(NAME, line, "pl")
        assert said.strip(), (what, line)
        if what == "text" and len(line.split()) > 3:
            assert said != line, f"a copy, not a translation: {line!r}"


def test_the_tiles_are_said_in_the_rulebook_terms():
    said = {c["key"]: words.say(NAME, c["text"], "pl") for c in COMPONENTS}
    assert words.say(NAME, "Tiles", "pl") == "Kafle"
    assert words.say(NAME, "The neutral tiles (grey)", "pl") == "Kafle neutralne (szare)"
    assert words.say(NAME, "permanent", "pl") == "efekt trwały"
    assert "awersem do dołu" in said["president"] and "stos kafli usuniętych" in said["president"]
    assert "8 pól dookoła" in said["president"] and "ukośnie przylegające" in said["predator"]
    assert "efekt Bezpieczeństwo" in said["missile-strike"] and "Nagrodą Nobla" in said["missile-strike"]
    assert "zmienić poparcie" in said["banker"] and "białe" in said["banker"] and "czarne" in said["banker"]
    assert "szpica" in said["social-network"]
    assert said["kabooom"].startswith("Efekt trwały: gracz, którego ten kafel popiera")


def test_every_tile_has_its_own_polish_name():
    """A tile's Polish name is also notation: it reads back to its English name, and no two tiles
    share Polish words."""
    seen = {}
    for component in COMPONENTS:
        polish = words.say(NAME, component["name"], "pl")
        assert words.fold(polish) not in seen, (polish, component["name"])
        seen[words.fold(polish)] = component["name"]
        assert words.fold(words.read(NAME, polish, "pl")) == words.fold(component["name"]), polish


def test_the_polish_rules_have_the_english_sections():
    english, polish = _file("data/rules.md"), _file("locales/pl.rules.md")
    heads = [(len(h), i) for h, _, i in HEADING.findall(english)]
    assert len(heads) >= 18
    assert [(len(h), i) for h, _, i in HEADING.findall(polish)] == heads
    assert 0.8 <= len(polish) / len(english) <= 1.6
    assert words.document(NAME, "rules.md", "pl") == polish


def test_the_polish_rules_are_in_polish_words():
    polish = _file("locales/pl.rules.md")
    titles = [t for _, t, _ in HEADING.findall(polish)]
    assert {"Przygotowanie do rozgrywki", "Zniszczenie", "Zmiana poparcia", "Bezpieczeństwo"} <= set(titles)
    for english in ("Setup", "Security", "removed pile", "face down", "<!--", "seed", ".json", ".py"):
        assert english not in polish, english
    # the tiles whose reach is our reading are named in Polish, as the box names them
    assert "Niszczyciel McWorld, Predator" in polish and "Social Network, ONZ, Pikieta, Rozruchy" in polish
    # the examples of notation are in Polish words and read back to the English rules' examples
    examples = re.findall(r"`([^`]+)`", polish)
    english = re.findall(r"`([^`]+)`", _file("data/rules.md"))
    assert "prezydent c3 płd b2" in examples and "nie" in examples and len(examples) == len(english)
    for example, move in zip(examples, english):
        assert words.fold(words.read(NAME, example, "pl")) == words.fold(words.read(NAME, move, "pl")), (example, move)


def test_the_box_messages_keep_their_parts_and_are_whole():
    catalogue = read_po(resources.files(f"games.{NAME}").joinpath("locales/pl.box.po").open("rb"))
    messages = [m for m in catalogue if m.id]
    assert len(messages) >= 30
    for message in messages:
        assert not message.fuzzy, message.id
        assert isinstance(message.string, str) and message.string.strip(), message.id
        assert message.string != message.id, message.id
        assert sorted(PART.findall(message.id)) == sorted(PART.findall(message.string)), message.id
