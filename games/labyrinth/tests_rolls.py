"""Tests of unmarked countries (4.9.4) and the table rolls (7.7): Country Test (governance),
Posture and Prestige. Every die comes from the table's generator through the Ctx and is
written into the event, so evolve never rolls."""

from . import data as D
from .state import Fx, tested

T = D.TABLES


def gov_from_roll(roll: int) -> int:
    """Country Test table (7.7, A.1 [EXT]): 1-4 Poor, 5-6 Fair."""
    return D.POOR if roll <= T["country_test"]["poor_max"] else D.FAIR


def posture_from_roll(roll: int, us: bool = False) -> str:
    """Posture table (7.2.3): 1-4 Soft, 5-6 Hard; a roll for US Posture is modified +1 (4.9.3)."""
    if us:
        roll += T["posture"]["us_modifier"]
    return "Soft" if roll <= T["posture"]["soft_max"] else "Hard"


def prestige_roll(ctx) -> dict:
    """7.7 (PT 4.7.1, 2nd edition): a direction die (1-4 down, 5-6 up), then two dice: Prestige
    changes by the lower one. Returns the dice and the signed change (before clamping)."""
    direction = ctx.die()
    a, b = ctx.die(), ctx.die()
    delta = min(a, b) if direction > T["prestige_roll"]["down_max"] else -min(a, b)
    return {"direction": direction, "dice": [a, b], "delta": delta}


def apply_prestige_roll(fx: Fx, roll: dict) -> None:
    fx.add_track("prestige", roll["delta"])


def test_if_needed(ctx, name: str, why: str) -> dict | None:
    """4.9.4: roll governance (Muslim: alignment Neutral) or posture (non-Muslim) for an
    unmarked country selected for an operation. Emits a 'tested' event; None if marked."""
    state = ctx.s
    if tested(state, name):
        return None
    roll = ctx.die()
    fx = Fx(state)
    event = {"type": "tested", "country": name, "roll": roll, "why": why}
    if D.is_muslim(name):
        g = gov_from_roll(roll)
        fx.set(name, "gov", g)
        fx.set(name, "align", "Neutral")   # 4.9.4 / PT 4.2.4 note: a first test gives Neutral
        event["gov"] = g
    else:
        p = posture_from_roll(roll)
        fx.set(name, "posture", p)
        event["posture"] = p
    event["fx"] = fx.out()
    return ctx.emit(event)


def roll_posture(ctx, name: str, why: str, reroll_of: int | None = None) -> dict:
    """A posture roll for a non-Muslim country or the US (7.2.3, 8.5.6); Israel stays Hard (4.3.3)."""
    roll = ctx.die()
    us = name == D.US
    p = posture_from_roll(roll, us=us)
    fx = Fx(ctx.s)
    if us:
        fx.set_track("us_posture", p)
    elif name != D.ISRAEL:
        fx.set(name, "posture", p)
    event = {"type": "posture_rolled", "country": name, "roll": roll, "posture": "Hard" if name == D.ISRAEL else p,
             "why": why, "fx": fx.out()}
    if us:
        event["modifier"] = T["posture"]["us_modifier"]
    if reroll_of is not None:
        event["reroll_of"] = reroll_of
    return ctx.emit(event)
