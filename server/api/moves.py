"""POST /tables/{id}/moves: one move at a time."""

import time
from typing import Any

from flask import request
from flask.views import MethodView
from flask_smorest import Blueprint

import tables
from workers.queue import enqueue_advance

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
        """Make a move. Send ``Idempotency-Key`` so that a retried request applies once."""
        s = services()
        table = tables.load(s.store, table_id)
        seat = required_seat(table)
        try:
            done = tables.submit(s.store, table_id, seat, move=body.get("move"), option=body.get("option"),
                                 text=body.get("text"), expected_seq=body.get("expected_seq"),
                                 idempotency_key=request.headers.get("Idempotency-Key"), now=time.time(),
                                 snapshot_every=s.settings.snapshot_every,
                                 idempotency_ttl=s.settings.idempotency_ttl)
        except tables.StaleSeq as stale:
            stale.extra["view"] = tables.view(tables.load(s.store, table_id), seat)
            raise
        if not done.replayed:
            s.metrics.moves.labels(done.table.game.name).inc()
            enqueue_advance(s.redis, s.settings, table_id, done.table.seq)
        events = tables.log(s.store, done.table, seat, since=done.first_seq - 1, upto=done.last_seq)
        return {"seq": done.table.seq, "events": events, "view": tables.view(done.table, seat)}
