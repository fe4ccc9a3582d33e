"""Jagged Alliance by email: two players hire and lead their mercs only by replying to their
emails (a whole stretch of notation from the email's example, or an option's number), the worker
plays the enemy as the system seat, and each enemy activation reaches the players' emails as a
readable line, a sentence per decision. No email speaks of the implementation. The game runs to its
end and its export verifies."""

import re

import requests

from games.core import Rng
from games.jaggedalliance import advice
from tests.mail.helpers import latest, options, reply

PLAYERS = {"merc1": {"name": "Ana", "email": "ana@example.org"},
           "merc2": {"name": "Ben", "email": "ben@example.org"}}
ENEMY_LINE = re.compile(r"^ *-? ?(Elite )?(Redshirt|Sniper|Pacifier|Bloodcat|Tank) e\d{3} acts at initiative \d.*"
                        r"(goes for|has no target)", re.M)
# the rulebook's line numbers, the implementation's words, a bare section number (rules are "(rule 13.6)")
IMPLEMENTATION = re.compile(r"\bL\d{3,4}\b|\bspec\b|provisional|\.py\b|lwotai|AMBIGUOUS|MISSING|INFERRED|"
                            r"seed documents|in the seeds|\((1[0-9]|[1-9])\.\d+\)")


def example_lines(text: str) -> list[str]:
    """The 'Reply with your whole turn' lines of an email."""
    if "Reply with your whole turn" not in text:
        return []
    block = text.split("Reply with your whole turn, for example:", 1)[1].split("Or answer just this question", 1)[0]
    return [line.strip() for line in block.splitlines() if line.startswith("    ") and line.strip()]


def sensible_number(view: dict, seat: str, rng: Rng) -> int:
    prompt = next(p for p in view["prompts"] if p["seat"] == seat)
    move = advice.choose(view["state"], seat, rng, prompt)
    return [o["move"] for o in prompt["options"]].index(move) + 1


def test_two_players_by_email_against_the_server_s_enemy(live_server, run_worker, smtp_server, mail_in):
    created = requests.post(f"{live_server}/tables", json={
        "game": "jaggedalliance", "options": {"players": 2, "scenario": "1"}, "seats": PLAYERS})
    assert created.status_code == 201, created.json()
    table = created.json()["id"]
    tokens = {s: v["token"] for s, v in created.json()["seats"].items()}
    inbox, rng = smtp_server.inbox, Rng(b"jagged by email", 0)
    run_worker()
    replies = stretches = 0
    for _ in range(600):
        view = requests.get(f"{live_server}/tables/{table}/view").json()
        if view["status"] == "finished":
            break
        asked = sorted(p["seat"] for p in view["prompts"])
        assert asked and "system" not in asked, "the worker left the enemy's step for the players"
        seat = asked[rng.below(len(asked))]
        mine = requests.get(f"{live_server}/tables/{table}/view",
                            headers={"Authorization": f"Bearer {tokens[seat]}"}).json()
        message = latest(inbox, PLAYERS[seat]["email"])
        assert message is not None and message["Reply-To"], f"{seat} was not emailed"
        text = inbox.text(message)
        assert len(options(inbox, message)) > 1, "a question with one answer was emailed"
        lines = example_lines(text) if replies % 3 == 0 else []
        if lines:
            stretches += 1
            body = "\n".join(lines)
        else:
            body = str(sensible_number(mine, seat, rng))
        before = view["seq"]
        reply(mail_in, message, body)
        run_worker()
        replies += 1
        after = requests.get(f"{live_server}/tables/{table}/view").json()
        assert after["seq"] > before, inbox.text(latest(inbox, PLAYERS[seat]["email"]))
        if replies == 15 and after["status"] == "active":       # face-down cards and tokens stay hidden in play
            seen = requests.get(f"{live_server}/tables/{table}/log",
                                headers={"Authorization": f"Bearer {tokens[seat]}"}).json()["events"]
            assert not any(k.startswith("hidden") for e in seen for k in e["event"].get("fx", {}))
            assert "hidden" not in after["state"]
    else:
        raise AssertionError("the game did not end")
    assert stretches >= 3 and replies >= 20
    # the enemy's turns reached both players' emails, one line per activation
    for seat, who in PLAYERS.items():
        mails = [inbox.text(m) for m in inbox.to(who["email"])]
        for text in mails:
            assert not IMPLEMENTATION.search(text), IMPLEMENTATION.search(text).group(0) + " in " + text
        assert any(ENEMY_LINE.search(t) for t in mails), f"{seat} never read an enemy activation"
        assert inbox.to(who["email"])[-1]["X-PBEM-Kind"] in ("game_over", "answer")
    log = requests.get(f"{live_server}/tables/{table}/log").json()["events"]
    system = [e for e in log if e["by"] == "system" and e["event"]["type"] == "enemy_turn"]
    # each target says why it was chosen: the nearest, or Ignore Range and untargetable mercs (rule 13.6)
    assert system and all(re.search(r"nearest|rule 13\.6", e["event"]["target_why"]) or not e["event"]["target"]
                          for e in system)
    export = requests.get(f"{live_server}/tables/{table}/export").content
    report = requests.post(f"{live_server}/verify", data=export).json()
    assert report["ok"], report["problems"]
