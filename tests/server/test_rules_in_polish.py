"""The rules pages in the reader's language (issue "Play in the rulebooks' language"): `/rules/<game>`
for a Polish reader (a link's `?lang=pl`, or the page language chosen) holds the game's Polish rules
under the same section ids and every component said in Polish under the same anchor;
components.json?lang=pl gives the seat page's script the same, with the words it shows; the
English pages stay as they were."""

import re

from markupsafe import escape

import games
from games.core import words
from tables import reference

GAMES = ["clash", "jaggedalliance", "labyrinth", "lafamiglia"]


def test_a_polish_rules_page_has_the_polish_rules_and_components_under_the_same_addresses(client):
    for name in GAMES:
        game = games.get(name)
        page = client.get(f"/rules/{name}?lang=pl").get_data(as_text=True)
        english = client.get(f"/rules/{name}").get_data(as_text=True)
        for section, polish in zip(reference.sections(game), reference.sections(game, "pl"), strict=True):
            assert f'id="{section.id}"' in page, (name, section.id)
            assert polish.title in page and section.id == polish.id
        assert reference.sections(game, "pl")[0].title not in english
        for c in reference.components(game, "pl"):
            assert f'id="{reference.anchor(c)}"' in page
            assert str(escape(c["text"])).split("\n")[0][:80] in page, (name, c["key"])
            assert str(escape(c["name"])) in page
        assert "{#" not in page


def test_the_page_language_chosen_gives_the_polish_rules_too(client):
    client.post("/language", data={"language": "pl", "next": "/rules/clash"})
    page = client.get("/rules/clash").get_data(as_text=True)
    assert reference.sections(games.get("clash"), "pl")[0].title in page


def test_components_json_in_polish_carries_the_said_texts_and_the_scripts_words(client):
    for name in GAMES:
        game = games.get(name)
        data = client.get(f"/rules/{name}/components.json?lang=pl").json
        assert data["language"] == "pl" and data["rules"] == f"/rules/{name}?lang=pl"
        assert data["words"]["close"] == "Zamknij" and "%(name)s" in data["words"]["what"]
        said = {reference.anchor(c): c for c in reference.components(game, "pl")}
        for c in data["components"]:
            assert c["name"] == said[c["anchor"]]["name"]
            assert c.get("text", "") == said[c["anchor"]].get("text", "")
        english = client.get(f"/rules/{name}/components.json").json
        assert english["language"] == "en" and english["words"]["close"] == "Close"
        assert [c["name"] for c in english["components"]] == [c["name"] for c in game.components()]


def test_every_reach_drawing_on_the_clash_page_is_labelled_in_polish():
    for c in games.get("clash").components():
        if c.get("svg"):
            assert words.unsaid_svg("clash", c["svg"], "pl") == [], c["key"]
    said = [c["svg"] for c in reference.components(games.get("clash"), "pl") if c.get("svg")]
    assert said and all("szpic" in svg and not re.search(r"the fields it acts on|\(front\)", svg) for svg in said)
