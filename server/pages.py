"""The seat page: a plain HTML view of a table with the options as buttons (what email links open)."""

import time
import uuid
from typing import Any

from flask import Blueprint, Response, redirect, render_template, request, url_for

import tables
from games.core import IllegalMove

from .auth import seat_for
from .extensions import services

blp = Blueprint("pages", __name__)


def _render(table: tables.Table, seat: str | None, token: str | None, problem: str | None = None,
            status: int = 200) -> tuple[str, int]:
    s = services()
    view = tables.view(table, seat)
    events = tables.log(s.store, table, seat, since=max(0, table.seq - 30))
    own = next((p for p in view["prompts"] if p["seat"] == seat), None)
    return render_template("table.html", view=view, events=events, prompt=own, token=token, problem=problem,
                           title=table.game.title, brief=table.game.brief(table.state, seat),
                           nonce=uuid.uuid4().hex), status


@blp.get("/play/<table_id>")
def page(table_id: str) -> Any:
    table = tables.load(services().store, table_id)
    return _render(table, seat_for(table), request.args.get("token"))


@blp.post("/play/<table_id>")
def move(table_id: str) -> Response | tuple[str, int]:
    """The page's form: an option's number, or text, decided from the view at ``seq``."""
    s = services()
    token = request.form.get("token") or None
    try:
        expected = int(request.form.get("seq", ""))
    except ValueError:
        expected = None
    option, text = request.form.get("option"), request.form.get("text", "").strip()
    try:
        done = tables.play(s.store, s.tables, table_id, lambda t: _seat(t, token), expected_seq=expected,
                           option=int(option) if option else None, text=None if option else text,
                           idempotency_key=request.form.get("nonce"), now=time.time(),
                           snapshot_every=s.settings.snapshot_every, idempotency_ttl=s.settings.idempotency_ttl)
    except (IllegalMove, tables.StaleSeq) as refused:
        table = tables.load(s.store, table_id)
        return _render(table, _seat(table, token), token, refused.message, 409 if isinstance(
            refused, tables.StaleSeq) else 422)
    if not done.replayed:
        s.metrics.moves.labels(done.table.game.name).inc()
    return redirect(url_for("pages.page", table_id=table_id, token=token), code=303)


def _seat(table: tables.Table, token: str | None) -> str:
    seat = tables.seat_of(table, token, services().settings.secret_key)
    if seat is None:
        raise tables.Unauthorized("This page needs your seat's link.")
    return seat
