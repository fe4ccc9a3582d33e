"""What each email of a gathering says, as data for mail_templates/gathering_*: the creator's
confirmation, an invitation, the creator's overview, a seat left empty or taken, a joiner's
confirmation, a gathering given up. Nothing here shows an address to anyone but its owner and
the creator who typed it; nothing shows the seed (only its SHA-256, the table's commitment).
"""

from typing import Any

from games.core import Game

from . import framing, gathering_links
from .deadlines import TIMEOUT_ACTIONS
from .gathering import INVITATION, UNCONFIRMED, Gathering
from .notices import MailSettings, lobby_key

STATES = {"creator": "set up the game", "asked": "to be invited once you confirm", "invited": "invited, not yet answered",
          "accepted": "accepted", "declined": "declined", "lapsed": "did not answer in 7 days",
          "refused": "cannot be emailed (the address asked never to be)", "bot": "a bot", "open": "open: anyone with the link",
          "taken": "took the open seat"}
WHY = {"declined": "declined your invitation", "lapsed": "did not answer your invitation within 7 days",
       "refused": "cannot be invited: that address has asked this server never to email it"}
GIVEN_UP = {"cancelled": "The game was cancelled by the player who set it up.",
            "idle": "Nothing happened at this game for 14 days, so it was given up."}


def links(m: MailSettings) -> gathering_links.Links:
    return gathering_links.Links(m.public_url.rstrip("/"), m.secret_key, m.reply_domain)


def sides(g: Gathering, seat: str) -> dict[str, list[str]]:
    """Who plays with the seat and who against it (teammates and co-op partners are with)."""
    return framing.sides(g.game, {s: {"name": who(info)} for s, info in g.seats.items()}, seat)


def who(info: dict[str, Any]) -> str:
    if info["state"] == "bot":
        return f"the {info['bot']} bot"
    if info["state"] == "open":
        return "an open seat"
    return info.get("name") or "someone"


def time_words(tc: dict[str, Any]) -> str:
    """A time control as a player reads it: "Fast clock: 72 h to start, 12 h more per move (at most 120 h)"."""
    if tc.get("kind") == "clock":
        name = f"{tc['preset'].capitalize()} clock" if tc.get("preset") else "A clock"
        return (f"{name}: {tc['start_hours']:g} h to start, {tc['increment_hours']:g} h more per move "
                f"(at most {tc['cap_hours']:g} h)")
    if tc.get("kind") == "daily":
        return f"A deadline every day at {tc['at']} ({tc['tz']})"
    return f"Untimed: {tc.get('label', '21 days per move')}"


def options_in_words(game: Game, options: dict[str, Any]) -> list[str]:
    """The options that differ from the game's defaults, as 'name: value'."""
    return [f"{name.replace('_', ' ')}: {value}" for name, value in options.items()
            if name in game.options and value != game.options[name]["default"] and name not in ("position", "campaign")]


def _common(g: Gathering, to: str, m: MailSettings) -> dict[str, Any]:
    game, L = g.game, links(m)
    base = m.public_url.rstrip("/")
    return {"to": to, "title": game.title, "game": game.name, "table": g.id, "seat": None,
            "creator_name": g.creator["name"], "creator_seat": g.creator["seat"], "seed_sha256": g.doc["seed_sha256"],
            "time_control": time_words(g.doc["time_control"]),
            "on_timeout": TIMEOUT_ACTIONS[g.doc["on_timeout"]],
            "options": options_in_words(game, g.doc["options"]),
            "seats": [{"seat": seat, "who": who(g.seats[seat]), "state": STATES[g.seats[seat]["state"]]}
                      for seat in g.doc["order"]],
            "rules": L.rules(game.name), "lobby": f"{base}/lobby/{lobby_key(m.secret_key, to)}",
            "rematch_of": g.doc.get("rematch_of"), "status": g.status}


def waiting_words(g: Gathering) -> list[str]:
    """Whom a gathering waits for, in words: "Sofia (southeast) to answer", "someone to take northeast"."""
    out = []
    for seat in g.waiting_on():
        info = g.seats[seat]
        out.append(f"{info.get('name')} ({seat}) to answer" if info["state"] in ("invited", "asked") else
                   f"someone to take {seat}" if info["state"] == "open" else f"a new player for {seat}")
    return out


def content(g: Gathering, descriptor: dict[str, Any], m: MailSettings) -> dict[str, Any]:
    """The email a stored descriptor asks for, as its template reads it."""
    kind, to, L = descriptor["kind"], descriptor["to"], links(m)
    out = {**_common(g, to, m), "kind": kind}
    seat = descriptor.get("seat")
    if kind == "gathering_confirm":
        expires = float(g.doc["created"]) + UNCONFIRMED
        out.update(name=g.creator["name"], confirm=L.confirm(g.id, "new", "-", expires),
                   framing=framing.phrase(g.game, {s: {"name": who(i)} for s, i in g.seats.items()}, g.creator["seat"]),
                   unread=descriptor.get("unread") or [],
                   reply_to=L.confirm_reply(g.id, "new", "-", expires),
                   asked=[{"seat": s, "who": who(i), "email": i.get("email")} for s, i in
                          ((s, g.seats[s]) for s in g.doc["order"]) if s != g.creator["seat"]])
    elif kind == "gathering_invite":
        info, n = g.seats[seat], descriptor["n"]
        out.update(name=info["name"], seat=seat, sides=sides(g, seat),
                   framing=framing.phrase(g.game, {s: {"name": who(i)} for s, i in g.seats.items()}, seat),
                   accept=L.accept(g.id, seat, n), decline=L.decline(g.id, seat, n),
                   reply_to=L.invite_reply(g.id, seat, n), never=L.never(to), unsubscribe=L.never(to),
                   lapses_in_days=INVITATION // 86400)
    elif kind in ("gathering_ready", "gathering_vacant", "gathering_taken"):
        out.update(name=g.creator["name"], seat=None, page=L.seat(g.id, g.creator["seat"]),
                   reply_to=L.manage_reply(g.id),
                   joins=[{"seat": s, "link": L.join(g.id, s)} for s in g.doc["order"] if g.seats[s]["state"] == "open"],
                   vacant=[s for s in g.doc["order"] if g.seats[s]["state"] in WHY],
                   waiting=waiting_words(g), example_seat=seat or _first_vacant(g))
        if seat:
            out.update(about=seat, about_name=g.seats[seat].get("name", ""), why=WHY.get(descriptor.get("why", ""), ""))
    elif kind == "gathering_join":
        expires = descriptor["at"] + 86400
        out.update(name="", seat=None, join_seat=seat,
                   confirm=L.confirm(g.id, "join", descriptor["nonce"], expires),
                   reply_to=L.confirm_reply(g.id, "join", descriptor["nonce"], expires))
    elif kind == "gathering_cancelled":
        out.update(name="", why=GIVEN_UP[descriptor["why"]], new=L.new(), reply_to=f"new@{m.reply_domain}")
    return out


def _first_vacant(g: Gathering) -> str:
    return next((s for s in g.doc["order"] if s != g.creator["seat"]), g.doc["order"][0])
