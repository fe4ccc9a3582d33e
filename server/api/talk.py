"""Talk at a table (issues 14 and 22): the table's talk (GET/POST /tables/{id}/chat, every seat),
a team's channel (GET/POST /tables/{id}/team, a game played in teams: one's partner only) and a
seat's private notes (GET/POST /tables/{id}/notes, that seat only); the seat page's boxes post
to /play/{id}/talk. A message to others is emailed to them by the worker."""

import time
import unicodedata
from typing import Any

from flask import Blueprint as FlaskBlueprint
from flask import flash, jsonify, redirect, request, url_for
from flask.views import MethodView
from flask_smorest import Blueprint
from marshmallow import Schema, ValidationError, fields, validate

import tables
from tables import talk
from workers import talk_mail

from ..auth import required_seat, seat_for
from ..errors import envelope
from ..extensions import services
from ..openapi import refusals
from ..schemas import BIDI_CONTROLS, MESSAGE_PATTERN

blp = Blueprint("talk", __name__, description="Talk at a table: to every player, to your partner only, "
                                              "and your own private notes")
page_blp = FlaskBlueprint("talk_page", __name__)
SHOWN = 50           # messages of each box on the seat page (the API gives them all)


def _text(value: str) -> None:
    """Lines of text: line breaks and tabs are fine; no other control characters, no text-direction
    overrides, no lone surrogates (the text goes into emails)."""
    if any((unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp") and c not in "\n\r\t") or c in BIDI_CONTROLS
           for c in value):
        raise ValidationError("Use letters, digits, spaces, punctuation and line breaks only.")


class TalkPost(Schema):
    text = fields.String(required=True, validate=[validate.Length(min=1, max=talk.MAX_CHARS), _text],
                         metadata={"description": "The message (line breaks allowed).", "example": "Nice one!",
                                   "pattern": MESSAGE_PATTERN})


class TalkMessage(Schema):
    n = fields.Integer(metadata={"description": "Its number in its channel, from 1."})
    at = fields.Float(metadata={"description": "When (seconds since 1970, UTC)."})
    seat = fields.String(metadata={"description": "Who wrote it."})
    name = fields.String()
    text = fields.String()
    via = fields.String(metadata={"description": "api, page or email"})
    seq = fields.Integer(metadata={"description": "The table's seq when it was written."})
    kind = fields.String(metadata={"description": "say (to the table), team (to the partner) or note (one's own)"})


class ChatAnswer(Schema):
    seat = fields.String()
    readers = fields.List(fields.String(), metadata={"description": "The other players a message is emailed to."})
    messages = fields.List(fields.Nested(TalkMessage))


class TeamAnswer(Schema):
    seat = fields.String()
    team = fields.String()
    partners = fields.List(fields.String())
    messages = fields.List(fields.Nested(TalkMessage))


class NotesAnswer(Schema):
    seat = fields.String()
    notes = fields.List(fields.Nested(TalkMessage), metadata={"description": "The seat's own notes, oldest first."})


class SinceQuery(Schema):
    since = fields.Integer(load_default=0, validate=validate.Range(min=0, max=2**53 - 1),
                           metadata={"description": "Only the messages numbered after this."})


def _team(table: tables.Table, seat: str) -> str:
    team = talk.team_of(table, seat)
    if team is None:
        raise tables.Invalid(f"{table.game.title} is not played in teams: there is no team channel; "
                             "GET /tables/{id}/chat is every player's.", code="no_team")
    return team


def answer(table: tables.Table, seat: str, kind: str, since: int = 0) -> dict[str, Any]:
    said = talk.messages(services().store, table, seat, kind, since)
    if kind == talk.NOTE:
        return {"seat": seat, "notes": said}
    if kind == talk.TEAM:
        return {"seat": seat, "team": _team(table, seat), "partners": talk.partners(table, seat), "messages": said}
    return {"seat": seat, "readers": talk.readers(table, seat, kind), "messages": said}


def post(table: tables.Table, seat: str, kind: str, text: str, via: str) -> dict[str, Any]:
    """Keep the message and have the worker bring it to its readers by email."""
    s = services()
    if kind == talk.TEAM:
        _team(table, seat)
    record = talk.post(s.store, table, seat, kind, text, time.time(), via)
    if kind != talk.NOTE:
        talk_mail.enqueue(s.redis, s.settings, table.id, seat, record["kind"], record["n"])
    return record


def _posted(table_id: str, kind: str, text: str) -> dict[str, Any]:
    table = tables.load(services().store, table_id)
    seat = required_seat(table)
    record = post(table, seat, kind, text, "api")
    return answer(table, seat, kind, record["n"] - 1)


def _read(table_id: str, kind: str, since: int) -> dict[str, Any]:
    """A page polls this every few seconds: the table as this process holds it (one small read)."""
    s = services()
    with s.tables.current(s.store, table_id) as table:
        return answer(table, required_seat(table), kind, since)


@blp.route("/tables/<table_id>/chat")
class Chat(MethodView):
    @blp.arguments(SinceQuery, location="query")
    @blp.response(200, ChatAnswer)
    @refusals(blp, 401, 403, 404, 422)
    def get(self, query: dict[str, Any], table_id: str):  # type: ignore[no-untyped-def]
        """The table's talk, every player's, oldest first (a seat's token: an observer reads none)."""
        return _read(table_id, talk.SAY, query["since"])

    @blp.arguments(TalkPost)
    @blp.response(201, ChatAnswer)
    @refusals(blp, 401, 403, 404, 422, when_422="The message is empty or too long, or holds control characters.")
    def post(self, body: dict[str, Any], table_id: str):  # type: ignore[no-untyped-def]
        """Write to every player of the table: kept in the table's talk and emailed to the other players."""
        return _posted(table_id, talk.SAY, body["text"])


@blp.route("/tables/<table_id>/team")
class Team(MethodView):
    @blp.arguments(SinceQuery, location="query")
    @blp.response(200, TeamAnswer)
    @refusals(blp, 401, 403, 404, 422, when_422="The game is not played in teams (no_team), or since is no number.")
    def get(self, query: dict[str, Any], table_id: str):  # type: ignore[no-untyped-def]
        """The bearer's team's messages (never the other team's), oldest first."""
        return _read(table_id, talk.TEAM, query["since"])

    @blp.arguments(TalkPost)
    @blp.response(201, TeamAnswer)
    @refusals(blp, 401, 403, 404, 422, when_422="The game is not played in teams (no_team), or the message is "
              "empty or too long, or holds control characters.")
    def post(self, body: dict[str, Any], table_id: str):  # type: ignore[no-untyped-def]
        """Write to your partner only: kept in your team's channel and emailed to your partner."""
        return _posted(table_id, talk.TEAM, body["text"])


@blp.route("/tables/<table_id>/notes")
class Notes(MethodView):
    @blp.arguments(SinceQuery, location="query")
    @blp.response(200, NotesAnswer)
    @refusals(blp, 401, 403, 404, 422)
    def get(self, query: dict[str, Any], table_id: str):  # type: ignore[no-untyped-def]
        """The bearer's own private notes at this table: nobody else ever reads them."""
        return _read(table_id, talk.NOTE, query["since"])

    @blp.arguments(TalkPost)
    @blp.response(201, NotesAnswer)
    @refusals(blp, 401, 403, 404, 422, when_422="The note is empty or too long, or holds control characters.")
    def post(self, body: dict[str, Any], table_id: str):  # type: ignore[no-untyped-def]
        """Add a private note: kept for your seat only and shown on your seat's page; never emailed or exported."""
        return _posted(table_id, talk.NOTE, body["text"])


@page_blp.post("/play/<table_id>/talk")
def from_page(table_id: str) -> Any:
    """The seat page's boxes (``kind``: say, team or note). Its script asks for JSON (the channel's
    messages after ``since``); a plain form gets the page again, with the message in its list."""
    token = request.form.get("token") or None
    table = tables.load(services().store, table_id)
    seat = seat_for(table) or tables.seat_of(table, token, services().settings.secret_key)
    if seat is None:
        raise tables.Unauthorized("Writing here needs your seat's link.")
    kind = request.form.get("kind", talk.SAY)
    wants_json = request.accept_mimetypes.best == "application/json"
    try:
        if kind not in talk.KINDS:
            raise tables.Invalid("Write to the table (say), your partner (team) or your notes (note).",
                                 code="bad_channel")
        text = request.form.get("text", "")
        _text(text)
        post(table, seat, kind, text, "page")
    except (ValidationError, tables.Invalid) as refused:
        message = getattr(refused, "message", None) or " ".join(refused.messages)   # type: ignore[union-attr]
        if wants_json:
            return envelope(422, getattr(refused, "code", "bad_message"), message)
        flash(message)
    if wants_json:
        since = request.form.get("since", "0")
        return jsonify(answer(table, seat, kind, int(since) if since.isascii() and since.isdigit() else 0))
    return redirect(url_for("pages.page", table_id=table_id, token=token) + "#seat-talk", code=303)


@page_blp.app_context_processor
def talk_boxes() -> dict[str, Any]:
    """For the seat page: the table's talk, the team's channel (a game played in teams) and the
    seat's notes, each with its latest messages."""
    def boxes(table: tables.Table, seat: str | None) -> dict[str, Any] | None:
        if seat is None or seat not in table.seats or table.is_bot(seat):
            return None
        store, names = services().store, {s: i["name"] for s, i in table.seats.items()}
        team = talk.team_of(table, seat)
        return {"readers": [names[s] for s in talk.readers(table, seat, talk.SAY)],
                "chat": talk.messages(store, table, seat, talk.SAY)[-SHOWN:],
                "team": {"name": team, "partners": [names[s] for s in talk.partners(table, seat)],
                         "messages": talk.messages(store, table, seat, talk.TEAM)[-SHOWN:]} if team else None,
                "notes": talk.messages(store, table, seat, talk.NOTE)[-SHOWN:]}
    return {"talk_boxes": boxes}
