"""The rules page's Jagged Alliance: the rules in our words (data/rules.md) and the box's cards with their
whole texts, from data/*.json: the mercs, the equipment (items, allies, income cards), the enemies, the
events, the lieutenants and the missions. Pure: the box's content, never a deck's order or a face-down
Threat card of a table."""

from functools import lru_cache
from importlib import resources

from . import data as D

TYPES = {"weapon": "Weapons", "armour": "Armour", "tool": "Tools", "hand": "Hand items", "upgrade": "Upgrades"}
DECKS = {"aim": "A.I.M. card", "loot1": "loot (tier 1)", "loot2": "loot (tier 2)", "loot3": "loot (tier 3)"}
EFFECTS = {"bleed": "Bleeding", "stun": "Stunned", "mark": "Marked", "retreat": "pushes the target back 1 Area",
           "free_move": "then a free step", "area": "hits everyone in the target Area", "spec": "Specialization",
           "nodmg": "no damage"}
BOXES = {"plus1": "+1 success", "stun": "Stun", "bleed": "Bleeding", "mark": "Marked", "burst": "one more shot",
         "spec": "Specialization", "range": "+1 range"}
USES = {"heal": "heals {} Wounds", "recover": "recovers {} Fatigue", "repair": "repairs {} Durability",
        "money": "gives {} money to the Pool", "serious": "heals {} Serious Wound", "cure": "removes {}"}
ABILITIES = {"bribe_cost": "each bribe costs {} more", "start_threat": "each scenario starts at threat {}",
             "enemy_damage": "enemies deal {} more damage", "counter_strength": "counterattacks are {} stronger",
             "threat_on_draw": "{} Threat tokens when he enters play", "stealth": "enemy stealth +{}",
             "end_discard_rebels": "if the scenario ends with it active, discard all rebels from the Pool"}


def rules_text() -> str:
    return resources.files(__package__).joinpath("data/rules.md").read_text("utf-8")


@lru_cache(maxsize=1)
def components() -> tuple[dict, ...]:
    cards = sorted(D.CARDS.items())
    return (*(_merc(m) for m in D.MERC_ORDER),
            *(_item(n, c) for n, c in cards if c["type"] in TYPES),
            *(_item(n, c) for n, c in cards if c["type"] == "ally"),
            *(_item(n, c) for n, c in cards if c["type"] == "income"),
            *(_enemy(key, e) for key, e in D.ENEMY.items()),
            *(_event(n, e) for n, e in sorted(D.EVENTS.items())),
            *(_lieutenant(n, c) for n, c in sorted(D.LIEUTENANTS.items())),
            *(_mission(n, c) for n, c in sorted(D.MISSIONS.items())))


def dice(colours: list[str]) -> str:
    """['yellow', 'yellow', 'orange'] -> '2 yellow and 1 orange dice'."""
    counts = {c: colours.count(c) for c in dict.fromkeys(colours)}
    words = " and ".join(f"{n} {c}" for c, n in counts.items())
    return f"{words} {'die' if len(colours) == 1 else 'dice'}" if colours else "no dice"


def _merc(key: str) -> dict:
    merc = D.MERC[key]
    skill = merc["skill"]
    kit = ", ".join(D.CARDS[c]["name"] for c in merc.get("kit", ()) if c in D.CARDS)
    lines = [f"Stamina {merc['stamina']}; recovers {merc['recovery']} Fatigue at the start of each activation.",
             f"Leadership: {dice(merc['leadership'])}; Mechanics: {dice(merc['mechanics'])}; "
             f"Medicine: {dice(merc['medicine'])}.",
             f"Ally slots: {merc['allies']}.",
             f"Skill, {skill['name']}: {skill['text']}"]
    if kit:
        lines.append(f"Brings to a new campaign: {kit}.")
    nick = [w.strip("'") for w in merc["name"].split() if w.startswith("'")]
    return {"kind": "merc", "key": key, "name": merc["name"], "aliases": [*nick, *merc["name"].split()[:1]],
            "text": "\n".join(lines), "facts": ["mercenary"], "group": "Mercenaries"}


def _action(a: dict) -> str:
    bits = [f"{a.get('fatigue', 0)} Fatigue" if a.get("fatigue") else "no Fatigue", dice(a.get("dice", []))]
    if a.get("plus"):
        bits.append(f"+{a['plus']} success{'es' if a['plus'] > 1 else ''}")
    bits.append("range: the whole Sector" if a.get("range") is None else f"range {a['range']}")
    for effect in a.get("effects", ()):
        if effect.startswith("burst:"):
            bits.append(f"a burst of {effect.split(':')[1]} shots")
        elif effect in EFFECTS and effect != "dmg":
            bits.append(EFFECTS[effect])
    return f"{a['name']}: " + ", ".join(bits)


def _item(number: str, card: dict) -> dict:
    kind = {"ally": "ally", "income": "income"}.get(card["type"], "item")
    lines = [_action(a) for a in card.get("actions", ())]
    use = card.get("use", {})
    if "attack" in use:
        lines.append("Discard to attack with it. " + _action(use["attack"]))
    said = [USES[k].format({"bleed": "Bleeding"}.get(v, v)) for k, v in use.items() if k in USES]
    if said:
        lines.append("Discard to use: " + ", ".join(said) + (" (on a merc in your Area)" if use.get("range") == 0
                                                               else ""))
    if card.get("armour"):
        lines.append(f"Armour: {dice(card['armour'])}.")
    if card.get("stealth"):
        lines.append(f"Stealth: {dice(card['stealth'])}.")
    for ability, colours in card.get("bonus", {}).items():
        lines.append(f"{ability.capitalize()}: +{dice(colours)}.")
    mods = card.get("mods", {})
    if mods:
        fits = f"Attach to a {card.get('fits', 'weapon')} card: "
        lines.append(fits + ", ".join(f"+{v} range" if k == "range" else f"+{dice(v)}" if k == "dice"
                                      else f"+{dice(v)} armour" for k, v in mods.items()) + ".")
    for what, n in card.get("income", {}).items():
        lines.append(f"At the start of each scenario: +{n} {what} to the Pool.")
    boxes = [BOXES.get(b, b.replace("die:", "+1 ") + " die") for b in card.get("durability", ())]
    if boxes:
        lines.append("Durability: " + ", ".join(boxes) + ".")
    if card.get("heavy"):
        lines.append("Heavy: takes a second active slot, and 2 of the 3 Inventory spaces.")
    if card.get("upgrades"):
        lines.append(f"Upgrade slots: {card['upgrades']}.")
    facts = [card["type"], f"costs {card.get('cost', 0)}$", DECKS.get(card.get("deck", ""), card.get("deck", ""))]
    group = TYPES.get(card["type"]) or {"ally": "Allies", "income": "Income cards"}[card["type"]]
    return {"kind": kind, "key": number, "number": number, "name": card["name"],
            "aliases": [card["name"].replace("-", "")],
            "lookup": card["name"].lower(),
            "text": "\n".join(lines) or "No effect.", "facts": [f for f in facts if f], "group": group}


def _row(row: dict) -> str:
    stealth = "the number of Redshirts in the Sector" if row["s"] == "redshirts" else row["s"]
    reach = "the whole Sector" if row["r"] is None else row["r"]
    status = f", its hits cause {EFFECTS.get(row['status'], row['status'])}" if row.get("status") else ""
    return (f"Health {row['h']}, Armour {row['a']}, Damage {row['d']}{status}, Range {reach}, Stealth {stealth}, "
            f"loot tier {row['loot']}")


REWARDS = {"money": "{} money", "rebels": "{} rebels", "loot": "a loot card of tier {}", "threat": "threat −{}",
           "aim": "A.I.M. card {}"}
PATTERN = {"move": "move", "attack": "attack", "kill_ally": "kill an ally"}
SPECIAL = {"ignore_range": "Ignores range: it attacks the active merc, wherever in the Sector.",
           "attack_all": "Attacks every merc in its Area (each defends on their own).",
           "hidden": "Hidden: not placed; its crosshair tokens wait on the Sector's threat symbols like skirmishes, "
                     "and it cannot be attacked until one is revealed.",
           "tank_armour": "Armour tokens: before each hit's damage, a face-down Tank token is revealed and its "
                          "value subtracted; once damage gets through, they are shuffled face down again."}


def _enemy(key: str, enemy: dict) -> dict:
    patterns = " or ".join(", then ".join(PATTERN[i] for i in p) for p in enemy["patterns"])
    lines = [f"Initiative {enemy['initiative']}. Each activation: {patterns}."]
    lines += [SPECIAL[s] for s in enemy.get("special", ()) if s in SPECIAL]
    lines.append(f"Basic: {_row(enemy['basic'])}.")
    if enemy.get("elite"):
        lines.append(f"Elite (yellow base): {_row(enemy['elite'])}.")
    experienced = enemy.get("experienced") or {}
    for variant in ("basic", "elite"):
        if experienced.get(variant):
            lines.append(f"Experienced {variant}: {_row(experienced[variant])}.")
    lines += [SPECIAL[s] for s in experienced.get("special", ()) if s in SPECIAL and s not in enemy.get("special", ())]
    return {"kind": "enemy", "key": key, "name": enemy["name"], "aliases": [], "text": "\n".join(lines),
            "facts": ["enemy"], "group": "Enemies"}


def _event(number: str, event: dict) -> dict:
    english = event["name"].split(" (")[-1].rstrip(")") if "(" in event["name"] else event["name"]
    polish = event["name"].split(" (")[0] if "(" in event["name"] else None
    return {"kind": "event", "key": number, "number": number, "name": english, "polish": polish, "lookup": english.lower(),
            "aliases": [a for a in (polish,) if a], "text": event["text"],
            "facts": [f"{event['deck']} deck", "event"], "group": "Events"}


def _lieutenant(number: str, card: dict) -> dict:
    abilities = "; ".join(ABILITIES[a["op"]].format(a.get("n", "")) for a in card.get("abilities", ())
                          if a["op"] in ABILITIES)
    defence = card.get("defense", {})
    guard = {"skirmish_each_area": "a skirmish token in every Area of his Sector",
             "elite": "every enemy in his Sector is elite",
             "add": "extra enemies in his Sector"}.get(defence.get("op"), "")
    lines = [f"While in play: {abilities}." if abilities else "",
             f"Defending his Sector: {guard}." if guard else "",
             f"Reward when his Sector is liberated: {D.CARDS[card['reward']]['name']}." if card.get("reward") in D.CARDS
             else ""]
    return {"kind": "lieutenant", "key": number, "number": number, "name": card["name"], "lookup": card["name"].split()[-1].lower(),
            "aliases": [card["name"].split()[-1]], "text": "\n".join(line for line in lines if line),
            "facts": ["lieutenant"], "group": "Lieutenants"}


def _condition(condition: dict, card: dict) -> str:
    if condition["kind"] == "kill_all":
        return "kill every enemy"
    if condition["kind"] == "wanted":
        wanted = card.get("wanted") or {}
        row = {"s": wanted.get("s", 0), "r": wanted.get("r"), **wanted}
        return f"defeat {wanted.get('name', 'the wanted man')} (the card is the enemy: initiative " \
               f"{wanted.get('initiative', 0)}, {_row(row)})" if wanted else "defeat the wanted man"
    return f"{condition.get('text', 'a test')} (a {condition['ability'].capitalize()} test of difficulty " \
           f"{condition['difficulty']})"


def _mission(key: str, card: dict) -> dict:
    effects = "; ".join(ABILITIES[e["op"]].format(e.get("n", "")) for e in card.get("effect", ())
                        if e["op"] in ABILITIES)
    guards = ", ".join(("elite " if elite else "") + D.ENEMY[kind]["name"] for kind, elite in card.get("guards", ()))
    steps = [_condition(c, card) for c in card.get("conditions", ())]
    rewards = ", ".join(REWARDS.get(k, "{} " + k).format(v) for k, v in card.get("rewards", {}).items())
    lines = [f"While active: {effects}." if effects else "", f"Guards: {guards}." if guards else "",
             f"To complete, in order: {'; then '.join(steps)}." if steps else "",
             f"Rewards: {rewards}." if rewards else ""]
    return {"kind": "mission", "key": key, "name": card["name"], "aliases": [],
            "text": "\n".join(line for line in lines if line), "facts": ["mission"], "group": "Missions"}
