"""What happens to the pieces, shared by the planning and encounter rules. Each function records
events on the context; a gain is capped by what the pool still holds (spec 2.5)."""

from . import data as D
from .state import NEUTRAL, areas_of, has_tile, is_empty, labs_owned, pool


def pay(ctx, seat, n, to=None, why=""):
    """``seat`` pays ``n`` lire, to the supply or to another seat."""
    if n > 0:
        ctx.emit("money", seat=seat, n=-n, **({"to": to} if to else {}), why=why)


def gain(ctx, seat, n, why=""):
    if n > 0:
        ctx.emit("money", seat=seat, n=n, why=why)


def recruit(ctx, seat, n, why="recruit"):
    """Soldati from the seat's pool to its HQ (capped by the pool)."""
    n = min(n, pool(ctx.s, seat, "soldati"))
    if n > 0:
        ctx.emit("recruit", seat=seat, n=n, why=why)
    return n


def neutral_bonus(ctx, seat, n):
    """Neutral soldati killed give their killer as many own soldati from pool to HQ (spec 8.5
    step 2, 8.7, 8.8); in an incited attack, the defender (spec 8.9)."""
    if seat and seat != NEUTRAL and n > 0:
        recruit(ctx, seat, n, why="neutrals")


def remove_lab(ctx, area):
    """A family (or incited neutrals) takes control of an area: 1 lab goes (spec 9.1)."""
    if ctx.s["areas"][area]["labs"] > 0:
        ctx.emit("lab", area=area, n=-1, why="taken")


def place_from_hq(ctx, seat, area, n):
    """Place soldati from HQ; into an empty area, remove 1 lab (spec 6.4.2)."""
    n = min(n, ctx.s["p"][seat]["hq"])
    if n <= 0:
        return 0
    empty = is_empty(ctx.s, area)
    ctx.emit("place", seat=seat, area=area, n=n, src="hq")
    if empty:
        remove_lab(ctx, area)
    return n


def vacated(ctx, area, seat):
    """``seat`` has no soldato left in ``area``: its order tokens go home, its cars there are lost
    (spec 8.4, 8.5 step 0, 9.2)."""
    a = ctx.s["areas"][area]
    for t in [t for t in a["tokens"] if t["seat"] == seat]:
        ctx.emit("home", seat=seat, token=t["id"], area=area, up=t["up"])
    if a["cars"] and a["owner"] in (None, seat) and seat != NEUTRAL:
        ctx.emit("car", seat=seat, area=area, n=-a["cars"], why="lost")


def kill(ctx, area, n, killer=None, to="pool"):
    """Remove up to ``n`` of the soldati holding ``area`` (to their pool, or the supply); neutral
    kills reward ``killer``; an area left without soldati loses its cars and tokens."""
    a = ctx.s["areas"][area]
    who = a["owner"]
    n = min(n, a["n"])
    if n <= 0 or who is None:
        return 0
    ctx.emit("kill", area=area, side="def", n=n, to=to)
    if who == NEUTRAL:
        neutral_bonus(ctx, killer, n)
    if ctx.s["areas"][area]["n"] == 0:
        vacated(ctx, area, who)
    return n


def place_car(ctx, seat, area, side=None):
    if pool(ctx.s, seat, "cars") > 0:
        ctx.emit("car", seat=seat, area=area, n=1, **({"side": side} if side else {}))
        return True
    return False


def place_lab(ctx, seat, area):
    if ctx.s["supply"]["labs"] > 0 and ctx.s["areas"][area]["labs"] < 2:
        ctx.emit("lab", area=area, n=1, seat=seat)
        return True
    return False


def launder(ctx, seat):
    """1 L per lab the seat owns (spec 6.4.5)."""
    gain(ctx, seat, labs_owned(ctx.s, seat), why="launder")


def car_areas(s, seat):
    return areas_of(s, seat) if pool(s, seat, "cars") > 0 else []


def lab_areas(s, seat, only=None):
    if s["supply"]["labs"] <= 0:
        return []
    return [a for a in (only or areas_of(s, seat)) if s["areas"][a]["owner"] == seat and s["areas"][a]["labs"] < 2]


def boat_seas(s, seat, near=None):
    """Seas where the seat may put a motorboat: next to its soldati, or next to ``near``."""
    from .state import seas_near
    if pool(s, seat, "boats") <= 0:
        return []
    return list(D.COAST[near]) if near else seas_near(s, seat)


def take_control(ctx, area, seat):
    """``seat`` has just taken ``area`` (by moving in, or winning a fight): 1 lab goes; then the
    Rekrutacja tile may add soldati (spec 9.1, 13)."""
    remove_lab(ctx, area)
    if seat != NEUTRAL and has_tile(ctx.s, seat, "recruitment") and ctx.s["p"][seat]["hq"] > 0:
        ctx.push("recruitment", seat=seat, area=area)


def update_control(ctx):
    """Recompute mandamento control from the soldati (spec 7.2)."""
    from .state import control_now
    now = control_now(ctx.s)
    changed = {m: now[m] for m in D.MANDAMENTI if now[m] != ctx.s["control"].get(m)}
    if changed:
        fams = {m: ctx.s["p"][x]["family"] for m, x in changed.items() if x}
        ctx.emit("control", control=changed, fams=fams)
