"""Jagged Alliance's components, read from the JSON files beside this module.

The seed has no Scenario Book, card lists, tile geometry or dice faces (spec 22): every value it
does not give is marked provisional in its file, with its source. A box owner corrects a value by
editing the JSON; ``check()`` says what an edit broke (the tests run it).

Derived here: each tile's Area graph from the Areas' boxes (two Areas are adjacent when their
boxes share a border), the movement graph (red borders removed) and the range graph (all
borders), and which Areas touch which edge of the tile (entry placement, spec 12.1).
"""

import json
from collections import deque
from pathlib import Path

HERE = Path(__file__).parent


def _load(name: str) -> dict:
    return json.loads((HERE / name).read_text(encoding="utf-8"))


DICE = _load("dice.json")
TILES = _load("tiles.json")["tiles"]
MERCS = _load("mercs.json")
ENEMIES = _load("enemies.json")
CARDS = _load("equipment.json")["cards"]
THREATS = _load("threats.json")["cards"]
SKIRMISH = _load("skirmish.json")["tokens"]
SCENARIOS_FILE = _load("scenarios.json")
SCENARIOS = SCENARIOS_FILE["scenarios"]
DICTATORS = _load("dictator.json")["dictators"]
EVENTS_FILE = _load("events.json")
EVENTS = EVENTS_FILE["cards"]
SETUP_EVENT = EVENTS_FILE["setup"]
LIEUTENANTS = _load("lieutenants.json")["cards"]
MISSIONS = _load("missions.json")["cards"]
RULINGS: list[dict] = _load("rulings.json")["items"]

MERC_ORDER: list[str] = MERCS["order"]
MERC: dict[str, dict] = MERCS["mercs"]
ENEMY: dict[str, dict] = ENEMIES["enemies"]
TANK_TOKENS: list[int] = ENEMIES["tank_tokens"]["values"]
TANK_GUARD: int = ENEMIES["tank_tokens"]["ally_guard"]
SNIPER_SETS: dict = ENEMIES["sniper_sets"]
BOX_SNIPER_TANK_TOKENS = 16      # the component list: "16 żetonów Snajperów i Czołgów" (L89)
FACES: dict[str, list[dict]] = DICE["faces"]
COLOURS = ("yellow", "orange", "red", "blue")
TIERS = ("unknown", "weak", "strong", "deadly")
EDGES = ("N", "E", "S", "W")
GRID_W, GRID_H = 3, 2


def _shared_border(a: list[int], b: list[int]) -> bool:
    """Do two boxes [x, y, w, h] share a border of positive length?"""
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    if ax + aw == bx or bx + bw == ax:       # side by side
        return min(ay + ah, by + bh) - max(ay, by) > 0
    if ay + ah == by or by + bh == ay:       # one above the other
        return min(ax + aw, bx + bw) - max(ax, bx) > 0
    return False


def _edges(box: list[int]) -> list[str]:
    x, y, w, h = box
    return [e for e, touches in (("N", y == 0), ("E", x + w == GRID_W), ("S", y + h == GRID_H), ("W", x == 0))
            if touches]


def _tile_graph(tile: dict) -> dict:
    areas = sorted(tile["areas"])
    red = {frozenset(pair) for pair in tile.get("red", [])}
    touch = {a: sorted(b for b in areas if b != a and _shared_border(tile["areas"][a]["box"], tile["areas"][b]["box"]))
             for a in areas}
    move = {a: [b for b in touch[a] if frozenset((a, b)) not in red] for a in areas}
    return {"areas": areas, "range": touch, "move": move,
            "edges": {a: _edges(tile["areas"][a]["box"]) for a in areas}}


def _all_distances(graph: dict[str, list[str]]) -> dict[str, dict[str, int]]:
    out = {}
    for start in graph:
        seen, todo = {start: 0}, deque([start])
        while todo:
            a = todo.popleft()
            for b in graph[a]:
                if b not in seen:
                    seen[b] = seen[a] + 1
                    todo.append(b)
        out[start] = seen
    return out


GRAPH: dict[str, dict] = {tid: _tile_graph(tile) for tid, tile in TILES.items()}
RANGE_DIST: dict[str, dict[str, dict[str, int]]] = {tid: _all_distances(g["range"]) for tid, g in GRAPH.items()}
MOVE_DIST: dict[str, dict[str, dict[str, int]]] = {tid: _all_distances(g["move"]) for tid, g in GRAPH.items()}


def card(card_id: str) -> dict:
    return CARDS[card_id]


def card_name(card_id: str) -> str:
    return CARDS[card_id]["name"] if card_id in CARDS else card_id


def enemy_row(kind: str, elite: bool, experienced: bool) -> dict:
    """The stat row of an enemy (13.1): basic or elite, on the basic or experienced side."""
    spec = ENEMY[kind]
    side = spec.get("experienced") if experienced and spec.get("experienced") else None
    if side:
        row = side.get("elite") if elite and side.get("elite") else side["basic"]
    else:
        row = spec["elite"] if elite and spec.get("elite") else spec["basic"]
    return row


def enemy_special(kind: str, experienced: bool) -> list[str]:
    spec = ENEMY[kind]
    side = spec.get("experienced") if experienced and spec.get("experienced") else None
    return list((side or {}).get("special", spec["special"]))


def market_range(town_index: int) -> list[str]:
    """The A.I.M. cards the n-th liberated town unlocks (7.6), those this data set has."""
    low, high = SCENARIOS_FILE["towns"]["ranges"][town_index]
    return [c for c in sorted(CARDS) if CARDS[c]["deck"] == "aim" and low <= c <= high]


def check() -> list[str]:
    """What an edit of the data broke: each problem as a sentence (empty: all is well)."""
    problems = []
    for tid, tile in TILES.items():
        g = GRAPH[tid]
        cells = set()
        for a, area in tile["areas"].items():
            x, y, w, h = area["box"]
            if x < 0 or y < 0 or x + w > GRID_W or y + h > GRID_H:
                problems.append(f"tile {tid}: area {a}'s box leaves the 3 x 2 grid")
            for cx in range(x, x + w):
                for cy in range(y, y + h):
                    if (cx, cy) in cells:
                        problems.append(f"tile {tid}: area {a} overlaps another area at {cx},{cy}")
                    cells.add((cx, cy))
            if area["terrain"] not in ("open", "jungle", "urban", "swamp"):
                problems.append(f"tile {tid}: area {a} has unknown terrain {area['terrain']}")
        if len(cells) != GRID_W * GRID_H:
            problems.append(f"tile {tid}: its areas do not cover the grid")
        for pair in tile.get("red", []):
            if pair[1] not in g["range"].get(pair[0], []):
                problems.append(f"tile {tid}: red border {pair} joins areas that do not touch")
        if len(RANGE_DIST[tid][g["areas"][0]]) != len(g["areas"]):
            problems.append(f"tile {tid}: its areas are not all connected")
        symbols = [s for area in tile["areas"].values() for s in area["symbols"]]
        if sorted(symbols) != ["A", "B", "C", "D"]:
            problems.append(f"tile {tid}: threat symbols {sorted(symbols)} are not A-D once each")
    for mid, merc in MERC.items():
        for ability in ("leadership", "mechanics", "medicine"):
            if any(c not in COLOURS for c in merc[ability]):
                problems.append(f"merc {mid}: unknown die colour in {ability}")
        for c in merc["kit"]:
            if c not in CARDS:
                problems.append(f"merc {mid}: kit card {c} does not exist")
    kits = [c for m in MERC.values() for c in m["kit"]]
    if len(kits) != len(set(kits)):
        problems.append("two mercs' kits share a card")
    for cid, c in CARDS.items():
        for action in c.get("actions", []) + ([c["use"]["attack"]] if "attack" in c.get("use", {}) else []):
            if any(d not in COLOURS for d in action["dice"]):
                problems.append(f"card {cid}: unknown die colour")
        if c["type"] not in ("weapon", "tool", "armour", "hand", "upgrade", "ally", "income"):
            problems.append(f"card {cid}: unknown type {c['type']}")
    for tid, t in THREATS.items():
        if t["tier"] not in TIERS:
            problems.append(f"threat {tid}: unknown tier")
        for letter, spot in t["setup"].items():
            for kind, _elite in spot.get("enemies", []):
                if kind not in ENEMY:
                    problems.append(f"threat {tid}: unknown enemy {kind}")
    if SNIPER_SETS["sets"] * SNIPER_SETS["tokens"] + len(TANK_TOKENS) != BOX_SNIPER_TANK_TOKENS:
        problems.append(f"the sniper sets and the Tank's tokens are not the box's {BOX_SNIPER_TANK_TOKENS} tokens")
    if not 0 <= TANK_GUARD < len(TANK_TOKENS):
        problems.append("the Tank's ally guard is none of its tokens")
    for sid, scenario in SCENARIOS.items():
        tiles = [s["tile"] for s in scenario["layout"]]
        if len(tiles) != len(set(tiles)):
            problems.append(f"scenario {sid}: a tile is laid twice")
        if len({t[:-1] for t in tiles}) != len(tiles):   # double-sided tiles (L49): one side at a time
            problems.append(f"scenario {sid}: both sides of one tile are laid")
        if sum(1 for s in scenario["layout"] if s.get("start")) != 1:
            problems.append(f"scenario {sid}: needs exactly one start sector")
        for s in scenario["layout"]:
            if s["tile"] not in TILES:
                problems.append(f"scenario {sid}: unknown tile {s['tile']}")
            if not s.get("start") and not [t for t in THREATS.values() if t["tier"] == s.get("tier")]:
                problems.append(f"scenario {sid}: no threat card of tier {s.get('tier')}")
        for t in scenario["victory"]["liberate"]:
            if t not in tiles:
                problems.append(f"scenario {sid}: victory names a sector {t} not laid")
        for k in scenario["pool"]:
            if k not in SKIRMISH:
                problems.append(f"scenario {sid}: unknown skirmish token {k}")
        for c in scenario["rewards"].get("aim", []) + scenario["rewards"].get("income", []):
            if c not in CARDS:
                problems.append(f"scenario {sid}: reward card {c} does not exist")
        for m in scenario.get("missions", []):
            if m not in MISSIONS:
                problems.append(f"scenario {sid}: unknown mission {m}")
    for lid, lt in LIEUTENANTS.items():
        if lt["reward"] not in CARDS:
            problems.append(f"lieutenant {lid}: reward card {lt['reward']} does not exist")
    for eid, ev in EVENTS.items():
        if ev["deck"] not in ("yellow", "orange", "red"):
            problems.append(f"event {eid}: unknown deck")
    return problems
