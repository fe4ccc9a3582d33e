"""The game's own words at a Polish seat: a Clash table with one Polish and one English seat, over
real Redis and SMTP. The Polish seat's emails and page say the question, its options, what happened
and the example turn in Polish (from a small catalogue made here, as games/clash/locales/pl.po
will say them), and its reply in Polish notation is applied; the English seat reads what it did."""

import re
from html import escape
from urllib.parse import urlparse

import pytest

import tables
from games.clash.notation import NOTATION_HELP
from games.core import words
from tests.helpers import bearer
from tests.mail.helpers import kind, latest, links, reply

SEATS = {"mcworld": {"name": "Bob", "email": "bob@example.org"},
         "jihad": {"name": "Ann", "email": "ann@example.org", "language": "pl"}}
POLISH, ENGLISH = "jihad", "mcworld"
TILES = {"Mustafa": "Mustafa", "President": "Prezydent", "Fast food": "Fast food", "Banker": "Bankier",
         "Pop star": "Gwiazda pop", "McWorld destroyer": "Niszczyciel McWorld", "Predator": "Predator",
         "Tourist zone": "Strefa turystyczna", "Leader": "Przywódca", "Imam": "Imam", "Sheikh": "Szejk",
         "Tradition": "Tradycja", "Jihad destroyer": "Niszczyciel Dżihadu", "Bomber": "Zamachowiec",
         "Mosque": "Meczet", "Missile strike": "Atak rakietowy", "Mercenary": "Najemnik", "Mujahid": "Mudżahedin",
         "Television": "Telewizja", "Press": "Prasa", "Agent": "Agent", "Hacker": "Haker",
         "Financial crisis": "Kryzys finansowy", "Social network": "Sieć społecznościowa", "Bribe": "Łapówka",
         "UN": "ONZ", "Nobel Prize": "Nagroda Nobla", "Picket": "Pikieta", "Riots": "Zamieszki",
         "Elections": "Wybory", "KABOOOM!!!": "KABOOOM!!!", "Unknown neutral": "Nieznana neutralna",
         "Jihad": "Dżihad", "McWorld": "McWorld", "north": "północ", "south": "południe", "east": "wschód",
         "west": "zachód", **{f"{c}{r}": f"{c}{r}" for c in "ABC" for r in "123"}}
MESSAGES = {
    NOTATION_HELP: "Odpowiadaj słowami po kolei: płytka, pole, kierunek czubka, efekt, np. „haker B2 płn”.",
    "Where do you place {tile} (the opening move)?": "Gdzie kładziesz: {tile} (ruch otwierający)?",
    "Game {game:num}, placement {n:num}: which tile do you play?":
        "Partia {game:num}, ruch {n:num}: którą płytkę zagrywasz?",
    "Where do you place {tile}?": "Gdzie kładziesz: {tile}?",
    "{tile} (from your hand)": "{tile} (z ręki)",
    "{tile} (neutral zone)": "{tile} (strefa neutralna)",
    "A match of CLASH begins (a single game); {side} goes first. Neutral zone: {a}, {b}, {c}, {d} and {e}.":
        "Zaczyna się mecz CLASH (jedna partia); zaczyna: {side}. Strefa neutralna: {a}, {b}, {c}, {d} i {e}.",
    "{side} opened with {tile} on {field} facing {way} (supports {whom})":
        "{side} otwiera: {tile} na {field}, czubkiem na {way} (wspiera: {whom})",
    "{side} placed {tile} on {field} facing {way} (supports {whom})":
        "{side} kładzie: {tile} na {field}, czubkiem na {way} (wspiera: {whom})",
    "{side} placed {tile} on {field} facing {way} (supports {whom}): effect not used":
        "{side} kładzie: {tile} na {field}, czubkiem na {way} (wspiera: {whom}): bez efektu",
    "don't use the effect": "nie używaj efektu",
    "Which way does {tile} on {field} face? Its tip points away from the player it supports.":
        "W którą stronę kierujesz: {tile} na {field}? Czubek wskazuje od gracza, którego wspiera.",
    "facing {way} (supports {whom})": "czubkiem na {way} (wspiera: {whom})",
}
NOTATION = {"s": "płd", "n": "płn", "e": "wsch", "w": "zach", "no": "nie", "yes": "tak", "white": "białe",
            "black": "czarne"}


def _po() -> bytes:
    def q(text):
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
    out = ['msgid ""', 'msgstr ""', '"Language: pl\\n"',
           '"Content-Type: text/plain; charset=UTF-8\\n"',
           '"Plural-Forms: nplurals=3; '
           'plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"',
           ""]
    out += [f'msgctxt "name"\nmsgid {q(en)}\nmsgstr {q(pl)}\n' for en, pl in TILES.items()]
    out += [f"msgid {q(en)}\nmsgstr {q(pl)}\n" for en, pl in MESSAGES.items()]
    out += [f'msgctxt "notation"\nmsgid {q(en)}\nmsgstr {q(pl)}\n' for en, pl in NOTATION.items()]
    return "\n".join(out).encode()


@pytest.fixture
def polish(monkeypatch):
    """Clash's words in Polish, from the catalogue above (whatever games/clash/locales holds)."""
    catalogue = words.load(_po(), "pl")
    monkeypatch.setattr(words, "catalogue", lambda game, language: catalogue
                        if (game, language) == ("clash", "pl") else None)
    return catalogue


def _table(client):
    created = client.post("/tables", json={"game": "clash", "options": {"match": "single"}, "seats": SEATS})
    assert created.status_code == 201, created.json
    return created.json["id"], {s: v["token"] for s, v in created.json["seats"].items()}


def _english_moves_until_polish_is_asked(client, run_worker, table, tokens):
    """The English seat answers each of its questions (its effect left unused, else the first option)
    until the Polish seat is asked; the Polish seat's first question is answered by its example."""
    for _ in range(12):
        run_worker()
        view = client.get(f"/tables/{table}/view", headers=bearer(tokens[ENGLISH])).json
        if POLISH in {p["seat"] for p in view["prompts"]}:
            return
        prompt = next(p for p in view["prompts"] if p["seat"] == ENGLISH)
        option = next((i for i, o in enumerate(prompt["options"], 1) if o["label"] == "don't use the effect"), 1)
        moved = client.post(f"/tables/{table}/moves", json={"option": option, "expected_seq": view["seq"]},
                            headers=bearer(tokens[ENGLISH]))
        assert moved.status_code in (200, 201), moved.json
    raise AssertionError("the Polish seat was never asked")


def _turns(inbox, address):
    return [m for m in inbox.to(address) if kind(m) == "your_turn"]


def _example(text):
    """The example turn of an email, as its reader copies it."""
    found = re.search(r"na przykład:\n((?:    .+\n)+)", text)
    assert found, text
    return [line.strip() for line in found.group(1).splitlines()]


@pytest.fixture(params=["small", "clash's own"])
def catalogue(request, monkeypatch):
    """The small catalogue above, then games/clash/locales/pl.po itself."""
    if request.param == "small":
        return request.getfixturevalue("polish")
    words.catalogue.cache_clear()
    assert words.catalogue("clash", "pl") is not None
    return words.catalogue("clash", "pl")


def test_a_polish_seat_reads_its_turn_in_polish_and_moves_in_polish_notation(
        catalogue, client, run_worker, smtp_server, mail_in, store):
    table, tokens = _table(client)
    _english_moves_until_polish_is_asked(client, run_worker, table, tokens)
    inbox = smtp_server.inbox
    turn = _turns(inbox, "ann@example.org")[-1]
    text = inbox.text(turn)
    asked = client.get(f"/tables/{table}/view", headers=bearer(tokens[POLISH])).json     # the machine's: English
    assert asked["language"] == "pl"
    prompt = next(p for p in asked["prompts"] if p["seat"] == POLISH)
    said = words.say("clash", prompt["text"], "pl")
    assert said != prompt["text"] and said in text and prompt["text"] not in text
    for option in prompt["options"]:
        label = words.say("clash", option["label"], "pl")
        assert words.unsaid("clash", option["label"], "pl") == [] and f". {label}" in text   # "A1" is "A1"
    assert "(from your hand)" not in text
    # what happened (the game so far, or since the seat's last move): every line in Polish
    loaded = tables.load(store, table)
    happened = tables.notices.summary_since_last_move(store, loaded, POLISH)
    assert happened
    for line in happened:
        assert words.unsaid("clash", line, "pl") == [] and words.say("clash", line, "pl") in text
        assert line not in text
    # an option's link opens a page that names the choice in Polish
    confirm = client.get(urlparse(links(inbox, turn)["1"]).path).get_data(as_text=True)
    assert escape(words.say("clash", prompt["options"][0]["label"], "pl")) in confirm and escape(said) in confirm
    # the example turn is in Polish notation, and a reply with it is applied
    example = _example(text)
    english = loaded.game.example(loaded.state, POLISH)
    assert example == [words.write("clash", line, "pl") for line in english] and example != english
    before = loaded.seq
    reply(mail_in, turn, "\n".join(example))
    run_worker()
    answer = latest(inbox, "ann@example.org")
    assert kind(answer) == "answer"
    assert "nie został" not in inbox.text(answer) and tables.load(store, table).seq > before
    assert "Zastosowano" in inbox.text(answer) or "Gotowe" in inbox.text(answer), inbox.text(answer)


def test_the_english_seat_reads_the_game_in_english(polish, client, run_worker, smtp_server):
    table, tokens = _table(client)
    inbox = smtp_server.inbox
    for _ in range(12):
        run_worker()
        view = client.get(f"/tables/{table}/view", headers=bearer(tokens[ENGLISH])).json
        mine = next((p for p in view["prompts"] if p["seat"] == ENGLISH), None)
        if mine is not None and _turns(inbox, "bob@example.org"):
            break
        asked = view["prompts"][0]["seat"]
        client.post(f"/tables/{table}/moves", json={"option": 1, "expected_seq": view["seq"]},
                    headers=bearer(tokens[asked]))
    text = inbox.text(_turns(inbox, "bob@example.org")[-1])
    assert mine["text"] in text and words.say("clash", mine["text"], "pl") not in text
    assert all(f". {o['label']}" in text for o in mine["options"])
    assert "Reply with your whole turn, for example:" in text or "Reply with the number of your choice:" in text
    assert not re.search(r"z ręki|kładzie|otwiera|Zaczyna się|płd|płn", text)


def test_a_polish_seat_s_page_shows_the_question_options_and_log_in_polish(polish, client, run_worker, store):
    table, tokens = _table(client)
    _english_moves_until_polish_is_asked(client, run_worker, table, tokens)
    view = client.get(f"/tables/{table}/view", headers=bearer(tokens[POLISH])).json
    prompt = next(p for p in view["prompts"] if p["seat"] == POLISH)
    page = client.get(f"/play/{table}?token={tokens[POLISH]}").get_data(as_text=True)
    assert f"<h2>{words.say('clash', prompt['text'], 'pl')}</h2>" in page
    assert words.say("clash", prompt["options"][0]["label"], "pl") in page
    assert "Zaczyna się mecz CLASH" in page and "A match of CLASH begins" not in page
    assert "Notacja każdej opcji jest pokazana obok niej." in page and ">Anuluj</button>" in page   # around them
    assert "Odpowiadaj słowami po kolei: płytka, pole, kierunek czubka, efekt" in page
    assert "Answer with words in order" not in page
    assert re.search(r"<b>(Przywódca|Szejk|Tradycja|Niszczyciel Dżihadu|Zamachowiec|Meczet)</b>", page)   # the hand
    assert not re.search(r"<b>(Leader|Sheikh|Tradition|Jihad destroyer|Bomber|Mosque)</b>", page)
    english = client.get(f"/play/{table}?token={tokens[ENGLISH]}").get_data(as_text=True)
    assert "A match of CLASH begins" in english and "Zaczyna się mecz CLASH" not in english
    # the replay's caption: the event's line in the seat's language (the machine's text stays English)
    frame = client.get(f"/tables/{table}/replay/1", headers=bearer(tokens[POLISH])).json
    assert frame["said"].startswith("Zaczyna się mecz CLASH") and frame["event"]["text"].startswith("A match of")
    assert "said" not in client.get(f"/tables/{table}/replay/1", headers=bearer(tokens[ENGLISH])).json
    # the replay's board: labelled in the seat's language for the Polish seat, in English for the other
    assert ">Zamachowiec</text>" in frame["picture"] and ">Bomber</text>" not in frame["picture"]
    assert ">Bomber</text>" in client.get(f"/tables/{table}/replay/1", headers=bearer(tokens[ENGLISH])).json["picture"]
    # the whole-turn box takes Polish notation, and its refusal is in the seat's words
    refused = client.post(f"/play/{table}", data={"token": tokens[POLISH], "seq": str(view["seq"]),
                                                  "text": "Szejk Z9"}, headers={"Accept": "application/json"})
    assert refused.status_code == 422
    loaded = tables.load(store, table)
    example = [words.write("clash", line, "pl") for line in loaded.game.example(loaded.state, POLISH)]
    assert example != loaded.game.example(loaded.state, POLISH)
    sent = client.post(f"/play/{table}", data={"token": tokens[POLISH], "seq": str(view["seq"]),
                                               "text": "\n".join(example)}, headers={"Accept": "application/json"})
    assert sent.status_code == 200, sent.get_data(as_text=True)
    assert sent.json["applied"] and sent.json["stopped"] is None



def test_the_log_s_own_words_around_the_game_s_are_said_too(polish):
    from tables import framing, history, reading
    line = "(the only choice, taken for jihad) Game 1, placement 2: which tile do you play?"
    assert reading.said("clash", line, "pl") == \
        "(jedyny możliwy wybór, podjęty za jihad) Partia 1, ruch 2: którą płytkę zagrywasz?"
    assert reading.said("clash", line, "en") == line           # the log's own English, as it was
    undo = {"type": "undo", "to_seq": 7, "asked_by": "jihad", "moves": 2}
    assert history.describe(undo, {"jihad": "Ann"}, "pl") == "Ann cofa 2 ruchy (stół wraca do zdarzenia 7)."
    assert history.describe(undo, {"jihad": "Ann"}) == "Ann took back 2 moves (the table is back at event 7)."
    back = {"type": "rollback", "to_seq": 3, "asked_by": "jihad", "agreed": ["mcworld"], "reason": "oops"}
    assert history.describe(back, {"jihad": "Ann", "mcworld": "Bob"}, "pl") == \
        "Ann cofa grę do zdarzenia 3, za zgodą: Bob. Powód: oops"
    import games
    clash = games.get("clash")
    assert framing.outcome(clash, {"winner": "jihad"}, "jihad", "pl") == "Wygrywasz."
    assert framing.outcome(clash, {"winner": "jihad"}, "mcworld") == "You lost."
    assert framing.phrase(clash, SEATS, "jihad", "pl") == ", przeciwko: Bob (McWorld)"
