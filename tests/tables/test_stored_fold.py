"""Issue 10, defect 3: every process folds exactly what is stored, so an option's number means
the same move in the API, the worker and a replay, whatever order decide() built its dicts in."""

from typing import Any

import games
import tables
from games.core import Game, IllegalMove, Rng, fold
from tables import envelope
from tables.model import load


class Pantry(Game):
    """One seat counts what is in a pantry (a dict built in a non-sorted order), then takes one thing;
    its options follow the dict's order, as a careless rules module might."""

    name = "pantry"
    title = "Pantry"
    seats = ("cook",)

    def start(self, options: dict[str, Any], seats: list[str], rng: Rng) -> list[dict[str, Any]]:
        return [{"type": "opened"}]

    def evolve(self, state: Any, event: dict[str, Any]) -> Any:
        if event["type"] == "opened":
            return {"stock": None, "taken": None}
        if event["type"] == "counted":
            state["stock"] = event["stock"]
        else:
            state["taken"] = event["item"]
        return state

    def prompts(self, state: Any) -> dict[str, Any]:
        if state["stock"] is None:
            return {"cook": {"kind": "count", "text": "Count the stock.", "options": [
                {"label": "count", "move": {"count": True}}, {"label": "wait", "move": {"wait": True}}]}}
        if state["taken"] is None:
            return {"cook": {"kind": "take", "text": "Take what?", "options": [
                {"label": item, "move": {"take": item}} for item in state["stock"]]}}
        return {}

    def decide(self, state: Any, seat: str, move: Any, rng: Rng, asked: Any = None) -> list[dict[str, Any]]:
        if state["stock"] is None:
            return [{"type": "counted", "stock": {"tea": 1, "flour": 2, "rice": 3}}]
        if move.get("take") not in (state["stock"] or {}):
            raise IllegalMove("not_there", "That is not in the pantry.")
        return [{"type": "took", "item": move["take"]}]

    def result(self, state: Any) -> dict[str, Any] | None:
        return {"winner": "cook", "text": "Taken."} if state["taken"] else None


games.register(Pantry())
COOK = {"cook": {"name": "Cook", "email": "cook@example.org"}}


def test_the_live_table_and_a_fresh_load_list_the_options_in_the_same_order(store):
    table = tables.start(store, "pantry", {}, COOK, 1000.0).table
    done = tables.submit(store, table, "cook", option=1, expected_seq=table.seq, now=1001.0)
    live = done.table.prompts()["cook"]["options"]
    assert live == load(store, table.id).prompts()["cook"]["options"]
    stored = [envelope.loads(e)["event"] for e in store.read(table.id)]
    assert live == done.table.game.prompts(fold(done.table.game, stored))["cook"]["options"]
