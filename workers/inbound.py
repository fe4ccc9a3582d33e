"""Inbound mail, from the SMTP listener (`pbem mail-in`) or the webhook: both enqueue this job."""

import base64
import time

import redis

import config
from tables import faults, replies, rollback

from . import gathering, mail, rollbacks, settle, talk_mail
from .context import current
from .queue import enqueue_receive_job, enqueue_send


def enqueue_receive(connection: redis.Redis, settings: config.Settings, raw: bytes, recipients: list[str],
                    envelope_sender: str | None = None) -> None:
    """``envelope_sender``: SMTP's MAIL FROM when known ('' for a bounce's empty one)."""
    enqueue_receive_job(connection, settings, base64.b64encode(raw).decode(), recipients, envelope_sender)


def receive_job(raw_b64: str, recipients: list[str], envelope_sender: str | None = None,
                now: float | None = None) -> str:
    """Apply one reply and queue its answer. Safe to run twice: the moves apply once (the
    Message-ID is their idempotency key) and one answer is queued per Message-ID."""
    ctx = current()
    settings = ctx.settings
    now = time.time() if now is None else now
    started = gathering.receive(ctx, base64.b64decode(raw_b64), recipients, envelope_sender, now)
    if started is not None:                      # to new@, start+ or invite+: a game players start themselves
        return started
    answer = replies.handle(ctx.store, base64.b64decode(raw_b64), mail.mail_settings(settings, now), recipients,
                            snapshot_every=settings.snapshot_every, envelope_sender=envelope_sender)
    if answer is None:
        return "already answered"
    if answer.to is None:
        return f"not answered: {answer.record.get('why', answer.kind)}"
    table_id, seat, receipt = answer.table_id, answer.seat, answer.receipt
    assert table_id and seat and receipt
    faults.point("receive:applied")
    settle.settle(ctx, table_id, now)               # what the moves started, before the answer is written
    message = mail.render("answer", answer.content, settings, mail.message_id(settings, table_id, receipt),
                          ctx.store, replying_to=answer.replying_to)
    if ctx.store.claim_mail(table_id, receipt, 86400):
        enqueue_send(ctx.store.redis, settings, f"send-{table_id}-{receipt}",
                     base64.b64encode(bytes(message)).decode(), table_id, receipt)
        edge = ctx.store.waiting(table_id).get(seat)
        if edge is not None and answer.content.get("prompt"):   # the answer asks the seat's next question
            ctx.store.mail_sent(table_id, f"your_turn-{edge}-{seat}")
        if answer.content.get("status") == "finished":          # and it tells the end, with the seed
            ctx.store.mail_sent(table_id, f"game_over-0-{seat}")
    if answer.rollback is not None:                              # an 'agree' or 'refuse' that settled a rollback
        stage, request = answer.rollback
        rollbacks.enqueue(ctx.store.redis, settings, table_id, rollback.Request(**request), stage)
    for said in answer.record.get("talk", []):                   # 'say:', 'team:', a greeting: on to the others
        talk_mail.enqueue(ctx.store.redis, settings, table_id, seat, said["kind"], said["n"])
    if answer.kind == "undone":                                  # the others are told what was taken back
        rollbacks.enqueue_taken_back(ctx.store.redis, settings, table_id, answer.record["undo_seq"])
    ctx.store.clear_answering(table_id, seat)
    return answer.kind
