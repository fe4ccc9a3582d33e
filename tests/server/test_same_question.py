"""Issue 22, tell don't refuse stale: an email's one-click link and the seat page's whole-turn form
are judged by the question, not by the seq. Nora moves, Sam is emailed; Nora takes her move back
and makes it again: Sam's question is the same, so his link and his page (both from before the undo)
still answer it, once; a question that changed, or that Sam answered since, is still refused. An
undo (by the API or the page) is told to Sam on his page's log and by email, not to Nora."""

from tests.helpers import bearer, make_table, play
from tests.mail.helpers import latest, links
from tests.mail.test_play_by_links import click, path


def undone_and_redone(client, table, tokens):
    """Nora's move taken back and made again (by the API): Sam is asked the same question again."""
    undone = client.post(f"/tables/{table}/undo", json={}, headers=bearer(tokens["north"]))
    assert undone.status_code == 201, undone.json
    play(client, table, tokens, "north", option=1)


def test_a_link_answers_the_same_question_after_an_undo_once(client, run_worker, smtp_server):
    table, tokens = make_table(client)
    play(client, table, tokens, "north", option=1)
    run_worker()
    email_links = links(smtp_server.inbox, latest(smtp_server.inbox, "sam@example.org"))
    undone_and_redone(client, table, tokens)
    run_worker()
    landed = click(client, email_links["2"])
    assert landed.status_code == 200 and "south adds 2 (total 3)." in landed.get_data(as_text=True)
    assert client.get(f"/tables/{table}/log").json["seq"] == 7
    play(client, table, tokens, "north", option=1)                  # Sam is asked the same kind again...
    again = client.get(path(email_links["3"]))                      # ...but he answered that email already
    assert again.status_code == 409 and "moved on" in again.get_data(as_text=True)
    assert client.post(path(email_links["3"])).status_code == 409
    assert client.get(f"/tables/{table}/log").json["seq"] == 8


def test_the_page_form_answers_the_same_question_after_an_undo(client, run_worker):
    table, tokens = make_table(client)
    play(client, table, tokens, "north", option=1)
    seen = client.get(f"/tables/{table}/view", headers=bearer(tokens["south"])).json["seq"]     # Sam's page
    undone_and_redone(client, table, tokens)
    sent = client.post(f"/play/{table}", data={"token": tokens["south"], "seq": str(seen), "text": "add 2"},
                       headers={"Accept": "application/json"})
    assert sent.status_code == 200 and sent.json["seq"] == 7, sent.json
    stale = client.post(f"/play/{table}", data={"token": tokens["north"], "seq": str(seen), "text": "add 1"},
                        headers={"Accept": "application/json"})
    assert stale.status_code == 409                                  # Nora was asked nothing in that view
    assert client.get(f"/tables/{table}/log").json["seq"] == 7


def test_an_undo_is_told_on_the_other_seats_page(client, run_worker, smtp_server):
    table, tokens = make_table(client)
    play(client, table, tokens, "north", option=2)
    undone = client.post(f"/tables/{table}/undo", json={}, headers=bearer(tokens["north"]))
    assert undone.status_code == 201
    page = client.get(f"/play/{table}?token={tokens['south']}").get_data(as_text=True)
    assert "Nora took back 1 move" in page and "north adds 2 (total 2)." in page and "(taken back)" in page
    run_worker()                                                    # and by email, to Sam only
    (told,) = [m for m in smtp_server.inbox.to("sam@example.org") if m["X-PBEM-Kind"] == "taken_back"]
    assert "  - north adds 2 (total 2)." in smtp_server.inbox.text(told)
    assert not [m for m in smtp_server.inbox.to("nora@example.org") if m["X-PBEM-Kind"] == "taken_back"]


def test_an_undo_from_the_page_is_told_by_email(client, run_worker, smtp_server):
    table, tokens = make_table(client)
    play(client, table, tokens, "north", option=3)
    seq = client.get(f"/tables/{table}/view").json["seq"]
    sent = client.post(f"/play/{table}", data={"token": tokens["north"], "seq": str(seq), "text": "undo"},
                       headers={"Accept": "application/json"})
    assert sent.status_code == 200 and sent.json["message"] == "Taken back: 1 move."
    run_worker()
    (told,) = [m for m in smtp_server.inbox.to("sam@example.org") if m["X-PBEM-Kind"] == "taken_back"]
    assert "Nora took back 1 move" in smtp_server.inbox.text(told) and told["Reply-To"]
