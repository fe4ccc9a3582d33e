"""The state's shape and every value derived from it (tracks, bands, adjacency, counts).

A state is plain JSON:
  opts, scenario, turn, deck_no (the Deck marker, 3.3), prestige (1..12), funding (1..9),
  us_posture ("Hard"/"Soft"), reserves {us, jihadist} (0..2, 6.3.3),
  c: {country: {gov (1 Good, 2 Fair, 3 Poor, 4 Islamist Rule, None untested), align ("Ally",
      "Neutral", "Adversary" or None), posture ("Hard"/"Soft"/None), troops, active, sleeper,
      cadre (bool), aid (int), besieged (bool), rc (None, "green", "tan"), markers [names]}},
  plots: [{id, c, v}] face-down plots on the map in placement order (v = 1, 2, 3 or "WMD"),
  avail: the Available Plots box (values), wmd: {pakistan, box, removed} (4.7.8.1),
  next_plot: the id the next placed plot gets,
  deck, discard, removed, hands {us, jihadist}, lapsing (cards in the Lapsing box), lapsing_markers
  (4.7.7.3: lapsing events still in effect whose card left the box), first_plot (card or None),
  first_plot_used (8.5.3), markers (global event markers), phase ("jihadist"/"us"),
  played (cards played in this phase, 4.7.5), holding (5.2.4), in_play (the card being played),
  todo (card events: what is left to do with the card in play, events/engine.py),
  recent (card events: what happened in this and the last action phase, for "during this or the
  previous action phase"), phases {us, jihadist} (the Action Phases with cards each side began
  this turn), step (the decision awaited), result.
Troops and cells not on the map are on their tracks: 15 minus those on the map (4.6.3).
"""

from . import data as D

# ---------------------------------------------------------------- counts


def cells(c: dict) -> int:
    return c["active"] + c["sleeper"]


def troops(state, name: str) -> int:
    """Troops in a country for every purpose but moving cubes: its cubes, and 2 for a NATO marker
    (card 41: "counts as 2 troops there for all purposes but is not a cube")."""
    c = state["c"][name]
    return c["troops"] + (2 if "NATO" in c["markers"] else 0)


def sadr(state, name: str) -> int:
    """1 if the Sadr marker (card 54) is there: it acts as an Active cell for Jihad, Plot, Recruit
    and victory, but is no cylinder, never travels and cannot be Disrupted."""
    return 1 if "Sadr" in state["c"][name]["markers"] else 0


def cells_and_sadr(state, name: str) -> int:
    return cells(state["c"][name]) + sadr(state, name)


def cells_on_map(state) -> int:
    return sum(c["active"] + c["sleeper"] for c in state["c"].values())


def troops_on_map(state) -> int:
    return sum(c["troops"] for c in state["c"].values())


def cells_on_track(state) -> int:
    return D.TOTAL_CELLS - cells_on_map(state)      # 4.7.4


def troops_on_track(state) -> int:
    return D.TOTAL_TROOPS - troops_on_map(state)    # 4.7.3


def funding_band(funding: int) -> dict:
    return next(b for b in D.TABLES["funding_bands"]["bands"] if b["low"] <= funding <= b["high"])


def available_cells(state) -> int:
    """4.7.4.2: only the cells in boxes left of or under the Funding marker may be recruited."""
    return max(0, cells_on_track(state) - funding_band(state["funding"])["locked_cells"])


def commitment(state) -> dict:
    """4.7.3: Low Intensity / War / Overstretch from the troops on the track."""
    n = troops_on_track(state)
    return next(level for level in D.TABLES["troop_commitment"]["levels"] if n >= level["min_on_track"])


def hand_size(state, seat: str) -> int:
    """5.2.8: printed on the Funding track (Jihadist) and the Troops track (US)."""
    return funding_band(state["funding"])["hand"] if seat == "jihadist" else commitment(state)["hand"]


def prestige_band(prestige: int) -> dict:
    return next(b for b in D.TABLES["prestige_bands"]["bands"] if b["low"] <= prestige <= b["high"])


def world_posture(state) -> tuple[str | None, int]:
    """4.7.2: Hard minus Soft non-Muslim countries other than the US (Israel always Hard),
    capped at 3, on the side of the larger count; (None, 0) when equal."""
    hard = soft = 0
    for name in D.NON_MUSLIM:
        if name == D.US:
            continue
        p = "Hard" if name == D.ISRAEL else state["c"][name]["posture"]
        if p == "Hard":
            hard += 1
        elif p == "Soft":
            soft += 1
    if hard == soft:
        return None, 0
    return ("Hard" if hard > soft else "Soft"), min(3, abs(hard - soft))


def action_phase(state, seat: str) -> tuple[int, int]:
    """Where the seat is in the turn: (its Action Phase now, how many it will have): two cards a
    phase (4.7.5) until its hand is empty, the US's single last card a phase of its own (5.2.4).
    Cards an event adds or takes change the count."""
    begun = (state.get("phases") or {}).get(seat, 0)
    hand = len(state["hands"][seat])
    if state["phase"] != seat:
        return begun + 1, begun + (hand + 1) // 2
    playing = state["played"] + (1 if (state.get("in_play") or {}).get("seat") == seat else 0)
    return max(1, begun), max(1, begun) + (hand - min(max(0, 2 - playing), hand) + 1) // 2


def where_in_turn(state, seat: str) -> str:
    """'US action phase 3 of 5, turn 1': where the seat is in the turn."""
    k, total = action_phase(state, seat)
    return f"{D.SIDE[seat]} action phase {k} of {total}, turn {state['turn']}"


def gwot_penalty(state) -> int:
    """4.7.2.1: the World value when World and US postures differ, else 0."""
    side, value = world_posture(state)
    return value if side and side != state["us_posture"] else 0


# ---------------------------------------------------------------- map


def has_marker(state, name: str, marker: str) -> bool:
    return marker in state["c"][name]["markers"]


def neighbours(state, name: str) -> frozenset:
    """4.1.1 and 4.5, with the Patriot Act marker cutting the US down to Canada."""
    if name == D.US and has_marker(state, D.US, "Patriot Act"):
        return D.PATRIOT_US_ADJ
    adj = D.ADJ[name]
    if D.US in adj and has_marker(state, D.US, "Patriot Act") and name != "Canada":
        return adj - {D.US}
    return adj


def adjacent(state, a: str, b: str) -> bool:
    return b in neighbours(state, a)


def gov(state, name: str) -> int | None:
    """Current governance: the marker of a Muslim country, the printed value otherwise (4.3.1, 4.4)."""
    g = state["c"][name]["gov"]
    return g if g is not None else D.fixed_gov(name)


def tested(state, name: str) -> bool:
    """4.9.4: a Muslim country needs a governance marker, a non-Muslim one a posture."""
    c = state["c"][name]
    if D.is_muslim(name):
        return c["gov"] is not None
    if name in (D.US, D.ISRAEL, D.IRAN):
        return True
    return c["posture"] is not None


def posture(state, name: str) -> str | None:
    if name == D.US:
        return state["us_posture"]
    if name == D.ISRAEL:
        return "Hard"   # 4.3.3
    return state["c"][name]["posture"]


def lapsing_in_effect(state) -> list[int]:
    """4.7.7.1 / 4.7.7.3: the lapsing events in effect this turn: the cards in the Lapsing box and
    the markers of those that left it early (Oil Price Spike, a mid-turn reshuffle)."""
    return list(state["lapsing"]) + list(state.get("lapsing_markers", []))


def marker_in_play(state, marker: str) -> bool:
    """An event marker anywhere: in the Events box (global) or on a country (4.7.7, 6.2.7)."""
    return marker in state["markers"] or any(marker in c["markers"] for c in state["c"].values())


def oil_spikes(state) -> int:
    """4.2.6: Oil Price Spike events in effect (lapsing, 4.7.7)."""
    return sum(1 for card in lapsing_in_effect(state) if card in D.OIL_PRICE_SPIKE)


def resources(state, name: str) -> int:
    """4.2.5-6: printed Resources, +1 per Oil Price Spike in effect for an Oil Exporter."""
    base = D.printed_resources(name)
    if D.COUNTRIES[name]["oil"]:
        base += oil_spikes(state)
    return base


def threshold(state, name: str) -> int:
    """8.1.1: a Jihadist die succeeds on <= governance (Good 1, Fair 2, Poor 3); 6 = automatic."""
    g = gov(state, name)
    return 6 if g == D.IR else g


def is_rc(state, name: str) -> bool:
    return state["c"][name]["rc"] is not None


def rc_countries(state) -> list[str]:
    """The Regime Change countries (green or tan marker), in map order."""
    return [name for name in D.NAMES if state["c"][name]["rc"]]


def plots_in(state, name: str) -> list[dict]:
    return [p for p in state["plots"] if p["c"] == name]


def gov_label(state, name: str) -> str:
    """'Poor Ally', 'Fair', 'Hard', 'untested' ... for labels and briefs."""
    c = state["c"][name]
    if D.is_muslim(name):
        if c["gov"] is None:
            return "untested"
        return f"{D.GOV_NAMES[c['gov']]} {c['align']}"
    if name == D.IRAN:
        return "Fair, Iran"
    p = posture(state, name)
    return f"{D.GOV_NAMES[D.fixed_gov(name)]}, {p or 'untested'}"


def country_label(state, name: str, seat: str | None = None) -> str:
    """'Pakistan (Poor Neutral, 2 cells)': what a player needs to pick a country."""
    c = state["c"][name]
    parts = [gov_label(state, name)]
    n = cells(c)
    if n:
        parts.append(f"{n} cell{'s' if n != 1 else ''}" + (f" ({c['active']} active)" if c["active"] else ""))
    if c["cadre"]:
        parts.append("cadre")
    if c["troops"]:
        parts.append(f"{c['troops']} troop{'s' if c['troops'] != 1 else ''}")
    if c["aid"]:
        parts.append(f"{c['aid']} aid")
    if c["besieged"]:
        parts.append("besieged")
    if c["rc"]:
        parts.append("regime change")
    plots = plots_in(state, name)
    if plots:
        if seat == "jihadist":
            parts.append("plots " + "+".join(str(p["v"]) for p in plots))
        else:
            parts.append(f"{len(plots)} plot{'s' if len(plots) != 1 else ''}")
    return f"{name} ({', '.join(parts)})"


# ---------------------------------------------------------------- the change set of an event


def clamp(value: int, low: int, high: int) -> int:
    return max(low, min(high, value))


class Fx:
    """The public changes one event makes, as absolute new values: {"c": {country: {field:
    value}}, "t": {track: value}, "r": {seat: reserves}, "m": [global markers], "p": {plot id:
    {field: value}}} plus "arsenal" (8.4.5). decide() builds it against the working state;
    evolve() only copies the values in."""

    def __init__(self, state):
        self.s = state
        self.c: dict = {}
        self.t: dict = {}
        self.r: dict = {}
        self.m: list | None = None
        self.p: dict = {}
        self.arsenal = False

    def get(self, name: str, field: str):
        ch = self.c.get(name)
        if ch is not None and field in ch:
            return ch[field]
        return self.s["c"][name][field]

    def set(self, name: str, field: str, value) -> None:
        self.c.setdefault(name, {})[field] = value

    def add(self, name: str, field: str, delta: int) -> None:
        self.set(name, field, self.get(name, field) + delta)

    def gov(self, name: str) -> int | None:
        g = self.get(name, "gov")
        return g if g is not None else D.fixed_gov(name)

    def track(self, key: str):
        return self.t.get(key, self.s[key])

    def set_track(self, key: str, value) -> None:
        if key == "prestige":
            value = clamp(value, 1, 12)      # 4.7.1
        elif key == "funding":
            value = clamp(value, 1, 9)       # 4.7.4.1
        self.t[key] = value

    def add_track(self, key: str, delta: int) -> None:
        self.set_track(key, self.track(key) + delta)

    def markers(self, name: str | None = None) -> list:
        """The event markers of a country, or the global ones (name None), as changed so far."""
        if name is None:
            return list(self.s["markers"] if self.m is None else self.m)
        return list(self.get(name, "markers"))

    def add_marker(self, marker: str, name: str | None = None) -> None:
        have = self.markers(name)
        if marker not in have:
            self._set_markers(name, have + [marker])

    def remove_marker(self, marker: str, name: str | None = None) -> None:
        have = self.markers(name)
        if marker in have:
            self._set_markers(name, [m for m in have if m != marker])

    def _set_markers(self, name, value: list) -> None:
        if name is None:
            self.m = value
        else:
            self.set(name, "markers", value)

    def set_plot(self, pid: int, field: str, value) -> None:
        self.p.setdefault(str(pid), {})[field] = value

    def out(self) -> dict:
        fx = {}
        if self.c:
            fx["c"] = self.c
        if self.t:
            fx["t"] = self.t
        if self.r:
            fx["r"] = self.r
        if self.m is not None:
            fx["m"] = self.m
        if self.p:
            fx["p"] = self.p
        if self.arsenal:
            fx["arsenal"] = True
        return fx


def apply_fx(state, fx: dict) -> None:
    """Fold an Fx.out() into the state (used by evolve)."""
    cs = state["c"]
    for name, ch in fx.get("c", {}).items():
        cs[name].update({k: list(v) if isinstance(v, list) else v for k, v in ch.items()})
    for key, value in fx.get("t", {}).items():
        state[key] = value
    for seat, value in fx.get("r", {}).items():
        state["reserves"][seat] = value
    if "m" in fx:
        state["markers"] = list(fx["m"])
    for pid, ch in fx.get("p", {}).items():
        for plot in state["plots"]:
            if plot["id"] == int(pid):
                plot.update(ch)
    if fx.get("arsenal"):
        # 8.4.5: the first time Pakistan becomes Islamist Rule, its 3 WMD go to Available Plots.
        state["avail"].extend(["WMD"] * state["wmd"]["pakistan"])
        state["wmd"]["pakistan"] = 0
