"""The enemy AI (13), played by the system seat: every enemy activation is one automatic step,
and each of its choices is logged with its reason, in a player's words; a rule is cited ("rule
13.6") where a tie-break or a special ability decided, not on every step.

- Order (13.2): Initiative, highest first; ties: elite first, then the one nearest the mercs;
  still tied: the lowest id (the server's default where the players would decide, 21.2).
- Target (13.3): the nearest conscious merc (distance on the range graph: red borders ignored,
  4.3; our reading of AMBIGUOUS 11); a tie goes to the active merc, else to the first merc
  clockwise from it (the seat order). Range '-' and Ignore Range: every merc equally distant.
  The target is chosen again after each step (the Redshirt example, L2086).
- Movement (13.4): one step per move icon along a shortest path on the movement graph (red
  borders block it); between equal paths the Area with the fewest figures, then the lowest
  Area letter (21.2 default); never a step when the target is already in range, or when
  Stunned.
- Attack (13.5): only a target in range; the merc's standing order picks Armour or Stealth;
  statuses apply on a hit even with no wound (L1948). Pacifiers attack every merc in their
  Area (L3061); a Bloodcat attacks twice when it can attack, else moves up to two Areas and
  attacks once (L3068, our reading of the choice); the Tank kills an ally of its target unless
  its guard token was revealed since its last activation (L3088, INFERRED in spec 13.6).
- After its activation: Bleeding deals 1 damage, Stunned is removed (11.4).
"""

from . import combat
from .data import MERC
from .death import kill_ally
from .state import (active_effects, conscious, dist, enemies_at, enemy_name, enemy_stealth, initiative,
                    merc_name, mercs_at, move_neighbours, row, special, terrain)
from .data import MOVE_DIST


def _reach(s: dict, e: str) -> int | None:
    """The enemy's range; None: '-' or Ignore Range (every merc equally distant)."""
    if "ignore_range" in special(s, e) or row(s, e)["r"] is None:
        return None
    return row(s, e)["r"]


def _distance(s: dict, e: str, m: str) -> int:
    enemy = s["enemies"][e]
    if enemy["hidden"] or _reach(s, e) is None:
        return 0
    d = dist(s, enemy["sector"], enemy["area"], s["mercs"][m]["area"])
    return 99 if d is None else d


def nearest_merc_distance(s: dict, e: str) -> int:
    """13.2's tie-break: the real distance (range graph) to the nearest conscious merc, also for a
    Sniper or Tank, whose Ignore Range makes every merc equally near only when choosing a target
    (13.6). A hidden sniper, whose Area nobody knows, counts as near as can be (as before)."""
    enemy = s["enemies"][e]
    if enemy["hidden"]:
        return 0
    far = [dist(s, enemy["sector"], enemy["area"], s["mercs"][m]["area"])
           for m in mercs_at(s, enemy["sector"], awake=True)]
    return min((99 if d is None else d for d in far), default=99)


def order(s: dict, sector: str) -> list[dict]:
    """13.2: the queue of this Enemy Activation, each with why it stands where it does."""
    standing = enemies_at(s, sector)
    keyed = sorted(standing, key=lambda e: (-initiative(s, e), not s["enemies"][e]["elite"],
                                           nearest_merc_distance(s, e), e))
    out = []
    for i, e in enumerate(keyed):
        reason = f"at initiative {initiative(s, e)}"
        before = keyed[i - 1] if i else None
        if before and initiative(s, before) == initiative(s, e):
            if s["enemies"][before]["elite"] != s["enemies"][e]["elite"]:
                reason += " (after the elite)"
            elif nearest_merc_distance(s, before) != nearest_merc_distance(s, e):
                reason += " (after the one nearer the mercs)"
            else:
                reason += " (a full tie: by number, rule 21.2)"
        out.append({"e": e, "why": reason})
    return out


def clockwise(s: dict, active: str, candidates: list[str]) -> str:
    """The first candidate clockwise from the active merc (the seat order, 13.3)."""
    ring = s["order"]
    start = ring.index(active) if active in ring else -1
    for i in range(1, len(ring) + 1):
        m = ring[(start + i) % len(ring)]
        if m in candidates:
            return m
    return candidates[0]


def choose_target(s: dict, e: str, active: str) -> tuple[str | None, str]:
    sector = s["enemies"][e]["sector"]
    candidates = [m for m in mercs_at(s, sector) if conscious(s, m)]
    if not candidates:
        return None, "no merc in the Sector is conscious (knocked-out mercs are ignored)"
    if _reach(s, e) is None:
        if active in candidates:
            return active, "the active merc: every merc is equally near to it (Ignore Range, rule 13.6)"
        pick = clockwise(s, active, candidates)
        return pick, f"the first merc clockwise from {merc_name(active)}, who cannot be targeted (rule 13.6)"
    best = min(_distance(s, e, m) for m in candidates)
    tied = [m for m in candidates if _distance(s, e, m) == best]
    if len(tied) == 1:
        return tied[0], "the nearest merc" + _away(best)
    if active in tied:
        return active, "the nearest" + _away(best) + ": the active merc wins the tie (rule 13.3)"
    pick = clockwise(s, active, tied)
    return pick, f"the first clockwise from {merc_name(active)} among the nearest{_away(best)} (rule 13.3)"


def _away(n: int) -> str:
    return " (in its Area)" if n == 0 else f" ({n} Area{'s' if n != 1 else ''} away)"


def in_range(s: dict, e: str, m: str) -> bool:
    reach = _reach(s, e)
    return reach is None or _distance(s, e, m) <= reach


def step(s: dict, e: str, m: str) -> tuple[str | None, str]:
    """13.4: the next Area on a shortest path to the target, and why."""
    enemy = s["enemies"][e]
    sector, here, there = enemy["sector"], enemy["area"], s["mercs"][m]["area"]
    table = MOVE_DIST[sector]
    now = table[here].get(there)
    if now is None:
        return None, "red borders block every path to the target (rule 4.3)"
    options = [n for n in move_neighbours(sector, here) if table[n].get(there) == now - 1]
    if len(options) == 1:
        return options[0], "the shortest path"
    from .state import figures_in
    fewest = min(figures_in(s, sector, a) for a in options)
    least = sorted(a for a in options if figures_in(s, sector, a) == fewest)
    if len(least) == 1:
        return least[0], "of the shortest paths, the Area with the fewest figures (rule 13.4)"
    return least[0], "of the shortest paths with as few figures, the first Area letter (rule 21.2)"


def damage_of(s: dict, e: str, m: str) -> tuple[int, list[str]]:
    """13.5 step 1: the card's damage (halved if Stunned) plus Swamp, Marked and card effects."""
    base = row(s, e)["d"]
    parts = [f"{base}"]
    if "stun" in s["enemies"][e]["status"]:
        base //= 2
        parts = [f"{base} (halved: Stunned)"]
    total = base
    merc = s["mercs"][m]
    if terrain(s, merc["sector"], merc["area"]) == "swamp":
        total += 1
        parts.append("+1 swamp")
    if "mark" in merc["status"]:
        total += 1
        parts.append("+1 marked")
    extra = sum(fx.get("n", 0) for fx in active_effects(s, "enemy_damage"))
    if extra:
        total += extra
        parts.append(f"+{extra} cards")
    return total, parts


def attack(ctx, e: str, m: str) -> None:
    s = ctx.s
    damage, parts = damage_of(s, e, m)
    result = combat.defend(ctx, m, damage, e, stealth_allowed=True, difficulty=enemy_stealth(s, e))
    status = row(s, e).get("status")
    applied = []
    if result["hit"] and status and not ctx.s["mercs"][m]["ko"]:
        if combat.add_status(ctx, f"mercs.{m}", status):
            applied.append(status)
    ctx.emit("enemy_attacked", enemy=e, name=enemy_name(s, e), merc=m, damage=damage, parts=parts, how=result["how"],
             why=result["why"], roll=result["roll"], hit=result["hit"], wounds=result["wounds"],
             need=result.get("need"), rebels=result.get("rebels", 0), statuses=applied, sub=True)
    if result["wounds"]:
        combat.take(ctx, m, result["wounds"], "W", f"{enemy_name(s, e)}'s attack")


def activate(ctx, e: str, active: str, why: str) -> None:
    """One enemy's activation, logged with its rules."""
    s = ctx.s
    target, target_why = choose_target(s, e, active)
    pattern_no = 0
    patterns = _patterns(s, e)
    if target and len(patterns) > 1:
        pattern_no = 0 if in_range(s, e, target) else 1
    ctx.emit("enemy_turn", enemy=e, name=enemy_name(s, e), sector=s["enemies"][e]["sector"], order=why,
             target=target, target_why=target_why,
             pattern=patterns[pattern_no] if target else [],
             pattern_why=("it attacks twice when it can attack" if pattern_no == 0 else
                          "it moves up to 2 Areas, then attacks") if len(patterns) > 1 and target else None)
    held_for = set()

    def hold(why: str) -> None:
        if why not in held_for:
            held_for.add(why)
            ctx.emit("enemy_held", enemy=e, name=enemy_name(ctx.s, e), why=why, sub=True)

    if target:
        for icon in patterns[pattern_no]:
            enemy = ctx.s["enemies"].get(e)
            if not enemy or enemy["down"]:
                break
            if icon == "move":
                if enemy["hidden"] or _reach(ctx.s, e) is None:
                    continue
                if in_range(ctx.s, e, target):
                    hold("it can attack from where it stands")
                    continue
                if "stun" in enemy["status"]:
                    hold("it is Stunned and cannot move (rule 11.4)")
                    continue
                to, step_why = step(ctx.s, e, target)
                if to is None:
                    hold(step_why)
                    continue
                source = enemy["area"]
                ctx.set(f"enemies.{e}.area", to)
                ctx.emit("enemy_moved", enemy=e, name=enemy_name(ctx.s, e), source=source, to=to, why=step_why,
                         sub=True)
                new, new_why = choose_target(ctx.s, e, active)
                if new and new != target:
                    ctx.emit("enemy_retargeted", enemy=e, name=enemy_name(ctx.s, e), target=new, why=new_why, sub=True)
                    target = new
            elif icon == "attack":
                victims = [target]
                if "attack_all" in special(ctx.s, e):
                    victims = [m for m in mercs_at(ctx.s, enemy["sector"], enemy["area"]) if conscious(ctx.s, m)]
                    if not victims and in_range(ctx.s, e, target):
                        victims = [target]
                done = False
                for m in victims:
                    if conscious(ctx.s, m) and in_range(ctx.s, e, m):
                        attack(ctx, e, m)
                        done = True
                if not done:
                    hold("no target in range, so no attack")
                if e not in ctx.s["enemies"]:
                    return
                if not conscious(ctx.s, target):
                    new, new_why = choose_target(ctx.s, e, active)
                    if new is None:
                        break
                    target = new
            elif icon == "kill_ally":
                guard = ctx.s.get("tank_guard", {}).get(e)
                if guard:
                    ctx.set(f"tank_guard.{e}", False)
                    hold("its guard token was turned up, so no ally is killed (rule 13.6)")
                elif ctx.s["mercs"][target]["allies"]:
                    kill_ally(ctx, target, f"{enemy_name(ctx.s, e)} (rule 13.6)")
    end_of_activation(ctx, e)


def _patterns(s: dict, e: str) -> list[list[str]]:
    from .data import ENEMY
    enemy = s["enemies"][e]
    if enemy["type"] == "wanted":
        return [["move", "attack"]]
    return ENEMY[enemy["type"]]["patterns"]


def end_of_activation(ctx, e: str) -> None:
    """11.4: Bleeding deals 1 damage after its activation; Stunned ends."""
    enemy = ctx.s["enemies"].get(e)
    if not enemy or enemy["down"]:
        return
    if "stun" in enemy["status"]:
        combat.remove_status(ctx, f"enemies.{e}", "stun")
    if "bleed" in enemy["status"]:
        ctx.emit("enemy_bled", enemy=e, name=enemy_name(ctx.s, e), sub=True)
        combat.hurt_enemy(ctx, e, 1, None)


def skip_reason(s: dict, m: str) -> str | None:
    """Why no Enemy Activation follows this merc's activation, if none does."""
    merc = s["mercs"][m]
    if merc.get("camouflaged"):
        return f"{MERC[m]['skill']['name']}: {merc_name(m)} killed from the jungle"
    return None
