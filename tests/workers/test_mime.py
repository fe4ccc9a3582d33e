"""workers/mime.py writes an email as EmailMessage (default policy) would: the same bytes but for
the random boundaries, for headers plain or not, texts short or long, ASCII or not, with a picture
or without; and what it hands on reads back (headers, parts, the picture) and goes over SMTP whole."""

import re
from email import message_from_bytes, policy
from email.message import EmailMessage

import pytest

from workers import mail, mime

PNG = bytes(range(256)) * 40
LONG = "To jest bardzo długa linia tekstu, która na pewno przekracza siedemdziesiąt osiem znaków w jednym wierszu. " * 3
HEADERS = [("Subject", "Labyrinth: The War on Terror #abcdefgh (us)"), ("From", "PBEM <pbem@localhost>"),
           ("To", "us@example.org"), ("Date", "Fri, 27 Nov 2026 07:21:32 -0000"),
           ("Message-ID", "<abcdefgh.your_turn-3-us@localhost>"), ("Auto-Submitted", "auto-generated"),
           ("X-PBEM-Kind", "your_turn"), ("Reply-To", "play+abcdefgh.us.87.cf32422bc6572cb2fadd@localhost"),
           ("List-Unsubscribe", "<http://pbem.test/mute/abcdefgh.us.1e66835681c9af764720>"),
           ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"), ("X-PBEM-Table", "abcdefgh"),
           ("X-PBEM-Seat", "us"), ("X-PBEM-Seq", "87")]
ODD_HEADERS = [("Subject", "Żółw: gra #abcdefgh (Dżihadysta) — ruch"), ("Subject", "A subject " * 12),
               ("Subject", "=?utf-8?q?caf=C3=A9?= and  two spaces"), ("From", '"Gra, PBEM" <pbem@localhost>'),
               ("From", "Żółw Serwer <pbem@localhost>"), ("To", "Nora <nora@example.org>"),
               ("In-Reply-To", "<abcdefgh.invitation-0-us@localhost>"),
               ("References", " ".join(f"<abcdefgh.your_turn-{i}-us@localhost>" for i in range(12)))]
TEXTS = ["Short and plain.\n", "Krótko, po polsku: żółć.\n", "plain line\n" * 30 + "x" * 90 + "\n",
         "a" * 100, LONG, LONG * 20, "ż" * 200, "ż" * 60 + "\n" + "ś" * 50 + "\n", "", "one\r\ntwo\rthree\n",
         "--===============1234567890123456789==\n"]


def standard(headers, text, html, pictures) -> bytes:
    """The email as workers/mail.py built it before: EmailMessage, default policy."""
    message = EmailMessage()
    for name, value in headers:
        message[name] = value
    message.set_content(text)
    message.add_alternative(html, subtype="html")
    for data, cid, filename in pictures:
        message.get_payload()[1].add_related(data, maintype="image", subtype="png", cid=cid, filename=filename,
                                             disposition="inline")
    return bytes(message)


def same_boundaries(raw: bytes) -> bytes:
    found = list(dict.fromkeys(re.findall(rb'boundary="([^"]+)"', raw)))
    for i, boundary in enumerate(found):
        raw = raw.replace(boundary, b"BOUNDARY-%d" % i)
    return raw


@pytest.mark.parametrize("pictures", [[], [(PNG, "<1.2.3@localhost>", "around.png")],
                                      [(PNG[:100], "<4.5.6@localhost>", "table.png")]])
@pytest.mark.parametrize("text", TEXTS)
def test_the_bytes_are_the_standard_library_s(text, pictures):
    html = f"<html><body><p>{text}</p>{'<img src=x>' * 20}</body></html>"
    written = mime.write(HEADERS, text, html, pictures)
    assert same_boundaries(bytes(written)) == same_boundaries(standard(HEADERS, text, html, pictures))


@pytest.mark.parametrize("odd", ODD_HEADERS)
def test_a_header_not_plain_is_folded_as_the_standard_library_folds_it(odd):
    headers = [h for h in HEADERS if h[0] != odd[0]] + [odd]
    written = bytes(mime.write(headers, "text\n", "<p>html</p>\n"))
    assert same_boundaries(written) == same_boundaries(standard(headers, "text\n", "<p>html</p>\n", []))
    read = message_from_bytes(written, policy=policy.default)
    assert str(read[odd[0]]) == (odd[1] if "=?" not in odd[1] else "café and  two spaces")


def test_what_is_handed_on_reads_back_as_a_message():
    written = mime.write(HEADERS, "Twoja kolej.\n", "<p>Twoja kolej.</p>\n", [(PNG, "<7.8.9@localhost>", "around.png")])
    assert written.header("Message-ID") == "<abcdefgh.your_turn-3-us@localhost>" and written.header("Bcc") is None
    assert str(written["Reply-To"]) == "play+abcdefgh.us.87.cf32422bc6572cb2fadd@localhost"
    assert written.get_body(("plain",)).get_content() == "Twoja kolej.\n"
    assert written.get_body(("html",)).get_content() == "<p>Twoja kolej.</p>\n"
    picture, = [p for p in written.walk() if p.get_content_type() == "image/png"]
    assert picture.get_content() == PNG and picture["Content-ID"] == "<7.8.9@localhost>"
    assert picture.get_filename() == "around.png" and picture.get_content_disposition() == "inline"
    assert written.as_bytes() == bytes(written) and b"\r" not in bytes(written)


def test_an_email_written_here_goes_over_smtp_as_written(smtp_server, tmp_path):
    written = mime.write(HEADERS, "Twoja kolej: żółć.\n" + LONG, "<p>Twoja kolej.</p>\n",
                         [(PNG, "<7.8.9@localhost>", "table.png")])
    settings = type("S", (), {"smtp_url": smtp_server.url, "smtp_timeout": 10, "outbox_dir": tmp_path})()
    mail.send(written, settings)                 # type: ignore[arg-type]
    received, = smtp_server.inbox.to("us@example.org")
    assert received.as_bytes() == written.parsed.as_bytes()
    assert smtp_server.inbox.text(received) == "Twoja kolej: żółć.\n" + LONG + "\n"
