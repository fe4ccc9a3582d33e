"""The board picture a Polish seat sees on its seat page is labelled in Polish (games' pl.picture.po,
said by words.say_svg after the page's crop was found by the English words); the English seat at the
same table sees the English picture."""

import re

import pytest

import games
import tables
from games.core import words

LABEL = re.compile(r"<(text|title)\b[^>]*>([^<]+)</\1>")


def board(page):
    found = re.search(r'<figure[^>]*id="seat-board".*?(<svg\b.*?</svg>)', page, flags=re.DOTALL)
    assert found, "no board"
    return found.group(1)


@pytest.mark.parametrize("game", ["labyrinth", "clash", "lafamiglia", "jaggedalliance"])
def test_the_polish_seat_sees_its_board_in_polish_and_the_english_seat_in_english(client, store, game):
    seats = games.get(game).table_seats({})
    created = client.post("/tables", json={"game": game, "seats": {
        s: {"name": f"P{i}", "email": f"p{i}@example.org", **({"language": "pl"} if i == 0 else {})}
        for i, s in enumerate(seats)}}).json
    polish = board(client.get(f"/play/{created['id']}?token={created['seats'][seats[0]]['token']}").get_data(as_text=True))
    english = board(client.get(f"/play/{created['id']}?token={created['seats'][seats[1]]['token']}").get_data(as_text=True))
    table = tables.load(store, created["id"])
    drawn = table.game.picture(tables.view(table, seats[0])["state"], seats[0])
    changed = {text for _, text in LABEL.findall(drawn) if words.say(game, text, "pl") != text
               and len(text.strip()) > 2}          # a letter may mean another word in Polish (P: Poor / Poprawny)
    assert changed, "nothing on the board is said in Polish"
    shown = {text for _, text in LABEL.findall(polish)}
    assert not shown & changed, sorted(shown & changed)[:5]
    assert {text for _, text in LABEL.findall(english)} & changed
