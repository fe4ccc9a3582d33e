"""The rules one reply away (issue 22), end to end through the real SMTP servers: `card 27`,
`rules disrupt`, `rules`, `tile banker` and an unknown name are answered with the whole text and a
link to its place on the rules page, and change nothing at the table; `help` and every turn email
link to the rules; a lookup shows the box's text only, never another seat's hand."""

import games
import tables
from games.labyrinth import data as L
from tables import reference
from tests.mail.helpers import kind, latest, reply

LABYRINTH = {"us": {"name": "Uma", "email": "uma@example.org"},
             "jihadist": {"name": "Jay", "email": "jay@example.org"}}
CLASH = {"mcworld": {"name": "Ann", "email": "ann@example.org"}, "jihad": {"name": "Bob", "email": "bob@example.org"}}
RULES = "http://pbem.test/rules"


def seq(client, table):
    return client.get(f"/tables/{table}/log").json["seq"]


def ask(inbox, mail_in, run_worker, address, words):
    sent = reply(mail_in, latest(inbox, address), words)
    run_worker()
    answer = latest(inbox, address)
    assert kind(answer) == "answer" and str(answer["In-Reply-To"]) == str(sent["Message-ID"])
    return inbox.text(answer)


def labyrinth(client, run_worker, store, without=27):
    """A Labyrinth table whose Jihadist (asked first, which card to play) does not hold card ``without``."""
    for _ in range(20):
        table = client.post("/tables", json={"game": "labyrinth", "seats": LABYRINTH}).json["id"]
        run_worker()
        hands = tables.load(store, table).state["hands"]
        if without not in hands["jihadist"]:
            return table, hands
    raise AssertionError(f"every deal gave the Jihadist card {without}")


def test_card_27_by_email_is_answered_with_its_text_and_its_link(client, run_worker, smtp_server, mail_in, store):
    table, _ = labyrinth(client, run_worker, store)
    inbox, before = smtp_server.inbox, seq(client, table)
    text = ask(inbox, mail_in, run_worker, "jay@example.org", "card 27")
    card = L.CARDS[27]
    assert "Card 27: Saddam Captured" in text
    assert card["prerequisite"] in text and card["effect"] in text
    assert f"{RULES}/labyrinth#card-27" in text
    assert seq(client, table) == before                        # read, not played
    text = ask(inbox, mail_in, run_worker, "jay@example.org", "Rules disrupt")
    assert "Disrupt" in text and "Fair needs 2 Ops" in text and f"{RULES}/labyrinth#disrupt" in text
    text = ask(inbox, mail_in, run_worker, "jay@example.org", "rules")
    assert f"{RULES}/labyrinth" in text and "war-of-ideas" not in text and "us-operations" in text
    text = ask(inbox, mail_in, run_worker, "jay@example.org", "help")
    assert f"The rules: {RULES}/labyrinth" in text and "'card 1'" in text
    assert seq(client, table) == before
    assert f"The rules: {RULES}/labyrinth" in inbox.text(inbox.to("uma@example.org")[0])     # the invitation too


def test_card_n_of_ones_hand_asked_which_card_plays_it(client, run_worker, smtp_server, mail_in, store):
    """The email's own notation for playing a card is `card N`: asked which card, a card of the hand
    named so is played, not looked up; a card not in the hand is looked up."""
    table, hands = labyrinth(client, run_worker, store)
    inbox, before = smtp_server.inbox, seq(client, table)
    mine = hands["jihadist"][0]
    assert f"[card {mine}]" in inbox.text(latest(inbox, "jay@example.org"))
    text = ask(inbox, mail_in, run_worker, "jay@example.org", f"card {mine}")
    assert seq(client, table) > before and f"#card-{mine}" not in text
    assert reference.answer(games.get("labyrinth"), "card 27 ops woi pakistan", RULES) is None


def test_a_lookup_shows_no_other_hand(client, run_worker, smtp_server, mail_in, store):
    """A lookup is the box's text word for word, whatever the table and the hands: the Jihadist reading
    card 27 (or the card the US holds first) is told what anyone reading the rules page is told."""
    table, hands = labyrinth(client, run_worker, store)
    game = games.get("labyrinth")
    us_first = hands["us"][0]
    for number in (27, us_first):
        text = ask(smtp_server.inbox, mail_in, run_worker, "jay@example.org", f"card {number}")
        card = next(c for c in game.components() if c["key"] == str(number))
        looked_up = f"{reference.describe(card)}\nOn the rules page: {RULES}/labyrinth#card-{number}"
        assert looked_up in text                          # the box's text, word for word: no hand in it


def test_tile_banker_and_an_unknown_tile_by_email(client, run_worker, smtp_server, mail_in):
    table = client.post("/tables", json={"game": "clash", "seats": CLASH, "options": {"match": "single"}}).json["id"]
    run_worker()
    inbox, before = smtp_server.inbox, seq(client, table)
    player = next(info["email"] for info in CLASH.values() if kind(latest(inbox, info["email"])) == "your_turn")
    text = ask(inbox, mail_in, run_worker, player, "tile banker")
    assert "Banker (Bankier)" in text and "white, the 4 fields beside it" in text
    assert f"{RULES}/clash#tile-banker" in text
    text = ask(inbox, mail_in, run_worker, player, "tile bankr")
    assert "no tile called “bankr”" in text and "Banker" in text and f"{RULES}/clash" in text
    assert seq(client, table) == before
    assert f"The rules: {RULES}/clash" in text                  # the footer of every email
