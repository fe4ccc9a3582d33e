"""What the seat page polls and replays: the table's seq (cheap, with an ETag), and the table at
any seq drawn for a seat (GET /tables/{id}/pictures/{seq}.svg, or with its words as JSON)."""

import json
from typing import Any

from flask import Response, jsonify, request
from flask.views import MethodView
from flask_smorest import Blueprint
from marshmallow import Schema, fields, validate

import i18n
import tables
from games.core import words
from store import NoSuchTable
from tables import preferences, replay, rollback

from ..auth import seat_for
from ..extensions import services
from ..openapi import refusals
from ..schemas import MAX_SEQ, Event

blp = Blueprint("replay", __name__, description="Following a table and replaying it")
# The table at a past seq never changes, nor what a seat saw of it, except that the events show in
# full once the game is over: kept a few minutes, per credential.
KEEP = {"Cache-Control": "private, max-age=300", "Vary": "Authorization"}


VIEWPOINT_403 = ("The token is not one of this table's seats, or ``as`` names another seat while the game "
                 "goes on.")
VIEWPOINT_404 = "There is no such table, no event seq, or no seat ``as``."


class ViewpointQuery(Schema):
    viewer = fields.String(data_key="as", load_default=None, validate=validate.Length(max=40), metadata={
        "description": "Whose view: a seat, or 'observer'. Another seat's only once the game is over."})


class SeqAnswer(Schema):
    seq = fields.Integer(metadata={"description": "The number of the table's last event."})
    rollback = fields.String(metadata={"description": "Only while a rollback request waits for answers: its id "
                                                      "(asking moves no seq, so a page follows this too)."})
    answers = fields.Integer(metadata={"description": "With rollback: how many players have answered it so far."})


class Frame(Schema):
    seq = fields.Integer()
    viewer = fields.String(metadata={"description": "The seat whose view this is, or 'observer'."})
    status = fields.String(metadata={"description": "'active' or 'finished', at that seq"})
    result = fields.Dict(allow_none=True)
    state = fields.Raw(metadata={"description": "The view: what that seat could see then."})
    picture = fields.String(allow_none=True, metadata={"description": "The table drawn as SVG (None: the game "
                                                                          "has no picture); GET replay, for a seat "
                                                                          "that reads another language, labelled "
                                                                          "in it."})
    board = fields.List(fields.String(), metadata={"description": "The text board."})
    event = fields.Nested(Event, allow_none=True, metadata={"description": "The event of that seq."})
    boundary = fields.Boolean(metadata={"description": "GET replay only: the seq is a decision's end after the "
                                                       "setup, one a rollback may go back to (POST rollback)."})
    said = fields.String(metadata={"description": "GET replay only, for a seat that reads another language than "
                                                  "English: the event's text in it (the seat page's caption)."})


@blp.route("/tables/<table_id>/seq")
class TableSeq(MethodView):
    @blp.response(200, SeqAnswer)
    @blp.alt_response(304, description="If-None-Match named the current seq: nothing new")
    @refusals(blp, 404)
    def get(self, table_id: str):  # type: ignore[no-untyped-def]
        """The table's last seq, for a page that follows the game: send the ETag back in
        ``If-None-Match`` and a 304 says nothing happened. One Redis round trip, no table load."""
        try:
            seq, asked, answers = services().store.seq_and_request(table_id)
        except NoSuchTable:
            raise tables.NotFound(f"There is no table {table_id}.", code="unknown_table") from None
        body: dict[str, Any] = {"seq": seq}
        if asked is not None:
            body.update({"rollback": str(json.loads(asked).get("id", "")), "answers": answers})
        answer = jsonify(body)
        answer.set_etag(f"seq-{seq}" + (f"-r-{body['rollback']}-{answers}" if asked is not None else ""))
        answer.headers["Cache-Control"] = "no-cache"
        return answer.make_conditional(request)


def _frame(table_id: str, seq: int, query: dict[str, Any], boundary: bool = False) -> dict[str, Any]:
    if not 1 <= seq <= MAX_SEQ:
        raise tables.NotFound(f"There is no move {seq}.", code="no_such_seq")
    s = services()
    table = tables.load(s.store, table_id)
    bearer = seat_for(table)
    viewer = replay.viewpoint(table, bearer, query["viewer"])
    frame = replay.frame(s.store, table, seq, viewer)
    if boundary:
        frame["boundary"] = rollback.boundary(s.store, table, seq)
        language = preferences.language(s.store, table, bearer) if bearer else None
        if frame["event"] is not None and i18n.known(language) != i18n.DEFAULT:      # the event's line, said
            frame["said"] = tables.log(s.store, table, viewer, since=seq - 1, upto=seq, language=language)[0]["text"]
        if i18n.known(language) != i18n.DEFAULT:          # the seat page's replay: its board in the seat's words
            frame["picture"] = words.say_svg(table.game.name, frame["picture"], language)
    return frame


@blp.route("/tables/<table_id>/pictures/<int:seq>.svg")
class Picture(MethodView):
    @blp.arguments(ViewpointQuery, location="query")
    @blp.response(200, description="The table right after event ``seq``, drawn as SVG",
                  content_type="image/svg+xml")
    @refusals(blp, 403, 404, 422, when_403=VIEWPOINT_403, when_404=VIEWPOINT_404 + " Or the game has no picture.")
    def get(self, query: dict[str, Any], table_id: str, seq: int):  # type: ignore[no-untyped-def]
        """The bearer's view right after event ``seq``, drawn (``as``: another seat's, once the game
        is over)."""
        frame = _frame(table_id, seq, query)
        if frame["picture"] is None:
            raise tables.NotFound("This game has no picture; its text board is in GET states.", code="no_picture")
        answer = Response(frame["picture"], mimetype="image/svg+xml")
        answer.headers.update({**KEEP, "Content-Security-Policy": "default-src 'none'; "
                               "style-src 'unsafe-inline'", "X-Content-Type-Options": "nosniff"})
        return answer


@blp.route("/tables/<table_id>/replay/<int:seq>")
class Replay(MethodView):
    @blp.arguments(ViewpointQuery, location="query")
    @blp.response(200, Frame)
    @refusals(blp, 403, 404, 422, when_403=VIEWPOINT_403, when_404=VIEWPOINT_404)
    def get(self, query: dict[str, Any], table_id: str, seq: int):  # type: ignore[no-untyped-def]
        """The table right after event ``seq`` for a replay: the picture, the text board and the
        event, as the bearer saw them (``as``: another seat's view, once the game is over)."""
        answer = jsonify(_frame(table_id, seq, query, boundary=True))
        answer.headers.update(KEEP)
        return answer
