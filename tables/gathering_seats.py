"""What the people of a gathering do to its seats (issue 21): an invited player accepts or
declines, a stranger takes an open seat, the creator fills a seat again (another person, a bot,
or open) or gives the game up; and what time does: an invitation lapses after 7 days, a gathering
in which nothing happens for 14 days is given up. Each change is a compare-and-set of the seat
as it was read: a second click, an old link or a late second taker finds the seat changed and is
told so in a sentence.
"""

import json
import secrets
from typing import Any

from i18n import N_
from store import TableStore
from store import gatherings as kept

from . import gathering_check
from .start import language as checked_language
from .errors import Closed, Forbidden, Invalid
from .gathering import (IDLE, INVITATION, KEPT_AFTER, READY, VACANT, Gathering, expect_mail, invite, mail, need,
                        seat_field, start_if_ready, wind_up)
from .gathering_check import refusal

JOIN_TTL = 86400                  # an open seat's join request waits 24 h for its email's confirmation
ASSIGNABLE = ("invited", "open", "bot", *VACANT)


def _seat(g: Gathering, seat: str) -> dict[str, Any]:
    if g.status == "started":
        raise refusal(Closed, N_("This game has started already."), "started")
    if g.status != "gathering":
        raise refusal(Closed, N_("This game is not waiting for players any more."), "not_gathering")
    if seat not in g.seats:
        raise refusal(Invalid, N_("%(title)s has no seat %(seat)s."), "bad_seat", title=g.game.title, seat=repr(seat))
    return g.seats[seat]


def _changed(store: TableStore, g: Gathering, seat: str, new: dict[str, str], now: float) -> Gathering:
    """Set the seat's new fields if the seat is as read; then start the table if it is full."""
    expect_mail(store, g.id, now)
    if not kept.change(store, g.id, {seat_field(seat): g.raw[seat_field(seat)]},
                       {**new, "changed": str(round(now, 3))}):
        raise refusal(Closed, N_("Someone changed this seat a moment ago; look again."), "seat_changed")
    kept.schedule(store, g.id, now + IDLE)
    return start_if_ready(store, need(store, g.id), now)


def answer(store: TableStore, gid: str, seat: str, n: int, accept: bool, now: float) -> Gathering:
    """The invited person's answer to invitation ``n`` for ``seat``."""
    g = need(store, gid)
    info = _seat(g, seat)
    if info.get("n") != n or info["state"] not in ("invited", "accepted", "declined", "lapsed"):
        raise refusal(Closed, N_("This invitation was withdrawn: the seat went to someone else."), "withdrawn")
    if info["state"] == "accepted":
        raise refusal(Closed, N_("You accepted this invitation already; the game starts when every seat is filled."),
                      "already_accepted")
    if info["state"] == "declined":
        raise refusal(Closed, N_("You declined this invitation already; the creator was told."), "already_declined")
    if info["state"] == "lapsed":
        raise refusal(Closed, N_("This invitation lapsed (it was not answered within 7 days); the creator was told."),
                      "lapsed")
    kept.unschedule(store, f"{gid}/{seat}/{n}")
    if accept:
        return _changed(store, g, seat, {seat_field(seat): json.dumps({**info, "state": "accepted", "at": now})}, now)
    kept.index_player(store, info["email"], gid, False)
    return _changed(store, g, seat, {seat_field(seat): json.dumps({**info, "state": "declined", "at": now}),
                                     f"mail:vacant-{seat}-{n}": mail("gathering_vacant", g.creator["email"], now,
                                                                      seat=seat, n=n, why="declined")}, now)


def assign(store: TableStore, gid: str, seat: str, spec: dict[str, Any], now: float) -> Gathering:
    """The creator gives ``seat`` to another person (an invitation goes out), to a bot, or opens it."""
    g = need(store, gid)
    info = _seat(g, seat)
    if info["state"] not in ASSIGNABLE:
        raise Closed(f"The {seat} seat is {_said(info)}; it cannot be given to anyone else now.", code="seat_filled")
    filled = gathering_check.seat_spec(spec, g.game, seat)
    if filled["kind"] == "bot":
        bots = {s: i["bot"] for s, i in g.seats.items() if i["state"] == "bot" and s != seat} | {seat: filled["bot"]}
        gathering_check.bots_allowed(g.game, g.doc["options"], bots)
    if filled["kind"] == "person":
        others = {s: i for s, i in g.seats.items() if s != seat and i.get("email") and i["state"] not in VACANT}
        gathering_check.one_address_each(g.game, [(s, i["email"]) for s, i in others.items()] + [(seat, filled["email"])])
    kept.unschedule(store, f"{gid}/{seat}/{info.get('n', 0)}")
    if info.get("email"):
        kept.index_player(store, info["email"], gid, False)
    n = int(info.get("n") or 0)
    if filled["kind"] == "person":
        kept.index_player(store, filled["email"], gid, True)
        new = invite(store, g, seat, {**filled, "n": n}, now)
    elif filled["kind"] == "bot":
        new = {seat_field(seat): json.dumps({"state": "bot", "bot": filled["bot"], "name": filled["name"], "n": n,
                                             "at": now})}
    else:
        new = {seat_field(seat): json.dumps({"state": "open", "n": n + 1, "at": now})}
        if g.doc["public"]:
            kept.publish(store, gid, now)
    return _changed(store, g, seat, new, now)


def ask_to_join(store: TableStore, gid: str, seat: str, name: str, email: str, now: float,
                language: str | None = None) -> str:
    """A stranger asks for an open seat: their address must be confirmed by the link emailed to it
    (first confirmed, first seated), in ``language`` (their confirmation, and the seat's once taken).
    Returns the request's nonce."""
    g = need(store, gid)
    info = _seat(g, seat)
    if info["state"] != "open":
        raise refusal(Closed, N_("The %(seat)s seat is not open any more: someone took it first."), "seat_taken", seat=seat)
    email = gathering_check.address(email, "Your email")
    name = gathering_check.person_name(name, email, "Your name")
    chosen = checked_language("Your language", language)
    if kept.never(store, email):
        raise refusal(Invalid, N_("%(email)s has asked this server never to email it, so it cannot confirm a seat."),
                      "address_refuses_mail", email=email)
    holders = [(s, i["email"]) for s, i in g.seats.items() if i.get("email") and i["state"] in READY]
    gathering_check.one_address_each(g.game, holders + [(seat, email)])
    nonce = secrets.token_hex(8)
    kept.put_join(store, gid, nonce, {"seat": seat, "name": name, "email": email, "open": g.raw[seat_field(seat)],
                                      **chosen}, JOIN_TTL)
    expect_mail(store, gid, now)
    if not kept.change(store, gid, {}, {f"mail:join-{nonce}": mail("gathering_join", email, now, seat=seat,
                                                                   nonce=nonce, **chosen)}):
        raise refusal(Closed, N_("This game is not waiting for players any more."), "not_gathering")
    return nonce


def take(store: TableStore, gid: str, nonce: str, now: float) -> tuple[Gathering, str]:
    """A join request's address is confirmed: the seat is theirs, unless someone took it first.
    Returns the gathering and the seat."""
    asked = kept.get_join(store, gid, nonce)
    if asked is None:
        raise refusal(Closed, N_("This link has expired (it works for 24 hours) or was used already."), "join_expired")
    g = need(store, gid)
    seat = asked["seat"]
    if g.status == "started" or g.seats.get(seat, {}).get("state") != "open":
        kept.drop_join(store, gid, nonce)
        raise refusal(Closed, N_("Sorry: someone else took the %(seat)s seat first."), "seat_taken", seat=seat)
    info = _seat(g, seat)
    taken = {"state": "taken", "name": asked["name"], "email": asked["email"], "n": info.get("n", 0), "at": now,
             **checked_language("Your language", asked.get("language"))}
    kept.index_player(store, asked["email"], gid, True)
    try:
        done = _changed(store, g, seat, {seat_field(seat): json.dumps(taken), f"mail:taken-{seat}-{nonce}": mail(
            "gathering_taken", g.creator["email"], now, seat=seat)}, now)
    except Closed:
        kept.index_player(store, asked["email"], gid, False)
        raise refusal(Closed, N_("Sorry: someone else took the %(seat)s seat first."), "seat_taken", seat=seat) from None
    kept.drop_join(store, gid, nonce)
    if not any(i["state"] == "open" for i in done.seats.values()):
        kept.publish(store, gid, None)
    return done, seat


def give_up(store: TableStore, gid: str, now: float, why: str) -> Gathering:
    """The creator cancels (``why`` "cancelled"), or nothing happened for 14 days ("idle"): everyone
    who accepted or took a seat is told, and the creator."""
    g = need(store, gid)
    if g.status != "gathering":
        raise refusal(Closed, N_("This game is not waiting for players any more."), "not_gathering")
    told = {g.creator["email"], *(i["email"] for i in g.seats.values() if i["state"] in ("accepted", "taken"))}
    new = {"status": "cancelled", **{f"mail:cancelled-{n}": mail("gathering_cancelled", email, now, why=why)
                                     for n, email in enumerate(sorted(told))}}
    expect_mail(store, gid, now)
    if not kept.change(store, gid, {"status": "gathering"}, new, ttl=KEPT_AFTER):
        raise refusal(Closed, N_("This game is not waiting for players any more."), "not_gathering")
    wind_up(store, g)
    if g.doc.get("rematch_of"):
        kept.forget_rematch(store, g.doc["rematch_of"], gid)
    return need(store, gid)


def lapse(store: TableStore, member: str, now: float) -> list[str]:
    """A due time passed: an invitation ("<id>/<seat>/<n>") lapses and the creator is told, or an
    idle gathering ("<id>") is given up. Returns the gatherings whose emails to queue."""
    kept.unschedule(store, member)
    gid, _, rest = member.partition("/")
    g = need(store, gid) if kept.read(store, gid) else None
    if g is None or g.status != "gathering":
        return []
    if not rest:
        changed = float(g.raw.get("changed") or g.raw.get("confirmed") or 0)
        if now - changed < IDLE:                           # something happened since: look again later
            kept.schedule(store, gid, changed + IDLE)
            return []
        give_up(store, gid, now, "idle")
        return [gid]
    seat, _, n = rest.partition("/")
    info = g.seats.get(seat)
    if info is None or info["state"] != "invited" or str(info.get("n")) != n or now - info["at"] < INVITATION - 1:
        return []
    kept.index_player(store, info["email"], gid, False)
    _changed(store, g, seat, {seat_field(seat): json.dumps({**info, "state": "lapsed", "at": now}),
                              f"mail:vacant-{seat}-{n}": mail("gathering_vacant", g.creator["email"], now,
                                                              seat=seat, n=int(n), why="lapsed")}, now)
    return [gid]


def creator_only(g: Gathering, email: str | None) -> None:
    if email is None or email.lower() != g.creator["email"].lower():
        raise refusal(Forbidden, N_("Only the player who set up this game can change its seats."), "not_creator")


def _said(info: dict[str, Any]) -> str:
    return {"creator": "the creator's", "accepted": f"{info.get('name')}'s (they accepted)",
            "taken": f"{info.get('name')}'s"}.get(info["state"], info["state"])
