"""Issue 10, defect 9: the pages that email links open move only on a person's click, never give
an expired link the seat's credential, and the seat page's form never skips the stale check."""

import re

from tables.auth import link_key
from tables.notices import action_token
from tests.helpers import make_table

SECRET = "test-secret"


def test_an_option_link_opens_a_page_that_waits_for_a_click(client):
    table, _ = make_table(client)
    link = action_token(SECRET, table, "north", 3, 2, 10**10)
    page = client.get(f"/act/{link}").get_data(as_text=True)
    assert "<script" not in page.lower() and "onload" not in page.lower()
    assert re.search(r'<form method="post"[^>]*>\s*<button[^>]*>add 2</button>', page)
    assert client.get(f"/tables/{table}/log").json["seq"] == 3           # opening the page moved nothing
    assert client.post(f"/act/{link}").status_code == 303                 # the click does
    assert client.get(f"/tables/{table}/log").json["seq"] == 4


def test_the_host_page_waits_for_a_click_too(client):
    from tables import signing
    table, _ = make_table(client)
    link = signing.sign(SECRET, "host", table, "north", 3, "extend", 10**10)
    page = client.get(f"/host/{link}").get_data(as_text=True)
    assert "<script" not in page.lower() and "<button" in page


def test_an_expired_link_shows_the_table_without_the_seats_credential(client):
    table, tokens = make_table(client)
    expired = action_token(SECRET, table, "north", 3, 1, 1000)
    secrets = (link_key(SECRET, table, "north"), tokens["north"])
    for answer in (client.get(f"/act/{expired}"), client.post(f"/act/{expired}")):
        page = answer.get_data(as_text=True)
        assert answer.status_code == 409 and "expired" in page
        assert not any(s in page for s in secrets)
        assert 'name="token"' not in page and "You are watching." in page
        assert "north is dealt a card." in page and "north is dealt a " + "1" not in page
    assert client.get(f"/tables/{table}/log").json["seq"] == 3


def test_a_link_to_a_game_that_moved_on_still_shows_the_seat_its_page(client):
    table, _ = make_table(client)
    client.post(f"/act/{action_token(SECRET, table, 'north', 3, 1, 10**10)}")
    stale = client.get(f"/act/{action_token(SECRET, table, 'north', 3, 2, 10**10)}")
    assert stale.status_code == 409 and "You play <b>north</b>" in stale.get_data(as_text=True)


def seat_form(client, table, token):
    page = client.get(f"/play/{table}?token={token}").get_data(as_text=True)
    return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', page))


def test_the_seat_page_form_refuses_a_seq_that_is_not_a_number(client):
    table, tokens = make_table(client)
    fields = seat_form(client, table, tokens["north"])
    for seq in ("abc", "", "3.0", " ", "٣"):
        answer = client.post(f"/play/{table}", data={**fields, "seq": seq, "text": "1", "nonce": f"n-{seq}"})
        page = answer.get_data(as_text=True)
        assert answer.status_code == 422, (seq, answer.status_code)
        assert "reload the page" in page
    without = {k: v for k, v in fields.items() if k != "seq"}
    assert client.post(f"/play/{table}", data={**without, "text": "1"}).status_code == 422
    assert client.get(f"/tables/{table}/log").json["seq"] == 3
    assert client.post(f"/play/{table}", data={**fields, "text": "1"}).status_code == 303
