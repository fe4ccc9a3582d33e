"""The picture of a CLASH position: a seat's view drawn as SVG (a pure function of the view).

The 3x3 board with Jihad's side on top (north) and McWorld's at the bottom (south), as the
players sit. A face-up tile shows its name, the arrow of its tip, the side it supports (colour
and an icon: McWorld's arches, Jihad's crescent), what it does and the fields it reaches; a
destroyed tile lies face down in grey; a field marked by Picket or Riots is hatched, one
marked by the UN carries a shield. Then the score, the zones, the neutral zone and the removed
pile. Every field is a group ``id="field-b2"`` with ``data-field="B2"``, every tile
``data-tile``, for a page to make them clickable. The base game is open information (spec
12.1): both seats see the same board.
"""

from games.core.svg import Drawing, text_width, wrap

from . import board as B
from .tiles import TILES

WIDTH = 640
INK, GREY, PANEL = "#1d2733", "#6b7480", "#f4f5f7"
SIDE = {"mcworld": {"name": "McWorld", "colour": "#1f5fa8", "tint": "#dde9f7"},
        "jihad": {"name": "Jihad", "colour": "#1e7b3c", "tint": "#dcf0e1"}}
FACTION_TINT = {"mcworld": "#dde9f7", "jihad": "#dcf0e1", "neutral": "#eceff3", "start": "#f3ead2"}
# what a tile does, in the few words a tile has room for (spec 8.1); "marked": the fields of its pattern
EFFECT_WORDS = {
    "destroy": "Destroy 1 marked", "missile": "Destroy 1 with Security", "flip_one": "Flip 1 marked",
    "flip_ray": "Flip a whole line", "flip_colour": "Flip white or black", "flip_all": "Flip all marked",
    "discard": "Discard 1 marked", "repeat": "Repeat 1 marked", "agent": "Their zone → pile",
    "hacker": "Pile → your zone", "crisis": "Your tile → your zone", "bribe": "Move a tile",
    "elections": "Draw a neutral", "security": "Security", "stabilize": "Security to marked",
    "block": "Blocks marked fields", "kaboom": "Lose if it backs you", "protect": "Security on top",
    "none": "",
}
CELL, GAP = 150, 8


def picture(view: dict, seat: str | None) -> str:
    if not view:
        return Drawing(WIDTH, 40, "CLASH: no game yet").tostring()
    d = Drawing(WIDTH, 100, f"CLASH, game {view['game']}", class_="clash")
    _header(d, view, seat)
    y = _score(d, view, 52)
    y = _board(d, view, y + 6)
    y = _zones(d, view, y + 10)
    d.resize(y + 8)
    return d.tostring()


# ---------------------------------------------------------------- header and score


def _header(d: Drawing, view: dict, seat) -> None:
    g = d.group(None, id="header")
    d.rect(g, 0, 0, d.width, 44, crisp=True, fill=INK)
    match = {"best_of_3": "best of 3", "single": "single game", "points": "points"}.get(view["options"].get("match"), "")
    d.text(g, 10, 19, f"CLASH · Game {view['game']} ({match}) · placement {view['placements'] + 1}", 15,
           bold=True, fill="#fff", fit=d.width - 20)
    who = f"You play {SIDE[seat]['name']}" if seat in SIDE else "Observer's view"
    if view.get("result"):
        status = f"Match over: {view['result'].get('text', '')}"
    elif view.get("waiting_for") in SIDE:
        status = "your move" if view["waiting_for"] == seat else f"waiting for {SIDE[view['waiting_for']]['name']}"
    else:
        status = ""
    d.text(g, 10, 37, f"{who} · {status}".strip(" ·"), 11.5, fill="#d7dde6", fit=d.width - 20)


def _score(d: Drawing, view: dict, y: float) -> float:
    """Support on the board now (big), and games won or points in the match."""
    g = d.group(None, id="score")
    won = "points" if view["options"].get("match") == "points" else "wins"
    half = (d.width - 30) // 2
    for i, seat in enumerate(("mcworld", "jihad")):
        x = 10 + i * (half + 10)
        side = SIDE[seat]
        s = d.group(g, id=f"score-{seat}", data_seat=seat)
        d.rect(s, x, y, half, 46, crisp=True, fill=side["tint"], stroke=side["colour"], stroke_width=1.5)
        _icon(d, s, seat, x + 22, y + 23, 13)
        d.text(s, x + 42, y + 20, f"{side['name']}: support {view['support'][seat]}", 15, bold=True,
               fill=side["colour"], fit=half - 50)
        games_word = f"{view[won][seat]} {'point' if won == 'points' else 'game'}{'s' if view[won][seat] != 1 else ''}"
        d.text(s, x + 42, y + 38, f"{games_word} won · {len(view['zones'][seat])} tiles in hand", 10.5, fill=INK,
               fit=half - 50)
    return y + 46


# ---------------------------------------------------------------- board


def _board(d: Drawing, view: dict, y: float) -> float:
    size = 3 * CELL + 2 * GAP
    x0 = (d.width - size) // 2 + 8
    g = d.group(None, id="board")
    _side_label(d, g, "jihad", x0, y, size, "north")
    y += 22
    d.rect(g, x0 - 6, y - 6, size + 12, size + 12, crisp=True, fill="#d9dde3")
    for r, row in enumerate(view["rows"]):
        d.text(g, x0 - 16, y + r * (CELL + GAP) + CELL / 2 + 6, row[0][1], 16, bold=True, anchor="middle", fill=GREY)
        for c, field in enumerate(row):
            _field(d, g, view, field, x0 + c * (CELL + GAP), y + r * (CELL + GAP))
    for c, letter in enumerate("ABC"):
        d.text(g, x0 + c * (CELL + GAP) + CELL / 2, y + size + 20, letter, 16, bold=True, anchor="middle", fill=GREY)
    y += size + 28
    _side_label(d, g, "mcworld", x0, y, size, "south")
    return y + 22


def _side_label(d, g, seat, x, y, width, where) -> None:
    side = SIDE[seat]
    d.rect(g, x, y, width, 18, crisp=True, fill=side["colour"])
    _icon(d, g, seat, x + 12, y + 9, 6.5, fill="#fff")
    d.text(g, x + 24, y + 13.5, f"{side['name']} sits {where}: tiles pointing {'down' if seat == 'jihad' else 'up'} "
           f"support {side['name']}", 10.5, bold=True, fill="#fff")


def _field(d: Drawing, g, view, field, x, y) -> None:
    cell = view["board"][field]
    f = d.group(g, id=f"field-{field.lower()}", class_="field", data_field=field,
                data_state=_state(cell))
    d.title(f, _tooltip(field, cell))
    d.rect(f, x, y, CELL, CELL, crisp=True, fill="#fff")
    if cell.get("blocked"):
        for k in range(0, 2 * CELL, 14):  # hatching: the field is marked by Picket or Riots
            x1, y1 = x + max(0, k - CELL), y + min(k, CELL)
            x2, y2 = x + min(k, CELL), y + max(0, k - CELL)
            d.el(f, "line", x1=x1, y1=y1, x2=x2, y2=y2, stroke="#e0b8b8", stroke_width=2)
    d.text(f, x + 6, y + 15, field, 11, bold=True, fill=GREY)
    if "tile" in cell:
        if cell["face"] == "down":
            _face_down(d, f, cell, x, y)
        else:
            _face_up(d, f, cell, x, y)
    else:
        note = ("blocked: a tile here loses its effect" if cell.get("blocked")
                else "empty: a tile here has Security (UN)" if cell.get("stabilized") else "empty")
        for i, line in enumerate(wrap(note, 11, CELL - 24, 3)):
            d.text(f, x + CELL / 2, y + CELL / 2 + i * 14, line, 11, anchor="middle", fill=GREY, fit=CELL - 16)
    if cell.get("stabilized"):
        _shield(d, f, x + CELL - 24, y + 6, "UN")
    step = view.get("step") or {}
    if step.get("field") is not None and B.field_name(step["field"]) == field and step.get("tile"):
        d.rect(f, x + 3, y + 3, CELL - 6, CELL - 6, fill="none", stroke="#e39b2f", stroke_width=3,
               stroke_dasharray="8 4", class_="pending")
        d.text(f, x + CELL / 2, y + CELL - 10, f"placing {TILES[step['tile']]['name']}", 11, bold=True,
               anchor="middle", fill="#a8661a", fit=CELL - 10)


def _state(cell) -> str:
    if "tile" not in cell:
        return "blocked" if cell.get("blocked") else "empty"
    return "down" if cell["face"] == "down" else f"up-{cell['supports']}"


def _face_up(d: Drawing, f, cell, x, y) -> None:
    seat = cell["supports"]
    side = SIDE[seat]
    d.rect(f, x + 8, y + 20, CELL - 16, CELL - 28, rx=8, fill=side["tint"], stroke=side["colour"], stroke_width=3,
           class_="tile", data_tile=cell["tile"], data_supports=seat)
    _arrow(d, f, x + 22, y + 34, cell["facing"], side["colour"])
    _icon(d, f, seat, x + CELL - 26, y + 36, 11)
    d.text(f, x + CELL / 2, y + 72, cell["name"], 15, bold=True, anchor="middle", fill=INK, fit=CELL - 24)
    d.text(f, x + CELL / 2, y + 88, f"supports {side['name']}", 10.5, anchor="middle", fill=side["colour"], bold=True,
           fit=CELL - 24)
    words = EFFECT_WORDS.get(cell["effect"], cell["effect"])
    if words:
        left = x + (36 if cell.get("security") else 14)
        d.text(f, left, y + CELL - 14, words, 9.5, fill=INK, fit=x + CELL - 46 - left)
    _reach(d, f, cell, x + CELL - 40, y + CELL - 40)
    if cell.get("covered_by"):
        d.text(f, x + CELL / 2, y + 104, f"+ {TILES[cell['covered_by']]['name']} on top", 10, bold=True,
               anchor="middle", fill="#7a5b00", fit=CELL - 24)
    if cell.get("security"):
        _shield(d, f, x + 13, y + 112, "Sec")


def _face_down(d: Drawing, f, cell, x, y) -> None:
    d.rect(f, x + 8, y + 20, CELL - 16, CELL - 28, rx=8, fill="#5d636b", stroke="#3b4047", stroke_width=2,
           class_="tile down", data_tile=cell["tile"])
    d.text(f, x + CELL / 2, y + 56, "FACE DOWN", 12, bold=True, anchor="middle", fill="#fff", fit=CELL - 24)
    d.text(f, x + CELL / 2, y + 78, cell["name"], 13, anchor="middle", fill="#d7dde6", fit=CELL - 24)
    who = SIDE.get(cell.get("destroyed_by"), {}).get("name", "?")
    d.text(f, x + CELL / 2, y + 98, f"destroyed by {who}", 10, anchor="middle", fill="#d7dde6", fit=CELL - 24)
    d.text(f, x + CELL / 2, y + 112, "removed after the", 9, anchor="middle", fill="#c2c8d0", fit=CELL - 24)
    other = SIDE[B.other(cell["destroyed_by"])]["name"] if cell.get("destroyed_by") in SIDE else "other"
    d.text(f, x + CELL / 2, y + 123, f"next {other} move", 9, anchor="middle", fill="#c2c8d0", fit=CELL - 24)


def _arrow(d, f, x, y, facing, colour) -> None:
    """The tile's tip: up for a tile supporting McWorld, down for Jihad."""
    up = facing == "north"
    tip, base = (y - 10, y + 10) if up else (y + 10, y - 10)
    d.el(f, "path", d=f"M{x},{tip} L{x + 10},{base} L{x + 4},{base} L{x + 4},{base + (6 if up else -6)} "
         f"L{x - 4},{base + (6 if up else -6)} L{x - 4},{base} L{x - 10},{base} Z", fill=colour, class_="arrow",
         data_facing=facing)


def _icon(d, g, seat, cx, cy, r, fill=None) -> None:
    """McWorld: arches; Jihad: a crescent (the shapes differ, not just the colours: blue and green,
    as on the tiles, spec 8.1). r: half the width."""
    colour = fill or SIDE[seat]["colour"]
    if seat == "mcworld":
        top, foot, mid = cy - r, cy + 0.8 * r, cy + 0.2 * r
        d.el(g, "path", d=f"M{cx - r:.1f},{foot:.1f} C{cx - r:.1f},{top:.1f} {cx:.1f},{top:.1f} {cx:.1f},{mid:.1f} "
             f"C{cx:.1f},{top:.1f} {cx + r:.1f},{top:.1f} {cx + r:.1f},{foot:.1f}",
             fill="none", stroke=colour, stroke_width=max(1.6, r / 4), class_="icon-mcworld")
    else:
        # the outer circle (centre cx) less an inner one shifted right by 0.6 r: they cross at x = cx + 0.3 r
        x, dy = cx + 0.3 * r, 0.954 * r
        d.el(g, "path", d=f"M{x:.1f},{cy - dy:.1f} A{r:.1f},{r:.1f} 0 1 0 {x:.1f},{cy + dy:.1f} "
             f"A{r:.1f},{r:.1f} 0 0 1 {x:.1f},{cy - dy:.1f} Z", fill=colour, class_="icon-jihad")


def _shield(d, f, x, y, text) -> None:
    d.el(f, "path", d=f"M{x},{y} h18 v9 q0,9 -9,13 q-9,-4 -9,-13 z", fill="#2d5ea8")
    d.text(f, x + 9, y + 12, text, 8, bold=True, anchor="middle", fill="#fff", class_="shield")


def _reach(d, f, cell, x, y) -> None:
    """A 3x3 miniature of the fields the tile marks, as it lies on the board (its centre black)."""
    tile = TILES[cell["tile"]]
    offsets = tile.get("reach") or tile.get("directions") or ()
    marked = {B.delta(o, cell["supports"]) for o in offsets}
    dots = {}
    for colour, offs in (tile.get("colours") or {}).items():
        for o in offs:
            dots[B.delta(o, cell["supports"])] = colour
    if not marked and not dots:
        return
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            cx, cy = x + (dc + 1) * 9 + 4, y + (dr + 1) * 9 + 4
            if (dr, dc) == (0, 0):
                d.rect(f, cx - 3.5, cy - 3.5, 7, 7, fill=INK)
            elif (dr, dc) in dots:
                d.el(f, "circle", cx=cx, cy=cy, r=3.5, fill="#fff" if dots[(dr, dc)] == "white" else INK,
                     stroke=INK, stroke_width=1)
            else:
                d.el(f, "circle", cx=cx, cy=cy, r=3.5 if (dr, dc) in marked else 1.5,
                     fill=SIDE[cell["supports"]]["colour"] if (dr, dc) in marked else "#b9bec6")


def _tooltip(field, cell) -> str:
    if "tile" not in cell:
        return f"{field}: " + ("blocked" if cell.get("blocked") else "empty")
    if cell["face"] == "down":
        return f"{field}: {cell['name']}, face down (destroyed)"
    extra = [w for k, w in (("security", "Security"), ("stabilized", "UN"), ("covered_by", "under a Nobel Prize"))
             if cell.get(k)]
    return f"{field}: {cell['name']}, supports {SIDE[cell['supports']]['name']}" + "".join(f", {w}" for w in extra)


# ---------------------------------------------------------------- zones


def _zones(d: Drawing, view: dict, y: float) -> float:
    g = d.group(None, id="zones")
    rows = [("zone-mcworld", "McWorld's zone", view["zones"]["mcworld"]),
            ("zone-jihad", "Jihad's zone", view["zones"]["jihad"]),
            ("zone-neutral", "Neutral zone", view["neutral"]),
            ("removed-pile", "Removed pile", view["removed_pile"])]
    if view.get("beside_board"):
        rows.append(("beside-board", "Beside the board", view["beside_board"]))
    for key, label, tiles in rows:
        z = d.group(g, id=key)
        d.text(z, 10, y + 16, label, 11.5, bold=True, fill=INK, fit=115)
        x = 130
        if not tiles:
            d.text(z, x, y + 16, "empty", 11, fill=GREY)
        for tile in tiles:
            w = text_width(tile["name"], 11, True) + 14
            if x + w > d.width - 10:
                x, y = 130, y + 28
            faction = TILES[tile["id"]]["side"]
            t = d.group(z, class_="tile-chip", data_tile=tile["id"])
            d.rect(t, x, y, w, 23, rx=4, fill=FACTION_TINT.get(faction, "#eee"), stroke="#9aa1ab")
            d.text(t, x + 7, y + 16, tile["name"], 11, bold=True, fill=INK, fit=w - 12)
            x += w + 6
        y += 30
    unused = len(view.get("unused_neutrals") or [])
    d.text(g, 10, y + 12, f"Unused neutral tiles: {unused} (drawn at random). Tile colours: the side that owns it "
           "(blue McWorld, green Jihad, grey neutral).", 9.5, fill=GREY, fit=d.width - 20)
    return y + 18
