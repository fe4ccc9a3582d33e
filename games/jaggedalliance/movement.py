"""Movement (10.2 Move, Command action (a) Group Move, 12.1 entering a Sector).

A step goes to an adjacent Area across no red border, or from a Liberated Sector (one Area) to
an adjacent Sector or mission card; never out of a Besieged Sector or a mission (Escape only).
It costs 1 fatigue, or 1 wound instead when leaving an Area with an enemy; Stunned +1.
Entering an Occupied or Besieged Sector, each merc is placed in an Area on the border crossed.
"""

from . import combat
from .battle import enter, reveal
from .data import MERC
from .state import (adjacent_sectors, enemies_at, entry_areas, is_mission, merc_name, mercs_at, move_neighbours,
                    sector_name, single_area)
from .steps import asks, does, opt


def enemy_here(s: dict, m: str) -> bool:
    merc = s["mercs"][m]
    if single_area(s, merc["sector"]):
        return False
    return any(not s["enemies"][e]["hidden"] for e in enemies_at(s, merc["sector"], merc["area"]))


def step_cost(s: dict, m: str) -> tuple[str, int]:
    """(zone, cubes): 'F' fatigue or 'W' wound (leaving enemies), +1 Stunned; a sprinter's
    first step of an activation costs no fatigue."""
    merc = s["mercs"][m]
    stun = 1 if "stun" in merc["status"] else 0
    if enemy_here(s, m):
        return "W", 1 + stun
    base = 0 if MERC[m]["skill"]["kind"] == "sprinter" and merc["steps"] == 0 else 1
    return "F", base + stun


def destinations(s: dict, m: str) -> list[tuple[str, str]]:
    """('area', letter) or ('sector', id) the merc may step to."""
    merc = s["mercs"][m]
    here = merc["sector"]
    if single_area(s, here):
        if is_mission(here) or s["sectors"][here]["status"] != "liberated":
            return []
        return [("sector", t) for t in adjacent_sectors(s, here)]
    return [("area", a) for a in move_neighbours(here, merc["area"])]


def step(ctx, m: str, kind: str, to: str) -> None:
    zone, n = step_cost(ctx.s, m)
    merc = ctx.s["mercs"][m]
    if n:
        if zone == "F":
            combat.pay_fatigue(ctx, m, n)
        else:
            combat.take(ctx, m, n, "W", "leaving an Area with an enemy")
    ctx.set(f"mercs.{m}.steps", merc["steps"] + 1)
    cost = f"{n} {'fatigue' if zone == 'F' else 'wound'}" if n else "free"
    if kind == "area":
        ctx.set(f"mercs.{m}.area", to)
        ctx.emit("moved", merc=m, to=to, cost=cost)
        reveal(ctx, merc["sector"], to, m)
        return
    arrive(ctx, [m], merc["sector"], to, m, cost, group=False)


def arrive(ctx, movers: list[str], source: str, target: str, by: str, cost: str, group: bool) -> None:
    choices = entry_areas(ctx.s, source, target)
    areas = {x: None for x in movers}
    if len(choices) == 1:
        areas = {x: choices[0] for x in movers}
    ctx.emit("left_for", merc=by, mercs=movers, source=source, to=target, cost=cost, group=group)
    if len(choices) > 1:
        ctx.push("entry", merc=by, movers=movers, source=source, target=target, areas=areas)
        return
    enter(ctx, movers, source, target, areas, by)


@asks("entry")
def ask_entry(s, frame):
    who = next(x for x in frame["movers"] if frame["areas"][x] is None)
    choices = entry_areas(s, frame["source"], frame["target"])
    options = [opt(f"{merc_name(who)} enters at Area {a}", area=a) for a in choices]
    text = (f"{merc_name(who)} enters {sector_name(frame['target'])}: which Area on the border "
            "crossed (rule 12.1)?")
    return {s["mercs"][frame["merc"]]["seat"]: ("entry", text, options)}


@does("entry")
def do_entry(ctx, frame, seat, move):
    who = next(x for x in frame["movers"] if frame["areas"][x] is None)
    areas = {**frame["areas"], who: move["area"]}
    if any(v is None for v in areas.values()):
        ctx.update(areas=areas)
        return
    ctx.pop()
    enter(ctx, frame["movers"], frame["source"], frame["target"], areas, frame["merc"])


# ---- Group Move (Command action a)
def companions(s: dict, m: str) -> list[str]:
    """Mercs in the active merc's Area who may come along (knocked-out ones included; a
    conscious one must be able to pay the wound for leaving enemies)."""
    merc = s["mercs"][m]
    out = []
    for x in mercs_at(s, merc["sector"], merc["area"]):
        if x == m:
            continue
        if not s["mercs"][x]["ko"] and enemy_here(s, m) and s["mercs"][x]["S"] < 1:
            continue
        out.append(x)
    return out


def group_start(ctx, m: str, kind: str, to: str) -> None:
    if companions(ctx.s, m):
        ctx.push("group", merc=m, kind=kind, to=to, taken=[])
        return
    group_go(ctx, m, kind, to, [])


@asks("group")
def ask_group(s, frame):
    m = frame["merc"]
    options = [opt("go" + (f" with {', '.join(merc_name(x) for x in frame['taken'])}" if frame["taken"] else " alone"),
                   take=None)]
    options += [opt(f"take {merc_name(x)}{' (knocked out)' if s['mercs'][x]['ko'] else ''}", take=x)
                for x in companions(s, m) if x not in frame["taken"]]
    where = f"Area {frame['to']}" if frame["kind"] == "area" else sector_name(frame["to"])
    text = f"Group Move of {merc_name(m)} to {where}: who comes along (rule 10.2 a)?"
    return {s["mercs"][m]["seat"]: ("group", text, options)}


@does("group")
def do_group(ctx, frame, seat, move):
    if move["take"]:
        ctx.update(taken=frame["taken"] + [move["take"]])
        return
    ctx.pop()
    group_go(ctx, frame["merc"], frame["kind"], frame["to"], frame["taken"])


def group_go(ctx, m: str, kind: str, to: str, taken: list[str]) -> None:
    """No fatigue (10.2 a); the wound for leaving enemies is still paid by each conscious
    mover (the text waives only 'kosztu Zmęczenia': our reading of AMBIGUOUS 10)."""
    from .commands import spend_command
    spend_command(ctx, m)
    movers = [m] + taken
    leaving_enemies = enemy_here(ctx.s, m)
    if leaving_enemies:
        for x in movers:
            if not ctx.s["mercs"][x]["ko"]:
                combat.take(ctx, x, 1, "W", "leaving an Area with an enemy")
    cost = "1 wound each" if leaving_enemies else "free"
    merc = ctx.s["mercs"][m]
    if kind == "area":
        for x in movers:
            ctx.set(f"mercs.{x}.area", to)
        ctx.emit("group_moved", merc=m, mercs=movers, to=to, cost=cost)
        reveal(ctx, merc["sector"], to, m)
        return
    arrive(ctx, movers, merc["sector"], to, m, cost, group=True)
