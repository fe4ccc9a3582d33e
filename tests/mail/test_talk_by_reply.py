"""Issue 22 on the small game: a reply of words alone is passed on and takes nobody's turn; a
reply to a message email is a reply like any other (a move when it is the reader's turn); after
the end, a reply to the seat's address still talks, notes and asks for help."""

from tables.notices import reply_token
from tests.helpers import bearer, make_table, play
from tests.mail.helpers import kind, latest, reply


def messages(inbox, address):
    return [m for m in inbox.to(address) if kind(m) == "table_message"]


def test_words_alone_take_no_turn_and_a_message_email_takes_a_move(client, run_worker, smtp_server, mail_in):
    table, tokens = make_table(client)
    run_worker()
    inbox = smtp_server.inbox
    reply(mail_in, latest(inbox, "nora@example.org"), "Hi Sam, thinking about it; back tonight")
    run_worker()
    answer = inbox.text(latest(inbox, "nora@example.org"))
    assert "Read as a message to the table (emailed to Sam)" in answer and "No move was read" in answer
    assert "Add to the total" in answer                                 # her question, still hers
    assert client.get(f"/tables/{table}/log").json["seq"] == 3
    (said,) = messages(inbox, "sam@example.org")
    assert "back tonight" in inbox.text(said) and said["Reply-To"]
    reply(mail_in, latest(inbox, "nora@example.org"), "add 1\nYour turn, Sam!")
    run_worker()
    (words,) = [m for m in messages(inbox, "sam@example.org") if "Your turn, Sam!" in inbox.text(m)]
    assert [kind(m) for m in inbox.to("sam@example.org")].count("your_turn") == 1    # his turn email too
    reply(mail_in, words, "Thanks!\nadd 2")                             # he answers the message email
    run_worker()
    assert client.get(f"/tables/{table}/view", headers=bearer(tokens["south"])).json["state"]["total"] == 3
    assert "Thanks!" in inbox.text(messages(inbox, "nora@example.org")[-1])


def test_after_the_end_a_reply_still_talks(client, run_worker, smtp_server, mail_in, env):
    table, tokens = make_table(client, target=5)
    while client.get(f"/tables/{table}/view").json["status"] != "finished":
        seat = client.get(f"/tables/{table}/view").json["prompts"][0]["seat"]
        play(client, table, tokens, seat, option=3)
        run_worker()
    inbox, seq = smtp_server.inbox, client.get(f"/tables/{table}/view").json["seq"]
    address = f"play+{reply_token(env.secret_key, table, 'south', seq)}@{env.reply_address_domain}"
    over = latest(inbox, "sam@example.org")
    reply(mail_in, over, "say: good game!\nnote: open with 3 next time", to=address)
    run_worker()
    answer = inbox.text(latest(inbox, "sam@example.org"))
    assert "Sent to the table" in answer and "private note" in answer
    assert "good game!" in inbox.text(messages(inbox, "nora@example.org")[-1])
    notes = client.get(f"/tables/{table}/notes", headers=bearer(tokens["south"])).json["notes"]
    assert [n["text"] for n in notes] == ["open with 3 next time"]
    reply(mail_in, over, "help", to=address)
    run_worker()
    assert "say:" in inbox.text(latest(inbox, "sam@example.org"))
