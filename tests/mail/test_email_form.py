"""What every email carries: RFC 3834 and RFC 8058 headers, one thread per table and seat, the
table drawn as an inline PNG the HTML part shows (with its crop around what matters, legible on a phone),
and a size a phone downloads quickly."""

from tests.mail.helpers import kind

PLAYERS = {"us": {"name": "Uma", "email": "uma@example.org"},
           "jihadist": {"name": "Jay", "email": "jay@example.org"}}


def test_a_turn_email_is_marked_automatic_threaded_drawn_and_small(client, run_worker, smtp_server):
    table = client.post("/tables", json={"game": "labyrinth", "seats": PLAYERS}).json["id"]
    run_worker()
    (invitation,) = smtp_server.inbox.to("uma@example.org")      # the US plays second: invited
    (turn,) = smtp_server.inbox.to("jay@example.org")            # the Jihadist's first turn greets them
    assert kind(invitation) == "invitation" and kind(turn) == "your_turn"
    for message, seat in ((invitation, "us"), (turn, "jihadist")):
        assert message["Auto-Submitted"] == "auto-generated"
        assert str(message["Subject"]) == f"Labyrinth: The War on Terror #{table} ({seat})"
        assert str(message["List-Unsubscribe"]).strip().startswith("<http://pbem.test/mute/")
        assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    html = turn.get_body(preferencelist=("html",))
    images = [part for part in turn.walk() if part.get_content_type() == "image/png"]
    assert len(images) == 1             # the whole board, or a crop of it legible on a phone (the whole one linked)
    for image in images:
        cid = str(image["Content-ID"]).strip("<>")
        assert f'src="cid:{cid}"' in html.get_content()
        assert image.get_content()[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(bytes(turn)) < 300_000


def test_the_one_click_unsubscribe_mutes_the_seat_at_that_table(client, run_worker, smtp_server):
    table = client.post("/tables", json={"game": "labyrinth", "seats": PLAYERS}).json["id"]
    run_worker()
    turn = smtp_server.inbox.to("jay@example.org")[-1]
    url = str(turn["List-Unsubscribe"]).strip().strip("<>").replace("http://pbem.test", "")
    page = client.get(url)                                   # a scanner opening the link changes nothing
    assert page.status_code == 200 and "<form" in page.get_data(as_text=True)
    assert client.get(f"/tables/{table}/view").status_code == 200
    answer = client.post(url, data={"List-Unsubscribe": "One-Click"})
    assert answer.status_code == 200
    token = turn.get_body(preferencelist=("plain",)).get_content().split("token=")[1].split()[0]
    policy = client.get(f"/tables/{table}/notifications", headers={"Authorization": f"Bearer {token}"}).json
    assert policy["policy"] == "mute"
    assert client.post(url.replace("/mute/", "/mute/x"), data={}).status_code == 404
