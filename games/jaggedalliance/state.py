"""Reading the state: where figures stand, distances, what a merc carries, names for the log.

The state (all plain JSON): ``sectors`` (by tile id, or a mission's id once a merc may enter
it), ``mercs`` (by merc id; ``order`` is the cyclic seat order the enemies' tie-breaks follow,
13.3), ``enemies`` (by id ``e001``...), ``pool``, ``dictator``, ``missions``, ``stack`` (the
decisions under way), ``hidden`` (what no seat sees). Dicts are never iterated for an order that
matters: ids are sorted, or a list gives the order.
"""

from .data import CARDS, ENEMY, GRAPH, MERC, MISSIONS, MOVE_DIST, RANGE_DIST, TILES, enemy_row, enemy_special

SIDES = {(1, 0): "W", (-1, 0): "E", (0, 1): "N", (0, -1): "S"}   # (dx, dy) from the source -> entry edge


# ---- places
def is_mission(sector: str) -> bool:
    return sector.startswith("M")


def sector_name(sector: str) -> str:
    if is_mission(sector):
        return MISSIONS[sector]["name"]
    return f"{sector} {TILES[sector]['name']}"


def single_area(s: dict, sector: str) -> bool:
    """A Liberated Sector counts as one Area (4.2); a mission card is one Area (our reading)."""
    return is_mission(sector) or s["sectors"][sector]["status"] == "liberated"


def areas_of(s: dict, sector: str) -> list[str]:
    return [] if single_area(s, sector) else GRAPH[sector]["areas"]


def dist(s: dict, sector: str, a: str | None, b: str | None, graph: str = "range") -> int | None:
    """Areas between two places in one Sector (4.3): the range graph ignores red borders,
    the movement graph does not. None: no path."""
    if single_area(s, sector) or a == b:
        return 0
    table = RANGE_DIST if graph == "range" else MOVE_DIST
    return table[sector][a].get(b)


def move_neighbours(sector: str, area: str) -> list[str]:
    return GRAPH[sector]["move"][area]


def terrain(s: dict, sector: str, area: str | None) -> str:
    if area is None or is_mission(sector):
        return "open"
    return TILES[sector]["areas"][area]["terrain"]


def adjacent_sectors(s: dict, sector: str) -> list[str]:
    """Sectors beside this one on the layout, and mission cards by their access token (16)."""
    if is_mission(sector):
        access = s["missions"][sector]["at"]
        return [access] if access in s["sectors"] else []
    me = s["sectors"][sector]
    out = [t for t, other in sorted(s["sectors"].items()) if not is_mission(t)
           and abs(other["x"] - me["x"]) + abs(other["y"] - me["y"]) == 1]
    out += [m for m in sorted(s.get("missions", {})) if s["missions"][m].get("at") == sector
            and s["missions"][m]["state"] == "active" and m in s["sectors"]]
    return out


def entry_areas(s: dict, source: str, target: str) -> list[str]:
    """The Areas of ``target`` on the border crossed from ``source`` (12.1 step 1)."""
    if single_area(s, target) or is_mission(source):
        return [] if single_area(s, target) else GRAPH[target]["areas"]
    a, b = s["sectors"][source], s["sectors"][target]
    edge = SIDES[(b["x"] - a["x"], b["y"] - a["y"])]
    return [x for x in GRAPH[target]["areas"] if edge in GRAPH[target]["edges"][x]]


def symbol_area(sector: str, letter: str) -> str | None:
    for area in sorted(TILES[sector]["areas"]):
        if letter in TILES[sector]["areas"][area]["symbols"]:
            return area
    return None


# ---- mercs
def in_play(s: dict) -> list[str]:
    """Mercs in the scenario, in seat order (alive, placed)."""
    return [m for m in s["order"] if not s["mercs"][m]["dead"] and s["mercs"][m]["sector"]]


def conscious(s: dict, m: str) -> bool:
    merc = s["mercs"][m]
    return not merc["dead"] and not merc["ko"] and bool(merc["sector"])


def mercs_at(s: dict, sector: str, area: str | None = None, awake: bool = False) -> list[str]:
    out = []
    for m in in_play(s):
        merc = s["mercs"][m]
        if merc["sector"] != sector or (awake and merc["ko"]):
            continue
        if area is not None and not single_area(s, sector) and merc["area"] != area:
            continue
        out.append(m)
    return out


def merc_name(m: str) -> str:
    return MERC[m]["name"].split("'")[1] if "'" in MERC[m]["name"] else MERC[m]["name"]


def max_stamina(s: dict, m: str) -> int:
    merc = s["mercs"][m]
    return merc["S"] + merc["F"] + merc["W"]


def weapon_slots(s: dict, m: str) -> int:
    return 3 if MERC[m]["skill"]["kind"] == "ambidextrous" else 2


def held(s: dict, m: str) -> list[str]:
    """Every card a merc carries: slots, inventory, allies (and attached upgrades)."""
    merc = s["mercs"][m]
    cards = list(merc["weapons"]) + ([merc["armour"]] if merc["armour"] else []) + list(merc["inv"])
    cards += [u for c in sorted(merc["upg"]) for u in merc["upg"][c]]
    return cards + list(merc["allies"])


def heavy(card: str) -> bool:
    return bool(CARDS[card].get("heavy"))


def inventory_load(s: dict, m: str, cards: list[str] | None = None) -> int:
    """Inventory spaces used (6.1: a heavy item takes 2 of 3, Steroid's brute skill 1)."""
    brute = MERC[m]["skill"]["kind"] == "brute"
    cards = s["mercs"][m]["inv"] if cards is None else cards
    return sum(2 if heavy(c) and not brute else 1 for c in cards)


def slots_used(s: dict, m: str, weapons: list[str] | None = None) -> int:
    """Weapon slots used; a heavy item needs an extra one (6.1), except for a brute."""
    brute = MERC[m]["skill"]["kind"] == "brute"
    weapons = s["mercs"][m]["weapons"] if weapons is None else weapons
    return sum(2 if heavy(c) and not brute else 1 for c in weapons)


def fits_weapons(s: dict, m: str, weapons: list[str]) -> bool:
    slots = weapon_slots(s, m)
    if slots == 3:   # Fox: the third slot holds no heavy weapon (her skill's text)
        heavy_n = sum(1 for c in weapons if heavy(c))
        return slots_used(s, m, weapons) <= 3 and (heavy_n == 0 or slots_used(s, m, weapons) <= 2)
    return slots_used(s, m, weapons) <= 2


def stamina_line(s: dict, m: str) -> str:
    merc = s["mercs"][m]
    extra = f", {merc['sw']} serious" if merc["sw"] else ""
    return f"{merc['S']} stamina, {merc['F']} fatigue, {merc['W']} wounds{extra}"


# ---- enemies
def enemy_ids(s: dict) -> list[str]:
    return sorted(s["enemies"])


def enemies_at(s: dict, sector: str, area: str | None = None, standing: bool = True) -> list[str]:
    out = []
    for e in enemy_ids(s):
        enemy = s["enemies"][e]
        if enemy["sector"] != sector or (standing and enemy["down"]):
            continue
        if area is not None and (enemy["area"] != area and not single_area(s, sector)):
            continue
        out.append(e)
    return out


def row(s: dict, e: str) -> dict:
    enemy = s["enemies"][e]
    if enemy["type"] == "wanted":
        return MISSIONS[enemy["mission"]]["wanted"]
    return enemy_row(enemy["type"], enemy["elite"], enemy["xp"])


def special(s: dict, e: str) -> list[str]:
    enemy = s["enemies"][e]
    if enemy["type"] == "wanted":
        return []
    return enemy_special(enemy["type"], enemy["xp"])


def initiative(s: dict, e: str) -> int:
    enemy = s["enemies"][e]
    if enemy["type"] == "wanted":
        return MISSIONS[enemy["mission"]]["wanted"]["initiative"]
    return ENEMY[enemy["type"]]["initiative"]


def enemy_name(s: dict, e: str) -> str:
    enemy = s["enemies"][e]
    if enemy["type"] == "wanted":
        return MISSIONS[enemy["mission"]]["wanted"]["name"]
    words = ("experienced " if enemy["xp"] else "") + ("elite " if enemy["elite"] else "")
    return f"{words}{ENEMY[enemy['type']]['name']} {e}"


def enemy_stealth(s: dict, e: str) -> int:
    value = row(s, e)["s"]
    if value == "redshirts":   # experienced Redshirts (L3041): the Redshirts in the Sector
        sector = s["enemies"][e]["sector"]
        value = sum(1 for x in enemies_at(s, sector) if s["enemies"][x]["type"] == "redshirt")
    return value + sum(fx.get("n", 0) for fx in active_effects(s, "stealth"))


def active_effects(s: dict, op: str) -> list[dict]:
    """Lasting modifiers of one kind now in force: events until the next Dictator Phase,
    lieutenants in play, active missions (15.3, 15.6, 16)."""
    out = [fx for fx in s.get("lasting", []) if fx["op"] == op]
    from .data import LIEUTENANTS
    for lt in (s.get("dictator") or {}).get("lieutenants", []):
        out += [fx for fx in LIEUTENANTS[lt]["abilities"] if fx["op"] == op]
    for mid in sorted(s.get("missions", {})):
        if s["missions"][mid]["state"] == "active":
            out += [fx for fx in MISSIONS[mid]["effect"] if fx["op"] == op]
    return out


def figures_in(s: dict, sector: str, area: str) -> int:
    return len(mercs_at(s, sector, area)) + len(enemies_at(s, sector, area))
