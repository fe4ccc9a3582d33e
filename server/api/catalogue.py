"""GET /games: what can be played here, with seats, options and their defaults."""

from flask.views import MethodView
from flask_smorest import Blueprint

import games

from ..schemas import GameEntry

blp = Blueprint("catalogue", __name__, description="The games hosted here")


@blp.route("/games")
class Catalogue(MethodView):
    @blp.response(200, GameEntry(many=True))
    def get(self):  # type: ignore[no-untyped-def]
        """The catalogue of games."""
        return [game.catalogue() for game in games.all_games()]
