"""The emails of a rollback request (issue 17): the question to every other human player (with
agree/refuse links), then the outcome: to everyone when applied, to the asker when refused."""

import json
import time

import redis

import config
import tables
from tables import rollback

from . import mail
from .context import current
from .queue import _enqueue, queue
from .timers import send_once


def enqueue(connection: redis.Redis, settings: config.Settings, table_id: str, request: rollback.Request,
            stage: str) -> bool:
    return _enqueue(queue(connection, settings), "workers.rollbacks.rollback_mail_job",
                    f"rollback-{table_id}-{request.id}-{stage}", table_id, json.dumps(request.public()), stage)


def recipients(table: tables.Table, request: rollback.Request, stage: str) -> list[str]:
    if stage == "asked":
        return request.voters
    if stage == "refused":
        return [request.asked_by]
    return [s for s, i in table.seats.items() if not i.get("bot") and i.get("email")]


def rollback_mail_job(table_id: str, request_json: str, stage: str, now: float | None = None) -> str:
    ctx = current()
    request = rollback.Request(**json.loads(request_json))
    table = tables.load(ctx.store, table_id)
    m = mail.mail_settings(ctx.settings, time.time() if now is None else now)
    sent = [send_once(ctx, table_id, f"rollback-{request.id}-{stage}-{seat}", "rollback",
                      lambda seat=seat: rollback.email(table, seat, request, stage, m, lines=(
                          rollback.taken_back(ctx.store, table, seat, request) if stage == "asked" else None)))
            for seat in recipients(table, request, stage) if table.seats[seat].get("email")]
    return f"{stage}: {len(sent)} emails"
