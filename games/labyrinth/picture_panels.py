"""The parts of the Labyrinth picture around the map: the header, the legend, the tracks and the
hand. Each draws into a Drawing from a seat's view only (see picture.py)."""

import functools
import xml.etree.ElementTree as ET

from games.core.svg import Drawing, keep, text_width, wrap

from . import data as D

INK, GREY, PANEL = "#1d2733", "#6b7480", "#f4f5f7"
US_BLUE, JIHAD_RED, UNASSOCIATED = "#1f5fa8", "#b23b30", "#6b7480"
SIDE_COLOUR = {"US": US_BLUE, "Jihadist": JIHAD_RED, "Unassociated": UNASSOCIATED}
PHASE = {"jihadist": "Jihadist action phase", "us": "US action phase"}
MARGIN = 10


def draw_header(d: Drawing, view: dict, seat) -> None:
    """Scenario, turn and phase; who the picture is for and who is to move (or the result)."""
    g = d.group(None, id="header")
    d.rect(g, 0, 0, d.width, 44, fill=INK)
    title = f"{view['scenario_name']} · Turn {view['turn']} · {PHASE.get(view['phase'], view['phase'])}"
    d.text(g, MARGIN, 19, title, 15, bold=True, fill="#fff", fit=d.width - 2 * MARGIN)
    who = {"us": "You play the US", "jihadist": "You play the Jihadist"}.get(seat, "Observer's view")
    if view.get("result"):
        winner = view["result"].get("winner")
        status = f"Game over: {D.SIDE[winner]} wins" if winner in D.SEATS else "Game over"
        status += " (below: why)" if view["result"].get("text") else ""
    elif view.get("waiting_for") in D.SEATS:
        mover = "you" if view["waiting_for"] == seat else D.SIDE[view["waiting_for"]]
        status = f"waiting for {mover}"
    else:
        status = "the rules are moving on"
    d.text(g, MARGIN, 37, f"{who} · {status}", 11.5, fill="#d7dde6", fit=d.width - 2 * MARGIN)


# ---------------------------------------------------------------- legend


def legend(d: Drawing, layer, origin, grid) -> None:
    """What the letters, shapes and marks mean, in the map's empty corner."""
    x0 = origin[0] - grid["w"] / 2 + 4
    y = origin[1] - grid["h"] / 2 + 4
    g = d.group(layer, id="legend", font_size=9.5, fill=INK)
    d.rect(g, x0 - 6, y - 4, d.width - x0 - 4, 2 * grid["dy"] - 10, crisp=True, fill="#fff", stroke="#c9ced6")
    y += 10
    d.text(g, x0, y, "How to read the map", 10.5, bold=True)
    rows = [
        [("badge", "G Good", "#1f5fa8", "#fff"), ("badge", "F Fair", "#6d9fd6", "#fff"),
         ("badge", "P Poor", "#e39b2f", INK), ("badge", "IR Islamist Rule", "#8e2b22", "#fff")],
        [("badge", "Ally", "#1f5fa8", "#fff"), ("badge", "Neutral", "#8d949e", "#fff"),
         ("badge", "Adversary", "#b23b30", "#fff"), ("t", " alignment; "), ("badge", "–", "#b9bec6", INK),
         ("t", "untested")],
        [("badge", "G Hard", "#3c4a5e", "#fff"), ("badge", "F Soft", "#f2c6c0", INK),
         ("t", "printed governance, posture")],
        [("troops",), ("t", "troops "), ("active",), ("t", "active cells "), ("sleeper",), ("t", "sleepers "),
         ("cadre",), ("t", "cadre")],
        [("plot",), ("t", "plot (? face down) "), ("chip", "3", "#1d2733", "#fff"), ("t", "Resources (oil) "),
         ("chip", "S", "#dce8f7", "#2d5ea8"), ("t", "Schengen link")],
        [("t", "RC Regime Change · Besieged Regime · Aid; marker names in purple")],
    ]
    for row in rows:
        y += 17
        x = x0
        for item in row:
            x = _legend_item(d, g, x, y, item)


def _legend_item(d, g, x, y, item) -> float:
    kind = item[0]
    if kind == "t":                # fitted to its own width: in another language it shrinks to it (words.say_svg)
        d.text(g, x, y, item[1], 9.5, fit=text_width(item[1], 9.5) + 1)
        return x + text_width(item[1], 9.5) + 2
    if kind == "badge":
        w = max(14, text_width(item[1], 9, True) + 6)
        d.rect(g, x, y - 10, w, 13, rx=3, fill=item[2])
        d.text(g, x + w / 2, y, item[1], 9, bold=True, anchor="middle", fill=item[3], fit=w - 4)
        return x + w + 3
    if kind == "chip":
        d.rect(g, x, y - 10, 12, 12, rx=6, fill=item[2], stroke=INK, stroke_width=0.8)
        d.text(g, x + 6, y - 0.5, item[1], 9, bold=True, anchor="middle", fill=item[3])
        return x + 15
    if kind == "troops":
        d.rect(g, x, y - 9, 9, 9, rx=1.5, fill=US_BLUE)
    elif kind == "active":
        d.el(g, "circle", cx=x + 5, cy=y - 4.5, r=4.8, fill=JIHAD_RED)
    elif kind == "sleeper":
        d.el(g, "circle", cx=x + 5, cy=y - 4.5, r=4, fill="#fff", stroke=JIHAD_RED, stroke_width=1.8)
    elif kind == "cadre":
        d.el(g, "circle", cx=x + 5, cy=y - 4.5, r=4, fill="none", stroke=JIHAD_RED, stroke_width=1.4,
             stroke_dasharray="2 1.5")
    elif kind == "plot":
        d.rect(g, x, y - 11, 13, 13, rx=2, fill="#111")
        d.text(g, x + 6.5, y - 0.5, "?", 10, bold=True, anchor="middle", fill="#fff")
        return x + 16
    return x + 13


# ---------------------------------------------------------------- tracks


def draw_tracks(d: Drawing, view: dict, y: float, more: list[str] = ()) -> float:
    """Prestige and Funding, troops, cells and postures, then a few lines of everything else
    (`more`: the notes of boxes too small to hold them)."""
    g = d.group(None, id="tracks")
    panel = d.rect(g, 0, y - 4, d.width, 0, crisp=True, fill=PANEL, class_="panel")
    top = y
    y += 4
    x = _track(d, g, MARGIN, y, "Prestige", view["prestige"], 12, view["prestige_band"], US_BLUE, "prestige")
    _track(d, g, x + 18, y, "Funding", view["funding"], 9, view["funding_band"], JIHAD_RED, "funding")
    y += 46
    wp = view["world_posture"]
    world = f"{wp['side']} {wp['value']}" if wp["side"] else "Even"
    tiles = [
        ("troops", "Troops on track", str(view["troops_on_track"]), view["commitment"], US_BLUE),
        ("cells", "Cells on track", str(view["cells_on_track"]), f"{view['available_cells']} can be recruited",
         JIHAD_RED),
        ("us-posture", "US posture", view["us_posture"], "", "#3c4a5e" if view["us_posture"] == "Hard" else "#c0645a"),
        ("world-posture", "World posture", world, f"GWOT penalty {-view['gwot_penalty'] if view['gwot_penalty'] else 0}",
         INK),
    ]
    width = (d.width - 2 * MARGIN - 3 * 6) // 4
    for i, (key, label, value, note, colour) in enumerate(tiles):
        _tile(d, g, MARGIN + i * (width + 6), y, width, key, label, value, note, colour)
    y += 50
    lines = _track_lines(view)
    if view.get("result") and view["result"].get("text"):
        lines.insert(0, (f"Game over: {view['result']['text']}", True))
    if more:
        lines.insert(0, ("On the map: " + "; ".join(more) + ".", True))
    for text, bold in lines:       # each a paragraph, so that another language says it whole (words.say_svg)
        d.paragraph(g, MARGIN, y + 14, text, 10.5, d.width - 2 * MARGIN, 6, 14, bold=bold, fill=INK)
        y += 14 * len(wrap(text, 10.5, d.width - 2 * MARGIN, 6, bold=bold))
    panel.set("height", str(round(y - top + 12)))
    return y + 8


def _track(d, g, x, y, label, value, size, band, colour, key) -> float:
    d.text(g, x, y + 10, f"{label} {value} · {band}", 12, bold=True, fill=INK)
    cell = 21
    d.rect(g, x, y + 16, size * cell, 20, crisp=True, fill="#fff", stroke="#c9ced6")
    d.el(g, "path", d="".join(f"M{x + n * cell},{y + 16}v20" for n in range(1, size)), stroke="#c9ced6",
         shape_rendering="crispEdges")
    for n in sorted({1, value, size}):
        cx = x + (n - 1) * cell
        on = n == value
        if on:
            d.rect(g, cx, y + 14, cell, 24, crisp=True, fill=colour, data_track=key, data_value=value)
        d.text(g, cx + cell / 2, y + 30.5, str(n), 12 if on else 9.5, bold=on, anchor="middle",
               fill="#fff" if on else GREY)
    return x + size * cell


def _tile(d, g, x, y, w, key, label, value, note, colour) -> None:
    t = d.group(g, id=f"track-{key}")
    d.rect(t, x, y, w, 44, crisp=True, fill="#fff", stroke="#c9ced6")
    d.text(t, x + 6, y + 13, label, 9.5, fill=GREY, fit=w - 12)
    d.text(t, x + 6, y + 31, value, 16, bold=True, fill=colour, fit=w - 12)
    if note:
        d.text(t, x + 6, y + 41, note, 8.5, fill=GREY, fit=w - 12)


def _track_lines(view: dict) -> list[tuple[str, bool]]:
    v = view["victory"]
    lines = [(f"Victory: Good Resources {v['good_resources']}, Islamist Resources {v['islamist_resources']}; "
              f"{v['good_fair']} Good/Fair, {v['poor_islamist']} Poor/Islamist Rule. "
              f"Reserves: US {view['reserves']['us']}, Jihadist {view['reserves']['jihadist']}.", False)]
    decks = view["options"].get("decks", 1)
    lines.append((f"Deck {view['deck_no']} of {decks}: {view['deck']} to draw, {len(view['discard'])} discarded, "
                  f"{len(view['removed'])} removed. Hands: US {view['hand_counts']['us']}, "
                  f"Jihadist {view['hand_counts']['jihadist']}"
                  + (" (the US holds its last card)" if view.get("holding") else "") + ".", False))
    plots = view["available_plots"]
    plots_text = (", ".join(str(p) for p in plots) or "none") if isinstance(plots, list) else f"{plots} face down"
    wmd = view.get("wmd") or {}
    lines.append((f"Available plots: {plots_text}. WMD: {wmd.get('pakistan', 0)} in Pakistan, "
                  f"{wmd.get('box', 0)} in the box, {wmd.get('removed', 0)} removed.", False))
    events = list(view["markers"]) + [f"{D.card_name(n)} (lapsing)" for n in view["lapsing"]] + [
        f"{m} (lapsing)" for m in view.get("lapsing_markers", [])]
    if view.get("first_plot"):
        events.append(f"{D.card_name(view['first_plot'])} (first plot)")
    if events:
        lines.append(("Events in play: " + "; ".join(events) + ".", True))
    play = view.get("in_play")
    if play and play.get("card"):
        how = {"event": "as its event", "ops": "for operations"}.get(play.get("as"), "")
        op = f": {play['op']}" if play.get("op") else ""
        lines.append((f"{D.SIDE.get(play.get('seat'), '')} plays {play['card']} {D.card_name(play['card'])} "
                      f"({D.card_ops(play['card'])} Ops) {how}{op}.".replace("  ", " "), True))
    return lines


# ---------------------------------------------------------------- the hand


def draw_hand(d: Drawing, view: dict, seat, y: float) -> float:
    g = d.group(None, id="hand")
    own = view["hands"].get(seat) if seat in D.SEATS else None
    if isinstance(own, list):
        d.text(g, MARGIN, y + 14, f"Your hand ({len(own)} cards)", 13, bold=True, fill=INK)
        y += 22
        cols, gap = 3, 6
        w = (d.width - 2 * MARGIN - (cols - 1) * gap) // cols
        h = 84
        for i, card in enumerate(own):
            row, col = divmod(i, cols)
            _card(d, g, MARGIN + col * (w + gap), y + row * (h + gap), w, h, card, seat)
        if own:
            y += ((len(own) - 1) // cols + 1) * (h + gap)
        else:
            d.text(g, MARGIN, y + 12, "No cards.", 11, fill=GREY)
            y += 18
    others = [s for s in D.SEATS if s != seat]
    for other in others:
        n = view["hand_counts"][other]
        y += 6
        _backs(d, g, MARGIN, y, other, n)
        y += 30
    return y


CARDS_KEPT = 512         # cards of a hand kept, by what they show and where (some 2 kB each)
_SCRATCH = Drawing(1, 1, "")     # builds the kept cards (a card's elements do not depend on the drawing)


def _card(d, g, x, y, w, h, card, seat) -> None:
    """A card of the seat's own hand: the same card at the same place is drawn once (svg.keep)."""
    g.append(_kept_card(x, y, w, h, card["card"], card["name"], card["association"], card["ops"], seat))


@functools.lru_cache(maxsize=CARDS_KEPT)
def _kept_card(x, y, w, h, n, name, association, ops, seat) -> ET.Element:
    holder = ET.Element("g")
    _draw_card(_SCRATCH, holder, x, y, w, h, {"card": n, "name": name, "association": association, "ops": ops}, seat)
    keep(holder[0])
    return holder[0]


def _draw_card(d, g, x, y, w, h, card, seat) -> None:
    n = card["card"]
    association = card["association"]
    colour = SIDE_COLOUR.get(association, UNASSOCIATED)
    c = d.group(g, id=f"card-{n}", class_="card", data_card=n)
    d.title(c, D.card_label(n))
    d.rect(c, x, y, w, h, crisp=True, fill="#fff", stroke=colour, stroke_width=1.5)
    d.rect(c, x, y, w, 22, crisp=True, fill=colour)
    d.text(c, x + 5, y + 16, f"{n} {card['name']}", 11.5, bold=True, fill="#fff", fit=w - 34)
    d.el(c, "circle", cx=x + w - 13, cy=y + 11, r=9, fill="#fff")
    d.text(c, x + w - 13, y + 15.5, str(card["ops"]), 13, bold=True, anchor="middle", fill=colour)
    side = {"US": "US event", "Jihadist": "Jihadist event", "Unassociated": "Either side"}.get(association, "")
    d.paragraph(c, x + 5, y + 35, f"{side}: {short_text(n, seat)}", 9.5, w - 10, 4, 12, fill=INK)


def short_text(n: int, seat) -> str:
    """The card's effect as the holder plays it (an Unassociated card's own side's text, unless
    that only says it is the same as the US's); the card shows as much as fits."""
    effect = D.CARDS[n]["effect"]
    if isinstance(effect, dict):
        own = effect.get(D.SIDE.get(seat, "US"), "")
        effect = effect["US"] if not own or own.startswith("Same") else own
    return effect


def _backs(d, g, x, y, seat, n) -> None:
    """The other side's hand: only how many cards."""
    colour = SIDE_COLOUR[D.SIDE[seat]]
    h = d.group(g, id=f"hand-{seat}", data_hand=seat, data_count=n)
    for i in range(min(n, 9)):
        d.rect(h, x + i * 9, y, 16, 22, rx=2, fill=colour, stroke="#fff", stroke_width=1)
    d.text(h, x + (min(n, 9) * 9 + 16 if n else 0), y + 16, f"{D.SIDE[seat]} hand: {n} card{'s' if n != 1 else ''}", 12,
           bold=True, fill=INK)
