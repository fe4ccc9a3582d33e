"""Render an email from mail_templates/ and send it over SMTP, or into the outbox folder."""

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
from tables.notices import MailSettings

CLAIM_SECONDS = 300     # how long one attempt may hold an email before another may try
TEMPLATES = Path(__file__).resolve().parent.parent / "mail_templates"
_env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=jinja2.select_autoescape(["html"]),
                          trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined)


def mail_settings(settings: config.Settings, now: float) -> MailSettings:
    return MailSettings(settings.public_url, settings.secret_key, settings.reply_address_domain,
                        settings.link_ttl, now)


def new_message_id(settings: config.Settings) -> str:
    return make_msgid(domain=settings.reply_address_domain)


def render(kind: str, content: dict[str, Any], settings: config.Settings, message_id: str) -> EmailMessage:
    message = EmailMessage()
    message["Subject"] = _env.get_template(f"{kind}.subject.txt").render(**content).strip()
    message["From"] = settings.mail_from
    message["To"] = content["to"]
    message["Date"] = formatdate(localtime=False)
    message["Message-ID"] = message_id
    if content.get("reply_to"):
        message["Reply-To"] = content["reply_to"]
    for header, key in (("X-PBEM-Table", "table"), ("X-PBEM-Seat", "seat")):
        if content.get(key):
            message[header] = content[key]
    message.set_content(_env.get_template(f"{kind}.txt").render(**content))
    message.add_alternative(_env.get_template(f"{kind}.html").render(**content), subtype="html")
    return message


def send(message: EmailMessage, settings: config.Settings) -> str:
    """Deliver; returns where it went. Raises OSError/SMTPException while the server is down."""
    if not settings.smtp_url:
        return write_outbox(message, settings.outbox_dir)
    url = urlparse(settings.smtp_url)
    query = parse_qs(url.query)
    port = url.port or (465 if url.scheme == "smtps" else 25)
    if url.scheme == "smtps":
        client: smtplib.SMTP = smtplib.SMTP_SSL(url.hostname or "127.0.0.1", port, timeout=30,
                                                context=ssl.create_default_context())
    else:
        client = smtplib.SMTP(url.hostname or "127.0.0.1", port, timeout=30)
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
