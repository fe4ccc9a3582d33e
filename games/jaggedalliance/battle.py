"""Battles for Sectors (12): entering, the Threat card's setup, Skirmish tokens, liberation,
the reset after the last merc leaves, and Escape (10.1 step 4)."""

from . import combat
from .data import CARDS, LIEUTENANTS, SKIRMISH, SNIPER_SETS, TANK_TOKENS, THREATS, TILES
from .decks import draw
from .inventory import receive
from .steps import asks, does, opt
from .state import (enemies_at, entry_areas, is_mission, mercs_at, sector_name, single_area, symbol_area)


# ---- figures
def spawn(ctx, kind: str, elite: bool, sector: str, area: str | None, why: str) -> str:
    n = ctx.s["next_enemy"]
    e = f"e{n:03d}"
    ctx.set("next_enemy", n + 1)
    xp = kind in ctx.s["campaign"]["experienced"]
    from .state import enemy_special
    hidden = "hidden" in enemy_special(kind, xp) and not is_mission(sector) and _sniper_set_free(ctx.s)
    ctx.set(f"enemies.{e}", {"type": kind, "elite": bool(elite), "xp": xp, "sector": sector,
                             "area": None if hidden else area, "dmg": 0, "status": [], "down": False,
                             "hidden": hidden})
    if hidden:   # experienced Sniper (L3046): a token on every threat symbol, one the crosshair
        spots = [a for a in (symbol_area(sector, x) for x in "ABCD") if a]
        target = spots[ctx.rng.below(len(spots))]
        for a in spots:
            _lay(ctx, sector, a, f"X{e}" if a == target else f"O{e}")
    if kind == "tank":
        ctx.set(f"hidden.tank.{e}", ctx.rng.shuffled(list(range(len(TANK_TOKENS)))))
        ctx.set(f"tank.{e}", [])
    from .state import enemy_name
    ctx.emit("enemy_placed", enemy=e, name=enemy_name(ctx.s, e), sector=sector, area=area, hidden=hidden,
             why=why, sub=True)
    return e


def _sniper_set_free(s: dict) -> bool:
    """13.6: a hidden sniper lays a set of the box's sniper tokens; with every set on the map (its
    sniper hidden, or tokens of it still face down), the sniper stands as a figure (ruling sniper_sets)."""
    in_use = {e for e, enemy in s["enemies"].items() if enemy["hidden"]}
    in_use |= {k[1:] for areas in s["hidden"]["tokens"].values() for ks in areas.values() for k in ks if k[0] in "XO"}
    return len(in_use) < SNIPER_SETS["sets"]


def _lay(ctx, sector: str, area: str, token: str) -> None:
    tokens = ctx.s["hidden"]["tokens"].get(sector, {}).get(area, [])
    ctx.set(f"hidden.tokens.{sector}.{area}", tokens + [token])
    facedown = ctx.s["sectors"][sector]["facedown"]
    ctx.set(f"sectors.{sector}.facedown.{area}", facedown.get(area, 0) + 1)


def draw_token(ctx) -> str:
    pool = ctx.s["hidden"]["pool"]
    if not pool:   # 12.3: the removed tokens, face down, make a new pool
        pool = ctx.rng.shuffled(sorted(ctx.s["removed_tokens"]))
        ctx.set("removed_tokens", [])
        ctx.emit("pool_renewed", tokens=len(pool), sub=True)
    ctx.set("hidden.pool", pool[1:])
    ctx.set("pool_left", len(pool) - 1)
    return pool[0]


# ---- entering
def enter(ctx, movers: list[str], source: str, target: str, areas: dict[str, str | None], by: str) -> None:
    """Mercs arrive in a Sector (or on a mission card): a battle starts in an Occupied one
    (12.1), face-down tokens in their Areas are revealed (12.3)."""
    for m in movers:
        ctx.set(f"mercs.{m}.sector", target)
        ctx.set(f"mercs.{m}.area", None if single_area(ctx.s, target) else areas.get(m))
    status = ctx.s["sectors"][target]["status"]
    if status == "occupied":
        start_battle(ctx, target, by)
    else:
        for area in sorted({areas.get(m) for m in movers if areas.get(m)}):
            reveal(ctx, target, area, by)


def entry_choices(s: dict, source: str, target: str) -> list[str]:
    return entry_areas(s, source, target)


def start_battle(ctx, sector: str, by: str) -> None:
    """12.1 steps 2-4: the Threat card is turned up, its enemies and face-down skirmishes placed
    on the threat symbols; a lieutenant hidden here defends; tokens by mercs are revealed."""
    if is_mission(sector):
        from .missions import start_mission
        start_mission(ctx, sector, by)
        return
    info = ctx.s["sectors"][sector]
    card = info["card"] or ctx.s["hidden"]["threat"].get(sector)
    ctx.set(f"sectors.{sector}.card", card)
    ctx.set(f"sectors.{sector}.status", "besieged")
    if sector in ctx.s["hidden"]["threat"]:
        ctx.set(f"hidden.threat.{sector}", None)
    ctx.emit("battle_started", sector=sector, card=card, tier=THREATS[card]["tier"], by=by)
    elite_all = False
    lt = _hidden_lieutenant(ctx.s, sector)
    if lt:
        ctx.set(f"hidden.lt_at.{lt}", None)
        ctx.set(f"sectors.{sector}.lt", lt)
        ctx.emit("lieutenant_found", lt=lt, sector=sector, sub=True)
        elite_all = LIEUTENANTS[lt]["defense"]["op"] == "elite"
    for letter in "ABCD":
        spot = THREATS[card]["setup"].get(letter)
        area = symbol_area(sector, letter)
        if not spot or not area:
            continue
        for kind, elite in spot.get("enemies", []):
            spawn(ctx, kind, elite or elite_all, sector, area, f"Threat card {card}, symbol {letter}")
        for _ in range(spot.get("skirmish", 0)):
            _lay(ctx, sector, area, draw_token(ctx))
    if lt:
        defense = LIEUTENANTS[lt]["defense"]
        why = f"{LIEUTENANTS[lt]['name']}'s Sector Defense (rule 15.6)"
        if defense["op"] == "skirmish_each_area":
            for area in sorted(TILES[sector]["areas"]):
                _lay(ctx, sector, area, draw_token(ctx))
        elif defense["op"] == "add":
            for letter, enemies in sorted(defense["enemies"].items()):
                for kind, elite in enemies:
                    spawn(ctx, kind, elite, sector, symbol_area(sector, letter), why)
    for area in sorted({ctx.s["mercs"][m]["area"] for m in mercs_at(ctx.s, sector)}):
        reveal(ctx, sector, area, by)


def _hidden_lieutenant(s: dict, sector: str) -> str | None:
    for lt, where in sorted(s["hidden"].get("lt_at", {}).items()):
        if where == sector:
            return lt
    return None


# ---- skirmish tokens
def reveal(ctx, sector: str, area: str, by: str) -> None:
    """12.3: every face-down token in the Area is turned up and resolved at once."""
    tokens = ctx.s["hidden"]["tokens"].get(sector, {}).get(area, [])
    if not tokens:
        return
    ctx.set(f"hidden.tokens.{sector}.{area}", [])
    ctx.set(f"sectors.{sector}.facedown.{area}", 0)
    for token in tokens:
        resolve_token(ctx, sector, area, token, by)


def resolve_token(ctx, sector: str, area: str, token: str, by: str) -> None:
    if token[0] in "XO":   # a hidden sniper's token (L3046)
        e = token[1:]
        if token[0] == "X" and e in ctx.s["enemies"] and not ctx.s["enemies"][e]["down"]:
            ctx.set(f"enemies.{e}.hidden", False)
            ctx.set(f"enemies.{e}.area", area)
            ctx.emit("sniper_found", sector=sector, area=area, enemy=e, by=by, sub=True)
        else:
            ctx.emit("skirmish", sector=sector, area=area, token=token, kind="blank", by=by, sub=True)
        return
    spec = SKIRMISH[token]
    kind = spec["kind"]
    here = [m for m in mercs_at(ctx.s, sector, area)]
    ctx.emit("skirmish", sector=sector, area=area, token=token, kind=kind, by=by, sub=True,
             **{k: v for k, v in spec.items() if k != "kind"})
    removed = True
    if kind == "loot":
        loot = ctx.s["sectors"][sector]["loot"]
        ctx.set(f"sectors.{sector}.loot.{area}", loot.get(area, []) + [token])
        removed = False
    elif kind == "fatigue":
        for m in here:
            if not ctx.s["mercs"][m]["ko"]:
                combat.take(ctx, m, spec["n"], "F", "an ambush (rule 12.3)")
    elif kind == "enemy":
        spawn(ctx, spec["enemy"], False, sector, area, f"skirmish token {token} (rule 12.3)")
    elif kind == "resources":
        for res in ("money", "rebels"):
            if spec.get(res):
                ctx.set(f"pool.{res}", ctx.s["pool"][res] + spec[res])
    elif kind == "status":
        for m in here:
            combat.add_status(ctx, f"mercs.{m}", spec["status"])
        for e in enemies_at(ctx.s, sector, area):
            combat.add_status(ctx, f"enemies.{e}", spec["status"])
    elif kind == "mine":
        mine(ctx, sector, area, spec["n"])
    elif kind == "alarm":
        if ctx.s["flags"]["dictator"]:
            ctx.set("dictator.tokens", ctx.s["dictator"]["tokens"] + 1)
    if removed:
        ctx.set("removed_tokens", ctx.s["removed_tokens"] + [token])


def mine(ctx, sector: str, area: str, n: int) -> None:
    """12.3 Mine: n damage to everyone in the Area; no Stealth; mercs roll armour."""
    for m in mercs_at(ctx.s, sector, area):
        if ctx.s["mercs"][m]["dead"]:
            continue
        result = combat.defend(ctx, m, n, None, stealth_allowed=False)
        ctx.emit("mine_hit", merc=m, damage=n, roll=result["roll"], wounds=result["wounds"], sub=True)
        combat.take(ctx, m, result["wounds"], "W", "a mine (rule 12.3)")
    for e in enemies_at(ctx.s, sector, area):
        damage = n - combat.enemy_armour(ctx.s, e)
        ctx.emit("mine_hit", enemy=e, damage=n, wounds=max(0, damage), sub=True)
        combat.hurt_enemy(ctx, e, damage, None)


# ---- liberation and reset
def liberable(s: dict, sector: str) -> bool:
    """12.4: every enemy defeated, every skirmish revealed, a conscious merc present."""
    info = s["sectors"][sector]
    if info["status"] != "besieged":
        return False
    if enemies_at(s, sector):
        return False
    if any(info["facedown"].values()):
        return False
    return bool(mercs_at(s, sector, awake=True))


def check_liberation(ctx, sector: str, by: str) -> None:
    if sector in ctx.s["sectors"] and not is_mission(sector) and liberable(ctx.s, sector):
        liberate(ctx, sector, by)


def liberate(ctx, sector: str, by: str) -> None:
    """12.4: the reward, the Supply tokens, the lieutenant; then one Area (4.2)."""
    info = ctx.s["sectors"][sector]
    card = info["card"]
    ctx.set(f"sectors.{sector}.status", "liberated")
    for m in mercs_at(ctx.s, sector):
        ctx.set(f"mercs.{m}.area", None)
        for status in ("mark",):
            combat.remove_status(ctx, f"mercs.{m}", status)
    ctx.emit("liberated", sector=sector, card=card, by=by)
    first = ctx.s.get("liberated_this_round") is None
    ctx.set("liberated", ctx.s["liberated"] + [sector])
    reward = THREATS[card].get("reward") or {}
    recipients = mercs_at(ctx.s, sector, awake=True)
    for res in ("money", "rebels"):
        if reward.get(res):
            ctx.set(f"pool.{res}", ctx.s["pool"][res] + reward[res])
            ctx.emit("reward", sector=sector, what=res, n=reward[res], sub=True)
    if reward.get("loot"):
        got = draw(ctx, f"loot{reward['loot']}")
        if got:
            give(ctx, got, recipients, by, f"the reward of Threat card {card} (rule 12.4)")
    take_supply(ctx, sector, sub=True)
    lt = info.get("lt")
    if lt:
        from .dictator import lieutenant_defeated
        lieutenant_defeated(ctx, lt, sector, recipients, by)
    if ctx.s["flags"]["dictator"] and THREATS[card].get("skulls", 0) >= 1 and first:
        ctx.set("liberated_this_round", sector)
        if ctx.s["dictator"]["name"] == "deidranna":
            ctx.set("dictator.tokens", ctx.s["dictator"]["tokens"] + 1)
            ctx.emit("threat_token", n=1, why="elliot! you idiot! (a sector with a skull on its spawn card)", sub=True)


def give(ctx, card: str, recipients: list[str], by: str, why: str) -> None:
    """A card any merc present may take: the players decide (12.2) - the active merc's player."""
    if not recipients:
        from .decks import discard
        discard(ctx, card)
        return
    if len(recipients) == 1:
        receive(ctx, recipients[0], card, why)
        return
    ctx.push("reward", card=card, mercs=recipients, by=by, why=why)


def reset(ctx, sector: str, why: str) -> None:
    """12.4: the last merc left: figures and tokens removed, the revealed card stays."""
    if is_mission(sector):
        from .missions import reset_mission
        reset_mission(ctx, sector, why)
        return
    gone = [e for e in sorted(ctx.s["enemies"]) if ctx.s["enemies"][e]["sector"] == sector]
    if gone:
        ctx.set("enemies", {e: v for e, v in ctx.s["enemies"].items() if e not in gone})
    back = [t for area in sorted(ctx.s["hidden"]["tokens"].get(sector, {}))
            for t in ctx.s["hidden"]["tokens"][sector][area] if t[0] not in "XO"]
    if back:
        ctx.set("hidden.pool", ctx.rng.shuffled(ctx.s["hidden"]["pool"] + back))
        ctx.set("pool_left", len(ctx.s["hidden"]["pool"]))
    ctx.set(f"hidden.tokens.{sector}", {})
    loot = [t for area in sorted(ctx.s["sectors"][sector]["loot"]) for t in ctx.s["sectors"][sector]["loot"][area]]
    if loot:
        ctx.set("removed_tokens", ctx.s["removed_tokens"] + loot)
    ctx.set(f"sectors.{sector}.loot", {})
    ctx.set(f"sectors.{sector}.facedown", {})
    ctx.set(f"sectors.{sector}.status", "occupied")
    lt = ctx.s["sectors"][sector].get("lt")
    if lt:
        ctx.set(f"sectors.{sector}.lt", None)
        ctx.emit("lieutenant_returned", lt=lt, sub=True)
        from .dictator import hide_lieutenant
        hide_lieutenant(ctx, lt)
    ctx.emit("sector_reset", sector=sector, why=why, sub=True)


def escape_targets(s: dict, m: str) -> list[str]:
    """10.1 step 4: from a Besieged Sector or a mission card, to an adjacent Liberated Sector."""
    from .state import adjacent_sectors
    merc = s["mercs"][m]
    here = merc["sector"]
    if not is_mission(here) and s["sectors"][here]["status"] != "besieged":
        return []
    return [t for t in adjacent_sectors(s, here) if not is_mission(t) and s["sectors"][t]["status"] == "liberated"]


def escape(ctx, m: str, target: str) -> list[str]:
    here = ctx.s["mercs"][m]["sector"]
    movers = mercs_at(ctx.s, here)
    for x in movers:
        ctx.set(f"mercs.{x}.sector", target)
        ctx.set(f"mercs.{x}.area", None)
        combat.remove_status(ctx, f"mercs.{x}", "mark")
    ctx.emit("escaped", merc=m, mercs=movers, source=here, sector=target)
    reset(ctx, here, "the mercs escaped (rule 10.1)")
    return movers


def sector_label(sector: str) -> str:
    return sector_name(sector)


def card_name(card: str) -> str:
    return CARDS[card]["name"]


@asks("reward")
def ask_reward(s, frame):
    from .state import merc_name
    alive = [m for m in frame["mercs"] if not s["mercs"][m]["dead"]]
    options = [opt(f"give {CARDS[frame['card']]['name']} to {merc_name(m)}", merc=m) for m in alive]
    seat = s["mercs"][frame["by"]]["seat"] if frame["by"] in s["mercs"] else s["seats"][0]
    text = f"Who takes {CARDS[frame['card']]['name']}, {frame['why']}? Any merc present (rule 12.2)."
    return {seat: ("reward", text, options)}


@does("reward")
def do_reward(ctx, frame, seat, move):
    ctx.pop()
    receive(ctx, move["merc"], frame["card"], frame["why"])


def take_supply(ctx, sector, **extra):
    """The Supply tokens of a Sector go to the pool: their money and rebels (12.4, 7.4)."""
    supply = ctx.s["hidden"]["supply"].get(sector, [])
    if supply:
        ctx.set(f"hidden.supply.{sector}", None)
        ctx.set(f"sectors.{sector}.supply", 0)
        for token in supply:
            for res in ("money", "rebels"):
                if token.get(res):
                    ctx.set(f"pool.{res}", ctx.s["pool"][res] + token[res])
            ctx.emit("supply_taken", sector=sector, token=token, **extra)
