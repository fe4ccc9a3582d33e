"""The emails of gatherings (tables that players set up themselves, issue 21), and the sweep that
lapses invitations, gives up idle gatherings and sends any email a killed process left unsent.

Each email is a descriptor in the gathering (``mail:<name>``), written with the change that calls
for it; ``mail_job`` sends it once (claimed, then marked sent) and removes it. An address that
asked never to be emailed gets nothing, whatever the descriptor says.
"""

import base64
import hashlib
import json
import logging
import time

import redis
from rq.exceptions import DuplicateJobError

import config
from store import connect
from store import gatherings as kept
from tables import gathering, gathering_inbox, gathering_notices, gathering_seats, mailparse, rate_limits

from . import mail
from .context import Context, current
from .jobs import Busy
from .queue import FAILURES_KEPT, enqueue_send, mail_queue, mail_retry

log = logging.getLogger("pbem.gathering")


def enqueue_mails(connection: redis.Redis, settings: config.Settings, g: gathering.Gathering) -> int:
    """Queue every email the gathering still has to send; returns how many were queued now."""
    queued = 0
    for field in g.mails():
        try:
            mail_queue(connection, settings).enqueue(
                "workers.gathering.mail_job", g.id, field, job_id=f"gmail-{g.id}-{field.replace(':', '-')}",
                unique=True, retry=mail_retry(settings), result_ttl=0, failure_ttl=FAILURES_KEPT)
            queued += 1
        except DuplicateJobError:
            pass
    return queued


def mail_job(gid: str, field: str, now: float | None = None) -> str:
    ctx = current()
    store, settings = ctx.store, ctx.settings
    now = time.time() if now is None else now
    g = gathering.load(store, gid)
    if g is None or field not in g.raw:
        return "nothing to send"
    name = field[5:]
    if kept.mail_state(store, gid, name) == "sent":
        kept.forget_mail(store, gid, field)
        return "already sent"
    descriptor = json.loads(g.raw[field])
    if kept.never(store, descriptor["to"]):
        kept.forget_mail(store, gid, field)
        return "not sent: the address asked never to be emailed"
    if not kept.claim_mail(store, gid, name, mail.CLAIM_SECONDS):
        raise Busy(f"{gid} {name} is being sent by another attempt")
    try:
        content = gathering_notices.content(g, descriptor, mail.mail_settings(settings, now))
        where = mail.send(mail.render(descriptor["kind"], content, settings, mail.message_id(settings, gid, name)),
                          settings)                            # a resend carries the same Message-ID
    except BaseException:
        kept.release_mail(store, gid, name)
        raise
    kept.mail_sent(store, gid, name)
    kept.forget_mail(store, gid, field)
    return where


def sweep(ctx: Context, now: float) -> int:
    """Act on what is due: lapse invitations and idle gatherings, and queue again emails still
    unsent a minute after their change. Returns how many due entries were handled."""
    store, handled = ctx.store, 0
    for member in kept.due(store, now):
        handled += 1
        try:
            if member.endswith("/mail"):
                gid = member[:-5]
                g = gathering.load(store, gid)
                if g is None or not g.mails():
                    kept.unschedule(store, member)
                    continue
                kept.schedule(store, member, now + gathering.MAIL_RETRY)
                enqueue_mails(store.redis, ctx.settings, g)
                continue
            for gid in gathering_seats.lapse(store, member, now):
                g = gathering.load(store, gid)
                if g is not None:
                    kept.schedule(store, f"{gid}/mail", now + gathering.MAIL_RETRY)
                    enqueue_mails(store.redis, ctx.settings, g)
        except Exception:
            log.exception("the gathering entry %s could not be handled", member)
    return handled


def receive(ctx: Context, raw: bytes, recipients: list[str], envelope_sender: str | None, now: float) -> str | None:
    """An email to new@, start+ or invite+ (issue 21): handled and answered; None when it was sent to
    none of them (a reply to a game's email, for tables/replies.py)."""
    settings, store = ctx.settings, ctx.store
    reply = mailparse.parse(raw, recipients, envelope_sender)
    where = gathering_inbox.addressed(reply.recipients, settings.reply_address_domain)
    if where is None:
        return None
    m = mail.mail_settings(settings, now)
    strategy = rate_limits.limiter(connect.cluster_url(settings.redis_url) if settings.cluster else settings.redis_url)

    def count(who: str | None, addresses: list[str]) -> None:
        rate_limits.count(strategy, settings.rate_limit_tables, settings.rate_limit_invites, who, addresses)

    try:
        said = gathering_inbox.handle(store, reply, where, m, count)
    except rate_limits.TooMany as limited:
        log.info("an email to %s from %s was not answered: %s", where[0], reply.sender, limited.message)
        return f"not answered: {limited.message}"
    if said.gathering is not None:
        kept.schedule(store, f"{said.gathering.id}/mail", now + gathering.MAIL_RETRY)
        enqueue_mails(store.redis, settings, said.gathering)
    if said.to is None:
        return said.outcome
    content = {"kind": "gathering_answer", "to": said.to, "subject": reply.subject, "message": said.message,
               "help": said.help, "reply_to": said.reply_to or f"new@{settings.reply_address_domain}",
               "links": said.links, "lines": reply.lines,
               "title": "PBEM", "table": said.gathering.id if said.gathering else None,
               "language": said.language}                      # in the writer's language
    message = mail.render("gathering_answer", content, settings, mail.new_message_id(settings),
                          replying_to=(reply.message_id, reply.references))
    digest = hashlib.sha256(reply.message_id.encode()).hexdigest()[:24]
    enqueue_send(store.redis, settings, f"gans-{digest}", base64.b64encode(bytes(message)).decode(), None, None)
    return said.outcome
