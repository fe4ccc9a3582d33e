"""Read a player's reply: who sent it, to which reply address, and the command in its first lines.

Quoted text (lines starting with '>', "On ... wrote:", Outlook's "-----Original Message-----"
and "From:" headers), signatures ("-- ") and phone footers are cut; an HTML-only reply is
turned into text first.
"""

import email
import hashlib
import html
import re
from dataclasses import dataclass
from email import policy
from email.message import EmailMessage
from email.utils import getaddresses, parseaddr

REPLY_ADDRESS = re.compile(r"play\+([A-Za-z0-9_.\-]+)@", re.I)
QUOTE_STARTS = [re.compile(p, re.I) for p in (
    r"^on .{0,200}wrote:?\s*$",             # Gmail, Apple Mail, Thunderbird
    r"^-{2,}\s*original message\s*-{2,}",   # Outlook
    r"^_{5,}\s*$",                          # Outlook's rule
    r"^from:\s.+",                          # Outlook's quoted header block
    r"^sent from my ",                      # phones
    r"^get outlook for ",
    r"^le .{0,200}a écrit\s*:?\s*$", r"^am .{0,200}schrieb .{0,200}:?\s*$", r"^el .{0,200}escribió:?\s*$",
    r"^w dniu .{0,200}pisze:?\s*$", r"^em .{0,200}escreveu:?\s*$",
)]


@dataclass
class Reply:
    sender: str               # the From address, lower case
    token: str | None         # what follows play+ in the address it was sent to
    message_id: str
    command: str              # the first meaningful line(s), quoted text and signature removed
    subject: str


def parse(raw: bytes, envelope_recipients: list[str] | None = None) -> Reply:
    message = email.message_from_bytes(raw, policy=policy.default)
    assert isinstance(message, EmailMessage)
    sender = parseaddr(str(message.get("From", "")))[1].lower()
    recipients = list(envelope_recipients or [])
    for header in ("Delivered-To", "X-Original-To", "To", "Cc"):
        recipients += [address for _, address in getaddresses([str(v) for v in message.get_all(header, [])])]
    token = next((m.group(1) for m in map(REPLY_ADDRESS.search, recipients) if m), None)
    message_id = str(message.get("Message-ID", "")).strip() or f"<{hashlib.sha256(raw).hexdigest()}@no-id>"
    return Reply(sender, token, message_id, command_of(body_text(message)), str(message.get("Subject", "")))


def body_text(message: EmailMessage) -> str:
    part = message.get_body(preferencelist=("plain",))
    if part is not None:
        return part.get_content()
    part = message.get_body(preferencelist=("html",))
    return html_to_text(part.get_content()) if part is not None else ""


def html_to_text(markup: str) -> str:
    markup = re.sub(r"(?is)<(script|style|head).*?</\1>", "", markup)
    markup = re.sub(r"(?is)<blockquote.*?</blockquote>", "\n", markup)   # quoted text in HTML replies
    markup = re.sub(r"(?i)<br\s*/?>|</(p|div|li|tr|h\d)>", "\n", markup)
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def command_of(text: str) -> str:
    """The reply's own words: everything before the quote or signature, blank lines dropped."""
    kept = []
    for line in text.replace("\r\n", "\n").split("\n"):
        stripped = line.strip()
        if stripped.startswith(">") or stripped in ("--", "-- ") or any(p.match(stripped) for p in QUOTE_STARTS):
            break
        if stripped:
            kept.append(stripped)
    return " ".join(kept[:3])[:300]
