"""The two hottest routes answered before Flask: a seat's view (GET /tables/<id>/view) and a move
(POST /tables/<id>/moves), when the request is an ordinary one, are answered by a thin WSGI
layer in front of the app, with no request context, hooks or Response object: Flask's own
machinery cost them about a quarter of their time.

What it answers is what the app's routes answer, byte for byte: the same functions make the
view and the move (server/api/tables.seat_view, server/api/moves.played and answered), the same
JSON writer writes the body, with the same status line and headers (Content-Type and
Content-Length; the app adds no other to these answers), and the same metrics count them (the
requests and their latency by route and status). Anything else goes to the app untouched: a
query string, a body that is not an ordinary move's (``plain_body``: the documented route's
schema answers it), one too deep for the guard, a credential refused, and every refusal the
work raises before it writes anything (the table unknown, a move not legal, a stale seq, a
key used for another request...): the app then does the request again and answers it as it
always has (a move's body is given back to it). A move refused never wrote anything (the
append is its last write, and a refusal it meets, a conflict or a repeat, writes nothing;
the hand-off's settle after it raises nothing: tables/handover.py);
once it is written, nothing is done again: whatever else is raised, there or afterwards (the
database unavailable, a bug), is handed to the app to raise in its route, where its error
handlers answer it, so nothing is ever written twice.
"""

import io
import time
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask, request

from games.core import IllegalMove
from tables import TableError, seat_of

HANDED_OVER = "pbem.fast.raised"     # what the layer met, for the app's route to raise
STARTED = "pbem.fast.started"        # when the request came in (its latency counts from there)
VIEW_RULE, MOVES_RULE = "/tables/<table_id>/view", "/tables/<table_id>/moves"
JSON_TYPES = frozenset(("application/json", "application/json; charset=utf-8", "application/json;charset=utf-8"))
MAX_BODY = 256 * 1024                # an ordinary move's body is a few dozen bytes (a stretch: some thousands)
ID_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
REFUSALS = (TableError, IllegalMove)


def raise_handed_over() -> None:
    """In the app's route: raise what the layer met after it had begun writing, if it did."""
    raised = request.environ.pop(HANDED_OVER, None)
    if raised is not None:
        raise raised


def ordinary_id(table_id: str) -> bool:
    return 0 < len(table_id) <= 64 and ID_CHARS.issuperset(table_id)


class FastRoutes:
    """WSGI middleware for ``app.wsgi_app`` (``install``)."""

    def __init__(self, app: Flask, inner: Callable[..., Iterable[bytes]]):
        from .api import moves, tables
        from .auth import credential_of, seat_required
        from .guards import too_deep
        self.app, self.inner, self.json = app, inner, app.json
        self.services = app.extensions["pbem"]
        self.seat_view, self.played, self.answered, self.plain_body = (tables.seat_view, moves.played,
                                                                        moves.answered, moves.plain_body)
        self.credential_of, self.seat_required, self.too_deep = credential_of, seat_required, too_deep
        self.metrics = self.services.metrics

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "")
        if path.startswith("/tables/"):
            started = time.perf_counter()
            table_id, _, route = path[8:].partition("/")
            method = environ.get("REQUEST_METHOD")
            answer = None
            if not environ.get("QUERY_STRING") and ordinary_id(table_id) and self.json.compact_now():
                if route == "view" and method == "GET":
                    answer = self.view(environ, table_id)
                elif route == "moves" and method == "POST":
                    answer = self.move(environ, table_id)
            if answer is not None:
                rule, status, body = answer
                start_response(status, [("Content-Type", "application/json"), ("Content-Length", str(len(body)))])
                self.metrics.answered(rule, status[:3], time.perf_counter() - started)
                return [body]
            environ[STARTED] = started
        return self.inner(environ, start_response)

    def view(self, environ: dict[str, Any], table_id: str) -> tuple[str, str, bytes] | None:
        if environ.get("CONTENT_LENGTH", "0") not in ("", "0") or "HTTP_TRANSFER_ENCODING" in environ:
            return None      # a body the app's guard would read
        try:
            token = self.credential_of(environ.get("HTTP_AUTHORIZATION", ""))
        except REFUSALS:
            return None
        s = self.services
        secret = s.settings.secret_key
        try:
            body = self.seat_view(s, table_id, lambda table: seat_of(table, token, secret), self.json.body)
        except REFUSALS:
            return None
        except Exception as error:      # read only: raised again by the app's route, which answers it
            environ[HANDED_OVER] = error
            return None
        return VIEW_RULE, "200 OK", body

    def move(self, environ: dict[str, Any], table_id: str) -> tuple[str, str, bytes] | None:
        length = environ.get("CONTENT_LENGTH", "")
        if ("HTTP_TRANSFER_ENCODING" in environ or not (length.isascii() and length.isdigit())
                or not 0 < int(length) <= MAX_BODY
                or environ.get("CONTENT_TYPE", "").strip().lower() not in JSON_TYPES):
            return None
        raw = environ["wsgi.input"].read(int(length))
        environ["wsgi.input"] = io.BytesIO(raw)          # the body given back, should the app answer
        if len(raw) != int(length) or self.too_deep(raw):
            return None
        body = self.plain_body(raw)
        if body is None:
            return None
        try:
            token = self.credential_of(environ.get("HTTP_AUTHORIZATION", ""))
        except REFUSALS:
            return None
        s = self.services
        secret, seat_required = s.settings.secret_key, self.seat_required
        try:
            done = self.played(s, table_id, body, lambda table: seat_required(table, token, secret),
                               environ.get("HTTP_IDEMPOTENCY_KEY"))
        except REFUSALS:             # nothing written: the app makes the request again and answers it
            return None
        except Exception as error:   # maybe written: never made again; the app's route raises it
            environ[HANDED_OVER] = error
            return None
        try:
            answer = self.answered(s, done, self.json.body)
            if done.entries:         # the next view here reads and decodes none of them again
                s.tables.appended(table_id, done.entries, done.last_seq)
        except Exception as error:   # written: the app's route raises it
            environ[HANDED_OVER] = error
            return None
        return MOVES_RULE, "201 CREATED", answer


def install(app: Flask) -> None:
    app.wsgi_app = FastRoutes(app, app.wsgi_app)  # type: ignore[method-assign]
