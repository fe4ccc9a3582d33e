"""POST /tables/{id}/moves: one move at a time."""

import time
from typing import Any

from flask import jsonify, request
from flask.views import MethodView
from flask_smorest import Blueprint

import tables

from ..auth import required_seat
from ..extensions import services
from ..schemas import MoveAnswer, MoveRequest

blp = Blueprint("moves", __name__, description="Moves")


@blp.route("/tables/<table_id>/moves")
class Moves(MethodView):
    @blp.arguments(MoveRequest)
    @blp.response(201, MoveAnswer)
    @blp.alt_response(409, description="expected_seq is stale: the answer carries the current view")
    @blp.alt_response(422, description="an illegal move: {code, message}")
    def post(self, body: dict[str, Any], table_id: str):  # type: ignore[no-untyped-def]
        """Make a move, or a stretch: ``text`` with one move per line (or separated by ';') is applied
        in order while it is still your turn, stopping at the first line that does not fit (the
        answer says which, in ``stopped``). Send ``Idempotency-Key`` so that a retried request
        applies once; the same key with another request is refused (422)."""
        s = services()
        try:
            done = tables.play(s.store, s.tables, table_id, required_seat, expected_seq=body.get("expected_seq"),
                               move=body.get("move"), option=body.get("option"), text=body.get("text"),
                               idempotency_key=request.headers.get("Idempotency-Key"), now=time.time(),
                               snapshot_every=s.settings.snapshot_every, idempotency_ttl=s.settings.idempotency_ttl)
        except tables.StaleSeq as stale:
            table = tables.load(s.store, table_id)
            stale.extra["view"] = tables.view(table, required_seat(table))
            raise
        seat = done.seat
        if done.replayed:
            events = tables.log(s.store, done.table, seat, since=done.first_seq - 1, upto=done.last_seq)
        else:
            s.metrics.moves.labels(done.table.game.name).inc()
            events = tables.entries_for(done.table, done.entries, seat)
        # Already plain JSON: answered as is (the schema above documents it), which saves a
        # marshmallow dump on the hottest route.
        body = {"seq": done.table.seq, "events": events, "view": tables.view(done.table, seat)}
        if done.applied or done.refused or done.left:      # a stretch of moves: how far it went
            body.update({"applied": done.applied, "left": done.left,
                         "stopped": [done.refused[0], done.refused[1].message] if done.refused else None})
        answer = jsonify(body)
        answer.status_code = 201
        return answer
