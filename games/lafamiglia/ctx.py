"""A decision in progress: the rules work on a copy of the state and record every change as an
event, folded at once, so they always read the state as it now is.

``decide`` never changes the state it is given: the copy is the context's own.
"""

import json

import orjson

from .evolve import evolve


def copy(state):
    """A deep copy as a JSON round trip makes it (lists for tuples, text keys): through orjson,
    about a quarter of json's time on a La Famiglia state; through json itself for what orjson
    does not write (a key that is not text, a number too big)."""
    try:
        return orjson.loads(orjson.dumps(state))
    except orjson.JSONEncodeError:
        return json.loads(json.dumps(state))


FAM_KEYS = (("seat", "fam"), ("who", "who_fam"), ("to", "to_fam"), ("first", "first_fam"), ("was", "was_fam"), ("winner", "winner_fam"))


class Ctx:
    def __init__(self, state):
        self.s = copy(state)
        self.events: list[dict] = []
        self._stack_at_start = json.dumps(self.s["stack"], sort_keys=True)

    # ---- events
    def emit(self, kind: str, **data) -> dict:
        """Record one change (with the acting family's name, for the log lines) and fold it."""
        for key, fam_key in FAM_KEYS:
            who = self.s["p"].get(data.get(key)) if isinstance(data.get(key), str) else None
            if who and who["family"]:
                data[fam_key] = who["family"]
        if kind == "kill":          # whose soldati, for the log line
            area = self.s["areas"][data["area"]]
            data["who"] = area["owner"] if data["side"] == "def" else area["att"]["seat"]
            whose = self.s["p"].get(data["who"])
            if whose and whose["family"]:
                data["who_fam"] = whose["family"]
        event = {"type": kind, **data}
        self.s = evolve(self.s, copy(event))
        self.events.append(event)
        return event

    # ---- the stack of decisions under way
    @property
    def stack(self) -> list[dict]:
        return self.s["stack"]

    def top(self) -> dict | None:
        return self.s["stack"][-1] if self.s["stack"] else None

    def push(self, k: str, **frame) -> dict:
        f = {"k": k, **frame}
        self.s["stack"].append(f)
        return f

    def pop(self) -> dict:
        return self.s["stack"].pop()

    def finish(self) -> list[dict]:
        """The decision's events, the last one carrying the stack when it changed."""
        stack = self.s["stack"]
        if json.dumps(stack, sort_keys=True) != self._stack_at_start or not self.events:
            if not self.events:
                self.events.append({"type": "step"})
            self.events[-1]["stack"] = copy(stack)
        return self.events
