"""Issue 26: the Polish seat's page in Chromium on a phone (375 px): a CLASH table with one Polish seat
and one English seat. The question, the options and the log are in Polish (the game's catalogue), the
page's own words too; a move made by clicking an option is applied; a screenshot is saved
(var/screens/polish_seat_375.png: look at it)."""

import re
import time

import tables
from games.core import words
from tests.browser.conftest import no_sideways_scroll
from tests.browser.test_seat_page import FAST_POLL, open_seat, wait_js

SEATS = {"mcworld": {"name": "Ann", "email": "ann@example.org", "language": "pl"},
         "jihad": {"name": "Bob", "email": "bob@example.org"}}
POLISH = "mcworld"
ENGLISH_WORDS = re.compile(r"\b(?:the|your|you|is|and|of|move|turn|which|what|waiting|reply|choose|with)\b", re.IGNORECASE)


def text_of(entry) -> str | None:
    event = entry.get("event")
    return (event.get("text") if isinstance(event, dict) else None) or entry.get("text")


def test_the_polish_seat_s_page_on_a_phone_speaks_polish_and_takes_a_click(browser, live_server, store, screens):
    started = tables.start(store, "clash", {"match": "single"}, SEATS, time.time(), seed=b"polish page")
    table, tokens = started.table.id, started.tokens
    for _ in range(12):                      # the English seat moves (first options) until the Polish one is asked
        now = tables.load(store, table)
        if POLISH in now.prompts():
            break
        seat = next(iter(now.prompts()))
        tables.submit(store, now, seat, option=1, expected_seq=now.seq, now=time.time())
    now = tables.load(store, table)
    assert POLISH in now.prompts()
    prompt = next(p for p in tables.view(now, POLISH)["prompts"] if p["seat"] == POLISH)
    said = words.say("clash", prompt["text"], "pl")
    labels = [words.say("clash", o["label"], "pl") for o in prompt["options"]]
    assert said != prompt["text"] and words.unsaid("clash", prompt["text"], "pl") == []
    logged = [text_of(e) for e in tables.log(store, now, POLISH)]
    game_lines = [line for line in logged if line and words.say("clash", line, "pl") != line]
    assert game_lines, logged

    context = browser.new_context(viewport={"width": 375, "height": 812}, device_scale_factor=2)
    context.add_init_script(FAST_POLL)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{live_server}/play/{table}?token={tokens[POLISH]}")
    wait_js(page, "!!document.querySelector('#seat-question form')")
    assert page.get_attribute("html", "lang") == "pl"
    question = page.inner_text("#seat-question")
    assert said in question and prompt["text"] not in question, question
    buttons = [b.strip() for b in page.locator("#seat-question button.option").all_inner_texts()]
    assert len(buttons) == len(labels)
    for label, button in zip(labels, buttons):
        assert label in button, (label, button)
    log = page.inner_text("#seat-log")
    for line in game_lines:
        assert words.say("clash", line, "pl") in log and line not in log, line
    assert not ENGLISH_WORDS.search(question), ENGLISH_WORDS.findall(question)
    assert no_sideways_scroll(page)
    page.screenshot(path=str(screens / "polish_seat_375.png"), full_page=True)

    # a move by clicking: the first option, then the page's confirm (when it asks)
    seq = now.seq
    chosen = page.locator("#seat-question button.option").nth(0)
    chosen.click()
    if page.locator("#seat-confirm-send").is_visible():
        page.click("#seat-confirm-send")
    wait_js(page, f"+document.querySelector('main').dataset.seq > {seq}", 10)
    after = tables.load(store, table)
    assert after.seq > seq
    mine = [e for e in tables.log(store, after, POLISH, since=seq)]
    assert mine, "the click made no move"
    page.reload()
    wait_js(page, "!!document.querySelector('#seat-log')")
    log = page.inner_text("#seat-log")
    last = next(t for t in map(text_of, mine) if t)
    assert words.say("clash", last, "pl") in log and last not in log, last
    assert not errors, errors
    context.close()


def test_a_polish_seat_s_replay_caption_is_in_polish_in_a_browser(browser, live_server, store):
    started = tables.start(store, "clash", {"match": "single"}, SEATS, time.time(), seed=b"polish replay")
    table, tokens = started.table.id, started.tokens
    for _ in range(3):                                  # a few moves to replay
        t = tables.load(store, table)
        tables.submit(store, t, next(iter(t.prompts())), option=1, expected_seq=t.seq, now=time.time())
    page = open_seat(browser, f"{live_server}/play/{table}?token={tokens['mcworld']}")
    last = store.seq(table)
    page.click("button.step[data-step='-1']")
    wait_js(page, f"document.getElementById('seat-board').dataset.seq === '{last - 1}'")
    assert page.inner_text("#seat-replay-caption").startswith(f"Ruch {last - 1} z {last}:")
    assert page.errors == []
