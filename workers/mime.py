"""An email written straight to its bytes: the same headers, parts and encodings as
email.message.EmailMessage with the default policy writes them (bytes(message)), at a fraction of
its cost (its header objects and Generator took about 8 ms of a turn email's CPU; this takes
under 1 ms).

The message is multipart/alternative: the text, then the HTML, inside a multipart/related with
its pictures when it has any (each inline, base64, with its Content-ID). Each text part takes the
transfer encoding EmailMessage.set_content would choose (7bit, 8bit, quoted-printable or base64,
by the same rules); a header of plain ASCII short enough for one line is written as it is, any
other (non-ASCII words, a long References, an address) is folded by the default policy itself.

``Written`` is what workers/mail.py hands on: its bytes, the headers as given, and, only when
something asks for more (a test reading a part), the EmailMessage those bytes parse to.
"""

import binascii
import functools
import random
import sys
from email import policy, quoprimime
from email.message import EmailMessage
from email.parser import BytesParser
from typing import Any

POLICY = policy.default
MAX_LINE = POLICY.max_line_length          # 78
_WIDTH = len(repr(sys.maxsize - 1))
ADDRESSES = frozenset(("from", "to", "cc", "reply-to", "sender"))


@functools.lru_cache(maxsize=1024)
def _folded(name: str, value: str) -> str:
    """The header as the default policy writes it (its header objects: the slow path)."""
    return POLICY.header_factory(name, value).fold(policy=POLICY)


def header(name: str, value: str) -> str:
    """``Name: value`` and its line end, folded as EmailMessage folds it."""
    if (name.lower() not in ADDRESSES and len(name) + 2 + len(value) <= MAX_LINE and value.isascii()
            and value.isprintable() and "=?" not in value and value == value.strip() and "  " not in value
            and value):
        return f"{name}: {value}\n"
    return _folded(name, value)


def _text_body(text: str) -> tuple[str, bytes]:
    """(transfer encoding, body) of a text part, as email.contentmanager chooses and writes it."""
    lines = text.encode("utf-8").splitlines()
    if max((len(line) for line in lines), default=0) <= MAX_LINE:
        body = b"\n".join(lines) + b"\n"
        return ("7bit" if body.isascii() else "8bit"), body
    sniff = b"\n".join(lines[:10]) + b"\n"
    sniff_qp = quoprimime.body_encode(sniff.decode("latin-1"), MAX_LINE)
    if len(sniff_qp) > len(binascii.b2a_base64(sniff)):
        return "base64", _base64(b"\n".join(lines) + b"\n")
    if len(lines) <= 10:
        return "quoted-printable", sniff_qp.encode("ascii")
    body = quoprimime.body_encode((b"\n".join(lines) + b"\n").decode("latin-1"), MAX_LINE)
    return "quoted-printable", body.encode("ascii")


def _base64(data: bytes) -> bytes:
    step = MAX_LINE // 4 * 3
    return b"".join(binascii.b2a_base64(data[i:i + step]) for i in range(0, len(data), step))


def _text_part(text: str, subtype: str, version: bool = False) -> bytes:
    cte, body = _text_body(text)
    return (f'Content-Type: text/{subtype}; charset="utf-8"\nContent-Transfer-Encoding: {cte}\n'
            f'{"MIME-Version: 1.0" + chr(10) if version else ""}\n'.encode("ascii") + body)


def _picture_part(data: bytes, cid: str, filename: str) -> bytes:
    return ("Content-Type: image/png\nContent-Transfer-Encoding: base64\n"
            + header("Content-Disposition", f'inline; filename="{filename}"')
            + header("Content-ID", cid) + "MIME-Version: 1.0\n\n").encode("ascii") + _base64(data)


def _boundary(parts: list[bytes]) -> str:
    while True:
        boundary = "=" * 15 + f"%0{_WIDTH}d" % random.randrange(sys.maxsize) + "=="
        mark = b"--" + boundary.encode("ascii")
        if not any(mark in part for part in parts):
            return boundary


def _multipart(subtype: str, parts: list[bytes]) -> tuple[str, bytes]:
    """(the Content-Type header, the body) of a multipart of ``parts``."""
    boundary = _boundary(parts)
    between = f"\n--{boundary}\n".encode("ascii")
    body = (f"--{boundary}\n".encode("ascii") + between.join(parts) + f"\n--{boundary}--\n".encode("ascii"))
    return f'Content-Type: multipart/{subtype};\n boundary="{boundary}"\n', body


def write(headers: list[tuple[str, str]], text: str, html: str,
          pictures: list[tuple[bytes, str, str]] = ()) -> "Written":  # type: ignore[assignment]
    """The email: ``headers`` in order (name, value), the text and the HTML as alternatives, the
    pictures (PNG, Content-ID, file name) related to the HTML."""
    # as EmailMessage writes them: the HTML alone says its MIME-Version after its own headers; with
    # pictures, its multipart/related says it first
    html_part = _text_part(html, "html", version=not pictures)
    if pictures:
        kind, body = _multipart("related", [html_part, *(_picture_part(*p) for p in pictures)])
        html_part = b"MIME-Version: 1.0\n" + kind.encode("ascii") + b"\n" + body
    kind, body = _multipart("alternative", [_text_part(text, "plain"), html_part])
    top = "".join(header(name, value) for name, value in headers) + "MIME-Version: 1.0\n" + kind + "\n"
    return Written(top.encode("ascii") + body, headers)


class Written:
    """An email written out: ``bytes()`` of it is what goes to the SMTP server or the outbox (with
    ``\\n`` line ends, as bytes(EmailMessage)); ``header(name)`` is a header as given; anything
    else (``message["To"]``, ``get_body()``...) is the EmailMessage its bytes parse to, parsed on
    first use."""

    def __init__(self, raw: bytes, headers: list[tuple[str, str]]) -> None:
        self.raw = raw
        self.headers = list(headers)

    def __bytes__(self) -> bytes:
        return self.raw

    def as_bytes(self, unixfrom: bool = False, policy: Any = None) -> bytes:
        return self.raw if not unixfrom and policy is None else self.parsed.as_bytes(unixfrom, policy)

    def header(self, name: str) -> str | None:
        return next((value for key, value in self.headers if key.lower() == name.lower()), None)

    @functools.cached_property
    def parsed(self) -> EmailMessage:
        return BytesParser(policy=POLICY).parsebytes(self.raw)      # type: ignore[return-value]

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name in ("raw", "headers", "parsed"):
            raise AttributeError(name)
        return getattr(self.parsed, name)

    def __getitem__(self, name: str) -> Any:
        return self.parsed[name]

    def __contains__(self, name: str) -> bool:
        return name in self.parsed

    def __iter__(self):
        return iter(self.parsed)

    def __len__(self) -> int:
        return len(self.parsed)

    def __str__(self) -> str:
        return str(self.parsed)

    def get(self, name: str, failobj: Any = None) -> Any:
        return self.parsed.get(name, failobj)
