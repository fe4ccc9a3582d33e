"""Victory (spec 1; rules 2.1-2.3, 9.1 solo): the instant conditions, checked after every event,
and the end-of-game count at the game-ending reshuffle."""

from . import data as D
from .state import cells_on_map, resources


def counts(state, green_as_ir: bool = False) -> dict:
    """The Victory track (4.7.6): Good and Islamist Resources, # Good/Fair, # Poor/Islamist.
    Untested countries count toward none (spec 1.1 [INF]). With green_as_ir, a country with a
    green Regime Change marker counts as Islamist Rule (2.3, final count only)."""
    good_res = ir_res = good_fair = poor_ir = 0
    ir_countries = []
    for name in D.MUSLIM:
        c = state["c"][name]
        g = c["gov"]
        if green_as_ir and c["rc"] == "green":
            g = D.IR
        if g is None:
            continue
        if g == D.GOOD:
            good_res += resources(state, name)
        elif g == D.IR:
            ir_res += resources(state, name)
            ir_countries.append(name)
        if g in (D.GOOD, D.FAIR):
            good_fair += 1
        else:
            poor_ir += 1
    return {"good_resources": good_res, "islamist_resources": ir_res, "good_fair": good_fair,
            "poor_islamist": poor_ir, "ir_countries": ir_countries}


def _ir_adjacent(state, ir_countries: list) -> bool:
    from .state import adjacent
    return any(adjacent(state, a, b) for i, a in enumerate(ir_countries) for b in ir_countries[i + 1:])


def _oil_spike_player(event: dict | None) -> str | None:
    """The seat whose Oil Price Spike took effect with this event (4.2.6: the +1 Resources start
    when the card reaches the Lapsing box), or None."""
    if not event or event.get("card") not in D.OIL_PRICE_SPIKE:
        return None
    if event["type"] == "card_done" and event.get("done") == "lapsing":
        return event.get("seat")
    if event["type"] == "ev_over" and event.get("dest") == "lapsing" and event.get("loose"):
        return event.get("side")            # a discarded Oil Price Spike played as if by that side (card 90)
    return None


def _jihadist_win(state, k: dict) -> tuple[str, str, str] | None:
    """2.1.2 (9.1 solo: no adjacency needed); the WMD-in-the-US condition is checked by the plot
    resolution itself."""
    solo = bool(state["opts"].get("solo"))
    if k["islamist_resources"] >= 6 and (solo or _ir_adjacent(state, k["ir_countries"])):
        if solo:
            text = f"Islamist Rule countries hold {k['islamist_resources']} Resources: the Jihadist wins (rule 9.1)."
        else:
            text = (f"Islamist Rule countries hold {k['islamist_resources']} Resources, two of them adjacent: "
                    "the Jihadist wins (rule 2.1).")
        return "jihadist", "islamist_resources", text
    if state["prestige"] == 1 and k["poor_islamist"] >= 15:
        return ("jihadist", "prestige_poor",
                (f"US Prestige is 1 and {k['poor_islamist']} Muslim countries are Poor or Islamist Rule: "
                 "the Jihadist wins (rule 2.1)."))
    return None


def _us_win(state, k: dict) -> tuple[str, str, str] | None:
    """2.1.1; 9.1 solo: eliminating the last cell does not win."""
    if k["good_resources"] >= 12:
        return ("us", "good_resources",
                f"Good Muslim countries hold {k['good_resources']} Resources: the US wins (rule 2.1).")
    if k["good_fair"] >= 15:
        return ("us", "good_fair", f"{k['good_fair']} Muslim countries are Good or Fair: the US wins (rule 2.1).")
    if (not state["opts"].get("solo") and cells_on_map(state) == 0
            and not any("Sadr" in c["markers"] for c in state["c"].values())):
        return ("us", "no_cells", "There are no cells on the map: the US wins (rule 2.1).")
    return None


def instant(state, event: dict | None = None) -> tuple[str, str, str] | None:
    """(winner, reason, text) if an instant victory condition holds now (2.1), else None. Both
    sides at once: 2.2, the side whose Oil Price Spike made it (the event just folded) wins;
    otherwise the Jihadist's conditions come first (provisional: only card events can do it)."""
    if state.get("result") or state.get("c") is None:
        return None
    k = counts(state)
    jihadist, us = _jihadist_win(state, k), _us_win(state, k)
    player = _oil_spike_player(event) if jihadist and us else None
    if player:
        winner, reason, text = us if player == "us" else jihadist
        return winner, reason, (text[:-1] + f"; both sides met a condition at once through the Oil Price Spike "
                                f"the {D.SIDE[player]} played, so it wins (rule 2.2).")
    return jihadist or us


SOLO_GOOD = {1: 6, 2: 9, 3: 12}       # 9.1: the Good Resources the US needs at the end of a 1-, 2- or 3-deck game


def final(state) -> tuple[str, str, dict]:
    """2.3: at the game-ending reshuffle the US wins if Good Resources are more than twice the
    Islamist Resources, green Regime Change countries counting as Islamist Rule; else the Jihadist."""
    k = counts(state, green_as_ir=True)
    good, ir = k["good_resources"], k["islamist_resources"]
    final = {"good_resources": good, "islamist_resources": ir}
    need = SOLO_GOOD[state["opts"]["decks"]] if state["opts"].get("solo") else 0
    if good > 2 * ir and good < need:
        return "jihadist", (f"The deck is spent: Good Resources {good} are more than twice Islamist Resources {ir} "
                            f"but fewer than {need}: the Jihadist wins (rule 9.1, a {state['opts']['decks']}-deck solo "
                            "game)."), final
    if good > 2 * ir:
        return "us", f"The deck is spent: Good Resources {good} are more than twice Islamist Resources {ir}: the US wins (rule 2.3).", final
    return "jihadist", f"The deck is spent: Good Resources {good} are not more than twice Islamist Resources {ir}: the Jihadist wins (rule 2.3).", final
