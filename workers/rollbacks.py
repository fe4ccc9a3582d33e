"""The emails of taking moves back (issues 17 and 22): a rollback request's question to every
other human player (with agree/refuse links) and its refusal to the asker; and what an undo or an
applied rollback took back, told to every seat it affects (tables/taken_back.py)."""

import json
import time

import redis

import config
import tables
from tables import preferences, rollback, taken_back

from . import mail
from .context import current
from .queue import _enqueue, queue
from .timers import send_once


def enqueue(connection: redis.Redis, settings: config.Settings, table_id: str, request: rollback.Request,
            stage: str) -> bool:
    return _enqueue(queue(connection, settings), "workers.rollbacks.rollback_mail_job",
                    f"rollback-{table_id}-{request.id}-{stage}", table_id, json.dumps(request.public()), stage)


def enqueue_taken_back(connection: redis.Redis, settings: config.Settings, table_id: str, seq: int) -> bool:
    """Tell the seats an undo or rollback (the log's entry ``seq``) affects, once."""
    return _enqueue(queue(connection, settings), "workers.rollbacks.taken_back_job", f"taken-back-{table_id}-{seq}",
                    table_id, seq)


def recipients(request: rollback.Request, stage: str) -> list[str]:
    return request.voters if stage == "asked" else [request.asked_by]


def rollback_mail_job(table_id: str, request_json: str, stage: str, now: float | None = None) -> str:
    """'asked': the question to the voters; 'refused': the outcome to the asker; 'applied': what was
    taken back, to everyone (the rollback is the log's entry after the seq it was asked at)."""
    ctx = current()
    request = rollback.Request(**json.loads(request_json))
    if stage == "applied":
        return taken_back_job(table_id, request.at_seq + 1, now)
    table = tables.load(ctx.store, table_id)
    m = mail.mail_settings(ctx.settings, time.time() if now is None else now)
    sent = [send_once(ctx, table_id, f"rollback-{request.id}-{stage}-{seat}", "rollback",
                      lambda seat=seat: rollback.email(table, seat, request, stage, m, lines=(
                          rollback.taken_back(ctx.store, table, seat, request) if stage == "asked" else None)))
            for seat in recipients(request, stage) if table.seats[seat].get("email")]
    return f"{stage}: {len(sent)} emails"


def taken_back_job(table_id: str, seq: int, now: float | None = None) -> str:
    ctx = current()
    table = tables.load(ctx.store, table_id)
    event = taken_back.going_back(ctx.store, table, seq)
    if event is None:
        return "no undo or rollback there"
    m = mail.mail_settings(ctx.settings, time.time() if now is None else now)
    told = {seat: lines for seat, lines in taken_back.told(ctx.store, table, seq).items()
            if preferences.effective(ctx.store, table, seat) != "mute"}
    for seat, lines in told.items():
        send_once(ctx, table_id, f"taken_back-{seq}-{seat}", "taken_back",
                  lambda seat=seat, lines=lines: taken_back.email(ctx.store, table, seat, seq, event, lines, m))
    return f"{event['type']} at {seq}: told {', '.join(told) or 'nobody'}"
