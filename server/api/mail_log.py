"""GET /tables/{id}/mail-log: the emails a seat sent to the table, what was read from each and
what was done (applied, refused and why, ignored as an auto-reply...)."""

from flask.views import MethodView
from flask_smorest import Blueprint

import tables

from ..auth import required_seat
from ..extensions import services
from ..openapi import refusals
from ..schemas import MailLogAnswer

blp = Blueprint("mail_log", __name__, description="Replies by email, as received")


@blp.route("/tables/<table_id>/mail-log")
class MailLog(MethodView):
    @blp.response(200, MailLogAnswer)
    @refusals(blp, 401, 403, 404)
    def get(self, table_id: str):  # type: ignore[no-untyped-def]
        """The bearer seat's own emails to this table, newest first."""
        table = tables.load(services().store, table_id)
        seat = required_seat(table)
        return {"seat": seat, "records": [r for r in services().store.inbound(table.id) if r.get("seat") == seat]}
