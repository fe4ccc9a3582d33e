"""The answers to emails about a game being gathered (to new@, to a confirmation, to an invitation)
are in the language of the person who wrote: a 'language:' line to new@, the invited seat's, a
joiner's, else the creator's; English otherwise, word for word as before. A joiner of an open seat
chooses a language on the join page: their confirmation email follows it, and so does the seat they
take. Real SMTP both ways, real Redis, real workers."""

from tests.gathering_helpers import ANN, BOB, CAROL, ask, latest_of, link, path, press
from tests.mail.helpers import reply
from tests.mail.test_start_by_email import write

CLASH = {"game": "clash", "options": {"match": "single"}, "creator": {**ANN, "seat": "mcworld"}}


def html(message):
    return message.get_body(preferencelist=("html",)).get_content()


def answer_to(inbox, address):
    return latest_of(inbox, address, "gathering_answer")


def test_new_at_answers_in_the_language_its_email_names_and_in_english_otherwise(run_worker, smtp_server, mail_in):
    inbox = smtp_server.inbox
    write(mail_in, ANN, "hello", "language: pl\nmcworld: me")               # no game named: refused
    write(mail_in, BOB, "hello", "mcworld: me")
    run_worker()
    polish, english = answer_to(inbox, ANN["email"]), answer_to(inbox, BOB["email"])
    text = inbox.text(polish)
    assert text.startswith("Nie rozpoczęto gry: Napisz w temacie albo w pierwszym wierszu, w którą grę gracie: clash")
    assert "Zacznij grę e-mailem: napisz na new@localhost." in text and "Przykłady:" in text
    assert "'language: pl' (Twoje e-maile i odpowiedzi w języku: polski)." in text
    assert "Co było w Twoim e-mailu:" in text and '<html lang="pl">' in html(polish)
    text = inbox.text(english)
    assert text.startswith("No game was started: Say which game in the subject or the first line: ")
    assert "Start a game by email: write to new@localhost." in text and "Examples:" in text
    assert "'language:" not in text and "What your email said:" in text and '<html lang="en">' in html(english)


def test_a_creator_who_writes_in_polish_is_confirmed_and_answered_in_polish(run_worker, smtp_server, mail_in):
    inbox = smtp_server.inbox
    write(mail_in, ANN, "clash", "mcworld: me\njihad: Bob <bob@example.org>\nmatch: single\njęzyk: polski")
    run_worker()
    confirm = latest_of(inbox, ANN["email"], "gathering_confirm")
    assert confirm["Subject"] == "Potwierdź nową partię CLASH: Jihad vs McWorld"
    reply(mail_in, confirm, "hmm, not sure")
    run_worker()
    assert inbox.text(answer_to(inbox, ANN["email"])).startswith("Odpowiedz 'confirm' (albo 'tak'), aby potwierdzić")
    reply(mail_in, confirm, "tak")
    run_worker()
    invitation = latest_of(inbox, BOB["email"], "gathering_invite")
    assert invitation["Subject"] == "Ann invites you to CLASH: Jihad vs McWorld"          # Bob: English
    reply(mail_in, invitation, "maybe later")
    run_worker()
    assert inbox.text(answer_to(inbox, BOB["email"])).startswith("Reply 'accept' or 'decline'.")
    reply(mail_in, invitation, "accept")
    run_worker()
    assert inbox.text(answer_to(inbox, BOB["email"])).startswith(
        "You play jihad at CLASH: Jihad vs McWorld. Every seat is filled: the game has begun")


def test_a_polish_invitee_is_answered_in_polish_an_english_creator_in_english(client, run_worker, smtp_server,
                                                                              mail_in):
    inbox = smtp_server.inbox
    ask(client, {**CLASH, "seats": {"jihad": {**BOB, "language": "pl"}}})
    run_worker()
    confirm = latest_of(inbox, ANN["email"], "gathering_confirm")
    reply(mail_in, confirm, "what is this?")
    run_worker()
    assert inbox.text(answer_to(inbox, ANN["email"])).startswith("Reply 'confirm' to confirm the game.")
    reply(mail_in, confirm, "confirm")
    run_worker()
    invitation = latest_of(inbox, BOB["email"], "gathering_invite")
    reply(mail_in, invitation, "może")
    run_worker()
    assert inbox.text(answer_to(inbox, BOB["email"])).startswith("Odpowiedz 'accept' albo 'decline' (lub 'tak' albo 'nie').")
    reply(mail_in, invitation, "tak")
    run_worker()
    accepted = answer_to(inbox, BOB["email"])
    assert inbox.text(accepted).startswith("Grasz: jihad w CLASH: Jihad vs McWorld. Wszystkie miejsca są zajęte")
    assert "Twoje miejsce</a>" in html(accepted)


def open_seat(client, run_worker, inbox):
    asked = ask(client, {**CLASH, "seats": {"jihad": {"open": True}}})
    run_worker()
    press(client, link(inbox, latest_of(inbox, ANN["email"], "gathering_confirm"), "confirm"))
    run_worker()
    return asked["id"], path(link(inbox, latest_of(inbox, ANN["email"], "gathering_ready"), "join"))


def test_a_joiner_chooses_polish_on_the_join_page_and_keeps_it_at_the_table(client, run_worker, smtp_server, mail_in):
    inbox = smtp_server.inbox
    table, join = open_seat(client, run_worker, inbox)
    offered = client.get(join, headers={"Accept-Language": "pl-PL,pl;q=0.9"}).get_data(as_text=True)
    assert '<option value="pl" selected>polski</option>' in offered and "Zajmij miejsce" in offered
    assert '<html lang="pl">' in offered and "Dołącz do partii CLASH: Jihad vs McWorld" in offered
    english = client.get(join).get_data(as_text=True)
    assert '<option value="en" selected>English</option>' in english and "Take the seat" in english
    sent = client.post(join, data={**CAROL, "language": "pl"})
    assert sent.status_code == 202 and "Wysłaliśmy na carol@example.org link" in sent.get_data(as_text=True)
    run_worker()
    asked = latest_of(inbox, CAROL["email"], "gathering_join")
    assert asked["Subject"].startswith("Potwierdź swoje miejsce: CLASH: Jihad vs McWorld #")
    reply(mail_in, asked, "no idea")
    run_worker()
    assert inbox.text(answer_to(inbox, CAROL["email"])).startswith("Odpowiedz 'confirm' (albo 'tak'), aby zająć miejsce.")
    reply(mail_in, asked, "tak")
    run_worker()
    taken = inbox.text(answer_to(inbox, CAROL["email"]))
    assert taken.startswith("Miejsce jihad jest Twoje. Wszystkie miejsca są zajęte: partia się zaczęła")
    assert client.get(f"/tables/{table}/view").json["seats"]["jihad"]["name"] == "Carol"
    turn = next(m for m in reversed(inbox.to(CAROL["email"])) if m["X-PBEM-Kind"] in ("your_turn", "invitation"))
    assert '<html lang="pl">' in html(turn)                                    # the seat kept her language


def test_an_english_joiner_reads_the_join_as_before(client, run_worker, smtp_server):
    inbox = smtp_server.inbox
    _, join = open_seat(client, run_worker, inbox)
    sent = client.post(join, data=CAROL)
    assert "We sent carol@example.org a link to confirm that the jihad seat is yours." in sent.get_data(as_text=True)
    run_worker()
    asked = latest_of(inbox, CAROL["email"], "gathering_join")
    assert asked["Subject"].startswith("Confirm your seat at CLASH: Jihad vs McWorld #")
    assert "Someone (you, we hope) asked to take the open jihad seat" in inbox.text(asked)


def test_a_join_page_refuses_a_language_it_does_not_speak(client, run_worker, smtp_server):
    _, join = open_seat(client, run_worker, smtp_server.inbox)
    refused = client.post(join, data={**CAROL, "language": "xx"})
    assert refused.status_code == 422 and "the language can be en, pl" in refused.get_data(as_text=True)


def test_the_pages_an_email_links_to_speak_the_language_of_the_person_it_went_to(client, run_worker, smtp_server):
    inbox = smtp_server.inbox
    ask(client, {**CLASH, "creator": {**CLASH["creator"], "language": "pl"}, "seats": {"jihad": BOB}})
    run_worker()
    confirm = link(inbox, latest_of(inbox, ANN["email"], "gathering_confirm"), "confirm")
    page = client.get(path(confirm)).get_data(as_text=True)                # Ann's: Polish, whatever the browser
    assert '<html lang="pl">' in page and "Potwierdź swoją partię CLASH: Jihad vs McWorld" in page
    assert "Naciśnij przycisk, aby to zrobić." in page and "McWorld</b>: Ann <span class=\"muted\">(zakłada partię)" in page
    done = client.post(path(confirm)).get_data(as_text=True)
    assert "<b>Potwierdzone.</b> Zaproszenia są w drodze." in done and "Grasz: <b>McWorld</b>." in done
    run_worker()
    accept = link(inbox, latest_of(inbox, BOB["email"], "gathering_invite"), "accept")
    english = client.get(path(accept), headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert '<html lang="en">' in english and "Ann invites Bob to play jihad at CLASH: Jihad vs McWorld." in english
    assert "Press the button to do it." in english and "(set up the game)" in english
    polish = client.get(path(accept), headers={"Accept-Language": "pl"}).get_data(as_text=True)   # his browser's
    assert "Ann zaprasza: Bob, do gry jako Jihad w CLASH: Jihad vs McWorld." in polish
    accepted = client.post(path(accept), data={"language": "pl"}).get_data(as_text=True)     # he chose Polish
    assert "<h1>Przyjęte</h1>" in accepted and "Grasz: jihad w CLASH: Jihad vs McWorld. Wszystkie miejsca" in accepted
