"""The fold: no rules, no dice. Each event's ``fx`` holds absolute values by dotted path, applied
in sorted order (a path before its extensions). Values are copied in, so a later event never
changes an earlier one's objects."""

from .ctx import copy, set_path


def evolve(state, event: dict):
    if state is None:
        state = {}
    fx = event.get("fx")
    if fx:
        for path in sorted(fx):
            value = fx[path]
            set_path(state, path, copy(value) if isinstance(value, (dict, list)) else value)
    return state
