"""A decision in progress: the rules work on a copy of the state and record every change as a
path in the next event's ``fx`` (absolute values), so ``evolve`` only copies values in.

Paths are dotted (``mercs.ivan.S``); setting a path drops the changes already recorded below it,
so applying an ``fx`` in sorted order (a path before its extensions) gives the same state as the
rules saw. Everything under ``hidden`` is what no seat may see (deck orders, face-down cards and
tokens): ``redact`` removes those paths from every event.
"""

import json

from games.core import Rng


def copy(value):
    return json.loads(json.dumps(value))


def set_path(state: dict, path: str, value) -> None:
    keys = path.split(".")
    node = state
    for key in keys[:-1]:
        node = node.setdefault(key, {})
    if value is None and keys[-1] in node and path.startswith("hidden."):
        del node[keys[-1]]
    else:
        node[keys[-1]] = value


def record(fx: dict, path: str, value) -> None:
    for key in [k for k in fx if k.startswith(path + ".")]:
        del fx[key]
    fx.pop(path, None)
    fx[path] = value


class Ctx:
    def __init__(self, state: dict, rng: Rng | None = None):
        self.s = copy(state) if state is not None else {}
        self.rng = rng
        self.events: list[dict] = []
        self.fx: dict = {}

    # ---- changes and events
    def set(self, path: str, value) -> None:
        value = copy(value)
        set_path(self.s, path, value)
        record(self.fx, path, copy(value))

    def emit(self, event_type: str, /, **info) -> dict:
        event = {"type": event_type, **copy(info)}
        if self.fx:
            event["fx"] = self.fx
            self.fx = {}
        self.events.append(event)
        return event

    def finish(self) -> list[dict]:
        """The decision's events; changes made after the last event ride on it."""
        if self.fx:
            if not self.events:
                self.emit("tidy")
            else:
                last = self.events[-1].setdefault("fx", {})
                for path, value in self.fx.items():
                    record(last, path, value)
                self.fx = {}
        return self.events

    # ---- the stack of decisions under way
    @property
    def stack(self) -> list[dict]:
        return self.s["stack"]

    def top(self) -> dict | None:
        return self.s["stack"][-1] if self.s["stack"] else None

    def push(self, step: str, /, **frame) -> dict:
        f = {"k": step, **frame}
        self.set("stack", [*self.s["stack"], f])
        return f

    def pop(self) -> dict:
        frame = self.s["stack"][-1]
        self.set("stack", self.s["stack"][:-1])
        return frame

    def update(self, **changes) -> dict:
        """Change fields of the top frame."""
        frame = {**self.s["stack"][-1], **changes}
        self.set("stack", [*self.s["stack"][:-1], frame])
        return frame
