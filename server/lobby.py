"""`/lobby/<key>`: a player's own tables, the ones waiting on them first, the invitations they have
to answer and the games waiting for players (the link is in every email they get; the key is
signed, so it shows nothing to anyone who guesses an address)."""

import time
from datetime import datetime, timezone
from typing import Any

from flask import Blueprint, jsonify, render_template, request

import i18n
from tables import lobby, lobby_gatherings
from workers.mail import mail_settings

from . import languages
from .extensions import services

blp = Blueprint("lobby", __name__)


def _when(ts: float | None) -> str:
    """A moment in the page's language (English as it always was: "Mon 07 Dec 18:00 UTC")."""
    if not ts:
        return ""
    if languages.current() == i18n.DEFAULT:
        return datetime.fromtimestamp(ts, tz=timezone.utc).strftime("%a %d %b %H:%M UTC")
    return i18n.date(ts, languages.current())


@blp.get("/lobby/<key>")
def page(key: str) -> Any:
    s = services()
    email = lobby.lobby_email(s.settings.secret_key, key)
    if email is None:
        return render_template("message.html", title=i18n.gettext("Unknown link", languages.current()),
                               text=i18n.gettext("This link is not one this server gave out.", languages.current())), 404
    m = mail_settings(s.settings, time.time())
    seats = lobby.seats_of(s.store, email, m, languages.current())
    invitations, gathering = lobby_gatherings.waiting_of(s.store, email, m, languages.current())
    if request.accept_mimetypes.best == "application/json" or request.args.get("format") == "json":
        return jsonify({"email": email, "seats": [seat.as_dict() for seat in seats],
                        "invitations": [i.as_dict() for i in invitations], "gathering": [g.as_dict() for g in gathering]})
    return render_template("lobby.html", email=email, seats=seats, when=_when, invitations=invitations,
                           gathering=gathering, yours=sum(1 for seat in seats if seat.status == "your_move")
                           + len(invitations))
