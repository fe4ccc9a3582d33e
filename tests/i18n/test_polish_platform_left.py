"""The platform's last English for a Polish player: the seat page's hand and the seats named as the
game names them (each of the four games), the lobby's rows, the rematch page, the gathering page's
"Change a seat", a refused form with its reason, the mute pages and the rules pages' frame all read in
Polish, with no English sentence left; an English reader reads them as before."""

import html
import re

import pytest

import games
from games.core import Rng
from server.extensions import services
from tables import notices
from tests.e2e.test_rematch import play_to_the_end
from tests.gathering_helpers import ask, latest_of, link, path, press

# words only an English sentence has (Polish sentences never hold them); what is left of a page
# once its names are taken out (games' titles, cards', tiles' and people's names, addresses)
ENGLISH = re.compile(r"\b(the|your|you|and|with|against|waiting|seat|seats|tile|tiles|card|cards|hand|zone|holds|"
                     r"has|acts|once|event|playable|rematch|ask|asked|moves|game|games|rules|stop|emails|choose|"
                     r"play|plays|invites|for|not|is|are|of|from|will|no longer|none|given|server)\b", re.IGNORECASE)
TITLES = [g.title for g in games.all_games() if g.title]
POLISH = {"Accept-Language": "pl-PL,pl;q=0.9"}


def shown(page, *names):
    """What a reader sees of a page, as text: no scripts, styles, pictures or notation, and without
    the names given (nor games' titles, email addresses, the language links' "English")."""
    page = re.sub(r"<(script|style|svg|code)\b.*?</\1>", " ", page, flags=re.DOTALL)
    page = html.unescape(re.sub(r"<[^>]+>", " ", page))
    for name in sorted([*TITLES, *names], key=len, reverse=True):
        page = page.replace(name, " ")
    page = re.sub(r"\S+@\S+|\bEnglish\b", " ", page)
    return " ".join(page.split())


def english_in(text):
    return sorted({m.group(0).lower() for m in ENGLISH.finditer(text)})


def seats_for(game, polish_first=True, who="p"):
    seats = games.get(game).table_seats({})
    return {s: {"name": f"P{i}", "email": f"{who}{i}@example.org", **({"language": "pl"} if i == 0 and polish_first else {})}
            for i, s in enumerate(seats)}


def region(page, start, end):
    found = re.search(start + r".*?" + end, page, flags=re.DOTALL)
    assert found, start
    return found.group(0)


def test_the_english_detector_finds_english_and_passes_polish():
    assert english_in("Your zone (7 tiles)") == ["tiles", "your", "zone"]
    assert english_in("McWorld has 7 tiles in its zone.") == ["has", "tiles", "zone"]
    assert english_in(shown("<p>Twoja strefa (7 kafli)</p><p>Grasz: <b>McWorld</b> (Ann), przeciwko: Bob (Jihad).</p>")) == []


@pytest.mark.parametrize("game", ["labyrinth", "clash", "lafamiglia", "jaggedalliance"])
def test_a_polish_seat_page_frames_the_game_and_its_hand_in_polish(client, game):
    created = client.post("/tables", json={"game": game, "seats": seats_for(game)}).json
    seat = games.get(game).table_seats({})[0]
    polish = client.get(f"/play/{created['id']}?token={created['seats'][seat]['token']}").get_data(as_text=True)
    head = region(polish, "<title>", "</title>") + region(polish, "<header", "</header>") \
        if "<header" in polish else region(polish, "<title>", "</title>") + region(polish, "<p>Grasz", "</p>")
    assert english_in(shown(head)) == [], shown(head)
    assert f"({seat})" not in head or game == "jaggedalliance"       # a Jagged Alliance seat is its merc's number
    hand = region(polish, '<section id="seat-hand"', "</section>")
    cards = re.findall(r"<b>(.*?)</b>", hand)                           # the cards' and tiles' own names
    assert english_in(shown(hand, *map(html.unescape, cards))) == [], shown(hand)
    if game in ("labyrinth", "clash"):
        assert re.search(r"<h2>Twoja (ręka \(\d+ kart|strefa \(\d+ kaf)", hand), hand
    english = client.get(f"/play/{created['id']}?token={created['seats'][games.get(game).table_seats({})[1]]['token']}")
    english = english.get_data(as_text=True)
    assert "You play <b>" in english
    if game == "clash":
        assert "Grasz: <b>McWorld</b> (P0), przeciwko: P1 (Jihad)." in polish
        assert "You play <b>jihad</b> (P1), against P0 (mcworld)." in english
        assert "<h2>Your zone (7 tiles)</h2>" in english and "Jihad tile" in english and "McWorld has 7 tiles in its zone." in english
        assert "kafel McWorld · działa od razu" in polish and "Jihad ma w swojej strefie 7 kafli." in polish
    if game == "labyrinth":
        assert "Grasz: <b>US</b> (P0), przeciwko: P1 (Dżihadysta)." in polish and "Dżihadysta ma na ręce" in polish
        assert "Możliwe do zagrania, jeśli:" in polish or "Zdarzenie:" in polish
        assert re.search(r"<h2>Your hand \(\d+ cards\)</h2>", english)
    if game == "lafamiglia":
        assert "Grasz: <b>południowy zachód</b> (P0), razem z: P2 (południowy wschód)" in polish
        assert "Twoja drużyna (południe)" in polish


def test_the_seat_view_says_the_seat_s_language(client):
    created = client.post("/tables", json={"game": "clash", "seats": seats_for("clash")}).json
    views = {seat: client.get(f"/tables/{created['id']}/view",
                              headers={"Authorization": f"Bearer {created['seats'][seat]['token']}"}).json
             for seat in ("mcworld", "jihad")}
    assert views["mcworld"]["language"] == "pl" and views["jihad"]["language"] == "en"


def test_the_lobby_rows_are_in_polish(app, client, run_worker):
    for game in ("labyrinth", "clash", "lafamiglia", "jaggedalliance"):
        assert client.post("/tables", json={"game": game, "seats": seats_for(game)}).status_code == 201
    run_worker()
    with app.app_context():
        lobby = "/lobby/" + notices.lobby_key(services().settings.secret_key, "p0@example.org")
    english = client.get(lobby).get_data(as_text=True)
    client.set_cookie("lang", "pl")
    polish = client.get(lobby).get_data(as_text=True)
    body = region(polish, "<h1>", "</body>")
    assert english_in(shown(body, "P0", "P1", "P2", "P3")) == [], shown(body)
    assert "grasz: Dżihadysta" in polish or "grasz: US, przeciwko: P1 (Dżihadysta)" in polish
    assert "grasz: południowy zachód, razem z: P2 (południowy wschód), przeciwko: P1 (północny wschód)" in polish
    assert "you play us, against P1 (jihadist)" in english and "you play southwest, with P2 (southeast)" in english


def test_the_rematch_page_and_its_refusal_are_in_polish(client, run_worker, smtp_server):
    created = client.post("/tables", json={"game": "clash", "options": {"match": "single"},
                                           "seats": seats_for("clash", who="r")}).json
    table, tokens = created["id"], {s: v["token"] for s, v in created["seats"].items()}
    run_worker()
    play_to_the_end(client, run_worker, table, tokens, Rng(b"rematch", 0))
    inbox = smtp_server.inbox
    polish_link = link(inbox, latest_of(inbox, "r0@example.org", "game_over"), "rematch")
    english_link = link(inbox, latest_of(inbox, "r1@example.org", "game_over"), "rematch")
    english = client.get(path(english_link)).get_data(as_text=True)
    assert "A rematch of CLASH: Jihad vs McWorld #" in english and "the seats moved one on" in english
    assert ">Ask for a rematch</button>" in english
    asked = client.get(path(polish_link)).get_data(as_text=True)
    assert '<html lang="pl">' in asked and ">Poproś o rewanż</button>" in asked
    assert english_in(shown(asked, f"#{table}")) == [], shown(asked)
    done = client.post(path(polish_link)).get_data(as_text=True)
    assert "Poproszono o rewanż" in done and "Zmień miejsce" in done
    changing = region(done, '<select id="seat"', "</select>")
    assert "McWorld (zaproszenie wysłane, bez odpowiedzi)" in changing, changing
    assert english_in(shown(region(done, "<h1>", "</body>"), "P0", "P1", "random")) == [], shown(done)


def test_the_change_a_seat_form_and_its_refusal_are_in_polish(client, run_worker, smtp_server):
    bot = min(games.get("lafamiglia").bots)
    ask(client, {"game": "lafamiglia", "creator": {"name": "Ann", "email": "ann@example.org", "seat": "southwest",
                                                   "language": "pl"},
                 "seats": {"northeast": {"name": "Bob", "email": "bob@example.org"}, "southeast": {"open": True},
                           "northwest": {"bot": bot}}, "public": True})
    run_worker()
    inbox = smtp_server.inbox
    page = press(client, link(inbox, latest_of(inbox, "ann@example.org", "gathering_confirm"), "confirm"))
    polish = page.get_data(as_text=True)
    assert "Grasz: <b>południowy zachód</b>." in polish
    assert '<option value="northeast">północny wschód (zaproszenie wysłane, bez odpowiedzi)</option>' in polish
    assert english_in(shown(region(polish, "<h1>", "</body>"), "Ann", "Bob", bot)) == [], shown(polish)
    open_seats = client.get("/open", headers=POLISH).get_data(as_text=True)
    assert "La Famiglia: The Great Mafia War: południowy wschód</legend>" in open_seats, open_seats
    assert english_in(shown(region(open_seats, "<h1>", "</body>"), "Ann", "Bob", bot)) == [], shown(open_seats)
    token = re.search(r'name="token" value="([^"]+)"', polish).group(1)
    gid = re.search(r'action="/play/([^/]+)/seat"', polish).group(1)
    refused = client.post(f"/play/{gid}/seat", data={"token": token, "seat": "northeast", "who": "person",
                                                     "name": "Carol", "email": "carol"})
    problem = region(refused.get_data(as_text=True), '<p class="problem"', "</p>")
    assert refused.status_code == 422 and "to nie jest adres e-mail (adres e-mail musi zawierać znak @)" in problem
    assert english_in(shown(problem, "'carol'")) == [], problem


def test_a_refused_form_says_why_in_polish_and_in_english_as_before(client):
    form = {"game": "clash", "name": "Ann", "email": "ann@example.org", "who_jihad": "person", "name_jihad": "Bob",
            "email_jihad": "bob", "time": "untimed", "on_timeout": "wait"}
    english = client.post("/new", data=form).get_data(as_text=True)
    assert "Choose &#39;me&#39; for the seat you play." in english or "Choose 'me' for the seat you play." in english
    polish = client.post("/new", data=form, headers=POLISH).get_data(as_text=True)
    problem = region(polish, '<p class="problem"', "</p>")
    assert "Wybierz „ja” przy miejscu, na którym grasz." in problem and english_in(shown(problem)) == []
    polish = client.post("/new", data={**form, "who_mcworld": "me"}, headers=POLISH).get_data(as_text=True)
    problem = region(polish, '<p class="problem"', "</p>")
    assert "Miejsce jihad: &#39;bob&#39; to nie jest adres e-mail (adres e-mail musi zawierać znak @)." in problem
    english = client.post("/new", data={**form, "who_mcworld": "me"}).get_data(as_text=True)
    assert "The jihad seat: &#39;bob&#39; is not an email address (An email address must have an @-sign.)." in english


def test_the_rules_pages_frame_is_in_polish(client):
    client.set_cookie("lang", "pl")
    page = client.get("/rules/clash").get_data(as_text=True)
    assert '<html lang="pl">' in page and "<h1>Zasady gry CLASH: Jihad vs McWorld</h1>" in page
    assert "Spis treści" in page and "Wszystkie elementy gry, z całym tekstem" in page
    frame = region(page, "<body>", "<article")
    assert english_in(shown(frame)) == [], shown(frame)
    index = client.get("/rules").get_data(as_text=True)
    assert "<h1>Zasady wszystkich gier</h1>" in index and "E-mailem: odpowiedz <code>zasady</code>" in index
    client.set_cookie("lang", "en")
    assert "<h1>The rules of every game</h1>" in client.get("/rules").get_data(as_text=True)


@pytest.mark.parametrize("game", ["labyrinth", "clash", "lafamiglia", "jaggedalliance"])
def test_the_start_page_says_a_game_s_seats_and_options_in_polish(client, game):
    polish = client.get(f"/new?game={game}", headers=POLISH).get_data(as_text=True)
    form = region(polish, "<form", "</form>")
    assert english_in(shown(form, "English")) == [], shown(form)
    english = client.get(f"/new?game={game}").get_data(as_text=True)
    if game == "clash":
        assert '<label for="opt_match">Mecz</label>' in polish and '<label for="who_jihad">Jihad</label>' in polish
        assert '<label for="opt_match">Match</label>' in english and '<label for="who_jihad">jihad</label>' in english
        assert "Best of three games (rule 10, the default)" in english
