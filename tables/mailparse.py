"""Read a player's reply: who sent it, to which reply address, the commands in its own words, and
whether a person wrote it at all (an out-of-office reply or a bounce must never be answered).

The reply's own words: mail-parser-reply (multi-language) finds the quote headers ("On ... wrote:",
Outlook's "From: / Sent:" blocks, "-----Original Message-----") and the signatures it knows
("-- ", "Sent from my ...", "Best regards,"). This module adds what it does not do: an HTML-only
reply turned into text (blockquotes are quotes), format=flowed lines joined, `>` quotes taken out
first so that an answer written below or between them (bottom-posted, inline) is kept, Portuguese
and more Polish, Spanish and phone-client headers, and Outlook-style signatures without `-- `
(the sender's name, "Sent from Outlook", a sign-off such as "Cheers, Ann").
"""

import email
import functools
import hashlib
import re
from collections import Counter
from dataclasses import dataclass, field
from email import policy
from email.message import EmailMessage
from email.utils import getaddresses, parseaddr
from html.parser import HTMLParser

from mailparser_reply.parser import EmailMessage as ReplyText

REPLY_ADDRESS = re.compile(r"play\+([A-Za-z0-9_.\-]+)@", re.I)
MAX_LINES = 60           # commands read from one reply
MAX_LINE = 200           # characters of one command
MAX_TEXT = 100_000       # characters read once quotes are taken out (the rest is an unmarked quote)
MAX_HTML = 1_000_000     # characters of an HTML-only body read (a reply quotes one of our emails)
LANGUAGES = ["en", "pl", "de", "fr", "es"]   # the library's; Portuguese and more come from EXTRA_HEADERS

QUOTED = "\ue000quoted\ue000"    # stands for a run of `>` lines while the library reads the rest


def _attribution(start: str, end: str) -> str:
    """An "On <date>, <name> wrote:" line, which Gmail may wrap onto a second line."""
    return rf"^(?:{start})[^\n]*(?:\n[^\n]*)?(?:{end})$"


EXTRA_HEADERS = [
    _attribution(r"Em\s", r"escreveu\s?:"),                                    # pt: Gmail, Thunderbird
    _attribution(r"(?:pon|wt|śr|czw|pt|sob|niedz)\.,?\s", r"napisał\(a\):"),  # pl: Gmail
    _attribution(r"W dniu\s|Dnia\s", r"(?:pisze|napisał\(a\)|napisał|napisała):"),   # pl: Thunderbird
    _attribution(r"El\s", r"escribió\s?:"),                                    # es: Gmail "(<a@b>) escribió:"
    _attribution(r"Le\s", r"a\sécrit\s?:"),                                     # fr: Gmail, wrapped
    # Samsung and Outlook "-------- Original message --------" in other languages
    r"^-{5,} ?(?:Mensagem original|Mensaje original|Ursprüngliche Nachricht|Message d'origine"
    r"|Oryginalna wiadomość|Wiadomość oryginalna|Original message) ?-{5,}$",
    # Outlook's header block in Portuguese ("De: / Enviado: / Para: / Assunto:")
    r"(?:(?:^|\n)[* ]*(?:De|Enviado|Enviada|Para|Assunto|Data|Cc) ?:[ *]*.*){3,}",
]
FOOTER = re.compile(   # phone and webmail footers, in any of our languages; may follow "Name | "
    r"^(?:.*\|\s*)?(?:sent (?:from|with|via|using)|get outlook for|download outlook for|envoyé (?:de|depuis|à partir)"
    r"|télécharge[zr]? outlook|obtenir outlook|von meinem|gesendet (?:von|mit|vom)|outlook für"
    r"|wysłane (?:z|przy|za)|wysłano z|pobierz outlook|enviado (?:do|desde|de|a partir|pelo|com)"
    r"|obter o outlook|baixe o outlook|obtener outlook|descargar outlook)\b", re.I)
SIGN_OFF = re.compile(   # a sign-off alone, or followed by a name: "Cheers", "Thanks, Ann", "Pozdrawiam"
    r"^[-–—~]*\s*(?:thanks|thank you|thx|cheers|best|best wishes|all the best|regards|kind regards|best regards"
    r"|warm regards|yours|pozdrawiam|pozdrowienia|pozdr|serdecznie|dzięki|dziękuję|abraços|abraço|abs|att"
    r"|atenciosamente|obrigad[oa]|beijos|grüße|gruß|viele grüße|liebe grüße|beste grüße|lg|mfg"
    r"|mit freundlichen grüßen|danke|cordialement|bien cordialement|amitiés|bises|merci|à bientôt|saludos"
    r"|un saludo|gracias|atentamente|un abrazo|abrazos)(?!\w)[\s,.!]*(?:[^\W\d_][^\W\d]*(?:[ .'-]+[^\W\d_]+)*)?"
    r"[\s.!]*$", re.I)
ATTRIBUTION_END = re.compile(r":\s*$")
HEADER_LINE = re.compile(r"^[*\s]*[^\W\d_][\w ]{0,24}\s?:\s*\S")    # "From: x", "Sent: y"
INVISIBLE = dict.fromkeys(map(ord, "\ufeff\u200b\u200c\u200d\u2060\u00ad"), None) | {0xa0: " "}


@dataclass
class Reply:
    sender: str                 # the From address, lower case
    sender_name: str            # the From display name ('' if none)
    token: str | None           # what follows play+ in the reply address it was sent to
    message_id: str
    subject: str
    in_reply_to: str | None = None                       # the In-Reply-To header's message id
    references: list[str] = field(default_factory=list)   # the References header's ids
    lines: list[str] = field(default_factory=list)        # the reply's own words, a line each
    auto: str | None = None     # why this is not a person's reply (None when it is)
    recipients: list[str] = field(default_factory=list)   # every address it was sent to (envelope and headers)

    @property
    def command(self) -> str:
        return " ".join(self.lines)


def parse(raw: bytes, envelope_recipients: list[str] | None = None, envelope_sender: str | None = None) -> Reply:
    """``envelope_sender`` is SMTP's MAIL FROM when known: empty ('' or '<>') for a bounce."""
    message = email.message_from_bytes(raw, policy=policy.default)
    assert isinstance(message, EmailMessage)
    sender_name, sender = sender_of(message)
    recipients = list(envelope_recipients or [])
    for header in ("Delivered-To", "X-Original-To", "To", "Cc"):
        recipients += [address for _, address in getaddresses([str(v) for v in message.get_all(header, [])])]
    token = next((m.group(1) for m in map(REPLY_ADDRESS.search, recipients) if m), None)
    message_id = _header(message, "Message-ID").strip() or f"<{hashlib.sha256(raw).hexdigest()}@no-id>"
    references = _message_ids(_header(message, "References"))
    in_reply_to = next(iter(_message_ids(_header(message, "In-Reply-To"))), None)
    return Reply(sender.lower(), sender_name.strip(), token, message_id, _header(message, "Subject"),
                 in_reply_to, references, commands(body_text(message), sender_name),
                 auto_reason(message, sender.lower(), envelope_sender), recipients)


def sender_of(message: EmailMessage) -> tuple[str, str]:
    """(display name, address) of the From: the one identity a reply is taken as, and so the one
    whose domain the sender checks ask (workers/sender_auth.py)."""
    return parseaddr(_header(message, "From"))


def _header(message: EmailMessage, name: str) -> str:
    try:
        return str(message.get(name, "") or "")
    except (ValueError, IndexError, TypeError):     # a header too malformed to decode
        return ""


def _message_ids(value: str) -> list[str]:
    return re.findall(r"<[^<>\s]+>", value)


# -- not a person: RFC 3834 and common practice -----------------------------------------------

def auto_reason(message: EmailMessage, sender: str, envelope_sender: str | None = None) -> str | None:
    local = sender.partition("@")[0]
    if local in ("mailer-daemon", "postmaster"):
        return f"It is a bounce from {sender}: a message could not be delivered."
    if envelope_sender is not None and envelope_sender.strip() in ("", "<>"):
        return "It came with an empty return path, as bounces and automatic notices do."
    if _header(message, "Return-Path").strip() == "<>":
        return "It has an empty Return-Path (<>), as bounces and automatic notices do."
    if message.get_content_type() == "multipart/report":
        return "It is a delivery or read report (multipart/report), not a reply."
    submitted = _header(message, "Auto-Submitted").strip()
    if submitted and submitted.split(";")[0].strip().lower() != "no":
        return f"It says it was sent automatically (Auto-Submitted: {submitted})."
    for name in ("X-Autoreply", "X-Autorespond", "X-Autoresponder"):
        value = _header(message, name).strip()
        if name in message and value.lower() not in ("no", "false", "0"):
            return f"It is an automatic reply ({name}: {value})."
    precedence = _header(message, "Precedence").strip().lower()
    if precedence in ("bulk", "junk", "list", "auto_reply"):
        return f"It is marked as bulk or automatic mail (Precedence: {precedence})."
    if "List-Id" in message:
        return f"It came through a mailing list (List-Id: {_header(message, 'List-Id').strip()})."
    return None


# -- the body as text ---------------------------------------------------------------------------

def body_text(message: EmailMessage) -> str:
    for kind in ("plain", "html"):
        part = message.get_body(preferencelist=(kind,))
        if part is None:
            continue
        text = _decoded(part)
        if kind == "html":
            text = html_to_text(text)
        elif str(part.get_param("format", "")).lower() == "flowed":
            text = unflow(text, delsp=str(part.get_param("delsp", "")).lower() == "yes")
        if text.strip():
            return text
    return ""


def _decoded(part: EmailMessage) -> str:
    try:
        return part.get_content()
    except (LookupError, UnicodeError):       # an unknown or lying charset
        return (part.get_payload(decode=True) or b"").decode("utf-8", "replace")


def unflow(text: str, delsp: bool = False) -> str:
    """RFC 3676: a line ending in a space goes on in the next line of the same quote depth."""
    out: list[list] = []       # [depth, text, flowed]
    for line in text.replace("\r\n", "\n").split("\n"):
        depth = len(line) - len(line.lstrip(">"))
        body = line[depth:]
        body = body[1:] if body.startswith(" ") else body          # space-stuffing
        flowed = body.endswith(" ") and body != "-- "
        if flowed and delsp:
            body = body[:-1]
        if out and out[-1][2] and out[-1][0] == depth:
            out[-1][1] += body
            out[-1][2] = flowed
        else:
            out.append([depth, body, flowed])
    return "\n".join(">" * depth + (" " if depth else "") + body for depth, body, _ in out)


class _HtmlText(HTMLParser):
    """HTML to text lines; what sits in a blockquote (or a webmail's quote box) comes out as `> `."""
    SKIP = {"head", "style", "script", "title", "template"}
    VOID = {"br", "hr", "img", "meta", "link", "input", "wbr", "col", "area", "base", "source", "embed"}
    BLOCK = {"p", "div", "li", "tr", "table", "ul", "ol", "pre", "blockquote", "section", "article", "header",
             "footer", "dl", "dt", "dd", "center", "address", "h1", "h2", "h3", "h4", "h5", "h6"}
    QUOTE_MARKS = ("gmail_quote", "yahoo_quoted", "moz-cite-prefix", "protonmail_quote")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, str]] = []      # open elements: (tag, kind)
        self.open = Counter()                        # open elements by kind: quote, skip, pre, block
        self.lines: list[str] = []
        self.pieces: list[str] = []
        self.depth = 0                               # the quote depth of the line being built

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            if tag in ("br", "hr"):
                self.newline()
            if tag == "hr":                          # Outlook's rule above the quoted message
                self.lines.append("_" * 32)
            return
        marks = " ".join(str(v) for k, v in attrs if k in ("class", "id")).lower()
        kind = ("skip" if tag in self.SKIP else "quote" if tag == "blockquote" or any(m in marks for m in self.QUOTE_MARKS)
                else "pre" if tag == "pre" else "block" if tag in self.BLOCK else "")
        if kind or "signature" in marks:
            self.newline()
        if "signature" in marks:                     # Gmail's gmail_signature, Outlook's id="Signature"
            self.lines.append("-- ")
        if tag in ("td", "th"):
            self.pieces.append(" ")
        self.stack.append((tag, kind))
        self.open[kind] += 1

    def handle_startendtag(self, tag, attrs):
        if tag in ("br", "hr"):
            self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag):
        for index in range(len(self.stack) - 1, max(-1, len(self.stack) - 50), -1):
            if self.stack[index][0] == tag:
                closed = [kind for _, kind in self.stack[index:]]
                self.open.subtract(closed)
                if any(closed):
                    self.newline()
                del self.stack[index:]
                return

    def handle_data(self, data):
        if self.open["skip"]:
            return
        if self.open["pre"]:
            first, *rest = data.split("\n")
            self.add(first)
            for line in rest:
                self.newline()
                self.add(line)
        else:
            self.add(re.sub(r"\s+", " ", data))

    def add(self, text: str) -> None:
        if not "".join(self.pieces).strip():
            self.depth = self.open["quote"]
        self.pieces.append(text)

    def newline(self) -> None:
        text = "".join(self.pieces).strip()
        if text or (self.lines and self.lines[-1]):       # one blank line between blocks at most
            self.lines.append("> " * self.depth + text if text and self.depth else text)
        self.pieces = []

    def text(self) -> str:
        self.close()
        self.newline()
        return "\n".join(self.lines).strip("\n")


def html_to_text(markup: str) -> str:
    parser = _HtmlText()
    parser.feed(markup[:MAX_HTML])
    return parser.text()


# -- the reply's own words --------------------------------------------------------------------

class _ReplyText(ReplyText):
    """The library's reader, with the quote headers it lacks added to its header pattern."""

    @property
    def HEADER_REGEX(self) -> "_WholeMatches":
        return _with_extra_headers(ReplyText.HEADER_REGEX.fget(self).pattern)


class _WholeMatches:
    """The library splits at every group its header pattern captures; some of its patterns capture
    part of a header too (French "Le (...) a écrit :"), which would split inside the line. Give it
    the whole header each time."""

    def __init__(self, pattern: str) -> None:
        self.pattern = re.compile(pattern, flags=re.MULTILINE | re.IGNORECASE)

    def findall(self, text: str) -> list[tuple[str]]:
        return [(match.group(0),) for match in self.pattern.finditer(text)]


@functools.lru_cache(maxsize=4)
def _with_extra_headers(pattern: str) -> _WholeMatches:
    return _WholeMatches("|".join([pattern, *(f"(?:{extra})" for extra in EXTRA_HEADERS)]))


def commands(text: str, sender_name: str = "") -> list[str]:
    """The reply's own words, a line each as written (quotes and signature cut, list bullets
    dropped). A line may hold several moves separated by `;`: tables/reply_lines.py splits a line
    of moves there, never a message."""
    own = _signature_cut(_own_lines(_quotes_marked(text)[:MAX_TEXT]), _names(sender_name))
    found = [re.sub(r"^[-*•]\s+", "", line.strip())[:MAX_LINE].strip() for line in own]
    return [line for line in found if line.strip(" ;")][:MAX_LINES]


def _quotes_marked(text: str) -> str:
    """Each run of `>` lines (blank lines inside it too) becomes one QUOTED line."""
    out: list[str] = []
    for line in text.translate(INVISIBLE).replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if line.lstrip().startswith(">"):
            last = next((i for i in range(len(out) - 1, -1, -1) if out[i].strip()), None)
            if last is not None and out[last] == QUOTED:
                del out[last + 1:]
            else:
                out.append(QUOTED)
        else:
            out.append(line)
    return "\n".join(out)


def _own_lines(text: str) -> list[str]:
    """Above the first quote header when there are words there (top-posting); otherwise below the
    attribution lines ("On ... wrote:") before the first Outlook-style block (bottom-posting, inline)."""
    replies = _ReplyText(text=text, languages=list(LANGUAGES), keep_hyphen_lists=True).read().replies
    top = replies[0] if replies and not replies[0].headers else None
    if top is not None and _words(top.body):
        bodies = [top.body]
    else:
        bodies = []
        for reply in replies[1 if top is not None else 0:]:
            if not _is_attribution(reply.headers):
                break
            bodies.append(reply.body)
    lines = "\n".join(bodies).split("\n")
    for index, line in enumerate(lines):      # an attribution the library does not know: "...:" above a quote
        if line == QUOTED:
            previous = next((i for i in range(index - 1, -1, -1) if lines[i].strip()), None)
            if previous is not None and ATTRIBUTION_END.search(lines[previous]) and lines[previous] != QUOTED:
                lines[previous] = ""
    return [line.strip() for line in lines if line.strip() and line != QUOTED and line.strip() != "--"]


def _words(body: str) -> bool:
    return any(line.strip() and line != QUOTED for line in body.split("\n"))


def _is_attribution(header: str) -> bool:
    return bool(ATTRIBUTION_END.search(header)) and not any(HEADER_LINE.match(line) for line in header.split("\n"))


def _names(display_name: str) -> tuple[str, str] | None:
    """The sender's full and first name as they may open a signature ("Smith, Ann" is Ann Smith)."""
    name = " ".join(display_name.replace('"', "").split())
    if "," in name:
        last, _, first = name.partition(",")
        name = f"{first.strip()} {last.strip()}".strip()
    if len(name) < 2 or "@" in name:
        return None
    return name.lower(), name.split(" ")[0].lower()


def _signs(line: str, names: tuple[str, str] | None) -> bool:
    """A line that opens a signature: the full name, maybe with more ("Ann Smith | Acme"), or the
    first name alone ("Ann", "-Ann")."""
    line = line.lower().lstrip("-–—~ ").rstrip(" .,!")
    return names is not None and (re.match(rf"{re.escape(names[0])}(?!\w)", line) is not None or line == names[1])


def _signature_cut(lines: list[str], names: tuple[str, str] | None) -> list[str]:
    """Up to a phone or webmail footer, or (after the first line) the sender's name or a sign-off."""
    for index, line in enumerate(lines):
        if FOOTER.match(line) or (index and (SIGN_OFF.match(line) or _signs(line, names))):
            return lines[:index]
    return lines
