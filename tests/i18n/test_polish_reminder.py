"""A language chosen by reply after the start reaches the emails the clock sends too (reminders):
real Redis, real SMTP, the worker's own jobs."""

from store import TableStore
from tests.mail.helpers import kind, latest, reply
from workers.timers import reminder_job

HOUR = 3600
SEATS = {"north": {"name": "Nora", "email": "nora@example.org"}, "south": {"name": "Sam", "email": "sam@example.org"}}


def test_a_reminder_after_language_pl_by_reply_is_in_polish(client, run_worker, redis_client, smtp_server, mail_in):
    answer = client.post("/tables", json={"game": "duel", "seats": SEATS,
                                          "time_control": {"kind": "clock", "preset": "live"}})
    assert answer.status_code == 201, answer.json
    table = answer.json["id"]
    run_worker()
    reply(mail_in, latest(smtp_server.inbox, "nora@example.org"), "language pl")
    run_worker()
    clock = TableStore(redis_client).clock(table)
    edge, deadline = int(clock["north:edge"]), float(clock["north:deadline"])
    assert reminder_job(table, "north", edge, deadline, now=deadline - HOUR) == "queued"
    run_worker()
    reminder = latest(smtp_server.inbox, "nora@example.org")
    assert kind(reminder) == "reminder"
    assert "czeka na Twój ruch" in smtp_server.inbox.text(reminder)
