"""What a merc's cards let it do: its actions (6.1, 11.1), defence dice (13.5), ability dice
(10.2 b), durability (6.2), and where a card it receives goes (6.5)."""

from .data import CARDS, MERC
from .state import fits_weapons, inventory_load, terrain

INVENTORY = 3     # 6.1: three Inventory spaces


def dur_left(s: dict, card: str) -> int:
    return len(CARDS[card].get("durability", [])) - s["dur"].get(card, 0)


def next_dur(s: dict, card: str) -> str | None:
    """The ability of the next free durability box (boxes are used left to right)."""
    boxes = CARDS[card].get("durability", [])
    used = s["dur"].get(card, 0)
    return boxes[used] if used < len(boxes) else None


def _upgrade_mods(s: dict, m: str, card: str) -> dict:
    out = {"range": 0, "dice": [], "armour": []}
    for u in s["mercs"][m]["upg"].get(card, []):
        mods = CARDS[u].get("mods", {})
        out["range"] += mods.get("range", 0)
        out["dice"] += mods.get("dice", [])
        out["armour"] += mods.get("armour", [])
    return out


def _shape(card: str, action: dict, source: str) -> dict:
    effects = list(action.get("effects", []))
    burst = next((int(e.split(":")[1]) for e in effects if e.startswith("burst:")), 1)
    return {"card": card, "key": action["key"], "name": action["name"], "fatigue": action.get("fatigue", 0),
            "dice": list(action["dice"]), "plus": action.get("plus", 0), "range": action.get("range"),
            "order": [e for e in effects if e in ("dmg", "stun", "bleed", "mark", "retreat", "free_move")],
            "area": "area" in effects, "burst": burst, "spec": "spec" in effects, "nodmg": "nodmg" in effects,
            "source": source}


def actions(s: dict, m: str, used: bool = True) -> list[dict]:
    """The merc's attack actions with their dice and range as they stand (upgrades, skills);
    ``used``: leave out the cards already used this activation (6.5: once per activation)."""
    merc = s["mercs"][m]
    skill = MERC[m]["skill"]["kind"]
    out = []
    sources = [(c, "slot") for c in merc["weapons"]] + [(c, "ally") for c in merc["allies"]]
    sources += [(c, "hand") for c in merc["inv"] if "attack" in CARDS[c].get("use", {})]
    for card, source in sources:
        if used and card in merc["used"]:
            continue
        data = CARDS[card]
        listed = [data["use"]["attack"]] if source == "hand" else data.get("actions", [])
        for action in listed:
            a = _shape(card, action, source)
            if source == "slot":
                mods = _upgrade_mods(s, m, card)
                a["dice"] += mods["dice"]
                if a["range"] is not None:
                    a["range"] += mods["range"]
                if data["type"] == "weapon" and not a["nodmg"]:
                    if skill == "veteran":
                        a["dice"].append("yellow")
                    if skill == "marksman" and a["range"] is not None:
                        a["range"] += 1
            out.append(a)
    return out


def armour_dice(s: dict, m: str, spend: bool) -> tuple[list[str], list[str]]:
    """(dice, cards whose durability is spent): the armour card and its upgrades, skills,
    Urban terrain (4.4); with ``spend``, one durability box of the armour card if it adds a die."""
    merc = s["mercs"][m]
    dice, spent = [], []
    if merc["armour"]:
        dice += CARDS[merc["armour"]].get("armour", []) + _upgrade_mods(s, m, merc["armour"])["armour"]
        box = next_dur(s, merc["armour"])
        if spend and box and box.startswith("die:") and box != "die:blue":
            dice.append(box[4:])
            spent.append(merc["armour"])
    if MERC[m]["skill"]["kind"] == "tough_hide":
        dice.append("yellow")
    if terrain(s, merc["sector"], merc["area"]) == "urban":
        dice.append("yellow")
    return dice, spent


def stealth_dice(s: dict, m: str, spend: bool) -> tuple[list[str], list[str]]:
    """Stealth dice: the armour-slot card's, Jungle +1 blue (4.4), durability when spent."""
    merc = s["mercs"][m]
    dice, spent = [], []
    if merc["armour"]:
        dice += CARDS[merc["armour"]].get("stealth", [])
        box = next_dur(s, merc["armour"])
        if spend and box == "die:blue" and CARDS[merc["armour"]].get("stealth"):
            dice.append("blue")
            spent.append(merc["armour"])
    if terrain(s, merc["sector"], merc["area"]) == "jungle":
        dice.append("blue")
    return dice, spent


def ability_dice(s: dict, m: str, ability: str) -> list[str]:
    """The board's dice for an ability and the bonus dice of equipped tools and allies (14.4)."""
    merc = s["mercs"][m]
    dice = list(MERC[m][ability])
    for card in list(merc["weapons"]) + ([merc["armour"]] if merc["armour"] else []) + list(merc["allies"]):
        dice += CARDS[card].get("bonus", {}).get(ability, [])
    return dice


def ally_slots(s: dict, m: str) -> int:
    return MERC[m]["allies"]


def place_for(s: dict, m: str, card: str) -> str | None:
    """Where a received card goes (6.5): a free slot that takes its type, else the Inventory;
    None: no room."""
    merc = s["mercs"][m]
    kind = CARDS[card]["type"]
    if kind == "ally":
        return "allies" if len(merc["allies"]) < ally_slots(s, m) else None
    if kind == "armour" and not merc["armour"]:
        return "armour"
    if kind in ("weapon", "tool") and fits_weapons(s, m, merc["weapons"] + [card]):
        return "weapons"
    if inventory_load(s, m, merc["inv"] + [card]) <= INVENTORY:
        return "inv"
    return None
