"""The registry of decision steps. Every decision under way is a frame on the state's stack
(``{"k": kind, "seat": who decides, ...}``); its kind names a step here:

- ``ask(state, frame) -> (text, options)``: the question and its listed options (each
  ``{"label", "move"}``); no options means nothing can be chosen, and the step is passed over
  (``skip``, default: drop the frame);
- ``do(ctx, frame, move)``: apply a listed move (the frame is the context's top);
- ``auto(ctx, frame)``: a step the rules take without asking anyone.

``instruction``: the standing instruction (spec 14.7) that may answer the step for its seat;
``plan(state, frame) -> move | None``: the answer the seat gave ahead of time (its sheet-0 fields,
chosen in its setup), taken by the rules as a system step.
"""

STEPS: dict[str, dict] = {}


def step(kind, *, instruction=None, unit=None, prompt_kind=None, plan=None):
    def register(fn_ask):
        STEPS[kind] = {"ask": fn_ask, "instruction": instruction, "unit": unit,
                       "prompt_kind": prompt_kind or kind, "plan": plan}
        return fn_ask
    return register


def does(kind):
    def register(fn):
        STEPS[kind]["do"] = fn
        return fn
    return register


def skips(kind):
    def register(fn):
        STEPS[kind]["skip"] = fn
        return fn
    return register


def auto(kind):
    def register(fn):
        STEPS[kind] = {"auto": fn}
        return fn
    return register


def opt(label, **move):
    return {"label": label, "move": move}


def counts(low, high, unit, verb=""):
    """Options for a count from ``low`` to ``high`` (ascending, so that a reply '3' is 3)."""
    one = {"soldati": "soldato"}.get(unit, unit)
    return [opt(f"{verb}{n} {one if n == 1 else unit}".strip(), n=n) for n in range(low, high + 1)]
