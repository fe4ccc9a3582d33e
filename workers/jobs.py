"""The rq jobs of the mail queue. Small functions with primitive arguments; each safe to run twice."""

import base64
import email
import hashlib
import smtplib
import time
from datetime import datetime, timedelta, timezone
from email import policy

import redis

import config
import tables
from store import gatherings as kept
from tables import notices, preferences

from . import mail
from .context import Context, current
from .queue import enqueue_notify, player_key, schedule

MAIL_DOWN = (OSError, smtplib.SMTPException)


class Busy(Exception):
    """Another attempt holds this email; rq retries this one later."""


def notify_job(table_id: str, kind: str, seq: int, seat: str, now: float | None = None) -> str:
    """Send one email, once: claimed while sending, marked done after; a failure frees it for the retry.

    A turn follows the seat's notification policy (muted, kept for the daily digest, or sent),
    and while mail cannot be sent it is held with the player's other turns for one email later.
    """
    ctx = current()
    now = time.time() if now is None else now
    name = f"{kind}-{seq}-{seat}"
    if not ctx.store.claim_mail(table_id, name, mail.CLAIM_SECONDS):   # the claim first: the usual case
        if ctx.store.mail_state(table_id, name) == "sent":            # costs one round trip, not three
            return "already sent"
        raise Busy(f"{name} is being sent by another attempt")
    if kind in ("your_turn", "game_over") and ctx.store.answering(table_id, seat):
        ctx.store.release_mail(table_id, name)
        return "left to the answer to the player's own reply, which asks the next question"
    try:
        where = _notify(ctx, table_id, kind, seq, seat, now, name)
    except BaseException:
        ctx.store.release_mail(table_id, name)
        raise
    ctx.store.mail_sent(table_id, name)
    return where


def claim_of(function: str, args: list) -> tuple[str, str] | None:
    """The (table, email name) a mail job claims while it sends, for workers/process.py to free
    when the process running the job died."""
    if function == "workers.jobs.notify_job":
        table_id, kind, seq, seat = args[:4]
        return table_id, f"{kind}-{seq}-{seat}"
    return None


def _notify(ctx: Context, table_id: str, kind: str, seq: int, seat: str, now: float, name: str) -> str:
    settings, store = ctx.settings, ctx.store
    m = mail.mail_settings(settings, now)
    table = tables.load(store, table_id)
    email_address = table.seats[seat]["email"]
    if kept.never(store, email_address):
        return "not sent: the address asked never to be emailed by this server"
    here, everywhere = store.preferences(table_id, seat, email_address)
    policy_now = here or everywhere or preferences.DEFAULT
    if policy_now == "mute" and (kind != "invitation" or here == "mute"):   # muted here: not even invited
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
        if policy_now == "digest":
            when = next_digest(now, settings.digest_hour)
            store.hold_notice(email_address, "digest", notice)
            schedule(store.redis, settings, when, "workers.jobs.digest_job",
                     f"digest-{player_key(email_address)}-{when:.0f}", email_address, mail=True)
            return "kept for the daily digest"
        if store.held_notices(email_address, "outage"):       # mail is down for this player: join the others
            store.hold_notice(email_address, "outage", notice)
            return "held while mail is down"
        invitation = f"invitation-0-{seat}"
        content["welcome"] = store.mail_state(table_id, invitation) != "sent"   # the first email: says hello too
        try:
            where = mail.send(mail.render(kind, content, settings, mail.message_id(settings, table_id, name), store),
                              settings)
            if content["welcome"]:
                store.mail_sent(table_id, invitation)
            return where
        except MAIL_DOWN:
            if store.hold_notice(email_address, "outage", notice) == 1:    # the first held starts the flush chain
                _schedule_flush(ctx, email_address, 1, now)
            return "held while mail is down"
    else:
        raise ValueError(f"no email of kind {kind}")
    return mail.send(mail.render(kind, content, settings, mail.message_id(settings, table_id, name), store), settings)


def send_job(raw_b64: str, table_id: str | None, receipt: str | None) -> str:
    """Send an email written by another job (an answer to a reply); mark its receipt once sent."""
    ctx = current()
    if table_id and receipt and ctx.store.mail_state(table_id, receipt) == "sent":
        return "already sent"
    message = email.message_from_bytes(base64.b64decode(raw_b64), policy=policy.default)
    where = mail.send(message, ctx.settings)       # type: ignore[arg-type]
    if table_id and receipt:
        ctx.store.mail_sent(table_id, receipt)
    return where


def next_digest(now: float, hour: int) -> float:
    day = datetime.fromtimestamp(now, tz=timezone.utc).replace(hour=hour, minute=0, second=0, microsecond=0)
    if day.timestamp() <= now:
        day += timedelta(days=1)
    return day.timestamp()


def digest_job(email_address: str, now: float | None = None) -> str:
    """The daily digest: one email listing every game still waiting for the player."""
    return _send_combined(current(), email_address, "digest", time.time() if now is None else now)


def flush_job(email_address: str, attempt: int, now: float | None = None) -> str:
    """After mail was down: one email for all the player's turns held meanwhile, not a flood."""
    ctx = current()
    now = time.time() if now is None else now
    try:
        said = _send_combined(ctx, email_address, "outage", now)
    except MAIL_DOWN:
        _schedule_flush(ctx, email_address, attempt + 1, now)
        return "mail is still down"
    if ctx.store.held_notices(email_address, "outage"):        # held while this one was sending: go again
        _schedule_flush(ctx, email_address, 1, now)
    return said


def _send_combined(ctx: Context, email_address: str, box: str, now: float) -> str:
    """Several turns in one email; a single one goes as its own game's email, in its thread."""
    held = ctx.store.held_notices(email_address, box)
    if kept.never(ctx.store, email_address):
        ctx.store.release_notices(email_address, box, held)
        return "not sent: the address asked never to be emailed by this server"
    m = mail.mail_settings(ctx.settings, now)
    content = notices.combined(ctx.store, held, m)
    if content is not None and len(content["entries"]) == 1:
        table_id, seat, edge = content["entries"][0]["notice"].split("/")
        table = tables.load(ctx.store, table_id)
        single = notices.your_turn(ctx.store, table, seat, int(edge), m)
        if single is not None:
            name = f"your_turn-{edge}-{seat}"
            mail.send(mail.render("your_turn", single, ctx.settings, mail.message_id(ctx.settings, table_id, name),
                                  ctx.store), ctx.settings)
            ctx.store.mail_sent(table_id, name)
    elif content is not None:                       # the same turns, the same Message-ID: a resend folds into one
        same = hashlib.sha256("\n".join([email_address, box, *sorted(held)]).encode()).hexdigest()[:24]
        mail.send(mail.render("combined", content, ctx.settings, mail.message_id(ctx.settings, "combined", same)),
                  ctx.settings)
    ctx.store.release_notices(email_address, box, held)
    return f"{len(content['entries'])} turns in one email" if content else "nothing left to say"


def _schedule_flush(ctx: Context, email_address: str, attempt: int, now: float) -> None:
    intervals = ctx.settings.mail_retry_intervals
    delay = intervals[min(attempt - 1, len(intervals) - 1)]
    schedule(ctx.store.redis, ctx.settings, now + delay, "workers.jobs.flush_job",
             f"flush-{player_key(email_address)}-{attempt}-{now:.0f}", email_address, attempt, mail=True)
