"""Reading a reply: the command is what the player wrote above the quote and the signature."""

from tables.mailparse import command_of, html_to_text, parse


def test_gmail_style_quote_and_signature_are_cut():
    text = "3\n\nOn Sat, 21 Nov 2026 at 10:00, PBEM <pbem@x> wrote:\n> 1. A1\n> 2. A2\n"
    assert command_of(text) == "3"
    assert command_of("hacker b2 n\n-- \nAnn, sent with love\n") == "hacker b2 n"
    assert command_of("  2  \n\nSent from my iPhone\n") == "2"


def test_outlook_style_quote_is_cut():
    text = "2\r\n\r\n________________________________\r\nFrom: PBEM <pbem@x>\r\nSent: Saturday\r\n1. A1\r\n"
    assert command_of(text) == "2"
    assert command_of("yes\n-----Original Message-----\nFrom: x\n") == "yes"


def test_other_languages_quote_headers():
    assert command_of("1\nLe sam. 21 nov. 2026 à 10:00, PBEM a écrit :\n> x") == "1"
    assert command_of("1\nAm Sa., 21. Nov. 2026 um 10:00 schrieb PBEM <p@x>:\n> x") == "1"


def test_html_only_reply_is_read_as_text_without_its_quote():
    markup = "<html><body><div>4</div><br><blockquote><p>1. A1</p><p>2. A2</p></blockquote></body></html>"
    assert command_of(html_to_text(markup)) == "4"


def test_parse_finds_the_reply_token_among_the_recipients():
    raw = (b"From: Ann <ANN@example.org>\r\nTo: Game <play+abc.north.3.ff@games.example>\r\n"
           b"Message-ID: <m1@x>\r\nSubject: Re: hi\r\n\r\n2\r\n")
    reply = parse(raw)
    assert (reply.sender, reply.token, reply.message_id, reply.command) == \
        ("ann@example.org", "abc.north.3.ff", "<m1@x>", "2")
    assert parse(raw.replace(b"play+", b"other+"), ["play+t.s.1.m@games.example"]).token == "t.s.1.m"
