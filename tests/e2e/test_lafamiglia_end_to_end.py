"""La Famiglia over real HTTP, a real worker, Redis and SMTP, with four email addresses in two teams
(issue 14): the game is played by the API up to a finesse; both sides pick their card in secret by
replying to their emails (neither sees the other's card, each partner sees its own team's); the
cards are revealed together by the worker; a 'team:' reply and the API's team channel reach the
partner only. The setup by email (issue 22): each player sends the example of their first email
back, once, and the game comes to its first planning turn."""

import re

import requests

from games.core import Rng
from tests.mail.helpers import kind, latest, reply

PLAYERS = {"southwest": {"name": "Sara", "email": "sara@example.org"},
           "northeast": {"name": "Nils", "email": "nils@example.org"},
           "southeast": {"name": "Sven", "email": "sven@example.org"},
           "northwest": {"name": "Nora", "email": "nora@example.org"}}
TEAM = {"southwest": "south", "southeast": "south", "northeast": "north", "northwest": "north"}
# what a player keen on a fight prefers, in this order (labels of the listed options)
KEEN = ("Attack", "Finesse", "Issue an order", "Order Basic 3", "Order Basic 4", "Order Church", "Order Courts A",
        "Shotgun", "Muster", "Use field 1a2", "Use field 1b1", "Use field 1e1", "Take a car")
AVOID = ("Sell", "Pass", "Finish", "No ", "Do not", "Done", "Leave", "Give")


def keen_choice(options, chooser):
    for word in KEEN:
        found = [i for i, o in enumerate(options, 1) if o["label"].startswith(word)]
        if found:
            return found[0]
    counts = [(o["move"]["n"], i) for i, o in enumerate(options, 1) if isinstance(o["move"].get("n"), int)]
    if counts and len(counts) == len(options):
        return max(counts)[1]                                 # every soldato we may move or place
    fine = [i for i, o in enumerate(options, 1) if not o["label"].startswith(AVOID)] or list(range(1, len(options) + 1))
    return chooser.choice(fine)


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def ally(seat):
    return next(s for s in PLAYERS if s != seat and TEAM[s] == TEAM[seat])


def test_lafamiglia_by_http_and_email_in_two_teams(live_server, run_worker, smtp_server, mail_in):
    created = requests.post(f"{live_server}/tables", json={"game": "lafamiglia", "seats": PLAYERS,
                                                           "options": {"families": "first_game"}})
    assert created.status_code == 201, created.json()
    table, tokens = created.json()["id"], {s: v["token"] for s, v in created.json()["seats"].items()}
    inbox, chooser = smtp_server.inbox, Rng(b"keen players", 0)
    catalogue = {g["name"]: g for g in requests.get(f"{live_server}/games").json()}
    assert catalogue["lafamiglia"]["seats"] == list(PLAYERS)
    assert catalogue["lafamiglia"]["teams"] == {"north": ["northwest", "northeast"], "south": ["southwest", "southeast"]}
    assert {"families", "identical_cards", "tie_totals"} <= set(catalogue["lafamiglia"]["options"])   # the rulings
    run_worker()

    # ---- play by the API until two seats are asked for their finesse cards at once
    for _ in range(3000):
        view = requests.get(f"{live_server}/tables/{table}/view").json()
        assert view["status"] == "active", view["result"]
        kinds = {p["seat"]: p["kind"] for p in view["prompts"]}
        if list(kinds.values()).count("card") == 2:
            break
        if "system" in kinds:
            run_worker()
            continue
        seat = sorted(kinds)[0]
        mine = requests.get(f"{live_server}/tables/{table}/view", headers=auth(tokens[seat])).json()
        (prompt,) = [p for p in mine["prompts"] if p["seat"] == seat]
        answer = requests.post(f"{live_server}/tables/{table}/moves", headers=auth(tokens[seat]),
                               json={"option": keen_choice(prompt["options"], chooser), "expected_seq": view["seq"]})
        assert answer.status_code == 201, answer.json()
    else:
        raise AssertionError("no finesse came")
    attacker, defender = [s for s, k in kinds.items() if k == "card"]
    sealed = requests.get(f"{live_server}/tables/{table}/view", headers=auth(tokens[attacker])).json()["state"]["sealed"]
    attacker, defender = sealed["seats"]                      # the attacker picks first in the list
    assert TEAM[attacker] != TEAM[defender]
    run_worker()                                              # both are emailed their question

    # ---- both pick by replying to their emails; each reply applies, neither shows the other's card
    asked = {s: latest(inbox, PLAYERS[s]["email"]) for s in (attacker, defender)}
    for s in (attacker, defender):
        assert kind(asked[s]) == "your_turn" and "conflict card in secret" in inbox.text(asked[s])
    reply(mail_in, asked[attacker], "zdrada")
    run_worker()
    answer = latest(inbox, PLAYERS[attacker]["email"])
    assert kind(answer) == "answer" and "not applied" not in inbox.text(answer)
    seen = {s: requests.get(f"{live_server}/tables/{table}/view", headers=auth(tokens[s])).json()["state"]["sealed"]
            for s in PLAYERS}
    assert seen[defender]["chosen"] == [attacker] and seen[defender]["picks"] == {}
    assert seen[ally(defender)]["picks"] == {} and seen[ally(attacker)]["picks"] == {attacker: "zdrada"}
    log = requests.get(f"{live_server}/tables/{table}/log", headers=auth(tokens[defender])).json()["events"]
    (sealed_event,) = [e for e in log if e["event"]["type"] == "seal"]
    assert sealed_event["event"]["card"] is None and "move" not in sealed_event
    reply(mail_in, asked[defender], "2")                      # the email was sent before the attacker's pick
    run_worker()
    answer = latest(inbox, PLAYERS[defender]["email"])
    assert kind(answer) == "answer" and "not applied" not in inbox.text(answer), inbox.text(answer)

    # ---- the attacker, then the defender, take or leave the other's card; the worker reveals both
    for s, option in ((attacker, 2), (defender, 1)):
        view = requests.get(f"{live_server}/tables/{table}/view", headers=auth(tokens[s])).json()
        (prompt,) = [p for p in view["prompts"] if p["seat"] == s]
        assert prompt["kind"] == "take"
        assert requests.post(f"{live_server}/tables/{table}/moves", headers=auth(tokens[s]),
                             json={"option": option, "expected_seq": view["seq"]}).status_code == 201
    run_worker()
    for s in PLAYERS:
        events = requests.get(f"{live_server}/tables/{table}/log", headers=auth(tokens[s])).json()["events"]
        (cards,) = [e["event"] for e in events if e["event"]["type"] == "cards"]
        assert cards["cards"] == {attacker: "zdrada", defender: "tchorzostwo1"}
        assert cards["held"] == {"att": [], "def": ["zdrada", "tchorzostwo1"]}

    # ---- the team channel: by email ('team:') and by the API, to the partner only
    secret = "team: Zdrada was mine, hold Licata next round"
    reply(mail_in, latest(inbox, PLAYERS[attacker]["email"]), secret)
    run_worker()
    answer = latest(inbox, PLAYERS[attacker]["email"])
    assert kind(answer) == "answer" and f"Sent to your partner {PLAYERS[ally(attacker)]['name']} only" in inbox.text(answer)
    partner_mail = latest(inbox, PLAYERS[ally(attacker)]["email"])
    assert kind(partner_mail) == "team_message" and "hold Licata next round" in inbox.text(partner_mail)
    assert partner_mail["Reply-To"]
    reply(mail_in, partner_mail, "team: agreed")               # the partner answers the same way
    run_worker()
    assert "agreed" in inbox.text(latest(inbox, PLAYERS[attacker]["email"]))
    sent = requests.post(f"{live_server}/tables/{table}/team", headers=auth(tokens[defender]),
                         json={"text": "Careful: they play finesse"})
    assert sent.status_code == 201 and sent.json()["messages"][0]["text"] == "Careful: they play finesse"
    run_worker()
    assert "Careful: they play finesse" in inbox.text(latest(inbox, PLAYERS[ally(defender)]["email"]))
    for s in PLAYERS:
        texts = [m["text"] for m in requests.get(f"{live_server}/tables/{table}/team", headers=auth(tokens[s])).json()["messages"]]
        if TEAM[s] == TEAM[attacker]:
            assert texts == ["Zdrada was mine, hold Licata next round", "agreed"]
        else:
            assert texts == ["Careful: they play finesse"]
    assert requests.get(f"{live_server}/tables/{table}/team").status_code == 401
    for s in PLAYERS:                                         # no email of the other team carries a team message
        mails = " ".join(inbox.text(m) for m in inbox.to(PLAYERS[s]["email"]))
        assert ("hold Licata next round" in mails) == (TEAM[s] == TEAM[attacker])
        assert ("they play finesse" in mails) == (s == ally(defender))          # sent by the API: no copy back
    page = requests.get(f"{live_server}/play/{table}", params={"token": tokens[ally(attacker)]}).text
    assert "hold Licata next round" in page and "they play finesse" not in page
    page = requests.get(f"{live_server}/play/{table}").text
    assert "hold Licata" not in page and "seat-team" not in page


def example_of(text):
    """The example whole turn an email proposes: the indented lines under '... for example:'."""
    block = re.search(r"for example:\n((?: {4}\S.*\n)+)", text)
    assert block, text
    return [line.strip() for line in block.group(1).splitlines()]


def test_the_setup_by_email_takes_one_reply_per_player(live_server, run_worker, smtp_server, mail_in):
    created = requests.post(f"{live_server}/tables", json={"game": "lafamiglia", "seats": PLAYERS})
    assert created.status_code == 201, created.json()
    table, inbox = created.json()["id"], smtp_server.inbox
    run_worker()
    replied = []
    for _ in range(12):
        view = requests.get(f"{live_server}/tables/{table}/view").json()
        if view["state"]["phase"] != "setup":
            break
        (seat,) = [p["seat"] for p in view["prompts"]]
        assert seat not in replied, f"{seat} is asked again in the setup"
        mail = latest(inbox, PLAYERS[seat]["email"])
        assert kind(mail) == "your_turn" and "same reply" in inbox.text(mail)
        lines = example_of(inbox.text(mail))
        assert any(line.startswith("field 0") for line in lines) and not any(
            word in " ".join(lines) for word in ("zdrada", "wplywy", "tchorzostwo"))
        reply(mail_in, mail, "\n".join(lines))
        run_worker()
        answer = latest(inbox, PLAYERS[seat]["email"])
        assert kind(answer) == "answer" and "which was not" not in inbox.text(answer), inbox.text(answer)
        replied.append(seat)
    view = requests.get(f"{live_server}/tables/{table}/view").json()
    assert view["state"]["phase"] == "planning" and sorted(replied) == sorted(PLAYERS)
    assert sum(1 for markers in view["state"]["sheets"]["fields"].values() for who in markers if who != "neutral") == 8
