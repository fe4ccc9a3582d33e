"""Issue 22 on the seat page in Chromium at 375 px: the table-talk box sends without a reload and
shows the message; the other players' pages bring it in by themselves; the team box reaches the
partner only; a note stays on its own page. No sideways scroll, no script or CSP errors; a
screenshot to look at."""

import time

import tables
from tests.browser.conftest import no_sideways_scroll
from tests.browser.test_seat_page import wait_js

PLAYERS = {"southwest": {"name": "Sara", "email": "sara@example.org"},
           "northeast": {"name": "Nils", "email": "nils@example.org"},
           "southeast": {"name": "Sven", "email": "sven@example.org"},
           "northwest": {"name": "Nora", "email": "nora@example.org"}}


def open_phone(browser, url):
    context = browser.new_context(viewport={"width": 375, "height": 812}, device_scale_factor=2)
    context.add_init_script("window.pbemTalkPollMs = 100; window.pbemPollMs = 100")
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    page.goto(url)
    return page


def said(page, channel):
    return page.evaluate(f"[...document.querySelectorAll('.talk-list[data-channel={channel}] .said')]"
                         ".map(e => e.textContent)")


def test_the_talk_boxes_post_and_show_at_phone_width(browser, live_server, store, screens):
    started = tables.start(store, "lafamiglia", {}, PLAYERS, time.time())
    table, tokens = started.table.id, started.tokens
    pages = {seat: open_phone(browser, f"{live_server}/play/{table}?token={tokens[seat]}") for seat in PLAYERS}
    nora = pages["northwest"]
    nora.locator("#seat-talk-say").fill("Good luck, all;\nmay the best family win")
    nora.locator("#seat-talk-say").press("Control+Enter")
    wait_js(nora, "document.querySelectorAll('.talk-list[data-channel=say] .said').length === 1")
    assert said(nora, "say") == ["Good luck, all;\nmay the best family win"]
    assert nora.locator("#seat-talk-say").input_value() == ""
    for seat in ("southwest", "northeast", "southeast"):                 # brought in without a reload
        wait_js(pages[seat], "document.querySelectorAll('.talk-list[data-channel=say] .said').length === 1")
    nora.locator("#seat-talk-team").fill("I hold Bronte")
    nora.locator("#seat-talk-team + button").click()
    wait_js(pages["northeast"], "document.querySelectorAll('.talk-list[data-channel=team] .said').length === 1")
    assert said(pages["northeast"], "team") == ["I hold Bronte"]
    nora.locator("#seat-notes summary").click()
    nora.locator("#seat-talk-note").fill("Sven bluffs")
    nora.locator("#seat-talk-note + button").click()
    wait_js(nora, "document.querySelectorAll('.talk-list[data-channel=note] .said').length === 1")
    nora.locator("#seat-talk-say").fill("   ")
    nora.locator("#seat-talk-say + button").click()                     # refused, and said why
    wait_js(nora, "document.querySelector('#seat-talk .problem') && "
                  "document.querySelector('#seat-talk .problem').textContent.includes('nothing in it')")
    pages["southeast"].wait_for_timeout(400)
    assert said(pages["southeast"], "team") == [] and "Sven bluffs" not in pages["southeast"].content()
    nora.locator("#seat-talk").scroll_into_view_if_needed()
    nora.screenshot(path=str(screens / "talk-375.png"))
    for page in pages.values():
        assert no_sideways_scroll(page)
        assert [e for e in page.errors if page is not nora or "status of 422" not in e] == []   # the refusal's own
    # the page after a reload shows the same (the forms' plain answer is the page itself)
    nora.reload()
    assert said(nora, "say") == ["Good luck, all;\nmay the best family win"] and said(nora, "note") == ["Sven bluffs"]
