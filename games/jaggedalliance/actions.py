"""A merc's activation (10): the menu of what it may do now, and each choice applied.

Start of activation (10.1): Escape and reorganizing equipment come before the first action.
Actions (10.2), in any order while stamina lasts: move, attack or use equipment (each card
once per activation), use a hand item, loot, one Command action; and trades with a merc in the
same Area. A merc's defence orders (Armour, Stealth or the better odds, spending Durability or
not) answer the enemies' attacks, so the Enemy Activation never waits for a player (21.5).

Free choices (reorganizing, trading, changing orders) are at most ``FREE_LIMIT`` per activation
(an engine limit, not a rule: it keeps every activation finite).
"""

from . import attacks, combat, commands, movement
from .battle import escape, escape_targets
from .data import CARDS, MERC
from .decks import discard, draw
from .gear import INVENTORY, dur_left
from .gear import actions as card_actions
from .inventory import put, receive, remove
from .state import (dist, enemies_at, enemy_name, fits_weapons, inventory_load, is_mission, merc_name, mercs_at,
                    row, sector_name, single_area)
from .steps import asks, does, opt

FREE_LIMIT = 6
STANCES = {"auto": "the better odds (the server picks Armour or Stealth)", "armour": "always Armour",
           "stealth": "always Stealth", "auto+": "the better odds, spending Durability",
           "armour+": "always Armour, spending Durability", "stealth+": "always Stealth, spending Durability"}
# 14.3 "Przed wykonaniem rzutu na zdolność, atak czy pancerz, najemnik może zdecydować się odrzucić
# Rebeliantów" (before an ability, attack or armour roll a merc may discard rebels, +1 orange die
# each); an Enemy Activation never waits for a player (21.5), so on armour rolls it is a standing
# order: one rebel on each armour roll while the Pool has one (ruling rebels_on_armour)
REBEL = combat.REBEL


def stance_words(stance: str) -> str:
    base = stance.removesuffix(REBEL)
    return STANCES.get(base, base) + (", a rebel from the Pool on each armour roll" if stance.endswith(REBEL) else "")


def stance_options(s: dict, m: str) -> list[dict]:
    stance = s["mercs"][m]["stance"]
    base, rebel = stance.removesuffix(REBEL), stance.endswith(REBEL)
    keep = REBEL if rebel else ""
    out = [opt(f"defence orders: {stance_words(key + keep)}", a="stance", x=key + keep)
           for key in STANCES if key != base]
    if s["flags"]["aim"]:
        out.append(opt("defence orders: no rebels on armour rolls" if rebel else
                       "defence orders: add a rebel from the Pool to each armour roll (rule 14.3)",
                       a="stance", x=base if rebel else base + REBEL))
    return out


def free_left(s: dict, m: str) -> bool:
    return s["mercs"][m]["free"] < FREE_LIMIT


# ---- the menu
def menu(s: dict, m: str) -> list[dict]:
    merc = s["mercs"][m]
    options = []
    if not merc["started"]:
        for t in escape_targets(s, m):
            options.append(opt(f"escape with everyone here to {sector_name(t)} (ends the turn, rule 10.1)",
                               a="escape", to=t))
        if free_left(s, m):
            options += reorganize_options(s, m)
    options += move_options(s, m)
    options += attack_options(s, m)
    options += hand_options(s, m)
    options += loot_options(s, m)
    if commands.has_command(s, m):
        options += command_options(s, m)
    if free_left(s, m):
        options += trade_options(s, m)
        options += stance_options(s, m)
    options.append(opt("end the activation", a="end"))
    return options


def move_options(s: dict, m: str) -> list[dict]:
    merc = s["mercs"][m]
    zone, n = movement.step_cost(s, m)
    if n > merc["S"]:
        return []
    cost = f"{n} {'fatigue' if zone == 'F' else 'wound'}" if n else "free"
    out = []
    for kind, to in movement.destinations(s, m):
        if kind == "area":
            out.append(opt(f"move to Area {to} ({cost})", a="move", to=to))
        else:
            status = s["sectors"][to]["status"] if to in s["sectors"] else "mission"
            what = {"occupied": ": starts a battle", "besieged": ": joins the battle"}.get(status, "")
            out.append(opt(f"move to {sector_name(to)} ({cost}{what})", a="go", to=to))
    return out


def attack_options(s: dict, m: str) -> list[dict]:
    merc = s["mercs"][m]
    out = []
    if is_mission(merc["sector"]) or s["sectors"][merc["sector"]]["status"] != "liberated" or \
            enemies_at(s, merc["sector"]):
        for action in card_actions(s, m):
            if attacks.cost(s, m, action) > merc["S"]:
                continue
            dice = ", ".join(action["dice"]) or "no dice"
            plus = f" +{action['plus']}" if action["plus"] else ""
            verb = "throw" if action["source"] == "hand" else "use"
            for t in attacks.targets(s, m, action):
                out.append(opt(f"{verb} {CARDS[action['card']]['name']} ({action['name']}: {dice}{plus}, "
                               f"{attacks.cost(s, m, action)} fatigue) on {attacks.target_words(s, t)}",
                               a="attack", c=action["card"], k=action["key"], t=t))
    return out


def stun_cost(s: dict, m: str) -> int:
    """11.4 Stunned: "1 dodatkowy punkt Zmęczenia za każde użycie Wyposażenia (przydzielonego lub z
    Ekwipunku)" - 1 more Fatigue for each use of Equipment, slotted or from the Inventory."""
    return 1 if "stun" in s["mercs"][m]["status"] else 0


def hand_options(s: dict, m: str) -> list[dict]:
    merc = s["mercs"][m]
    out = []
    extra = stun_cost(s, m)
    if extra > merc["S"]:           # 5.2: a cost is never paid with stamina the merc lacks
        return out
    cost = f" ({extra} fatigue: Stunned)" if extra else ""
    for card in merc["inv"]:
        use = CARDS[card].get("use", {})
        if not use or "attack" in use:
            continue
        if use.get("money"):
            out.append(opt(f"use {CARDS[card]['name']}: {use['money']} money to the Pool{cost}", a="use", c=card, t=m))
            continue
        for x in mercs_at(s, merc["sector"], merc["area"]):
            target = s["mercs"][x]
            good = (use.get("heal") and target["W"]) or (use.get("recover") and target["F"]) or \
                   (use.get("cure") and use["cure"] in target["status"]) or (use.get("serious") and target["sw"]) or \
                   (use.get("repair") and any(s["dur"].get(c, 0) for c in _held(s, x)))
            if good:
                out.append(opt(f"use {CARDS[card]['name']} on {merc_name(x)}{cost}", a="use", c=card, t=x))
    return out


def _held(s, x):
    from .state import held
    return held(s, x)


def loot_options(s: dict, m: str) -> list[dict]:
    merc = s["mercs"][m]
    out = []
    for e in sorted(s["enemies"]):
        enemy = s["enemies"][e]
        if enemy["down"] and enemy["sector"] == merc["sector"] and \
                (single_area(s, merc["sector"]) or enemy["area"] == merc["area"]):
            out.append(opt(f"loot the fallen {enemy_name(s, e)} (loot tier {row(s, e)['loot']})", a="loot", t=e))
    loot = s["sectors"][merc["sector"]]["loot"] if merc["sector"] in s["sectors"] else {}
    for area in sorted(loot):
        if single_area(s, merc["sector"]) or area == merc["area"]:
            for token in loot[area]:
                from .data import SKIRMISH
                out.append(opt(f"loot the cache in Area {area} (loot tier {SKIRMISH[token]['tier']})", a="loot", t=token))
    return out


def command_options(s: dict, m: str) -> list[dict]:
    merc = s["mercs"][m]
    out = []
    for kind, to in movement.destinations(s, m):
        if kind == "sector" and merc["S"] < 0:
            continue
        if movement.enemy_here(s, m) and merc["S"] < 1:
            continue
        where = f"Area {to}" if kind == "area" else sector_name(to)
        out.append(opt(f"Command: Group Move to {where} (no fatigue)", a="group", kind=kind, to=to))
    out += commands.ability_options(s, m)
    if is_mission(merc["sector"]):
        from .missions import test_option
        test = test_option(s, merc["sector"])
        if test:
            out.append(opt(f"Command: {test['ability'].title()} test to {test['text']} ({test['difficulty']} needed)",
                           a="test", x=test["ability"]))
    if commands.can_train(s, m):
        out.append(opt(f"Command: train a rebel in {sector_name(merc['sector'])}", a="train"))
    for n in commands.bribe_amounts(s, m):
        extra = commands.bribe_surcharge(s)
        out.append(opt(f"Command: bribe with {n} money{f' (+{extra})' if extra else ''}: {n} blue dice off the threat",
                       a="bribe", n=n))
    return out


def reorganize_options(s: dict, m: str) -> list[dict]:
    """10.1 step 5 / 6.3: slots, Inventory and upgrades, before the first action."""
    merc = s["mercs"][m]
    out = []
    for card in merc["inv"]:
        kind = CARDS[card]["type"]
        if kind in ("weapon", "tool"):
            if fits_weapons(s, m, merc["weapons"] + [card]):
                out.append(opt(f"equip {CARDS[card]['name']}", a="equip", c=card))
            else:
                for old in merc["weapons"]:
                    weapons = [c for c in merc["weapons"] if c != old] + [card]
                    inv = [c for c in merc["inv"] if c != card] + [old]
                    if fits_weapons(s, m, weapons) and inventory_load(s, m, inv) <= INVENTORY:
                        out.append(opt(f"equip {CARDS[card]['name']} instead of {CARDS[old]['name']}",
                                       a="equip", c=card, off=old))
        elif kind == "armour":
            if merc["armour"]:
                inv = [c for c in merc["inv"] if c != card] + [merc["armour"]]
                if inventory_load(s, m, inv) <= INVENTORY:
                    out.append(opt(f"wear {CARDS[card]['name']} instead of {CARDS[merc['armour']]['name']}",
                                   a="equip", c=card, off=merc["armour"]))
            else:
                out.append(opt(f"wear {CARDS[card]['name']}", a="equip", c=card))
        elif kind == "upgrade":
            fits = CARDS[card]["fits"]
            bases = list(merc["weapons"]) if fits == "weapon" else ([merc["armour"]] if merc["armour"] else [])
            bases += [c for c in merc["inv"] if CARDS[c]["type"] == ("weapon" if fits == "weapon" else "armour")]
            for base in bases:
                if len(merc["upg"].get(base, [])) < CARDS[base].get("upgrades", 0):
                    out.append(opt(f"attach {CARDS[card]['name']} to {CARDS[base]['name']}", a="attach", c=card, to=base))
    for card in merc["weapons"] + ([merc["armour"]] if merc["armour"] else []):
        if inventory_load(s, m, merc["inv"] + [card]) <= INVENTORY:
            out.append(opt(f"unequip {CARDS[card]['name']} (to the Inventory)", a="unequip", c=card))
    for base in sorted(merc["upg"]):
        for up in merc["upg"][base]:
            if inventory_load(s, m, merc["inv"] + [up]) <= INVENTORY:
                out.append(opt(f"detach {CARDS[up]['name']} from {CARDS[base]['name']}", a="detach", c=up))
    return out


def trade_options(s: dict, m: str) -> list[dict]:
    """6.5: Inventory items with a merc in the same Area (not cards in slots)."""
    merc = s["mercs"][m]
    out = []
    for x in mercs_at(s, merc["sector"], merc["area"]):
        if x == m:
            continue
        other = s["mercs"][x]
        for card in merc["inv"]:
            if inventory_load(s, x, other["inv"] + [card]) <= INVENTORY:
                out.append(opt(f"give {CARDS[card]['name']} to {merc_name(x)}", a="give", c=card, to=x))
        for card in other["inv"]:
            if inventory_load(s, m, merc["inv"] + [card]) <= INVENTORY:
                out.append(opt(f"take {CARDS[card]['name']} from {merc_name(x)}", a="take", c=card, to=x))
    return out


# ---- applying a choice
@asks("act")
def ask_act(s, frame):
    m = frame["merc"]
    merc = s["mercs"][m]
    where = sector_name(merc["sector"]) + (f", Area {merc['area']}" if merc["area"] else "")
    command = " and a Command action" if commands.has_command(s, m) else ""
    text = f"{merc_name(m)} is active in {where}: {merc['S']} stamina{command} left. What next?"
    return {merc["seat"]: ("action", text, menu(s, m))}


@does("act")
def do_act(ctx, frame, seat, move):
    m = frame["merc"]
    kind = move["a"]
    s = ctx.s
    free = kind in ("equip", "unequip", "attach", "detach", "give", "take", "stance")
    if free:
        ctx.set(f"mercs.{m}.free", s["mercs"][m]["free"] + 1)
    elif kind not in ("end", "escape") and not s["mercs"][m]["started"]:
        ctx.set(f"mercs.{m}.started", True)
    if kind == "end":
        from .flow import end_activation
        end_activation(ctx, m, "the player ended it")
    elif kind == "escape":
        escape(ctx, m, move["to"])
        from .flow import end_activation
        end_activation(ctx, m, "Escape ends the turn (rule 10.1)")
    elif kind == "stance":
        ctx.set(f"mercs.{m}.stance", move["x"])
        ctx.emit("stance", merc=m, stance=move["x"])
    elif kind in ("move", "go"):
        movement.step(ctx, m, "area" if kind == "move" else "sector", move["to"])
    elif kind == "attack":
        attacks.choose(ctx, m, move["c"], move["k"], move["t"])
    elif kind == "use":
        use_item(ctx, m, move["c"], move["t"])
    elif kind == "loot":
        loot(ctx, m, move["t"])
    elif kind == "group":
        movement.group_start(ctx, m, move["kind"], move["to"])
    elif kind == "ability":
        commands.roll(ctx, m, move["x"])
    elif kind == "test":
        from .missions import test_option
        test = test_option(s, s["mercs"][m]["sector"])
        commands.roll(ctx, m, move["x"], {**test, "mission": s["mercs"][m]["sector"]})
    elif kind == "train":
        commands.train(ctx, m)
    elif kind == "bribe":
        commands.bribe(ctx, m, move["n"])
    else:
        reorganize(ctx, m, move)


def reorganize(ctx, m: str, move: dict) -> None:
    kind, card = move["a"], move["c"]
    merc = ctx.s["mercs"][m]
    if kind == "equip":
        if move.get("off"):
            remove(ctx, m, move["off"])
        remove(ctx, m, card)
        put(ctx, m, card, "armour" if CARDS[card]["type"] == "armour" else "weapons")
        if move.get("off"):
            put(ctx, m, move["off"], "inv")
        ctx.emit("equipped", merc=m, card=card, off=move.get("off"))
    elif kind == "unequip":
        remove(ctx, m, card)
        put(ctx, m, card, "inv")
        ctx.emit("unequipped", merc=m, card=card)
    elif kind == "attach":
        remove(ctx, m, card)
        ctx.set(f"mercs.{m}.upg.{move['to']}", merc["upg"].get(move["to"], []) + [card])
        ctx.emit("attached", merc=m, card=card, to=move["to"])
    elif kind == "detach":
        remove(ctx, m, card)
        put(ctx, m, card, "inv")
        ctx.emit("detached", merc=m, card=card)
    elif kind == "give":
        remove(ctx, m, card)
        put(ctx, move["to"], card, "inv")
        ctx.emit("traded", merc=m, card=card, to=move["to"])
    elif kind == "take":
        remove(ctx, move["to"], card)
        put(ctx, m, card, "inv")
        ctx.emit("traded", merc=move["to"], card=card, to=m)


def use_item(ctx, m: str, card: str, target: str) -> None:
    """6.4: used from the Inventory, free (1 Fatigue while Stunned, 11.4), then discarded."""
    use = CARDS[card]["use"]
    remove(ctx, m, card)
    discard(ctx, card)
    did = []
    extra = stun_cost(ctx.s, m)
    if extra:
        combat.pay_fatigue(ctx, m, extra)
        did.append(f"{extra} fatigue (Stunned)")
    if use.get("money"):
        ctx.set("pool.money", ctx.s["pool"]["money"] + use["money"])
        did.append(f"{use['money']} money to the Pool")
    if use.get("heal"):
        did.append(f"heals {combat.heal(ctx, target, use['heal'], m)} wounds")
    if use.get("recover"):
        did.append(f"recovers {combat.recover(ctx, target, use['recover'], m)} fatigue")
    if use.get("cure") and use["cure"] in ctx.s["mercs"][target]["status"]:
        combat.remove_status(ctx, f"mercs.{target}", use["cure"])
        did.append("stops the bleeding")
    if use.get("serious") and combat.cure_serious(ctx, target):
        did.append("heals a Serious Wound")
    if use.get("repair"):
        left = use["repair"]
        for c in _held(ctx.s, target):
            while left and ctx.s["dur"].get(c, 0):
                ctx.set(f"dur.{c}", ctx.s["dur"][c] - 1)
                left -= 1
        did.append(f"repairs {use['repair'] - left} Durability")
    ctx.emit("item_used", merc=m, card=card, target=target, did=did)


def loot(ctx, m: str, what: str) -> None:
    """10.2 Loot: a card from the loot deck of the symbol's tier; the figure or token goes."""
    s = ctx.s
    if what in s["enemies"]:
        tier = row(s, what)["loot"]
        name = enemy_name(s, what)
        ctx.set("enemies", {e: v for e, v in s["enemies"].items() if e != what})
    else:
        from .data import SKIRMISH
        tier = SKIRMISH[what]["tier"]
        name = "a loot cache"
        sector = s["mercs"][m]["sector"]
        loot_here = s["sectors"][sector]["loot"]
        for area in sorted(loot_here):
            if what in loot_here[area]:
                ctx.set(f"sectors.{sector}.loot.{area}", [t for t in loot_here[area] if t != what])
        ctx.set("removed_tokens", s["removed_tokens"] + [what])
    card = draw(ctx, f"loot{tier}")
    ctx.emit("looted", merc=m, what=name, tier=tier, card=card)
    if card:
        receive(ctx, m, card, f"looted from {name}")


def dice_words(colours: list[str]) -> str:
    return ", ".join(colours)


def durability_words(s: dict, card: str) -> str:
    return f"{dur_left(s, card)}/{len(CARDS[card].get('durability', []))}"


def skill(m: str) -> str:
    return MERC[m]["skill"]["name"]


def distance(s: dict, sector: str, a: str, b: str) -> int | None:
    return dist(s, sector, a, b)
