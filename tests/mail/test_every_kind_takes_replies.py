"""Issue 22, friction 7: every kind of email to a player, for each game, carries a Reply-To the
server takes (signed for that table and seat), says whom the seat plays with and against, and no
implementation words; a reply to one that asks nothing (a "waiting for" answer, a rollback's
outcome, a vacation notice) is read, not bounced."""

import time

import pytest

import tables
from tables import notices, rollback, signing
from tests.e2e.test_every_email_end_to_end import IMPLEMENTATION, words_of
from tests.mail.helpers import kind, latest, reply
from workers import mail

GAMES = {
    "clash": ({}, {"mcworld": {"name": "Ann", "email": "ann@example.org"},
                   "jihad": {"name": "Bob", "email": "bob@example.org"}}),
    "labyrinth": ({}, {"us": {"name": "Uma", "email": "uma@example.org"},
                       "jihadist": {"name": "Jay", "email": "jay@example.org"}}),
    "lafamiglia": ({}, {"southwest": {"name": "Sofia", "email": "sofia@example.org"},
                        "northeast": {"name": "Nico", "email": "nico@example.org"},
                        "southeast": {"name": "Sara", "email": "sara@example.org"},
                        "northwest": {"name": "Nina", "email": "nina@example.org"}}),
    "jaggedalliance": ({"players": 2, "scenario": "1"}, {"merc1": {"name": "Ana", "email": "ana@example.org"},
                                                         "merc2": {"name": "Mia", "email": "mia@example.org"}}),
}


def every_kind(store, table, seat, m):
    """Each kind of email that may go to ``seat`` now, as (kind, content)."""
    request = rollback.Request(id="r1", asked_by=seat, to_seq=1, at_seq=table.seq, reason="a misread rule",
                               asked_at=m.now, voters=[s for s in table.seats if s != seat])
    other = next(s for s in table.seats if s != seat)
    yield "invitation", notices.invitation(table, seat, m)
    yield "your_turn", {**notices.turn(table, seat, m, store), "kind": "your_turn", "welcome": True,
                        "recent": notices.summary_since_last_move(store, table, seat)}
    yield "reminder", notices.reminder(table, seat, m.now + 3600, m)
    yield "timeout", notices.timeout(table, other, m, [], to_seat=seat)
    yield "vacation", notices.vacation(table, seat, other, m.now + 86400, m)
    for stage in ("asked", "applied", "refused"):
        yield "rollback", rollback.email(table, seat, request, stage, m, lines=["Bob played a card."])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_kind_of_email_to_every_seat_takes_replies(game, store, env):
    options, seats = GAMES[game]
    table = tables.start(store, game, options, seats, time.time()).table
    m = mail.mail_settings(env, time.time())
    for seat in seats:
        for name, content in every_kind(store, table, seat, m):
            message = mail.render(name, content, env, mail.new_message_id(env))
            address = str(message["Reply-To"])
            token = address.removeprefix("play+").split("@")[0]
            assert signing.verify(env.secret_key, "reply", token, 3)[:2] == [table.id, seat], (name, address)
            found = IMPLEMENTATION.findall(words_of(message))
            assert not found, f"a {name} email of {game} speaks of the implementation: {found}"
            text = message.get_body(("plain",)).get_content()
            assert f"You play {seat}" in text, name
            if game == "jaggedalliance":
                assert "against Mia" not in text and "against Ana" not in text, name    # co-op partners are with


def test_a_reply_to_an_email_that_asks_nothing_is_answered(client, run_worker, smtp_server, mail_in):
    seats = GAMES["clash"][1]
    client.post("/tables", json={"game": "clash", "seats": seats})
    run_worker()
    waiting = next(s for s, info in seats.items() if kind(latest(smtp_server.inbox, info["email"])) == "invitation")
    invitation = latest(smtp_server.inbox, seats[waiting]["email"])
    assert invitation["Reply-To"]
    reply(mail_in, invitation, "help")
    run_worker()
    answer = latest(smtp_server.inbox, seats[waiting]["email"])
    assert kind(answer) == "answer" and "reply" in smtp_server.inbox.text(answer).lower()
    assert answer["Reply-To"]                                   # and the answer, while the other moves, takes one too
