"""The picture of a La Famiglia position: a seat's view drawn as SVG (a pure function of the view).

The map of Sicily as hexes (each area at its ``hex`` place in data/map.json, tinted by
mandamento, a disc in the colour of the family that holds it with its soldati, labs, cars and
order tokens: face down unless the seat's team may see them), the seas around it with their
motorboats, the control markers; then the two action sheets with their markers, and a line per
family. Every area is a group with ``data-area``, every sheet field ``data-field``, every sea
``data-sea``; areas and seas also carry ``data-country``, the attribute the seat page clicks for a
place (so a field, an area or a sea on the picture answers a question that asks for one).

An area's hex and a sheet's field are functions of what they show (and the families the seats
play, for the colours): the ones drawn last are kept by that, and a picture takes one it has drawn
before as it was drawn (an element is written into each picture that holds it, never changed).
"""

import functools
import marshal
import math
import xml.etree.ElementTree as ET

from games.core.svg import Drawing, keep

from . import data as D

INK, GREY, PANEL, SEA = "#1d2733", "#6b7480", "#f4f5f7", "#dcebf7"
R = 34                                     # hex radius
DX, DY = R * math.sqrt(3) / 2, R * 1.5     # per doubled-x unit, per row
LEFT, TOP = 128, 104
WIDTH = 840
TINTS = ["#f3e6c8", "#e4efd6", "#f1dcdc", "#dde6f3", "#efe0f0", "#f6ecd2", "#d9efec", "#ece6d9", "#f2e2d2",
         "#e0e8d8", "#e6dff2", "#f0f0d8"]
NEUTRAL_COLOUR = "#9aa0a6"


def colour(view, who):
    if who == "neutral":
        return NEUTRAL_COLOUR
    fam = view["seats"].get(who, {}).get("family") if who else None
    return D.family(fam)["colour"] if fam else "#cccccc"


def family_name(view, who):
    if who == "neutral":
        return "Neutral"
    fam = view["seats"].get(who, {}).get("family")
    return D.family(fam)["name"] if fam else who


def centre(area):
    x, row = D.AREA[area]["hex"]
    return LEFT + x * DX, TOP + row * DY


def hexagon(cx, cy, r=R - 1):
    """A hexagon's points (an area's, at its centre, worked out once: _HEXAGONS)."""
    points = _HEXAGONS.get((cx, cy)) if r == R - 1 else None
    return points if points is not None else _hexagon(cx, cy, r)


def _hexagon(cx, cy, r):
    pts = [(cx + r * math.cos(math.radians(60 * i - 30)), cy + r * math.sin(math.radians(60 * i - 30))) for i in range(6)]
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)


_HEXAGONS = {centre(a): _hexagon(*centre(a), R - 1) for a in D.AREAS}      # the board's, fixed


def picture(view, seat):
    if not view:
        return Drawing(WIDTH, 40, "La Famiglia: no game yet").tostring()
    d = Drawing(WIDTH, 100, f"La Famiglia, round {view['round']}", class_="lafamiglia")
    _header(d, view, seat)
    _seas(d, view)
    _map(d, view)
    y = _sheets(d, view, TOP + 5 * DY + R + 40)
    y = _families(d, view, y + 8)
    d.resize(y + 8)
    return d.tostring()


def _header(d, view, seat):
    g = d.group(None, id="header")
    d.rect(g, 0, 0, d.width, 40, crisp=True, fill=INK)
    phase = view["phase"]
    who = f"You play {family_name(view, seat)} ({view['team']} team)" if seat in view["seats"] else "Observer's view"
    status = view["result"]["text"] if view.get("result") else f"Round {view['round']} of 4, {phase} phase"
    d.text(g, 10, 17, f"La Famiglia · {status}", 14, bold=True, fill="#fff", fit=d.width - 20)
    d.text(g, 10, 33, f"{who} · first player {family_name(view, view['first'])}", 11, fill="#dfe6ee", fit=d.width - 20)


KEPT = 1024        # areas kept, fields and seas, by what they show (some 5 kB each, their text with them)
_SCRATCH = Drawing(1, 1, "")     # builds the kept parts (a part's elements do not depend on the drawing)


def _families_of(view) -> bytes:
    """The family each seat plays (what the colours are drawn from), marshalled."""
    return marshal.dumps({seat: info.get("family") for seat, info in view["seats"].items()})


def _colours(families: bytes) -> dict:
    """A view holding no more than the families the seats play, for ``colour``."""
    return {"seats": {seat: {"family": family} for seat, family in marshal.loads(families).items()}}


def _seas(d, view):
    g = d.group(None, id="seas")
    families = _families_of(view)
    for sea in _sea_labels():
        g.append(_sea(sea, marshal.dumps(view["seas"][sea]), families))


@functools.lru_cache(maxsize=KEPT)
def _sea(sea: str, boats: bytes, families: bytes) -> ET.Element:
    """A sea's label and its motorboats (``boats``: their seats, marshalled)."""
    d, view = _SCRATCH, _colours(families)
    holder = ET.Element("g")
    x, y = _sea_labels()[sea]
    sg = d.group(holder, class_="sea", data_sea=sea, data_country=sea)
    d.rect(sg, x - 52, y - 13, 104, 26, rx=6, fill=SEA, stroke="#9cc3e4")
    d.text(sg, x, y - 2, sea.replace("Mare di ", "M. ").replace("Mare ", "M. "), 9, anchor="middle", fill=INK, fit=98)
    for i, who in enumerate(marshal.loads(boats)):
        d.el(sg, "path", d=_boat(x - 20 + i * 14, y + 8), fill=colour(view, who), stroke=INK, stroke_width=0.6,
             class_="boat", data_owner=who)
    keep(sg)
    return sg


def _sea_labels() -> dict:
    """Where each sea's label stands (the same on every picture: worked out once, at import)."""
    return _SEA_LABELS


def _place_sea_labels() -> dict:
    mid_x = sum(centre(a)[0] for a in D.AREAS) / len(D.AREAS)
    mid_y = sum(centre(a)[1] for a in D.AREAS) / len(D.AREAS)
    out = {}
    for sea in D.SEAS:
        pts = [centre(a) for a in D.SEA_COAST[sea]]
        x = sum(p[0] for p in pts) / len(pts)
        y = sum(p[1] for p in pts) / len(pts)
        out[sea] = _clear(x, y, x - mid_x, y - mid_y)
    return out


def _clear(x, y, dx, dy):
    """Push a sea's label outward from the island until it covers no area."""
    norm = math.hypot(dx, dy) or 1
    dx, dy = dx / norm, dy / norm
    for _ in range(60):
        if all(abs(x - cx) > 52 + DX or abs(y - cy) > 13 + R for cx, cy in map(centre, D.AREAS)):
            break
        x, y = x + dx * 6, y + dy * 6
    return min(max(x, 56), WIDTH - 56), min(max(y, 56), TOP + 5 * DY + R + 20)


_SEA_LABELS = _place_sea_labels()        # fixed by the board: not a part kept by what it shows


def _boat(x, y):
    return f"M{x - 6:.1f},{y - 2:.1f} L{x + 6:.1f},{y - 2:.1f} L{x + 3:.1f},{y + 3:.1f} L{x - 3:.1f},{y + 3:.1f} Z"


@functools.lru_cache(maxsize=KEPT)
def _area_hex(area: str, shown: bytes, families: bytes) -> ET.Element:
    holder = ET.Element("g")
    _area(_SCRATCH, holder, area, marshal.loads(shown), _colours(families))
    keep(holder[0])
    return holder[0]


TINT = {m: TINTS[i % len(TINTS)] for i, m in enumerate(D.MANDAMENTI)}


def _map(d, view):
    g = d.group(None, id="map")
    families = _families_of(view)
    for area in D.AREAS:
        g.append(_area_hex(area, marshal.dumps(view["areas"][area]), families))
    for m in D.MANDAMENTI:
        holder = view["control"].get(m)
        if holder:
            a, b = next((a, b) for a in D.M_AREAS[m] for b in D.M_AREAS[m] if b in D.ADJ[a])
            (ax, ay), (bx, by) = centre(a), centre(b)
            cx, cy = (ax + bx) / 2, (ay + by) / 2
            d.el(g, "rect", x=cx - 4, y=cy - 4, width=8, height=8, transform=f"rotate(45 {cx:.1f} {cy:.1f})",
                 fill=colour(view, holder), stroke=INK, class_="control", data_mandamento=m)


def _area(d, g, area, a, view):
    """An area's hex: its mandamento's tint, its name, who holds it with how many, its labs, cars and order tokens."""
    cx, cy = centre(area)
    ag = d.group(g, class_="area", data_area=area, data_country=area, data_owner=a["owner"] or "empty")
    d.el(ag, "polygon", points=hexagon(cx, cy), fill=TINT[a["mandamento"]], stroke="#8a8170", stroke_width=1)
    d.title(ag, f"{area} ({a['mandamento']})")
    d.text(ag, cx, cy - 16, area, 8.5, anchor="middle", fill=INK, fit=2 * DX - 6)
    if a["owner"]:
        d.el(ag, "circle", cx=cx, cy=cy + 1, r=9, fill=colour(view, a["owner"]), stroke=INK, stroke_width=0.8)
        ink = INK if a["owner"] in view["seats"] and view["seats"][a["owner"]].get("family") in ("white", "yellow") else "#fff"
        d.text(ag, cx, cy + 5, str(a["n"]), 10, bold=True, anchor="middle", fill=ink, class_="soldati")
    if a["attackers"]:
        att = a["attackers"]
        d.el(ag, "circle", cx=cx + 13, cy=cy - 4, r=6, fill=colour(view, att["seat"]), stroke="#c00", stroke_width=1.2)
        d.text(ag, cx + 13, cy - 1, str(att["n"]), 7, anchor="middle", fill="#fff", class_="attackers")
    for i in range(a["labs"]):
        d.rect(ag, cx - 17 + i * 7, cy + 12, 5, 5, fill="#7b3fa0", class_="lab")
    for i in range(a["cars"]):
        d.rect(ag, cx + 4 + i * 7, cy + 12, 6, 4, fill=colour(view, a["owner"]), stroke=INK, stroke_width=0.5,
               class_="car")
    for i, t in enumerate(a["tokens"]):
        tx, ty = cx - 16, cy - 5 + i * 9
        d.el(ag, "circle", cx=tx, cy=ty, r=4, fill="#fff" if t["face"] == "up" else "#444", stroke=colour(view, t["seat"]),
             stroke_width=1.5, class_="token", data_face=t["face"])
        if t["id"]:
            d.title(ag, f"{area}: {t['words']}")


def _sheets(d, view, y):
    g = d.group(None, id="sheets")
    families = _families_of(view)
    sheets = view["sheets"]
    x0 = 10
    for label, n in (("Upper", sheets["upper"]), ("Lower", sheets["lower"])):
        if n not in D.SHEET_FIELDS:
            continue
        w = (WIDTH - 30) / 2
        d.rect(g, x0, y, w, 132, fill=PANEL, stroke="#ccd2d8")
        d.text(g, x0 + 6, y + 13, f"{label} sheet {n}", 11, bold=True, fill=INK)
        colw = (w - 12) / 6
        for ci, c in enumerate(D.COLUMN_LETTERS):
            cx = x0 + 6 + ci * colw
            cost = f" −{sheets['costs'][c]}" if label == "Upper" and sheets["costs"][c] else ""
            d.text(g, cx + 2, y + 26, f"{c}: {D.COLUMNS[c].replace('_', ' ')[:9]}{cost}", 7.5, fill=GREY, fit=colw - 4)
            fields = [f for f in D.SHEET_FIELDS[n] if D.FIELD[f]["column"] == c]
            for fi, f in enumerate(fields):
                g.append(_sheet_field(cx, y + 32 + fi * 32, colw, n, f,
                                      marshal.dumps(view["sheets"]["fields"].get(f, [])),
                                      marshal.dumps([x for x, info in view["seats"].items() if info.get("ua") == f]),
                                      families))
        x0 += w + 10
    return y + 136


@functools.lru_cache(maxsize=KEPT)
def _sheet_field(cx: float, fy: float, colw: float, n, f: str, markers: bytes, ua: bytes, families: bytes) -> ET.Element:
    """A sheet's field at (cx, fy): its name and actions, the markers on it (``markers``: their
    seats, marshalled) and the seats' UA there (``ua``)."""
    d, view = _SCRATCH, _colours(families)
    holder = ET.Element("g")
    spec = D.FIELD[f]
    fg = d.group(holder, class_="field", data_field=f)
    d.rect(fg, cx, fy, colw - 4, 29, rx=3, fill="#fff" if not spec.get("large") else "#fdf6e3",
           stroke="#9aa3ad", stroke_dasharray="3,2" if spec.get("grey") else None)
    d.text(fg, cx + 3, fy + 10, f, 8, bold=True, fill=INK)
    words = "+".join(p["act"][:5] for p in spec.get("parts", [])) if n else ("grey" if spec.get("grey") else "")
    money = spec.get("money", 0)
    d.text(fg, cx + 3, fy + 20, words + (f" {money:+d}L" if money else ""), 6.5, fill=GREY, fit=colw - 10)
    for mi, who in enumerate(marshal.loads(markers)):
        d.el(fg, "circle", cx=cx + colw - 11 - (mi % 5) * 7, cy=fy + 8 + (mi // 5) * 7, r=3,
             fill=colour(view, who), stroke=INK, stroke_width=0.5, class_="marker", data_owner=who)
    for x in marshal.loads(ua):
        d.text(fg, cx + colw - 14, fy + 26, "UA", 7, bold=True, fill=colour(view, x))
    keep(fg)
    return fg


def _families(d, view, y):
    g = d.group(None, id="families")
    for x in view["order"]:
        info = view["seats"][x]
        money = "?" if info["money"] is None else f"{info['money']} L"
        hq = "?" if info["hq"] is None else str(info["hq"])
        tokens = "?" if info["tokens"] is None else str(len(info["tokens"]))
        values = info.get("values", {})
        line = (f"{family_name(view, x)} ({x}, {info['team']}): money {money}, HQ {hq} soldati, {tokens} orders; "
                f"pool {info['pool']['soldati']} soldati; mandamenti {info['mandamenti']}; recruit {values.get('recruit')}, "
                f"place {values.get('place')}, car {values.get('car_attack')}/{values.get('car_bomb')}"
                + ("; Primo Giocatore" if view["primo"] == x else ""))
        d.rect(g, 10, y, 10, 10, fill=colour(view, x), stroke=INK, stroke_width=0.5)
        d.text(g, 26, y + 9, line, 9.5, fill=INK, fit=WIDTH - 36, class_="family", data_seat=x)
        y += 15
    tiles = [f"{D.TILE[k]['name']}: " + ", ".join(family_name(view, view['tiles'][t][k]) for t in view["teams"]
                                                   if view["tiles"][t].get(k)) for k in view["tiles"]["drawn"]]
    d.text(g, 10, y + 9, "Tiles: " + "; ".join(t.rstrip(": ") for t in tiles), 8.5, fill=GREY, fit=WIDTH - 20)
    return y + 16
