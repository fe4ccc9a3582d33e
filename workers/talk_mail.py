"""A message brought to the other players by email (table talk and the team channel): one email
per message and reader, sent once (claimed, then marked sent), on the mail queue. It carries the
reader's reply address as it is now and is no turn email: it marks nothing sent and ends no wait."""

import time

import redis
from rq.exceptions import DuplicateJobError

import config
import tables
from tables import preferences, talk

from . import mail
from .context import current
from .jobs import Busy
from .queue import FAILURES_KEPT, mail_queue, mail_retry


def enqueue(connection: redis.Redis, settings: config.Settings, table_id: str, seat: str, kind: str, n: int) -> bool:
    """Send message ``n`` that ``seat`` wrote in ``kind`` to its readers, once, retried while SMTP is down."""
    try:
        mail_queue(connection, settings).enqueue(
            "workers.talk_mail.talk_mail_job", table_id, seat, kind, n, job_id=f"talk-{table_id}-{seat}-{kind}-{n}",
            unique=True, retry=mail_retry(settings), result_ttl=0, failure_ttl=FAILURES_KEPT)
    except DuplicateJobError:
        return False
    return True


def talk_mail_job(table_id: str, seat: str, kind: str, n: int, now: float | None = None) -> str:
    ctx = current()
    store, settings = ctx.store, ctx.settings
    now = time.time() if now is None else now
    table = tables.load(store, table_id)
    record = talk.message(store, table, seat, kind, n)
    if record is None:
        return "no such message"
    sent = []
    for to in talk.readers(table, seat, kind):
        name = f"talk-{kind}-{n}-{seat}-{to}"
        if store.mail_state(table_id, name) == "sent" or preferences.effective(store, table, to) == "mute":
            continue
        if not store.claim_mail(table_id, name, mail.CLAIM_SECONDS):
            raise Busy(f"{name} is being sent by another attempt")
        try:
            content = talk.email(table, record, to, mail.mail_settings(settings, now))
            mail.send(mail.render(content["kind"], content, settings, mail.message_id(settings, table_id, name), store),
                      settings)
        except BaseException:
            store.release_mail(table_id, name)
            raise
        store.mail_sent(table_id, name)
        sent.append(to)
    return f"sent to {', '.join(sent)}" if sent else "nobody to send to"
