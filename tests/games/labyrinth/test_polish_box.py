"""Labyrinth's box and rules in Polish (issue "Play in the rulebooks' language"): the game's own terms on
its components and in its rules, its Polish names read back, the notation examples of its Polish
rules read back to the English ones. What every game shares (each component's every line said and
not copied, the rules' sections, ids and links, the box's messages whole) is tested in
tests/games/test_polish_box.py."""

import re
from importlib import resources

from games.core import words
from games.labyrinth import GAME

NAME = "labyrinth"
HEADING = re.compile(r"^(#{2,4})\s+(.+?)\s*\{#([a-z0-9-]+)\}", re.MULTILINE)
COMPONENTS = GAME.components()


def _file(name: str) -> str:
    return resources.files(f"games.{NAME}").joinpath(name).read_text(encoding="utf-8")


def test_the_box_has_the_kinds_it_is_tested_for():
    assert {c["kind"] for c in COMPONENTS} == {"card"}
    assert sorted(int(c["key"]) for c in COMPONENTS) == list(range(1, 121))


def test_the_titles_and_groups_are_said():
    expected = {"Cards": "Karty", "US cards": "Karty US", "Jihadist cards": "Karty Dżihadystów",
                "Unassociated cards": "Karty nieskojarzone", "1 Op": "1 punkt operacji",
                "3 Ops": "3 punkty operacji", "lapsing: lasts this turn": "krótkotrwała: działa do końca tury",
                "removed after the event": "usuwana z gry po zdarzeniu"}
    for english, polish in expected.items():
        assert words.say(NAME, english, "pl") == polish
    assert {words.say(NAME, c["group"], "pl") for c in COMPONENTS} == {
        "Karty US", "Karty Dżihadystów", "Karty nieskojarzone"}


def test_the_cards_agree_with_the_rulebook_and_the_log():
    said = {c["key"]: words.say(NAME, c["text"], "pl").split("\n") for c in COMPONENTS}
    facts = {c["key"]: [words.say(NAME, f, "pl") for f in c["facts"]] for c in COMPONENTS}
    assert said["3"][0] == "Możliwe do zagrania, jeśli: postawa US jest Miękka."
    assert said["4"][0].startswith("Zdarzenie: Przetestuj Filipiny. Fundusze -1.")
    assert "zostawia znacznik: Moro Talks" in facts["4"]
    assert said["120"][0].startswith("Zdarzenie") and "zachodzi zawsze, gdy zostanie zagrana lub odrzucona" in facts["120"]
    both = [c for c in COMPONENTS if any(line.startswith("US event: ") for line in c["text"].split("\n"))]
    assert len(both) == 16
    for card in both:
        lines = said[card["key"]]
        assert any(line.startswith("Zdarzenie US: ") for line in lines)
        assert any(line.startswith("Zdarzenie Dżihadystów: ") for line in lines)
    # the card's event reads as the game's own narration of it
    event = next(line for line in COMPONENTS[0]["text"].split("\n") if line.startswith("Event: "))
    assert said["1"][1] == "Zdarzenie: " + words.say(NAME, event.removeprefix("Event: "), "pl")
    everything = "\n".join(line for lines in said.values() for line in lines)
    for english in ("Playable if", "Event:", "Solo:", " the ", " is in effect"):
        assert english not in everything, english


def test_the_card_names_still_read_back():
    """The cards keep their printed names (as the Polish rulebook names them); each reads back."""
    for component in COMPONENTS:
        polish = words.say(NAME, component["name"], "pl")
        assert words.fold(words.read(NAME, polish, "pl")) == words.fold(component["name"]), component["name"]


def test_the_polish_rules_have_the_english_lists():
    """As many list items and numbered steps as the English rules (the sections, ids and links:
    tests/games/test_polish_box.py)."""
    english, polish = _file("data/rules.md"), _file("locales/pl.rules.md")
    for mark in (r"^\s*- ", r"^\d+\. "):
        assert len(re.findall(mark, polish, re.MULTILINE)) == len(re.findall(mark, english, re.MULTILINE)), mark


def test_the_polish_rules_are_in_polish_words():
    polish = _file("locales/pl.rules.md")
    titles = [t for _, t, _ in HEADING.findall(polish)]
    for title in ("Jak wygrać", "Wojna Idei (WI)", "Rozmieszczenie", "Zmiana Reżimu", "Rozbicie",
                  "Ponowna ocena", "Rekrutacja", "Podróż", "Dżihad", "Intryga", "Rozpatrywanie intryg"):
        assert title in titles, title
    for term in ("Prestiż", "Fundusze", "Tor Funduszy", "Tor Oddziałów", "Oblężony Reżim", "kadr",
                 "Uśpion", "Aktywn", "BMR", "Zdarzeń Krótkotrwałych", "1-szej Intrygi", "Postawa Światowa"):
        assert term in polish, term
    for english in ("How to win", "Funding", "Prestige", "Sleeper", "governance", "seed", ".json", ".py", "catalogue"):
        assert english not in polish, english


def test_the_polish_notation_examples_read_back_to_the_english_ones():
    polish = re.findall(r"`([^`]+)`", _file("locales/pl.rules.md"))
    english = re.findall(r"`([^`]+)`", _file("data/rules.md"))
    assert len(polish) == len(english) >= 15
    assert "27 operacje wojna idei pakistan" in polish and "karta 27" in polish
    whole = {"saudi": "saudi arabia", "us": "united states"}     # an English prefix, a Polish whole name
    for example, move in zip(polish, english):
        read = words.fold(words.read(NAME, example, "pl"))
        expected = words.fold(words.read(NAME, move, "pl"))
        if not any(c.isdigit() for c in move) or len(move.split()) == 1:
            assert read == expected or expected.startswith(read), (example, move)
            continue
        assert read == " ".join(whole.get(w, w) for w in expected.split()), (example, move)
