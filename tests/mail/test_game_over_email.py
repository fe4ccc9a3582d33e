"""Issue 22, friction 11: every player's game-over email, the loser's too, has the result in their
own words and the game's, the final board drawn, their seat page's link, a rematch link and a
Reply-To; the seed and its check come below."""

from games.core import Rng
from tests.helpers import bearer
from tests.mail.helpers import kind

SEATS = {"mcworld": {"name": "Ann", "email": "ann@example.org"}, "jihad": {"name": "Bob", "email": "bob@example.org"}}


def test_the_loser_s_game_over_email_has_the_board_the_result_the_seat_and_a_reply_to(client, run_worker,
                                                                                       smtp_server):
    created = client.post("/tables", json={"game": "clash", "options": {"match": "single"}, "seats": SEATS}).json
    table, tokens = created["id"], {s: v["token"] for s, v in created["seats"].items()}
    chooser = Rng(b"game over email", 0)
    for _ in range(300):
        view = client.get(f"/tables/{table}/view").json
        if view["status"] == "finished":
            break
        seat = view["prompts"][0]["seat"]
        mine = client.get(f"/tables/{table}/view", headers=bearer(tokens[seat])).json["prompts"][0]
        client.post(f"/tables/{table}/moves", json={"option": 1 + chooser.below(len(mine["options"])),
                                                    "expected_seq": view["seq"]}, headers=bearer(tokens[seat]))
    result = client.get(f"/tables/{table}/view").json["result"]
    run_worker()
    loser = next(s for s in SEATS if s != result["winner"])
    for seat, words in ((loser, "You lost."), (result["winner"], "You won.")):
        (over,) = [m for m in smtp_server.inbox.to(SEATS[seat]["email"]) if kind(m) == "game_over"]
        text = smtp_server.inbox.text(over)
        first = text.split("\n\n")[0]
        assert f"{words} {result['text']}" in first                           # the result leads, in their words
        assert f"/play/{table}?token=" in text and "/rematch/" in text and over["Reply-To"]
        assert text.index(result["text"]) < text.index("The secret seed")     # the seed below
        html = over.get_body(("html",)).get_content()
        images = [p for p in over.walk() if p.get_content_type() == "image/png"]
        assert images and all(f'cid:{str(i["Content-ID"]).strip("<>")}' in html for i in images)  # the final board
        assert f"/play/{table}?token=" in html and words in html
