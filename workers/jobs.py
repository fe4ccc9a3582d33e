"""The rq jobs. Small functions with primitive arguments; each safe to run twice."""

import smtplib
import time
from datetime import datetime, timedelta, timezone

import redis

import config
import tables
from tables import notices, preferences

from . import mail, timers
from .context import Context, current
from .queue import enqueue_advance, enqueue_notify, player_key, schedule

MAIL_DOWN = (OSError, smtplib.SMTPException)


def advance_job(table_id: str, now: float | None = None) -> dict[str, object]:
    """System steps and bot moves until a human must act, then email who is waited on."""
    ctx = current()
    done = tables.advance(ctx.store, table_id, now=time.time() if now is None else now,
                          step_cap=ctx.settings.advance_step_cap, snapshot_every=ctx.settings.snapshot_every)
    table = done.table
    if table.automatic_seat() is not None:      # the step cap was reached: carry on in a new job
        enqueue_advance(ctx.store.redis, ctx.settings, table_id, table.seq)
    announce(ctx, table, done.waiting)
    timers.track(ctx, table, {} if table.result() is not None else done.waiting)
    return {"seq": table.seq, "steps": done.steps, "waiting": done.waiting}


def announce(ctx: Context, table: tables.Table, waiting: dict[str, int]) -> None:
    """Queue the emails the table's current state calls for. Queuing one twice does nothing."""
    if table.result() is not None:
        for seat, info in table.seats.items():
            if info.get("email"):
                enqueue_notify(ctx.store.redis, ctx.settings, table.id, "game_over", 0, seat)
        return
    for seat, edge in waiting.items():
        enqueue_notify(ctx.store.redis, ctx.settings, table.id, "your_turn", edge, seat)


def invite(connection: redis.Redis, settings: config.Settings, table: tables.Table) -> None:
    """Each player's invitation, with the link to their seat."""
    for seat, info in table.seats.items():
        if info.get("email"):
            enqueue_notify(connection, settings, table.id, "invitation", 0, seat)


def notify_job(table_id: str, kind: str, seq: int, seat: str, now: float | None = None) -> str:
    """Send one email, once: claimed while sending, marked done after; a failure frees it for the retry.

    A turn follows the seat's notification policy (muted, kept for the daily digest, or sent),
    and while mail cannot be sent it is held with the player's other turns for one email later.
    """
    ctx = current()
    now = time.time() if now is None else now
    name = f"{kind}-{seq}-{seat}"
    if ctx.store.mail_state(table_id, name) == "sent":
        return "already sent"
    if not ctx.store.claim_mail(table_id, name, mail.CLAIM_SECONDS):
        return "another worker is sending it"
    try:
        where = _notify(ctx, table_id, kind, seq, seat, now)
    except BaseException:
        ctx.store.release_mail(table_id, name)
        raise
    ctx.store.mail_sent(table_id, name)
    return where


def _notify(ctx: Context, table_id: str, kind: str, seq: int, seat: str, now: float) -> str:
    settings, store = ctx.settings, ctx.store
    m = mail.mail_settings(settings, now)
    table = tables.load(store, table_id)
    email = table.seats[seat]["email"]
    policy = preferences.effective(store, table, seat)
    if policy == "mute" and kind != "invitation":
        return "muted"
    if kind == "invitation":
        content = notices.invitation(table, seat, m)
    elif kind == "game_over":
        content = notices.game_over(store, table, seat, m)
    elif kind == "your_turn":
        content = notices.your_turn(store, table, seat, seq, m)
        if content is None:
            return "not needed: the seat is no longer waited on"
        notice = f"{table_id}/{seat}/{seq}"
        if policy == "digest":
            store.hold_notice(email, "digest", notice)
            schedule(store.redis, settings, next_digest(now, settings.digest_hour), "workers.jobs.digest_job",
                     f"digest-{player_key(email)}-{next_digest(now, settings.digest_hour):.0f}", email)
            return "kept for the daily digest"
        if store.held_notices(email, "outage"):       # mail is down for this player: join the others
            store.hold_notice(email, "outage", notice)
            return "held while mail is down"
        try:
            return mail.send(mail.render(kind, content, settings, f"<{table_id}.{kind}-{seq}-{seat}@pbem>"),
                             settings)
        except MAIL_DOWN:
            if store.hold_notice(email, "outage", notice) == 1:    # the first held starts the flush chain
                _schedule_flush(ctx, email, 1, now)
            return "held while mail is down"
    else:
        raise ValueError(f"no email of kind {kind}")
    return mail.send(mail.render(kind, content, settings, f"<{table_id}.{kind}-{seq}-{seat}@pbem>"), settings)


def next_digest(now: float, hour: int) -> float:
    day = datetime.fromtimestamp(now, tz=timezone.utc).replace(hour=hour, minute=0, second=0, microsecond=0)
    if day.timestamp() <= now:
        day += timedelta(days=1)
    return day.timestamp()


def digest_job(email: str, now: float | None = None) -> str:
    """The daily digest: one email listing every game still waiting for the player."""
    return _send_combined(current(), email, "digest", time.time() if now is None else now)


def flush_job(email: str, attempt: int, now: float | None = None) -> str:
    """After mail was down: one email for all the player's turns held meanwhile, not a flood."""
    ctx = current()
    now = time.time() if now is None else now
    try:
        said = _send_combined(ctx, email, "outage", now)
    except MAIL_DOWN:
        _schedule_flush(ctx, email, attempt + 1, now)
        return "mail is still down"
    if ctx.store.held_notices(email, "outage"):        # held while this one was sending: go again
        _schedule_flush(ctx, email, 1, now)
    return said


def _send_combined(ctx: Context, email: str, box: str, now: float) -> str:
    held = ctx.store.held_notices(email, box)
    content = notices.combined(ctx.store, held, mail.mail_settings(ctx.settings, now))
    if content is not None:
        mail.send(mail.render("combined", content, ctx.settings, mail.new_message_id(ctx.settings)), ctx.settings)
    ctx.store.release_notices(email, box, held)
    return f"{len(content['entries'])} turns in one email" if content else "nothing left to say"


def _schedule_flush(ctx: Context, email: str, attempt: int, now: float) -> None:
    intervals = ctx.settings.mail_retry_intervals
    delay = intervals[min(attempt - 1, len(intervals) - 1)]
    schedule(ctx.store.redis, ctx.settings, now + delay, "workers.jobs.flush_job",
             f"flush-{player_key(email)}-{attempt}-{now:.0f}", email, attempt)
