"""One-click unsubscribe (RFC 8058): the List-Unsubscribe address of every email mutes that seat
at that table. A GET only shows a button, so a mail scanner opening the link changes nothing."""

from typing import Any

from flask import Blueprint, render_template

import tables
from tables import preferences, signing

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
    return (table, fields[1]) if fields[1] in table.seats else None


def _unknown() -> tuple[str, int]:
    return render_template("message.html", title="Unknown link",
                           text="This link is not one this server gave out."), 404


@blp.get("/mute/<token>")
def confirm(token: str) -> Any:
    found = _seat(token)
    if found is None:
        return _unknown()
    table, seat = found
    return render_template("mute.html", title=table.game.title, table=table.id, seat=seat)


@blp.post("/mute/<token>")
def mute(token: str) -> Any:
    found = _seat(token)
    if found is None:
        return _unknown()
    table, seat = found
    preferences.choose(services().store, table, seat, "mute")
    return render_template("message.html", title="No more emails from this game",
                           text=f"{table.game.title} #{table.id}: you ({seat}) will get no more emails from this "
                                "game. To hear from it again, reply 'immediate' to any of its emails, or choose "
                                "on your seat's page.")
