"""A player's lobby: every table they sit at, waiting on them first, reached from any of their emails."""

import re

from tests.helpers import make_table, play


def lobby_link(inbox, address):
    """The lobby link every email carries (a turn's footer, an invitation's greeting)."""
    links = {link for m in inbox.to(address)
             for link in re.findall(r"^All your games(?: on this server)?: (\S+)$", inbox.text(m), flags=re.M)}
    assert len(links) == 1, links
    return links.pop()


def test_the_lobby_lists_a_players_tables_waiting_on_them_first(client, run_worker, smtp_server):
    first, tokens = make_table(client)                       # Nora (north) moves first at both
    second, tokens2 = make_table(client)
    play(client, second, tokens2, "north")                   # now Sam's move at the second table
    other = client.post("/tables", json={"game": "duel", "seats": {
        "north": {"name": "Olga", "email": "olga@example.org"}, "south": {"name": "Sam", "email": "sam@example.org"}}})
    run_worker()
    link = lobby_link(smtp_server.inbox, "nora@example.org")
    path = link.split("http://127.0.0.1:8000", 1)[-1]
    page = client.get(path).get_data(as_text=True)
    assert page.index(f"#{first}") < page.index("Waiting on others") < page.index(f"#{second}")
    assert other.json["id"] not in page and "olga" not in page.lower()
    assert f"/play/{first}?token=north." in page
    listed = client.get(path + "?format=json").json
    assert [(s["table"], s["status"]) for s in listed["seats"]] == [(first, "your_move"), (second, "waiting")]
    assert listed["seats"][1]["waiting_for"] == ["Sam (south)"]
    seat_page = client.get(listed["seats"][0]["link"].split("http://127.0.0.1:8000", 1)[-1])
    assert "You play <b>north</b>" in seat_page.get_data(as_text=True)


def test_a_forged_lobby_key_shows_nothing(client):
    make_table(client)
    forged = "6e6f7261406578616d706c652e6f7267.0123456789abcdef0123"
    answer = client.get(f"/lobby/{forged}")
    assert answer.status_code == 404 and "nora" not in answer.get_data(as_text=True)
