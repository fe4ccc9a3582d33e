"""Issue 22, frictions 8, 9 and 11, on a phone (375 x 812 in Chromium): after a one-click link from
an email, the seat page shows the question on its first screen; the board is drawn large enough
to read (places' names about 10 px high, none under 8.5) and the page may be pinch-zoomed; the turn email
itself shows the question and the example on its first screen with the board cropped legible; and
a finished game's page leads with the result in the seat's words and the final board, the seed
below. Screenshots of each are saved (look at them)."""

import math
import time

import pytest

import tables
from games.core import Rng
from tables.auth import link_key
from tables.notices import action_token
from tests.browser.conftest import no_sideways_scroll
from tests.browser.test_emails_in_a_browser import as_page
from tests.mail.test_phone_first import turn_emails

SECRET = "test-secret"
PHONE = {"width": 375, "height": 812}
GAMES = {
    "clash": ({}, {"mcworld": {"name": "Ann", "email": "ann@example.org"},
                   "jihad": {"name": "Bob", "email": "bob@example.org"}}),
    "labyrinth": ({}, {"us": {"name": "Uma", "email": "uma@example.org"},
                       "jihadist": {"name": "Jay", "email": "jay@example.org"}}),
    "lafamiglia": ({}, {s: {"name": s.title(), "email": f"{s}@example.org"}
                        for s in ("southwest", "northeast", "southeast", "northwest")}),
    "jaggedalliance": ({"players": 2, "scenario": "1"}, {"merc1": {"name": "Ana", "email": "ana@example.org"},
                                                         "merc2": {"name": "Mia", "email": "mia@example.org"}}),
}
# where the question is: its heading, or whom the page waits for
QUESTION = "document.querySelector('#seat-question h2, #seat-question .waiting, #seat-question .verdict')"
# the rendered height of each place's name on the board (its first text), in CSS pixels
NAME_HEIGHTS = ("[...document.querySelectorAll('#seat-board [data-country], #seat-board [data-field], "
                "#seat-board [id^=sector-]')].map(p => p.querySelector('text')).filter(Boolean)"
                ".map(t => t.getBoundingClientRect().height)")


def mid_game(store, game, decisions):
    """A table of ``game`` after ``decisions`` random decisions, at a point where a seat is asked."""
    options, seats = GAMES[game]
    table_id = tables.start(store, game, options, seats, time.time(), seed=f"phone page {game}".encode()).table.id
    chooser = Rng(f"phone page {game}".encode(), 1)
    for made in range(decisions + 200):
        table = tables.advance(store, table_id, now=time.time()).table
        asked = sorted(table.prompts())
        if made >= decisions and len(table.prompts()[asked[0]].get("options") or []) > 1:
            return table, asked[0]
        seat = asked[chooser.below(len(asked))]
        listed = table.prompts()[seat].get("options") or []
        tables.submit(store, table, seat, option=1 + chooser.below(len(listed)), now=time.time())
    raise AssertionError(f"{game}: nobody asked a question with a choice")


def screens_to(page, expression) -> int:
    """On how many screens of the page, from where it opened, the element's bottom is."""
    bottom = page.evaluate(f"{expression}.getBoundingClientRect().bottom")
    return max(1, math.ceil(bottom / PHONE["height"]))


def phone_page(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    return page


@pytest.mark.parametrize("game, decisions", [("clash", 6), ("labyrinth", 60), ("lafamiglia", 40),
                                             ("jaggedalliance", 30)])
def test_after_a_one_click_link_the_question_is_on_the_first_screen_and_the_board_reads(
        game, decisions, browser, live_server, store, screens):
    table, seat = mid_game(store, game, decisions)
    token = action_token(SECRET, table.id, seat, table.seq, 1, int(time.time()) + 3600)
    page = phone_page(browser)
    page.goto(f"{live_server}/act/{token}")
    page.click("form button")                                         # the choice is sent; the seat page opens
    page.wait_for_url(f"{live_server}/play/{table.id}*")
    assert tables.load(store, table.id).seq > table.seq
    assert screens_to(page, QUESTION) == 1, page.inner_text("#seat-question")[:200]
    assert no_sideways_scroll(page)
    viewport = page.get_attribute("meta[name=viewport]", "content")
    assert "user-scalable=no" not in viewport and "maximum-scale" not in viewport     # pinch-zoom stays on
    names = page.evaluate(NAME_HEIGHTS)
    names.sort()
    assert names and min(names) >= 8.5 and names[len(names) // 2] >= 9.5, f"{game}: names drawn {names} px high"
    page.screenshot(path=str(screens / f"phone-seat-{game}-after-link.png"))
    page.screenshot(path=str(screens / f"phone-seat-{game}-after-link-whole.png"), full_page=True)
    assert page.errors == [], page.errors
    page.context.close()


def test_a_labyrinth_seat_page_opened_mid_game_asks_on_its_first_screen(browser, live_server, store, screens):
    table, seat = mid_game(store, "labyrinth", 200)
    page = phone_page(browser)
    page.goto(f"{live_server}/play/{table.id}?token={link_key(SECRET, table.id, seat)}")
    assert screens_to(page, QUESTION) == 1
    assert screens_to(page, "document.querySelector('#seat-question .option')") == 1     # and its first answer
    page.screenshot(path=str(screens / "phone-seat-labyrinth-mid-game.png"))
    page.context.close()


@pytest.mark.parametrize("game", ["labyrinth", "lafamiglia", "jaggedalliance"])
def test_the_turn_email_asks_on_its_first_screen_with_the_board_cropped_to_read(game, store, env, browser, screens):
    turn = next(message for made, _, content, message in turn_emails(store, env, game)
                if content["recent"] and made > 0)                    # mid-game: something happened since
    page = phone_page(browser)
    page.set_content(as_page(turn))
    question = "[...document.querySelectorAll('p b')].find(b => b.closest('p').style.fontSize === '17px')"
    assert screens_to(page, question) == 1
    pictures = page.evaluate("[...document.images].map(i => [i.alt, i.naturalWidth, i.getBoundingClientRect().width])")
    assert pictures and pictures[0][0].startswith("The board around"), pictures       # the crop comes first
    assert pictures[0][2] >= 330 and len(pictures) == 1                   # one picture: the whole board is linked
    assert page.locator("a:has-text('The whole board')").count() >= 1
    assert no_sideways_scroll(page)
    page.screenshot(path=str(screens / f"phone-email-{game}-turn.png"))
    page.context.close()


def test_a_finished_page_leads_with_the_result_in_the_seat_s_words_then_the_board(browser, live_server, store,
                                                                                  screens):
    bots = {"mcworld": {"bot": "random"}, "jihad": {"bot": "random"}}
    table = tables.start(store, "clash", {"match": "single"}, bots, 1000.0, seed=b"finished phone").table
    table = tables.advance(store, table.id, now=1000.0, step_cap=10_000).table
    result = table.result()
    loser = "jihad" if result["winner"] == "mcworld" else "mcworld"
    page = phone_page(browser)
    page.goto(f"{live_server}/play/{table.id}?token={link_key(SECRET, table.id, loser)}")
    lead = page.inner_text("#seat-question")
    assert lead.startswith("You lost.") and result["text"] in lead
    top = {name: page.evaluate(f"document.querySelector('{sel}').getBoundingClientRect().top")
           for name, sel in (("result", "#seat-question .verdict"), ("board", "#seat-board"), ("seed", "#seat-over"))}
    assert top["result"] < top["board"] < top["seed"] and top["result"] < PHONE["height"], top
    page.screenshot(path=str(screens / "phone-seat-clash-finished.png"), full_page=True)
    page.context.close()
