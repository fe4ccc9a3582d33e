"""What a seat may see (5.3.2, 8.5.4): everything on the table except the other side's hand,
the order of the draw pile, the value of face-down plots and the make-up of the Available
Plots box, which only the Jihadist knows. An observer (seat None) sees neither hand. Card events
add: cards drawn, taken or swapped show only to the seats concerned, a hand looked at only to
its owner and the one who looks, and an event's question (its options may list a hand) only to
the seat asked.
"""

from . import data as D
from . import victory
from .state import (
    available_cells,
    cells_on_track,
    commitment,
    funding_band,
    gov_label,
    gwot_penalty,
    prestige_band,
    troops_on_track,
    where_in_turn,
    world_posture,
)


def plot_visible(plot: dict, seat) -> bool:
    return seat == "jihadist" or bool(plot.get("up"))


def view(state, seat) -> dict:
    if state is None:
        return {}
    side, wp = world_posture(state)
    hands = {}
    for who in D.SEATS:
        cards = state["hands"][who]
        if who == seat:
            hands[who] = [{"card": n, "name": D.card_name(n), "ops": D.card_ops(n),
                           "association": D.CARDS[n]["association"]} for n in sorted(cards)]
        else:
            hands[who] = len(cards)
    countries = {}
    for name in D.NAMES:
        c = dict(state["c"][name])
        c["markers"] = list(c["markers"])
        c["label"] = gov_label(state, name)
        c["plots"] = [p["v"] if plot_visible(p, seat) else "?" for p in state["plots"] if p["c"] == name]
        countries[name] = c
    k = victory.counts(state)
    out = {
        "you": seat, "scenario": state["scenario"], "scenario_name": D.SCENARIOS[state["scenario"]]["name"],
        "options": dict(state["opts"]), "turn": state["turn"], "deck_no": state["deck_no"],
        "prestige": state["prestige"], "prestige_band": prestige_band(state["prestige"])["name"],
        "funding": state["funding"], "funding_band": funding_band(state["funding"])["name"],
        "us_posture": state["us_posture"], "world_posture": {"side": side, "value": wp},
        "gwot_penalty": gwot_penalty(state),
        "troops_on_track": troops_on_track(state), "commitment": commitment(state)["name"],
        "cells_on_track": cells_on_track(state), "available_cells": available_cells(state),
        "reserves": dict(state["reserves"]), "countries": countries,
        "plots": [dict({"id": p["id"], "country": p["c"], "value": p["v"] if plot_visible(p, seat) else None},
                       **({"backlash": True} if p.get("backlash") else {})) for p in state["plots"]],
        "available_plots": list(state["avail"]) if seat == "jihadist" else len(state["avail"]),
        "wmd": dict(state["wmd"]), "hands": hands,
        "hand_counts": {who: len(state["hands"][who]) for who in D.SEATS},
        "deck": len(state["deck"]), "discard": list(state["discard"]), "removed": list(state["removed"]),
        "lapsing": list(state["lapsing"]), "lapsing_markers": list(state.get("lapsing_markers", [])),
        "first_plot": state["first_plot"],
        "first_plot_used": state["first_plot_used"], "markers": list(state["markers"]),
        "phase": state["phase"], "played": state["played"], "holding": state["holding"],
        "in_play": dict(state["in_play"]) if state["in_play"] else None,
        "waiting_for": (state["step"] or {}).get("seat"),
        "step": dict(_public_step(state["step"], seat)) if state["step"] else None,
        "victory": {key: value for key, value in k.items() if key != "ir_countries"},
        "result": dict(state["result"]) if state.get("result") else None,
    }
    return out


# ---------------------------------------------------------------- events


def _public_step(step, seat):
    from .events.engine import public_step
    return public_step(step, seat)


def redact(event: dict, seat) -> dict:
    """A draw shows its cards only to the drawing seat; a shuffle never shows the order; a
    placed plot shows its value only to the Jihadist until Alert or resolution reveals it. Card
    events: cards moved in secret show only to the seats named, a hand shown only to its owner and
    the one who looks, an event's question only to the seat asked."""
    kind = event.get("type")
    if kind == "cards_moved" and "secret" in event and seat not in event["secret"]:
        out = {k: v for k, v in event.items() if k != "cards"}
        out["count"] = len(event["cards"])
        return out
    if kind == "hand_shown" and seat not in (event["seat"], event["to"]):
        out = {k: v for k, v in event.items() if k != "cards"}
        out["count"] = len(event["cards"])
        return out
    if event.get("todo"):
        # an event waiting for the operation it ordered carries its data: its own side's only
        event = {**event, "todo": [{k: v for k, v in t.items() if k != "data"} if t.get("side") != seat else t
                                   for t in event["todo"]]}
    step = event.get("step")
    if step and step.get("k") == "ev" and step.get("seat") != seat:
        return {**event, "step": _public_step(step, seat)}
    if kind == "dealt" and event.get("seat") != seat:
        return {"type": "dealt", "seat": event["seat"], "count": len(event["cards"])}
    if kind in ("shuffled", "reshuffled"):
        out = {k: v for k, v in event.items() if k != "deck"}
        out["count"] = len(event["deck"])
        return out
    if kind == "plot_placed" and seat != "jihadist" and not event.get("face_up"):
        return {k: v for k, v in event.items() if k != "value"}
    return event


# ---------------------------------------------------------------- brief


SIDE_SHORT = {"US": "US", "Jihadist": "Jihadist", "Unassociated": "Unassoc."}


def card_line(n: int) -> str:
    """'24 Predator (US 2): remove 1 cell in a non-Iran Muslim country': a card and what it does."""
    c = D.CARDS[n]
    return f"{n} {c['name']} ({SIDE_SHORT[c['association']]} {c['ops']}): {c['short']}"


def _hand_line(state, seat) -> list[str]:
    """The seat's hand, one card a line with what its event does."""
    cards = sorted(state["hands"][seat])
    if not cards:
        return ["Your hand (0): empty"]
    return [f"Your hand ({len(cards)}):"] + [f"  {card_line(n)}" for n in cards]


def brief(state, seat) -> list[str]:
    """The seat's view in a few lines, what matters first: where the turn is (unless the seat's own
    question says it), the tracks and the victory counts, the seat's hand (unless its question
    lists the cards, each with what it does), the plots and events in play, then the board."""
    if state is None:
        return []
    v = view(state, seat)
    step = state["step"] or {}
    choosing = step.get("seat") == seat and step.get("k") in ("card", "last")
    deck = f"{v['scenario_name']}, deck {v['deck_no']} of {state['opts']['decks']}: {v['deck']} cards to draw"
    lines = [deck + "." if choosing or state.get("result") else f"{where_in_turn(state, state['phase'])}; {deck}."]
    wp = v["world_posture"]
    world = f"{wp['side']} {wp['value']}" if wp["side"] else "even"
    lines.append(f"Prestige {v['prestige']} ({v['prestige_band']}), Funding {v['funding']} ({v['funding_band']}); "
                 f"US posture {v['us_posture']}, World {world}"
                 + (f", GWOT penalty {v['gwot_penalty']}" if v["gwot_penalty"] else "") + ".")
    cells = f"cells on the track {v['cells_on_track']}" + (
        f" ({v['available_cells']} available)" if v["available_cells"] != v["cells_on_track"] else "")
    reserves = v["reserves"]
    lines.append(f"Troops on the track {v['troops_on_track']} ({v['commitment']}); {cells}"
                 + (f"; Reserves US {reserves['us']}, Jihadist {reserves['jihadist']}" if any(reserves.values()) else "")
                 + ".")
    k = v["victory"]
    lines.append(f"Victory: Good Resources {k['good_resources']} of 12, Islamist Resources {k['islamist_resources']} "
                 f"of 6; Good/Fair {k['good_fair']} of 15, Poor/Islamist {k['poor_islamist']} of 15.")
    if seat in D.SEATS and not choosing:
        lines += _hand_line(state, seat)
    lines.append("; ".join(f"{D.SIDE[s]} holds {v['hand_counts'][s]} card{'s' if v['hand_counts'][s] != 1 else ''}"
                           for s in D.SEATS if s != seat)
                 + ("; the US holds its last card for the next turn" if state["holding"] else "") + ".")
    plots = v["plots"]
    if plots:
        lines.append("Plots: " + ", ".join(f"{p['country']} ({p['value'] if p['value'] is not None else '?'})"
                                           for p in plots) + ".")
    if seat == "jihadist":
        lines.append("Available plots: " + (", ".join(str(m) for m in v["available_plots"]) or "none") + ".")
    lapsing = list(state["lapsing"]) + list(state.get("lapsing_markers", []))
    if state["markers"] or lapsing:
        lines.append("Events in play: " + "; ".join(
            list(state["markers"]) + [f"{n} {D.card_name(n)} (until the end of the turn)" for n in lapsing]) + ".")
    entries = [_country_entry(state, name) for name in D.NAMES if _shown(state, name)]
    lines += _wrap("Countries: ", entries)
    postures = [f"{n} {state['c'][n]['posture']}" for n in D.NAMES
                if not D.is_muslim(n) and state["c"][n]["posture"] and not _shown(state, n)]
    lines += _wrap("Other postures: ", postures)
    return lines


def _shown(state, name) -> bool:
    c = state["c"][name]
    return bool(c["troops"] or c["active"] or c["sleeper"] or c["cadre"] or c["aid"] or c["besieged"] or c["rc"]
                or c["markers"] or (D.is_muslim(name) and c["gov"] is not None))


def _country_entry(state, name) -> str:
    c = state["c"][name]
    parts = [gov_label(state, name)]
    n = c["active"] + c["sleeper"]
    if n:
        parts.append(f"{n} cell{'s' if n != 1 else ''}" + (f" ({c['active']} active)" if c["active"] else ""))
    if c["troops"]:
        parts.append(f"{c['troops']} troop{'s' if c['troops'] != 1 else ''}")
    if c["aid"]:
        parts.append(f"{c['aid']} aid")
    parts += [w for k, w in (("cadre", "cadre"), ("besieged", "besieged")) if c[k]]
    if c["rc"]:
        parts.append(f"regime change ({c['rc']})")
    parts += c["markers"]
    return f"{name} ({', '.join(parts)})"


def _wrap(head: str, items: list, width: int = 76) -> list[str]:
    """Items joined with '; ' into lines of about `width` characters."""
    lines, line = [], head
    for item in items:
        if line != head and len(line) + len(item) + 2 > width:
            lines.append(line.rstrip("; ") + ";")
            line = "  "
        line += item + "; "
    if line.strip() and line != head:
        lines.append(line.rstrip("; ") + ".")
    return lines
