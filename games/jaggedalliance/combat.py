"""Damage, stamina cubes and statuses (5.2, 11, 13.5): what happens to a merc or an enemy that is
hit, knocked out, seriously wounded or killed.

A merc's cubes sit in S (stamina), F (fatigue), W (wounds) and on its Serious Wound token (sw).
These functions change the state through the context and emit the notable events (knocked out,
died, defeated) themselves; the caller emits the line of the attack.
"""

from . import dice as D
from .data import CARDS, MERC
from .state import enemy_name, merc_name, row, single_area, terrain

STATUSES = ("mark", "bleed", "stun")
REBEL = "/rebel"     # a defence order's suffix: a rebel from the Pool on each armour roll (14.3)
STATUS_WORDS = {"mark": "Marked", "bleed": "Bleeding", "stun": "Stunned"}


def box_words(box: str) -> str:
    """What a Durability box adds (6.2), in a player's words."""
    return {"plus1": "+1 success", "stun": "Stun", "bleed": "Bleeding", "mark": "Marked", "burst": "one more shot",
            "spec": "Specialization", "range": "+1 range"}.get(box, box.replace("die:", "+1 ") + " die")


# ---- mercs
def _cubes(ctx, m: str, S: int, F: int, W: int) -> None:
    merc = ctx.s["mercs"][m]
    if (merc["S"], merc["F"], merc["W"]) != (S, F, W):
        ctx.set(f"mercs.{m}.S", S)
        ctx.set(f"mercs.{m}.F", F)
        ctx.set(f"mercs.{m}.W", W)


def pay_fatigue(ctx, m: str, n: int) -> None:
    """A cost paid voluntarily (5.2): never more than the stamina left, checked by the caller."""
    merc = ctx.s["mercs"][m]
    _cubes(ctx, m, merc["S"] - n, merc["F"] + n, merc["W"])


def take(ctx, m: str, n: int, zone: str, why: str) -> dict:
    """Fatigue (zone F) or wounds (W) the merc must take (5.2): the cubes that fit move from S;
    the next point that does not fit knocks it out. Returns {"n": cubes moved, "ko": bool}."""
    merc = ctx.s["mercs"][m]
    if merc["dead"] or n <= 0:
        return {"n": 0, "ko": False}
    moved = min(n, merc["S"])
    S, F, W = merc["S"] - moved, merc["F"], merc["W"]
    if zone == "F":
        F += moved
    else:
        W += moved
    _cubes(ctx, m, S, F, W)
    if n > moved and not merc["ko"]:
        knock_out(ctx, m, why)
        return {"n": moved, "ko": True}
    return {"n": moved, "ko": False}


def lose_cube(ctx, m: str) -> None:
    """A cube lost to an outside effect (5.2): from S, else F, else W; never a knockout."""
    merc = ctx.s["mercs"][m]
    S, F, W = merc["S"], merc["F"], merc["W"]
    if S:
        S -= 1
    elif F:
        F -= 1
    elif W:
        W -= 1
    _cubes(ctx, m, S, F, W)


def knock_out(ctx, m: str, why: str) -> None:
    """5.2 Knockout: laid down, a Serious Wound; a second Serious Wound kills."""
    merc = ctx.s["mercs"][m]
    ctx.set(f"mercs.{m}.ko", True)
    if "mark" in merc["status"]:
        ctx.set(f"mercs.{m}.status", [x for x in merc["status"] if x != "mark"])
    if merc["sw"] >= 1:
        ctx.emit("knocked_out", merc=m, why=why, serious=2, sub=True)
        from .death import die
        die(ctx, m)
        return
    lose_cube(ctx, m)
    ctx.set(f"mercs.{m}.sw", merc["sw"] + 1)
    ctx.emit("knocked_out", merc=m, why=why, serious=1, sub=True)


def heal(ctx, m: str, n: int, by: str | None) -> int:
    """W -> S (Medicine, hand items); a knocked-out merc stands when another merc gives it a
    stamina cube back (5.2)."""
    merc = ctx.s["mercs"][m]
    moved = min(n, merc["W"])
    if moved:
        _cubes(ctx, m, merc["S"] + moved, merc["F"], merc["W"] - moved)
        _revive(ctx, m, by)
    return moved


def recover(ctx, m: str, n: int, by: str | None) -> int:
    """F -> S (fatigue recovery, Leadership, hand items)."""
    merc = ctx.s["mercs"][m]
    moved = min(n, merc["F"])
    if moved:
        _cubes(ctx, m, merc["S"] + moved, merc["F"] - moved, merc["W"])
        _revive(ctx, m, by)
    return moved


def _revive(ctx, m: str, by: str | None) -> None:
    merc = ctx.s["mercs"][m]
    if merc["ko"] and by and by != m and merc["S"] >= 1:
        ctx.set(f"mercs.{m}.ko", False)
        ctx.emit("stood_up", merc=m, by=by, sub=True)


def cure_serious(ctx, m: str) -> bool:
    merc = ctx.s["mercs"][m]
    if not merc["sw"]:
        return False
    ctx.set(f"mercs.{m}.sw", merc["sw"] - 1)
    ctx.set(f"mercs.{m}.S", merc["S"] + 1)
    return True


def add_status(ctx, path: str, status: str) -> bool:
    """11.4: one status of each type at a time. ``path``: 'mercs.x' or 'enemies.e001'."""
    kind, key = path.split(".")
    figure = ctx.s[kind][key]
    if status in figure["status"]:
        return False
    ctx.set(f"{path}.status", sorted(figure["status"] + [status]))
    return True


def remove_status(ctx, path: str, status: str) -> None:
    kind, key = path.split(".")
    figure = ctx.s[kind][key]
    if status in figure["status"]:
        ctx.set(f"{path}.status", [x for x in figure["status"] if x != status])


def defend(ctx, m: str, damage: int, enemy: str | None, stealth_allowed: bool = True,
           difficulty: int = 0) -> dict:
    """13.5: the merc's standing order picks Armour or Stealth (spec 21.5); the dice are rolled.
    Returns {"how", "roll", "hit", "wounds", "why"} (wounds before they are taken)."""
    merc = ctx.s["mercs"][m]
    stance = merc["stance"].removesuffix(REBEL)
    spend = stance.endswith("+")
    base = stance.rstrip("+")
    a_dice, a_spent = _armour(ctx, m, spend)
    # 14.3: a rebel from the Pool, +1 orange die to the armour roll (the standing order, ruling rebels_on_armour)
    rebels = 1 if merc["stance"].endswith(REBEL) and ctx.s["flags"]["aim"] and ctx.s["pool"]["rebels"] > 0 else 0
    a_dice = a_dice + ["orange"] * rebels
    s_dice, s_spent = _stealth(ctx, m, spend)
    how, why = base, "standing order"
    if not stealth_allowed:
        how, why = "armour", "no stealth against this (rules 11.2 and 12.3)"
    elif base == "auto":
        armour_wounds = D.expected_excess(a_dice, damage)
        stealth_wounds = (1 - D.chance_at_least(s_dice, difficulty)) * damage if s_dice else damage
        how = "stealth" if stealth_wounds < armour_wounds else "armour"
        why = f"the better odds: {stealth_wounds:.1f} wounds expected hiding, {armour_wounds:.1f} with armour"
    if how == "stealth":
        for card in s_spent:
            ctx.set(f"dur.{card}", ctx.s["dur"].get(card, 0) + 1)
        spec = MERC[m]["skill"]["kind"] == "cool_head"
        result = D.roll(s_dice, ctx.rng, spec=spec) if s_dice else {"dice": [], "total": 0}
        hit = result["total"] < difficulty
        return {"how": "stealth", "roll": result, "hit": hit, "wounds": damage if hit else 0, "why": why,
                "need": difficulty}
    for card in a_spent:
        ctx.set(f"dur.{card}", ctx.s["dur"].get(card, 0) + 1)
    if rebels:
        ctx.set("pool.rebels", ctx.s["pool"]["rebels"] - rebels)
    result = D.roll(a_dice, ctx.rng)
    return {"how": "armour", "roll": result, "hit": True, "wounds": max(0, damage - result["total"]), "why": why,
            "rebels": rebels}


def _armour(ctx, m, spend):
    from .gear import armour_dice
    return armour_dice(ctx.s, m, spend)


def _stealth(ctx, m, spend):
    from .gear import stealth_dice
    return stealth_dice(ctx.s, m, spend)


# ---- enemies
def enemy_armour(s: dict, e: str) -> int:
    enemy = s["enemies"][e]
    return row(s, e)["a"] + (1 if terrain(s, enemy["sector"], enemy["area"]) == "urban" else 0)


def hurt_enemy(ctx, e: str, damage: int, by: str | None) -> bool:
    """Red cubes (11.1 steps 7-8): defeated at its Health; True if defeated now."""
    enemy = ctx.s["enemies"][e]
    if damage <= 0 or enemy["down"]:
        return False
    total = enemy["dmg"] + damage
    if total >= row(ctx.s, e)["h"]:
        ctx.set(f"enemies.{e}.dmg", 0)
        ctx.set(f"enemies.{e}.down", True)
        ctx.set(f"enemies.{e}.status", [])
        ctx.emit("enemy_defeated", enemy=e, name=enemy_name(ctx.s, e), by=by, sub=True)
        if by and by in ctx.s["mercs"] and MERC[by]["skill"]["kind"] == "camouflage":
            merc = ctx.s["mercs"][by]
            if merc.get("active") and terrain(ctx.s, merc["sector"], merc["area"]) == "jungle":
                ctx.set(f"mercs.{by}.camouflaged", True)
        return True
    ctx.set(f"enemies.{e}.dmg", total)
    return False


def hit_merc_words(m: str, result: dict) -> str:
    """'Ivan hid (blue [1, 0] = 1 of 1 needed)' / 'Ivan's armour rolled ... : 2 wounds'."""
    name = merc_name(m)
    if result["how"] == "stealth":
        verdict = "hid" if not result["hit"] else "failed to hide"
        return f"{name} {verdict} ({D.words(result['roll'])}, {result['need']} needed)"
    return f"{name}'s armour rolled {D.words(result['roll'])}"


def liberated_or_mission(s: dict, sector: str) -> bool:
    return single_area(s, sector)


def card_label(card: str) -> str:
    return CARDS[card]["name"]
