"""The part of a player's lobby about games not started yet (issue 21): the invitations waiting on
them (accept or decline), and the games they set up or accepted that wait for seats."""

from dataclasses import dataclass
from typing import Any

import i18n
from store import TableStore
from store import gatherings as kept

from . import framing
from .gathering import Gathering, load
from .gathering_notices import links, sides
from .notices import MailSettings


@dataclass
class Waiting:
    gid: str
    title: str
    seat: str
    creator: str                # the name of who set it up
    sides: dict[str, list[str]]
    waiting_on: list[str]
    accept: str | None          # an invitation's links
    decline: str | None
    page: str | None            # the seat's page (the creator changes seats there)
    mine: bool                  # the player set this game up
    label: str = ""             # the seat as the reader's language names it (the page's; not in the JSON)

    def as_dict(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "label"}


def waiting_of(store: TableStore, email: str, m: MailSettings,
               language: str | None = None) -> tuple[list[Waiting], list[Waiting]]:
    """(invitations to answer, games waiting for seats) of ``email``; entries an index still holds
    for a gathering that no longer names the player are dropped from it."""
    email, L = email.lower(), links(m)
    invitations: list[Waiting] = []
    gathering: list[Waiting] = []
    for gid in kept.player_gatherings(store, email):
        g = load(store, gid)
        found = _seat_of(g, email) if g is not None and g.status == "gathering" else None
        if g is None or found is None:
            kept.index_player(store, email, gid, False)
            continue
        seat, info = found
        entry = Waiting(g.id, g.game.title, seat, g.creator["name"], sides(g, seat), g.waiting_on(),
                        None, None, None, seat == g.creator["seat"])
        if i18n.known(language) != i18n.DEFAULT:        # the seats by the names the reader's language gives them
            entry.label = framing.seat_name(g.game, seat, language)
            entry.sides = {k: [framing.label_said(g.game, x, language) for x in v] for k, v in entry.sides.items()}
            entry.waiting_on = [framing.seat_name(g.game, x, language) for x in entry.waiting_on]
        if info["state"] == "invited":
            entry.accept, entry.decline = L.accept(g.id, seat, info["n"]), L.decline(g.id, seat, info["n"])
            invitations.append(entry)
        else:
            entry.page = L.seat(g.id, seat)
            gathering.append(entry)
    return invitations, gathering


def _seat_of(g: Gathering, email: str) -> tuple[str, dict[str, Any]] | None:
    for seat in g.doc["order"]:
        info = g.seats[seat]
        if (info.get("email") or "").lower() == email and info["state"] in ("creator", "invited", "accepted", "taken"):
            return seat, info
    return None
