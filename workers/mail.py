"""Render an email from mail_templates/ and send it over SMTP, or into the outbox folder.

Every email is marked `Auto-Submitted: auto-generated` (RFC 3834), so that well-behaved
auto-responders never answer it. The emails of one seat at one table form a thread: one
subject for the whole game, and In-Reply-To/References pointing at the previous ones.
"""

import logging
import os
import smtplib
import ssl
import time
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlparse

import jinja2

import config
from store import TableStore
from tables.notices import MailSettings

from . import pictures

PICTURE_WIDTH = 640     # pixels: the HTML part scales it down to the screen
CLAIM_SECONDS = 120     # how long one attempt may hold an email before another may try
log = logging.getLogger("pbem.mail")
TEMPLATES = Path(__file__).resolve().parent.parent / "mail_templates"
_env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=jinja2.select_autoescape(["html"]),
                          trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined)


def mail_settings(settings: config.Settings, now: float) -> MailSettings:
    return MailSettings(settings.public_url, settings.secret_key, settings.reply_address_domain,
                        settings.link_ttl, now)


def new_message_id(settings: config.Settings) -> str:
    return make_msgid(domain=settings.reply_address_domain)


def message_id(settings: config.Settings, table_id: str, name: str) -> str:
    """The id of one email of a table, the same every time it is rendered (a retry, a rerun)."""
    return f"<{table_id}.{name}@{settings.reply_address_domain}>"


def render(kind: str, content: dict[str, Any], settings: config.Settings, msgid: str,
           store: TableStore | None = None, replying_to: tuple[str, list[str]] | None = None) -> EmailMessage:
    """The email of ``kind``. With ``store``, an email to a seat joins the seat's thread at its
    table; ``replying_to`` is (Message-ID, References) of the player's email it answers."""
    message = EmailMessage()
    message["Subject"] = _header(_env.get_template(f"{kind}.subject.txt").render(**content))
    message["From"] = settings.mail_from
    message["To"] = content["to"]
    message["Date"] = formatdate(localtime=False)
    message["Message-ID"] = msgid
    message["Auto-Submitted"] = "auto-generated"
    message["X-PBEM-Kind"] = kind
    if content.get("reply_to"):
        message["Reply-To"] = content["reply_to"]
    if content.get("unsubscribe"):
        message["List-Unsubscribe"] = f"<{content['unsubscribe']}>"
        message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    for header, key in (("X-PBEM-Table", "table"), ("X-PBEM-Seat", "seat"), ("X-PBEM-Seq", "seq")):
        if content.get(key) is not None:
            message[header] = str(content[key])
    table, seat = content.get("table"), content.get("seat")
    earlier = store.thread(table, seat) if store is not None and table and seat else []
    references = list(earlier)
    parent = earlier[-1] if earlier else None
    if replying_to:
        parent = replying_to[0]
        references += [r for r in [*replying_to[1], replying_to[0]] if r not in references]
    if parent:
        message["In-Reply-To"] = parent
        message["References"] = " ".join(references[-12:])
    image = _picture(content.get("picture"))
    cid = make_msgid(domain=settings.reply_address_domain)
    message.set_content(_encodable(_env.get_template(f"{kind}.txt").render(**content)))
    message.add_alternative(_encodable(_env.get_template(f"{kind}.html").render(
        **{**content, "picture_cid": cid[1:-1] if image else None})), subtype="html")
    if image:
        message.get_payload()[1].add_related(image, maintype="image", subtype="png", cid=cid,
                                             filename="table.png", disposition="inline")
    if store is not None and table and seat:
        store.add_to_thread(table, seat, [*([replying_to[0]] if replying_to else []), msgid], thread=earlier)
    return message


def _picture(svg: str | None) -> bytes | None:
    """The table as a PNG for the HTML part; an email goes out without it rather than not at all."""
    if not svg:
        return None
    try:
        return pictures.png(svg, PICTURE_WIDTH)
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


def send(message: EmailMessage, settings: config.Settings) -> str:
    """Deliver; returns where it went. Raises OSError/SMTPException while the server is down."""
    if not settings.smtp_url:
        return write_outbox(message, settings.outbox_dir)
    url = urlparse(settings.smtp_url)
    query = parse_qs(url.query)
    port = url.port or (465 if url.scheme == "smtps" else 25)
    if url.scheme == "smtps":
        client: smtplib.SMTP = smtplib.SMTP_SSL(url.hostname or "127.0.0.1", port, timeout=settings.smtp_timeout,
                                                context=ssl.create_default_context())
    else:
        client = smtplib.SMTP(url.hostname or "127.0.0.1", port, timeout=settings.smtp_timeout)
    with client:
        if query.get("starttls", ["0"])[0] in ("1", "true", "yes"):
            client.starttls(context=ssl.create_default_context())
        if url.username:
            client.login(unquote(url.username), unquote(url.password or ""))
        client.send_message(message)
    return settings.smtp_url.split("@")[-1]


def write_outbox(message: EmailMessage, folder: Path) -> str:
    folder.mkdir(parents=True, exist_ok=True)
    name = f"{time.time_ns()}-{message['X-PBEM-Table'] or 'pbem'}-{message['X-PBEM-Seat'] or 'mail'}.eml"
    temporary = folder / ("." + name)
    temporary.write_bytes(bytes(message))
    os.replace(temporary, folder / name)
    return str(folder / name)
