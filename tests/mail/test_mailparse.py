"""Reading a reply: its commands are the player's own words, without quote or signature, and mail
that no person wrote (out-of-office replies, bounces, lists) says so.

The corpus in corpus/ holds replies laid out as real mail clients lay them out; expected.toml says
what each one must give."""

import email
import tomllib
from email import policy
from pathlib import Path

import pytest

from tables.mailparse import MAX_LINE, MAX_LINES, commands, html_to_text, parse, unflow

CORPUS = Path(__file__).parent / "corpus"
EXPECTED = tomllib.loads((CORPUS / "expected.toml").read_text(encoding="utf-8"))


def test_the_corpus_and_its_expectations_name_the_same_files():
    assert sorted(EXPECTED) == sorted(path.name for path in CORPUS.glob("*.eml"))
    people = [name for name, case in EXPECTED.items() if "auto" not in case]
    assert len(people) >= 40 and len(EXPECTED) - len(people) >= 8 and len(BOTH) >= 25


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_corpus_reply(name):
    case = EXPECTED[name]
    reply = parse((CORPUS / name).read_bytes())
    if "auto" in case:
        assert reply.auto is not None and case["auto"] in reply.auto, reply.auto
    else:
        assert reply.auto is None, reply.auto
        assert reply.lines == case["lines"], case["client"]
        assert reply.token and reply.token.count(".") == 3


def message(name: str) -> email.message.EmailMessage:
    return email.message_from_bytes((CORPUS / name).read_bytes(), policy=policy.default)


BOTH = sorted(name for name, case in EXPECTED.items() if "auto" not in case
              and message(name).get_body(("plain",)) and message(name).get_body(("html",)))


@pytest.mark.parametrize("name", BOTH)
def test_html_alternative_reads_as_the_text_one(name):
    """Where a client sent text and HTML, the HTML alone gives the same commands."""
    html = message(name).get_body(("html",)).get_content()
    assert commands(html_to_text(html), parse((CORPUS / name).read_bytes()).sender_name) == EXPECTED[name]["lines"]


def raw(body: str, *headers: str, content_type: str = "text/plain; charset=utf-8") -> bytes:
    head = ["From: Ann Smith <ANN@example.org>", "To: Game <play+abc.north.3.ff@games.example>",
            "Message-ID: <m1@x>", "Subject: Re: hi", *headers, f"Content-Type: {content_type}"]
    return ("\r\n".join(head) + "\r\n\r\n" + body).encode()


def test_parse_reads_the_envelope_of_a_reply():
    reply = parse(raw("2\r\n", "In-Reply-To: <t.turn-3@games.example>",
                      "References: <t.inv@games.example>\r\n <t.turn-3@games.example>"))
    assert (reply.sender, reply.sender_name, reply.token, reply.message_id, reply.subject) == \
        ("ann@example.org", "Ann Smith", "abc.north.3.ff", "<m1@x>", "Re: hi")
    assert reply.in_reply_to == "<t.turn-3@games.example>"
    assert reply.references == ["<t.inv@games.example>", "<t.turn-3@games.example>"]
    assert (reply.lines, reply.command, reply.auto) == (["2"], "2", None)


def test_the_token_may_come_from_the_envelope_and_a_missing_message_id_is_made_up():
    message = raw("2").replace(b"play+", b"other+").replace(b"Message-ID: <m1@x>\r\n", b"")
    reply = parse(message, ["play+t.s.1.m@games.example"])
    assert reply.token == "t.s.1.m" and reply.in_reply_to is None and reply.references == []
    assert reply.message_id.endswith("@no-id>") and reply.message_id == parse(message).message_id


def test_command_joins_the_lines_for_old_callers():
    reply = parse(raw("27 ops woi pakistan\n58 plot us roll 1; hold\n\nThanks,\nAnn\n"))
    assert reply.lines == ["27 ops woi pakistan", "58 plot us roll 1; hold"]     # `;` is read with the game
    assert reply.command == "27 ops woi pakistan 58 plot us roll 1; hold"


def test_lines_are_capped_in_number_and_length():
    assert len(commands("\n".join(str(n) for n in range(500)))) == MAX_LINES
    assert commands("x" * 5000) == ["x" * MAX_LINE]


def test_blank_lines_and_list_bullets_are_dropped():
    assert commands("\n\n  - 1\n\n* north ;  ; 2 \n ; \n•  hold\n") == ["1", "north ;  ; 2", "hold"]


@pytest.mark.parametrize("text", [
    "1\n\nAnn", "1\nAnn Smith\nAcme Ltd | +44 20 7946 0000", "1\n\n~Ann", "1\n\nBest regards,\nAnn Smith",
    "1\n\nThanks!", "1\n\nCheers, Ann", "1\nPozdrawiam\nAnia", "1\n\nAbraços", "1\n\nLiebe Grüße, Ann",
    "1\n\nSent from Outlook", "1\n\nSent from my Galaxy", "1\n\nEnviado do meu smartphone Samsung Galaxy",
    "1\n\nWysłane z aplikacji Poczta dla Windows", "1\n\nEnvoyé de mon iPad", "1\n\nVon meinem iPad gesendet",
    "1\n\nGet Outlook for Android<https://aka.ms/AAb9ysg>",
])
def test_signatures_without_a_dash_line_are_cut(text):
    assert commands(text, "Ann Smith") == ["1"]


def test_a_signature_name_is_cut_only_after_the_first_line():
    assert commands("Ann\n", "Ann Smith") == ["Ann"]
    assert commands("2\nAnn Smithers 3\nannex\nann 2", "Ann Smith") == ["2", "Ann Smithers 3", "annex", "ann 2"]
    assert commands("Smith, Ann <x>\nbest 2", "Smith, Ann") == ["Smith, Ann <x>", "best 2"]
    assert commands("1\nThanks\n", "") == ["1"] and commands("Thanks\n1", "") == ["Thanks", "1"]


@pytest.mark.parametrize("attribution", [
    "Le sam. 21 nov. 2026 à 10:00, PBEM turn server <pbem@games.example> a\nécrit :",
    "Le sam. 21 nov. 2026 à 10:00, PBEM turn server <\npbem@games.example> a écrit :",
    "Am Sa., 21. Nov. 2026 um 10:00 Uhr schrieb PBEM turn server\n<pbem@games.example>:",
    "El sáb, 21 nov 2026 a las 10:00, PBEM turn server (<\npbem@games.example>) escribió:",
    "Em sáb., 21 de nov. de 2026 às 10:00, PBEM turn server <\npbem@games.example> escreveu:",
    "sob., 21 lis 2026 o 10:00 PBEM turn server <pbem@games.example>\nnapisał(a):",
    "On Sat, Nov 21, 2026 at 10:00 AM PBEM turn server <pbem@games.example>\nwrote:",
])
def test_gmail_attributions_wrapped_over_two_lines_are_cut(attribution):
    assert commands(f"1\n\n{attribution}\n\n> 1. A1\n") == ["1"]


def test_an_unknown_language_attribution_above_a_quote_is_dropped():
    text = "1\n\nIl giorno sab 21 nov 2026 alle ore 10:00 PBEM <p@x> ha scritto:\n\n> 1. A1\n> 2. A2\n"
    assert commands(text) == ["1"]
    assert commands("On Sat, PBEM wrote:\n> q\n\n2\nnorth: roll\n> more\n") == ["2", "north: roll"]


def test_html_blockquotes_are_quotes_and_text_below_them_is_kept():
    markup = ("<html><head><style>p {x}</style></head><body><div>4</div><br><blockquote><p>1. A1</p>"
              "<p>2. A2</p></blockquote><div>north&nbsp;</div><pre>a  b\nc</pre></body></html>")
    assert [line for line in html_to_text(markup).split("\n") if line] == ["4", "> 1. A1", "> 2. A2", "north", "a  b", "c"]
    assert commands(html_to_text(markup)) == ["4", "north", "a  b", "c"]


def test_unflow_joins_soft_breaks_at_the_same_quote_depth_only():
    assert unflow("27 ops \nwoi\n> a \n> b\n-- \nAnn") == "27 ops woi\n> a b\n-- \nAnn"
    assert unflow("a \n> b") == "a \n> b"
    assert unflow("27 ops \nwoi", delsp=True) == "27 opswoi"


@pytest.mark.parametrize("headers, fragment", [
    (["Auto-Submitted: auto-replied"], "Auto-Submitted: auto-replied"),
    (["Precedence: bulk"], "Precedence: bulk"),
    (["Precedence: list"], "Precedence: list"),
    (["X-Autoresponder: yes"], "X-Autoresponder"),
    (["List-Id: <games.lists.example>"], "List-Id"),
    (["Return-Path: <>"], "Return-Path"),
])
def test_automatic_mail_says_why(headers, fragment):
    assert fragment in parse(raw("2", *headers)).auto


def test_a_person_is_not_taken_for_a_machine():
    for headers in (["Auto-Submitted: no"], ["Precedence: first-class"], ["X-Autoreply: no"],
                    ["Return-Path: <ann@example.org>"]):
        assert parse(raw("2", *headers)).auto is None
    assert parse(raw("2"), envelope_sender="ann@example.org").auto is None
    assert "empty return path" in parse(raw("2"), envelope_sender="").auto
    assert "bounce" in parse(raw("2").replace(b"ANN@example.org", b"MAILER-DAEMON@mx.example")).auto


def test_a_lying_charset_does_not_crash_the_reader():
    reply = parse(raw("2\r\n", content_type="text/plain; charset=no-such-charset"))
    assert reply.lines == ["2"]
    garbage = parse(b"\xff\xfe no headers at all")
    assert (garbage.sender, garbage.token, garbage.auto) == ("", None, None)
