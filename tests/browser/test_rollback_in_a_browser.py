"""A consent rollback asked from the seat page's replay in Chromium (issue 17): Nora steps the replay
back past Sam's move (the form is not offered where her own undo reaches), asks with a reason; Sam's
open page notices by itself and shows Agree and Refuse; Sam agrees on the link's page, and both pages
follow the game back. Screenshots at 375 px (Nora) and desktop (Sam)."""

import time

import tables
from tests.browser.conftest import no_sideways_scroll
from tests.browser.test_seat_page import open_seat, seq_of, wait_js
from tests.helpers import SEATS, play

ASK_SHOWN = "!document.getElementById('seat-rollback-ask').hidden"


def caption_says(page, n):
    wait_js(page, f"document.getElementById('seat-replay-caption').textContent.startsWith('Move {n} of')")


def test_asked_from_the_replay_and_agreed_on_the_other_page(browser, live_server, app, store, screens):
    client = app.test_client()
    started = tables.start(store, "duel", {}, SEATS, time.time())
    table, tokens = started.table.id, started.tokens
    start = tables.load(store, table).seq
    play(client, table, tokens, "north", option=1)
    play(client, table, tokens, "south", option=2)
    play(client, table, tokens, "north", option=1)           # Nora's own last move: her undo reaches before it
    now = start + 3
    nora = open_seat(browser, f"{live_server}/play/{table}?token={tokens['north']}", width=375, height=812)
    sam = open_seat(browser, f"{live_server}/play/{table}?token={tokens['south']}")
    assert seq_of(nora) == now and nora.locator("#seat-rollback-ask").is_hidden()

    nora.locator("button.step[data-step='-1']").click()
    caption_says(nora, now - 1)
    nora.wait_for_timeout(150)
    assert nora.locator("#seat-rollback-ask").is_hidden()      # undo goes back there alone
    nora.locator("button.step[data-step='-1']").click()
    caption_says(nora, now - 2)                                  # before Sam's move: only by consent
    wait_js(nora, ASK_SHOWN)
    assert nora.locator("#seat-rollback-ask .to-seq").text_content() == str(now - 2)
    nora.fill("#seat-rollback-reason", "I meant to add 3")
    assert no_sideways_scroll(nora)
    nora.screenshot(path=str(screens / "seat-rollback-ask-phone.png"), full_page=True)
    with nora.expect_navigation():
        nora.locator("#seat-rollback-send").click()
    wait_js(nora, "!document.getElementById('seat-replay').hidden")
    text = nora.locator("main").text_content()
    assert f"You asked the others to go back to event {now - 2}. Waiting for Sam to agree." in text
    assert "Waiting for Sam." in nora.locator("#seat-question").text_content()
    nora.screenshot(path=str(screens / "seat-rollback-asked-phone.png"), full_page=True)

    # Sam's page was open all along: asking moves no seq, yet it notices and shows the question
    wait_js(sam, "document.querySelector('#seat-question .rollback a') !== null")
    question = sam.locator("#seat-question .rollback").text_content()
    assert f"Nora asks to roll the game back to event {now - 2} (I meant to add 3)" in question
    assert sam.locator("#seat-question .rollback a", has_text="Refuse").count() == 1
    sam.screenshot(path=str(screens / "seat-rollback-question.png"), full_page=True)
    assert seq_of(sam) == now
    sam.locator("#seat-question .rollback a", has_text="Agree").click()
    sam.wait_for_load_state()
    assert "Nora asks to roll the game back" in sam.locator("body").text_content()
    sam.locator("form button").click()                           # the link's page: one button
    sam.wait_for_load_state()
    assert "Everyone agreed" in sam.locator("body").text_content()

    back = tables.load(store, table)
    assert back.seq == now + 1 and back.state["total"] == 1 and back.state["turn"] == "south"
    wait_js(nora, f"Number(document.querySelector('main').dataset.seq) === {now + 1}")   # her page follows
    wait_js(nora, "document.querySelector('#seat-question .rollback') === null")
    assert "(taken back)" in nora.locator("#seat-log").text_content()
    fallback = nora.locator("#seat-log form.rollback-ask")   # the no-script form: redrawn by the script, yet hidden
    assert fallback.count() == 0 or not fallback.is_visible()
    nora.screenshot(path=str(screens / "seat-rollback-applied-phone.png"), full_page=True)
    assert nora.errors == [] and sam.errors == []


def test_without_a_script_the_logs_form_asks(browser, live_server, app, store, screens):
    client = app.test_client()
    started = tables.start(store, "duel", {}, SEATS, time.time())
    table, tokens = started.table.id, started.tokens
    start = tables.load(store, table).seq
    play(client, table, tokens, "north", option=1)
    play(client, table, tokens, "south", option=2)
    context = browser.new_context(viewport={"width": 375, "height": 812}, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server}/play/{table}?token={tokens['north']}")
    assert page.locator("#seat-replay").is_hidden()                 # the replay needs the script
    form = page.locator("#seat-log form.rollback-ask")
    assert form.is_visible()
    form.locator("input[name=to_seq]").fill(str(start + 1))        # the end of Nora's move, before Sam's
    form.locator("input[name=reason]").fill("wrong card")
    with page.expect_navigation():
        form.locator("button").click()
    assert f"You asked the others to go back to event {start + 1}. Waiting for Sam to agree." in \
        page.locator("main").text_content()
    assert page.locator("#seat-log form.rollback-ask").count() == 0  # one request at a time
    page.screenshot(path=str(screens / "seat-rollback-asked-no-script-phone.png"), full_page=True)
    context.close()
