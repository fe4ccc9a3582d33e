"""The team channel of a game played in teams (La Famiglia, issue 14): a seat writes to its
partner only, by a reply starting with ``team:``, from the seat page, or by the API. The messages
are kept per team beside the table's log (store/team_log.py) and read by team: a seat reads its
own team's, an observer and the other team none, during the game and after it.
"""

from typing import Any
from urllib.parse import quote

from store import TableStore, team_log

from .auth import link_key
from .errors import Invalid
from .model import Table
from .notices import MailSettings, reply_token

PREFIX = "team:"
MAX_CHARS = 4000


def team_of(table: Table, seat: str | None) -> str | None:
    return table.game.team_of(seat) if seat else None


def partners(table: Table, seat: str) -> list[str]:
    """The seat's teammates that a person plays (a bot reads no messages)."""
    team = team_of(table, seat)
    return [s for s in table.game.teams.get(team, ()) if s != seat and table.seats.get(s, {}).get("email")]


def addressed(lines: list[str]) -> str | None:
    """The message of a reply whose first line starts with ``team:`` (the rest of the reply with
    it), else None."""
    if not lines or not lines[0].strip().lower().startswith(PREFIX):
        return None
    first = lines[0].strip()[len(PREFIX):].strip()
    return "\n".join([first, *lines[1:]]).strip()


def post(store: TableStore, table: Table, seat: str, text: str, now: float, via: str,
         idempotency: str | None = None) -> dict[str, Any]:
    """Keep a message from ``seat`` to its team; raises Invalid when the game has no teams or the
    message is empty or too long."""
    team = team_of(table, seat)
    if team is None:
        raise Invalid(f"{table.game.title} is not played in teams: there is no team channel.", code="no_team")
    text = "\n".join(line.rstrip() for line in str(text).replace("\r\n", "\n").split("\n")).strip()
    if not text:
        raise Invalid("The team message is empty: write something after 'team:'.", code="empty_message")
    if len(text) > MAX_CHARS:
        raise Invalid(f"A team message is at most {MAX_CHARS} characters; this one has {len(text)}.",
                      code="message_too_long")
    record = {"at": round(now, 3), "seat": seat, "name": table.seats[seat]["name"], "text": text, "via": via,
              "seq": table.seq}
    return team_log.post(store, table.id, team, record, idempotency)


def messages(store: TableStore, table: Table, seat: str | None, since: int = 0) -> list[dict[str, Any]]:
    """What ``seat`` may read: its own team's messages; nothing for an observer."""
    team = team_of(table, seat)
    return team_log.read(store, table.id, team, since) if team else []


def message(store: TableStore, table: Table, team: str, n: int) -> dict[str, Any] | None:
    return next((m for m in team_log.read(store, table.id, team, n - 1) if m["n"] == n), None)


def email(table: Table, record: dict[str, Any], to: str, m: MailSettings) -> dict[str, Any]:
    """The email that brings a message to a partner: the message, who wrote it, and a reply address
    (a reply starting with 'team:' answers; any other reply is a move, as always)."""
    base = m.public_url.rstrip("/")
    info = table.seats[to]
    return {"kind": "team_message", "table": table.id, "game": table.game.name, "title": table.game.title,
            "seat": to, "name": info["name"], "to": info["email"], "seq": table.seq,
            "from_seat": record["seat"], "from_name": record["name"], "text": record["text"], "n": record["n"],
            "reply_to": f"play+{reply_token(m.secret_key, table.id, to, table.seq)}@{m.reply_domain}",
            "link": f"{base}/play/{table.id}?token={quote(link_key(m.secret_key, table.id, to))}"}
