"""Asking for a consent rollback from the seat page (issue 17): the replay's frame says whether a seq
is a decision's end, the page carries the form (offered by the script where undo cannot reach; a plain
form without a script), and POST /play/{id}/rollback asks, or says why not."""

from tests.helpers import bearer, make_table, play


def page(client, table, token):
    return client.get(f"/play/{table}?token={token}").get_data(as_text=True)


def played(client):
    table, tokens = make_table(client)
    start = client.get(f"/tables/{table}/view", headers=bearer(tokens["north"])).json["seq"]
    play(client, table, tokens, "north", option=1)
    play(client, table, tokens, "south", option=3)
    return table, tokens, start


def test_the_replay_frame_says_which_seqs_a_rollback_may_go_back_to(client):
    table, tokens, start = played(client)
    now = client.get(f"/tables/{table}/view", headers=bearer(tokens["north"])).json["seq"]
    boundary = {n: client.get(f"/tables/{table}/replay/{n}", headers=bearer(tokens["north"])).json["boundary"]
                for n in range(1, now + 1)}
    assert boundary[start] is True and boundary[now] is False           # now is no earlier seq
    assert [n for n, yes in boundary.items() if yes] == [start, *(n for n in range(start + 1, now) if boundary[n])]
    assert all(not boundary[n] for n in range(1, start))                 # the setup


def test_the_page_asks_and_the_others_see_it(client, run_worker, smtp_server):
    table, tokens, start = played(client)
    followed = client.get(f"/tables/{table}/seq")
    assert "rollback" not in followed.json
    north = page(client, table, tokens["north"])
    assert 'id="seat-rollback-ask"' in north and 'data-can="1"' in north and "<noscript>" in north
    asked = client.post(f"/play/{table}/rollback", data={"token": tokens["north"], "to_seq": str(start),
                                                         "reason": "misread the rules"})
    assert asked.status_code == 303
    north = client.get(asked.headers["Location"]).get_data(as_text=True)
    assert f"You asked the others to go back to event {start}. Waiting for Sam to agree." in north
    assert "Waiting for Sam." in north and 'data-can="0"' in north and "<noscript>" not in north
    south = page(client, table, tokens["south"])
    assert f"Nora asks to roll the game back to event {start} (misread the rules)" in south
    assert 'href="/rollback/' in south
    asked_now = client.get(f"/tables/{table}/seq", headers={"If-None-Match": followed.headers["ETag"]})
    assert asked_now.status_code == 200                  # no seq moved, yet a page following the table sees it
    assert asked_now.json["seq"] == followed.json["seq"]
    assert asked_now.json["rollback"] and asked_now.json["answers"] == 0
    seen = client.get(f"/tables/{table}/view", headers=bearer(tokens["south"])).json["rollback"]
    assert seen["id"] == asked_now.json["rollback"]
    assert seen["asked_by"] == "north" and seen["waiting_on"] == ["south"] and seen["reason"] == "misread the rules"
    run_worker()
    assert [m for m in smtp_server.inbox.to("sam@example.org") if m["X-PBEM-Kind"] == "rollback"]

    again = client.post(f"/play/{table}/rollback", data={"token": tokens["south"], "to_seq": str(start)})
    assert again.status_code == 409
    assert "No rollback was asked: A rollback is already waiting" in again.get_data(as_text=True)


def test_a_refused_ask_says_why(client):
    table, tokens, start = played(client)
    answers = {
        "1": (422, "The setup cannot be rolled back"),                  # inside the setup
        "999": (422, "Roll back to an earlier event"),
        "": (422, "Say which event to go back to"),
    }
    for to_seq, (status, sentence) in answers.items():
        answer = client.post(f"/play/{table}/rollback", data={"token": tokens["north"], "to_seq": to_seq})
        assert answer.status_code == status, (to_seq, answer.status_code)
        assert f"No rollback was asked: {sentence}" in answer.get_data(as_text=True), to_seq
    json = client.post(f"/play/{table}/rollback", data={"token": tokens["north"], "to_seq": "999"},
                       headers={"Accept": "application/json"})
    assert json.status_code == 422 and json.json["code"] == "bad_rollback_seq"
    nobody = client.post(f"/play/{table}/rollback", data={"to_seq": str(start)})
    assert nobody.status_code == 401
    assert client.get(f"/tables/{table}/rollback", headers=bearer(tokens["north"])).json["outcome"] == "none"


def test_no_rollback_once_the_game_is_over(client, run_worker):
    table, tokens = make_table(client, target=5)
    start = client.get(f"/tables/{table}/view", headers=bearer(tokens["north"])).json["seq"]
    play(client, table, tokens, "north", option=3)
    play(client, table, tokens, "south", option=3)
    run_worker()                                                          # the rules reveal: the end
    assert client.get(f"/tables/{table}/view").json["status"] == "finished"
    assert 'data-can="0"' in page(client, table, tokens["north"])
    answer = client.post(f"/play/{table}/rollback", data={"token": tokens["north"], "to_seq": str(start)})
    assert answer.status_code == 409
    assert "No rollback was asked: The game is over" in answer.get_data(as_text=True)


def test_against_a_bot_the_rollback_is_applied_at_once(client, run_worker):
    table, tokens = make_table(client, seats={"north": {"name": "Nora", "email": "nora@example.org"},
                                              "south": {"bot": "random"}}, target=20)
    start = client.get(f"/tables/{table}/view", headers=bearer(tokens["north"])).json["seq"]
    for _ in range(2):
        play(client, table, tokens, "north", option=1)
        run_worker()                                                      # the bot answers
    now = client.get(f"/tables/{table}/view", headers=bearer(tokens["north"])).json
    assert now["seq"] > start + 2 and now["rollback"] is None
    asked = client.post(f"/play/{table}/rollback", data={"token": tokens["north"], "to_seq": str(start)},
                        headers={"Accept": "application/json"})
    assert asked.status_code == 200 and asked.json["outcome"] == "applied"
    assert asked.json["message"] == f"Rolled back to event {start}: no other player needed to agree."
    back = client.get(f"/tables/{table}/view", headers=bearer(tokens["north"])).json
    assert back["state"]["total"] == 0 and back["rollback"] is None and back["seq"] == now["seq"] + 1
