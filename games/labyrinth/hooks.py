"""Hook points: where a lasting card effect (a MARK marker or a LAPSING card, 6.2.7) changes an
operation or a step of the sequence of play, without that card's code living in the operation's
module.

A card module registers a handler for a point with ``@hooks.on("point")``; the operations call
the point. Every handler must return its answer only from the state it is given (a marker on the
map, a card in the Lapsing box) so that it is a no-op while its card's effect is not in play.

The points (signature, what the handler returns, where it is called):

  op_allowed(state, seat, op) -> bool      may this operation be chosen now?  (cardplay.operations)
  jihad_allowed(state, country) -> bool    may Jihad target this country?     (jihadist_ops)
  travel_allowed(state, frm, to) -> bool   may a cell travel from frm to to?  (jihadist_ops)
  travel_auto(state, frm, to, auto) -> bool  is that travel automatic? gets the rulebook answer
  disrupt_count(state, country, n) -> int  how many cells a Disrupt affects, given the rulebook n
  disrupt_cadre(state, country) -> bool    may Disrupt place or remove a Cadre there?
  rc_allowed(state, country) -> bool       Regime Change in a country not under Islamist Rule?
                                           (any True allows it: Iraqi WMD, Libyan WMD)
  rc_done(fx, country)                     a Regime Change happened there (remove a marker...)
  plot_funding(state, plot, fx) -> bool    change Funding for a resolving plot; True = handled
  plot_resolved(state, plot, fx)           a plot was resolved (Abbas, Indo-Pakistani Talks)
  funding_drop(state) -> bool              does Funding drop by 1 at the end of the turn (5.2.5)?
  random_card(state, seat) -> bool         must the seat pick its card at random (card 47)?

Not yet a hook point (a framework change, ask before writing the card): NATO (41) counting as
troops and Sadr (54) counting as a cell; "play a second card" (48, 53) and "play an additional
card" (18).
"""

from collections.abc import Callable

POINTS = ("op_allowed", "jihad_allowed", "travel_allowed", "travel_auto", "disrupt_count", "disrupt_cadre",
          "rc_allowed", "rc_done", "plot_funding", "plot_resolved", "funding_drop", "random_card")

HOOKS: dict[str, list[Callable]] = {point: [] for point in POINTS}


def on(point: str) -> Callable:
    """Decorator: register a handler for a hook point."""
    if point not in HOOKS:
        raise ValueError(f"unknown hook point {point!r}; the points are {POINTS}")

    def register(fn: Callable) -> Callable:
        if fn not in HOOKS[point]:
            HOOKS[point].append(fn)
        return fn
    return register


def all_ok(point: str, *args) -> bool:
    """True unless a handler says no (a lasting effect forbids it)."""
    return all(fn(*args) for fn in HOOKS[point])


def any_ok(point: str, *args) -> bool:
    """True if a handler says yes (a lasting effect allows it)."""
    return any(fn(*args) for fn in HOOKS[point])


def fold(point: str, value, *args):
    """Each handler gets the value so far and returns the new one: f(*args, value)."""
    for fn in HOOKS[point]:
        value = fn(*args, value)
    return value


def notify(point: str, *args) -> bool:
    """Call every handler; True if one of them says it handled the matter."""
    handled = False
    for fn in HOOKS[point]:
        handled = bool(fn(*args)) or handled
    return handled
