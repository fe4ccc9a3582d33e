"""A reply to an email is a move, or a whole stretch of moves, one per line.

The reply address names table, seat and the seq the email was sent at, signed, and the sender
must be the seat's address. The lines are applied in order while the seat is still to move:
the rules' own steps in between (a die for the system, a bot's turn, a forced choice) are run
at once, and the first line that no longer fits stops the stretch. Every genuine reply gets one
answer: what was applied, what stopped and why, and the next question if the seat is still to
move (so a seat hears nothing else between its own steps). What is not a genuine reply (an
auto-reply, a bounce, a forged or unknown address, another sender) is recorded, never answered.

Each line is read as a move, a command or words for the other players (tables/reply_lines.py):
"Nice one, Bob!" above a turn goes to the table as a message, ``team:`` to one's partner,
``note:`` to one's own notes, and the answer says which lines were read as what. A reply is
judged by the question it answers (tables/same_question.py): an email whose question is the
seat's question now is applied, whatever moved meanwhile.
"""

import hashlib
import unicodedata
from dataclasses import dataclass, field
from typing import Any

import i18n
from games.core import IllegalMove
from games.core import words as game_words
from i18n import N_
from store import TableStore

from . import (history, mailparse, preferences, reference, reply_lines, rollback, same_question, signing, taken_back,
               talk, undo)
from .advance import advance
from .errors import Closed, Forbidden, Invalid, NotFound, StaleSeq
from .model import Table, load
from .notices import MailSettings, help_text, turn
from .reading import log, names
from .submit import submit

HELP_WORDS, EVERYWHERE = reply_lines.HELP_WORDS, reply_lines.EVERYWHERE
QUOTED = 120         # characters of a message the answer quotes back
AGAIN = N_("You are to move again: the next question is below.")
_ = i18n.gettext     # the answers in the seat's language
VOTED = {"refused": N_("You refused the rollback; the game goes on as it was."),
         "applied": N_("Everyone agreed: the game is rolled back to event %(seq)s."),
         "waiting": N_("You agreed. The rollback waits for %(names)s.")}


@dataclass
class Answer:
    kind: str                      # applied | refused | moved_on | shown | ignored | talk (messages only)...
    to: str | None                 # None: nobody is answered
    content: dict[str, Any]
    table_id: str | None = None
    seat: str | None = None
    receipt: str | None = None     # the delivery key to mark once the answer is sent
    replying_to: tuple[str, list[str]] | None = None   # the player's Message-ID and References
    record: dict[str, Any] = field(default_factory=dict)
    rollback: tuple[str, dict[str, Any]] | None = None    # a rollback applied or refused: (stage, request)


def delivery_key(message_id: str) -> str:
    return "in-" + hashlib.sha256(message_id.encode()).hexdigest()[:32]


def handle(store: TableStore, raw: bytes, m: MailSettings, recipients: list[str] | None = None,
           *, snapshot_every: int = 50, answering_seconds: int = 600,
           envelope_sender: str | None = None, auth: dict[str, Any] | None = None) -> Answer | None:
    """Apply one inbound email. None when its answer is already on its way (the same Message-ID).
    ``auth``: what the sender checks found (workers/sender_auth.py), kept in the mail log; a reply
    they hold (``held``: its From domain disowns it) is recorded, never applied nor answered."""
    reply = mailparse.parse(raw, recipients, envelope_sender)
    fields = signing.verify(m.secret_key, "reply", reply.token, 3) if reply.token else None
    if fields is None or not fields[2].isdigit():
        return _ignored("unknown_address", reply, None, "not sent to a reply address this server gave out")
    table_id, seat, seq = fields[0], fields[1], int(fields[2])
    try:
        table = load(store, table_id)
    except NotFound:
        return _ignored("unknown_address", reply, None, "the table no longer exists")
    if reply.auto:
        return _recorded(store, table_id, _ignored("auto_reply", reply, seat, reply.auto), m, auth)
    email = table.seats.get(seat, {}).get("email", "")
    if reply.sender != email.lower():
        return _recorded(store, table_id, _ignored("wrong_sender", reply, seat,
                                                   f"sent from {reply.sender}, not from the seat's address"), m, auth)
    if auth is not None and auth.get("held"):
        return _recorded(store, table_id, _ignored("not_authenticated", reply, seat, auth["why"]), m, auth)
    receipt = delivery_key(reply.message_id)
    if store.mail_state(table_id, receipt) is not None:
        return None
    store.set_answering(table_id, seat, answering_seconds)
    lines = [printable(line) for line in reply.lines]
    reading = reply_lines.read(table, seat, lines)
    language = preferences.language(store, table, seat)
    posted, told = _talk(store, table, seat, reading.said, reply.message_id, m, language)
    if reading.moves or not told:
        answer = _apply(store, table, seat, seq, reading.moves, reply.message_id, m, snapshot_every)
    else:                                  # words only: a message never moves the game
        answer = _answer("talk", table, seat, m, lines, "")
    if told:
        _tell(answer, told, language)
        answer.record["talk"] = posted
    answer.content.update({"lines": lines, "command": "; ".join(lines)})      # the reply as written
    answer.content["language"] = preferences.language(store, table, seat)
    answer.table_id, answer.seat, answer.receipt = table_id, seat, receipt
    answer.replying_to = (reply.message_id, reply.references)
    answer.record.update({"from": reply.sender, "message_id": reply.message_id, "subject": reply.subject,
                          "lines": lines, "outcome": answer.kind})
    return _recorded(store, table_id, answer, m, auth)


def printable(text: str) -> str:
    """A player's line as our answer may quote it: what no email can carry (a lone surrogate,
    which a UTF-7 reply can spell) becomes U+FFFD, and control characters become spaces, so the
    answer always renders and goes out."""
    return "".join("\ufffd" if unicodedata.category(c) == "Cs" else " " if unicodedata.category(c) == "Cc" else c
                   for c in text)


def _ignored(kind: str, reply: mailparse.Reply, seat: str | None, why: str) -> Answer:
    record = {"from": reply.sender, "message_id": reply.message_id, "subject": reply.subject, "seat": seat,
              "outcome": kind, "why": f"Not answered: {why}."}
    return Answer("ignored", None, {}, seat=seat, record=record)


def _recorded(store: TableStore, table_id: str, answer: Answer, m: MailSettings,
              auth: dict[str, Any] | None = None) -> Answer:
    checked = {"auth": auth} if auth is not None else {}
    store.log_inbound(table_id, {"at": round(m.now, 3), "seat": answer.seat, **answer.record, **checked})
    return answer


def _apply(store: TableStore, table: Table, seat: str, seq: int, lines: list[str], message_id: str,
           m: MailSettings, snapshot_every: int) -> Answer:
    language = preferences.language(store, table, seat)
    asked = rollback.command(lines)
    if asked is not None:
        return _ask(store, table, seat, *asked, lines, m, snapshot_every)
    words = " ".join(lines).lower().strip(".! ") if len(lines) <= 1 else None
    if words is not None:
        first, _space, rest = words.partition(" ")
        asked_language = reply_lines.language(words)
        if asked_language is not None:
            return _language(store, table, seat, asked_language, lines, m)
        if first in preferences.POLICIES and rest in ("", *EVERYWHERE):
            policy = preferences.choose(store, table, seat, first, everywhere=bool(rest))
            where = _("all your tables", language) if rest else _("this table", language)
            return _answer("shown", table, seat, m, lines, _("From now on, at %(where)s: %(policy)s (%(meaning)s).",
                                                             language, where=where, policy=policy,
                                                             meaning=_(preferences.POLICIES[policy], language)))
        if words in HELP_WORDS:
            return _answer("shown", table, seat, m, lines, help_text(table, seat, m.public_url,
                                                                         preferences.language(store, table, seat)),
                           help_asked=True)
        looked_up = reference.reply(table, seat, words, m.public_url, language)      # 'rules disrupt', 'karta 27'
        if looked_up is not None:
            return _answer("shown", table, seat, m, lines, looked_up)
        moves = undo.command(words)
        if moves is not None:
            return _undo(store, table, seat, moves, lines, message_id, m, snapshot_every)
        choice = rollback.words(words)
        request = rollback.pending(store, table) if choice else None
        if request is not None and seat in request.voters:
            return _vote(store, table, seat, request, choice, lines, m, snapshot_every)
    first_seq = table.seq + 1
    applied: list[str] = []
    remaining, expected, round_ = lines, same_question.judged_at(store, table, seat, seq), 0
    stop: tuple[str, str] | None = None
    while remaining:
        try:
            done = submit(store, table, seat, lines=remaining, expected_seq=expected,
                          idempotency_key=f"{message_id}#{round_}", now=m.now, snapshot_every=snapshot_every)
        except StaleSeq:
            if applied:
                break
            return _answer("moved_on", load(store, table.id), seat, m, lines,
                           _("The game has moved on since that email, so your reply was not applied. "
                             "Here is where it stands now.", language))
        except IllegalMove as refused:
            stop = (remaining[0], game_words.say(table.game.name, refused.message, language))  # in the seat's words
            table = load(store, table.id)
            break
        applied += done.applied
        table = done.table
        if done.refused:
            stop = (done.refused[0], game_words.say(table.game.name, done.refused[1].message, language))
            break
        if not done.left:
            break
        if table.automatic_seat() is not None:        # the rules' own steps, then carry on
            table = advance(store, table.id, now=m.now, snapshot_every=snapshot_every).table
        if seat not in table.prompts():
            stop = (done.left[0], _("The game passed to another player before this line, so it was not used.",
                                    language))
            break
        remaining, expected, round_ = done.left, table.seq, round_ + 1
    if table.automatic_seat() is not None:            # the answer tells the outcome, and the next question
        table = advance(store, table.id, now=m.now, snapshot_every=snapshot_every).table
    if not applied:
        message = _("Your reply was not applied: “%(line)s”: %(why)s", language, line=stop[0], why=stop[1]) \
            if stop else _("Nothing was applied.", language)
        return _answer("refused", table, seat, m, lines, message, stopped=stop, store=store)
    events = [e["event"] for e in log(store, table, seat, since=first_seq - 1)]
    if stop is not None:
        message = _("Applied up to “%(line)s”, which was not: %(why)s", language, line=stop[0], why=stop[1])
    elif seat in table.prompts() and table.result() is None:
        message = _("Applied.", language) + " " + _(AGAIN, language)
    else:
        message = _("Done.", language)
    return _answer("applied", table, seat, m, lines, message, applied=applied, stopped=stop, store=store,
                   happened=history.summarize(table.game, events, seat, names(table)))


def _language(store: TableStore, table: Table, seat: str, asked: str, lines: list[str], m: MailSettings) -> Answer:
    """A reply 'language pl' / 'language en': this seat's emails and pages in that language from now on."""
    try:
        chosen = preferences.choose_language(store, table.id, seat, asked)
    except Invalid as refused:
        return _answer("refused", table, seat, m, lines, refused.message, store=store)
    return _answer("shown", table, seat, m, lines, i18n.gettext("From now on, your emails at this table "
                                                                    "are in English.", chosen), store=store)


def _undo(store: TableStore, table: Table, seat: str, moves: int, lines: list[str], message_id: str,
          m: MailSettings, snapshot_every: int) -> Answer:
    """A reply 'undo' (or 'undo 2'): judged by the undo window, not by the email's seq (the email may
    be older than the seat's last moves); the same email twice takes back once."""
    language = preferences.language(store, table, seat)
    try:
        done = undo.undo(store, table, seat, moves=moves, idempotency_key=message_id, now=m.now,
                         snapshot_every=snapshot_every)
    except Closed as closed:
        return _answer("refused", table, seat, m, lines,
                       _("Nothing was taken back: %(why)s", language, why=i18n.reason(closed, language)), store=store)
    table = done.table
    if table.automatic_seat() is not None:
        table = advance(store, table.id, now=m.now, snapshot_every=snapshot_every).table
    others = [table.seats[s]["name"] for s in taken_back.told(store, table, done.first_seq)]
    message = _("Taken back: your last move. The question is below again.", language) if moves == 1 else \
        i18n.ngettext("Taken back: your last %(num)d move. The question is below again.",
                      "Taken back: your last %(num)d moves. The question is below again.", moves, language)
    if others:
        message += " " + i18n.ngettext("%(names)s is told by email.", "%(names)s are told by email.", len(others),
                                       language, names=_listed(others, language))
    answer = _answer("undone", table, seat, m, lines, message, applied=lines, store=store)
    answer.record["undo_seq"] = done.first_seq          # for the others' emails: what was taken back
    return answer


def _listed(names: list[str], language: str) -> str:
    """"Nora", "Nora and Sam", "Nora, Sam and Ula", in the language."""
    if len(names) == 1:
        return names[0]
    return _("%(some)s and %(last)s", language, some=", ".join(names[:-1]), last=names[-1])


def _ask(store: TableStore, table: Table, seat: str, to_seq: int, reason: str, lines: list[str],
         m: MailSettings, snapshot_every: int) -> Answer:
    """A reply 'rollback N' (or 'rollback N: why'): a consent rollback asked of the other players."""
    language = preferences.language(store, table, seat)
    try:
        request, done = rollback.ask(store, table, seat, to_seq, reason, m.now, snapshot_every)
    except (Closed, Forbidden, Invalid) as refused:
        return _answer("refused", table, seat, m, lines,
                       _("No rollback was asked: %(why)s", language, why=i18n.reason(refused, language)), store=store)
    names = {s: i["name"] for s, i in table.seats.items()}
    if done is not None:                     # nobody else to ask (the others are bots)
        table = done.table
        if table.automatic_seat() is not None:
            table = advance(store, table.id, now=m.now, snapshot_every=snapshot_every).table
        answer = _answer("rolled_back", table, seat, m, lines, _("Rolled back to event %(seq)s: no other player "
                                                                 "needed to agree.", language, seq=to_seq),
                         applied=lines, store=store)
        answer.rollback = ("applied", request.public())
        return answer
    waiting = ", ".join(names[s] for s in request.voters)
    answer = _answer("rollback_asked", table, seat, m, lines, _(
        "You asked to roll the game back to event %(seq)s. Waiting for %(names)s to agree (they are emailed agree "
        "and refuse links); one refusal or any move meanwhile cancels it, and it lapses after 72 hours.", language,
        seq=to_seq, names=waiting), applied=lines, store=store)
    answer.rollback = ("asked", request.public())
    return answer


def _vote(store: TableStore, table: Table, seat: str, request: "rollback.Request", choice: str, lines: list[str],
          m: MailSettings, snapshot_every: int) -> Answer:
    """A reply 'agree' or 'refuse' while a rollback waits for this seat's answer."""
    try:
        request, outcome, done = rollback.vote(store, table, seat, request.id, choice, m.now, snapshot_every)
    except Closed as closed:
        return _answer("refused", table, seat, m, lines, i18n.reason(closed, preferences.language(store, table, seat)),
                       store=store)
    if done is not None:
        table = done.table
        if table.automatic_seat() is not None:
            table = advance(store, table.id, now=m.now, snapshot_every=snapshot_every).table
    names = {s: i["name"] for s, i in table.seats.items()}
    message = _(VOTED[outcome], preferences.language(store, table, seat), seq=request.to_seq,
                names=", ".join(names[s] for s in request.voters if s not in request.votes))
    answer = _answer("voted", table, seat, m, lines, message, applied=lines, store=store)
    if outcome != "waiting":
        answer.rollback = (outcome, request.public())
    return answer


def _talk(store: TableStore, table: Table, seat: str, said: list[tuple[str, str]], message_id: str,
          m: MailSettings, language: str) -> tuple[list[dict[str, Any]], list[str]]:
    """Keep what the reply says to the others or to oneself (each part once per email); returns the
    messages kept, for the worker to send on, and a sentence each for the answer."""
    posted: list[dict[str, Any]] = []
    told: list[str] = []
    for i, (kind, text) in enumerate(said):
        channel = talk.SAY if kind == reply_lines.WORDS else kind
        try:
            record = talk.post(store, table, seat, channel, text, m.now, "email", idempotency=f"{message_id}#{i}")
        except Invalid as refused:
            told.append(_("Not sent: %(why)s", language, why=refused.message))
            continue
        posted.append({"kind": record["kind"], "n": record["n"]})
        readers = " and ".join(table.seats[s]["name"] for s in talk.readers(table, seat, record["kind"]))
        quoted = _quoted(record["text"])
        if record["kind"] == talk.NOTE:
            told.append(_("Kept as your private note (only you read it, on your seat's page): %(text)s.", language,
                          text=quoted))
        elif record["kind"] == talk.TEAM:
            told.append(_("Sent to your partner %(who)s only: %(text)s.", language, text=quoted,
                          who=readers or _("nobody: a bot plays your partner", language)))
        else:
            how = _("Read as a message to the table", language) if kind == reply_lines.WORDS \
                else _("Sent to the table", language)
            to = _("emailed to %(who)s", language, who=readers) if readers \
                else _("on the table's page; no other player reads email here", language)
            told.append(_("%(how)s (%(to)s): %(text)s.", language, how=how, to=to, text=quoted))
    return posted, told


def _quoted(text: str) -> str:
    flat = " / ".join(line for line in text.split("\n") if line.strip())
    return f"“{flat if len(flat) <= QUOTED else flat[:QUOTED - 1] + '…'}”"


def _tell(answer: Answer, told: list[str], language: str) -> None:
    """The answer says first which lines went to whom, then what the rest did."""
    outcome = answer.content["message"]
    if answer.kind == "applied":
        stop = answer.content["stopped"]
        parts = [_("Applied: %(lines)s.", language, lines=", ".join(f"“{line}”" for line in answer.content["applied"]))]
        if stop:
            parts.append(_("Not applied: “%(line)s”: %(why)s", language, line=stop[0], why=stop[1]))
        elif outcome.endswith(_(AGAIN, language)):
            parts.append(_(AGAIN, language))
        outcome = " ".join(parts)
    elif answer.kind == "talk":
        outcome = _("No move was read in your reply.", language) + (
            " " + _("Your question is below, still to answer.", language) if answer.content.get("prompt") else "")
    message = " ".join([*told, outcome])
    answer.content["message"] = answer.record["message"] = message


def _answer(kind: str, table: Table, seat: str, m: MailSettings, lines: list[str], message: str,
            applied: list[str] | None = None, stopped: tuple[str, str] | None = None,
            happened: list[str] | None = None, help_asked: bool = False, store: TableStore | None = None) -> Answer:
    content = {**turn(table, seat, m, store), "kind": "answer", "outcome": kind, "lines": lines,
               "command": "; ".join(lines), "message": message, "applied": applied or [],
               "stopped": stopped, "happened": happened or [], "help_asked": help_asked}
    record = {"applied": applied or [], "stopped": list(stopped) if stopped else None, "message": message}
    return Answer(kind, content["to"], content, record=record)
