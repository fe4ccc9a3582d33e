"""A starting position: the table option ``position`` starts a game from a given board instead of
the scenario's setup (tests, puzzles, a game carried over from the table top).

The format (JSON; every key may be left out):

    {"base": "scenario" | "blank",   # what the listed countries change: the scenario's setup
                                     # (the table's scenario option, the default) or an empty map
     "countries": {"Pakistan": {"gov": "Poor", "align": "Neutral", "sleeper": 6, "active": 1,
                                "troops": 0, "cadre": false, "aid": 0, "besieged": false,
                                "rc": null | "green" | "tan", "markers": ["FATA"]},
                   "Germany": {"posture": "Soft"}},
     "prestige": 7, "funding": 5, "us_posture": "Hard", "reserves": {"us": 0, "jihadist": 0},
     "turn": 1, "deck_no": 1,         # the Deck marker (3.3): 1 up to the decks option
     "markers": ["Patriot Act"],      # event markers in the Events box (global ones)
     "plots": [{"country": "Iraq", "value": 2}, {"country": "United States", "value": "WMD",
                "face_up": true}],   # face down unless face_up; values 1, 2, 3 or "WMD"
     "wmd": {"pakistan": 3, "box": 3, "removed": 0},   # 4.7.8.1; the other WMD are in play
     "hands": {"us": [27, 32], "jihadist": [57, 76]},  # the Jihadist's listed bottom to top (9.2)
     "deck": [...],                   # the draw pile, top first; left out: every card not placed
                                      # elsewhere, shuffled by the table's generator
     "discard": [], "removed": [], "lapsing": [], "first_plot": null, "first_plot_used": false,
     "phase": "jihadist" | "us",      # whose Action Phase begins (its first card)
     "action_phases": {"jihadist": 0, "us": 0}}   # the Action Phases each side played before
                                      # this one this turn (for "US action phase 3 of 5")

A country's fields: "gov" Good/Fair/Poor/Islamist Rule and "align" Ally/Neutral/Adversary for a
Muslim country (both or neither: untested), "posture" Hard/Soft for a non-Muslim one (Israel is
always Hard, the US posture is "us_posture"), pieces and markers. It is checked as the rules
allow a board to be (``IllegalMove`` "bad_position" with a sentence saying what is wrong): at
most 15 cells and 15 troops on the map (4.6.3), Islamist Rule countries without Aid, Besieged
Regime or Regime Change (8.4.4; Adversary unless a card changed it: Covert Action, Back Channel), none of those at Good (7.2.1), Regime Change only at
Fair or Poor, troops only in Muslim countries and the Philippines, pieces only in tested
countries, an event marker only where its card puts it, each card in one place only, the plot
markers of the box (4.7.8) and tracks within their ranges.

The start emits the scenario's setup event, then a "position" event (public: the board, tracks,
piles), the draw pile ("shuffled", whose order only the rules see), the hands ("dealt", each
seen by its owner) and the plots ("plot_placed", face-down values seen by the Jihadist only), so
the position hides what the rules hide.
"""

from games.core.position import bad, whole

from . import data as D
from .scenario import blank_country, scenario_countries

COUNTRY_KEYS = {"gov", "align", "posture", "troops", "active", "sleeper", "cadre", "aid", "besieged", "rc", "markers"}
KEYS = {"base", "countries", "prestige", "funding", "us_posture", "reserves", "turn", "deck_no", "markers", "plots",
        "wmd", "hands", "deck", "discard", "removed", "lapsing", "first_plot", "first_plot_used", "phase",
        "action_phases"}
ALIGNS = ("Ally", "Neutral", "Adversary")
POSTURES = ("Hard", "Soft")
PILES = ("discard", "removed", "lapsing")


def _count(value, what: str, high: int = 15) -> int:
    return whole(value, what, high)


def _gov(value, name: str):
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and value in D.GOV_NAMES:
        return value
    if isinstance(value, str) and value in D.GOV_VALUE:
        return D.GOV_VALUE[value]
    raise bad(f"{name}'s governance must be Good, Fair, Poor or Islamist Rule, not {value!r}.")


def _country(name: str, base: dict, spec) -> dict:
    if not isinstance(spec, dict):
        raise bad(f"{name} must be described by an object of fields.")
    unknown = set(spec) - COUNTRY_KEYS
    if unknown:
        raise bad(f"{name} has no field {sorted(unknown)[0]!r}; the fields are {', '.join(sorted(COUNTRY_KEYS))}.")
    c = dict(base, markers=list(base["markers"]))
    for key in ("troops", "active", "sleeper", "aid"):
        if key in spec:
            c[key] = _count(spec[key], f"{name}'s {key}")
    for key in ("cadre", "besieged"):
        if key in spec:
            if not isinstance(spec[key], bool):
                raise bad(f"{name}'s {key} must be true or false.")
            c[key] = spec[key]
    if "gov" in spec:
        c["gov"] = _gov(spec["gov"], name)
    if "align" in spec:
        if spec["align"] not in (*ALIGNS, None):
            raise bad(f"{name}'s alignment must be Ally, Neutral or Adversary, not {spec['align']!r}.")
        c["align"] = spec["align"]
    if "posture" in spec:
        if spec["posture"] not in (*POSTURES, None):
            raise bad(f"{name}'s posture must be Hard or Soft, not {spec['posture']!r}.")
        c["posture"] = spec["posture"]
    if "rc" in spec:
        if spec["rc"] not in ("green", "tan", None):
            raise bad(f"{name}'s Regime Change marker must be green, tan or null, not {spec['rc']!r}.")
        c["rc"] = spec["rc"]
    if "markers" in spec:
        if not isinstance(spec["markers"], list) or not all(isinstance(m, str) for m in spec["markers"]):
            raise bad(f"{name}'s markers must be a list of marker names.")
        c["markers"] = list(dict.fromkeys(spec["markers"]))
    return c


def _check_country(name: str, c: dict) -> None:
    """What a board may show in one country (4.2-4.8)."""
    pieces = c["troops"] or c["active"] or c["sleeper"] or c["cadre"] or c["aid"] or c["rc"]   # (Let's Roll!
    # starts with an untested Besieged Somalia)
    if D.is_muslim(name):
        if (c["gov"] is None) != (c["align"] is None):
            raise bad(f"{name} needs both a governance and an alignment, or neither (untested).")
        if c["posture"] is not None:
            raise bad(f"{name} is a Muslim country: it has governance and alignment, no posture (rule 4.2).")
        if c["gov"] is None and pieces:
            raise bad(f"{name} is untested: give it a governance and alignment before putting pieces there (rule 4.9.4).")
        if c["gov"] == D.IR and (c["aid"] or c["besieged"] or c["rc"]):
            raise bad(f"{name} is under Islamist Rule: it carries no Aid, Besieged Regime or Regime Change marker "
                      "(rule 8.4.4).")
        if c["gov"] == D.GOOD and (c["aid"] or c["besieged"] or c["rc"]):
            raise bad(f"{name} is Good: it carries no Aid, Besieged Regime or Regime Change marker (rule 7.2.1).")
        return
    if c["gov"] is not None or c["align"] is not None or c["aid"] or c["besieged"] or c["rc"]:
        raise bad(f"{name} is not a Muslim country: no governance, alignment, Aid, Besieged Regime or "
                  "Regime Change there (rules 4.3, 4.4).")
    if c["troops"] and name != "Philippines":
        raise bad(f"Troops can be in Muslim countries and the Philippines only, not in {name} (rule 7.3).")
    if name == D.ISRAEL and c["posture"] not in (None, "Hard"):
        raise bad("Israel is always Hard (rule 4.3.3).")
    if name in (D.US, D.IRAN) and c["posture"] is not None:
        raise bad(f"{name} has no posture of its own here" + (": use us_posture." if name == D.US else " (rule 4.4)."))
    if pieces and name not in (D.US, D.ISRAEL, D.IRAN) and c["posture"] is None:
        raise bad(f"{name} is untested: give it a posture before putting pieces there (rule 4.9.4).")


def _check_markers(countries: dict, global_markers: list) -> None:
    known = D.CARDS_RAW["markers"]
    for name, c in countries.items():
        for m in c["markers"]:
            spec = known.get(m)
            if spec is None or spec.get("scope") != "country":
                raise bad(f"{m!r} is not an event marker placed in a country.")
            where = spec.get("where") or []
            if m == "NATO":
                if not c["rc"]:
                    raise bad("The NATO marker goes in a Regime Change country (card 41).")
            elif name not in where:
                raise bad(f"The {m} marker goes in {' or '.join(where)}, not in {name}.")
    for m in global_markers:
        spec = known.get(m)
        if spec is None or spec.get("scope") != "global":
            raise bad(f"{m!r} is not an event marker of the Events box.")


def _cards(value, what: str) -> list[int]:
    if not isinstance(value, list) or not all(isinstance(n, int) and not isinstance(n, bool) for n in value):
        raise bad(f"{what} must be a list of card numbers.")
    for n in value:
        if n not in D.CARDS:
            raise bad(f"there is no card {n} (cards are numbered 1 to 120).")
    return list(value)


def _track(value, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise bad(f"{what} must be from {low} to {high}, not {value!r}.")
    return value


def normalise(position, opts: dict) -> dict:
    """The position with every field filled in and checked; raises IllegalMove("bad_position")."""
    if not isinstance(position, dict):
        raise bad("it must be an object: countries, tracks, markers, hands, deck, piles, plots and phase.")
    unknown = set(position) - KEYS
    if unknown:
        raise bad(f"there is no field {sorted(unknown)[0]!r}; the fields are {', '.join(sorted(KEYS))}.")
    scen = D.SCENARIOS[opts["scenario"]]
    base_kind = position.get("base", "scenario")
    if base_kind not in ("scenario", "blank"):
        raise bad(f"base must be 'scenario' or 'blank', not {base_kind!r}.")
    countries = scenario_countries(scen) if base_kind == "scenario" else {n: blank_country() for n in D.NAMES}
    given = position.get("countries", {})
    if not isinstance(given, dict):
        raise bad("countries must be an object: country name -> fields.")
    for raw, spec in given.items():
        name = raw if raw in D.COUNTRIES else D.find_country(raw)
        if name is None:
            raise bad(f"there is no country called {raw!r}.")
        countries[name] = _country(name, countries[name], spec)
    for name, c in countries.items():
        _check_country(name, c)
    markers = position.get("markers", list(scen["global_markers"]) if base_kind == "scenario" else [])
    if not isinstance(markers, list) or not all(isinstance(m, str) for m in markers):
        raise bad("markers must be a list of marker names.")
    _check_markers(countries, markers)
    if sum(c["active"] + c["sleeper"] for c in countries.values()) > D.TOTAL_CELLS:
        raise bad(f"there are only {D.TOTAL_CELLS} cells in the game (rule 4.6.3).")
    if sum(c["troops"] for c in countries.values()) > D.TOTAL_TROOPS:
        raise bad(f"there are only {D.TOTAL_TROOPS} troops in the game (rule 4.6.3).")

    out = {"countries": {n: c for n, c in countries.items() if c != blank_country()}, "markers": list(markers)}
    out["prestige"] = _track(position.get("prestige", scen["prestige"]), "Prestige", 1, 12)
    out["funding"] = _track(position.get("funding", scen["funding"]), "Funding", 1, 9)
    out["us_posture"] = position.get("us_posture", scen["us_posture"])
    if out["us_posture"] not in POSTURES:
        raise bad(f"us_posture must be Hard or Soft, not {out['us_posture']!r}.")
    reserves = position.get("reserves", {})
    if not isinstance(reserves, dict) or set(reserves) - set(D.SEATS):
        raise bad("reserves must be an object with us and jihadist.")
    out["reserves"] = {s: _track(reserves.get(s, 0), f"{D.SIDE[s]} Reserves", 0, 2) for s in D.SEATS}
    out["turn"] = _track(position.get("turn", 1), "turn", 1, 99)
    out["deck_no"] = _track(position.get("deck_no", 1), "deck_no", 1, opts["decks"])
    out["phase"] = position.get("phase", "jihadist")
    if out["phase"] not in D.SEATS:
        raise bad("phase must be 'jihadist' or 'us'.")
    out["first_plot_used"] = bool(position.get("first_plot_used", False))
    phases = position.get("action_phases", {})
    if not isinstance(phases, dict) or set(phases) - set(D.SEATS):
        raise bad("action_phases must be an object with us and jihadist.")
    out["action_phases"] = {s: _track(phases.get(s, 0), f"{D.SIDE[s]} action phases", 0, 20) for s in D.SEATS}

    # the cards: each in one place only
    hands = position.get("hands", {})
    if not isinstance(hands, dict) or set(hands) - set(D.SEATS):
        raise bad("hands must be an object with us and jihadist.")
    out["hands"] = {s: _cards(hands.get(s, []), f"The {D.SIDE[s]} hand") for s in D.SEATS}
    for pile in PILES:
        out[pile] = _cards(position.get(pile, []), pile)
    first_plot = position.get("first_plot")
    if first_plot is not None:
        _cards([first_plot], "first_plot")
    out["first_plot"] = first_plot
    placed = out["hands"]["us"] + out["hands"]["jihadist"] + out["discard"] + out["removed"] + out["lapsing"]
    placed += [first_plot] if first_plot is not None else []
    if "deck" in position:
        out["deck"] = _cards(position["deck"], "deck")
        placed_all = placed + out["deck"]
        if sorted(placed_all) != D.ALL_CARDS:
            missing = sorted(set(D.ALL_CARDS) - set(placed_all))
            raise bad(f"card {missing[0]} is nowhere: with a deck given, every card must be placed."
                      if missing else "a card is in two places.")
    else:
        out["deck"] = None
        if len(placed) != len(set(placed)):
            raise bad("a card is in two places.")

    # plots and WMD (4.7.8, 8.5)
    wmd = position.get("wmd", {"pakistan": 3, "box": scen["wmd_plots_out_of_play"], "removed": 0})
    if not isinstance(wmd, dict) or set(wmd) != {"pakistan", "box", "removed"}:
        raise bad("wmd must give pakistan, box and removed.")
    out["wmd"] = {k: _count(wmd[k], f"wmd {k}", 6) for k in ("pakistan", "box", "removed")}
    if out["wmd"]["pakistan"] > 3 or out["wmd"]["box"] > 3:
        raise bad("3 WMD start in the Pakistan Arsenal box and 3 in the WMD box (rule 4.7.8.1).")
    in_play = 6 - sum(out["wmd"].values())
    if in_play < 0:
        raise bad("there are only 6 WMD plot markers.")
    plots = position.get("plots", [])
    if not isinstance(plots, list):
        raise bad("plots must be a list of {country, value}.")
    out["plots"] = []
    pool = list(D.TABLES["plot_pool"]["markers"])
    wmd_placed = 0
    for p in plots:
        if not isinstance(p, dict) or set(p) - {"country", "value", "face_up"} or "country" not in p:
            raise bad("a plot is {\"country\": ..., \"value\": 1, 2, 3 or \"WMD\"}.")
        name = p["country"] if p["country"] in D.COUNTRIES else D.find_country(p["country"])
        if name is None:
            raise bad(f"there is no country called {p['country']!r}.")
        value = p.get("value")
        if value == "WMD":
            wmd_placed += 1
        elif value in pool:
            pool.remove(value)
        else:
            raise bad(f"no plot marker {value!r} is left for {name}: the box holds plots 1, 1, 1, 2, 2, 3 and the WMD.")
        g = countries[name]["gov"] if D.is_muslim(name) else D.fixed_gov(name)
        if g == D.IR:
            raise bad(f"{name} is under Islamist Rule: no plot there (rule 8.5.1).")
        if D.is_muslim(name) and g is None:
            raise bad(f"{name} is untested: test it before placing a plot (rule 4.9.4).")
        out["plots"].append({"country": name, "value": value, **({"face_up": True} if p.get("face_up") else {})})
    if wmd_placed > in_play:
        raise bad(f"only {in_play} WMD plot{'s are' if in_play != 1 else ' is'} in play (wmd: pakistan, box, removed).")
    out["wmd_in_play"] = in_play
    return out


def public(pos: dict) -> dict:
    """The position event: what everyone sees (no hand, no deck order, no face-down value)."""
    return {"type": "position", "countries": pos["countries"], "markers": pos["markers"],
            **{k: pos[k] for k in ("prestige", "funding", "us_posture", "reserves", "turn", "deck_no", "phase",
                                   "first_plot_used", "discard", "removed", "lapsing", "first_plot", "wmd",
                                   "wmd_in_play", "action_phases")},
            "plots": len(pos["plots"])}


def deck_and_hands(pos: dict, rng) -> tuple[list[int], dict]:
    """The draw pile as the "shuffled" event sets it (the hands' cards first: "dealt" takes them
    out) and the hands."""
    hands = pos["hands"]
    held = hands["jihadist"] + hands["us"]
    if pos["deck"] is not None:
        deck = list(pos["deck"])
    else:
        elsewhere = set(held) | set(pos["discard"]) | set(pos["removed"]) | set(pos["lapsing"])
        if pos["first_plot"] is not None:
            elsewhere.add(pos["first_plot"])
        deck = rng.shuffled([n for n in D.ALL_CARDS if n not in elsewhere])
    return held + deck, hands


def apply(state, e) -> None:
    """evolve: the board, tracks and piles of a "position" event (the deck, hands and plots follow
    in their own events)."""
    for name in D.NAMES:
        state["c"][name] = blank_country()
    for name, c in e["countries"].items():
        state["c"][name] = {**c, "markers": list(c["markers"])}
    for key in ("prestige", "funding", "us_posture", "turn", "deck_no", "phase", "first_plot_used", "first_plot"):
        state[key] = e[key]
    state["reserves"] = dict(e["reserves"])
    state["phases"] = dict(e.get("action_phases") or {"us": 0, "jihadist": 0})
    state["markers"] = list(e["markers"])
    for pile in PILES:
        state[pile] = list(e[pile])
    state["wmd"] = dict(e["wmd"])
    state["avail"] = list(D.TABLES["plot_pool"]["markers"]) + ["WMD"] * e["wmd_in_play"]
    state["plots"], state["next_plot"] = [], 1
    state["deck"], state["hands"] = [], {"us": [], "jihadist": []}
    state["played"], state["holding"], state["in_play"] = 0, False, None


# ---------------------------------------------------------------- taking a position out

PHASE_STEPS = {"jihadist": ({"k": "card", "seat": "jihadist"}, {"k": "cadre", "seat": "jihadist"}),
               "us": ({"k": "card", "seat": "us"}, {"k": "last", "seat": "us"})}


def take(state) -> dict | None:
    """The state as a position (the format above, ``base`` blank, the deck in its order), or None
    when it is not a clean point: the start of an Action Phase (its first card, 5.2), with nothing
    the format does not carry (a lapsing marker whose card left its box, a plot's Backlash, plots
    numbered otherwise than 1, 2, 3... in placement order, the record of the last phase's Disrupts
    and Betters, a held card, the solo mini-decks or set-aside plot markers)."""
    if not state or state.get("result") or state.get("in_play") is not None or state.get("todo"):
        return None
    phase = state.get("phase")
    if phase not in PHASE_STEPS or state.get("step") not in PHASE_STEPS[phase] or state.get("played"):
        return None
    recent = state.get("recent") or {}
    if (state.get("lapsing_markers") or state.get("holding") or any(recent.get(k) for k in ("now", "last"))
            or state["opts"].get("mini_decks") == "on" or state.get("aside") or state.get("aside_owed")):
        return None
    plots = state["plots"]
    if [p["id"] for p in plots] != list(range(1, len(plots) + 1)) or state["next_plot"] != len(plots) + 1 \
            or any(p.get("backlash") for p in plots):
        return None
    countries = {}
    for name, c in state["c"].items():
        if c != blank_country():
            countries[name] = {**c, "gov": D.GOV_NAMES.get(c["gov"]), "markers": list(c["markers"])}
    return {"base": "blank", "countries": countries, "prestige": state["prestige"], "funding": state["funding"],
            "us_posture": state["us_posture"], "reserves": dict(state["reserves"]), "turn": state["turn"],
            "deck_no": state["deck_no"], "markers": list(state["markers"]),
            "plots": [{"country": p["c"], "value": p["v"], **({"face_up": True} if p.get("up") else {})} for p in plots],
            "wmd": dict(state["wmd"]), "hands": {s: list(state["hands"][s]) for s in D.SEATS},
            "deck": list(state["deck"]), "discard": list(state["discard"]), "removed": list(state["removed"]),
            "lapsing": list(state["lapsing"]), "first_plot": state["first_plot"],
            "first_plot_used": state["first_plot_used"], "phase": phase,
            "action_phases": {s: n - (1 if s == phase and state["hands"][s] else 0)
                              for s, n in dict({"us": 0, "jihadist": 0}, **(state.get("phases") or {})).items()}}


def for_seat(pos: dict, seat) -> tuple[dict, list[str]]:
    """While the game goes on: no deck order, no other side's hand, no face-down plot's value
    (an observer: no hand at all). Left out, the deck is every card placed nowhere else, shuffled."""
    out = {k: v for k, v in pos.items() if k != "deck"}
    hidden = ["deck"]
    out["hands"] = {s: (cards if s == seat else []) for s, cards in pos["hands"].items()}
    hidden += [f"hands.{s}" for s, cards in pos["hands"].items() if s != seat and cards]
    if seat != "jihadist" and any(not p.get("face_up") for p in pos["plots"]):
        out["plots"] = [p for p in pos["plots"] if p.get("face_up")]
        hidden.append("plots (face down: their countries and values)")
    return out, hidden
