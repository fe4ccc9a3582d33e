"""A team message brought to the partner by email (the team channel, issue 14): one email per
message and partner, sent once (claimed, then marked sent), on the mail queue."""

import time

import redis
from rq.exceptions import DuplicateJobError

import config
import tables
from tables import preferences, team_channel

from . import mail
from .context import current
from .jobs import Busy
from .queue import FAILURES_KEPT, mail_queue, mail_retry


def enqueue(connection: redis.Redis, settings: config.Settings, table_id: str, seat: str, n: int) -> bool:
    """Send message ``n`` of ``seat``'s team to its partners, once, retried while SMTP is down."""
    try:
        mail_queue(connection, settings).enqueue(
            "workers.team_mail.team_mail_job", table_id, seat, n, job_id=f"team-{table_id}-{seat}-{n}", unique=True,
            retry=mail_retry(settings), result_ttl=0, failure_ttl=FAILURES_KEPT)
    except DuplicateJobError:
        return False
    return True


def team_mail_job(table_id: str, seat: str, n: int, now: float | None = None) -> str:
    ctx = current()
    store, settings = ctx.store, ctx.settings
    now = time.time() if now is None else now
    table = tables.load(store, table_id)
    record = team_channel.message(store, table, team_channel.team_of(table, seat) or "", n)
    if record is None:
        return "no such message"
    sent = []
    for to in team_channel.partners(table, seat):
        name = f"team-{n}-{to}"
        if store.mail_state(table_id, name) == "sent" or preferences.effective(store, table, to) == "mute":
            continue
        if not store.claim_mail(table_id, name, mail.CLAIM_SECONDS):
            raise Busy(f"{name} is being sent by another attempt")
        try:
            content = team_channel.email(table, record, to, mail.mail_settings(settings, now))
            mail.send(mail.render("team_message", content, settings, mail.message_id(settings, table_id, name), store),
                      settings)
        except BaseException:
            store.release_mail(table_id, name)
            raise
        store.mail_sent(table_id, name)
        sent.append(to)
    return f"sent to {', '.join(sent)}" if sent else "nobody to send to"
