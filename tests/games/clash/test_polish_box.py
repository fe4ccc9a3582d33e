"""CLASH's box and rules in Polish (issue "Play in the rulebooks' language"): the game's own terms on
its components and in its rules, its Polish names read back, the notation examples of its Polish
rules read back to the English ones. What every game shares (each component's every line said and
not copied, the rules' sections, ids and links, the box's messages whole) is tested in
tests/games/test_polish_box.py."""

import re
from importlib import resources

from games.clash import GAME
from games.core import words

NAME = "clash"
HEADING = re.compile(r"^(#{2,4})\s+(.+?)\s*\{#([a-z0-9-]+)\}", re.MULTILINE)
COMPONENTS = GAME.components()


def _file(name: str) -> str:
    return resources.files(f"games.{NAME}").joinpath(name).read_text(encoding="utf-8")


def test_the_box_has_the_kinds_it_is_tested_for():
    assert {c["kind"] for c in COMPONENTS} == {"tile"}
    assert len(COMPONENTS) == 32


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
