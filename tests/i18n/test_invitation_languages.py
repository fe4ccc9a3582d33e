"""POST /invitations carries each person's language (the creator's and an invited seat's) to the
table the gathering starts: their emails there are in it."""

import pytest

from tests.gathering_helpers import ANN, BOB, ask, latest_of, link, path, press
from tests.mail.helpers import kind


@pytest.mark.parametrize("polish", ["creator", "invited"])
def test_the_languages_asked_in_an_invitation_are_the_seats_languages_at_the_table(client, run_worker, smtp_server,
                                                                                   polish):
    inbox = smtp_server.inbox
    creator, invited = ({**ANN, "language": "pl"}, BOB) if polish == "creator" else (ANN, {**BOB, "language": "pl"})
    asked = ask(client, {"game": "clash", "options": {"match": "single"}, "creator": {**creator, "seat": "mcworld"},
                         "seats": {"jihad": invited}})
    run_worker()
    press(client, link(inbox, latest_of(inbox, ANN["email"], "gathering_confirm"), "confirm"))
    run_worker()
    press(client, link(inbox, latest_of(inbox, BOB["email"], "gathering_invite"), "accept"))
    run_worker()
    assert client.get(f"/tables/{asked['id']}/view").json["status"] == "active"
    table_mail = {who: [m for m in inbox.to(who) if kind(m) in ("your_turn", "invitation")]
                  for who in (ANN["email"], BOB["email"])}
    assert all(table_mail.values())
    polish, english = (ANN, BOB) if polish == "creator" else (BOB, ANN)
    assert all("Twoje miejsce: http" in inbox.text(m) for m in table_mail[polish["email"]])
    assert all("Your seat: http" in inbox.text(m) for m in table_mail[english["email"]])


def test_an_invited_seat_in_a_language_the_platform_does_not_speak_is_refused(client):
    answer = client.post("/invitations", json={"game": "clash", "options": {"match": "single"},
                                               "creator": {**ANN, "seat": "mcworld"},
                                               "seats": {"jihad": {**BOB, "language": "xx"}}})
    assert answer.status_code == 422 and answer.json["code"] == "bad_language"


def test_the_accept_page_offers_the_language_and_the_choice_holds_at_the_table(client, run_worker, smtp_server):
    inbox = smtp_server.inbox
    asked = ask(client, {"game": "clash", "options": {"match": "single"}, "creator": {**ANN, "seat": "mcworld"},
                         "seats": {"jihad": BOB}})
    run_worker()
    press(client, link(inbox, latest_of(inbox, ANN["email"], "gathering_confirm"), "confirm"))
    run_worker()
    accept = path(link(inbox, latest_of(inbox, BOB["email"], "gathering_invite"), "accept"))
    offered = client.get(accept, headers={"Accept-Language": "pl,en;q=0.5"}).get_data(as_text=True)
    assert '<option value="pl" selected>polski</option>' in offered
    assert '<option value="en" selected>' in client.get(accept).get_data(as_text=True)    # no preference: English
    assert client.post(accept, data={"language": "pl"}).status_code == 200
    run_worker()
    assert client.get(f"/tables/{asked['id']}/view").json["status"] == "active"
    bobs = [m for m in inbox.to(BOB["email"]) if kind(m) in ("your_turn", "invitation")]
    assert bobs and all("Twoje miejsce: http" in inbox.text(m) for m in bobs)
    assert all("Your seat: http" in inbox.text(m) for m in inbox.to(ANN["email"]) if kind(m) in ("your_turn",
                                                                                                   "invitation"))


def test_the_start_page_offers_the_language_and_the_creator_s_choice_holds(client, run_worker, smtp_server):
    offered = client.get("/new?game=clash", headers={"Accept-Language": "pl-PL"}).get_data(as_text=True)
    assert '<option value="pl" selected>polski</option>' in offered
    sent = client.post("/new", data={"game": "clash", "match": "single", "name": "Ann", "email": ANN["email"],
                                     "language": "pl", "who_mcworld": "me", "who_jihad": "bot:random"})
    assert sent.status_code == 202
    run_worker()
    inbox = smtp_server.inbox
    press(client, link(inbox, latest_of(inbox, ANN["email"], "gathering_confirm"), "confirm"))
    run_worker()
    table_mail = [m for m in inbox.to(ANN["email"]) if kind(m) in ("your_turn", "invitation")]
    assert table_mail and all("Twoje miejsce: http" in inbox.text(m) for m in table_mail)
