"""Issue 17 on the seat page in Chromium: a misclick, then the Undo button takes it back; the
button is there only while the undo is possible (and the page's CSP holds: no errors)."""

import time

import tables
from tests.browser.test_seat_page import open_seat, seq_of, wait_js
from tests.helpers import SEATS


def test_the_undo_button_takes_a_misclick_back(browser, live_server, store):
    started = tables.start(store, "duel", {}, SEATS, time.time())
    table, token = started.table.id, started.tokens["north"]
    page = open_seat(browser, f"{live_server}/play/{table}?token={token}")
    assert page.locator("#seat-undo").count() == 0
    start = seq_of(page)
    page.locator("button.option[data-option='3']").click()
    wait_js(page, f"Number(document.querySelector('main').dataset.seq) > {start}")
    wait_js(page, "document.getElementById('seat-undo') !== null")
    assert tables.load(store, table).state["total"] == 3
    page.locator("#seat-undo").click()
    wait_js(page, f"Number(document.querySelector('main').dataset.seq) > {start + 1}")
    assert tables.load(store, table).state["total"] == 0
    wait_js(page, "document.getElementById('seat-undo') === null")
    assert page.locator("button.option").count() == 3               # the question again
    assert page.errors == []
