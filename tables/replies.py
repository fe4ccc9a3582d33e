"""A reply to an email is a move. Every reply gets an answer: what was applied, or why not.

The reply address names table, seat and the seq the email was sent at, signed. The sender
must be the seat's address. A reply to an old email (the game moved on) is answered with the
current state instead of being applied. The same email delivered twice applies once.
"""

import hashlib
from dataclasses import dataclass
from typing import Any

from games.core import IllegalMove
from store import TableStore

from . import mailparse, preferences, signing
from .errors import NotFound, StaleSeq
from .model import Table, load
from .notices import MailSettings, turn
from .reading import entries_for, log
from .submit import submit

HELP_WORDS = {"", "help", "?", "show", "state", "options", "status"}


@dataclass
class Answer:
    kind: str                      # applied | refused | moved_on | shown | unknown_address | wrong_sender
    to: str
    content: dict[str, Any]
    table_id: str | None = None
    receipt: str | None = None     # the delivery key to mark once the answer is sent


def delivery_key(message_id: str) -> str:
    return "in-" + hashlib.sha256(message_id.encode()).hexdigest()[:32]


def handle(store: TableStore, raw: bytes, m: MailSettings, recipients: list[str] | None = None,
           *, snapshot_every: int = 50, claim_seconds: int = 300) -> Answer | None:
    """Apply one inbound email. None when it was handled before (the same Message-ID)."""
    reply = mailparse.parse(raw, recipients)
    fields = signing.verify(m.secret_key, "reply", reply.token, 3) if reply.token else None
    if fields is None or not fields[2].isdigit():
        return Answer("unknown_address", reply.sender, {"to": reply.sender, "subject": reply.subject})
    table_id, seat, seq = fields[0], fields[1], int(fields[2])
    try:
        table = load(store, table_id)
    except NotFound:
        return Answer("unknown_address", reply.sender, {"to": reply.sender, "subject": reply.subject})
    email = table.seats.get(seat, {}).get("email", "")
    if reply.sender != email.lower():
        return Answer("wrong_sender", reply.sender, {"to": reply.sender, "subject": reply.subject,
                                                     "title": table.game.title, "table": table_id})
    receipt = delivery_key(reply.message_id)
    if store.mail_state(table_id, receipt) == "sent" or not store.claim_mail(table_id, receipt, claim_seconds):
        return None
    answer = _apply(store, table, seat, seq, reply, m, snapshot_every)
    answer.table_id, answer.receipt = table_id, receipt
    return answer


def _apply(store: TableStore, table: Table, seat: str, seq: int, reply: mailparse.Reply, m: MailSettings,
           snapshot_every: int) -> Answer:
    command = reply.command.strip()
    words = command.lower().strip(".!")
    first, _, rest = words.partition(" ")
    if first in preferences.POLICIES and rest in ("", "all", "everywhere"):
        policy = preferences.choose(store, table, seat, first, everywhere=bool(rest))
        where = "all your tables" if rest else "this table"
        return _answer("shown", table, seat, m, command,
                       f"From now on, at {where}: {policy} ({preferences.POLICIES[policy]}).")
    if words in HELP_WORDS:
        return _answer("shown", table, seat, m, command, "Here is where the game stands.")
    try:
        done = submit(store, table, seat, text=command, expected_seq=seq, idempotency_key=reply.message_id,
                      now=m.now, snapshot_every=snapshot_every)
    except StaleSeq:
        return _answer("moved_on", load(store, table.id), seat, m, command,
                       "The game has moved on since that email, so your reply was not applied. "
                       "Here is where it stands now.")
    except IllegalMove as refused:
        return _answer("refused", load(store, table.id), seat, m, command, refused.message)
    if done.replayed:          # the first delivery was applied, its answer lost: answer it again
        shown = log(store, done.table, seat, since=done.first_seq - 1, upto=done.last_seq)
    else:
        shown = entries_for(done.table, done.entries, seat)
    return _answer("applied", done.table, seat, m, command, "Done.", applied=[e["text"] for e in shown])


def _answer(kind: str, table: Table, seat: str, m: MailSettings, command: str, message: str,
            applied: list[str] | None = None) -> Answer:
    content = {**turn(table, seat, m), "kind": "answer", "outcome": kind, "command": command,
               "message": message, "applied": applied or []}
    return Answer(kind, content["to"], content)
