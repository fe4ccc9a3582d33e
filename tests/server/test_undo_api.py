"""Issue 17 over HTTP: POST /tables/{id}/undo, the view's undo field, 409 with a code and a sentence
when the window is closed, stale expected_seq, idempotency, the log marks what was taken back; the
seat page's Undo button."""

from tests.helpers import bearer, make_table, play


def view(client, table, token):
    return client.get(f"/tables/{table}/view", headers=bearer(token)).json


def test_a_seat_takes_back_its_move_until_the_other_moves(client):
    table, tokens = make_table(client)
    before = view(client, table, tokens["north"])
    assert before["undo"]["available"] is False and before["undo"]["code"] == "start"
    play(client, table, tokens, "north", option=3)                 # a misclick: add 3
    north = view(client, table, tokens["north"])
    assert north["undo"] == {"available": True, "moves": 1}
    assert view(client, table, tokens["south"])["undo"]["available"] is False
    assert "undo" not in client.get(f"/tables/{table}/view").json           # an observer is not told

    stale = client.post(f"/tables/{table}/undo", json={"expected_seq": north["seq"] - 1},
                        headers=bearer(tokens["north"]))
    assert stale.status_code == 409 and stale.json["code"] == "stale_seq"
    headers = {**bearer(tokens["north"]), "Idempotency-Key": "undo-1"}
    done = client.post(f"/tables/{table}/undo", json={"expected_seq": north["seq"]}, headers=headers)
    assert done.status_code == 201, done.json
    assert done.json["seq"] == north["seq"] + 1
    assert done.json["view"]["state"]["total"] == 0 and done.json["view"]["prompts"][0]["seat"] == "north"
    assert done.json["events"][0]["event"] == {"type": "undo", "to_seq": before["seq"], "asked_by": "north",
                                               "moves": 1}
    assert "Nora took back 1 move" in done.json["events"][0]["text"]
    again = client.post(f"/tables/{table}/undo", json={"expected_seq": north["seq"]}, headers=headers)
    assert again.status_code == 201 and again.json["seq"] == done.json["seq"]        # applied once

    log = client.get(f"/tables/{table}/log", headers=bearer(tokens["south"])).json["events"]
    assert [e.get("undone", False) for e in log[-2:]] == [True, False]

    play(client, table, tokens, "north", option=1)
    play(client, table, tokens, "south", option=1)
    closed = client.post(f"/tables/{table}/undo", json={}, headers=bearer(tokens["north"]))
    assert closed.status_code == 409 and closed.json["code"] == "other_seat"
    assert "Sam has moved since" in closed.json["message"]
    nobody = client.post(f"/tables/{table}/undo", json={})
    assert nobody.status_code == 401


def test_undo_after_a_die_is_refused(client, run_worker):
    table, tokens = make_table(client, target=5)
    play(client, table, tokens, "north", option=3)
    play(client, table, tokens, "south", option=3)             # 6 >= 5: the rules roll and reveal
    run_worker()
    answer = client.post(f"/tables/{table}/undo", json={}, headers=bearer(tokens["south"]))
    assert answer.status_code == 409 and answer.json["code"] in ("game_over", "dice")


def test_undo_more_than_allowed_and_by_seq(client):
    table, tokens = make_table(client)
    first = view(client, table, tokens["north"])["seq"]
    play(client, table, tokens, "north", option=1)
    too_many = client.post(f"/tables/{table}/undo", json={"moves": 2}, headers=bearer(tokens["north"]))
    assert too_many.status_code == 409 and too_many.json["message"]
    bad = client.post(f"/tables/{table}/undo", json={"moves": 0}, headers=bearer(tokens["north"]))
    assert bad.status_code == 422
    by_seq = client.post(f"/tables/{table}/undo", json={"to_seq": first}, headers=bearer(tokens["north"]))
    assert by_seq.status_code == 201 and by_seq.json["view"]["state"]["total"] == 0


def test_the_seat_page_shows_an_undo_button_and_it_works(client):
    table, tokens = make_table(client)
    page = client.get(f"/play/{table}?token={tokens['north']}").get_data(as_text=True)
    assert 'id="seat-undo"' not in page
    play(client, table, tokens, "north", option=2)
    page = client.get(f"/play/{table}?token={tokens['north']}").get_data(as_text=True)
    assert 'id="seat-undo"' in page
    seq = view(client, table, tokens["north"])["seq"]
    answer = client.post(f"/play/{table}", data={"token": tokens["north"], "seq": str(seq), "text": "undo",
                                                 "nonce": "n1"}, headers={"Accept": "application/json"})
    assert answer.status_code == 200 and answer.json["message"] == "Taken back: 1 move."
    assert view(client, table, tokens["north"])["state"]["total"] == 0
    page = client.get(f"/play/{table}?token={tokens['north']}").get_data(as_text=True)
    assert "(taken back)" in page and "took back 1 move" in page      # the log keeps the misclick, marked
    again = client.post(f"/play/{table}", data={"token": tokens["north"], "seq": str(seq), "text": "undo",
                                                "nonce": "n2"}, headers={"Accept": "application/json"})
    assert again.status_code == 409 and again.json["code"] == "start"


def rollback_mails(smtp_server, address, stage=None):
    return [m for m in smtp_server.inbox.to(address) if m["X-PBEM-Kind"] == "rollback"
            and (stage is None or stage in str(m["Subject"]) or stage in smtp_server.inbox.text(m))]


def test_a_consent_rollback_by_a_signed_link(client, run_worker, smtp_server):
    import re
    table, tokens = make_table(client)
    start = view(client, table, tokens["north"])["seq"]
    play(client, table, tokens, "north", option=1)
    play(client, table, tokens, "south", option=3)
    play(client, table, tokens, "north", option=2)
    run_worker()
    asked = client.post(f"/tables/{table}/rollback", json={"to_seq": start, "reason": "we misread the rules"},
                        headers=bearer(tokens["north"]))
    assert asked.status_code == 201, asked.json
    request = asked.json["request"]
    assert asked.json["outcome"] == "asked" and request["voters"] == ["south"] and request["asked_by"] == "north"
    again = client.post(f"/tables/{table}/rollback", json={"to_seq": start}, headers=bearer(tokens["south"]))
    assert again.status_code == 409 and again.json["code"] == "rollback_pending"
    assert client.post(f"/tables/{table}/rollback/{request['id']}/agree", headers=bearer(tokens["north"])
                       ).status_code == 403                     # the asker does not vote
    run_worker()
    (question,) = [m for m in smtp_server.inbox.to("sam@example.org") if m["X-PBEM-Kind"] == "rollback"]
    text = smtp_server.inbox.text(question)
    assert "Nora asks to roll Duel" in text and "we misread the rules" in text and question["Reply-To"]
    agree = re.search(r"^Agree:  (\S+)$", text, flags=re.M).group(1).replace("http://pbem.test", "")
    assert client.get(agree).status_code == 200                  # a page with a button: nothing happens yet
    assert view(client, table, tokens["north"])["state"]["total"] == 6
    done = client.post(agree)
    assert done.status_code == 200 and "rolled back" in done.get_data(as_text=True)
    now = view(client, table, tokens["north"])
    assert now["state"]["total"] == 0 and now["prompts"][0]["seat"] == "north"
    log = client.get(f"/tables/{table}/log", headers=bearer(tokens["south"])).json["events"]
    assert log[-1]["event"] == {"type": "rollback", "to_seq": start, "asked_by": "north", "agreed": ["south"],
                                "reason": "we misread the rules", "request": request["id"]}
    assert [e.get("undone", False) for e in log[-4:]] == [True, True, True, False]
    run_worker()
    for address in ("nora@example.org", "sam@example.org"):         # both told, with what was taken back
        told = [smtp_server.inbox.text(m) for m in smtp_server.inbox.to(address) if m["X-PBEM-Kind"] == "taken_back"]
        assert len(told) == 1 and f"Nora rolled the game back to event {start}" in told[0], address
        assert "we misread the rules" in told[0] and "north adds 1" in told[0]
    assert client.post(agree).status_code == 409                      # used: the request is closed
    closed = client.post(f"/tables/{table}/undo", json={}, headers=bearer(tokens["north"]))
    assert closed.status_code == 409


def test_a_refused_rollback_and_one_a_move_lapses(client, run_worker, smtp_server):
    table, tokens = make_table(client)
    start = view(client, table, tokens["north"])["seq"]
    play(client, table, tokens, "north", option=1)
    play(client, table, tokens, "south", option=1)
    inside = client.post(f"/tables/{table}/rollback", json={"to_seq": start - 1}, headers=bearer(tokens["north"]))
    assert inside.status_code == 422 and inside.json["code"] == "bad_rollback_seq"     # the setup stays
    asked = client.post(f"/tables/{table}/rollback", json={"to_seq": start}, headers=bearer(tokens["north"])).json
    south_page = client.get(f"/play/{table}?token={tokens['south']}").get_data(as_text=True)
    assert "Nora asks to roll the game back to event" in south_page and 'href="/rollback/' in south_page
    north_page = client.get(f"/play/{table}?token={tokens['north']}").get_data(as_text=True)
    assert "Waiting for Sam." in north_page and 'href="/rollback/' not in north_page
    refused = client.post(f"/tables/{table}/rollback/{asked['request']['id']}/refuse", headers=bearer(tokens["south"]))
    assert refused.status_code == 200 and refused.json["outcome"] == "refused"
    run_worker()
    (told,) = [m for m in smtp_server.inbox.to("nora@example.org") if m["X-PBEM-Kind"] == "rollback"]
    assert "was refused by Sam" in smtp_server.inbox.text(told)
    assert view(client, table, tokens["north"])["state"]["total"] == 2
    asked = client.post(f"/tables/{table}/rollback", json={"to_seq": start}, headers=bearer(tokens["north"])).json
    play(client, table, tokens, "north", option=1)                    # a move lapses the request
    lapsed = client.post(f"/tables/{table}/rollback/{asked['request']['id']}/agree", headers=bearer(tokens["south"]))
    assert lapsed.status_code == 409 and lapsed.json["code"] == "no_such_rollback"
    assert client.get(f"/tables/{table}/rollback", headers=bearer(tokens["north"])).json["outcome"] == "none"
