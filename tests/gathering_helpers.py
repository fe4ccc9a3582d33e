"""Starting a game as a player would, in tests: find the links of the emails a gathering sends,
and press the one button of the page each opens."""

import re

ANN = {"name": "Ann", "email": "ann@example.org"}
BOB = {"name": "Bob", "email": "bob@example.org"}
CAROL = {"name": "Carol", "email": "carol@example.org"}


def link(inbox, message, what):
    """The link of ``what`` (confirm, accept, decline, join, never, rematch, play) in an email's text."""
    found = re.findall(rf"(https?://\S+/{what}/\S+)", inbox.text(message))
    assert found, f"no /{what}/ link in:\n{inbox.text(message)}"
    return found[0]


def path(url):
    """A link of an email as the test client asks for it."""
    return re.sub(r"^https?://[^/]+", "", url)


def kinds(inbox, address):
    return [str(m["X-PBEM-Kind"]) for m in inbox.to(address)]


def latest_of(inbox, address, kind):
    mails = [m for m in inbox.to(address) if m["X-PBEM-Kind"] == kind]
    assert mails, f"{address} has no {kind} email; they have {kinds(inbox, address)}"
    return mails[-1]


def press(client, url, data=None):
    """Open a link's page (which changes nothing), then press its button."""
    assert client.get(path(url)).status_code == 200
    return client.post(path(url), data=data or {})


def ask(client, body):
    answer = client.post("/invitations", json=body)
    assert answer.status_code == 202, answer.json
    return answer.json
