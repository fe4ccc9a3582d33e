"""A table's position, taken out to carry to the table top or to start another table from."""

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

import tables
from tables.positions import position_at

from ..auth import seat_for
from ..extensions import services
from ..openapi import refusals
from ..schemas import PositionAnswer, PositionQuery

blp = Blueprint("positions", __name__, description="Positions: a table's state as a starting position")


@blp.route("/tables/<table_id>/position")
class TablePosition(MethodView):
    @blp.arguments(PositionQuery, location="query")
    @blp.response(200, PositionAnswer)
    @refusals(blp, 403, 404, 409, 422, when_403="The token is not one of this table's seats, or the game hides "
              "its position until it is over.", when_404="There is no such table, or no such seq.",
              when_409="no_position: seq falls mid-turn, not where a position can be taken.")
    def get(self, query: dict[str, Any], table_id: str):  # type: ignore[no-untyped-def]
        """The table's position at ``seq`` (default: now) in the game's position format: send it back
        as the option ``position`` of POST /tables to start a table from it. While the game goes on,
        only what the bearer may see (its own hand at most; ``hidden`` says what was left out); the
        whole position once it is over. 409 ``no_position`` when ``seq`` is mid-turn."""
        s = services()
        table = tables.load(s.store, table_id)
        return position_at(s.store, table, query["seq"], seat_for(table))
