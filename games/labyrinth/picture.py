"""The picture of a Labyrinth position: one seat's view drawn as SVG (a pure function of the view).

What the seat may not see is not in its view (view.py), so it cannot be drawn: the other hand
is a number, a face-down plot a "?". From the top: a header line, the schematic world map
(data/layout.json places the boxes), the tracks and the seat's hand. Every country is a group
``id="country-<slug>"`` with ``data-country``, every card ``data-card``, for a page to make
them clickable. Meaning never rests on colour alone: governance, alignment and posture are
letters or words on coloured badges, pieces are shapes with numbers.

A country's box is a function of its view alone (and the US posture for the US): the boxes drawn
last are kept by what they show, and a picture takes a box it has drawn before as it was drawn
(an element is written into each picture that holds it, and is never changed once drawn).
"""

import functools
import json
import marshal
import xml.etree.ElementTree as ET
from importlib import resources

from games.core.svg import Drawing, clip, fit_size, keep, slug, text_width

from . import data as D
from .picture_panels import draw_hand, draw_header, draw_tracks, legend

LAYOUT = json.loads(resources.files("games.labyrinth.data").joinpath("layout.json").read_text("utf-8"))
GRID = LAYOUT["grid"]
WIDTH = LAYOUT["width"]

INK, GREY, LINE = "#1d2733", "#6b7480", "#8a8f98"
US_BLUE, JIHAD_RED = "#1f5fa8", "#b23b30"
# governance: (letter, badge colour, letter colour, box fill)
GOV = {1: ("G", "#1f5fa8", "#fff", "#c9dcf3"), 2: ("F", "#6d9fd6", "#fff", "#e3edf8"),
       3: ("P", "#e39b2f", "#1d2733", "#f8e2c4"), 4: ("IR", "#8e2b22", "#fff", "#eec3bd"),
       None: ("–", "#b9bec6", "#1d2733", "#f4f5f7")}
ALIGN = {"Ally": ("Ally", "#1f5fa8", "#fff"), "Neutral": ("Neutral", "#8d949e", "#fff"),
         "Adversary": ("Adversary", "#b23b30", "#fff")}
POSTURE = {"Hard": ("Hard", "#3c4a5e", "#fff"), "Soft": ("Soft", "#f2c6c0", "#1d2733"),
           None: ("–", "#e4e7eb", "#1d2733")}


def picture(view: dict, seat: str | None) -> str:
    if not view:
        return Drawing(WIDTH, 40, "Labyrinth: no game yet").tostring()
    d = Drawing(WIDTH, 100, f"Labyrinth, {view['scenario_name']}, turn {view['turn']}", class_="labyrinth")
    draw_header(d, view, seat)
    bottom, more = draw_map(d, view)
    y = draw_tracks(d, view, bottom + 10, more)
    y = draw_hand(d, view, seat, y + 10)
    d.resize(y + 8)
    return d.tostring()


# ---------------------------------------------------------------- geometry


@functools.cache
def box(name: str) -> tuple[float, float, float, float]:
    """x, y, width, height of a country's box (the layout's, fixed)."""
    spec = LAYOUT["countries"][name]
    col, row = spec["at"]
    cols, rows = spec.get("span", (1, 1))
    return (GRID["x0"] + col * GRID["dx"], GRID["y0"] + row * GRID["dy"],
            GRID["w"] + (cols - 1) * GRID["dx"], GRID["h"] + (rows - 1) * GRID["dy"])


def point(col: float, row: float) -> tuple[float, float]:
    """The centre of grid cell (col, row); fractions fall between cells."""
    return GRID["x0"] + col * GRID["dx"] + GRID["w"] / 2, GRID["y0"] + row * GRID["dy"] + GRID["h"] / 2


def centre(name: str) -> tuple[float, float]:
    x, y, w, h = box(name)
    return x + w / 2, y + h / 2


def map_bottom() -> float:
    return max(box(n)[1] + box(n)[3] for n in D.NAMES)


def pair(a: str, b: str) -> str:
    """The name of a link, the same whichever end comes first: 'Iran|Iraq'."""
    return "|".join(sorted((a, b)))


FAR = {pair(*key.split("|")): ends for key, ends in LAYOUT["far_links"].items()}


def links() -> list[tuple[str, str]]:
    """Every printed adjacency once (Schengen is drawn as a region, not as lines)."""
    seen = set()
    for name in D.NAMES:
        for other in D.COUNTRIES[name]["adjacent"]:
            seen.add(tuple(sorted((name, other))))
    return sorted(seen)


# ---------------------------------------------------------------- the map


def draw_map(d: Drawing, view: dict) -> tuple[float, list[str]]:
    """The map; returns its bottom and, for the boxes too small for all their notes, the notes
    in full (drawn under the map)."""
    layer = d.group(None, id="map")
    patriot = "Patriot Act" in view["countries"][D.US]["markers"]
    layer.extend(_kept_regions())
    layer.append(_kept_links(patriot, False))
    more = [line for name in D.NAMES if (line := _country(d, layer, name, view))]
    layer.append(_kept_links(patriot, True))
    layer.append(_kept_legend(d.width))
    return map_bottom(), more


def _pads(d, parent, names, pad, **attrs):
    """The boxes grown by `pad`, those side by side in a row drawn as one rectangle."""
    rects = sorted((y - pad, x - pad, w + 2 * pad, h + 2 * pad) for x, y, w, h in map(box, names))
    merged = []
    for y, x, w, h in rects:
        if merged and merged[-1][0] == y and merged[-1][3] == h and x <= merged[-1][1] + merged[-1][2]:
            last = merged[-1]
            merged[-1] = (y, last[1], max(last[2], x + w - last[1]), h)
        else:
            merged.append((y, x, w, h))
    for y, x, w, h in merged:
        d.rect(parent, x, y, w, h, crisp=True, **attrs)


@functools.cache
def _kept_regions() -> tuple[ET.Element, ...]:
    """The regions' groups, the same in every picture."""
    holder = ET.Element("g")
    _regions(_SCRATCH, holder)
    for part in holder:
        keep(part)
    return tuple(holder)


@functools.cache
def _kept_legend(width: float) -> ET.Element:
    """The legend, the same in every picture as wide."""
    holder = ET.Element("g")
    legend(Drawing(width, 1, ""), holder, point(*LAYOUT["legend_at"]), GRID)
    keep(holder[0])
    return holder[0]


@functools.cache
def _kept_links(patriot: bool, far: bool) -> ET.Element:
    """The links (``far``: the far links' tabs), the same in every picture but for the Patriot Act."""
    holder = ET.Element("g")
    (_far_links if far else _links)(_SCRATCH, holder,
                                    {"countries": {D.US: {"markers": ["Patriot Act"] if patriot else []}}})
    keep(holder[0])
    return holder[0]


def _regions(d: Drawing, layer) -> None:
    """Tinted areas behind the boxes. Each box gets a padded rectangle wide enough to touch its
    neighbours', so a region reads as one area; Schengen is drawn stroked and then filled again,
    which leaves only its outer outline."""
    group = d.group(layer, id="regions")
    pad = max(GRID["dx"] - GRID["w"], GRID["dy"] - GRID["h"]) / 2 + 1
    for region in LAYOUT["regions"]:
        _pads(d, group, region["countries"], pad, fill=region["fill"])
    style = LAYOUT["schengen"]
    schengen = d.group(layer, id="schengen", data_region="Schengen")
    _pads(d, schengen, D.SCHENGEN, pad, fill=style["fill"], stroke=style["stroke"], stroke_width=2.5,
          stroke_dasharray="6 3")
    _pads(d, schengen, D.SCHENGEN, pad, fill=style["fill"])
    labels = [(schengen, ["SCHENGEN"], style["label_at"], style["stroke"])] + [
        (group, r.get("label", [r["name"].upper()]), r["label_at"], r.get("ink", "#8c8273"))
        for r in LAYOUT["regions"] if "label_at" in r]
    for parent, lines, at, ink in labels:
        x, y = point(*at)
        for i, line in enumerate(lines):
            d.text(parent, x, y + (i - (len(lines) - 1) / 2) * 13 + 4, line, 10, bold=True, anchor="middle",
                   fill=ink, letter_spacing=1, fit=GRID["dx"] - 4)


def _links(d: Drawing, layer, view: dict) -> None:
    group = d.group(layer, id="links", stroke=LINE, stroke_width=2.5, fill="none", stroke_linecap="round")
    patriot = "Patriot Act" in view["countries"][D.US]["markers"]
    for a, b in links():
        if pair(a, b) in FAR:
            continue
        cut = patriot and D.US in (a, b) and "Canada" not in (a, b)
        style = {"stroke_dasharray": "2 4", "stroke": "#c3c7cd"} if cut else {}
        via = LAYOUT["routes"].get(f"{a}|{b}") or list(reversed(LAYOUT["routes"].get(f"{b}|{a}", [])))
        points = [centre(a)] + [point(*p) for p in via] + [centre(b)]
        d.el(group, "polyline", points=" ".join(f"{x:.0f},{y:.0f}" for x, y in points), data_link=pair(a, b),
             class_="link cut" if cut else "link", **style)


def _far_links(d: Drawing, layer, view: dict) -> None:
    """A link to the far side of the map: a tab under each box naming the other end (dashed
    when the Patriot Act cuts it)."""
    patriot = "Patriot Act" in view["countries"][D.US]["markers"]
    group = d.group(layer, id="far-links")
    for key, ends in FAR.items():
        cut = patriot and D.US in key.split("|")
        for name, text in ends.items():
            x, y, w, h = box(name)
            tab = f"to {text}" + (" (cut)" if cut else "")
            tw = text_width(tab, 8.5, True) + 8
            d.rect(group, x + 6, y + h - 1, tw, 11, rx=2, fill="#fff", stroke=LINE, stroke_width=1,
                   stroke_dasharray="2 2" if cut else None, data_link=key)
            d.text(group, x + 10, y + h + 7.5, tab, 8.5, bold=True, fill=GREY)


COUNTRIES_KEPT = 1024      # country boxes kept, by what they show (some 15 kB each, their text with them)


def _country(d: Drawing, layer, name: str, view: dict) -> str | None:
    """The country's box in the map's layer; its notes in full when they do not fit in it."""
    c = view["countries"][name]
    box_, more = _country_box(name, marshal.dumps(c), view["us_posture"] if name == D.US else None)
    layer.append(box_)
    return more


_SCRATCH = Drawing(1, 1, "")     # builds the kept boxes (a box's elements do not depend on the drawing)


@functools.lru_cache(maxsize=COUNTRIES_KEPT)
def _country_box(name: str, shown: bytes, us_posture: str | None) -> tuple[ET.Element, str | None]:
    """The country's box as drawn from its view (``shown``, marshalled), and its notes in full."""
    holder = ET.Element("g")
    more = _draw_country(_SCRATCH, holder, name, marshal.loads(shown), {"us_posture": us_posture})
    keep(holder[0])
    return holder[0], more


def _draw_country(d: Drawing, layer, name: str, c: dict, view: dict) -> str | None:
    spec = D.COUNTRIES[name]
    x, y, w, h = box(name)
    muslim = spec["muslim"]
    fill = GOV[c["gov"]][3] if muslim else "#ffffff"
    g = d.group(layer, id=f"country-{slug(name)}", class_="country", data_country=name,
                data_label=c.get("label", ""))
    d.title(g, _tooltip(name, c, spec))
    d.rect(g, x, y, w, h, crisp=True, fill=fill, stroke=INK if muslim else "#7d8590", stroke_width=2 if muslim else 1)
    label = LAYOUT["countries"][name].get("label", name)
    d.text(g, x + 4, y + 13.5, label, 11.5, bold=True, fill=INK, fit=w - 8, class_="name")
    _status(d, g, x + 3, y + 19, name, c, view)
    rows = _pieces(d, g, x + 4, y + 37, w - 8, c)
    # bottom right: the printed Resources (dark for an oil exporter) and the Schengen link mark
    chips = [("S", "#dce8f7", "#2d5ea8")] if spec["schengen_link"] else []
    if spec["resources"]:
        chips.append((str(spec["resources"]), "#1d2733" if spec["oil"] else "#fff", "#fff" if spec["oil"] else INK))
    right = x + w - 3
    for text, bg, fg in reversed(chips):
        d.rect(g, right - 12, y + h - 14, 12, 12, rx=6, fill=bg, stroke=INK, stroke_width=0.8)
        d.text(g, right - 6, y + h - 4.5, text, 9, bold=True, anchor="middle", fill=fg)
        right -= 14
    return _notes(d, g, x + 4, y + h - 3, w - 8, right - x - 5, 3 - rows, name, c)


def _badge(d, g, x, y, text, bg, fg, size=11, height=15, pad=4, min_w=15, max_w=None) -> float:
    """A word on a coloured ground; returns where the next one starts. The type shrinks to `max_w`."""
    if max_w is not None:
        size = fit_size(text, size, max_w - 2 * pad, bold=True)
    w = max(min_w, text_width(text, size, True) + 2 * pad)
    d.rect(g, x, y, w, height, rx=3, fill=bg)
    d.text(g, x + w / 2, y + height - 3.8, text, size, bold=True, anchor="middle", fill=fg, fit=w - 2 * pad + 1)
    return x + w + 3


def _status(d, g, x, y, name, c, view) -> None:
    """Governance and alignment (Muslim countries), posture (the others), as letters on colour."""
    right = box(name)[0] + box(name)[2] - 2
    if D.is_muslim(name):
        letter, bg, fg, _ = GOV[c["gov"]]
        x = _badge(d, g, x, y, letter, bg, fg, size=13, height=17)
        if c["align"]:
            text, bg, fg = ALIGN[c["align"]]
            _badge(d, g, x - 1, y + 1.5, text, bg, fg, size=9, height=14, pad=2.5, max_w=right - x + 1)
        return
    letter = GOV[D.fixed_gov(name)][0]
    if name == D.IRAN:
        _badge(d, g, x, y, letter, "#eef0f3", INK, size=12, height=16)
        return
    posture = view["us_posture"] if name == D.US else "Hard" if name == D.ISRAEL else c["posture"]
    word, bg, fg = POSTURE[posture]
    _badge(d, g, x, y, f"{letter} {word}", bg, fg, size=11, height=16, pad=4)


def _pieces(d, g, x, y, width, c) -> int:
    """Troops (blue squares), active cells (filled red circles), sleepers (red rings), cadre
    (a dashed ring), plots (black squares: the value, or "?" face down), each with its number."""
    items = []
    if c["troops"]:
        items.append(("troops", c["troops"]))
    if c["active"]:
        items.append(("active", c["active"]))
    if c["sleeper"]:
        items.append(("sleeper", c["sleeper"]))
    if c["cadre"]:
        items.append(("cadre", None))
    for value in c["plots"]:
        items.append(("plot", value))
    left, limit, rows = x, x + width, 1 if items else 0
    for kind, value in items:
        if x + _piece_width(kind, value) > limit:
            x, y, rows = left, y + 15, rows + 1
        x = _piece(d, g, x, y, kind, value)
    return rows


def _piece_width(kind, value) -> float:
    if kind == "cadre":
        return 11
    if kind == "plot":
        return 14
    return 12 + text_width(str(value), 14, True)


def _piece(d, g, x, y, kind, value) -> float:
    cy = y + 7
    if kind == "troops":
        d.rect(g, x, cy - 5, 10, 10, rx=1.5, fill=US_BLUE, class_="troops")
    elif kind == "active":
        d.el(g, "circle", cx=x + 5, cy=cy, r=5.2, fill=JIHAD_RED, class_="active")
    elif kind == "sleeper":
        d.el(g, "circle", cx=x + 5, cy=cy, r=4.4, fill="#fff", stroke=JIHAD_RED, stroke_width=1.8, class_="sleeper")
    elif kind == "cadre":
        d.el(g, "circle", cx=x + 5, cy=cy, r=4.4, fill="none", stroke=JIHAD_RED, stroke_width=1.4,
             stroke_dasharray="2 1.5", class_="cadre")
        return x + 14
    elif kind == "plot":
        text = "?" if value == "?" else "W" if value == "WMD" else str(value)
        d.rect(g, x, cy - 7, 14, 14, rx=2, fill="#111", class_="plot", data_plot=str(value))
        d.text(g, x + 7, cy + 4.5, text, 11, bold=True, anchor="middle", fill="#fff")
        return x + 17
    d.text(g, x + 12, cy + 5.5, str(value), 14, bold=True, fill=INK)
    return x + 12 + text_width(str(value), 14, True) + 4


def _notes(d, g, x, baseline, width, last_width, lines, name, c) -> str | None:
    """Aid, Besieged Regime, Regime Change and the markers, whole, on the lines the pieces left
    free (the last one at `baseline`, narrower beside the chips). What does not fit is counted
    ("+2") and the returned line lists everything for under the map."""
    parts = [f"Aid {c['aid']}"] if c["aid"] else []
    parts += ["Besieged"] if c["besieged"] else []
    parts += [f"RC ({c['rc']})"] if c["rc"] else []
    parts += c["markers"]
    if not parts:
        return None
    rows, whole = fit_parts(parts, [width] * (lines - 1) + [last_width] if lines > 0 else [])
    for i, line in enumerate(rows):
        parent = g
        if "…" in line:            # a part cut short: its whole words as the line's title (another language says those)
            cut = line.split("…")[0]
            full = next((p for p in parts if p.startswith(cut)), cut)
            parent = d.group(g, data_wrap=float(width))
            d.title(parent, line.replace(cut + "…", full, 1))
        d.text(parent, x, baseline - (len(rows) - 1 - i) * 10, line, 8.5, bold=True, fill="#5b3f8c", class_="notes")
    return None if whole else f"{name}: {', '.join(parts)}"


def fit_parts(parts: list[str], widths: list[float], size: float = 8.5) -> tuple[list[str], bool]:
    """Parts joined by " · " into lines of the given widths, whole where they fit; a part too
    long for a line of its own is cut with "…", and the last line ends with "+n" for the parts
    left out. Returns the lines and whether they show everything."""
    rows, shown, whole = [], 0, True
    for i, width in enumerate(widths):
        line = ""
        while shown < len(parts):
            trial = f"{line} · {parts[shown]}" if line else parts[shown]
            if text_width(trial, size, True) > width:
                break
            line, shown = trial, shown + 1
        if not line and shown < len(parts):  # one part longer than the line
            last = i == len(widths) - 1 and shown + 1 < len(parts)
            room = width - (text_width(f" +{len(parts) - shown - 1}", size, True) if last else 0)
            line, shown, whole = clip(parts[shown], size, room, bold=True), shown + 1, False
        rows.append(line)
    while rows and shown < len(parts):
        tail = f" +{len(parts) - shown}"
        if text_width(rows[-1] + tail, size, True) <= widths[len(rows) - 1] or " · " not in rows[-1]:
            rows[-1] += tail
            break
        rows[-1], shown = rows[-1].rsplit(" · ", 1)[0], shown - 1
    return [r for r in rows if r], whole and shown == len(parts)


def _tooltip(name, c, spec) -> str:
    words = [f"{name}: {c.get('label', '')}"]
    if spec["resources"]:
        words.append(f"Resources {spec['resources']}{' (oil)' if spec['oil'] else ''}")
    for key, word in (("troops", "troops"), ("active", "active cells"), ("sleeper", "sleeper cells"), ("aid", "Aid")):
        if c[key]:
            words.append(f"{c[key]} {word}")
    if c["cadre"]:
        words.append("cadre")
    if c["besieged"]:
        words.append("Besieged Regime")
    if c["rc"]:
        words.append(f"Regime Change ({c['rc']})")
    if c["plots"]:
        words.append("plots " + ", ".join(str(p) for p in c["plots"]))
    words += c["markers"]
    return "; ".join(words)
