"""Merc attacks (11.1-11.2): an action of an equipped card, an ally or a hand item, against an
enemy in range in the same Sector or, for an Area Effect, against an Area.

Before rolling the player may spend Durability boxes of the card (6.2) and, with the
intermediate rules, rebels from the Pool for +1 orange die each (14.3): the ``spend`` step.
A Burst resolves the action again, each time against a target chosen then (the ``burst`` step).
Damage = successes (+1 Marked, +1 Swamp) - Armour (+1 Urban), per target; statuses and
Retreat apply on every hit; the card's effect order says whether Marked comes before the damage.
"""

from . import combat
from . import dice as D
from .data import CARDS
from .gear import actions, dur_left, next_dur
from .state import (dist, enemies_at, enemy_name, merc_name, mercs_at, move_neighbours, single_area, terrain)
from .steps import asks, does, opt
from .tank import tank_armour


def find(s: dict, m: str, card: str, key: str) -> dict | None:
    return next((a for a in actions(s, m) if a["card"] == card and a["key"] == key), None)


def cost(s: dict, m: str, action: dict) -> int:
    """The action's fatigue, +1 when Stunned (11.4)."""
    return action["fatigue"] + (1 if "stun" in s["mercs"][m]["status"] else 0)


def targets(s: dict, m: str, action: dict) -> list[str]:
    """Enemies in range (or Areas, for an Area Effect) in the merc's Sector (11.1 step 1)."""
    merc = s["mercs"][m]
    sector, here = merc["sector"], merc["area"]
    reach = action["range"]
    if action["area"]:
        if single_area(s, sector):
            return ["@"] if enemies_at(s, sector) else []
        from .data import GRAPH
        return [f"@{a}" for a in GRAPH[sector]["areas"]
                if (reach is None or dist(s, sector, here, a) <= reach) and (enemies_at(s, sector, a))]
    out = []
    for e in enemies_at(s, sector):
        enemy = s["enemies"][e]
        if enemy["hidden"]:
            continue
        if reach is None or dist(s, sector, here, enemy["area"]) <= reach:
            out.append(e)
    return out


def target_words(s: dict, target: str) -> str:
    if target.startswith("@"):
        return "the whole Sector" if target == "@" else f"Area {target[1:]}"
    return enemy_name(s, target)


def spendables(s: dict, m: str, action: dict, frame: dict | None = None) -> tuple[str | None, int]:
    """The next durability ability this card can add, and the rebels still addable."""
    spent = (frame or {}).get("dur", 0)
    card = action["card"]
    box = None
    if action["source"] != "hand" and card in CARDS and dur_left(s, card) > spent:
        boxes = CARDS[card].get("durability", [])
        box = boxes[s["dur"].get(card, 0) + spent]
    rebels = s["pool"]["rebels"] - (frame or {}).get("rebels", 0) if s["flags"]["aim"] else 0
    return box, max(0, rebels)


def choose(ctx, m: str, card: str, key: str, target: str) -> None:
    """An attack option was chosen: ask about Durability and rebels, or roll at once."""
    action = find(ctx.s, m, card, key)
    box, rebels = spendables(ctx.s, m, action)
    if box or rebels:
        ctx.push("spend", merc=m, card=card, key=key, t=target, dur=0, rebels=0)
        return
    resolve(ctx, m, card, key, target, 0, 0)


@asks("spend")
def ask_spend(s, frame):
    m = frame["merc"]
    action = find(s, m, frame["card"], frame["key"])
    box, rebels = spendables(s, m, action, frame)
    extra = []
    if frame["dur"]:
        extra.append(f"{frame['dur']} Durability")
    if frame["rebels"]:
        extra.append(f"{frame['rebels']} rebel{'s' if frame['rebels'] > 1 else ''}")
    options = [opt("roll" + (f" (with {' and '.join(extra)})" if extra else ""), spend="roll")]
    if box:
        options.append(opt(f"spend a Durability box of {CARDS[action['card']]['name']} first ({combat.box_words(box)})",
                           spend="dur"))
    if rebels:
        options.append(opt("add a rebel from the Pool first (+1 orange die, rule 14.3)", spend="rebel"))
    text = (f"{merc_name(m)} attacks {target_words(s, frame['t'])} with {CARDS[action['card']]['name']} "
            f"({action['name']}): spend Durability or rebels before the roll (rule 6.2)?")
    return {s["mercs"][m]["seat"]: ("spend", text, options)}


@does("spend")
def do_spend(ctx, frame, seat, move):
    if move["spend"] == "dur":
        ctx.update(dur=frame["dur"] + 1)
    elif move["spend"] == "rebel":
        ctx.update(rebels=frame["rebels"] + 1)
    else:
        ctx.pop()
        resolve(ctx, frame["merc"], frame["card"], frame["key"], frame["t"], frame["dur"], frame["rebels"])


def resolve(ctx, m: str, card: str, key: str, target: str, dur: int, rebels: int) -> None:
    """Pay, spend, then resolve the first shot; a Burst asks for the next targets."""
    s = ctx.s
    action = find(s, m, card, key)
    fatigue = cost(s, m, action)
    combat.pay_fatigue(ctx, m, fatigue)
    boxes = []
    if dur:
        used = s["dur"].get(card, 0)
        boxes = CARDS[card]["durability"][used:used + dur]
        ctx.set(f"dur.{card}", used + dur)
    if rebels:
        ctx.set("pool.rebels", s["pool"]["rebels"] - rebels)
    shot = {"dice": action["dice"] + [b[4:] for b in boxes if b.startswith("die:")] + ["orange"] * rebels,
            "plus": action["plus"] + boxes.count("plus1"), "spec": action["spec"] or "spec" in boxes,
            "order": action["order"] + [b for b in boxes if b in ("stun", "bleed", "mark")],
            "area": action["area"], "nodmg": action["nodmg"], "range": action["range"]}
    if action["source"] == "hand":
        from .inventory import remove
        from .decks import discard
        remove(ctx, m, card)
        discard(ctx, card)
    else:
        ctx.set(f"mercs.{m}.used", s["mercs"][m]["used"] + [card])
    repeats = action["burst"] + boxes.count("burst")
    ctx.emit("attack", merc=m, card=card, action=action["name"], fatigue=fatigue, boxes=boxes, rebels=rebels,
             target=target, target_name=target_words(s, target), burst=repeats, hand=action["source"] == "hand")
    fire(ctx, m, shot, target)
    if repeats > 1:
        ctx.push("burst", merc=m, card=card, left=repeats - 1, shot=shot)


def fire(ctx, m: str, shot: dict, target: str) -> None:
    """One resolution of the action against one target (11.1 steps 4-8)."""
    s = ctx.s
    result = D.roll(shot["dice"], ctx.rng, spec=shot["spec"])
    successes = result["total"] + shot["plus"]
    sector = s["mercs"][m]["sector"]
    if target.startswith("@"):
        area = target[1:] or None
        hit_e = enemies_at(s, sector, area)
        hit_m = [x for x in mercs_at(s, sector, area) if x != m]
    else:
        hit_e, hit_m = [target], []
    ctx.emit("shot", merc=m, target=target, roll=result, plus=shot["plus"], successes=successes, sub=True)
    order = shot["order"]
    pre = order[:order.index("dmg")] if "dmg" in order else []
    post = [x for x in order if x != "dmg" and x not in pre]
    for e in hit_e:
        if s["enemies"][e]["down"]:
            continue
        _effects(ctx, m, f"enemies.{e}", pre)
        if not shot["nodmg"]:
            _damage_enemy(ctx, m, e, successes, twice=shot["area"] and s["enemies"][e]["type"] == "tank")
        if not ctx.s["enemies"][e]["down"]:
            _effects(ctx, m, f"enemies.{e}", post)
    for x in hit_m:   # an Area Effect hits friends too; only armour protects (11.2)
        if ctx.s["mercs"][x]["dead"]:
            continue
        _effects(ctx, m, f"mercs.{x}", pre)
        if not shot["nodmg"]:
            damage = successes + _modifiers(ctx.s, "mercs", x)
            defence = combat.defend(ctx, x, damage, None, stealth_allowed=False)
            ctx.emit("friendly_hit", merc=x, by=m, damage=damage, roll=defence["roll"], wounds=defence["wounds"],
                     sub=True)
            combat.take(ctx, x, defence["wounds"], "W", f"{merc_name(m)}'s area attack")
        if not ctx.s["mercs"][x]["ko"] and not ctx.s["mercs"][x]["dead"]:
            _effects(ctx, m, f"mercs.{x}", post)


def _modifiers(s: dict, kind: str, key: str) -> int:
    figure = s[kind][key]
    bonus = 1 if "mark" in figure["status"] else 0
    if terrain(s, figure["sector"], figure["area"]) == "swamp":
        bonus += 1
    return bonus


def _damage_enemy(ctx, m: str, e: str, successes: int, twice: bool = False) -> None:
    s = ctx.s
    damage = successes + _modifiers(s, "enemies", e)
    for _ in range(2 if twice else 1):   # an Area Effect against the Tank: two attacks (L3084)
        armour = combat.enemy_armour(s, e)
        through = damage - armour
        extra = None
        if s["enemies"][e]["type"] == "tank" and through > 0:
            through, extra = tank_armour(ctx, e, through)
        ctx.emit("enemy_hit", enemy=e, name=enemy_name(s, e), damage=damage, armour=armour, tank=extra,
                 wounds=max(0, through), sub=True)
        combat.hurt_enemy(ctx, e, through, m)
        if ctx.s["enemies"][e]["down"]:
            break


def _effects(ctx, m: str, path: str, effects: list[str]) -> None:
    for effect in effects:
        if effect in combat.STATUSES:
            if combat.add_status(ctx, path, effect):
                ctx.emit("status_added", figure=path, name=_name(ctx.s, path), status=effect, sub=True)
        elif effect == "retreat":
            kind, key = path.split(".")
            figure = ctx.s[kind][key]
            if single_area(ctx.s, figure["sector"]) or figure.get("hidden"):
                continue
            where = move_neighbours(figure["sector"], figure["area"])
            if len(where) == 1:
                _retreat(ctx, path, where[0])
            elif where:
                ctx.push("retreat", path=path, merc=m, areas=where)
        elif effect == "free_move":
            ctx.push("free_move", merc=m)


def _name(s: dict, path: str) -> str:
    kind, key = path.split(".")
    return enemy_name(s, key) if kind == "enemies" else merc_name(key)


def _retreat(ctx, path: str, area: str) -> None:
    kind, key = path.split(".")
    ctx.set(f"{path}.area", area)
    ctx.emit("retreated", figure=path, name=_name(ctx.s, path), to=area, sub=True)
    if kind == "mercs":
        from .battle import reveal
        reveal(ctx, ctx.s["mercs"][key]["sector"], area, key)


@asks("retreat")
def ask_retreat(s, frame):
    kind, key = frame["path"].split(".")
    name = enemy_name(s, key) if kind == "enemies" else merc_name(key)
    options = [opt(f"push {name} into Area {a}", to=a) for a in frame["areas"]]
    text = f"{name} must retreat to an adjacent Area; the players choose where (Retreat, rule 11.2)."
    return {s["mercs"][frame["merc"]]["seat"]: ("retreat", text, options)}


@does("retreat")
def do_retreat(ctx, frame, seat, move):
    ctx.pop()
    _retreat(ctx, frame["path"], move["to"])


@asks("burst")
def ask_burst(s, frame):
    m = frame["merc"]
    shot = {"range": frame["shot"]["range"], "area": frame["shot"]["area"]}
    aims = targets(s, m, shot)
    options = [opt(f"fire again at {target_words(s, t)}", t=t) for t in aims]
    options.append(opt("stop the burst", t=None))
    text = (f"{merc_name(m)}'s burst with {CARDS[frame['card']]['name']}: {frame['left']} more "
            f"shot{'s' if frame['left'] > 1 else ''} (Burst, rule 11.2: each one a new target if you like).")
    return {s["mercs"][m]["seat"]: ("burst", text, options)}


@does("burst")
def do_burst(ctx, frame, seat, move):
    if move["t"] is None:
        ctx.pop()
        return
    left = frame["left"] - 1
    if left:
        ctx.update(left=left)
    else:
        ctx.pop()
    fire(ctx, frame["merc"], frame["shot"], move["t"])


@asks("free_move")
def ask_free_move(s, frame):
    m = frame["merc"]
    merc = s["mercs"][m]
    options = [opt("stay", to=None)]
    if not single_area(s, merc["sector"]) and not merc["ko"]:
        options += [opt(f"move free to Area {a}", to=a) for a in move_neighbours(merc["sector"], merc["area"])]
    text = f"{merc_name(m)} may make a free move (Free Move, rule 11.2: no cost, no wound for leaving enemies)."
    return {merc["seat"]: ("free move", text, options)}


@does("free_move")
def do_free_move(ctx, frame, seat, move):
    ctx.pop()
    if move["to"]:
        m = frame["merc"]
        ctx.set(f"mercs.{m}.area", move["to"])
        ctx.emit("moved", merc=m, to=move["to"], cost="free", how="free move")
        from .battle import reveal
        reveal(ctx, ctx.s["mercs"][m]["sector"], move["to"], m)


def next_durability(s: dict, card: str) -> str | None:
    return next_dur(s, card)
