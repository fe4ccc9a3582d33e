"""Inbound mail, from the SMTP listener (`pbem mail-in`) or the webhook: both enqueue this job."""

import base64
import time

import redis

import config
from tables import faults, gathering_inbox, mailparse, replies, rollback

from . import gathering, mail, rollbacks, sender_auth, settle, talk_mail
from .context import current
from .queue import enqueue_receive_job, enqueue_send


def enqueue_receive(connection: redis.Redis, settings: config.Settings, raw: bytes, recipients: list[str],
                    envelope_sender: str | None = None, peer: dict[str, str] | None = None) -> None:
    """``envelope_sender``: SMTP's MAIL FROM when known ('' for a bounce's empty one); ``peer``:
    the SMTP client's {"ip", "helo"} when it came to our own listener (None: a provider's webhook)."""
    enqueue_receive_job(connection, settings, base64.b64encode(raw).decode(), recipients, envelope_sender, peer)


def receive_job(raw_b64: str, recipients: list[str], envelope_sender: str | None = None,
                peer: dict[str, str] | None = None, now: float | None = None) -> str:
    """Apply one reply and queue its answer. Safe to run twice: the moves apply once (the
    Message-ID is their idempotency key) and one answer is queued per Message-ID. A reply whose
    From domain disowns it (workers/sender_auth.py) moves nothing and is answered to nobody."""
    ctx = current()
    settings = ctx.settings
    now = time.time() if now is None else now
    raw = base64.b64decode(raw_b64)
    verdict = sender_auth.check(settings, raw, envelope_sender, peer)
    auth = verdict.record() if verdict is not None else None
    if verdict is not None and verdict.held:
        reply = mailparse.parse(raw, recipients, envelope_sender)
        if gathering_inbox.addressed(reply.recipients, settings.reply_address_domain) is not None:
            return f"not answered: {verdict.why}"        # to new@, start+ or invite+: nothing is started
    started = gathering.receive(ctx, raw, recipients, envelope_sender, now)
    if started is not None:                      # to new@, start+ or invite+: a game players start themselves
        return started
    answer = replies.handle(ctx.store, raw, mail.mail_settings(settings, now), recipients,
                            snapshot_every=settings.snapshot_every, envelope_sender=envelope_sender, auth=auth)
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
