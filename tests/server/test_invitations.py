"""Players start games themselves (issue 21), through the real server, worker, Redis and SMTP:
POST /invitations with every kind of seat, the creator's confirmation first, invitations with
consent, open seats, declines and lapses, 'never email me', and links forged, repeated or stale."""

import re
import time

import pytest

from store import TableStore
from store import gatherings as kept
from tables import gathering
from tests.gathering_helpers import ANN, BOB, CAROL, ask, kinds, latest_of, link, path, press
from workers import gathering as gathering_worker
from workers.context import Context

CLASH = {"game": "clash", "options": {"match": "single"}, "creator": {**ANN, "seat": "mcworld"},
         "seats": {"jihad": BOB}}


def test_nothing_goes_to_an_invited_address_before_the_creator_confirms(client, run_worker, smtp_server):
    asked = ask(client, CLASH)
    run_worker()
    inbox = smtp_server.inbox
    assert kinds(inbox, ANN["email"]) == ["gathering_confirm"]
    assert inbox.to(BOB["email"]) == []
    assert client.get(f"/tables/{asked['id']}/view").status_code == 404         # no table yet
    text = inbox.text(inbox.to(ANN["email"])[0])
    assert "Nobody else is emailed until you confirm" in text and "bob@example.org" in text
    assert asked["status"] == "unconfirmed" and "ann@example.org" in asked["message"]


def test_invitation_accepted_then_the_game_starts_and_both_move(client, run_worker, smtp_server):
    inbox = smtp_server.inbox
    asked = ask(client, CLASH)
    run_worker()
    confirmed = press(client, link(inbox, latest_of(inbox, ANN["email"], "gathering_confirm"), "confirm"))
    assert confirmed.status_code == 200 and b"Confirmed" in confirmed.data
    run_worker()
    invitation = latest_of(inbox, BOB["email"], "gathering_invite")
    text = inbox.text(invitation)
    assert "Ann invites you" in text and "jihad" in text and asked["seed_sha256"] in text
    assert str(invitation["Reply-To"]).startswith("invite+") and "/never/" in str(invitation["List-Unsubscribe"])
    assert kinds(inbox, BOB["email"]) == ["gathering_invite"]          # no turn email before accepting
    assert client.get(f"/tables/{asked['id']}/view").status_code == 404
    accepted = press(client, link(inbox, invitation, "accept"))
    assert accepted.status_code == 200 and b"the game has begun" in accepted.data
    run_worker()
    view = client.get(f"/tables/{asked['id']}/view").json
    assert view["status"] == "active" and view["seats"]["jihad"]["name"] == "Bob"
    waited = view["prompts"][0]["seat"]
    first = {"mcworld": ANN, "jihad": BOB}[waited]
    assert "your_turn" in kinds(inbox, first["email"])
    for seat in ("mcworld", "jihad"):                                  # a move by each, with their seat links
        view = client.get(f"/tables/{asked['id']}/view").json
        waited = view["prompts"][0]["seat"]
        who = {"mcworld": ANN, "jihad": BOB}[waited]
        seat_link = link(inbox, latest_of(inbox, who["email"], "your_turn"), "play")
        token = seat_link.split("token=")[1]
        moved = client.post(f"/tables/{asked['id']}/moves", json={"option": 1, "expected_seq": view["seq"]},
                            headers={"Authorization": f"Bearer {token}"})
        assert moved.status_code == 201, moved.json
        run_worker()


def test_every_kind_of_seat_by_json(client, run_worker, smtp_server, store):
    body = {"game": "lafamiglia", "creator": {**ANN, "seat": "southwest"},
            "seats": {"southeast": BOB, "northeast": {"bot": "random"}, "northwest": {"open": True}},
            "time_control": {"kind": "clock", "preset": "fast"}, "on_timeout": "bot", "public": True}
    asked = ask(client, body)
    run_worker()
    inbox = smtp_server.inbox
    press(client, link(inbox, latest_of(inbox, ANN["email"], "gathering_confirm"), "confirm"))
    run_worker()
    ready = latest_of(inbox, ANN["email"], "gathering_ready")
    join = link(inbox, ready, "join")
    assert "northwest" in inbox.text(ready)
    assert "northwest" in client.get("/open").get_data(as_text=True)            # public: listed
    g = gathering.load(store, asked["id"])
    assert {s: i["state"] for s, i in g.seats.items()} == {"southwest": "creator", "southeast": "invited",
                                                          "northeast": "bot", "northwest": "open"}
    press(client, link(inbox, latest_of(inbox, BOB["email"], "gathering_invite"), "accept"))
    assert client.post(path(join), data={"name": "Carol", "email": CAROL["email"]}).status_code == 202
    run_worker()
    assert press(client, link(inbox, latest_of(inbox, CAROL["email"], "gathering_join"), "confirm")).status_code == 200
    run_worker()
    view = client.get(f"/tables/{asked['id']}/view").json
    assert view["status"] == "active"
    assert {s: i["name"] for s, i in view["seats"].items()}["northwest"] == "Carol"
    assert "northwest" not in client.get("/open").get_data(as_text=True)        # taken: no longer listed
    assert any(k in ("your_turn", "invitation") for k in kinds(inbox, CAROL["email"]))


@pytest.mark.parametrize("body, code", [
    ({**CLASH, "game": "chess"}, "unknown_game"),
    ({**CLASH, "options": {"nope": 1}}, "unknown_option"),
    ({**CLASH, "options": {"match": "forever"}}, "bad_option"),
    ({**CLASH, "seats": {}}, "missing_seat"),
    ({**CLASH, "seats": {"jihad": {"name": "Ann again", "email": "ANN@example.org"}}}, "same_address"),
    ({**CLASH, "seats": {"jihad": {"name": "Bob", "email": "bob at example"}}}, "bad_email"),
    ({**CLASH, "creator": {**ANN, "email": "ann@", "seat": "mcworld"}}, "bad_email"),
    ({**CLASH, "creator": {**ANN, "seat": "referee"}}, "bad_seat"),
    ({**CLASH, "seats": {"jihad": {"bot": "deep blue"}}}, "unknown_bot"),
    ({**CLASH, "seats": {"jihad": BOB, "umpire": CAROL}}, "bad_seats"),
    ({"game": "labyrinth", "creator": {**ANN, "seat": "jihadist"}, "seats": {"us": {"bot": "jihadist"}}}, "bot_seat"),
])
def test_bad_requests_get_a_sentence_and_nothing_is_sent(client, run_worker, smtp_server, body, code):
    answer = client.post("/invitations", json=body)
    assert answer.status_code == 422 and answer.json["code"] == code, answer.json
    assert answer.json["message"].endswith((".", ")")) and len(answer.json["message"]) > 20
    run_worker()
    assert smtp_server.inbox.messages == []


def test_one_player_may_hold_two_seats_of_a_coop_game(client):
    body = {"game": "jaggedalliance", "options": {"players": 2}, "creator": {**ANN, "seat": "merc1"},
            "seats": {"merc2": {"name": "Ann", "email": ANN["email"]}}}
    assert client.post("/invitations", json=body).status_code == 202


def test_a_decline_tells_the_creator_who_gives_the_seat_to_a_bot(client, run_worker, smtp_server):
    inbox = smtp_server.inbox
    asked = ask(client, CLASH)
    run_worker()
    press(client, link(inbox, latest_of(inbox, ANN["email"], "gathering_confirm"), "confirm"))
    run_worker()
    declined = press(client, link(inbox, latest_of(inbox, BOB["email"], "gathering_invite"), "decline"))
    assert b"Declined" in declined.data
    run_worker()
    told = latest_of(inbox, ANN["email"], "gathering_vacant")
    assert "Bob declined" in inbox.text(told) and "jihad: bot" in inbox.text(told)
    page = link(inbox, told, "play")
    token = page.split("token=")[1]
    changed = client.post(f"/play/{asked['id']}/seat", data={"token": token, "seat": "jihad", "who": "bot:random"})
    assert b"game has begun" in changed.data
    run_worker()
    assert client.get(f"/tables/{asked['id']}/view").json["seats"]["jihad"].get("bot") == "random"
    assert kinds(inbox, BOB["email"]) == ["gathering_invite"]                # nothing more for Bob


def test_an_invitation_lapses_after_seven_days_and_the_creator_is_told(client, run_worker, smtp_server, env, store):
    inbox = smtp_server.inbox
    asked = ask(client, CLASH)
    run_worker()
    press(client, link(inbox, latest_of(inbox, ANN["email"], "gathering_confirm"), "confirm"))
    run_worker()
    ctx = Context(env, store)
    assert gathering_worker.sweep(ctx, time.time() + 6 * 86400) >= 0
    run_worker()
    assert "gathering_vacant" not in kinds(inbox, ANN["email"])
    gathering_worker.sweep(ctx, time.time() + 7 * 86400 + 60)
    run_worker()
    told = latest_of(inbox, ANN["email"], "gathering_vacant")
    assert "did not answer your invitation within 7 days" in inbox.text(told)
    accepted = press(client, link(inbox, latest_of(inbox, BOB["email"], "gathering_invite"), "accept"))
    assert accepted.status_code == 409 and b"lapsed" in accepted.data
    assert gathering.load(store, asked["id"]).seats["jihad"]["state"] == "lapsed"


def test_an_idle_gathering_is_given_up_and_everyone_in_it_told(client, run_worker, smtp_server, env, store):
    inbox = smtp_server.inbox
    body = {**CLASH, "game": "lafamiglia", "options": {}, "creator": {**ANN, "seat": "southwest"},
            "seats": {"southeast": BOB, "northeast": {"open": True}, "northwest": {"bot": "random"}}}
    asked = ask(client, body)
    run_worker()
    press(client, link(inbox, latest_of(inbox, ANN["email"], "gathering_confirm"), "confirm"))
    run_worker()
    press(client, link(inbox, latest_of(inbox, BOB["email"], "gathering_invite"), "accept"))
    gathering_worker.sweep(Context(env, store), time.time() + 15 * 86400)
    run_worker()
    for who in (ANN, BOB):
        assert "14 days" in inbox.text(latest_of(inbox, who["email"], "gathering_cancelled"))
    assert kept.player_gatherings(store, BOB["email"]) == []
    assert gathering.load(store, asked["id"]).status == "cancelled"


def test_an_open_seat_goes_to_the_first_of_two_who_confirm(client, run_worker, smtp_server):
    inbox = smtp_server.inbox
    body = {**CLASH, "seats": {"jihad": {"open": True}}}
    asked = ask(client, body)
    run_worker()
    press(client, link(inbox, latest_of(inbox, ANN["email"], "gathering_confirm"), "confirm"))
    run_worker()
    join = path(link(inbox, latest_of(inbox, ANN["email"], "gathering_ready"), "join"))
    page = client.get(join)
    assert page.status_code == 200 and b'name="email"' in page.data and b'name="name"' in page.data
    for who in (BOB, CAROL):
        assert client.post(join, data=who).status_code == 202
    run_worker()
    carol, bob = (link(inbox, latest_of(inbox, w["email"], "gathering_join"), "confirm") for w in (CAROL, BOB))
    assert press(client, carol).status_code == 200                 # Carol confirms first
    late = press(client, bob)
    assert late.status_code == 409 and b"someone else took the jihad seat first" in late.data
    run_worker()
    assert client.get(f"/tables/{asked['id']}/view").json["seats"]["jihad"]["name"] == "Carol"
    assert client.get(join).status_code == 410                     # the join link says the seat is taken


def test_never_email_me_is_honoured_for_every_later_invitation(client, run_worker, smtp_server, store):
    inbox = smtp_server.inbox
    ask(client, CLASH)
    run_worker()
    press(client, link(inbox, latest_of(inbox, ANN["email"], "gathering_confirm"), "confirm"))
    run_worker()
    never = link(inbox, latest_of(inbox, BOB["email"], "gathering_invite"), "never")
    assert client.get(path(never)).status_code == 200 and not kept.never(store, BOB["email"])   # a GET does nothing
    assert b"never email" in client.post(path(never)).data
    before = len(inbox.to(BOB["email"]))
    second = ask(client, {**CLASH, "creator": {**CAROL, "seat": "mcworld"}})
    run_worker()
    press(client, link(inbox, latest_of(inbox, CAROL["email"], "gathering_confirm"), "confirm"))
    run_worker()
    assert len(inbox.to(BOB["email"])) == before                    # no invitation, ever
    told = latest_of(inbox, CAROL["email"], "gathering_vacant")
    assert "never to email" in inbox.text(told)
    assert gathering.load(store, second["id"]).seats["jihad"]["state"] == "refused"
    hosted = client.post("/tables", json={"game": "clash", "seats": {"mcworld": CAROL, "jihad": BOB}})
    assert hosted.status_code == 201                                 # a host seats Bob: still no email to him
    run_worker()
    assert len(inbox.to(BOB["email"])) == before and inbox.to(CAROL["email"])
    assert client.post(path(never), data={"allow": "1"}).status_code == 200              # taken back
    assert not kept.never(store, BOB["email"])


@pytest.mark.parametrize("forge", [lambda t: t[:-3] + "abc", lambda t: t.replace(".", "x", 1), lambda t: "nonsense"])
def test_forged_confirmation_links_are_refused_with_a_sentence(client, run_worker, smtp_server, forge):
    inbox = smtp_server.inbox
    ask(client, CLASH)
    run_worker()
    url = link(inbox, latest_of(inbox, ANN["email"], "gathering_confirm"), "confirm")
    token = url.rsplit("/", 1)[1]
    forged = client.post(f"/confirm/{forge(token)}")
    assert forged.status_code == 404 and b"not one this server gave out" in forged.data
    run_worker()
    assert inbox.to(BOB["email"]) == []


def test_a_repeated_confirmation_is_refused_and_invites_once(client, run_worker, smtp_server):
    inbox = smtp_server.inbox
    ask(client, CLASH)
    run_worker()
    url = link(inbox, latest_of(inbox, ANN["email"], "gathering_confirm"), "confirm")
    assert press(client, url).status_code == 200
    again = client.post(path(url))
    assert again.status_code == 409 and b"confirmed already" in again.data
    run_worker()
    assert kinds(inbox, BOB["email"]) == ["gathering_invite"]


def test_a_stale_confirmation_is_refused(client, run_worker, smtp_server, env, store):
    from tables.gathering_links import Links
    asked = ask(client, CLASH)
    run_worker()
    stale = Links("http://pbem.test", env.secret_key, "localhost").confirm(asked["id"], "new", "-", time.time() - 1)
    answer = client.post(path(stale))
    assert answer.status_code == 410 and b"expired" in answer.data
    emailed = link(smtp_server.inbox, latest_of(smtp_server.inbox, ANN["email"], "gathering_confirm"), "confirm")
    kept.delete(store, asked["id"])                              # as Redis does after 24 hours unconfirmed
    lapsed = client.post(path(emailed))
    assert lapsed.status_code == 410 and b"lapsed" in lapsed.data
    run_worker()
    assert smtp_server.inbox.to(BOB["email"]) == []


def test_limits_apply_per_creator_and_per_invited_address(client, monkeypatch, env):
    for n in range(5):                                  # the default: 5 games per hour name one address
        assert client.post("/invitations", json={**CLASH, "creator": {"name": f"P{n}", "email": f"p{n}@example.org",
                                                                     "seat": "mcworld"}}).status_code == 202
    over = client.post("/invitations", json={**CLASH, "creator": {**CAROL, "seat": "mcworld"}})
    assert over.status_code == 429 and "bob@example.org" in over.json["message"] and over.headers["Retry-After"]


def test_the_creator_s_page_and_the_api_show_the_seats_without_addresses(client, run_worker, smtp_server):
    inbox = smtp_server.inbox
    asked = ask(client, {**CLASH, "seats": {"jihad": {"open": True}}})
    run_worker()
    press(client, link(inbox, latest_of(inbox, ANN["email"], "gathering_confirm"), "confirm"))
    run_worker()
    page = link(inbox, latest_of(inbox, ANN["email"], "gathering_ready"), "play")
    html = client.get(path(page)).get_data(as_text=True)
    assert "waiting for someone to take jihad" in html and "/join/" in html and "Give this game up" in html
    outsider = client.get(f"/play/{asked['id']}").get_data(as_text=True)
    assert "/join/" not in outsider and "ann@example.org" not in outsider
    token = page.split("token=")[1]
    seen = client.get(f"/invitations/{asked['id']}", headers={"Authorization": f"Bearer {token}"}).json
    assert seen["waiting_on"] == ["jihad"] and "jihad" in seen["joins"]
    assert "ann@example.org" not in str(client.get(f"/invitations/{asked['id']}").json)


def test_an_email_a_killed_process_left_unqueued_is_sent_by_the_sweep(run_worker, smtp_server, env, store):
    g = gathering.ask(store, CLASH, time.time())        # as if the process died before queueing its email
    run_worker()
    assert smtp_server.inbox.messages == []
    gathering_worker.sweep(Context(env, store), time.time() + gathering.MAIL_RETRY + 1)
    run_worker()
    assert kinds(smtp_server.inbox, ANN["email"]) == ["gathering_confirm"]
    assert gathering.load(store, g.id).mails() == []                # sent once, and forgotten
    gathering_worker.sweep(Context(env, store), time.time() + 3 * gathering.MAIL_RETRY)
    run_worker()
    assert len(smtp_server.inbox.messages) == 1


def test_the_lobby_shows_invitations_to_answer_and_games_waiting_for_players(client, run_worker, smtp_server):
    inbox = smtp_server.inbox
    asked = ask(client, CLASH)
    run_worker()
    press(client, link(inbox, latest_of(inbox, ANN["email"], "gathering_confirm"), "confirm"))
    run_worker()
    bob_lobby = path(link(inbox, latest_of(inbox, BOB["email"], "gathering_invite"), "lobby"))
    page = client.get(bob_lobby).get_data(as_text=True)
    assert "Invitations" in page and "Ann invites you to play jihad" in page and "/accept/" in page
    listed = client.get(bob_lobby + "?format=json").json
    assert [i["gid"] for i in listed["invitations"]] == [asked["id"]] and listed["gathering"] == []
    ann_lobby = path(link(inbox, latest_of(inbox, ANN["email"], "gathering_ready"), "lobby"))
    assert "Waiting for players" in client.get(ann_lobby).get_data(as_text=True)
    accept = re.search(r'action="([^"]*/accept/[^"]*)"', page).group(1)
    assert client.post(path(accept)).status_code == 200                 # the lobby's Accept button
    run_worker()
    listed = client.get(bob_lobby + "?format=json").json
    assert listed["invitations"] == [] and listed["gathering"] == []        # the game began: it is a seat now
    assert [s["table"] for s in listed["seats"]] == [asked["id"]]
