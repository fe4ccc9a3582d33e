"""The rules pages (issue 22): `/rules` lists the four games, `/rules/<game>` holds each game's rules
with its sections under stable ids and every component of the box with its whole text under its own
anchor (the addresses the emails link to), `/rules/<game>/components.json` the same for the seat
page's script; `/` and every seat page link to them; nothing of a table is ever on them."""

import html
import re
import time

from markupsafe import escape

import games
import tables
from tables import reference

GAMES = ["clash", "jaggedalliance", "labyrinth", "lafamiglia"]


def test_the_rules_index_lists_every_game(client):
    page = client.get("/rules").get_data(as_text=True)
    for name in GAMES:
        assert f'href="/rules/{name}"' in page and html.escape(games.get(name).title) in page
    assert 'href="/rules/labyrinth#victory"' in page and 'href="/rules/clash#choices"' in page


def test_each_rules_page_holds_its_sections_and_every_component(client):
    for name in GAMES:
        game = games.get(name)
        answer = client.get(f"/rules/{name}")
        assert answer.status_code == 200 and answer.mimetype == "text/html"
        page = answer.get_data(as_text=True)
        for section in reference.sections(game):
            assert f'id="{section.id}"' in page, (name, section.id)
        components = game.components()
        assert page.count('class="component"') == len(components)
        for c in components:
            assert f'id="{reference.anchor(c)}"' in page
            assert str(escape(c["text"])).split("\n")[0][:80] in page, (name, c["key"])
        assert page.count("<svg") == sum(1 for c in components if c.get("svg"))
        assert "{#" not in page and "<!--" not in page.split("</style>")[1]      # the markdown rendered whole


def test_the_clash_page_draws_every_reach_and_the_labyrinth_page_has_disrupt(client):
    clash = client.get("/rules/clash").get_data(as_text=True)
    banker = clash[clash.index('id="tile-banker"'):clash.index('id="tile-pop-star"')]
    assert "<svg" in banker and "white, the 4 fields beside it" in banker
    assert "(Bankier)" in banker and "By email: <code>tile banker</code>" in banker
    labyrinth = client.get("/rules/labyrinth").get_data(as_text=True)
    disrupt = labyrinth[labyrinth.index('id="disrupt"'):]
    assert "Fair needs 2 Ops" in disrupt[:1500]
    card = labyrinth[labyrinth.index('id="card-27"'):]
    assert "Saddam Captured" in card[:500] and "Troops are in Iraq." in card[:1500]


def test_la_famiglia_and_jagged_alliance_say_once_what_is_our_reading(client):
    for name in ("lafamiglia", "jaggedalliance"):
        page = client.get(f"/rules/{name}").get_data(as_text=True)
        assert page.count("is our reading") == 1, name
        assert "provisional" not in page.lower()


def test_an_unknown_game_has_no_rules_page(client):
    answer = client.get("/rules/chess")
    assert answer.status_code == 404 and "no game called “chess”" in answer.get_data(as_text=True)
    answer = client.get("/rules/chess/components.json")
    assert answer.status_code == 404 and answer.json["code"] == "unknown_game" and "chess" in answer.json["message"]


def test_the_components_for_the_seat_page(client):
    for name in GAMES:
        data = client.get(f"/rules/{name}/components.json").json
        components = games.get(name).components()
        assert data["rules"] == f"/rules/{name}" and len(data["components"]) == len(components)
        first = data["components"][0]
        assert first["anchor"] == reference.anchor(components[0]) and first["text"] == components[0]["text"]


def test_the_home_page_and_the_seat_page_link_to_the_rules(client, store):
    home = client.get("/").get_data(as_text=True)
    for name in GAMES:
        assert f'/rules/{name}">The rules</a>' in home
    started = tables.start(store, "clash", {}, {"mcworld": {"name": "Ann", "email": "ann@example.org"},
                                                "jihad": {"name": "Bob", "email": "bob@example.org"}},
                           time.time(), seed=b"rules link")
    token = started.tokens["mcworld"]
    page = client.get(f"/play/{started.table.id}?token={token}").get_data(as_text=True)
    assert '<a href="/rules/clash" id="seat-rules">Rules</a>' in page
    assert re.search(r'<script src="/static/reference\.js\?v=\w+" data-components="/rules/clash/components\.json" '
                     r'defer></script>', page)
    assert client.get("/static/reference.js").status_code == 200


def test_the_rules_show_nothing_of_a_table(client, store):
    """Hidden information: the pages and the components are the box's, the same before and after a
    table is dealt and played, and hold no card of any hand."""
    before = {name: (client.get(f"/rules/{name}").get_data(), client.get(f"/rules/{name}/components.json").json)
              for name in GAMES}
    started = tables.start(store, "labyrinth", {}, {"us": {"name": "Ann", "email": "ann@example.org"},
                                                    "jihadist": {"name": "Bob", "email": "bob@example.org"}},
                           time.time(), seed=b"hidden hands")
    hands = started.table.state["hands"]
    assert hands["us"] and hands["jihadist"]
    for name in GAMES:
        assert client.get(f"/rules/{name}").get_data() == before[name][0]
        assert client.get(f"/rules/{name}/components.json").json == before[name][1]
    assert started.table.id not in before["labyrinth"][0].decode()
