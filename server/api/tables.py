"""Tables: create, view, replay, log, export, import, verify."""

import time
from collections.abc import Callable
from typing import Any, TypeVar

from flask import Response, jsonify, request
from flask.views import MethodView
from flask_smorest import Blueprint

import tables
from tables import preferences, rollback, undo, vacations
from tables.calendars import calendar_email, calendar_feed
from workers.mail import mail_settings
from workers.queue import enqueue_vacation

from .. import fast_routes, guards
from ..auth import required_seat, seat_for
from ..extensions import Services, services
from ..openapi import refusals
from ..schemas import (
    CreatedTable,
    CreateTableRequest,
    LogAnswer,
    LogQuery,
    NotificationsAnswer,
    NotificationsRequest,
    Prompt,
    VacationAnswer,
    VacationRequest,
    VerifyAnswer,
    View,
)

blp = Blueprint("tables", __name__, description="Tables: games in progress")
T = TypeVar("T")


def credentials(started: tables.Started) -> dict[str, Any]:
    base = services().settings.public_url.rstrip("/")
    table = started.table
    return {"id": table.id, "seed_sha256": table.doc["seed_sha256"],
            "seats": {seat: {"token": token, "url": f"{base}/play/{table.id}?token={token}"}
                      for seat, token in started.tokens.items()}}


# What a client (or schemathesis's stateful tests) may do next with a new table's id.
TABLE_LINKS = {name: {"operationRef": f"#/paths/~1tables~1{{table_id}}~1{path}/get",
                      "parameters": {"table_id": "$response.body#/id"}}
               for name, path in (("view", "view"), ("log", "log"), ("export", "export"),
                                  ("state", "states~1{seq}"))}


API_KEY_401 = "The server has API keys and none was sent in X-API-Key."
API_KEY_403 = "That API key is not one of this server's."


@blp.route("/tables")
class Tables(MethodView):
    @blp.arguments(CreateTableRequest)
    @blp.response(201, CreatedTable)
    @blp.doc(security=[{}, {"api_key": []}],         # the key only when the server has PBEM_API_KEYS
             responses={"201": {"description": "Created", "links": TABLE_LINKS, "content": {
                 "application/json": {"schema": {"$ref": "#/components/schemas/CreatedTable"}}}}})
    @refusals(blp, 401, 403, 422, 429, when_401=API_KEY_401, when_403=API_KEY_403 + " Without API keys, it "
              "creates tables directly only for its host (tables_closed): players use POST /invitations.",
              when_422="The request does not fit its schema, or not the game: an unknown game, seats that are "
              "not its seats, a bot it does not have, an option it does not take.")
    def post(self, body: dict[str, Any]):  # type: ignore[no-untyped-def]
        """Create a table. Answers each seat's token (its secret) and link; players are emailed theirs.

        Limited per client and per invited address (429 past a limit); when the server has API
        keys, send one in ``X-API-Key``. Without keys, only the server's own machine may call it
        (403 ``tables_closed``) unless the host opened it; players use /new or POST /invitations."""
        s = services()
        guards.require_open_tables(s.settings)
        guards.limit_new_table(s.settings, [*(seat.get("email", "") for seat in body["seats"].values()
                                              if not seat.get("bot")), body.get("host") or ""])
        started = tables.start(s.store, body["game"], body["options"], body["seats"], time.time(),
                               time_control=body.get("time_control"), on_timeout=body.get("on_timeout"),
                               host=body.get("host"))
        return credentials(started)


VIEW_FIELDS, PROMPT_FIELDS = tuple(View._declared_fields), tuple(Prompt._declared_fields)


def documented(view: dict[str, Any]) -> dict[str, Any]:
    """The view as the View schema dumps it (its fields, and each prompt's), without marshmallow:
    the values are plain JSON already, so only the keys the schema leaves out are dropped."""
    out = {key: view[key] for key in VIEW_FIELDS if key in view}
    if "prompts" in out:
        out["prompts"] = [{key: p[key] for key in PROMPT_FIELDS if key in p} for p in out["prompts"]]
    return out


@blp.route("/tables/<table_id>/view")
class TableView(MethodView):
    @blp.response(200, View)
    @refusals(blp, 403, 404)
    def get(self, table_id: str):  # type: ignore[no-untyped-def]
        """The bearer's view; without a token, an observer's."""
        return view_answer(table_id)


def view_answer(table_id: str) -> Any:
    """GET /tables/<id>/view's answer. It is also the route's plain view (server/app.py): the
    route reads no body and answers a response of its own, which is all the documented
    wrappers would pass on."""
    fast_routes.raise_handed_over()
    s = services()
    return seat_view(s, table_id, seat_for, jsonify)


def seat_view(s: Services, table_id: str, seat_of: Callable[[tables.Table], str | None],
              write: Callable[[dict[str, Any]], T]) -> T:
    """The view of the seat ``seat_of`` finds at the table, as ``write`` writes its body (read
    only: whatever it raises, nothing was written)."""
    # this process's copy if still current, the log's last entries it read, and the rollback
    # and preferences (not kept with the copy: no seq moves), in one round trip
    with s.tables.seat_reading(s.store, table_id) as (table, tail, glance):
        seat = seat_of(table)
        view = tables.view(table, seat, board=True)
        if seat is not None:
            view["undo"] = undo.window(s.store, table, seat, tail).as_view()
            view["rollback"] = rollback.as_view(s.store, table, glance)
            view["language"] = preferences.language(s.store, table, seat, glance)
        return write(documented(view))      # written while the copy is still this request's


@blp.route("/tables/<table_id>/states/<int:seq>")
class TableState(MethodView):
    @blp.response(200, View)
    @refusals(blp, 403, 404, when_404="There is no such table, or no event seq yet.")
    def get(self, table_id: str, seq: int):  # type: ignore[no-untyped-def]
        """The bearer's view as it was right after event ``seq``."""
        table = tables.load(services().store, table_id)
        return tables.view_at(services().store, table, seq, seat_for(table), board=True)


@blp.route("/tables/<table_id>/log")
class TableLog(MethodView):
    @blp.arguments(LogQuery, location="query")
    @blp.response(200, LogAnswer)
    @refusals(blp, 403, 404, 422)
    def get(self, query: dict[str, Any], table_id: str):  # type: ignore[no-untyped-def]
        """The events after ``since``, as the bearer may see them."""
        table = tables.load(services().store, table_id)
        return {"seq": table.seq, "events": tables.log(services().store, table, seat_for(table), query["since"])}


@blp.route("/tables/<table_id>/export")
class TableExport(MethodView):
    @blp.doc(responses={"200": {"description": "The export, as JSON Lines (a download)",
                                "content": {"application/x-ndjson": {"schema": {"type": "string"}}}}})
    @refusals(blp, 403, 404)
    def get(self, table_id: str):  # type: ignore[no-untyped-def]
        """JSON Lines: a header, then one event a line. The seed only once the game is over."""
        table = tables.load(services().store, table_id)
        body = tables.to_jsonl(tables.export(services().store, table, seat_for(table)))
        return Response(body, mimetype="application/x-ndjson",
                        headers={"Content-Disposition": f'attachment; filename="{table.game.name}-{table.id}.jsonl"'})


@blp.route("/tables/<table_id>/notifications")
class Notifications(MethodView):
    @blp.response(200, NotificationsAnswer)
    @refusals(blp, 401, 403, 404)
    def get(self, table_id: str):  # type: ignore[no-untyped-def]
        """How the bearer's seat hears about its turns."""
        table = tables.load(services().store, table_id)
        seat = required_seat(table)
        return {"seat": seat, "policy": preferences.effective(services().store, table, seat),
                "policies": preferences.POLICIES}

    @blp.arguments(NotificationsRequest)
    @blp.response(200, NotificationsAnswer)
    @refusals(blp, 401, 403, 404, 422, when_422="The request does not fit its schema, or the seat has no player's "
              "address (a bot's).")
    def put(self, body: dict[str, Any], table_id: str):  # type: ignore[no-untyped-def]
        """Choose: an email per turn, a daily digest, or none; at this table or everywhere."""
        table = tables.load(services().store, table_id)
        seat = required_seat(table)
        policy = preferences.choose(services().store, table, seat, body["policy"], body["everywhere"])
        return {"seat": seat, "policy": policy, "policies": preferences.POLICIES}


@blp.route("/tables/<table_id>/vacation")
class Vacation(MethodView):
    @blp.arguments(VacationRequest)
    @blp.response(200, VacationAnswer)
    @refusals(blp, 401, 403, 404, 422, when_422="The request does not fit its schema, or the vacation does not fit "
              "the player's: it starts in the past, or makes more than 14 days ahead in all, or the seat is a bot's.")
    def post(self, body: dict[str, Any], table_id: str):  # type: ignore[no-untyped-def]
        """Go on vacation (up to 14 days): your deadlines in every game move, the others are told."""
        s = services()
        table = tables.load(s.store, table_id)
        seat = required_seat(table)
        now = time.time()
        start = body.get("start", now)
        end = start + body["days"] * 86400
        waiting = vacations.take(s.store, table, seat, start, end, now)
        enqueue_vacation(s.redis, s.settings, table.seats[seat]["email"], end)
        return {"start": start, "end": end, "waiting": [f"{t}/{w}" for t, w in waiting]}


@blp.route("/calendar/<key>.ics")
class Calendar(MethodView):
    @blp.doc(responses={"200": {"description": "The player's deadlines (iCalendar)",
                                "content": {"text/calendar": {"schema": {"type": "string"}}}}})
    @refusals(blp, 404, when_404="No calendar has this key.")
    def get(self, key: str):  # type: ignore[no-untyped-def]
        """A player's deadlines across their tables, as an iCal feed (its link is in every turn email)."""
        s = services()
        email = calendar_email(s.settings.secret_key, key)
        if email is None:
            raise tables.NotFound("There is no calendar at this address.", code="unknown_calendar")
        body = calendar_feed(s.store, email, mail_settings(s.settings, time.time()))
        return Response(body, mimetype="text/calendar")


EXPORT_BODY = {"required": True, "description": "A full export, as GET /tables/{table_id}/export gives it.",
               "content": {"application/x-ndjson": {"schema": {"type": "string"}}}}


def _export_body() -> list[dict[str, Any]]:
    return tables.parse_jsonl(request.get_data(as_text=True))


@blp.route("/tables/import")
class TableImport(MethodView):
    @blp.response(201, CreatedTable)
    @blp.doc(security=[{}, {"api_key": []}], requestBody=EXPORT_BODY)
    @refusals(blp, 401, 403, 422, 429, when_401=API_KEY_401, when_403=API_KEY_403,
              when_422="The body is not a full export of a finished table, or it does not verify.")
    def post(self):  # type: ignore[no-untyped-def]
        """Re-create a finished table from its full export (JSON Lines in the body); it must verify.
        Counts as a new table for the limits and the API key; nobody is emailed."""
        guards.limit_new_table(services().settings, [])
        started = tables.import_table(services().store, _export_body(), time.time())
        return credentials(started)


@blp.route("/verify")
class Verify(MethodView):
    @blp.response(200, VerifyAnswer)
    @blp.doc(requestBody=EXPORT_BODY)
    @refusals(blp, 422, when_422="The body is not an export (JSON Lines of objects).")
    def post(self):  # type: ignore[no-untyped-def]
        """Re-run a full export from its seed and say whether every event is what the moves give."""
        return tables.verify(_export_body())
