"""The seat page in Chromium: a whole CLASH match played by clicking on both seats' pages (options
and board fields), the page following the other seat's move without a reload, the replay slider
redrawing the board, a whole turn typed in its box, no sideways scroll at 375 px, and screenshots
of CLASH and Labyrinth pages mid-game and finished (look at them)."""

import random
import time

import pytest

import tables
from tables.auth import link_key
from tests.browser.conftest import no_sideways_scroll

CLASH = {"mcworld": {"name": "Ann", "email": "ann@example.org"}, "jihad": {"name": "Bob", "email": "bob@example.org"}}
SECRET = "test-secret"
FAST_POLL = "window.pbemPollMs = 60"      # the page polls every 3 s; the tests need not wait that long


def open_seat(browser, url, width=1100, height=900):
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_init_script(FAST_POLL)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    page.goto(url)
    wait_js(page, "!document.getElementById('seat-replay').hidden")      # the script is running
    return page


def wait_js(page, expression, timeout=10.0):
    """Wait until a JavaScript expression is true (page.wait_for_function evaluates a string, which
    the page's Content-Security-Policy forbids; evaluate does not)."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise AssertionError(f"still false after {timeout} s: {expression}")
        page.wait_for_timeout(20)


def seq_of(page) -> int:
    return int(page.get_attribute("main", "data-seq"))


def clash_table(store, seed, **options):
    started = tables.start(store, "clash", options, CLASH, time.time(), seed=seed)
    return started.table.id, started.tokens


def test_a_whole_clash_match_played_by_clicking_on_both_seat_pages(browser, live_server, store, screens):
    table, tokens = clash_table(store, b"clicked match", match="single")   # a match of one game: ~40 clicks
    pages = {seat: open_seat(browser, f"{live_server}/play/{table}?token={token}") for seat, token in tokens.items()}
    pick = random.Random(7)
    clicks = {"board": 0, "option": 0}
    shot_mid = False
    for _ in range(200):
        now = tables.load(store, table)
        if now.result() is not None:
            break
        seq, seat = now.seq, next(iter(now.prompts()))
        page = pages[seat]                 # its page catches up by itself (no reload) and asks
        wait_js(page, f"+document.querySelector('main').dataset.seq === {seq} && "
                      "!!document.querySelector('#seat-question form')")
        places = page.locator("#seat-board .pick")
        if places.count() and pick.random() < 0.7:
            places.nth(pick.randrange(places.count())).click()
            page.click("#seat-confirm-send")
            clicks["board"] += 1
        else:
            options = page.locator("#seat-question button.option")
            options.nth(pick.randrange(options.count())).click()
            clicks["option"] += 1
        wait_js(page, f"+document.querySelector('main').dataset.seq > {seq}", 10)
        if not shot_mid and store.seq(table) > 25:
            page.screenshot(path=str(screens / "seat-clash-mid-game.png"), full_page=True)
            shot_mid = True
    result = tables.load(store, table).result()
    assert result is not None, "the match did not end in 200 clicks"
    assert clicks["board"] >= 5 and clicks["option"] >= 5, clicks
    for seat, page in pages.items():
        page.wait_for_selector("#seat-over:not([hidden])", timeout=10_000)
        over = page.inner_text("#seat-over")                       # the dice checked, below the result
        assert result["text"] in page.inner_text("#seat-question") and "✓ the same as the commitment" in over
        assert page.locator("#seat-question form").count() == 0
        assert page.errors == [], page.errors
    finished = pages["mcworld"]
    finished.click("#seat-verify")
    wait_js(finished, "document.getElementById('seat-verify-result').textContent.startsWith('Verified')")
    finished.screenshot(path=str(screens / "seat-clash-finished.png"), full_page=True)
    for page in pages.values():
        page.context.close()


def board_states(page) -> dict:
    return page.evaluate("Object.fromEntries([...document.querySelectorAll('#seat-board [data-field]')]"
                         ".map(g => [g.dataset.field, g.dataset.state]))")


def play_until(store, table, events, kinds=("field", "tile")):
    """Whoever is asked chooses the first option, until the log has ``events`` and the question
    is one of ``kinds`` (answered on the board)."""
    while True:
        t = tables.load(store, table)
        seat, prompt = next(iter(t.prompts().items()))
        if t.seq >= events and prompt["kind"] in kinds:
            return
        tables.submit(store, t, seat, option=1, expected_seq=t.seq, now=time.time())


def test_the_replay_steps_back_and_forth_and_the_picture_follows(browser, live_server, store):
    table, tokens = clash_table(store, b"replayed")
    play_until(store, table, 12)
    last = store.seq(table)
    seat = next(iter(tables.load(store, table).prompts()))
    page = open_seat(browser, f"{live_server}/play/{table}?token={tokens[seat]}")
    now = board_states(page)
    assert page.locator("#seat-board .pick").count() > 0                 # the live board answers the question
    seen = {last: now}
    for n in range(last - 1, 0, -1):                                # all the way back, one step at a time
        page.click("button.step[data-step='-1']")
        wait_js(page, f"document.getElementById('seat-board').dataset.seq === '{n}'")
        seen[n] = board_states(page)
        assert page.inner_text("#seat-replay-caption").startswith(f"Move {n} of {last}:")
    assert set(seen[1].values()) == {"empty"}
    assert page.locator("#seat-board .pick").count() == 0                # a past board is not clickable
    assert len({tuple(sorted(s.items())) for s in seen.values()}) >= 5, "the picture did not change with the seq"
    for n in range(2, 6):                                          # and forward again: the same pictures
        page.click("button.step[data-step='1']")
        wait_js(page, f"document.getElementById('seat-board').dataset.seq === '{n}'")
        assert board_states(page) == seen[n]
    page.fill("#seat-replay-seq", str(last - 2))                         # the slider itself
    wait_js(page, f"document.getElementById('seat-board').dataset.seq === '{last - 2}'")
    assert board_states(page) == seen[last - 2]
    page.click("#seat-replay-now")
    assert board_states(page) == now and page.locator("#seat-board .pick").count() > 0
    assert page.errors == [], page.errors
    page.context.close()


def test_the_page_follows_the_other_seats_move_without_reloading(browser, live_server, store, client):
    table, tokens = clash_table(store, b"followed")
    first = next(iter(tables.load(store, table).prompts()))
    other = next(s for s in tokens if s != first)
    page = open_seat(browser, f"{live_server}/play/{table}?token={tokens[other]}")
    page.evaluate("window.stillThisPage = true")
    assert page.locator("#seat-question form").count() == 0 and "Waiting for" in page.inner_text("#seat-question")
    before = seq_of(page)
    while first in tables.load(store, table).prompts():            # the other seat's whole placement
        t = tables.load(store, table)
        tables.submit(store, t, first, option=1, expected_seq=t.seq, now=time.time())
    page.wait_for_selector("#seat-question form", timeout=10_000)
    assert seq_of(page) == store.seq(table) > before
    assert page.evaluate("window.stillThisPage") is True             # no reload: the same document
    assert "placed" in page.inner_text("#seat-log .group.last") or "opened" in page.inner_text("#seat-log .group.last")
    assert page.errors == [], page.errors
    page.context.close()


def labyrinth_mid_game(store):
    """A Labyrinth table where the US (a person) is asked to play a card; the Jihadist is a bot."""
    started = tables.start(store, "labyrinth", {}, {"us": {"name": "Uma", "email": "uma@example.org"},
                                                    "jihadist": {"bot": "random"}}, time.time(), seed=b"typed turn")
    table_id = started.table.id
    for _ in range(50):
        table = tables.advance(store, table_id, now=time.time()).table
        prompt = table.prompts().get("us")
        if prompt and prompt["kind"] == "card":
            return table_id, started.tokens["us"]
        if prompt:                          # an event's question first: the first answer
            tables.submit(store, table, "us", option=1, expected_seq=table.seq, now=time.time())
    raise AssertionError("the US is never asked which card to play")


def test_a_whole_turn_typed_in_its_box_is_applied_and_the_phone_never_scrolls_sideways(browser, live_server, store,
                                                                                      screens):
    table, token = labyrinth_mid_game(store)
    context = browser.new_context(viewport={"width": 375, "height": 812}, device_scale_factor=2)
    context.add_init_script(FAST_POLL)
    phone = context.new_page()
    phone.goto(f"{live_server}/play/{table}?token={token}")
    assert no_sideways_scroll(phone)
    hand = tables.view(tables.load(store, table), "us")["state"]["hands"]["us"]
    clickable = phone.evaluate("[...document.querySelectorAll('#seat-board .pick')].map(e => +e.dataset.card)")
    assert sorted(clickable) == sorted(c["card"] for c in hand)      # which card: a card on the board answers
    example = phone.get_attribute("button.use-example", "data-example")
    assert example and len(example.splitlines()) >= 2, example      # a whole turn: a card play a line
    before = seq_of(phone)
    phone.click("button.use-example")
    assert phone.input_value("#seat-turn-text") == example
    phone.click("button.send-turn")
    wait_js(phone, f"+document.querySelector('main').dataset.seq > {before}", 15)
    notice = phone.inner_text("#seat-problem")
    assert notice.startswith("Applied"), notice
    log = tables.log(store, tables.load(store, table), "us", since=before)
    plays = [e for e in log if e["event"]["type"] == "card_chosen" and e["by"] == "us"]
    assert len(plays) >= 2, [e["text"] for e in log][:20]           # both lines went in, in one send
    held = len(tables.view(tables.load(store, table), "us")["state"]["hands"]["us"])
    assert phone.inner_text("#seat-hand h2") == f"Your hand ({held} cards)"     # the page shows the hand now
    assert no_sideways_scroll(phone)
    phone.click("#seat-zoom")                                           # the zoomed map scrolls inside its frame only
    assert no_sideways_scroll(phone)
    phone.click("#seat-zoom")
    phone.screenshot(path=str(screens / "seat-labyrinth-mid-game-phone.png"), full_page=True)
    context.close()
    desk = open_seat(browser, f"{live_server}/play/{table}?token={token}", width=1280)
    desk.screenshot(path=str(screens / "seat-labyrinth-mid-game.png"), full_page=True)
    assert desk.errors == [], desk.errors
    desk.context.close()


def test_a_finished_labyrinth_page_replays_from_any_seat(browser, live_server, store, screens):
    bots = {"us": {"bot": "random"}, "jihadist": {"bot": "random"}}
    table = tables.start(store, "labyrinth", {}, bots, 1000.0, seed=b"short00").table
    table = tables.advance(store, table.id, now=1000.0, step_cap=100_000).table
    assert table.result() is not None
    page = open_seat(browser, f"{live_server}/play/{table.id}?token={link_key(SECRET, table.id, 'us')}", width=1280)
    assert table.result()["text"] in page.inner_text("#seat-question") and no_sideways_scroll(page)
    hand_of = "[...document.querySelectorAll('#seat-board [data-card]')].map(c => c.dataset.card).join(',')"
    middle = table.seq // 2
    page.fill("#seat-replay-seq", str(middle))
    wait_js(page, f"document.getElementById('seat-board').dataset.seq === '{middle}'")
    as_us = page.evaluate(hand_of)
    page.select_option("#seat-replay-as", "jihadist")
    wait_js(page, "document.getElementById('seat-replay-caption').textContent.includes('as jihadist saw it')")
    as_jihadist = page.evaluate(hand_of)
    assert as_us and as_jihadist and as_us != as_jihadist           # each side's own hand, drawn
    page.click("#seat-replay-now")
    page.screenshot(path=str(screens / "seat-labyrinth-finished.png"), full_page=True)
    assert page.errors == [], page.errors
    page.context.close()


@pytest.mark.parametrize("width", [375, 1280])
def test_an_observer_sees_no_question_and_no_hand(browser, live_server, store, width):
    table, _ = clash_table(store, b"watched")
    page = open_seat(browser, f"{live_server}/play/{table}", width=width)
    assert "You are watching." in page.inner_text("header")
    assert page.locator("#seat-question form").count() == 0 and page.inner_text("#seat-hand").strip() == ""
    assert no_sideways_scroll(page)
    page.context.close()
