"""What a seat may see (21.4): everything but ``hidden`` (face-down Threat cards, skirmish tokens,
Supply tokens, deck orders, a lieutenant's hiding place, a hidden sniper's crosshair, the Tank's
face-down tokens). Co-op: no information is hidden between players, so every seat and an
observer see the same. ``redact`` strips the hidden paths from an event's changes."""

from .ctx import copy
from .data import CARDS, DICTATORS, SCENARIOS
from .describe import merc, place
from .state import enemies_at, enemy_name, in_play, stamina_line


def view(state, seat):
    if state is None:
        return {}
    out = {k: copy(v) for k, v in state.items() if k != "hidden"}
    out["you"] = seat
    out["your_mercs"] = [m for m in state.get("order", []) if state["mercs"][m]["seat"] == seat]
    return out


# events that show what lay face down, whatever their changes hold (a redacted copy holds none of
# the hidden ones): a Threat card turned up, skirmish and sniper tokens, a lieutenant's hiding
# place, cards drawn from a deck (loot, events, lieutenants)
REVEALING = frozenset({"battle_started", "skirmish", "sniper_found", "lieutenant_found", "lieutenant_drawn",
                       "looted", "victory_looted", "event_drawn", "supply_taken", "reshuffled", "pool_renewed"})


def _touches_hidden(event: dict) -> bool:
    return any(key == "hidden" or key.startswith("hidden.") for key in event.get("fx") or {})


def reveals(event: dict) -> bool:
    """Does this event show a seat something that was hidden (21.4), or change what is hidden?"""
    return event.get("type") in REVEALING or _touches_hidden(event)


def redact(event: dict, seat) -> dict:
    fx = event.get("fx")
    if not _touches_hidden(event):
        return event
    out = dict(event)
    out["fx"] = {k: v for k, v in fx.items() if k != "hidden" and not k.startswith("hidden.")}
    return out


def brief(state, seat) -> list[str]:
    """A few lines of the board for an email."""
    if not state:
        return []
    s = state
    scenario = SCENARIOS[s["scenario"]]
    goal = " and ".join(place(t) for t in scenario["victory"]["liberate"])
    lines = [f"Scenario {s['scenario']}, {scenario['name']}: round {s['round']} of {scenario['rounds']}; "
             f"liberate {goal}."]
    pool = f"Pool: {s['pool']['money']} money, {s['pool']['rebels']} rebels."
    if s.get("dictator"):
        d = s["dictator"]
        pool += (f" {DICTATORS[d['name']]['name']}: threat {d['threat']}, {d['tokens']} Threat token"
                 f"{'s' if d['tokens'] != 1 else ''} pending, {'day' if d['day'] else 'night'}.")
    lines.append(pool)
    for m in in_play(s):
        x = s["mercs"][m]
        where = place(x["sector"]) + (f", Area {x['area']}" if x["area"] else "")
        gear = ", ".join(CARDS[c]["name"] for c in x["weapons"] + ([x["armour"]] if x["armour"] else []))
        flags = [w for w, on in (("knocked out", x["ko"]), ("done this round", x["done"])) if on]
        flags += [{"mark": "Marked", "bleed": "Bleeding", "stun": "Stunned"}[st] for st in x["status"]]
        lines.append(f"{merc(m)} ({x['seat']}) in {where}: {stamina_line(s, m)}; {gear or 'no gear'}"
                     + (f"; {', '.join(flags)}" if flags else "") + ".")
    for t in sorted(s["sectors"]):
        info = s["sectors"][t]
        if info["status"] == "besieged":
            foes = [f"{enemy_name(s, e)} in {s['enemies'][e]['area'] or '?'}" for e in enemies_at(s, t)]
            tokens = sum(info["facedown"].values())
            lines.append(f"Battle in {place(t)}: " + (", ".join(foes) or "no enemy standing")
                         + (f"; {tokens} face-down token{'s' if tokens != 1 else ''}" if tokens else "") + ".")
    return lines
