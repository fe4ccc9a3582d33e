"""A table started from a position keeps the position's hidden parts (the other side's hand, the
other team's HQ and money, face-down plots, Threat cards, tokens and lieutenants) out of every
answer a seat or an observer can read while the game goes on: the view, the log, the states and
replay frames at every seq, the pictures, the position, the export, the seat page, the team
channel, the mail log, the player's lobby and the emails. Which parts are hidden from whom is what the game's
``position_for`` leaves out of the typed position for that seat."""

import json

import pytest

import games
from games.labyrinth import data as labyrinth_data
from tables.model import load
from tables.notices import lobby_key
from tests import gathering_helpers as invite
from tests.helpers import bearer
from tests.tables.position_cases import CASES, players

LABYRINTH = {**CASES["labyrinth"]["position"], "plots": [{"country": "Pakistan", "value": 2}]}
JAGGED = {**CASES["jaggedalliance"]["position"], "hidden": {"threat": {"02A": "T01", "03A": "T02"}}}
SECRET_CASES = {"labyrinth": ({}, LABYRINTH),
                "lafamiglia": ({}, CASES["lafamiglia"]["position"]),
                "jaggedalliance": (CASES["jaggedalliance"]["options"], JAGGED)}


def secrets_for(name, typed, seat):
    """(parent key, key, value): each part of the typed position ``seat`` may not see, as it would
    sit in an answer's JSON (``parent`` None: under any dict)."""
    game = games.get(name)
    shown, hidden = game.position_for(typed, seat)
    out = []
    for path in hidden:
        if path.startswith("plots "):          # Labyrinth's face-down plots: each marker's country and value
            out += [(None, "plots", typed["plots"]), *((None, None, p) for p in typed["plots"] if not p.get("face_up"))]
            continue
        keys = path.split(".")
        value = typed
        for key in keys:
            value = value.get(key) if isinstance(value, dict) else None
        if value in (None, [], {}):
            continue
        out.append((keys[-2] if len(keys) > 1 else None, keys[-1], value))
    assert out or seat is not None and shown == typed, f"nothing hidden from {seat} in this {name} position"
    return out


def dicts(obj):
    if isinstance(obj, dict):
        yield obj
        for value in obj.values():
            yield from dicts(value)
    elif isinstance(obj, list):
        for value in obj:
            yield from dicts(value)


def leaks(answer, secrets):
    """The secrets found in one answer (parsed JSON, or text: a page, a picture, an email)."""
    found = []
    for parent, key, value in secrets:
        if isinstance(answer, str):
            texts = {json.dumps(value), json.dumps(value, separators=(",", ":")), json.dumps(value, sort_keys=True)}
            if isinstance(value, (list, dict)) and any(t in answer for t in texts):
                found.append((parent, key, value))
            continue
        for d in dicts(answer):
            if key is None and d == value or parent is None and key is not None and d.get(key) == value \
                    or isinstance(d.get(parent), dict) and d[parent].get(key) == value:
                found.append((parent, key, value))
                break
    return found


def card_names(name, typed, state, seat):
    """Labyrinth: the names of the typed cards still in the other side's hand (no answer to ``seat``
    names them; a card played since is public)."""
    if name != "labyrinth":
        return []
    return [labyrinth_data.CARDS[c]["name"] for side, cards in typed["hands"].items() if side != seat
            for c in cards if c in state["hands"][side]]


def answers(client, table, token, seq, email=None):
    """Every answer a reader holding ``token`` (None: an observer) can get of a running table;
    with ``email``, that player's lobby too."""
    headers = bearer(token) if token else {}
    query = f"?token={token}" if token else ""
    got = {}
    if email:
        key = lobby_key("test-secret", email)
        got["lobby"], got["lobby.json"] = client.get(f"/lobby/{key}"), client.get(f"/lobby/{key}?format=json")
        assert [s["table"] for s in got["lobby.json"].json["seats"]] == [table]
    for path in ("view", "log", "position", "seq", "export"):
        got[path] = client.get(f"/tables/{table}/{path}", headers=headers)
    if token:
        for path in ("team", "mail-log", "chat", "notes"):
            got[path] = client.get(f"/tables/{table}/{path}", headers=headers)
    for n in range(1, seq + 1):
        got[f"states/{n}"] = client.get(f"/tables/{table}/states/{n}", headers=headers)
        got[f"replay/{n}"] = client.get(f"/tables/{table}/replay/{n}", headers=headers)
        got[f"picture/{n}"] = client.get(f"/tables/{table}/pictures/{n}.svg", headers=headers)
    got["page"] = client.get(f"/play/{table}{query}")
    out = {}
    for path, answer in got.items():
        assert answer.status_code < 500, (path, answer.status_code)
        text = answer.get_data(as_text=True)
        if path == "export":
            out[path] = [json.loads(line) for line in text.splitlines()]
        else:
            out[path] = answer.json if answer.is_json else text
    return out


def email_words(message):
    return "\n".join(part.get_content() for part in message.walk() if part.get_content_type().startswith("text/"))


def play_a_little(client, table, tokens, run_worker, moves=4):
    for _ in range(moves):
        run_worker()
        view = client.get(f"/tables/{table}/view").json
        if view["status"] != "active":
            return
        waiting = [p["seat"] for p in view["prompts"] if p["seat"] in tokens]
        if not waiting:
            return
        seat = waiting[0]
        moved = client.post(f"/tables/{table}/moves", json={"option": 1, "expected_seq": view["seq"]},
                            headers=bearer(tokens[seat]))
        assert moved.status_code in (201, 409, 422), moved.json
    run_worker()


@pytest.mark.parametrize("name", sorted(SECRET_CASES))
def test_no_read_path_shows_a_seat_what_the_typed_position_hides_from_it(client, store, run_worker, smtp_server,
                                                                        name):
    options, typed = SECRET_CASES[name]
    seats = players(name, CASES[name])
    created = client.post("/tables", json={"game": name, "options": {**options, "position": typed}, "seats": seats})
    assert created.status_code == 201, created.json
    table, tokens = created.json["id"], {s: v["token"] for s, v in created.json["seats"].items()}
    play_a_little(client, table, tokens, run_worker)
    running = load(store, table)
    seq = running.seq
    assert running.result() is None
    for seat in (*sorted(tokens), None):
        secrets, names = secrets_for(name, typed, seat), card_names(name, typed, running.state, seat)
        email = seats[seat]["email"] if seat else None
        for path, answer in answers(client, table, tokens.get(seat), seq, email).items():
            assert not leaks(answer, secrets), (seat, path, leaks(answer, secrets))
            text = answer if isinstance(answer, str) else json.dumps(answer)
            assert not [n for n in names if n in text], (seat, path)
        if seat is not None:
            mails = smtp_server.inbox.to(seats[seat]["email"])
            assert mails, f"{seat} got no email"
            for message in mails:
                words = email_words(message)
                assert not leaks(words, secrets) and not [n for n in names if n in words], (seat, message["Subject"])


def test_a_game_asked_for_with_a_position_shows_the_invited_player_none_of_the_other_hand(client, run_worker,
                                                                                           smtp_server):
    """The creator typed the position; the player invited to the other side reads the invitation,
    its page, the gathering's answer and then the game's emails: the creator's hand in none."""
    inbox, ann, bob = smtp_server.inbox, invite.ANN, invite.BOB
    asked = invite.ask(client, {"game": "labyrinth", "options": {"position": LABYRINTH},
                                "creator": {**ann, "seat": "us"}, "seats": {"jihadist": bob}})
    run_worker()
    invite.press(client, invite.link(inbox, invite.latest_of(inbox, ann["email"], "gathering_confirm"), "confirm"))
    run_worker()
    accept = invite.link(inbox, invite.latest_of(inbox, bob["email"], "gathering_invite"), "accept")
    pages = [client.get(invite.path(accept)).get_data(as_text=True),
             json.dumps(client.get(f"/invitations/{asked['id']}").json)]
    assert client.post(invite.path(accept)).status_code == 200
    run_worker()
    assert client.get(f"/tables/{asked['id']}/view").json["status"] == "active"
    us_hand = [labyrinth_data.CARDS[c]["name"] for c in LABYRINTH["hands"]["us"]]
    secrets = secrets_for("labyrinth", LABYRINTH, "jihadist")
    for words in [*pages, *(email_words(m) for m in inbox.to(bob["email"]))]:
        assert not [n for n in us_hand if n in words] and not leaks(words, secrets)
    assert len(inbox.to(bob["email"])) >= 2               # the invitation, then the game's
