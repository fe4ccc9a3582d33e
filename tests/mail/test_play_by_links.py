"""One-click option links: signed, bound to the seq, single use, expiring; stale shows the state."""

import re

from games.core import Rng
from tables.notices import action_token
from tests.helpers import make_table
from tests.mail.helpers import latest, links

CLASH = {"mcworld": {"name": "Ann", "email": "ann@example.org"},
         "jihad": {"name": "Bob", "email": "bob@example.org"}}


def path(url):
    return url.replace("http://pbem.test", "")


def click(client, url):
    """Follow a link as a person does: the confirmation page, a click on its button, then the redirect."""
    page = client.get(path(url))
    if page.status_code != 200:
        return page
    assert '<form method="post"><button>' in page.get_data(as_text=True)
    sent = client.post(path(url))
    assert sent.status_code == 303, sent.get_data(as_text=True)
    return client.get(sent.headers["Location"])


def page_buttons(page):
    """The seat page's options: the buttons of its form (a click posts the form), as (url, form data)."""
    form = re.search(r'<form method="post" action="([^"]+)" class="move-form options">(.*?)</form>',
                     page.get_data(as_text=True), re.S)
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', form.group(2)))
    return [(form.group(1), {**fields, "text": n}) for n in re.findall(r'<button class="option" name="text" '
                                                                        r'value="(\d+)"', form.group(2))]


def press(client, button):
    """A click on one of the page's buttons: the form is posted, then the redirect followed."""
    url, data = button
    sent = client.post(url, data=data)
    assert sent.status_code == 303, sent.get_data(as_text=True)[:500]
    return client.get(sent.headers["Location"])


def test_a_whole_clash_game_played_only_by_clicking_links(client, run_worker, smtp_server):
    table = client.post("/tables", json={"game": "clash", "seats": CLASH, "options": {"match": "single"}}).json["id"]
    inbox, chooser, used, last_page = smtp_server.inbox, Rng(b"clicking player", 0), set(), {}
    run_worker()
    for _ in range(400):
        view = client.get(f"/tables/{table}/view").json
        if view["status"] == "finished":
            break
        seat = view["prompts"][0]["seat"]
        email = latest(inbox, CLASH[seat]["email"])
        if str(email["Message-ID"]) not in used and email["X-PBEM-Kind"] == "your_turn":
            used.add(str(email["Message-ID"]))
            last_page[seat] = click(client, chooser.choice(list(links(inbox, email).values())))
        else:                                            # on the seat page the link opened
            last_page[seat] = press(client, chooser.choice(page_buttons(last_page[seat])))
        assert last_page[seat].status_code == 200, last_page[seat].get_data(as_text=True)[:500]
        run_worker()
    assert client.get(f"/tables/{table}/view").json["status"] == "finished"


def test_a_link_is_single_use_and_a_stale_one_shows_the_current_state(client, run_worker, smtp_server):
    table, _ = make_table(client)
    run_worker()
    email_links = links(smtp_server.inbox, latest(smtp_server.inbox, "nora@example.org"))
    landed = click(client, email_links["2"])
    assert "north adds 2 (total 2)." in landed.get_data(as_text=True)
    again = client.get(path(email_links["2"]))
    assert again.status_code == 409 and "moved on" in again.get_data(as_text=True)
    assert client.post(path(email_links["3"])).status_code == 409      # another option of the same email
    twice = client.post(path(email_links["2"]))        # the same link once more (a double click):
    assert twice.status_code == 303                    # answered as the first time, applied once
    assert client.get(f"/tables/{table}/log").json["seq"] == 4


def test_expired_and_forged_links(client, run_worker, smtp_server):
    table, _ = make_table(client)
    expired = action_token("test-secret", table, "north", 3, 1, 1000)
    answer = client.get(f"/act/{expired}")
    assert answer.status_code == 409 and "expired" in answer.get_data(as_text=True)
    assert client.post(f"/act/{expired}").status_code == 409
    forged = action_token("another-secret", table, "north", 3, 1, 10**10)
    assert client.get(f"/act/{forged}").status_code == 404
    assert client.post(f"/act/{forged}").status_code == 404
    assert client.get(f"/tables/{table}/log").json["seq"] == 3
