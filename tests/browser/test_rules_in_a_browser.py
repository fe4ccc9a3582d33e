"""The rules one tap away, in Chromium at 375 px (issue 22): each game's rules page reads without
sideways scroll; on a seat page a card of the hand and an option naming a tile get a "?" that opens
the whole text in place (a CLASH tile with its reach drawn), with its link to the rules page; the
"Rules" link leads there. Screenshots in the screens folder: look at them."""

import time

import pytest
import requests

import tables
from tests.browser.conftest import no_sideways_scroll
from tests.browser.test_seat_page import wait_js

GAMES = ["clash", "jaggedalliance", "labyrinth", "lafamiglia"]
CLASH = {"mcworld": {"name": "Ann", "email": "ann@example.org"}, "jihad": {"name": "Bob", "email": "bob@example.org"}}


@pytest.mark.parametrize("name", GAMES)
def test_each_rules_page_at_375_px(phone, live_server, screens, name):
    phone.goto(f"{live_server}/rules/{name}")
    assert no_sideways_scroll(phone)
    phone.screenshot(path=str(screens / f"rules-{name}-375.png"))
    anchor = {"clash": "tile-banker", "labyrinth": "card-27", "lafamiglia": "sheet-1", "jaggedalliance": "item-007"}
    phone.goto(f"{live_server}/rules/{name}#{anchor[name]}")
    assert phone.evaluate(f"document.getElementById('{anchor[name]}').getBoundingClientRect().top") < 100
    assert no_sideways_scroll(phone)
    phone.screenshot(path=str(screens / f"rules-{name}-component-375.png"))


def seat_page(phone, live_server, store, game, seats, seat, seed):
    started = tables.start(store, game, {}, seats, time.time(), seed=seed)
    phone.errors = []
    phone.on("pageerror", lambda error: phone.errors.append(str(error)))
    phone.goto(f"{live_server}/play/{started.table.id}?token={started.tokens[seat]}")
    return started.table


def test_a_card_of_the_hand_opens_its_whole_text_in_place(phone, live_server, store, screens):
    seats = {"us": {"name": "Uma", "email": "uma@example.org"}, "jihadist": {"name": "Jay", "email": "jay@example.org"}}
    table = seat_page(phone, live_server, store, "labyrinth", seats, "jihadist", b"hand texts")
    wait_js(phone, "document.querySelectorAll('#seat-hand .ref-info').length > 0")
    first = table.state["hands"]["jihadist"][0]
    assert phone.locator("#seat-hand .ref-info").count() == len(table.state["hands"]["jihadist"])
    phone.locator(f"#seat-hand [data-card='{first}'] .ref-info").click()
    pop = phone.locator("#ref-pop")
    assert pop.is_visible()
    from games.labyrinth import data as L
    assert pop.locator("h3").inner_text() == f"{first} {L.CARDS[first]['name']}"
    assert pop.locator("a").get_attribute("href") == f"/rules/labyrinth#card-{first}"
    assert no_sideways_scroll(phone)
    phone.screenshot(path=str(screens / "seat-labyrinth-card-text-375.png"))
    phone.keyboard.press("Escape")
    assert not pop.is_visible()
    phone.locator("#seat-rules").click()
    phone.wait_for_url(f"{live_server}/rules/labyrinth")
    assert not phone.errors, phone.errors


def test_an_option_naming_a_tile_opens_the_tile_with_its_reach(phone, live_server, store, screens):
    started = tables.start(store, "clash", {}, CLASH, time.time(), seed=b"tile texts")
    table, tokens = started.table, started.tokens
    opener = next(iter(table.prompts()))
    answer = requests.post(f"{live_server}/tables/{table.id}/moves", json={"text": "b2 n", "expected_seq": table.seq},
                           headers={"Authorization": f"Bearer {tokens[opener]}"}, timeout=10)
    assert answer.status_code == 201, answer.text                   # Mustafa opens: the other seat picks a tile
    other = next(seat for seat in CLASH if seat != opener)
    phone.errors = []
    phone.on("pageerror", lambda error: phone.errors.append(str(error)))
    phone.goto(f"{live_server}/play/{table.id}?token={tokens[other]}")
    wait_js(phone, "document.querySelectorAll('#seat-question .option[data-target] + .ref-info').length >= 7")
    assert phone.locator("#seat-hand [data-tile] .ref-info").count() == 7          # the zone's tiles too
    info = phone.locator("#seat-question .option[data-target] + .ref-info[aria-label*='Banker'], "
                         "#seat-question .option[data-target] + .ref-info[aria-label*='Sheikh']").first
    info.click()
    pop = phone.locator("#ref-pop")
    assert pop.is_visible() and pop.locator("svg").count() == 1
    assert "white, the 4 fields beside it" in pop.inner_text()
    assert pop.locator("a").get_attribute("href") in ("/rules/clash#tile-banker", "/rules/clash#tile-sheikh")
    assert no_sideways_scroll(phone)
    phone.screenshot(path=str(screens / "seat-clash-tile-reach-375.png"))
    phone.locator("#ref-pop .close").click()
    assert not pop.is_visible()
    assert tables.load(store, table.id).seq == answer.json()["seq"]       # reading a tile chose nothing
    assert phone.locator("#seat-confirm").is_hidden()
    assert not phone.errors, phone.errors


def test_a_merc_to_hire_opens_its_board_in_place(phone, live_server, store, screens):
    seats = {"merc1": {"name": "Ann", "email": "ann@example.org"}, "merc2": {"name": "Bob", "email": "bob@example.org"}}
    table = seat_page(phone, live_server, store, "jaggedalliance", seats, "merc1", b"merc texts")
    assert "merc1" in table.prompts()
    wait_js(phone, "document.querySelectorAll(\"#seat-question .option[data-ref^='merc-'] + .ref-info\").length > 0")
    phone.locator("#seat-question .option[data-ref='merc-ivan'] + .ref-info").click()
    pop = phone.locator("#ref-pop")
    assert pop.is_visible() and "Stamina 8" in pop.inner_text() and "Veteran" in pop.inner_text()
    assert no_sideways_scroll(phone)
    phone.screenshot(path=str(screens / "seat-jaggedalliance-merc-375.png"))
    assert not phone.errors, phone.errors
