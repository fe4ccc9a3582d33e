"""Playing by email in tests: read the emails a seat got, and answer them over real SMTP."""

import re
import smtplib
import uuid
from email.message import EmailMessage


def latest(inbox, address):
    mails = inbox.to(address)
    return mails[-1] if mails else None


def kind(message):
    return str(message["X-PBEM-Kind"])


def options(inbox, message):
    return re.findall(r"^  (\d+)\. (.+)$", inbox.text(message), flags=re.M)


def links(inbox, message):
    return dict(re.findall(r"^  (\d+): (http\S+)$", inbox.text(message), flags=re.M))


def reply(port, message, body, sender=None, html=None, message_id=None, to=None, headers=None):
    """Answer ``message`` the way a mail program does: to its Reply-To, quoting it below."""
    answer = EmailMessage()
    answer["From"] = sender or str(message["To"])
    answer["To"] = to or str(message["Reply-To"])
    answer["Subject"] = "Re: " + str(message["Subject"])
    answer["Message-ID"] = message_id or f"<{uuid.uuid4().hex}@player.example>"
    answer["In-Reply-To"] = str(message["Message-ID"])
    for name, value in (headers or {}).items():
        answer[name] = value
    quoted = "\n".join("> " + line for line in message.get_body(("plain",)).get_content().splitlines())
    if html is None:
        answer.set_content(f"{body}\n\nOn Sat, 21 Nov 2026, PBEM wrote:\n{quoted}\n")
    else:
        answer.set_content(html, subtype="html")
    with smtplib.SMTP("127.0.0.1", port) as client:
        client.send_message(answer, to_addrs=[answer["To"]])
    return answer
