"""Deadlines and reminders: entries of one sorted set (tables/deadlines.py), written and removed
with the seat's clock, so a hand-off costs no job and a move in time leaves nothing behind.
The settler's sweep (every TIMER_SWEEP seconds, as rq's scheduler polled) claims each entry
due, atomically, so that one sweeper fires it even with several running, and queues its job,
keyed by (table, seat, edge, deadline): a job for a turn already over is a no-op. A claim
holds an entry for LEASE seconds: a sweeper killed mid-fire leaves it to fire again then."""

import base64
import time
from collections.abc import Callable
from typing import Any

import tables
from store import SettleReads, keys
from store import gatherings as kept
from tables import clock, deadlines, notices
from tables.advance import stand_in

from . import mail
from .context import Context, current
from .queue import enqueue_deadline, enqueue_reminder, enqueue_send

HOST_EXTENSION = 24 * 3600
QUEUED_CLAIM = 86400       # seconds a queued email stays claimed (the mail queue retries it meanwhile)
TIMER_SWEEP = 1.0          # how often the settler fires the due timers (rq's scheduler looked each second)
LEASE = 60.0               # seconds a claimed timer waits before it is due again (its sweeper died, its job failed)

# Claim a due entry: move it LEASE on; 1 for the one sweeper that did, 0 for the others.
CLAIM = """local at = redis.call('ZSCORE', KEYS[1], ARGV[1])
if at and tonumber(at) <= tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
  return 1
end
return 0"""
# After a reminder: its entry goes on to the next one, or away; unless it changed since the claim.
ONWARD = """local at = redis.call('ZSCORE', KEYS[1], ARGV[1])
if at and tonumber(at) == tonumber(ARGV[2]) then
  if ARGV[3] == '' then redis.call('ZREM', KEYS[1], ARGV[1]) else redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1]) end
end
return 0"""


def track(ctx: Context, table: tables.Table, waiting: dict[str, int], read: SettleReads | None = None) -> None:
    """After the table moved: charge and time the seats, and set their deadlines and reminders
    (``read``: what the settle read of the table for it, else read here)."""
    deadlines.track(ctx.store, table, waiting, read)


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
        content = mail.in_chosen_language(ctx.store, content)
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
    key = f"{table_id}/{seat}/{edge}"
    ctx.store.set_clock(table_id, {f"{seat}:deadline": "", f"{seat}:late_since": deadline}, {},
                        [key, deadlines.reminder_key(key)])                 # handled: the sweep skips it
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
    ctx.store.set_clock(table_id, {f"{seat}:deadline": when}, {f"{table_id}/{seat}/{edge}": when}, [])
    return True


def sweep(ctx: Context, now: float) -> int:
    """Fire every timer due by ``now``, each once: a reminder queues its job and moves on to the
    next reminder; a deadline queues its job, which takes the entry away. Returns how many
    deadlines were queued."""
    redis = ctx.store.redis
    claim, onward = redis.register_script(CLAIM), redis.register_script(ONWARD)
    count = 0
    for member in ctx.store.due(now):
        held = now + LEASE
        if not claim(keys=[keys.DEADLINES], args=[member, now, held]):
            continue                                     # another sweeper has it, or it moved
        table_id, seat, edge, reminder = deadlines.parse_entry(member)
        state = ctx.store.clock(table_id)
        if state.get(f"{seat}:edge") != str(edge) or not state.get(f"{seat}:deadline"):
            ctx.store.set_clock(table_id, {}, {}, [member])          # the turn is over: nothing to fire
            continue
        deadline = float(state[f"{seat}:deadline"])
        if not reminder:
            enqueue_deadline(redis, ctx.settings, table_id, seat, edge, deadline, now)
            count += 1
            continue
        times = clock.reminder_times(float(state[f"{seat}:since"]), deadline)
        if any(at <= now for at in times):
            enqueue_reminder(redis, ctx.settings, table_id, seat, edge, deadline, max(at for at in times if at <= now),
                             now)
        later = [at for at in times if at > now]
        onward(keys=[keys.DEADLINES], args=[member, held, min(later) if later else ""])
    return count


def vacation_job(email: str, until: float, now: float | None = None) -> str:
    """After a player set a vacation: move their running deadlines, and tell the other players."""
    ctx = current()
    now = time.time() if now is None else now
    m = mail.mail_settings(ctx.settings, now)
    for item in ctx.store.player_waiting(email):
        table_id, seat = item.split("/", 1)
        deadlines.retime(ctx.store, tables.load(ctx.store, table_id), seat)
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
