"""The rq jobs. Small functions with primitive arguments; each safe to run twice."""

import time

import redis

import config
import tables
from tables import notices

from . import mail
from .context import Context, current
from .queue import enqueue_advance, enqueue_notify

CLAIM_SECONDS = 300     # how long one attempt may hold an email before another may try


def advance_job(table_id: str, now: float | None = None) -> dict[str, object]:
    """System steps and bot moves until a human must act, then email who is waited on."""
    ctx = current()
    done = tables.advance(ctx.store, table_id, now=time.time() if now is None else now,
                          step_cap=ctx.settings.advance_step_cap, snapshot_every=ctx.settings.snapshot_every)
    table = done.table
    if table.automatic_seat() is not None:      # the step cap was reached: carry on in a new job
        enqueue_advance(ctx.store.redis, ctx.settings, table_id, table.seq)
    announce(ctx, table, done.waiting)
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


def notify_job(table_id: str, kind: str, seq: int, seat: str) -> str:
    """Send one email, once: claimed while sending, marked sent after; a failure frees it for the retry."""
    ctx = current()
    name = f"{kind}-{seq}-{seat}"
    if ctx.store.mail_state(table_id, name) == "sent":
        return "already sent"
    if not ctx.store.claim_mail(table_id, name, CLAIM_SECONDS):
        return "another worker is sending it"
    try:
        settings = ctx.settings
        m = mail.mail_settings(settings, time.time())
        if kind == "your_turn":
            content = notices.your_turn(ctx.store, table_id, seat, seq, m)
        elif kind == "invitation":
            content = notices.invitation(ctx.store, table_id, seat, m)
        elif kind == "game_over":
            content = notices.game_over(ctx.store, table_id, seat, m)
        else:
            raise ValueError(f"no email of kind {kind}")
        if content is None:
            where = "not needed: the seat is no longer waited on"
        else:
            message = mail.render(kind, content, settings, f"<{table_id}.{name}@pbem>")
            where = mail.send(message, settings)
    except BaseException:
        ctx.store.release_mail(table_id, name)
        raise
    ctx.store.mail_sent(table_id, name)
    return where
