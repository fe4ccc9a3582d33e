"""9.3.3 WMD acquisition (solo): every WMD marker added to Available Plots replaces the
lowest-numbered plot marker, which is set aside (state "aside"), so that exactly 6 plot markers
stay in play; when a WMD leaves play (resolved or blocked, 8.5.5), the highest-numbered marker
set aside comes back to Available Plots.

Called by evolve (no dice, no choice: the events carry no value, so nothing hidden shows). When
no numbered marker is in Available Plots (all on the map), the next one to come back is set
aside instead ("aside_owed"; provisional, data/tables.json rulings "solo_wmd_aside").
"""

from . import is_solo


def _wmd_in_play(state) -> int:
    return state["avail"].count("WMD") + sum(1 for p in state["plots"] if p["v"] == "WMD")


def set_aside(state) -> None:
    """Set aside one numbered marker for every WMD in play that has none yet."""
    if not is_solo(state):
        return
    aside = state.setdefault("aside", [])
    owed = state.get("aside_owed", 0)
    for _ in range(_wmd_in_play(state) - len(aside) - owed):
        numbered = [v for v in state["avail"] if v != "WMD"]
        if numbered:
            low = min(numbered)
            state["avail"].remove(low)
            aside.append(low)
        else:
            state["aside_owed"] = state.get("aside_owed", 0) + 1


def plot_gone(state, plot: dict) -> None:
    """After a plot left the map: a WMD brings back the highest set-aside marker; a numbered
    marker back in Available Plots pays what is owed."""
    if not is_solo(state):
        return
    aside = state.setdefault("aside", [])
    if plot["v"] == "WMD":
        if state.get("aside_owed"):
            state["aside_owed"] -= 1
        elif aside:
            high = max(aside)
            aside.remove(high)
            state["avail"].append(high)
    elif state.get("aside_owed"):
        state["avail"].remove(plot["v"])
        aside.append(plot["v"])
        state["aside_owed"] -= 1
