"""The registry of decision steps. Every decision under way is a frame on the state's stack
(``{"k": kind, ...}``); its kind names a step here:

- ``ask(state, frame) -> {seat: (prompt kind, text, options)}``: who is asked and the listed
  options (each ``{"label", "move"}``); the ``system`` seat is an automatic step;
- ``do(ctx, frame, seat, move)``: apply one listed move (the frame is the stack's top);
- ``auto(ctx, frame)``: a frame the rules pass through without asking anyone or rolling dice.
"""

STEPS: dict[str, dict] = {}


def asks(kind):
    def register(fn):
        STEPS.setdefault(kind, {})["ask"] = fn
        return fn
    return register


def does(kind):
    def register(fn):
        STEPS.setdefault(kind, {})["do"] = fn
        return fn
    return register


def auto(kind):
    def register(fn):
        STEPS.setdefault(kind, {})["auto"] = fn
        return fn
    return register


def opt(label: str, **move) -> dict:
    return {"label": label, "move": move}
