"""Jagged Alliance's box and rules in Polish (issue "Play in the rulebooks' language"): the game's own terms on
its components and in its rules, its Polish names read back, the notation examples of its Polish
rules read back to the English ones. What every game shares (each component's every line said and
not copied, the rules' sections, ids and links, the box's messages whole) is tested in
tests/games/test_polish_box.py."""

import re
from importlib import resources

from games.core import words
from games.jaggedalliance import GAME
from tables import reference

NAME = "jaggedalliance"
HEADING = re.compile(r"^(#{2,4})\s+(.+?)\s*\{#([a-z0-9-]+)\}", re.MULTILINE)
COMPONENTS = GAME.components()


def _file(name: str) -> str:
    return resources.files(f"games.{NAME}").joinpath(name).read_text(encoding="utf-8")


def test_the_box_has_the_kinds_it_is_tested_for():
    kinds = {c["kind"] for c in COMPONENTS}
    assert kinds == {"merc", "item", "ally", "income", "enemy", "event", "lieutenant", "mission"}
    assert len(COMPONENTS) == 126


def test_the_titles_of_the_card_lists_are_said():
    titles = {"Mercenaries": "Najemnicy", "Items": "Przedmioty", "Enemies": "Wrogowie", "Events": "Wydarzenia",
              "Allies": "Sojusznicy", "Income cards": "Karty Dochodu", "Lieutenants": "Porucznicy",
              "Missions": "Misje"}
    for english, polish in titles.items():
        assert words.say(NAME, english, "pl") == polish


def test_the_cards_agree_with_the_rulebook_terms():
    said = {(c["kind"], c["key"]): words.say(NAME, c["text"], "pl") for c in COMPONENTS}
    assert said["merc", "ivan"].startswith("Wytrzymałość 8; na początku każdej aktywacji odzyskuje 2 punkty Zmęczenia.")
    assert "Przywództwo: 1 pomarańczowa kostka; Mechanika: 1 żółta kostka" in said["merc", "ivan"]
    assert "Umiejętność „Weteran”: Twoje ataki bronią" in said["merc", "ivan"]
    assert "seria: Zmęczenie 2, 2 żółte kostki, zasięg 1, seria 2 strzałów" in said["item", "007"]
    assert "Efekt Obszarowy" in said["item", "105"] and "Odwrót" in said["item", "008"]
    assert "Podstawowy: Zdrowie 1, Pancerz 1, Obrażenia 3" in said["enemy", "redshirt"]
    assert "Elitarny (żółta podstawka)" in said["enemy", "sniper"]
    assert "test Mechaniki o trudności 2" in said["mission", "M01"] and "Czerwona Koszula" in said["mission", "M01"]
    assert "Nagroda za wyzwolenie jego Sektora: Sejf Elliota." in said["lieutenant", "253"]
    facts = words.say(NAME, "\n".join(c for c in ("costs 3$", "A.I.M. card", "loot (tier 2)", "yellow deck")), "pl")
    assert facts == "koszt: 3$\nkarta A.I.M.\nłup (poziom 2)\nżółta talia"
    # the one event the Polish rulebook prints is named as it prints it, and reads back to the game's card
    assert words.say(NAME, "Patching up", "pl") == "Łatanie"
    assert words.read(NAME, "Łatanie", "pl") == "Łatanie (Patching up)"


def test_no_two_cards_share_polish_words():
    """A card's Polish name is also notation: two different cards never get the same Polish words."""
    seen = {}
    for component in COMPONENTS:
        polish = words.fold(words.say(NAME, component["name"], "pl"))
        assert seen.setdefault(polish, component["name"]) == component["name"], (polish, component["name"])
    assert len(seen) >= 100


def test_the_polish_rules_are_in_polish_words():
    polish = _file("locales/pl.rules.md")
    titles = [t for _, t, _ in HEADING.findall(polish)]
    assert {"Gra w skrócie", "Twój najemnik", "Ataki", "Dyktator", "Scenariusze"} <= set(titles)
    for english in ("Stamina", "Fatigue", "Sector", "Besieged", "Command action", "seed", ".json", ".py"):
        assert english not in polish, english
    for term in ("Wytrzymałości", "Zmęczenie", "Powalony", "akcję Rozkazu", "Ruch Grupowy", "oblężony", "Potyczki",
                 "Kontratak", "Lądowanie w Omercie", "Lotnisko Drassen", "Cambria i wyrzutnia SAM"):
        assert term in polish, term


def test_the_polish_notation_examples_read_back_to_the_english_ones():
    examples = re.findall(r"`([^`]+)`", _file("locales/pl.rules.md"))
    english = re.findall(r"`([^`]+)`", _file("data/rules.md"))
    assert "aktywuj ivan" in examples and "strzelaj ak47 seria e003" in examples and len(examples) == len(english)
    lookup = reference.lookup_words()
    for example, move in zip(examples, english):
        first, _, _rest = example.partition(" ")
        if lookup.get(words.fold(first)) in {"item", "merc", "enemy", "event"}:
            # a card read instead of a move: the Polish lookup finds the same card as the English one
            assert reference.answer(GAME, example, "https://x", language="pl") == \
                reference.answer(GAME, move, "https://x", language="pl"), (example, move)
            continue
        assert words.fold(words.read(NAME, example, "pl")) == words.fold(words.read(NAME, move, "pl")), (example, move)
