"""The seat page and the one-button page of an option link speak the seat's language; a page
without a seat speaks the browser's (Accept-Language), English by default."""

import re

from tests.mail.helpers import kind

SEATS = {"mcworld": {"name": "Ann", "email": "ann@example.org", "language": "pl"},
         "jihad": {"name": "Bob", "email": "bob@example.org"}}


def _table(client):
    created = client.post("/tables", json={"game": "clash", "options": {"match": "single"}, "seats": SEATS}).json
    return created["id"], {s: v["token"] for s, v in created["seats"].items()}


def test_each_seat_page_in_its_seat_s_language(client):
    table, tokens = _table(client)
    polish = client.get(f"/play/{table}?token={tokens['mcworld']}").get_data(as_text=True)
    english = client.get(f"/play/{table}?token={tokens['jihad']}").get_data(as_text=True)
    assert '<html lang="pl">' in polish and "Grasz: <b>McWorld</b> (Ann)" in polish and "Zapis partii" in polish
    assert '<html lang="en">' in english and "You play <b>jihad</b> (Bob)" in english and "The log" in english


def test_a_watcher_s_page_follows_the_browser(client):
    table, _ = _table(client)
    assert "You are watching." in client.get(f"/play/{table}").get_data(as_text=True)
    watched = client.get(f"/play/{table}", headers={"Accept-Language": "pl-PL,pl;q=0.9,en;q=0.5"})
    assert "Obserwujesz grę." in watched.get_data(as_text=True)


def test_the_option_link_s_page_in_the_seat_s_language(client, run_worker, smtp_server):
    _table(client)
    run_worker()
    inbox = smtp_server.inbox
    asked = next(m for m in inbox.messages if kind(m) == "your_turn")
    link = re.findall(r"^  1: https?://[^/]+(/act/\S+)$", inbox.text(asked), flags=re.M)[0]
    page = client.get(link).get_data(as_text=True)
    polish = "ann@" in str(asked["To"])
    assert ("Naciśnij przycisk, aby wysłać ten wybór." in page) == polish
    assert ("Press the button to send this choice." in page) == (not polish)
