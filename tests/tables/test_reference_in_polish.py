"""The rules one reply away, in the reader's language (issue "Play in the rulebooks' language"): a
Polish seat writes `zasady`, `karta 27`, `kafel bankier` (or the English words) and reads the answer
in Polish: the component's name, text and facts from the game's catalogue, the rules' sections from
the game's Polish rules (the same section ids, so the links agree), the links to the Polish page."""

import pytest

import games
from games.core import words
from tables import reference

URL = "https://pbem.example"
GAMES = ("clash", "jaggedalliance", "labyrinth", "lafamiglia")


def test_the_lookup_words_of_every_language_are_read_and_said():
    read = reference.lookup_words()
    assert read["karta"] == "card" and read["zasady"] == "rules" and read["kafel"] == "tile"
    assert read["card"] == "card" and read["rules"] == "rules"
    lab = games.get("labyrinth")
    assert reference.lookup(reference.said(lab, lab.components()[26], "pl"), "pl") == "karta 27"
    assert reference.lookup(lab.components()[26]) == "card 27"


@pytest.mark.parametrize("typed", ["karta 27", "card 27", "KARTA 27"])
def test_a_card_looked_up_by_a_polish_seat_is_said_in_polish(typed):
    lab = games.get("labyrinth")
    said = reference.answer(lab, typed, URL, language="pl")
    assert said.startswith("Karta 27: " + words.say("labyrinth", lab.components()[26]["name"], "pl"))
    assert said.endswith("#card-27") and "Na stronie zasad: " in said
    english = reference.answer(lab, "card 27", URL)
    assert english.startswith("Card 27: ") and "On the rules page: " in english and "?lang=" not in english


def test_a_tile_is_found_by_its_polish_or_english_name():
    clash = games.get("clash")
    by_polish = reference.answer(clash, "kafel bankier", URL, language="pl")
    by_english = reference.answer(clash, "tile banker", URL, language="pl")
    assert by_polish == by_english
    assert by_polish.startswith(words.say("clash", "Banker", "pl"))
    assert "#tile-banker" in by_polish


def test_the_rules_index_and_an_unknown_section_in_polish():
    for name in GAMES:
        game = games.get(name)
        index = reference.answer(game, "zasady", URL, language="pl")
        assert index.startswith(f"Zasady gry {game.title}: {URL}/rules/{name}")
        assert "Odpisz „zasady”" in index
        unknown = reference.answer(game, "zasady xyzzy", URL, language="pl")
        assert unknown.startswith(f"Zasady gry {game.title} nie mają rozdziału „xyzzy”.")


@pytest.mark.parametrize("name", GAMES)
def test_a_section_looked_up_by_a_polish_seat_is_the_polish_rules_section_with_the_same_id(name):
    game = games.get(name)
    english, polish = reference.sections(game), reference.sections(game, "pl")
    assert [s.id for s in english] == [s.id for s in polish]
    if words.document(name, "rules.md", "pl") is None:
        pytest.skip("this game's rules are not written in Polish")
    first = polish[0]
    said = reference.answer(game, f"zasady {first.id}", URL, language="pl")
    assert said.startswith(first.title + "\n") and said.endswith(f"{URL}/rules/{name}?lang=pl#{first.id}")
    assert first.title != english[0].title
