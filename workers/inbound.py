"""Inbound mail, from the SMTP listener (`pbem mail-in`) or the webhook: both enqueue this job."""

import base64
import time

import redis
from rq import Retry

import config
from tables import replies

from . import mail
from .context import current
from .queue import queue

KINDS_WITH_TEMPLATE = {"unknown_address": "unknown_address", "wrong_sender": "wrong_sender"}


def enqueue_receive(connection: redis.Redis, settings: config.Settings, raw: bytes, recipients: list[str]) -> None:
    retry = Retry(max=len(settings.mail_retry_intervals), interval=settings.mail_retry_intervals)
    queue(connection, settings).enqueue("workers.inbound.receive_job", base64.b64encode(raw).decode(),
                                        recipients, result_ttl=3600, failure_ttl=7 * 86400, retry=retry)


def receive_job(raw_b64: str, recipients: list[str], now: float | None = None) -> str:
    """Apply one reply and email the answer. Safe to run twice: the Message-ID is remembered."""
    ctx = current()
    settings = ctx.settings
    raw = base64.b64decode(raw_b64)
    answer = replies.handle(ctx.store, raw, mail.mail_settings(settings, time.time() if now is None else now),
                            recipients, snapshot_every=settings.snapshot_every)
    if answer is None:
        return "already handled"
    template = KINDS_WITH_TEMPLATE.get(answer.kind, "answer")
    message = mail.render(template, answer.content, settings, mail.new_message_id(settings))
    try:
        mail.send(message, settings)
    except BaseException:
        if answer.table_id and answer.receipt:
            ctx.store.release_mail(answer.table_id, answer.receipt)
        raise
    if answer.table_id and answer.receipt:
        ctx.store.mail_sent(answer.table_id, answer.receipt)
    return answer.kind
