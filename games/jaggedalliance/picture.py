"""The seat's view as SVG: the scenario's Sectors on their grid, each a 3 x 2 grid of Areas
coloured by terrain with red borders drawn; mercs (circles, initials), enemies (squares, the
type's letter; elite ringed in yellow; fallen ones crossed), face-down tokens (?) and loot caches;
Occupied Sectors grey with their Threat tier, Liberated ones green; mission cards beside their
access Sector; a side panel with the round, the Pool, the dictator's track and the mercs."""

from games.core.svg import Drawing, clip

from .data import DICTATORS, ENEMY, GRAPH, MERC, MISSIONS, SCENARIOS, TILES

CELL = 64
PAD = 14
GAP = 18
PANEL = 250
TERRAIN = {"open": "#ece6cf", "jungle": "#b9d8a6", "urban": "#cfcfd4", "swamp": "#a7c8c1"}
SEAT_COLOURS = {"merc1": "#1f5fbf", "merc2": "#b8321f", "merc3": "#6a3fa0", "merc4": "#1d7f4e"}
STATUS_FILL = {"occupied": "#7d7d7d", "besieged": None, "liberated": "#2e8b57"}


def _initials(m: str) -> str:
    name = MERC[m]["name"]
    if "'" in name:
        name = name.split("'")[1]
    return name[:2]


def picture(view: dict, seat) -> str | None:
    if not view or "sectors" not in view:
        return None
    s = view
    sectors = {t: info for t, info in s["sectors"].items() if not t.startswith("M")}
    cols = max(info["x"] for info in sectors.values()) + 1
    rows = max(info["y"] for info in sectors.values()) + 1
    sw, sh = 3 * CELL, 2 * CELL
    map_w = PAD * 2 + cols * sw + (cols - 1) * GAP
    missions = [m for m in sorted(s.get("missions", {})) if s["missions"][m]["state"] == "active"]
    map_h = PAD * 2 + rows * (sh + 22) + (rows - 1) * GAP + (70 if missions else 0)
    d = Drawing(map_w + PANEL, max(map_h, 420), f"Jagged Alliance, scenario {s['scenario']}, round {s['round']}")
    spots = {}
    for t, info in sorted(sectors.items()):
        x0 = PAD + info["x"] * (sw + GAP)
        y0 = PAD + info["y"] * (sh + 22 + GAP) + 18
        spots[t] = (x0, y0)
        _sector(d, s, t, info, x0, y0)
    for i, mid in enumerate(missions):
        _mission(d, s, mid, PAD + i * 170, map_h - 70 + 6, spots)
    _panel(d, s, map_w, seat)
    d.resize(max(map_h, _panel_height(s)))
    return d.tostring()


def _sector(d: Drawing, s: dict, t: str, info: dict, x0: float, y0: float) -> None:
    tile = TILES[t]
    g = d.group(None, id=f"sector-{t}")
    status = info["status"]
    title = f"{t} {tile['name']}"
    label = {"occupied": f"occupied, {info.get('tier') or '?'} threat", "besieged": "battle!",
             "liberated": "liberated"}[status]
    if info.get("card") and status != "liberated":
        label += f" (card {info['card']})"
    d.text(g, x0, y0 - 5, clip(f"{title}: {label}", 10, 3 * CELL) if len(title) > 40 else f"{title}: {label}",
           10, bold=True, fit=3 * CELL)
    for a in GRAPH[t]["areas"]:
        x, y, w, h = tile["areas"][a]["box"]
        fill = TERRAIN[tile["areas"][a]["terrain"]]
        d.rect(g, x0 + x * CELL, y0 + y * CELL, w * CELL, h * CELL, fill=fill, stroke="#555", stroke_width=1)
        symbols = "".join(tile["areas"][a]["symbols"])
        d.text(g, x0 + x * CELL + 4, y0 + y * CELL + 12, a + (f" [{symbols}]" if symbols else ""), 9, fill="#333")
        d.text(g, x0 + x * CELL + w * CELL - 4, y0 + y * CELL + 12, tile["areas"][a]["terrain"][:1].upper()
               if tile["areas"][a]["terrain"] != "open" else "", 9, anchor="end", fill="#555")
    for a, b in tile.get("red", []):
        _red(d, g, x0, y0, tile["areas"][a]["box"], tile["areas"][b]["box"])
    shade = STATUS_FILL[status]
    if shade:
        d.rect(g, x0, y0, 3 * CELL, 2 * CELL, fill=shade, fill_opacity=0.35 if status == "occupied" else 0.18,
               stroke=shade, stroke_width=3)
    else:
        d.rect(g, x0, y0, 3 * CELL, 2 * CELL, fill="none", stroke="#e07b00", stroke_width=3)
    if info.get("rebels"):
        d.text(g, x0 + 3 * CELL - 4, y0 + 2 * CELL + 12, f"{info['rebels']} rebels", 9, anchor="end", fill="#2e8b57")
    _figures(d, g, s, t, x0, y0)


def _red(d: Drawing, g, x0: float, y0: float, a: list[int], b: list[int]) -> None:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    if ax + aw == bx or bx + bw == ax:
        x = max(ax, bx)
        y1, y2 = max(ay, by), min(ay + ah, by + bh)
        d.el(g, "line", x1=x0 + x * CELL, y1=y0 + y1 * CELL, x2=x0 + x * CELL, y2=y0 + y2 * CELL,
             stroke="#d01010", stroke_width=5)
    else:
        y = max(ay, by)
        x1, x2 = max(ax, bx), min(ax + aw, bx + bw)
        d.el(g, "line", x1=x0 + x1 * CELL, y1=y0 + y * CELL, x2=x0 + x2 * CELL, y2=y0 + y * CELL,
             stroke="#d01010", stroke_width=5)


def _area_centre(t: str, area: str | None, x0: float, y0: float) -> tuple[float, float]:
    if area is None:
        return x0 + 1.5 * CELL, y0 + CELL
    x, y, w, h = TILES[t]["areas"][area]["box"]
    return x0 + (x + w / 2) * CELL, y0 + (y + h / 2) * CELL + 4


def _figures(d: Drawing, g, s: dict, t: str, x0: float, y0: float) -> None:
    slots: dict = {}

    def spot(area):
        n = slots.get(area, 0)
        slots[area] = n + 1
        cx, cy = _area_centre(t, area, x0, y0)
        return cx - 22 + (n % 4) * 15, cy - 6 + (n // 4) * 15

    for m in s["order"]:
        merc = s["mercs"][m]
        if merc["dead"] or merc["sector"] != t:
            continue
        cx, cy = spot(None if s["sectors"][t]["status"] == "liberated" else merc["area"])
        colour = SEAT_COLOURS.get(merc["seat"], "#333")
        c = d.el(g, "circle", cx=cx, cy=cy, r=7, fill="#fff" if merc["ko"] else colour, stroke=colour, stroke_width=2)
        d.title(c, f"{MERC[m]['name']} ({merc['seat']}): {merc['S']} stamina{', knocked out' if merc['ko'] else ''}")
        d.text(g, cx, cy + 3, _initials(m), 7, bold=True, anchor="middle", fill=colour if merc["ko"] else "#fff")
    for e in sorted(s["enemies"]):
        enemy = s["enemies"][e]
        if enemy["sector"] != t or enemy.get("hidden"):
            continue
        cx, cy = spot(None if s["sectors"][t]["status"] == "liberated" else enemy["area"])
        letter = "W" if enemy["type"] == "wanted" else ENEMY[enemy["type"]]["name"][0]
        r = d.rect(g, cx - 6, cy - 6, 12, 12, fill="#3a3a3a" if not enemy["down"] else "#bbb",
                   stroke="#f2c200" if enemy["elite"] else "#000", stroke_width=2)
        d.title(r, f"{e} {enemy['type']}{' (elite)' if enemy['elite'] else ''}{', fallen' if enemy['down'] else ''}"
                   f"{', ' + str(enemy['dmg']) + ' damage' if enemy['dmg'] else ''}")
        d.text(g, cx, cy + 3, letter, 8, bold=True, anchor="middle", fill="#fff" if not enemy["down"] else "#555")
    for area, n in sorted(s["sectors"][t]["facedown"].items()):
        for _ in range(n):
            cx, cy = spot(area)
            d.text(g, cx, cy + 4, "?", 12, bold=True, anchor="middle", fill="#7a4b00")
    for area, tokens in sorted(s["sectors"][t]["loot"].items()):
        for _ in tokens:
            cx, cy = spot(area)
            d.text(g, cx, cy + 4, "$", 11, bold=True, anchor="middle", fill="#0a6b2a")


def _mission(d: Drawing, s: dict, mid: str, x: float, y: float, spots: dict) -> None:
    info = s["missions"][mid]
    g = d.group(None, id=f"mission-{mid}")
    d.rect(g, x, y, 160, 56, fill="#fff6dc", stroke="#a07000", stroke_width=2)
    d.text(g, x + 6, y + 14, MISSIONS[mid]["name"], 10, bold=True, fit=150)
    d.text(g, x + 6, y + 28, f"by {info['at']} ({MISSIONS[mid]['access']} access)", 9, fit=150)
    here = [m for m in s["order"] if s["mercs"][m]["sector"] == mid]
    foes = [e for e in s["enemies"] if s["enemies"][e]["sector"] == mid and not s["enemies"][e]["down"]]
    d.text(g, x + 6, y + 44, f"step {info['step'] + 1}/{len(MISSIONS[mid]['conditions'])}; "
           f"{len(here)} merc(s), {len(foes)} foe(s)", 9, fit=150)


def _panel_height(s: dict) -> float:
    return 40 + 16 * (8 + 2 * len(s["order"]))


def _panel(d: Drawing, s: dict, x0: float, seat) -> None:
    g = d.group(None, id="panel")
    scenario = SCENARIOS[s["scenario"]]
    y = 22
    d.text(g, x0 + 8, y, f"Scenario {s['scenario']}: {scenario['name']}", 12, bold=True, fit=PANEL - 16)
    y += 18
    d.text(g, x0 + 8, y, f"Round {s['round']} of {scenario['rounds']}", 11)
    y += 16
    d.text(g, x0 + 8, y, f"Liberate: {', '.join(scenario['victory']['liberate'])}", 11, fit=PANEL - 16)
    y += 16
    d.text(g, x0 + 8, y, f"Pool: {s['pool']['money']} money, {s['pool']['rebels']} rebels", 11)
    y += 16
    if s.get("dictator"):
        dic = s["dictator"]
        board = DICTATORS[dic["name"]]
        d.text(g, x0 + 8, y, f"{board['name']}: threat {dic['threat']} (+{dic['tokens']}), "
               f"{'day' if dic['day'] else 'night'}", 11, fit=PANEL - 16)
        y += 8
        for level in board["track"]:
            lx = x0 + 8 + level["level"] * 21
            fill = {"yellow": "#f3d34a", "orange": "#f09a36", "red": "#d9473a"}[level["band"]]
            r = d.rect(g, lx, y, 19, 14, fill=fill, stroke="#000" if level["level"] == dic["threat"] else "#999",
                       stroke_width=3 if level["level"] == dic["threat"] else 1)
            d.title(r, f"level {level['level']}: {level['skulls']} skulls"
                       + (", counterattack" if level["level"] in dic["counter"] else ""))
            d.text(g, lx + 9.5, y + 11, "!" if level["level"] in dic["counter"] else str(level["level"]), 9,
                   anchor="middle")
        y += 30
    for m in s["order"]:
        merc = s["mercs"][m]
        colour = SEAT_COLOURS.get(merc["seat"], "#333")
        state = "dead" if merc["dead"] else ("knocked out" if merc["ko"] else ("done" if merc["done"] else "ready"))
        d.text(g, x0 + 8, y, f"{MERC[m]['name']} ({merc['seat']}{', you' if merc['seat'] == seat else ''}): {state}",
               10, bold=True, fill=colour, fit=PANEL - 16)
        y += 14
        d.text(g, x0 + 8, y, f"S {merc['S']}  F {merc['F']}  W {merc['W']}" + (f"  SW {merc['sw']}" if merc["sw"] else "")
               + (f"  [{', '.join(merc['status'])}]" if merc["status"] else ""), 10)
        y += 18
