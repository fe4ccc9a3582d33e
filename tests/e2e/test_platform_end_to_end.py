"""A whole game through real HTTP, a real worker, real Redis and a real SMTP server; and the CLI."""

import requests
from click.testing import CliRunner

from cli.main import main
from tests.helpers import SEATS


def test_a_whole_game_by_http_with_emails_to_the_waiting_seat_only(live_server, run_worker, smtp_server):
    created = requests.post(f"{live_server}/tables", json={"game": "duel", "seats": SEATS}).json()
    table, tokens = created["id"], {s: v["token"] for s, v in created["seats"].items()}
    address = {"north": "nora@example.org", "south": "sam@example.org"}
    inbox = smtp_server.inbox
    run_worker()
    while True:
        view = requests.get(f"{live_server}/tables/{table}/view").json()
        if view["status"] == "finished":
            break
        (waiting,) = [p["seat"] for p in view["prompts"]]
        turn_mail = [m for m in inbox.to(address[waiting]) if m["X-PBEM-Kind"] == "your_turn"]
        assert turn_mail, f"{waiting} was not emailed"
        latest = turn_mail[-1]
        text = inbox.text(latest)
        assert f"move {view['seq']}" in text
        answer = requests.post(f"{live_server}/tables/{table}/moves", json={"option": 2, "expected_seq": view["seq"]},
                               headers={"Authorization": f"Bearer {tokens[waiting]}",
                                        "Idempotency-Key": str(view["seq"])})
        assert answer.status_code == 201
        run_worker()
        after = len([m for m in inbox.to(address[waiting]) if m["X-PBEM-Kind"] == "your_turn"])
        assert after == len(turn_mail), "the seat that just moved was emailed 'your turn' again"
    seed = requests.get(f"{live_server}/tables/{table}/export").text.splitlines()[0]
    assert '"seed":' in seed
    for who in address.values():
        over = [m for m in inbox.to(who) if m["X-PBEM-Kind"] == "game_over"]
        assert len(over) == 1
    full = requests.get(f"{live_server}/tables/{table}/export").content
    imported = requests.post(f"{live_server}/tables/import", data=full).json()
    again = requests.get(f"{live_server}/tables/{imported['id']}/export").content
    assert requests.post(f"{live_server}/verify", data=again).json()["ok"] is True


def test_the_cli_drives_a_game(live_server, run_worker, tmp_path):
    runner = CliRunner()

    def pbem(*args):
        result = runner.invoke(main, list(args), catch_exceptions=False)
        assert result.exit_code == 0, result.output
        return result.output

    created = pbem("new", "duel", "north=Nora:nora@example.org", "south=bot:random", "--option", "target=5")
    table = created.split()[1]
    run_worker()
    assert "1. add 1" in pbem("show", table, "--as", "north")
    assert "north adds 3" in pbem("move", table, "3", "--as", "north")
    run_worker()
    while "finished" not in pbem("show", table).splitlines()[0]:
        pbem("move", table, "add 3", "--as", "north")
        run_worker()
    assert "wins the duel" in pbem("show", table)
    log = pbem("log", table)
    assert "[system] A duel to 5 begins." in log
    path = tmp_path / "game.jsonl"
    pbem("export", table, "-o", str(path))
    assert "verified" in pbem("verify", str(path))
    path.write_text(path.read_text().replace('"total":3', '"total":4', 1))
    assert runner.invoke(main, ["verify", str(path)]).exit_code == 1
    assert "total" in pbem("show", table, "--at", "4")
    assert "north: digest" in pbem("notifications", table, "digest", "--as", "north")
    assert "north: digest" in pbem("notifications", table, "--as", "north")
    assert "On vacation for 2 days" in pbem("vacation", table, "2", "--as", "north")
