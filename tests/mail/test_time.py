"""Deadlines, reminders, timeouts, vacations and the calendar, with a test clock (no sleeping)."""

from datetime import datetime
from zoneinfo import ZoneInfo

import icalendar
import pytest

from store import TableStore
from tests.helpers import SEATS, bearer, play
from tests.mail.helpers import latest
from workers import timers
from workers.context import current
from workers.timers import deadline_job, reminder_job

HOUR = 3600.0


def timed_table(client, time_control=None, on_timeout=None, host=None):
    body = {"game": "duel", "seats": SEATS, "time_control": time_control or {"kind": "clock", "preset": "live"}}
    body.update({k: v for k, v in (("on_timeout", on_timeout), ("host", host)) if v})
    answer = client.post("/tables", json=body)
    assert answer.status_code == 201, answer.json
    return answer.json["id"], {s: v["token"] for s, v in answer.json["seats"].items()}


def running(redis_client, table, seat="north"):
    state = TableStore(redis_client).clock(table)
    return int(state[f"{seat}:edge"]), float(state[f"{seat}:since"]), float(state[f"{seat}:deadline"])


def subjects(inbox, address):
    """Each email's kind and first line (the subject is the same for a whole game)."""
    return [f"{m['X-PBEM-Kind']}: {inbox.text(m).splitlines()[0]}" for m in inbox.to(address)]


def test_a_live_clock_gives_24_hours_and_a_reminder_one_hour_before(client, run_worker, redis_client,
                                                                     smtp_server):
    table, _ = timed_table(client)
    run_worker()
    edge, since, deadline = running(redis_client, table)
    assert deadline == pytest.approx(since + 24 * HOUR)
    assert reminder_job(table, "north", edge, deadline, now=deadline - HOUR) == "queued"     # on the mail queue
    assert reminder_job(table, "north", edge, deadline, now=deadline - HOUR) == "already sent"
    run_worker()
    reminder = latest(smtp_server.inbox, "nora@example.org")
    assert reminder["X-PBEM-Kind"] == "reminder" and str(reminder["Subject"]) == f"Duel #{table} (north)"
    assert "you have 1 hour left" in smtp_server.inbox.text(reminder)
    assert "the game will wait for you" in smtp_server.inbox.text(reminder)
    assert "1. add 1" in smtp_server.inbox.text(reminder)


def test_a_move_in_time_makes_the_reminder_and_the_deadline_no_ops(client, run_worker, redis_client):
    table, tokens = timed_table(client)
    run_worker()
    edge, _, deadline = running(redis_client, table)
    play(client, table, tokens, "north")
    run_worker()
    assert reminder_job(table, "north", edge, deadline, now=deadline - HOUR) == "no longer needed"
    assert deadline_job(table, "north", edge, deadline, now=deadline + 1) == "moved in time"
    bank = float(TableStore(redis_client).clock(table)["north:bank"])
    assert 27 * HOUR - 60 < bank <= 28 * HOUR           # 24 h, minus the seconds used, plus 4 h


def test_at_a_timeout_the_game_waits_and_everyone_is_told(client, run_worker, redis_client, smtp_server):
    table, _ = timed_table(client)
    run_worker()
    edge, _, deadline = running(redis_client, table)
    assert deadline_job(table, "north", edge, deadline, now=deadline - 5) == "not yet"
    assert deadline_job(table, "north", edge, deadline, now=deadline + 5) == "timed out: wait"
    run_worker()                                                          # the mail queue sends what it wrote
    assert subjects(smtp_server.inbox, "nora@example.org")[-1] == \
        f"timeout: Nora, your time for a move in Duel #{table} ran out."
    assert subjects(smtp_server.inbox, "sam@example.org")[-1] == \
        f"timeout: Sam, Nora (north) ran out of time in Duel #{table}."
    assert deadline_job(table, "north", edge, deadline, now=deadline + 5) == "moved in time"   # once
    assert client.get(f"/tables/{table}/log").json["seq"] == 3


def test_at_a_timeout_a_bot_can_play_the_turn(client, run_worker, redis_client, smtp_server):
    table, _ = timed_table(client, on_timeout="bot")
    run_worker()
    edge, _, deadline = running(redis_client, table)
    assert deadline_job(table, "north", edge, deadline, now=deadline + 1) == "timed out: bot"
    run_worker()
    log = client.get(f"/tables/{table}/log?since=3").json["events"]
    assert log[0]["by"] == "north" and log[0]["text"].startswith("(out of time: a bot decides for north)")
    assert "A bot played that turn for you" in smtp_server.inbox.text(latest(smtp_server.inbox, "nora@example.org"))
    run_worker()
    assert subjects(smtp_server.inbox, "sam@example.org")[-1].startswith("your_turn:")


def test_at_a_timeout_the_host_decides_by_link(client, run_worker, redis_client, smtp_server):
    table, _ = timed_table(client, on_timeout="host", host="hal@example.org")
    run_worker()
    edge, _, deadline = running(redis_client, table)
    deadline_job(table, "north", edge, deadline, now=deadline + 1)
    run_worker()
    text = smtp_server.inbox.text(latest(smtp_server.inbox, "hal@example.org"))
    extend = next(w for w in text.split() if w.startswith("http://pbem.test/host/") and "extend" in w)
    path = extend.replace("http://pbem.test", "")
    assert "Give them 24 more hours" in client.get(path).get_data(as_text=True)
    assert client.post(path).status_code == 200
    run_worker()
    _, _, new_deadline = running(redis_client, table)
    assert new_deadline > deadline + 20 * HOUR
    bot = next(w for w in text.split() if w.startswith("http://pbem.test/host/") and ".bot." in w)
    client.post(bot.replace("http://pbem.test", ""))
    run_worker()
    assert client.get(f"/tables/{table}/log").json["seq"] == 4
    assert client.get("/host/forged.token").status_code == 404


def test_a_daily_deadline_falls_at_the_hour_in_the_tables_time_zone(client, run_worker, redis_client):
    table, _ = timed_table(client, {"kind": "daily", "at": "18:30", "tz": "Europe/Warsaw"})
    run_worker()
    _, since, deadline = running(redis_client, table)
    local = datetime.fromtimestamp(deadline, ZoneInfo("Europe/Warsaw"))
    assert (local.hour, local.minute) == (18, 30)
    assert 12 * HOUR <= deadline - since <= 36 * HOUR


def test_a_vacation_moves_the_deadlines_and_the_others_are_told(client, run_worker, redis_client, smtp_server):
    table, tokens = timed_table(client)
    run_worker()
    _, _, before = running(redis_client, table)
    answer = client.post(f"/tables/{table}/vacation", json={"days": 3}, headers=bearer(tokens["north"]))
    assert answer.status_code == 200 and answer.json["waiting"] == [f"{table}/north"]
    run_worker()
    _, _, after = running(redis_client, table)
    assert after == pytest.approx(before + 3 * 24 * HOUR, abs=5)
    assert "Nora (north) is on vacation until" in smtp_server.inbox.text(latest(smtp_server.inbox, "sam@example.org"))
    too_long = client.post(f"/tables/{table}/vacation", json={"days": 15}, headers=bearer(tokens["north"]))
    assert too_long.status_code == 422 and too_long.json["code"] == "bad_vacation"
    more = client.post(f"/tables/{table}/vacation", json={"days": 12, "start": answer.json["end"]},
                       headers=bearer(tokens["north"]))
    assert more.status_code == 422                          # 3 days, then 12 more: over 14


def test_the_calendar_feed_lists_the_players_deadlines(client, run_worker, redis_client, smtp_server):
    table, _ = timed_table(client)
    run_worker()
    _, _, deadline = running(redis_client, table)
    text = smtp_server.inbox.text(latest(smtp_server.inbox, "nora@example.org"))
    link = next(w for w in text.split() if w.startswith("http://pbem.test/calendar/"))
    feed = client.get(link.replace("http://pbem.test", ""))
    assert feed.mimetype == "text/calendar"
    calendar = icalendar.Calendar.from_ical(feed.data)
    (event,) = [c for c in calendar.walk("VEVENT")]
    assert event.decoded("DTSTART").timestamp() == pytest.approx(deadline, abs=1)
    assert f"#{table} (north)" in str(event["SUMMARY"])
    assert client.get("/calendar/nobody.123.ics").status_code == 404


def test_the_sweep_catches_a_deadline_whose_job_was_lost(client, run_worker, redis_client, smtp_server, env):
    table, _ = timed_table(client)
    run_worker()
    _, _, deadline = running(redis_client, table)
    for key in redis_client.keys("rq:job:deadline-*"):         # the scheduled job is lost
        redis_client.delete(key)
    assert timers.sweep(current(), deadline - 10) == 0
    assert timers.sweep(current(), deadline + 10) == 1
    run_worker()
    assert subjects(smtp_server.inbox, "nora@example.org")[-1].endswith("ran out.")
    assert timers.sweep(current(), deadline + 20) == 0


def test_bad_time_settings_are_refused(client):
    for body, code in (({"time_control": {"kind": "clock", "preset": "blitz"}}, "bad_time_control"),
                       ({"on_timeout": "explode"}, "bad_timeout"),
                       ({"on_timeout": "host"}, "no_host")):
        answer = client.post("/tables", json={"game": "duel", "seats": SEATS, **body})
        assert answer.status_code == 422 and answer.json["code"] == code
