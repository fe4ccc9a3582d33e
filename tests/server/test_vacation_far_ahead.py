"""A vacation is told to the other players by email when it is set (the worker's vacation job);
one set to start further ahead than a year is refused with a code and a sentence, since no date
that far can be told (the emails' dates stop at the year 9999, which the API let through)."""

import time

import pytest

from tests.helpers import bearer, make_table
from tests.mail.helpers import kind

DAY = 86400.0


def vacation_mails(inbox, address):
    return [m for m in inbox.to(address) if kind(m) == "vacation"]


@pytest.mark.parametrize("ahead_days", [None, 10, 364.9])       # None: from now
def test_the_other_players_are_emailed_a_vacation_set_up_to_a_year_ahead(client, run_worker, smtp_server, ahead_days):
    table, tokens = make_table(client)
    body = {"days": 3} if ahead_days is None else {"days": 3, "start": time.time() + ahead_days * DAY}
    answer = client.post(f"/tables/{table}/vacation", json=body, headers=bearer(tokens["north"]))
    assert answer.status_code == 200, answer.json
    start = answer.json["start"]
    run_worker()
    told = vacation_mails(smtp_server.inbox, "sam@example.org")
    assert len(told) == 1
    text = smtp_server.inbox.text(told[0])
    assert "Nora (north) is on vacation until " + time.strftime("%A %d %B %Y", time.gmtime(start + 3 * DAY)) in text
    assert not vacation_mails(smtp_server.inbox, "nora@example.org")


@pytest.mark.parametrize("ahead_days", [366, 10 ** 7])
def test_a_vacation_starting_more_than_a_year_ahead_is_refused(client, run_worker, smtp_server, ahead_days):
    table, tokens = make_table(client)
    answer = client.post(f"/tables/{table}/vacation", json={"days": 3, "start": time.time() + ahead_days * DAY},
                         headers=bearer(tokens["north"]))
    assert answer.status_code == 422
    assert answer.json["code"] == "vacation_too_far"
    assert answer.json["message"] == "A vacation can start at most 365 days from now; set this one nearer the time."
    run_worker()
    assert not vacation_mails(smtp_server.inbox, "sam@example.org")
    again = client.post(f"/tables/{table}/vacation", json={"days": 14}, headers=bearer(tokens["north"]))
    assert again.status_code == 200, again.json          # nothing of the refused one was kept
