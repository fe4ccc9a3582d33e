"""Starting a game with nothing but a browser and an email address (issue 21), in Chromium at
375 px and at 1280 px: /new, the form, the confirmation link, the friend's invitation accepted,
and a first move by both players on their seat pages. Screenshots go to var/screens (look at them)."""

import pytest

from tests.browser.conftest import no_sideways_scroll
from tests.gathering_helpers import ANN, BOB, latest_of, link, path

SIZES = {"phone": {"width": 375, "height": 812}, "desktop": {"width": 1280, "height": 900}}


def open_page(browser, size, url):
    context = browser.new_context(viewport=SIZES[size])
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.goto(url)
    return page


def move_on_seat_page(page, size, who, screens):
    """Answer the seat's question by its first option, as a player taps it."""
    page.wait_for_selector("#seat-question button.option")
    seq = int(page.get_attribute("main", "data-seq"))
    page.screenshot(path=str(screens / f"new-game-{size}-{who}-turn.png"))
    page.locator("#seat-question button.option").first.click()
    for _ in range(200):
        if int(page.get_attribute("main", "data-seq")) > seq:
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"{who}'s move did not go through")


@pytest.mark.parametrize("size", SIZES)
def test_from_new_to_a_first_move_by_both_players(browser, live_server, run_worker, smtp_server, screens, size):
    inbox = smtp_server.inbox
    ann = open_page(browser, size, f"{live_server}/")
    ann.click("text=Start a game")
    ann.wait_for_selector("ul.games")
    ann.screenshot(path=str(screens / f"new-game-{size}-1-games.png"), full_page=True)
    ann.click("text=CLASH: Jihad vs McWorld")
    ann.wait_for_selector("form#form #name")                 # each click is a page load: wait for the next page
    assert no_sideways_scroll(ann)
    ann.fill("#name", ANN["name"])
    ann.fill("#email", ANN["email"])
    ann.select_option("#who_mcworld", "me")
    ann.select_option("#who_jihad", "person")
    ann.fill("#name_jihad", BOB["name"])
    ann.fill("#email_jihad", BOB["email"])
    ann.click("summary")                               # the options, opened
    ann.select_option("#opt_match", "single")
    ann.screenshot(path=str(screens / f"new-game-{size}-2-form.png"), full_page=True)
    assert no_sideways_scroll(ann)
    ann.click("text=Send me the confirmation email")
    ann.wait_for_selector("h1:has-text('Check your email')")
    run_worker()
    assert inbox.to(BOB["email"]) == []                # nothing to Bob before Ann confirms
    ann.goto(live_server + path(link(inbox, latest_of(inbox, ANN["email"], "gathering_confirm"), "confirm")))
    ann.click("text=Confirm the game")
    ann.wait_for_selector("text=Confirmed.")
    ann.screenshot(path=str(screens / f"new-game-{size}-3-confirmed.png"), full_page=True)
    run_worker()
    bob = open_page(browser, size, live_server + path(link(inbox, latest_of(inbox, BOB["email"], "gathering_invite"),
                                                                "accept")))
    assert no_sideways_scroll(bob)
    bob.click("button:has-text('Accept')")
    bob.wait_for_selector("h1:has-text('Accepted')")
    bob.screenshot(path=str(screens / f"new-game-{size}-4-accepted.png"), full_page=True)
    run_worker()
    turns = {who["email"]: [m for m in inbox.to(who["email"]) if m["X-PBEM-Kind"] in ("your_turn", "invitation")]
             for who in (ANN, BOB)}
    assert all(turns.values()), turns
    pages = {}
    for who, page in ((ANN, ann), (BOB, bob)):
        page.goto(live_server + path(link(inbox, turns[who["email"]][0], "play")))
        pages[who["email"]] = page
    moved = set()
    for _ in range(30):                                # a turn may be several questions: answer until both moved
        if moved == {ANN["email"], BOB["email"]}:
            break
        run_worker()
        for who in (ANN, BOB):
            page = pages[who["email"]]
            page.reload()
            if page.locator("#seat-question button.option").count():
                move_on_seat_page(page, size, who["name"], screens)
                moved.add(who["email"])
                break
    assert moved == {ANN["email"], BOB["email"]}, moved
    for page in pages.values():
        assert page.errors == []
