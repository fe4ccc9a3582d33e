"""One-click unsubscribe (RFC 8058): the List-Unsubscribe address of every email mutes that seat
at that table. A GET only shows a button, so a mail scanner opening the link changes nothing.
Both pages speak the seat's language (the email the link came in was in it)."""

from typing import Any

from flask import Blueprint, g as request_globals, render_template

import i18n
import tables
from tables import framing, preferences, signing

from . import languages
from .extensions import services

blp = Blueprint("mute", __name__)


def _seat(token: str) -> tuple[tables.Table, str] | None:
    fields = signing.verify(services().settings.secret_key, "mute", token, 2)
    if fields is None:
        return None
    try:
        table = tables.load(services().store, fields[0])
    except tables.NotFound:
        return None
    if fields[1] not in table.seats:
        return None
    request_globals.language = i18n.known(preferences.language(services().store, table, fields[1]))
    return table, fields[1]


def _unknown() -> tuple[str, int]:
    spoken = languages.current()
    return render_template("message.html", title=i18n.gettext("Unknown link", spoken),
                           text=i18n.gettext("This link is not one this server gave out.", spoken)), 404


@blp.get("/mute/<token>")
def confirm(token: str) -> Any:
    found = _seat(token)
    if found is None:
        return _unknown()
    table, seat = found
    return render_template("mute.html", title=table.game.title, table=table.id,
                           seat=framing.seat_name(table.game, seat, languages.current()))


@blp.post("/mute/<token>")
def mute(token: str) -> Any:
    found = _seat(token)
    if found is None:
        return _unknown()
    table, seat = found
    preferences.choose(services().store, table, seat, "mute")
    spoken = languages.current()
    return render_template("message.html", title=i18n.gettext("No more emails from this game", spoken),
                           text=i18n.gettext("%(title)s #%(table)s: you (%(seat)s) will get no more emails from this "
                                             "game. To hear from it again, reply 'immediate' to any of its emails, or "
                                             "choose on your seat's page.", spoken, title=table.game.title,
                                             table=table.id, seat=framing.seat_name(table.game, seat, spoken)))
