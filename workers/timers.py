"""Deadlines and reminders: rq's scheduler runs them, keyed by (table, seat, edge, deadline), so
a move made in time turns them into no-ops; the sweep catches any deadline a lost job missed."""

import base64
import time
from collections.abc import Callable
from typing import Any

import tables
from store import gatherings as kept
from tables import deadlines, notices
from tables.advance import stand_in

from . import mail
from .context import Context, current
from .queue import enqueue_send, queue, schedule

HOST_EXTENSION = 24 * 3600
QUEUED_CLAIM = 86400       # seconds a queued email stays claimed (the mail queue retries it meanwhile)


def schedule_timer(ctx: Context, timer: deadlines.Timer) -> None:
    for at in timer.reminders:
        schedule(ctx.store.redis, ctx.settings, at, "workers.timers.reminder_job",
                 f"remind-{timer.table_id}-{timer.seat}-{timer.edge}-{timer.deadline:.0f}-{at:.0f}",
                 timer.table_id, timer.seat, timer.edge, timer.deadline)
    schedule(ctx.store.redis, ctx.settings, timer.deadline, "workers.timers.deadline_job",
             f"deadline-{timer.table_id}-{timer.seat}-{timer.edge}-{timer.deadline:.0f}",
             timer.table_id, timer.seat, timer.edge, timer.deadline)


def track(ctx: Context, table: tables.Table, waiting: dict[str, int]) -> None:
    """After the table moved: charge and time the seats, and schedule the new deadlines."""
    for timer in deadlines.track(ctx.store, table, waiting):
        schedule_timer(ctx, timer)


def send_once(ctx: Context, table_id: str, name: str, kind: str, build: Callable[[], dict[str, Any]]) -> str:
    """One email for one reason, once even if the job runs twice: written here, sent by the mail
    queue, so that a slow or hung SMTP server never holds up the table queue."""
    if ctx.store.mail_state(table_id, name) == "sent" or not ctx.store.claim_mail(table_id, name, QUEUED_CLAIM):
        return "already sent"
    try:
        content = build()
        if kept.never(ctx.store, content["to"]):
            ctx.store.mail_sent(table_id, name)
            return "not sent: the address asked never to be emailed by this server"
        message = mail.render(kind, content, ctx.settings, mail.new_message_id(ctx.settings))
        enqueue_send(ctx.store.redis, ctx.settings, f"send-{table_id}-{name}",
                     base64.b64encode(bytes(message)).decode(), table_id, name)
    except BaseException:
        ctx.store.release_mail(table_id, name)
        raise
    return "queued"


def reminder_job(table_id: str, seat: str, edge: int, deadline: float, now: float | None = None) -> str:
    ctx = current()
    now = time.time() if now is None else now
    if deadlines.current_deadline(ctx.store, table_id, seat, edge) != deadline:
        return "no longer needed"
    m = mail.mail_settings(ctx.settings, now)
    return send_once(ctx, table_id, f"remind-{edge}-{seat}-{deadline:.0f}", "reminder",
                     lambda: notices.reminder(tables.load(ctx.store, table_id), seat, deadline, m))


def deadline_job(table_id: str, seat: str, edge: int, deadline: float, now: float | None = None) -> str:
    """The seat's time is up: the game waits, the host is asked, or a bot plays the turn."""
    ctx = current()
    now = time.time() if now is None else now
    if deadlines.current_deadline(ctx.store, table_id, seat, edge) != deadline:
        return "moved in time"
    if now < deadline:
        return "not yet"
    table = tables.load(ctx.store, table_id)
    m = mail.mail_settings(ctx.settings, now)
    action = table.doc.get("on_timeout", "wait")
    ctx.store.set_clock(table_id, {f"{seat}:deadline": "", f"{seat}:late_since": deadline}, {},
                        [f"{table_id}/{seat}/{edge}"])                       # handled: the sweep skips it
    if action == "host":
        return send_once(ctx, table_id, f"host-{edge}-{seat}", "host_timeout",
                         lambda: notices.host_timeout(table, seat, edge, m))
    taken: list[dict[str, Any]] = []
    if action == "bot":
        table, taken = stand_in(ctx.store, table_id, seat, edge, now=now, snapshot_every=ctx.settings.snapshot_every)
    for reader, info in table.seats.items():
        if info.get("email"):
            send_once(ctx, table_id, f"timeout-{edge}-{seat}-{reader}", "timeout",
                      lambda reader=reader: notices.timeout(table, seat, m, taken, reader))
    return f"timed out: {action}"


def extend(ctx: Context, table_id: str, seat: str, edge: int, seconds: float, now: float) -> bool:
    """The host gives a late seat more time: counted from the deadline it missed, or from now."""
    state = ctx.store.clock(table_id)
    if state.get(f"{seat}:edge") != str(edge):
        return False
    when = max(now, float(state.get(f"{seat}:late_since") or now)) + seconds
    timer = deadlines.Timer(table_id, seat, edge, now, when, [])
    ctx.store.set_clock(table_id, {f"{seat}:deadline": when}, {timer.key: when}, [])
    schedule_timer(ctx, timer)
    return True


def sweep(ctx: Context, now: float) -> int:
    """Queue a deadline job for every deadline already passed (a lost job must not stall a game)."""
    count = 0
    for key in ctx.store.due(now):
        table_id, seat, edge = key.rsplit("/", 2)
        deadline = deadlines.current_deadline(ctx.store, table_id, seat, int(edge))
        if deadline is None:
            ctx.store.set_clock(table_id, {}, {}, [key])
            continue
        queue(ctx.store.redis, ctx.settings).enqueue("workers.timers.deadline_job", table_id, seat, int(edge),
                                                     deadline, now, result_ttl=600,
                                                     job_id=f"sweep-{table_id}-{seat}-{edge}-{deadline:.0f}")
        count += 1
    return count


def vacation_job(email: str, until: float, now: float | None = None) -> str:
    """After a player set a vacation: move their running deadlines, and tell the other players."""
    ctx = current()
    now = time.time() if now is None else now
    m = mail.mail_settings(ctx.settings, now)
    for item in ctx.store.player_waiting(email):
        table_id, seat = item.split("/", 1)
        timer = deadlines.retime(ctx.store, tables.load(ctx.store, table_id), seat)
        if timer is not None:
            schedule_timer(ctx, timer)
    told = 0
    for table_id in ctx.store.player_tables(email):
        table = tables.load(ctx.store, table_id)
        if table.result() is not None:
            continue
        away = next(s for s, i in table.seats.items() if i.get("email", "").lower() == email.lower())
        for seat, info in table.seats.items():
            if info.get("email") and seat != away:
                send_once(ctx, table_id, f"vacation-{away}-{until:.0f}-{seat}", "vacation",
                          lambda seat=seat, away=away, table=table:
                          notices.vacation(table, seat, away, until, m))
                told += 1
    return f"{told} players told"


def host_decision_job(table_id: str, seat: str, edge: int, action: str, now: float | None = None) -> str:
    """The host chose, from the links of their email: more time, or a bot plays the turn."""
    ctx = current()
    now = time.time() if now is None else now
    if ctx.store.clock(table_id).get(f"{seat}:edge") != str(edge):
        return "the seat has moved since"
    if action == "extend":
        return "extended" if extend(ctx, table_id, seat, edge, HOST_EXTENSION, now) else "nothing to extend"
    table, taken = stand_in(ctx.store, table_id, seat, edge, now=now, snapshot_every=ctx.settings.snapshot_every)
    m = mail.mail_settings(ctx.settings, now)
    for reader, info in table.seats.items():
        if info.get("email"):
            send_once(ctx, table_id, f"timeout-{edge}-{seat}-{reader}", "timeout",
                      lambda reader=reader: {**notices.timeout(table, seat, m, taken, reader),
                                             "action": "bot"})
    return "a bot played the turn"
