"""Issue 22, frictions 5, 7 and 11: every email of whole random games of the four games, played
through the real worker and SMTP (moves by the API and by replies to the emails), takes replies
(a Reply-To the server reads, whatever the email is about) and speaks a player's words: no "seed
documents", "lwotai", "spec", "(L1467)"-style line numbers, module or file names, "provisional".
Every player's last email tells the end: the result in their words, the final board drawn, the
seat page's link, a rematch link, and it takes replies; a reply to it is answered."""

import re

import pytest

from games.core import Rng
from tests.helpers import bearer
from tests.mail.helpers import kind, latest, reply

IMPLEMENTATION = re.compile(
    r"seed documents?|(?:in|from) the seeds\b|lwotai|\bspec\b|\(L\d|\bL\d{3,5}\b|\bprovisional\b|"
    r"\b[a-z_]+\.(?:py|json|md)\b|\b(?:games|tables|workers|mail_templates)/|Traceback|\{\{|\}\}", re.IGNORECASE)
GAMES = {
    "clash": ({"match": "single"}, {"mcworld": {"name": "Ann", "email": "ann@example.org"},
                                    "jihad": {"name": "Bob", "email": "bob@example.org"}}),
    "labyrinth": ({}, {"us": {"name": "Uma", "email": "uma@example.org"}, "jihadist": {"bot": "jihadist"}}),
    "lafamiglia": ({}, {"southwest": {"name": "Sofia", "email": "sofia@example.org"},
                        "northeast": {"name": "Nico", "email": "nico@example.org"},
                        "southeast": {"bot": "random"}, "northwest": {"bot": "random"}}),
    "jaggedalliance": ({"players": 2, "scenario": "1"}, {"merc1": {"name": "Ana", "email": "ana@example.org"},
                                                         "merc2": {"name": "Mia", "email": "mia@example.org"}}),
}
LOST = ("You lost.", "Your team lost.", "You lost, together.")


LINK = re.compile(r"https?://\S+|(?:href|src)=\"[^\"]*\"")


def words_of(message) -> str:
    """What a player reads of an email: its subject and both parts, the links' addresses left out."""
    parts = [message.get_body(("plain",)).get_content(), message.get_body(("html",)).get_content()]
    return LINK.sub(" ", "\n".join([str(message["Subject"]), *parts]))


def play_to_the_end(client, run_worker, mail_in, inbox, game):
    """A random game played by the API and, one move in four, by a reply to the seat's latest email."""
    options, seats = GAMES[game]
    created = client.post("/tables", json={"game": game, "options": options, "seats": seats})
    assert created.status_code == 201, created.json
    table, tokens = created.json["id"], {s: v["token"] for s, v in created.json["seats"].items()}
    chooser = Rng(f"every email {game}".encode(), 0)
    run_worker()
    for turn in range(5000):
        view = client.get(f"/tables/{table}/view").json
        if view["status"] == "finished":
            return table
        asked = sorted(p["seat"] for p in view["prompts"] if p["seat"] in tokens)
        assert asked, f"nobody of {sorted(tokens)} is asked: {view['prompts']}"
        seat = asked[chooser.below(len(asked))]
        mine = client.get(f"/tables/{table}/view", headers=bearer(tokens[seat])).json
        prompt = next(p for p in mine["prompts"] if p["seat"] == seat)
        number = 1 + chooser.below(len(prompt["options"]))
        message = latest(inbox, seats[seat]["email"])
        if turn % 4 == 0 and message is not None:
            reply(mail_in, message, str(number))
            run_worker()
            if client.get(f"/tables/{table}/view").json["seq"] > view["seq"]:
                continue
        done = client.post(f"/tables/{table}/moves", json={"option": number, "expected_seq": view["seq"]},
                           headers=bearer(tokens[seat]))
        assert done.status_code in (201, 409), done.json
        now = {p["seat"] for p in client.get(f"/tables/{table}/view").json["prompts"]}
        if now != set(asked) or not now <= set(tokens):       # a hand-off, or the server's turn: emails go out
            run_worker()
    raise AssertionError(f"the {game} game did not end")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_email_of_a_whole_game_takes_replies_and_speaks_a_player_s_words(game, client, run_worker,
                                                                               smtp_server, mail_in):
    inbox = smtp_server.inbox
    table = play_to_the_end(client, run_worker, mail_in, inbox, game)
    _, seats = GAMES[game]
    humans = {s: i for s, i in seats.items() if "email" in i}
    mails = [m for m in inbox.messages if str(m["X-PBEM-Table"]) == table]
    kinds = {kind(m) for m in mails}
    assert {"your_turn", "answer"} <= kinds, kinds
    for message in mails:
        assert message["Reply-To"], f"a {kind(message)} email without a Reply-To"
        assert str(message["Reply-To"]).startswith("play+"), message["Reply-To"]
        words = words_of(message)
        found = [words[max(0, m.start() - 80):m.end() + 40] for m in IMPLEMENTATION.finditer(words)]
        assert not found, f"a {kind(message)} email to {message['To']} speaks of the implementation: {found[:3]}"
    lost = 0
    for seat, info in humans.items():
        last = latest(inbox, info["email"])                  # the end: its own email, or the answer that ended it
        assert kind(last) in ("game_over", "answer") and last["Reply-To"], kind(last)
        text = inbox.text(last)
        view = client.get(f"/tables/{table}/view").json
        assert view["result"]["text"] in text
        assert f"/play/{table}?token=" in text and "/rematch/" in text     # the seat page, and a rematch
        images = [p for p in last.walk() if p.get_content_type() == "image/png"]
        assert images, f"{seat}'s last email has no board"
        lost += any(words in text for words in LOST)
        before = len(inbox.to(info["email"]))
        reply(mail_in, last, "help")                          # a reply to the end is answered
        run_worker()
        assert len(inbox.to(info["email"])) == before + 1 and kind(latest(inbox, info["email"])) == "answer"
    winner = client.get(f"/tables/{table}/view").json["result"].get("winner")
    if winner is not None and not (winner in humans and len(humans) == 1):
        assert lost, "nobody was told, in their own words, that they lost"
