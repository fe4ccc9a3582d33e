"""A Clash table with one Polish and one English seat: each player's emails carry the platform's
words in their own language (the game's own words stay English for now), over real Redis and SMTP."""

from tests.helpers import bearer
from tests.mail.helpers import kind, latest, reply

SEATS = {"mcworld": {"name": "Ann", "email": "ann@example.org", "language": "pl"},
         "jihad": {"name": "Bob", "email": "bob@example.org"}}


def _table(client):
    created = client.post("/tables", json={"game": "clash", "options": {"match": "single"}, "seats": SEATS})
    assert created.status_code == 201, created.json
    return created.json["id"], {s: v["token"] for s, v in created.json["seats"].items()}


def _move(client, table, tokens):
    """The seat asked now takes its first option."""
    view = client.get(f"/tables/{table}/view").json
    seat = view["prompts"][0]["seat"]
    client.post(f"/tables/{table}/moves", json={"option": 1, "expected_seq": view["seq"]}, headers=bearer(tokens[seat]))


def _turns(inbox, address):
    return [m for m in inbox.to(address) if kind(m) == "your_turn"]


def test_the_polish_seat_reads_its_turn_in_polish_and_the_english_seat_in_english(client, run_worker, smtp_server):
    table, tokens = _table(client)
    run_worker()
    inbox = smtp_server.inbox
    while not (_turns(inbox, "ann@example.org") and _turns(inbox, "bob@example.org")):
        _move(client, table, tokens)
        run_worker()
    polish, english = _turns(inbox, "ann@example.org")[0], _turns(inbox, "bob@example.org")[0]
    text, html = inbox.text(polish), polish.get_body(("html",)).get_content()
    assert "Twoja kolej" in text and "Odpowiedz „pomoc”, a dowiesz się, jak zapisywać ruchy." in text
    assert "Twoje miejsce: http://pbem.test/play/" in text and "Your seat" not in text and "your turn" not in text
    assert '<html lang="pl">' in html and "Twoja kolej</b> · ruch" in html and "wyłącz te e-maile" in html
    text, html = inbox.text(english), english.get_body(("html",)).get_content()
    assert "your turn" in text and 'Reply "help" for how to write moves.' in text
    assert "Your seat: http://pbem.test/play/" in text and "Twoj" not in text
    assert '<html lang="en">' in html and "your turn" in html and "stop these emails" in html
    languages = {seat: client.get(f"/tables/{table}/view", headers=bearer(tokens[seat])).json["language"]
                 for seat in SEATS}
    assert languages == {"mcworld": "pl", "jihad": "en"}
    for first in (inbox.to("ann@example.org")[0], inbox.to("bob@example.org")[0]):   # the welcome, of either kind
        polish = "ann@" in str(first["To"])
        assert ("Cześć Ann," if polish else "Hello Bob,") in inbox.text(first)


def test_a_reply_language_pl_turns_the_english_seat_s_emails_polish(client, run_worker, smtp_server, mail_in):
    table, tokens = _table(client)
    run_worker()
    inbox = smtp_server.inbox
    first = latest(inbox, "bob@example.org")
    reply(mail_in, first, "language pl")
    run_worker()
    answer = latest(inbox, "bob@example.org")
    assert kind(answer) == "answer"
    assert "Od teraz Twoje e-maile przy tym stole są po polsku." in inbox.text(answer)
    assert "Twoje miejsce:" in inbox.text(answer)
    assert client.get(f"/tables/{table}/view", headers=bearer(tokens["jihad"])).json["language"] == "pl"
    while not _turns(inbox, "bob@example.org") or kind(latest(inbox, "bob@example.org")) != "your_turn":
        _move(client, table, tokens)
        run_worker()
    turn = latest(inbox, "bob@example.org")
    assert "Twoja kolej" in inbox.text(turn) and "Odpowiedz „cofnij”" not in inbox.text(turn)
    reply(mail_in, turn, "language en")
    run_worker()
    assert "From now on, your emails at this table are in English." in inbox.text(latest(inbox, "bob@example.org"))


def test_a_language_the_platform_does_not_speak_is_refused(client):
    seats = {**SEATS, "jihad": {**SEATS["jihad"], "language": "de"}}
    refused = client.post("/tables", json={"game": "clash", "options": {"match": "single"}, "seats": seats})
    assert refused.status_code == 422 and "language" in str(refused.json)


def test_help_by_reply_in_the_seat_s_language(client, run_worker, smtp_server, mail_in):
    _table(client)
    run_worker()
    inbox = smtp_server.inbox
    for address, words in (("ann@example.org", "Jak grać przez e-mail: odpowiadaj na najnowszy e-mail z tej gry."),
                           ("bob@example.org", "How to play by email: reply to the latest email of this game.")):
        reply(mail_in, latest(inbox, address), "help")
        run_worker()
        answer = latest(inbox, address)
        assert kind(answer) == "answer" and words in inbox.text(answer)
        assert ("'language pl' albo 'language en'" in inbox.text(answer)) == address.startswith("ann")


def test_table_talk_reaches_each_player_in_their_language(client, run_worker, smtp_server, mail_in):
    _table(client)
    run_worker()
    inbox = smtp_server.inbox
    reply(mail_in, latest(inbox, "bob@example.org"), "say: Good luck!")
    run_worker()
    (told,) = [m for m in inbox.to("ann@example.org") if kind(m) == "table_message"]
    assert "Bob (Jihad) pisze do wszystkich przy stole:" in inbox.text(told)
    reply(mail_in, latest(inbox, "bob@example.org"), "language pl")      # chosen by reply: later emails follow it
    reply(mail_in, latest(inbox, "ann@example.org"), "powiedz: Powodzenia!")
    run_worker()
    (told,) = [m for m in inbox.to("bob@example.org") if kind(m) == "table_message"]
    assert "Ann (McWorld) pisze do wszystkich przy stole:" in inbox.text(told)


def test_the_answers_to_replies_in_the_seat_s_language(client, run_worker, smtp_server, mail_in):
    _table(client)
    run_worker()
    inbox = smtp_server.inbox
    reply(mail_in, latest(inbox, "ann@example.org"), "digest")
    run_worker()
    assert ("Od teraz, przy tym stole: digest (jeden e-mail dziennie z listą gier, które na Ciebie czekają)."
            in inbox.text(latest(inbox, "ann@example.org")))
    reply(mail_in, latest(inbox, "ann@example.org"), "Miłej gry!")
    reply(mail_in, latest(inbox, "bob@example.org"), "Have fun!")
    run_worker()
    answers = {who: next(m for m in reversed(inbox.to(who)) if kind(m) == "answer")
               for who in ("ann@example.org", "bob@example.org")}
    assert ("Odczytano jako wiadomość do stołu (e-mailem do: Bob): “Miłej gry!”. W Twojej odpowiedzi nie odczytano "
            "żadnego ruchu." in inbox.text(answers["ann@example.org"]))
    assert ("Read as a message to the table (emailed to Ann): “Have fun!”. No move was read in your reply."
            in inbox.text(answers["bob@example.org"]))
