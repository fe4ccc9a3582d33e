"""Render an email from mail_templates/ and send it over SMTP, or into the outbox folder.

Every email is marked `Auto-Submitted: auto-generated` (RFC 3834), so that well-behaved
auto-responders never answer it. The emails of one seat at one table form a thread: one
subject for the whole game, and In-Reply-To/References pointing at the previous ones. Every
email to a seat takes replies (a Reply-To the server reads), whatever it is about.

An email with a board picture carries it cropped around what happened and what is asked when the
whole board is too small to read on a phone (workers/board_crop.py), with a link to the seat page
for the whole board; otherwise the whole board.
"""

import logging
import os
import smtplib
import ssl
import time
from email.message import EmailMessage
from email.utils import formatdate, getaddresses, make_msgid
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlparse

import jinja2
from rq import get_current_job

import config
import i18n
from store import TableStore
from tables import notices, preferences
from tables.notices import MailSettings

from . import board_crop, mime, pictures

PICTURE_WIDTH = 640     # pixels: the HTML part scales it down to the screen
FOCUS_WIDTH = 2 * board_crop.PHONE_PX    # the crop, sharp on a phone's screen of two pixels per point
CLAIM_SECONDS = 120     # how long one attempt may hold an email before another may try
HANDOVER_KEPT = 7 * 86400   # seconds the record of an email's hand-over to the SMTP server is kept
log = logging.getLogger("pbem.mail")
TEMPLATES = Path(__file__).resolve().parent.parent / "mail_templates"
_env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=jinja2.select_autoescape(["html"]),
                          trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined)
_env.filters["headline"] = notices.headline
i18n.install(_env)           # each email in its reader's language (content["language"])


def mail_settings(settings: config.Settings, now: float) -> MailSettings:
    return MailSettings(settings.public_url, settings.secret_key, settings.reply_address_domain,
                        settings.link_ttl, now)


def new_message_id(settings: config.Settings) -> str:
    return make_msgid(domain=settings.reply_address_domain)


def message_id(settings: config.Settings, table_id: str, name: str) -> str:
    """The id of one email of a table, the same every time it is rendered (a retry, a rerun)."""
    return f"<{table_id}.{name}@{settings.reply_address_domain}>"


def in_chosen_language(store: TableStore, content: dict[str, Any]) -> dict[str, Any]:
    """The email's content in the language its seat chose after the start (by reply or on the
    accept page), else the one it carries."""
    if not (content.get("table") and content.get("seat")):
        return content
    return {**content, "language": preferences.chosen(store, content["table"], content["seat"])
            or content.get("language")}


def render(kind: str, content: dict[str, Any], settings: config.Settings, msgid: str,
           store: TableStore | None = None, replying_to: tuple[str, list[str]] | None = None) -> mime.Written:
    """The email of ``kind``. With ``store``, an email to a seat joins the seat's thread at its
    table; ``replying_to`` is (Message-ID, References) of the player's email it answers."""
    if store is not None:
        content = in_chosen_language(store, content)
    said = notices.in_words(content)      # the game's words in the reader's language (the board cropped by its own)
    headers = [("Subject", _header(_env.get_template(f"{kind}.subject.txt").render(**said))),
               ("From", settings.mail_from), ("To", content["to"]), ("Date", formatdate(localtime=False)),
               ("Message-ID", msgid), ("Auto-Submitted", "auto-generated"), ("X-PBEM-Kind", kind)]
    reply_to = content.get("reply_to") or _reply_address(content, settings)
    if reply_to:
        headers.append(("Reply-To", reply_to))
    if content.get("unsubscribe"):
        headers += [("List-Unsubscribe", f"<{content['unsubscribe']}>"),
                    ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click")]
    for header, key in (("X-PBEM-Table", "table"), ("X-PBEM-Seat", "seat"), ("X-PBEM-Seq", "seq")):
        if content.get(key) is not None:
            headers.append((header, str(content[key])))
    table, seat = content.get("table"), content.get("seat")
    earlier = store.thread(table, seat) if store is not None and table and seat else []
    references = list(earlier)
    parent = earlier[-1] if earlier else None
    if replying_to:
        parent = replying_to[0]
        references += [r for r in [*replying_to[1], replying_to[0]] if r not in references]
    if parent:
        headers += [("In-Reply-To", parent), ("References", " ".join(references[-12:]))]
    # an email about a turn (its question, or whom it waits for) shows the board around what matters, and
    # links the seat page for the whole board (one picture an email: each costs a fifth of a second to draw);
    # the end, and a board legible whole, show the whole board
    focus = board_crop.crop(content["picture"], notices.focus(content)) \
        if content.get("picture") and "prompt" in content else None
    # the picture's labels in the reader's language, once cropped by the board's own
    focus_image = _picture(notices.picture_in_words(content, focus.svg), FOCUS_WIDTH) if focus else None
    image = None if focus_image else _picture(notices.picture_in_words(content, content.get("picture")), PICTURE_WIDTH)
    places = notices.places_in_words(content, focus.places) if focus else []
    cid, focus_cid = make_msgid(domain=settings.reply_address_domain), make_msgid(domain=settings.reply_address_domain)
    text = _encodable(_env.get_template(f"{kind}.txt").render(**said))
    html = _encodable(_env.get_template(f"{kind}.html").render(
        **{**said, "picture_cid": cid[1:-1] if image else None,
           "focus_cid": focus_cid[1:-1] if focus_image else None, "focus_places": places}))
    # the same bytes as EmailMessage (text, then the HTML related to its picture), written directly (workers/mime.py)
    message = mime.write(headers, text, html, [(focus_image, focus_cid, "around.png")] if focus_image else
                         [(image, cid, "table.png")] if image else [])
    if store is not None and table and seat:
        store.add_to_thread(table, seat, [*([replying_to[0]] if replying_to else []), msgid], thread=earlier)
    return message


def _reply_address(content: dict[str, Any], settings: config.Settings) -> str | None:
    """The reply address of an email to a seat whose content did not name one (a rollback's
    outcome): bound to the seq it was sent at, as every other."""
    table, seat, seq = content.get("table"), content.get("seat"), content.get("seq")
    if not table or not seat or not isinstance(seq, int) or content.get("kind") == "host_timeout":
        return None
    return notices.reply_address(settings.secret_key, settings.reply_address_domain, table, seat, seq)


def _picture(svg: str | None, width: int) -> bytes | None:
    """A picture as a PNG for the HTML part; an email goes out without it rather than not at all."""
    if not svg:
        return None
    try:
        return pictures.png(svg, width)
    except pictures.PictureError:
        log.exception("a picture could not be drawn")
        return None


def _header(text: str) -> str:
    """One line: a value from a player (a name) must never split a header."""
    return _encodable(" ".join(text.split()))


def _encodable(text: str) -> str:
    """Text that UTF-8 can carry: a lone surrogate (a name stored before names were checked at
    the edge) becomes '?' rather than an email that can never be written."""
    return text.encode("utf-8", "replace").decode("utf-8")


class Handover:
    """The record of one email's hand-over to the SMTP server, by its Message-ID, beside the job
    queues: "data" just before DATA, "accepted" once the server said 250 to it. A job killed
    between the two cannot know whether the server kept the email: its retry sends it again,
    with the same Message-ID (mail programs show one). A retry that finds "accepted" sends nothing."""

    def __init__(self, connection: Any, message_id: str) -> None:
        self.connection, self.key = connection, f"pbem:handover:{message_id}"

    @classmethod
    def of_current_job(cls, message: "EmailMessage | mime.Written") -> "Handover | None":
        job, message_id = get_current_job(), str(_header_of(message, "Message-ID") or "")
        return cls(job.connection, message_id) if job is not None and message_id else None

    def mark(self, stage: str) -> None:
        pipe = self.connection.pipeline(transaction=False)
        pipe.hset(self.key, stage, f"{time.time():.3f}")
        if stage == "data":
            pipe.hincrby(self.key, "tries", 1)           # more than one: sent again after a kill in DATA
        pipe.expire(self.key, HANDOVER_KEPT)
        pipe.execute()

    def accepted(self) -> bool:
        return bool(self.connection.hexists(self.key, "accepted"))


class _Recorded:
    """An SMTP client that records the hand-over around DATA."""
    handover: Handover | None = None

    def data(self, msg: Any) -> tuple[int, bytes]:
        if self.handover is not None:
            self.handover.mark("data")
        code, answer = super().data(msg)          # type: ignore[misc]
        if code == 250 and self.handover is not None:
            self.handover.mark("accepted")
        return code, answer


class _Smtp(_Recorded, smtplib.SMTP):
    pass


class _SmtpSsl(_Recorded, smtplib.SMTP_SSL):
    pass


def _header_of(message: "EmailMessage | mime.Written", name: str) -> Any:
    """A header of the message: as given when it was written here (nothing parsed), else as read."""
    return message.header(name) if isinstance(message, mime.Written) else message.get(name)


def send(message: "EmailMessage | mime.Written", settings: config.Settings) -> str:
    """Deliver; returns where it went. Raises OSError/SMTPException while the server is down.
    Inside a job, the hand-over is recorded (Handover) and an email the server already accepted
    is not sent again."""
    if not settings.smtp_url:
        return write_outbox(message, settings.outbox_dir)
    handover = Handover.of_current_job(message)
    if handover is not None and handover.accepted():
        return "already accepted by the SMTP server"
    url = urlparse(settings.smtp_url)
    query = parse_qs(url.query)
    port = url.port or (465 if url.scheme == "smtps" else 25)
    if url.scheme == "smtps":
        client: _Smtp | _SmtpSsl = _SmtpSsl(url.hostname or "127.0.0.1", port, timeout=settings.smtp_timeout,
                                     context=ssl.create_default_context())
    else:
        client = _Smtp(url.hostname or "127.0.0.1", port, timeout=settings.smtp_timeout)
    client.handover = handover
    with client:
        if query.get("starttls", ["0"])[0] in ("1", "true", "yes"):
            client.starttls(context=ssl.create_default_context())
        if url.username:
            client.login(unquote(url.username), unquote(url.password or ""))
        _send_message(client, message)
    return settings.smtp_url.split("@")[-1]


def _send_message(client: smtplib.SMTP, message: "EmailMessage | mime.Written") -> None:
    """client.send_message(message); an email written here goes as its own bytes (the same as the
    Generator would write them, line ends CRLF) to the addresses of its From and To."""
    if not isinstance(message, mime.Written):
        client.send_message(message)
        return
    sender = getaddresses([message.header("Sender") or message.header("From") or ""])[0][1]
    recipients = [a[1] for a in getaddresses([v for v in (message.header(h) for h in ("To", "Bcc", "Cc")) if v])]
    if not "".join([sender, *recipients]).isascii():        # SMTPUTF8: as the standard library does it
        client.send_message(message.parsed)
        return
    client.sendmail(sender, recipients, message.raw.replace(b"\n", b"\r\n"))


def write_outbox(message: "EmailMessage | mime.Written", folder: Path) -> str:
    folder.mkdir(parents=True, exist_ok=True)
    name = (f"{time.time_ns()}-{_header_of(message, 'X-PBEM-Table') or 'pbem'}-"
            f"{_header_of(message, 'X-PBEM-Seat') or 'mail'}.eml")
    temporary = folder / ("." + name)
    temporary.write_bytes(bytes(message))
    os.replace(temporary, folder / name)
    return str(folder / name)
