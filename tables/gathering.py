"""Tables that players set up themselves (issue 21): a gathering is a table filling its seats.

A player asks for a game (the page, the API or an email to new@); nothing goes to anyone else
until they confirm by email that the address is theirs. Confirming gives the table its id and
the commitment to its secret seed, and invites the other players: each accepts or declines, an
open seat is taken by the first person who confirms their address, a bot needs nobody. When every
seat is filled the table starts with that id and seed (tables/start.py) and the table's own
emails take over. Each gathering lives in one Redis hash (store/gatherings.py) whose changes are
compare-and-set: two people taking the last open seat at once cannot both have it.

Emails are written into the gathering with the change that calls for them (``mail:<name>``
fields); the caller queues them, and a sweep queues any that a killed process left (so a change
is never without its emails, nor its emails without the change). Every use case takes ``now``.
"""

import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass
from typing import Any

import games
from games.core import Game
from i18n import N_
from store import TableExists, TableStore
from store import gatherings as kept

from . import gathering_check
from .auth import link_key
from .errors import Closed, Forbidden, Invalid, NotFound
from .gathering_check import refusal
from .start import new_table_id, start

UNCONFIRMED = 86400            # a request lapses unconfirmed after 24 h
INVITATION = 7 * 86400         # an invitation not answered lapses after 7 days
IDLE = 14 * 86400              # a gathering in which nothing happens for 14 days is given up
KEPT_AFTER = 7 * 86400         # a started or given-up gathering's record answers old links this long
MAIL_RETRY = 60.0              # the sweep queues an email still unsent this long after its change
READY = ("creator", "accepted", "bot", "taken")
VACANT = ("declined", "lapsed", "refused")


@dataclass
class Gathering:
    id: str
    doc: dict[str, Any]
    status: str                          # unconfirmed | gathering | started | cancelled
    seats: dict[str, dict[str, Any]]     # seat -> {"state", "name", "email", "bot", "n", "at"}
    raw: dict[str, str]                  # the fields as stored: what a change expects unchanged
    seed: str

    @property
    def game(self) -> Game:
        return games.get(self.doc["game"])

    @property
    def creator(self) -> dict[str, str]:
        return self.doc["creator"]

    def ready(self) -> bool:
        return all(info["state"] in READY for info in self.seats.values())

    def waiting_on(self) -> list[str]:
        return [seat for seat in self.doc["order"] if self.seats[seat]["state"] not in READY]

    def people(self) -> list[str]:
        """The addresses this gathering has a person at or an invitation out to."""
        return sorted({info["email"].lower() for info in self.seats.values()
                       if info.get("email") and info["state"] in ("creator", "invited", "accepted", "taken")})

    def mails(self) -> list[str]:
        return sorted(field for field in self.raw if field.startswith("mail:"))


def load(store: TableStore, gid: str) -> Gathering | None:
    raw = kept.read(store, gid)
    if raw is None or "doc" not in raw:
        return None
    seats = {field[5:]: json.loads(value) for field, value in raw.items() if field.startswith("seat:")}
    return Gathering(gid, json.loads(raw["doc"]), raw["status"], seats, raw, raw.get("seed", ""))


def need(store: TableStore, gid: str) -> Gathering:
    found = load(store, gid)
    if found is None:
        raise refusal(NotFound, N_("There is no game waiting for players here: it started, lapsed or was given up."),
                      "unknown_gathering")
    return found


def mail(kind: str, to: str, now: float, **more: Any) -> str:
    """An email a change calls for, as stored in the gathering until it is sent."""
    return json.dumps({"kind": kind, "to": to, "at": round(now, 3), **more})


def spoken(info: dict[str, Any]) -> dict[str, str]:
    """A person's language, carried from the request to the invitation to the table (English: nothing)."""
    return {"language": info["language"]} if info.get("language") else {}


def seat_field(seat: str) -> str:
    return "seat:" + seat


def expect_mail(store: TableStore, gid: str, now: float) -> None:
    """Before a change that writes emails: the sweep will queue them if nothing else does."""
    kept.schedule(store, f"{gid}/mail", now + MAIL_RETRY)


def ask(store: TableStore, body: dict[str, Any], now: float, rematch_of: str | None = None,
        unread: list[str] | None = None) -> Gathering:
    """A new request, kept unconfirmed for 24 hours; the creator's confirmation email goes with it
    (``unread``: the lines of an email to new@ that were not read, named in that email)."""
    request = gathering_check.check(body)
    creator = request["creator"]
    if kept.never(store, creator["email"]):
        raise refusal(Invalid, N_("%(email)s has asked this server never to email it, so no game can be started "
                                  "from it. The page the server's emails link to ('never email me') can undo that."),
                      "address_refuses_mail", email=creator["email"])
    gid, seed = new_table_id(), secrets.token_bytes(32)
    seats = {creator["seat"]: {"state": "creator", "name": creator["name"], "email": creator["email"], "at": now,
                               **spoken(creator)}}
    for seat, spec in request["seats"].items():
        seats[seat] = {"state": {"person": "asked", "bot": "bot", "open": "open"}[spec["kind"]], "n": 0, "at": now,
                       **{k: v for k, v in spec.items() if k != "kind"}}
    doc = {key: request[key] for key in ("game", "options", "time_control", "on_timeout", "host", "creator",
                                         "order", "public")}
    doc.update({"id": gid, "created": round(now, 3), "seed_sha256": hashlib.sha256(seed).hexdigest(),
                "rematch_of": rematch_of})
    fields = {"doc": json.dumps(doc), "seed": seed.hex(), "status": "unconfirmed",
              **{seat_field(seat): json.dumps(info) for seat, info in seats.items()}}
    if rematch_of is None:
        fields["mail:confirm"] = mail("gathering_confirm", creator["email"], now, unread=unread or [])
    expect_mail(store, gid, now)
    if not kept.create(store, gid, fields, UNCONFIRMED):
        raise refusal(Closed, N_("The server could not take this request just now; send it again."), "busy")
    found = load(store, gid)
    assert found is not None
    return found


def confirm(store: TableStore, gid: str, now: float) -> Gathering:
    """The creator owns the address: invite the others (each once), open the open seats; the table
    starts at once if nobody else is asked. Raises Closed when it was confirmed already."""
    g = need(store, gid)
    if g.status != "unconfirmed":
        raise refusal(Closed, N_("This game was confirmed already; its invitations went out then."), "already_confirmed")
    new: dict[str, str] = {"status": "gathering", "confirmed": str(round(now, 3))}
    for seat, info in g.seats.items():
        if info["state"] == "asked":
            new.update(invite(store, g, seat, info, now))
    new["mail:ready"] = mail("gathering_ready", g.creator["email"], now)
    for email in {g.creator["email"], *(i["email"] for i in g.seats.values() if i["state"] == "asked")}:
        kept.index_player(store, email, gid, True)
    kept.schedule(store, gid, now + IDLE)
    expect_mail(store, gid, now)
    if not kept.change(store, gid, {"status": "unconfirmed"}, new, ttl=None):
        raise refusal(Closed, N_("This game was confirmed already; its invitations went out then."), "already_confirmed")
    g = need(store, gid)
    if g.doc["public"] and any(i["state"] == "open" for i in g.seats.values()):
        kept.publish(store, gid, now)
    return start_if_ready(store, g, now)


def invite(store: TableStore, g: Gathering, seat: str, info: dict[str, Any], now: float) -> dict[str, str]:
    """The fields that invite ``info``'s person to ``seat`` (a new invitation number, so that an
    older one's links stop working), or that mark the seat refused when the address asked never to
    be emailed (the creator is told)."""
    n = int(info.get("n") or 0) + 1
    person = {"name": info["name"], "email": info["email"], "n": n, "at": now, **spoken(info)}
    if kept.never(store, info["email"]):
        return {seat_field(seat): json.dumps({**person, "state": "refused"}),
                f"mail:vacant-{seat}-{n}": mail("gathering_vacant", g.creator["email"], now, seat=seat, n=n,
                                                 why="refused")}
    kept.schedule(store, f"{g.id}/{seat}/{n}", now + INVITATION)
    return {seat_field(seat): json.dumps({**person, "state": "invited"}),
            f"mail:invite-{seat}-{n}": mail("gathering_invite", info["email"], now, seat=seat, n=n)}


def start_if_ready(store: TableStore, g: Gathering, now: float) -> Gathering:
    """Every seat filled: the table starts with the gathering's id and seed (a second try finds it
    made: the same table either way). The gathering is kept a while so that old links answer."""
    if g.status != "gathering" or not g.ready():
        return g
    seats = {seat: ({"bot": info["bot"], "name": info["name"]} if info["state"] == "bot"
                    else {"name": info["name"], "email": info["email"], **spoken(info)})
             for seat, info in g.seats.items()}
    try:
        start(store, g.doc["game"], g.doc["options"], seats, now, table_id=g.id, seed=bytes.fromhex(g.seed),
              time_control=g.doc["time_control"], on_timeout=g.doc["on_timeout"], host=g.doc.get("host"))
    except TableExists:
        pass
    kept.change(store, g.id, {"status": "gathering"}, {"status": "started", "started": str(round(now, 3))},
                ttl=KEPT_AFTER)
    wind_up(store, g)
    return need(store, g.id)


def wind_up(store: TableStore, g: Gathering) -> None:
    """Nothing of a gathering that started or was given up stays in the indexes."""
    for email in {i["email"] for i in g.seats.values() if i.get("email")}:
        kept.index_player(store, email, g.id, False)
    kept.unschedule(store, g.id, *(f"{g.id}/{seat}/{info.get('n', 0)}" for seat, info in g.seats.items()))
    kept.publish(store, g.id, None)


def seat_of(g: Gathering, token: str | None, secret_key: str) -> str | None:
    """The seat a seat link's key names at this gathering (the key of the table it becomes); None
    without one. A wrong key is refused."""
    if not token:
        return None
    seat = token.split(".", 1)[0]
    if token.isascii() and seat in g.seats and hmac.compare_digest(token, link_key(secret_key, g.id, seat)):
        return seat
    raise refusal(Forbidden, N_("That link does not belong to any seat at this game."), None)
