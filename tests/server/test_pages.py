"""The seat page that email links open: the view, the options as buttons, a form that moves."""

import re

from tests.helpers import make_table


def form_fields(html):
    return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', html))


def test_the_seat_page_shows_the_options_and_its_form_makes_the_move(client):
    table, tokens = make_table(client)
    page = client.get(f"/play/{table}?token={tokens['north']}").get_data(as_text=True)
    assert "You play <b>north</b>" in page and "1. add 1" in page
    fields = form_fields(page)
    assert fields["seq"] == "3" and fields["token"] == tokens["north"]
    answer = client.post(f"/play/{table}", data={**fields, "text": "2"})
    assert answer.status_code == 303
    again = client.post(f"/play/{table}", data={**fields, "text": "2"})     # the same form sent twice
    assert again.status_code == 303
    assert client.get(f"/tables/{table}/log").json["seq"] == 4
    after = client.get(answer.headers["Location"]).get_data(as_text=True)
    assert "north adds 2 (total 2)." in after and "Waiting for Sam." in after


def test_the_page_hides_the_other_seats_card_and_refuses_a_stale_form(client):
    table, tokens = make_table(client)
    south = client.get(f"/play/{table}?token={tokens['south']}").get_data(as_text=True)
    assert "north is dealt a card." in south
    north = client.get(f"/play/{table}?token={tokens['north']}").get_data(as_text=True)
    client.post(f"/play/{table}", data={**form_fields(north), "text": "1"})
    stale = client.post(f"/play/{table}", data={**form_fields(north), "text": "1", "nonce": "other"})
    assert stale.status_code in (409, 422) and "problem" in stale.get_data(as_text=True)
    assert client.get(f"/tables/{table}/log").json["seq"] == 4


def test_an_observer_page_and_a_wrong_token(client):
    table, _ = make_table(client)
    assert "You are watching." in client.get(f"/play/{table}").get_data(as_text=True)
    assert client.get(f"/play/{table}?token=nope").status_code == 403
