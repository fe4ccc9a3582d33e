"""POST /tables/{id}/moves: one move at a time."""

import time
from collections.abc import Callable
from typing import Any, TypeVar

import orjson
from flask import jsonify, request
from flask.views import MethodView
from flask_smorest import Blueprint

import tables
from tables import rollback, undo
from workers import rollbacks

from .. import fast_routes
from ..auth import required_seat
from ..extensions import Services, services
from ..openapi import refusals
from ..schemas import (
    MAX_MOVE_TEXT,
    MAX_SEQ,
    MoveAnswer,
    MoveRequest,
    RollbackAnswer,
    RollbackRequest,
    UndoRequest,
)

blp = Blueprint("moves", __name__, description="Moves")
T = TypeVar("T")


@blp.route("/tables/<table_id>/moves")
class Moves(MethodView):
    @blp.arguments(MoveRequest())
    @blp.response(201, MoveAnswer)
    @refusals(blp, 401, 403, 404, 409, 422, when_409="expected_seq is stale (stale_seq): the answer carries the "
              "table's seq and the current view.", when_422="The request does not fit its schema, or the move is "
              "not legal now (not your turn, not one of the options...), or the Idempotency-Key was used for another "
              "request.")
    def post(self, body: dict[str, Any], table_id: str):  # type: ignore[no-untyped-def]
        """Make a move, or a stretch: ``text`` with one move per line (or separated by ';') is applied
        in order while it is still your turn, stopping at the first line that does not fit (the
        answer says which, in ``stopped``). Send ``Idempotency-Key`` so that a retried request
        applies once; the same key with another request is refused (422)."""
        return move_answer(body, table_id)


def move_answer(body: dict[str, Any], table_id: str) -> Any:
    """The move a request's body (as MoveRequest loads it) asks for, made, and its answer."""
    s = services()
    try:
        done = played(s, table_id, body, required_seat, request.headers.get("Idempotency-Key"))
    except tables.StaleSeq as stale:
        table = tables.load(s.store, table_id)
        stale.extra["view"] = tables.view(table, required_seat(table))
        raise
    return answered(s, done, _created)


def played(s: Services, table_id: str, body: dict[str, Any], seat_of: Callable[[tables.Table], str],
           idempotency_key: str | None) -> tables.Submitted:
    """The move made (or found made, for a key seen before): a refusal raised here wrote nothing."""
    return tables.play(s.store, s.tables, table_id, seat_of, expected_seq=body.get("expected_seq"),
                       move=body.get("move"), option=body.get("option"), text=body.get("text"),
                       idempotency_key=idempotency_key, now=time.time(),
                       snapshot_every=s.settings.snapshot_every, idempotency_ttl=s.settings.idempotency_ttl,
                       keep=False)


def answered(s: Services, done: tables.Submitted, write: Callable[[dict[str, Any]], T]) -> T:
    """A move's answer, as ``write`` writes its body (201: the new seq, its events and the seat's view)."""
    if done.replayed:
        return write(_answer(done, tables.log(s.store, done.table, done.seat, since=done.first_seq - 1,
                                              upto=done.last_seq), tables.view(done.table, done.seat)))
    # The new copy, still this request's alone: the seat's view is kept with it for the seat's
    # next view (a turn of several questions), and the answer written, before it goes back to
    # the cache (where another request may take it and fold its state forward).
    try:
        s.metrics.moves.labels(done.table.game.name).inc()
        return write(_answer(done, tables.entries_for(done.table, done.entries, done.seat),
                             tables.view(done.table, done.seat, shared=True)))
    finally:
        s.tables.put(done.table)


def _answer(done: tables.Submitted, events: list[dict[str, Any]], view: dict[str, Any]) -> dict[str, Any]:
    """A move's answer's body: the new seq, its events and the seat's view."""
    # Already plain JSON: answered as is (the schema above documents it), which saves a
    # marshmallow dump on the hottest route.
    body = {"seq": done.table.seq, "events": events, "view": view}
    if done.applied or done.refused or done.left:      # a stretch of moves: how far it went
        body.update({"applied": done.applied, "left": done.left,
                     "stopped": [done.refused[0], done.refused[1].message] if done.refused else None})
    return body


def _created(body: dict[str, Any]) -> Any:
    answer = jsonify(body)
    answer.status_code = 201
    return answer


MOVE_FIELDS = frozenset(("move", "option", "text", "expected_seq"))
ONE_OF = ("move", "option", "text")


def plain_move_body() -> dict[str, Any] | None:
    """The body of an ordinary move request, read once, when MoveRequest would load it as it is:
    a JSON object of its own fields only, exactly one of move, option and text, each of its type
    and within its limits. None for anything else (not JSON, a refusal to give, an extra field):
    the schema then reads the request and answers it, with its own words."""
    if request.mimetype != "application/json":
        return None
    return plain_body(request.get_data(cache=True))


def plain_body(raw: bytes) -> dict[str, Any] | None:
    """``plain_move_body`` of a JSON body's bytes."""
    try:
        body = orjson.loads(raw)
    except orjson.JSONDecodeError:
        return None
    if type(body) is not dict or not body.keys() <= MOVE_FIELDS or sum(k in body for k in ONE_OF) != 1:
        return None
    option, text, expected = body.get("option"), body.get("text"), body.get("expected_seq", 0)
    if ("move" in body and body["move"] is None
            or option is not None and not (type(option) is int and 1 <= option <= MAX_SEQ)
            or "option" in body and option is None
            or "text" in body and not (type(text) is str and len(text) <= MAX_MOVE_TEXT)
            or not (type(expected) is int and 0 <= expected <= MAX_SEQ)):
        return None
    return body


def plain_moves(smorest: Any) -> Any:
    """POST /tables/<id>/moves as a plain view: an ordinary body is read once (``plain_move_body``)
    and the move made at once; anything else goes through ``smorest``, the documented route
    (webargs, the schema), which answers it as it always has."""
    def moves_route(table_id: str) -> Any:
        fast_routes.raise_handed_over()
        body = plain_move_body()
        if body is None:
            return smorest(table_id=table_id)
        return move_answer(body, table_id)
    moves_route.documented = smorest        # type: ignore[attr-defined]
    return moves_route


@blp.route("/tables/<table_id>/undo")
class Undo(MethodView):
    @blp.arguments(UndoRequest(), required=False)      # no body: the seat's last move
    @blp.response(201, MoveAnswer)
    @refusals(blp, 401, 403, 404, 409, 422, when_409="The undo window is closed (code and message say why), or "
              "expected_seq is stale.", when_422="The request does not fit its schema, or asks for both moves and "
              "to_seq.")
    def post(self, body: dict[str, Any], table_id: str):  # type: ignore[no-untyped-def]
        """Take back your own last moves (``moves``, default 1; or go back to ``to_seq``), while no die
        was rolled, nothing hidden was revealed and no other seat has moved since; ``view.undo`` says
        whether you may. The undo is an entry of the log: the moves taken back stay there, marked.
        Send ``Idempotency-Key`` so that a retried request applies once."""
        s = services()
        table = tables.load(s.store, table_id)
        seat = required_seat(table)
        try:
            done = undo.undo(s.store, table, seat, moves=body.get("moves"), to_seq=body.get("to_seq"),
                             expected_seq=body.get("expected_seq"),
                             idempotency_key=request.headers.get("Idempotency-Key"), now=time.time(),
                             snapshot_every=s.settings.snapshot_every, idempotency_ttl=s.settings.idempotency_ttl)
        except tables.StaleSeq as stale:
            stale.extra["view"] = tables.view(tables.load(s.store, table_id), seat)
            raise
        if not done.replayed:
            s.tables.put(done.table)
            s.metrics.moves.labels(done.table.game.name).inc()
            rollbacks.enqueue_taken_back(s.redis, s.settings, table_id, done.first_seq)   # the others are told
        events = tables.log(s.store, done.table, seat, since=done.first_seq - 1, upto=done.last_seq)
        view = tables.view(done.table, seat)
        view["undo"] = undo.window(s.store, done.table, seat).as_view()
        view["rollback"] = rollback.as_view(s.store, done.table)
        answer = jsonify({"seq": done.table.seq, "events": events, "view": view})
        answer.status_code = 201
        return answer


@blp.route("/tables/<table_id>/rollback")
class Rollback(MethodView):
    @blp.response(200, RollbackAnswer)
    @refusals(blp, 401, 403, 404)
    def get(self, table_id: str):  # type: ignore[no-untyped-def]
        """The rollback request waiting for the players' answers, if any (seat token needed)."""
        s = services()
        table = tables.load(s.store, table_id)
        required_seat(table)
        request = rollback.pending(s.store, table)
        return {"outcome": "waiting" if request else "none", "request": request.public() if request else None,
                "seq": table.seq}

    @blp.arguments(RollbackRequest)
    @blp.response(201, RollbackAnswer)
    @refusals(blp, 401, 403, 404, 409, 422, when_403="The token is not one of this table's seats, or is a bot's.",
              when_409="A request is open already, or the game is over.", when_422="The request does not fit its "
              "schema, or to_seq is not where a rollback can go (the setup, mid-decision, not before now).")
    def post(self, body: dict[str, Any], table_id: str):  # type: ignore[no-untyped-def]
        """Ask to roll the game back to ``to_seq``, past other players' moves: every other human player
        is emailed agree/refuse links (bots do not vote); it is applied when all agree, cancelled by one
        refusal or by any move made meanwhile, and expires after 72 hours."""
        table = tables.load(services().store, table_id)
        return ask(table, required_seat(table), body["to_seq"], body["reason"])


def ask(table: tables.Table, seat: str, to_seq: int, reason: str) -> dict[str, Any]:
    """Ask for a rollback (the API's or the seat page's) and queue its emails: the question to the
    other players, or the outcome when nobody else had to agree."""
    s = services()
    request, done = rollback.ask(s.store, table, seat, to_seq, reason, time.time(), s.settings.snapshot_every)
    if done is not None:
        s.tables.put(done.table)
        rollbacks.enqueue(s.redis, s.settings, table.id, request, "applied")
        return {"outcome": "applied", "request": request.public(), "seq": done.table.seq}
    rollbacks.enqueue(s.redis, s.settings, table.id, request, "asked")
    return {"outcome": "asked", "request": request.public(), "seq": table.seq}


@blp.route("/tables/<table_id>/rollback/<request_id>/<any(agree, refuse):choice>")
class RollbackVote(MethodView):
    @blp.response(200, RollbackAnswer)
    @refusals(blp, 401, 403, 404, 409, when_403="The token is not one of this table's seats, or not one that "
              "answers this request.", when_409="The request is no longer open.")
    def post(self, table_id: str, request_id: str, choice: str):  # type: ignore[no-untyped-def]
        """Agree to, or refuse, the table's open rollback request (a seat that must answer it)."""
        s = services()
        table = tables.load(s.store, table_id)
        seat = required_seat(table)
        return vote(table, seat, request_id, choice)


def vote(table: tables.Table, seat: str, request_id: str, choice: str) -> dict[str, Any]:
    """Apply a vote (the API's or a signed link's) and queue the emails it settles."""
    s = services()
    request, outcome, done = rollback.vote(s.store, table, seat, request_id, choice, time.time(),
                                           s.settings.snapshot_every)
    if done is not None:
        s.tables.put(done.table)
    if outcome != "waiting":
        rollbacks.enqueue(s.redis, s.settings, table.id, request, outcome)
    return {"outcome": outcome, "request": request.public(), "seq": done.table.seq if done else table.seq}
