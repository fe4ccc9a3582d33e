"""A tiny game that drives the platform's tests until real games exist. Not shipped.

"Duel": each seat is dealt a secret card (1-6). The seats take turns adding 1-3 to a shared
total; when it reaches the target, the rules (the system seat) roll a die and reveal the
cards: the higher card wins, a tie goes to north on an odd roll and to south on an even one.
It has what the platform must handle: hidden hands, turns, an automatic step with dice, an end.
"""

from typing import Any

from games.core import SYSTEM, Game, IllegalMove, Rng

SEATS = ("north", "south")


class Duel(Game):
    name = "duel"
    title = "Duel"
    seats = SEATS
    options = {"target": {"default": 10, "choices": [5, 10, 20], "help": "The total that ends the game."}}
    notation_help = "'add N' or '+N' with N from 1 to 3."

    def start(self, options: dict[str, Any], seats: list[str], rng: Rng) -> list[dict[str, Any]]:
        return [{"type": "setup", "target": options["target"]},
                *({"type": "dealt", "seat": seat, "card": rng.die()} for seat in seats)]

    def evolve(self, state: Any, event: dict[str, Any]) -> Any:
        kind = event["type"]
        if kind == "setup":
            return {"target": event["target"], "total": 0, "turn": "north", "cards": {}, "phase": "play",
                    "die": None, "winner": None}
        if kind == "dealt":
            state["cards"][event["seat"]] = event.get("card")
        elif kind == "added":
            state["total"] = event["total"]
            state["turn"] = "south" if event["seat"] == "north" else "north"
            if state["total"] >= state["target"]:
                state["phase"] = "reveal"
        elif kind == "rolled":
            state["die"] = event["die"]
        elif kind == "revealed":
            state["cards"] = dict(event["cards"])
            state["winner"] = event["winner"]
            state["phase"] = "over"
        return state

    def prompts(self, state: Any) -> dict[str, Any]:
        if state["phase"] == "play":
            return {state["turn"]: {"kind": "add", "text": f"Add to the total ({state['total']} of "
                                    f"{state['target']}).", "options": [{"label": f"add {n}", "move": {"add": n}}
                                                                         for n in (1, 2, 3)]}}
        if state["phase"] == "reveal":
            return {SYSTEM: {"kind": "reveal", "text": "Roll and reveal the cards.",
                             "options": [{"label": "roll", "move": {"step": "reveal"}}]}}
        return {}

    def decide(self, state: Any, seat: str, move: Any, rng: Rng, asked: Any = None) -> list[dict[str, Any]]:
        if seat not in self.prompts(state):
            raise IllegalMove("not_your_turn", "It is not your turn.")
        if seat == SYSTEM:
            die = rng.die()
            north, south = state["cards"]["north"], state["cards"]["south"]
            winner = "north" if north > south else "south" if south > north else ("north" if die % 2 else "south")
            return [{"type": "rolled", "die": die}, {"type": "revealed", "cards": dict(state["cards"]),
                                                      "winner": winner}]
        if not isinstance(move, dict) or move.get("add") not in (1, 2, 3):
            raise IllegalMove("bad_add", "You may add 1, 2 or 3.")
        return [{"type": "added", "seat": seat, "n": move["add"], "total": state["total"] + move["add"]}]

    def view(self, state: Any, seat: str | None) -> dict[str, Any]:
        over = state["phase"] == "over"
        return {"total": state["total"], "target": state["target"], "turn": state["turn"],
                "phase": state["phase"], "die": state["die"], "winner": state["winner"],
                "cards": {s: c for s, c in state["cards"].items() if over or s == seat}}

    def redact(self, event: dict[str, Any], seat: str | None) -> dict[str, Any]:
        if event["type"] == "dealt" and event["seat"] != seat:
            return {"type": "dealt", "seat": event["seat"]}
        return event

    def parse(self, text: str, state: Any, seat: str) -> Any:
        words = text.lower().replace("+", "add ").split()
        if len(words) == 2 and words[0] == "add" and words[1] in ("1", "2", "3"):
            return {"add": int(words[1])}
        raise IllegalMove("bad_notation", f"I cannot read {text!r}: write 'add 2' or '+2'.")

    def describe(self, event: dict[str, Any]) -> str:
        kind = event["type"]
        if kind == "setup":
            return f"A duel to {event['target']} begins."
        if kind == "dealt":
            return f"{event['seat']} is dealt " + (f"a {event['card']}." if "card" in event else "a card.")
        if kind == "added":
            return f"{event['seat']} adds {event['n']} (total {event['total']})."
        if kind == "rolled":
            return f"The rules roll a {event['die']}."
        return f"The cards are north {event['cards']['north']}, south {event['cards']['south']}: {event['winner']} wins."

    def result(self, state: Any) -> dict[str, Any] | None:
        if state["phase"] != "over":
            return None
        return {"winner": state["winner"], "text": f"{state['winner'].capitalize()} wins the duel."}
