"""HTML emails as a phone shows them: no sideways scrolling at 375 px, the table drawn."""

import base64

import pytest

from tests.browser.conftest import no_sideways_scroll
from tests.mail.helpers import kind, reply

SEATS = {"clash": {"mcworld": {"name": "Ann", "email": "ann@example.org"},
                   "jihad": {"name": "Bob", "email": "bob@example.org"}},
         "labyrinth": {"us": {"name": "Uma", "email": "uma@example.org"},
                       "jihadist": {"name": "Jay", "email": "jay@example.org"}}}


def as_page(message) -> str:
    """The HTML part with its inline images as data: URLs, as a mail program shows it."""
    html = message.get_body(preferencelist=("html",)).get_content()
    for part in message.walk():
        if part.get_content_type().startswith("image/"):
            cid = str(part["Content-ID"]).strip("<>")
            data = base64.b64encode(part.get_content()).decode()
            html = html.replace(f"cid:{cid}", f"data:{part.get_content_type()};base64,{data}")
    return html


@pytest.mark.parametrize("game", ["clash", "labyrinth"])
def test_turn_and_answer_emails_read_on_a_phone(game, client, run_worker, smtp_server, mail_in, phone, screens):
    client.post("/tables", json={"game": game, "seats": SEATS[game]})
    run_worker()
    inbox = smtp_server.inbox
    turn = next(m for m in inbox.messages if kind(m) == "your_turn")
    reply(mail_in, turn, "1")
    run_worker()
    answer = next(m for m in inbox.messages if kind(m) == "answer")
    for name, message in (("your_turn", turn), ("answer", answer)):
        phone.set_content(as_page(message))
        assert no_sideways_scroll(phone), f"the {name} email scrolls sideways at 375 px"
        drawn = phone.evaluate("[...document.images].map(i => [i.naturalWidth, i.getBoundingClientRect().width])")
        assert drawn and drawn[0][0] >= 600 and drawn[0][1] <= 375, drawn
        phone.screenshot(path=str(screens / f"email-{game}-{name}.png"), full_page=True)
