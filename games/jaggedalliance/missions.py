"""Missions (16): cards beside the Sector of their access token, each a battle location of one
Area (our reading) that mercs reach from that Sector when it is Liberated and cannot leave until
the mission is done, or by Escape, which resets it.

Guards are placed when a merc first enters. The conditions are met in order, left to right,
across activations and by different mercs (L2831, Fox and Shadow): 'kill_all' when no enemy stands
on the card; a 'test' by a Command action roll needing its difficulty in one roll (L1380-L1405);
'wanted' when the wanted man, who is the card, falls (L2860). On completion the rewards are taken
and every merc on the card goes to the access Sector as a Group Move (a battle there if it is
Occupied). A wanted poster completed leaves the campaign; an unfinished mission stays in play into
the next scenario, reset (7.7). While active, a mission's lasting effect applies (state.py's
active_effects)."""

from .battle import give, spawn
from .data import MISSIONS, SCENARIOS
from .decks import draw
from .state import conscious, enemies_at, mercs_at


def _place(ctx, mid: str, why: str) -> bool:
    scenario_access = SCENARIOS[ctx.s["scenario"]].get("access", {})
    at = scenario_access.get(MISSIONS[mid]["access"]) or next(iter(sorted(scenario_access.values())), None)
    if not at:
        return False
    ctx.set(f"missions.{mid}", {"at": at, "state": "active", "step": 0, "entered": False})
    ctx.set(f"sectors.{mid}", {"x": None, "y": None, "status": "occupied", "tier": None, "card": None,
                               "facedown": {}, "loot": {}, "rebels": 0, "supply": 0, "lt": None, "start": False})
    ctx.emit("mission_placed", mission=mid, name=MISSIONS[mid]["name"], at=at, why=why, sub=True)
    return True


def setup_missions(ctx) -> None:
    """16: the unfinished missions carried over and the scenario's own, by their access tokens."""
    carried = list(ctx.s["campaign"]["missions"])
    for mid in carried + [m for m in SCENARIOS[ctx.s["scenario"]].get("missions", []) if m not in carried]:
        _place(ctx, mid, "carried over from the campaign" if mid in carried else "the scenario's briefing")


def new_mission(ctx, source: str) -> None:
    """The dictator adds a mission: the top Mission card goes by its access token (16)."""
    if not ctx.s["flags"]["missions"]:
        ctx.emit("nothing_to_lose", why=source, what="mission (no missions in this scenario)", sub=True)
        return
    mid = draw(ctx, "missions")
    if mid is None or not _place(ctx, mid, source):
        ctx.emit("nothing_to_lose", why=source, what="mission", sub=True)


def start_mission(ctx, mid: str, by: str) -> None:
    """The first merc on the card: its guards (or the wanted man) are placed (16)."""
    ctx.set(f"sectors.{mid}.status", "besieged")
    ctx.set(f"missions.{mid}.entered", True)
    card = MISSIONS[mid]
    ctx.emit("mission_entered", mission=mid, name=card["name"], by=by)
    for kind, elite in card.get("guards", []):
        spawn(ctx, kind, elite, mid, None, f"guarding {card['name']} (rule 16)")
    if card.get("wanted"):
        n = ctx.s["next_enemy"]
        e = f"e{n:03d}"
        ctx.set("next_enemy", n + 1)
        ctx.set(f"enemies.{e}", {"type": "wanted", "mission": mid, "elite": False, "xp": False, "sector": mid,
                                 "area": None, "dmg": 0, "status": [], "down": False, "hidden": False})
        ctx.emit("enemy_placed", enemy=e, name=card["wanted"]["name"], sector=mid, area=None, hidden=False,
                 why="the wanted man is the card (rule 16)", sub=True)


def reset_mission(ctx, mid: str, why: str) -> None:
    """Escape (or the last merc gone): the mission back to its initial state (10.1, 16)."""
    gone = [e for e in sorted(ctx.s["enemies"]) if ctx.s["enemies"][e]["sector"] == mid]
    if gone:
        ctx.set("enemies", {e: v for e, v in ctx.s["enemies"].items() if e not in gone})
    ctx.set(f"missions.{mid}.step", 0)
    ctx.set(f"missions.{mid}.entered", False)
    ctx.set(f"sectors.{mid}.status", "occupied")
    ctx.emit("sector_reset", sector=mid, why=why, sub=True)


def condition(mid: str, step: int) -> dict | None:
    conditions = MISSIONS[mid]["conditions"]
    return conditions[step] if step < len(conditions) else None


def test_option(s: dict, sector: str) -> dict | None:
    """The test a merc on this mission card may take now, if its next condition is one."""
    info = s.get("missions", {}).get(sector)
    if not info or info["state"] != "active":
        return None
    cond = condition(sector, info["step"])
    if cond and cond["kind"] == "test":
        return {"ability": cond["ability"], "difficulty": cond["difficulty"], "text": cond["text"]}
    return None


def condition_met(ctx, mid: str, m: str) -> None:
    number = ctx.s["missions"][mid]["step"] + 1
    cond = condition(mid, number - 1)
    ctx.set(f"missions.{mid}.step", number)
    ctx.emit("condition_met", mission=mid, name=MISSIONS[mid]["name"], merc=m, condition=cond,
             step=number, of=len(MISSIONS[mid]["conditions"]), sub=True)


def check_missions(ctx) -> None:
    """Kill-all and wanted conditions met as soon as no enemy stands on the card with a conscious
    merc there; a mission whose conditions are all met is completed."""
    for mid in sorted(ctx.s.get("missions", {})):
        info = ctx.s["missions"][mid]
        if info["state"] != "active" or not info["entered"]:
            continue
        here = [m for m in mercs_at(ctx.s, mid) if conscious(ctx.s, m)]
        here.sort(key=lambda m: not ctx.s["mercs"][m]["active"])      # the active merc gets the credit
        cond = condition(mid, info["step"])
        while cond and cond["kind"] in ("kill_all", "wanted") and here and not enemies_at(ctx.s, mid):
            condition_met(ctx, mid, here[0])
            info = ctx.s["missions"][mid]
            cond = condition(mid, info["step"])
        if cond is None:
            complete(ctx, mid)


def complete(ctx, mid: str) -> None:
    card = MISSIONS[mid]
    info = ctx.s["missions"][mid]
    here = mercs_at(ctx.s, mid)
    ctx.set(f"missions.{mid}.state", "done")
    ctx.set(f"sectors.{mid}.status", "liberated")
    if card.get("wanted"):
        ctx.set("campaign.missions_removed", ctx.s["campaign"]["missions_removed"] + [mid])
    ctx.set("campaign.missions", [x for x in ctx.s["campaign"]["missions"] if x != mid])
    corpses = [e for e in sorted(ctx.s["enemies"]) if ctx.s["enemies"][e]["sector"] == mid]
    if corpses:
        ctx.set("enemies", {e: v for e, v in ctx.s["enemies"].items() if e not in corpses})
    rewards = card.get("rewards", {})
    ctx.emit("mission_completed", mission=mid, name=card["name"], rewards=rewards)
    for res in ("money", "rebels"):
        if rewards.get(res):
            ctx.set(f"pool.{res}", ctx.s["pool"][res] + rewards[res])
    if rewards.get("threat") and ctx.s.get("dictator"):
        ctx.set("dictator.threat", max(0, ctx.s["dictator"]["threat"] - rewards["threat"]))
    awake = [m for m in here if conscious(ctx.s, m)]
    if rewards.get("loot"):
        got = draw(ctx, f"loot{rewards['loot']}")
        if got:
            give(ctx, got, awake or here, (awake or here or [None])[0], f"the reward of {card['name']} (rule 16)")
    if here:
        from .movement import arrive
        arrive(ctx, here, mid, info["at"], here[0], "free", group=True)
