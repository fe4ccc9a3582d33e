"""The emails of a gathering (the creator's confirmation and overviews, an invitation, a seat
declined) are in the language of the person they go to, as POST /invitations gave it."""

from tests.gathering_helpers import ANN, BOB, ask, latest_of, link, press


def html(message):
    return message.get_body(preferencelist=("html",)).get_content()


def gather(client, run_worker, inbox, creator, invited):
    ask(client, {"game": "clash", "options": {"match": "single"}, "creator": {**creator, "seat": "mcworld"},
                 "seats": {"jihad": invited}, "time_control": {"kind": "clock", "preset": "fast"}})
    run_worker()
    confirm = latest_of(inbox, ANN["email"], "gathering_confirm")
    press(client, link(inbox, confirm, "confirm"))
    run_worker()
    invite = latest_of(inbox, BOB["email"], "gathering_invite")
    press(client, link(inbox, invite, "decline"))
    run_worker()
    return confirm, invite, latest_of(inbox, ANN["email"], "gathering_vacant")


def test_a_polish_creator_reads_the_gathering_in_polish_and_an_english_invitee_in_english(client, run_worker,
                                                                                         smtp_server):
    inbox = smtp_server.inbox
    confirm, invite, vacant = gather(client, run_worker, inbox, {**ANN, "language": "pl"}, BOB)
    assert confirm["Subject"] == "Potwierdź nową partię CLASH: Jihad vs McWorld"
    text = inbox.text(confirm)
    assert "Ann, prosisz o rozpoczęcie partii CLASH: Jihad vs McWorld na tym serwerze." in text
    assert "Jihad: Bob <bob@example.org> dostaje zaproszenie do przyjęcia lub odrzucenia" in text
    assert "Zegar szybki: 72 h na start, 12 h więcej za każdy ruch" in text
    assert "Potwierdź partię</a>" in html(confirm) and '<html lang="pl">' in html(confirm)
    vacant_text = inbox.text(vacant)
    assert vacant["Subject"].startswith("Bob odmawia: CLASH: Jihad vs McWorld #")
    assert "Ann, Bob odrzuca Twoje zaproszenie: miejsce Jihad przy stole CLASH: Jihad vs McWorld #" in vacant_text
    assert "Zaproś kogoś innego, oddaj miejsce botowi" in vacant_text
    assert "Twoja strona tej partii</a>" in html(vacant)
    invite_text = inbox.text(invite)
    assert invite["Subject"] == "Ann invites you to CLASH: Jihad vs McWorld"
    assert invite_text.startswith("Hello Bob,\n\nAnn invites you to play CLASH: Jihad vs McWorld on this server, by email")
    assert "You would play jihad, against Ann (mcworld)." in invite_text
    assert "Time: Fast clock: 72 h to start, 12 h more per move (at most " in invite_text
    assert "mcworld: Ann (set up the game)" in invite_text


def test_a_polish_invitee_reads_the_invitation_in_polish(client, run_worker, smtp_server):
    inbox = smtp_server.inbox
    confirm, invite, vacant = gather(client, run_worker, inbox, ANN, {**BOB, "language": "pl"})
    assert confirm["Subject"] == "Confirm your new game of CLASH: Jihad vs McWorld"
    assert "Nobody else is emailed until you confirm. Then:" in inbox.text(confirm)
    assert vacant["Subject"].startswith("Bob declined: CLASH: Jihad vs McWorld #")
    assert "Invite someone else, give the seat to a bot" in inbox.text(vacant)
    assert invite["Subject"] == "Ann zaprasza Cię do gry w CLASH: Jihad vs McWorld"
    text = inbox.text(invite)
    assert text.startswith("Cześć Bob,\n\nAnn zaprasza Cię do gry w CLASH: Jihad vs McWorld na tym serwerze")
    assert "Twoje miejsce byłoby: jihad, przeciwko: Ann (mcworld)." in text
    assert "Bez odpowiedzi w ciągu 7 dni zaproszenie wygasa." in text
    assert "McWorld: Ann (zakłada partię)" in text
    assert "Przyjmij</a>" in html(invite) and "Odrzuć</a>" in html(invite)
