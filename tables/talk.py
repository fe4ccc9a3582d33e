"""Talk at a table (issues 14 and 22): what the players say beside the game, in three channels.

- ``say``: the table's talk, read by every seat; a message is emailed to the other human players.
- ``team``: a team's channel (La Famiglia): the seat's partner only, never the other team. In a
  co-operative game (Jagged Alliance) every seat plays on one side, so the table's talk serves.
- ``note``: the seat's private notes: nobody else reads them, during the game or after it.

Written by a reply (``say:``, ``team:``, ``note:``, or a line of a reply that is not a move:
tables/reply_lines.py), by the seat page's boxes or by the API. Kept beside the table's log
(store/talk_log.py), never in it: a message never moves the seq, and no export holds one.
"""

from typing import Any
from urllib.parse import quote

import i18n
from store import TableStore, talk_log

from .auth import link_key
from .errors import Invalid
from .model import Table
from .notices import MailSettings, reply_token

SAY, TEAM, NOTE = "say", "team", "note"
KINDS = (SAY, TEAM, NOTE)
MAX_CHARS = 4000
WRITTEN = {SAY: "a message to the table", TEAM: "a team message", NOTE: "a note"}


def team_of(table: Table, seat: str | None) -> str | None:
    return table.game.team_of(seat) if seat else None


def channel(table: Table, seat: str, kind: str) -> str:
    """Where ``seat`` writes in ``kind``; raises Invalid for a team channel the game does not have."""
    if kind == NOTE:
        return f"note:{seat}"
    team = team_of(table, seat)
    if kind == TEAM and team is not None:
        return f"team:{team}"
    if kind == TEAM and not table.game.coop:
        raise Invalid(f"{table.game.title} is not played in teams: there is no team channel. "
                      "'say:' writes to every player.", code="no_team")
    return "table"


def readers(table: Table, seat: str, kind: str) -> list[str]:
    """The other human players a message of ``seat`` reaches by email (a bot reads nothing)."""
    if kind == NOTE:
        return []
    team = team_of(table, seat) if kind == TEAM else None
    members = table.game.teams[team] if team else table.seats
    return [s for s in members if s != seat and not table.is_bot(s) and table.seats.get(s, {}).get("email")]


def partners(table: Table, seat: str) -> list[str]:
    """The seat's teammates that a person plays (in a co-op game: every other player)."""
    return readers(table, seat, TEAM)


def post(store: TableStore, table: Table, seat: str, kind: str, text: str, now: float, via: str,
         idempotency: str | None = None) -> dict[str, Any]:
    """Keep what ``seat`` wrote; raises Invalid when the message is empty or too long, or the
    channel does not exist."""
    where = channel(table, seat, kind)
    text = "\n".join(line.rstrip() for line in str(text).replace("\r\n", "\n").split("\n")).strip()
    if not text:
        raise Invalid(f"{WRITTEN[kind].capitalize()} with nothing in it was not kept: write something first.",
                      code="empty_message")
    if len(text) > MAX_CHARS:
        raise Invalid(f"A message is at most {MAX_CHARS} characters; this one has {len(text)}.",
                      code="message_too_long")
    record = {"at": round(now, 3), "seat": seat, "name": table.seats[seat]["name"], "text": text, "via": via,
              "seq": table.seq, "kind": SAY if where == "table" else kind}    # a co-op team is the table
    return talk_log.post(store, table.id, where, record, idempotency)


def messages(store: TableStore, table: Table, seat: str | None, kind: str, since: int = 0) -> list[dict[str, Any]]:
    """What ``seat`` may read in ``kind``: the table's talk, its own team's, its own notes; an
    observer reads nothing."""
    if seat is None or seat not in table.seats:
        return []
    try:
        where = channel(table, seat, kind)
    except Invalid:
        return []
    return talk_log.read(store, table.id, where, since)


def message(store: TableStore, table: Table, seat: str, kind: str, n: int) -> dict[str, Any] | None:
    """Message ``n`` of the channel ``seat`` wrote it in."""
    return next((r for r in talk_log.read(store, table.id, channel(table, seat, kind), n - 1) if r["n"] == n), None)


def email(table: Table, record: dict[str, Any], to: str, m: MailSettings) -> dict[str, Any]:
    """The email that brings a message to another player: the message, who wrote it, whom to, and
    the seat's reply address as it is now (a reply is a move, a message or a command, as always:
    the email never stands in for a turn's email)."""
    base = m.public_url.rstrip("/")
    info = table.seats[to]
    kind = record.get("kind", TEAM)
    others = [table.seats[s]["name"] for s in readers(table, record["seat"], kind) if s != to]
    return {"kind": "team_message" if kind == TEAM else "table_message", "table": table.id,
            "game": table.game.name, "title": table.game.title, "seat": to, "name": info["name"], "to": info["email"],
            "seq": table.seq, "from_seat": record["seat"], "from_name": record["name"], "text": record["text"],
            "n": record["n"], "also": others, "team": team_of(table, to) is not None,
            "language": i18n.known(info.get("language")),     # or the one chosen by reply (workers/mail.py)
            "reply_to": f"play+{reply_token(m.secret_key, table.id, to, table.seq)}@{m.reply_domain}",
            "link": f"{base}/play/{table.id}?token={quote(link_key(m.secret_key, table.id, to))}#seat-talk"}
