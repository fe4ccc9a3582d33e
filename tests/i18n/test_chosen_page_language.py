"""A visitor chooses the language of the pages on the lobby, the start page and a join page (a
`lang` cookie set by POST /language, honoured before Accept-Language); the start page's creator
language defaults from it. The lobby and the seat page's "Your emails" speak the page's language;
English pages read as before."""

import re

from tests.gathering_helpers import path as local
from tests.helpers import make_table, play
from tests.mail.helpers import kind, latest, reply
from tests.server.test_lobby import lobby_link

POLISH_BROWSER = {"Accept-Language": "pl-PL,pl;q=0.9,en;q=0.5"}


def text(answer):
    return answer.get_data(as_text=True)


def test_the_start_page_offers_the_choice_and_the_creator_s_language_follows_it(client):
    english = text(client.get("/new?game=clash"))
    assert '<option value="en" selected>English</option>' in english
    assert 'action="/language"' in english and 'name="language" value="pl"' in english
    chosen = client.post("/language", data={"language": "pl", "next": "/new?game=clash"})
    assert chosen.status_code == 303 and chosen.headers["Location"].endswith("/new?game=clash")
    assert re.search(r"lang=pl;.*HttpOnly", chosen.headers["Set-Cookie"], flags=re.I)
    polish = text(client.get("/new?game=clash"))
    assert '<option value="pl" selected>polski</option>' in polish and '<html lang="pl">' in polish
    assert "<h1>Zacznij grę</h1>" in polish and "Kto gra na każdym miejscu" in polish
    assert "Szybki: 3+ ruchy dziennie (72 h + 12 h na ruch)" in polish and "gra czeka (wszyscy dostają wiadomość)" in polish
    assert "Wyślij mi e-mail z potwierdzeniem" in polish and "tiles on a 3x3" not in polish
    assert '<html lang="en">' in english and "<h1>Start a game</h1>" in english and "Who plays each seat" in english
    assert "Fast: 3+ moves per day (72 h + 12 h a move)" in english and "Send me the confirmation email" in english
    client.post("/language", data={"language": "en", "next": "/new"})       # the cookie wins over the browser
    assert '<option value="en" selected>English</option>' in text(client.get("/new?game=clash", headers=POLISH_BROWSER))


def test_a_language_choice_goes_back_only_to_this_server_and_only_to_a_known_language(client):
    for elsewhere in ("https://evil.example/x", "//evil.example/x", "/\\evil.example"):
        answer = client.post("/language", data={"language": "pl", "next": elsewhere})
        assert answer.status_code == 303 and answer.headers["Location"] in ("/", "http://localhost/")
    unknown = client.post("/language", data={"language": "xx", "next": "/new"})
    assert unknown.status_code == 303 and "Set-Cookie" not in unknown.headers


def test_the_lobby_in_the_chosen_language_and_in_english_as_before(client, run_worker, smtp_server):
    first, tokens = make_table(client)
    second, tokens2 = make_table(client)
    play(client, second, tokens2, "north")
    run_worker()
    path = local(lobby_link(smtp_server.inbox, "nora@example.org"))
    english = text(client.get(path))
    assert "<h1>Your games</h1>" in english and "2 seats, 1 waiting on you." in english
    assert "Waiting on others" in english and f"#{first}, you play north" in english
    assert re.search(r"Deadline \w{3} \d\d \w{3} \d\d:\d\d UTC; waiting since \w{3} \d\d \w{3}", english)
    client.post("/language", data={"language": "pl", "next": path})
    polish = text(client.get(path))
    assert '<html lang="pl">' in polish and "<h1>Twoje gry</h1>" in polish
    assert "2 miejsca, 1 czeka na Ciebie." in polish and "Czekasz na innych" in polish
    assert re.search(r"Termin: \w+, \d+ \w+ \d{4}, \d\d:\d\d UTC; czeka od: \w+, \d+ \w+", polish)
    assert f"#{first}, grasz: north" in polish and "Zacznij grę" in polish
    assert polish.index(f"#{first}") < polish.index("Czekasz na innych") < polish.index(f"#{second}")
    assert '<html lang="pl">' in text(client.get(path, headers={"Accept-Language": "en"}))   # the choice holds


SEATS = {"mcworld": {"name": "Ann", "email": "ann@example.org", "language": "pl"},
         "jihad": {"name": "Bob", "email": "bob@example.org"}}


def test_your_emails_on_the_seat_page_in_the_seat_s_language(client, run_worker, smtp_server, mail_in):
    created = client.post("/tables", json={"game": "clash", "options": {"match": "single"}, "seats": SEATS}).json
    tokens = {s: v["token"] for s, v in created["seats"].items()}
    run_worker()
    inbox = smtp_server.inbox
    for address in ("ann@example.org", "bob@example.org"):
        reply(mail_in, next(m for m in reversed(inbox.to(address)) if m["Reply-To"]), "undo")
    run_worker()
    polish = text(client.get(f"/play/{created['id']}?token={tokens['mcworld']}"))
    english = text(client.get(f"/play/{created['id']}?token={tokens['jihad']}"))
    assert "Twoje e-maile do tego stołu (1)" in polish and '<span class="outcome">niewykonany</span>' in polish
    assert "Odczytano: <code>undo</code>" in polish and "UTC</b>" in polish
    assert "Nic nie zostało cofnięte: Nie ma Twoich ruchów do cofnięcia." in polish
    assert "Your emails to this table (1)" in english and '<span class="outcome">not applied</span>' in english
    assert "Read: <code>undo</code>" in english
    assert "Nothing was taken back: There are no moves of yours to take back." in english



def test_no_emails_yet_said_in_the_seat_s_language(client):
    created = client.post("/tables", json={"game": "clash", "options": {"match": "single"}, "seats": SEATS}).json
    tokens = {s: v["token"] for s, v in created["seats"].items()}
    polish = text(client.get(f"/play/{created['id']}?token={tokens['mcworld']}"))
    english = text(client.get(f"/play/{created['id']}?token={tokens['jihad']}"))
    assert "Twoje e-maile do tego stołu (0)" in polish and "Jeszcze żadnych. Odpowiedz na dowolny e-mail" in polish
    assert "Your emails to this table (0)" in english and "None yet. Reply to any email of this game" in english


def test_a_polish_seat_hears_why_its_undo_and_rollback_were_refused_in_polish(client, run_worker, smtp_server,
                                                                              mail_in):
    client.post("/tables", json={"game": "clash", "options": {"match": "single"}, "seats": SEATS})
    run_worker()
    inbox = smtp_server.inbox
    for address in ("ann@example.org", "bob@example.org"):
        reply(mail_in, next(m for m in reversed(inbox.to(address)) if m["Reply-To"]), "rollback 999")
    run_worker()
    polish, english = (inbox.text(latest(inbox, a)) for a in ("ann@example.org", "bob@example.org"))
    assert kind(latest(inbox, "ann@example.org")) == "answer"
    assert "Prośba o cofnięcie nie została wysłana: Cofnij do wcześniejszego zdarzenia: od końca przygotowania do " \
        in polish
    assert "No rollback was asked: Roll back to an earlier event: one from the end of the setup to " in english


def test_the_home_page_in_the_browser_s_or_the_chosen_language(client):
    english = text(client.get("/"))
    assert '<html lang="en">' in english and "<h1>PBEM turn server</h1>" in english
    assert 'Players start their own games at <a href="http://localhost/new">/new</a>.' in english
    polish = text(client.get("/", headers=POLISH_BROWSER))
    assert '<html lang="pl">' in polish and "<h1>Serwer tur PBEM</h1>" in polish and "Zacznij grę" in polish
    assert 'Gracze sami zakładają partie na <a href="http://localhost/new">/new</a>.' in polish
    assert "pbem new clash" in polish                                           # the commands as they are typed
    client.post("/language", data={"language": "en", "next": "/"})
    assert "<h1>PBEM turn server</h1>" in text(client.get("/", headers=POLISH_BROWSER))


def test_open_seats_and_the_start_page_s_answer_in_the_page_s_language(client):
    english = text(client.get("/open"))
    assert "<h1>Open seats</h1>" in english and "No open seats just now." in english
    polish = text(client.get("/open", headers=POLISH_BROWSER))
    assert '<html lang="pl">' in polish and "<h1>Wolne miejsca</h1>" in polish and "W tej chwili nie ma" in polish
    form = {"game": "clash", "match": "single", "name": "Ann", "email": "ann@example.org", "who_mcworld": "me",
            "who_jihad": "bot:random", "time": "untimed", "on_timeout": "wait"}
    sent = client.post("/new", data={**form, "language": "pl"})
    assert sent.status_code == 202, text(sent)
    assert "Wysłaliśmy na ann@example.org link do potwierdzenia Twojej partii CLASH" in text(sent)
    sent = client.post("/new", data=form)
    assert "We sent ann@example.org a link to confirm your game of CLASH: Jihad vs McWorld." in text(sent)
