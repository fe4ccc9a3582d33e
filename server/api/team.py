"""The team channel (issue 14): GET and POST /tables/{id}/team, a seat's messages to its partner
only, in a game played in teams. The seat page's box posts here too (POST /play/{id}/team)."""

import time
import unicodedata
from typing import Any

from flask import Blueprint as FlaskBlueprint
from flask import flash, redirect, request, url_for
from flask.views import MethodView
from flask_smorest import Blueprint
from marshmallow import Schema, ValidationError, fields, validate

import tables
from games.core import IllegalMove
from tables import team_channel
from workers import team_mail

from ..auth import required_seat, seat_for
from ..extensions import services
from ..schemas import BIDI_CONTROLS

blp = Blueprint("team", __name__, description="The team channel: messages to your partner only")
page_blp = FlaskBlueprint("team_page", __name__)


def _text(value: str) -> None:
    """Lines of text: line breaks and tabs are fine; no other control characters, no text-direction
    overrides, no lone surrogates (the text goes into emails)."""
    if any((unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp") and c not in "\n\r\t") or c in BIDI_CONTROLS
           for c in value):
        raise ValidationError("Use letters, digits, spaces, punctuation and line breaks only.")


class TeamPost(Schema):
    text = fields.String(required=True, validate=[validate.Length(min=1, max=team_channel.MAX_CHARS), _text],
                         metadata={"description": "The message (line breaks allowed).", "example": "I take Enna."})


class TeamMessage(Schema):
    n = fields.Integer(metadata={"description": "Its number in the team's channel, from 1."})
    at = fields.Float(metadata={"description": "When (seconds since 1970, UTC)."})
    seat = fields.String(metadata={"description": "Who wrote it."})
    name = fields.String()
    text = fields.String()
    via = fields.String(metadata={"description": "api, page or email"})
    seq = fields.Integer(metadata={"description": "The table's seq when it was written."})


class TeamAnswer(Schema):
    seat = fields.String()
    team = fields.String()
    partners = fields.List(fields.String())
    messages = fields.List(fields.Nested(TeamMessage))


class TeamQuery(Schema):
    since = fields.Integer(load_default=0, validate=validate.Range(min=0, max=2**53 - 1),
                           metadata={"description": "Only the messages numbered after this."})


def _team(table: tables.Table, seat: str) -> str:
    team = team_channel.team_of(table, seat)
    if team is None:
        raise tables.Invalid(f"{table.game.title} is not played in teams: there is no team channel.", code="no_team")
    return team


def _answer(table: tables.Table, seat: str, since: int = 0) -> dict[str, Any]:
    return {"seat": seat, "team": _team(table, seat), "partners": team_channel.partners(table, seat),
            "messages": team_channel.messages(services().store, table, seat, since)}


def post(table: tables.Table, seat: str, text: str, via: str) -> dict[str, Any]:
    """Keep the message and have the worker bring it to the partners by email."""
    s = services()
    _team(table, seat)
    record = team_channel.post(s.store, table, seat, text, time.time(), via)
    team_mail.enqueue(s.redis, s.settings, table.id, seat, record["n"])
    return record


@blp.route("/tables/<table_id>/team")
class Team(MethodView):
    @blp.arguments(TeamQuery, location="query")
    @blp.response(200, TeamAnswer)
    @blp.alt_response(422, description="the game is not played in teams")
    def get(self, query: dict[str, Any], table_id: str):  # type: ignore[no-untyped-def]
        """The bearer's team's messages (never the other team's), oldest first."""
        table = tables.load(services().store, table_id)
        return _answer(table, required_seat(table), query["since"])

    @blp.arguments(TeamPost)
    @blp.response(201, TeamAnswer)
    @blp.alt_response(422, description="the game is not played in teams, or the message is empty")
    def post(self, body: dict[str, Any], table_id: str):  # type: ignore[no-untyped-def]
        """Write to your partner only: kept in your team's channel and emailed to your partner."""
        table = tables.load(services().store, table_id)
        seat = required_seat(table)
        record = post(table, seat, body["text"], "api")
        return _answer(table, seat, record["n"] - 1)


@page_blp.post("/play/<table_id>/team")
def from_page(table_id: str) -> Any:
    """The seat page's team box (a plain form: the page comes back with the message in the list)."""
    token = request.form.get("token") or None
    table = tables.load(services().store, table_id)
    seat = seat_for(table) or tables.seat_of(table, token, services().settings.secret_key)
    if seat is None:
        raise tables.Unauthorized("The team box needs your seat's link.")
    text = request.form.get("text", "")
    try:
        _text(text)
        post(table, seat, text, "page")
    except (ValidationError, IllegalMove, tables.Invalid) as refused:
        flash(getattr(refused, "message", None) or " ".join(refused.messages))   # type: ignore[union-attr]
    return redirect(url_for("pages.page", table_id=table_id, token=token) + "#seat-team", code=303)


@page_blp.app_context_processor
def team_box() -> dict[str, Any]:
    """For the seat page: the team's messages, when the game is played in teams."""
    def box(table: tables.Table, seat: str | None) -> dict[str, Any] | None:
        team = team_channel.team_of(table, seat)
        if team is None:
            return None
        return {"team": team, "partners": [table.seats[p]["name"] for p in team_channel.partners(table, seat)],
                "messages": team_channel.messages(services().store, table, seat)[-50:]}
    return {"team_box": box}
