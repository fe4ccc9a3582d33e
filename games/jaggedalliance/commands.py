"""Command actions (10.2): Group Move (movement.py), an ability roll or test, Training, Bribe;
one token per activation, plus the shared token with exactly three mercs (5.2).

An ability roll's successes are given out one at a time (the ``alloc`` step): Leadership
recovers 1 fatigue of another merc in the Sector; Mechanics repairs 1 Durability of an item of a
merc in the Area; Medicine heals 1 wound (or stops Bleeding: healing 'like wounds', our reading
of AMBIGUOUS 4) of a merc in the Area, oneself included. A test (missions) needs its difficulty
in one roll; only the excess (or, on a failure, all) is given out (L1380-L1405).
"""

from . import combat
from . import dice as D
from .data import CARDS, MERC, TILES
from .gear import ability_dice, dur_left
from .state import conscious, merc_name, mercs_at
from .steps import asks, does, opt

ABILITIES = ("leadership", "mechanics", "medicine")


def has_command(s: dict, m: str) -> bool:
    return s["mercs"][m]["cmd"] > 0 or s.get("shared_cmd", 0) > 0


def spend_command(ctx, m: str) -> None:
    if ctx.s["mercs"][m]["cmd"] > 0:
        ctx.set(f"mercs.{m}.cmd", 0)
    else:
        ctx.set("shared_cmd", 0)


# ---- allocation targets
def targets(s: dict, m: str, ability: str) -> list[tuple[str, str]]:
    """(label, target) pairs one success can go to."""
    merc = s["mercs"][m]
    out = []
    if ability == "leadership":
        for x in mercs_at(s, merc["sector"]):
            if x != m and s["mercs"][x]["F"] > 0:
                out.append((f"{merc_name(x)} recovers 1 fatigue", f"m:{x}"))
    elif ability == "medicine":
        for x in mercs_at(s, merc["sector"], merc["area"]):
            if s["mercs"][x]["W"] > 0:
                out.append((f"heal 1 wound of {merc_name(x)}", f"m:{x}"))
            if "bleed" in s["mercs"][x]["status"]:
                out.append((f"stop {merc_name(x)}'s bleeding", f"b:{x}"))
    else:
        for x in mercs_at(s, merc["sector"], merc["area"]):
            from .state import held
            for c in held(s, x):
                if CARDS[c].get("durability") and s["dur"].get(c, 0) > 0:
                    out.append((f"repair {CARDS[c]['name']} ({merc_name(x)})", f"c:{c}"))
    return out


def can_roll(s: dict, m: str, ability: str) -> bool:
    return bool(targets(s, m, ability))


def roll(ctx, m: str, ability: str, test: dict | None = None) -> None:
    """Spend the Command action; with rebels in the Pool (intermediate rules) the player may add
    them first (+1 orange die each, 14.3), else the dice are rolled at once."""
    spend_command(ctx, m)
    frame = {"merc": m, "x": ability, "test": test, "rebels": 0}
    if _rebels_left(ctx.s, frame) > 0:
        ctx.push("ability", **frame)
        return
    _roll(ctx, m, ability, test, 0)


def _rebels_left(s: dict, frame: dict) -> int:
    return s["pool"]["rebels"] - frame["rebels"] if s["flags"]["aim"] else 0


@asks("ability")
def ask_ability(s, frame):
    m = frame["merc"]
    options = [opt("roll" + (f" (with {frame['rebels']} rebels)" if frame["rebels"] else ""), go="roll")]
    if _rebels_left(s, frame) > 0:
        options.append(opt("add a rebel from the Pool first (+1 orange die, rule 14.3)", go="rebel"))
    what = f"a {frame['x'].title()} test ({frame['test']['text']}, {frame['test']['difficulty']} needed)" \
        if frame.get("test") else f"a {frame['x'].title()} roll"
    return {s["mercs"][m]["seat"]: ("ability", f"{merc_name(m)} makes {what}: add rebels before rolling?",
                                    options)}


@does("ability")
def do_ability(ctx, frame, seat, move):
    if move["go"] == "rebel":
        ctx.update(rebels=frame["rebels"] + 1)
        return
    ctx.pop()
    _roll(ctx, frame["merc"], frame["x"], frame.get("test"), frame["rebels"])


def _roll(ctx, m: str, ability: str, test: dict | None, rebels: int) -> None:
    if rebels:
        ctx.set("pool.rebels", ctx.s["pool"]["rebels"] - rebels)
    result = D.roll(ability_dice(ctx.s, m, ability) + ["orange"] * rebels, ctx.rng)
    total = result["total"]
    if ability == "medicine" and MERC[m]["skill"]["kind"] == "field_medic" and total:
        total += 1
    passed = None
    left = total
    if test:
        passed = total >= test["difficulty"]
        left = total - test["difficulty"] if passed else total
    ctx.emit("ability_rolled", merc=m, ability=ability, roll=result, total=total, rebels=rebels,
             test=test, passed=passed)
    if test and passed:
        from .missions import condition_met
        condition_met(ctx, test["mission"], m)
    if left > 0 and targets(ctx.s, m, ability):
        ctx.push("alloc", merc=m, x=ability, left=left)


@asks("alloc")
def ask_alloc(s, frame):
    m = frame["merc"]
    options = [opt(label, to=t) for label, t in targets(s, m, frame["x"])]
    text = (f"{merc_name(m)}'s {frame['x'].title()}: {frame['left']} success"
            f"{'es' if frame['left'] > 1 else ''} to give out, one at a time (rule 10.2 b).")
    return {s["mercs"][m]["seat"]: ("allocate", text, options)}


@does("alloc")
def do_alloc(ctx, frame, seat, move):
    m, ability, target = frame["merc"], frame["x"], move["to"]
    kind, key = target.split(":", 1)
    if kind == "m" and ability == "leadership":
        combat.recover(ctx, key, 1, m)
        ctx.emit("allocated", merc=m, ability=ability, to=key, what="recovers 1 fatigue")
    elif kind == "m":
        combat.heal(ctx, key, 1, m)
        ctx.emit("allocated", merc=m, ability=ability, to=key, what="heals 1 wound")
    elif kind == "b":
        combat.remove_status(ctx, f"mercs.{key}", "bleed")
        ctx.emit("allocated", merc=m, ability=ability, to=key, what="stops bleeding")
    else:
        n = 2 if MERC[m]["skill"]["kind"] == "tinkerer" else 1
        ctx.set(f"dur.{key}", max(0, ctx.s["dur"].get(key, 0) - n))
        ctx.emit("allocated", merc=m, ability=ability, card=key, what=f"repairs {CARDS[key]['name']}")
    left = frame["left"] - 1
    if left and targets(ctx.s, m, ability):
        ctx.update(left=left)
    else:
        ctx.pop()


# ---- Training and Bribe (10.2 c, d)
def can_train(s: dict, m: str) -> bool:
    merc = s["mercs"][m]
    sector = merc["sector"]
    if not s["flags"]["aim"] or s["pool"]["rebels"] < 1 or sector.startswith("M"):
        return False
    info = s["sectors"][sector]
    return info["status"] == "liberated" and info["rebels"] < TILES[sector].get("rebel_slots", 0)


def train(ctx, m: str) -> None:
    spend_command(ctx, m)
    sector = ctx.s["mercs"][m]["sector"]
    ctx.set("pool.rebels", ctx.s["pool"]["rebels"] - 1)
    ctx.set(f"sectors.{sector}.rebels", ctx.s["sectors"][sector]["rebels"] + 1)
    ctx.emit("trained", merc=m, sector=sector, rebels=ctx.s["sectors"][sector]["rebels"])


def bribe_surcharge(s: dict) -> int:
    from .state import active_effects
    return sum(fx.get("n", 0) for fx in active_effects(s, "bribe_cost"))


def bribe_amounts(s: dict, m: str) -> list[int]:
    if not s["flags"]["dictator"] or not s.get("dictator") or s["dictator"]["threat"] <= 0:
        return []
    most = s["pool"]["money"] - bribe_surcharge(s)
    return list(range(1, min(most, 6) + 1))


def bribe(ctx, m: str, n: int) -> None:
    """Pay n (+ any surcharge), roll n blue dice, lower the Threat Level at once (15.2)."""
    spend_command(ctx, m)
    extra = bribe_surcharge(ctx.s)
    ctx.set("pool.money", ctx.s["pool"]["money"] - n - extra)
    result = D.roll(["blue"] * n, ctx.rng)
    before = ctx.s["dictator"]["threat"]
    after = max(0, before - result["total"])
    ctx.set("dictator.threat", after)
    ctx.emit("bribed", merc=m, money=n, surcharge=extra, roll=result, threat=after, lowered=before - after)


def ability_options(s: dict, m: str) -> list[dict]:
    out = []
    for ability in ABILITIES:
        if can_roll(s, m, ability):
            dice = ability_dice(s, m, ability)
            out.append(opt(f"Command: roll {ability.title()} ({D.words({'dice': [{'c': c, 's': 0} for c in dice], 'total': 0}).split(' [')[0]})",
                           a="ability", x=ability))
    return out


def conscious_here(s: dict, m: str) -> list[str]:
    merc = s["mercs"][m]
    return [x for x in mercs_at(s, merc["sector"], merc["area"]) if conscious(s, x)]


def repairable(s: dict, card: str) -> bool:
    return dur_left(s, card) < len(CARDS[card].get("durability", []))
