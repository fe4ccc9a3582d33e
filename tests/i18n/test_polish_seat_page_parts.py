"""The seat page's log, replay and talk, and the words its scripts show (the #seat-words blob that
seat.js and talk.js read), in the seat's language: Polish for a Polish seat, English as before."""

import json
import re

SEATS = {"mcworld": {"name": "Ann", "email": "ann@example.org", "language": "pl"},
         "jihad": {"name": "Bob", "email": "bob@example.org"}}


def pages(client):
    created = client.post("/tables", json={"game": "clash", "options": {"match": "single"}, "seats": SEATS}).json
    tokens = {s: v["token"] for s, v in created["seats"].items()}
    return [client.get(f"/play/{created['id']}?token={tokens[seat]}").get_data(as_text=True)
            for seat in ("mcworld", "jihad")]


def words(page):
    return json.loads(re.search(r'<script type="application/json" id="seat-words">(.*?)</script>', page, re.DOTALL).group(1))


def test_the_log_replay_and_talk_are_in_the_seat_s_language(client):
    polish, english = pages(client)
    for page, said in ((polish, ["Dotychczasowy przebieg partii", "Rozmowa przy stole", ">Teraz</button>",
                                 'aria-label="Ruch wstecz"', "Zobowiązanie ziarna (SHA-256): <code>",
                                 "Twoje prywatne notatki: czytasz je tylko Ty", ">Wyślij</button>"]),
                       (english, ["The game so far", "Table talk", ">Now</button>", 'aria-label="One move back"',
                                  "Seed commitment (SHA-256): <code>", "Your private notes: only you read them",
                                  ">Send</button>"])):
        assert all(words_ in page for words_ in said), [w for w in said if w not in page]
    assert "The game so far" not in polish and "Table talk" not in polish


def test_the_scripts_words_are_in_the_seat_s_language(client):
    polish, english = (words(page) for page in pages(client))
    assert polish["frame"] == "Ruch {n} z {seq}: {event}"
    assert polish["talk_move"] == "(ruch {seq})"
    assert polish["not_sent"] == "Ruch nie został wysłany: spróbuj jeszcze raz."
    assert english["frame"] == "Move {n} of {seq}: {event}"
    assert english["frame_as"] == "Move {n} of {seq} (as {viewer} saw it): {event}"
    assert english["verified"] == "Verified: all {events} events follow from the moves and the seed."
    assert english["talk_unreachable"] == "That was not sent: the server could not be reached. Try again in a moment."
    assert polish.keys() == english.keys() and all(polish.values())
