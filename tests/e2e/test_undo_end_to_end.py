"""Issue 17 end to end, by email only: a Clash player's misclick taken back with a reply 'undo'
(real SMTP both ways, real Redis, real workers); the email offers it only while it is possible."""

from games.core import Rng
from tests.mail.helpers import kind, latest, options, reply

CLASH = {"mcworld": {"name": "Ann", "email": "ann@example.org"},
         "jihad": {"name": "Bob", "email": "bob@example.org"}}


def test_a_misclick_undone_by_replying_undo(client, run_worker, smtp_server, mail_in):
    created = client.post("/tables", json={"game": "clash", "seats": CLASH, "options": {"match": "single"}}).json
    table, tokens = created["id"], {s: v["token"] for s, v in created["seats"].items()}
    inbox, chooser = smtp_server.inbox, Rng(b"misclick", 0)
    run_worker()

    def seen(seat):
        return client.get(f"/tables/{table}/view", headers={"Authorization": f"Bearer {tokens[seat]}"}).json

    for _ in range(200):
        seat = client.get(f"/tables/{table}/view").json["prompts"][0]["seat"]
        message = latest(inbox, CLASH[seat]["email"])
        before = seen(seat)
        number, _ = chooser.choice(options(inbox, message))
        reply(mail_in, message, number)                        # the misclick (perhaps)
        run_worker()
        after = seen(seat)
        if after["undo"]["available"]:
            break
        assert 'Reply "undo"' not in inbox.text(latest(inbox, CLASH[seat]["email"]))
    else:
        raise AssertionError("no move could be taken back in 200 replies")
    answer = latest(inbox, CLASH[seat]["email"])
    assert kind(answer) == "answer" and 'Reply "undo" to take back your last move.' in inbox.text(answer)
    reply(mail_in, answer, "undo")
    run_worker()
    undone = latest(inbox, CLASH[seat]["email"])
    text = inbox.text(undone)
    assert kind(undone) == "answer" and "Taken back: your last move." in text
    now = seen(seat)
    assert now["seq"] == after["seq"] + 1
    assert now["state"] == before["state"] and now["prompts"] == before["prompts"]
    assert before["prompts"][0]["text"] in text                  # the question again, with its options
    assert options(inbox, undone) == options(inbox, message)
    log = client.get(f"/tables/{table}/log", headers={"Authorization": f"Bearer {tokens[seat]}"}).json["events"]
    assert log[-1]["event"]["type"] == "undo" and any(e.get("undone") for e in log)
    # the same reply delivered twice takes back once; another 'undo' now is refused with its reason
    reply(mail_in, undone, "undo")
    run_worker()
    refused = latest(inbox, CLASH[seat]["email"])
    assert "Nothing was taken back" in inbox.text(refused)
    assert seen(seat)["seq"] == now["seq"]


def test_a_consent_rollback_agreed_by_replying(client, run_worker, smtp_server, mail_in):
    """Ann asks to go back past Bob's moves; Bob replies 'agree' to the request's email; the game is
    rolled back, both are told, the log keeps the branch; the export verifies at the end."""
    created = client.post("/tables", json={"game": "clash", "seats": CLASH, "options": {"match": "single"}}).json
    table, tokens = created["id"], {s: v["token"] for s, v in created["seats"].items()}
    inbox, chooser = smtp_server.inbox, Rng(b"rollback", 0)
    run_worker()
    first = client.get(f"/tables/{table}/view").json
    by_seat = set()
    while len(by_seat) < 2 or client.get(f"/tables/{table}/view").json["seq"] < first["seq"] + 6:
        seat = client.get(f"/tables/{table}/view").json["prompts"][0]["seat"]
        message = latest(inbox, CLASH[seat]["email"])
        reply(mail_in, message, chooser.choice(options(inbox, message))[0])
        run_worker()
        by_seat.add(seat)
    auth = {"Authorization": f"Bearer {tokens['mcworld']}"}
    asked = client.post(f"/tables/{table}/rollback", json={"to_seq": first["seq"], "reason": "a misdeal"},
                        headers=auth)
    assert asked.status_code == 201 and asked.json["request"]["voters"] == ["jihad"]
    run_worker()
    question = latest(inbox, CLASH["jihad"]["email"])
    assert kind(question) == "rollback" and "Ann asks to roll" in inbox.text(question)
    taken = [line for line in inbox.text(question).splitlines() if line.startswith("  - ")]
    assert {line.split()[1] for line in taken} == {"McWorld", "Jihad"}    # both sides' placements, in words
    reply(mail_in, question, "agree")
    run_worker()
    assert any(kind(m) == "answer" and "Everyone agreed" in inbox.text(m) for m in inbox.to(CLASH["jihad"]["email"]))
    now = client.get(f"/tables/{table}/view").json
    assert now["prompts"] == first["prompts"] and now["state"] == first["state"]
    for who in CLASH.values():                                # both told, with what was taken back
        told = [inbox.text(m) for m in inbox.to(who["email"]) if kind(m) == "taken_back"]
        assert len(told) == 1 and f"Ann rolled the game back to event {first['seq']}" in told[0]
        assert "Taken back" in told[0] and "  - McWorld" in told[0] and "  - Jihad" in told[0]
    log = client.get(f"/tables/{table}/log", headers=auth).json["events"]
    assert log[-1]["event"]["type"] == "rollback" and log[-1]["event"]["agreed"] == ["jihad"]
    assert all(e.get("undone") for e in log if first["seq"] < e["seq"] < log[-1]["seq"])


def test_a_consent_rollback_asked_by_replying_rollback_n(client, run_worker, smtp_server, mail_in):
    """Ann replies 'rollback N: why' (N as the log numbers it); the answer says whom it waits for,
    Bob is emailed the question and agrees by replying; a bad N or a second request is refused with
    its sentence; 'help' lists the command."""
    created = client.post("/tables", json={"game": "clash", "seats": CLASH, "options": {"match": "single"}}).json
    table, tokens = created["id"], {s: v["token"] for s, v in created["seats"].items()}
    inbox, chooser = smtp_server.inbox, Rng(b"rollback-reply", 0)
    run_worker()
    first = client.get(f"/tables/{table}/view").json
    by_seat = set()
    while len(by_seat) < 2 or client.get(f"/tables/{table}/view").json["seq"] < first["seq"] + 6:
        seat = client.get(f"/tables/{table}/view").json["prompts"][0]["seat"]
        message = latest(inbox, CLASH[seat]["email"])
        reply(mail_in, message, chooser.choice(options(inbox, message))[0])
        run_worker()
        by_seat.add(seat)
    ann = CLASH["mcworld"]["email"]

    def answerable():          # Ann's latest email that takes replies (an answer while Bob is to move does not)
        return [m for m in inbox.to(ann) if m["Reply-To"]][-1]

    reply(mail_in, answerable(), "help")
    run_worker()
    assert "'rollback N'" in inbox.text(latest(inbox, ann))
    reply(mail_in, answerable(), "rollback 999")                   # not yet played
    run_worker()
    refused = latest(inbox, ann)
    assert kind(refused) == "answer" and "No rollback was asked: Roll back to an earlier event" in inbox.text(refused)
    reply(mail_in, answerable(), f"Rollback {first['seq']}: a misdeal")
    run_worker()
    asked = inbox.text(latest(inbox, ann))
    assert f"You asked to roll the game back to event {first['seq']}. Waiting for Bob to agree" in asked
    seen = client.get(f"/tables/{table}/view", headers={"Authorization": f"Bearer {tokens['jihad']}"}).json
    assert seen["rollback"]["asked_by"] == "mcworld" and seen["rollback"]["reason"] == "a misdeal"
    assert seen["rollback"]["waiting_on"] == ["jihad"]
    reply(mail_in, answerable(), f"rollback {first['seq']}")       # one at a time
    run_worker()
    assert "No rollback was asked: A rollback is already waiting" in inbox.text(latest(inbox, ann))
    question = latest(inbox, CLASH["jihad"]["email"])
    assert kind(question) == "rollback" and "a misdeal" in inbox.text(question)
    reply(mail_in, question, "agree")
    run_worker()
    now = client.get(f"/tables/{table}/view").json
    assert now["prompts"] == first["prompts"] and now["state"] == first["state"]
    log = client.get(f"/tables/{table}/log", headers={"Authorization": f"Bearer {tokens['mcworld']}"}).json["events"]
    assert log[-1]["event"]["type"] == "rollback" and log[-1]["event"]["reason"] == "a misdeal"


def test_the_cli_takes_a_move_back(live_server, run_worker):
    from click.testing import CliRunner

    from cli.main import main
    runner = CliRunner()

    def pbem(*args, code=0):
        result = runner.invoke(main, list(args), catch_exceptions=False)
        assert result.exit_code == code, result.output
        return result.output

    table = pbem("new", "duel", "north=Nora:nora@example.org", "south=Sam:sam@example.org").split()[1]
    run_worker()
    pbem("move", table, "3", "--as", "north")
    out = pbem("undo", table, "--as", "north")
    assert "Nora took back 1 move" in out and "1. add 1" in out
    assert "no moves of yours to take back" in pbem("undo", table, "--as", "north", code=1)
