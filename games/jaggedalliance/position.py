"""A starting position: the table option ``position`` starts a scenario at the beginning of a round's
Players' Phase instead of the setup (a game carried over from the table top, a test, a puzzle).

The format is the public state as a seat's view shows it (``state.py`` documents every field),
at that point, plus what no seat sees, given as compositions (JSON; only ``round`` and ``mercs``
are needed, the rest may be left out):

    {"round": 3,                          # 1 up to the scenario's rounds
     "mercs": {"ivan": {"seat": "merc1", "sector": "05A", "area": "C", "S": 4, "F": 2, "W": 1, "sw": 0,
                        "weapons": ["007"], "armour": "011", "inv": [], "allies": [], "upg": {},
                        "status": ["bleed"], "ko": false, "dead": false, ...}},   # as state.py says;
                                          # a field left out is the merc's as when hired
     "order": ["ivan", ...],              # the seat order of the mercs (13.3); left out: as listed
     "sectors": {"05A": {"status": "besieged", "card": "T03", "facedown": {"C": 1},
                         "loot": {}, "rebels": 0, "supply": 1, "lt": null}},
                                          # a Sector left out is as at the setup (Occupied,
                                          # its Threat card face down); x, y and tier are the layout's;
                                          # "loot": {"B": ["K01"]}, the loot Skirmish tokens revealed
                                          # and left in their Area (12.3)
     "enemies": {"e004": {"type": "sniper", "elite": false, "xp": false, "sector": "05A", "area": "D",
                          "dmg": 0, "status": [], "down": false, "hidden": false}},
     "next_enemy": 5, "pool": {"money": 3, "rebels": 1}, "market": [...], "income": [...],
     "reserve": [...], "discards": {"loot1": [...], ...}, "dur": {"007": 1}, "dictator": {...} | null,
     "missions": {...}, "lasting": [...], "removed_tokens": ["K06"], "liberated": ["02A"],
     "campaign": {...}, "shared_cmd": 0, "tank": {}, "tank_guard": {}, "no_merc_left": false,
                                          # "tank": {"e003": [2]}, each Tank's face-up armour tokens
                                          # by number (13.6); a Tank left out has them all face down
     "decks": {"loot1": ["090", ...], "yellow": [...], ...},   # each deck's cards, in any order
                                          # (the table's generator shuffles them); left out: every
                                          # card of that deck seen nowhere else in the position
     "skirmish_pool": ["K01", ...],       # the skirmish tokens not yet revealed: in the cup and
                                          # face down on the map; left out: the scenario's pool
                                          # without the tokens named anywhere in the position
     "hidden": {"threat": {"11A": "T07"},           # face-down Threat cards; left out: dealt from
                                                    # the tier's cards not face up (8.1 step 2)
                "tokens": {"05A": {"C": ["K14"]}},  # which tokens lie face down ("facedown" counts)
                "lt_at": {"253": "11A"}}}           # where the lieutenants in play hide (15.6)
                                          # each left out: dealt by the table's generator

Everything left to chance is drawn by the table's generator at the start (the decks and the cup
shuffled, the face-down cards and tokens dealt), so the seed commitment covers it; the Supply
tokens of a Sector are the layout's (``supply`` counts them: all or none), a Tank's face-down
pile the tokens not in its public ``tank`` row, shuffled.

The clean point (where a position may start, and where ``position(state)`` gives one): the start
of a round's Players' Phase, before any merc activates (9): the team picks who acts first. The
options ``scenario`` and ``players`` say the rest (the layout, the tiers' flags, the seats).
Provisional: a Dictator Phase or a battle in the middle of an activation is not a starting point.

Checked (``IllegalMove`` "bad_position", a sentence for each fault): unknown fields, mercs,
seats, Sectors, Areas, enemy types, cards, Threat cards, tokens and lieutenants by name; each
card in one place only (a merc, the market, reserve, income, a discard pile, a Sector's loot, a
deck); each skirmish token in one place; stamina within the merc's board (S + F + W + Serious
Wounds), weapons in the slots a merc has, statuses that exist; counts that are whole numbers
not below 0. The other fields (dictator, missions, campaign, lasting effects) are checked for
their shape only (provisional).
"""

import json

from games.core.position import bad, whole

from .data import (CARDS, ENEMY, EVENTS, GRAPH, LIEUTENANTS, MERC, MISSIONS, SCENARIOS, SCENARIOS_FILE,
                   SKIRMISH, TANK_TOKENS, THREATS, TILES)
from .state import fits_weapons, held

ROUND_STACK = [{"k": "round", "phase": "players", "fresh": False}, {"k": "pick", "waiting": []}]
PUBLIC = ("round", "mercs", "order", "sectors", "enemies", "next_enemy", "pool", "market", "income", "reserve",
          "discards", "dur", "dictator", "missions", "lasting", "removed_tokens", "liberated", "campaign",
          "shared_cmd", "tank", "tank_guard", "no_merc_left")
KEYS = set(PUBLIC) | {"decks", "skirmish_pool", "hidden"}
STATUSES = ("mark", "bleed", "stun")
SECTOR_STATUSES = ("occupied", "liberated", "besieged")
LOOT_DECKS = ("loot1", "loot2", "loot3")
EVENT_DECKS = ("yellow", "orange", "red")


def _count(value, what: str, high: int = 999) -> int:
    return whole(value, what, high)


def _shape(value, kind, what: str):
    if not isinstance(value, kind):
        raise bad(f"{what} must be {'an object' if kind is dict else 'a list' if kind is list else kind.__name__}.")
    return value


def _strings(value) -> set:
    """Every string in a JSON value, keys included (what the position names)."""
    out = set()
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, list):
        for v in value:
            out |= _strings(v)
    elif isinstance(value, dict):
        for k, v in value.items():
            out.add(k)
            out |= _strings(v)
    return out


def _fresh_merc(m: str, seat: str, team_size: int) -> dict:
    return {"seat": seat, "sector": None, "area": None, "S": MERC[m]["stamina"] + (1 if team_size == 3 else 0),
            "F": 0, "W": 0, "sw": 0, "ko": False, "dead": False, "active": False, "done": False, "cmd": 1,
            "status": [], "weapons": [], "armour": None, "inv": [], "allies": [], "upg": {}, "used": [],
            "stance": "auto", "free": 0, "started": False, "steps": 0, "camouflaged": False}


def _setup_sector(spot: dict) -> dict:
    return {"x": spot["x"], "y": spot["y"], "status": "liberated" if spot.get("start") else "occupied",
            "tier": spot.get("tier"), "card": None, "facedown": {}, "loot": {}, "rebels": 0,
            "supply": len(spot.get("supply", [])), "lt": None, "start": bool(spot.get("start"))}


def _area_ok(sectors: dict, sector: str, area) -> bool:
    if area is None:
        return True
    if sector in TILES and sectors[sector]["status"] != "liberated":
        return area in GRAPH[sector]["areas"]
    return True          # a Liberated Sector or a mission card is one Area (4.2)


def normalise(position, opts: dict) -> dict:
    """The position as the public state (without the stack) and what is hidden, each hidden part
    None where the start deals it; raises IllegalMove("bad_position")."""
    if not isinstance(position, dict):
        raise bad("it must be an object (see games/jaggedalliance/position.py).")
    unknown = set(position) - KEYS
    if unknown:
        raise bad(f"there is no field {sorted(unknown)[0]!r}; the fields are {', '.join(sorted(KEYS))}.")
    if opts.get("campaign") is not None:
        raise bad("give a campaign or a position, not both (the position holds its campaign).")
    scenario = SCENARIOS[opts["scenario"]]
    players = opts["players"]
    seats = ["merc1", "merc2", "merc3", "merc4"][:players]
    per_seat = SCENARIOS_FILE["team"]["per_seat"][str(players)]
    team_size = per_seat * players
    flags = dict(scenario["flags"])
    rnd = position.get("round")
    if isinstance(rnd, bool) or not isinstance(rnd, int) or not 1 <= rnd <= scenario["rounds"]:
        raise bad(f"round must be from 1 to {scenario['rounds']} (the scenario's rounds), not {rnd!r}.")
    layout = {spot["tile"]: spot for spot in scenario["layout"]}

    # Sectors: the layout's, as at the setup unless given; mission cards by their ids
    sectors = {t: _setup_sector(spot) for t, spot in layout.items()}
    for t, spec in _shape(position.get("sectors", {}), dict, "sectors").items():
        _shape(spec, dict, f"Sector {t}")
        if t in layout:
            base = sectors[t]
        elif t in MISSIONS:
            base = {"x": None, "y": None, "status": "occupied", "tier": None, "card": None, "facedown": {},
                    "loot": {}, "rebels": 0, "supply": 0, "lt": None, "start": False}
        else:
            raise bad(f"there is no Sector {t!r} in scenario {opts['scenario']} (its Sectors: "
                      f"{', '.join(sorted(layout))}).")
        extra = set(spec) - set(base)
        if extra:
            raise bad(f"Sector {t} has no field {sorted(extra)[0]!r}.")
        sector = {**base, **{k: v for k, v in spec.items() if k not in ("x", "y", "tier", "start")}}
        if sector["status"] not in SECTOR_STATUSES:
            raise bad(f"Sector {t}'s status must be occupied, liberated or besieged, not {sector['status']!r}.")
        card = sector["card"]
        if card is not None and (card not in THREATS or (sector["tier"] and THREATS[card]["tier"] != sector["tier"])):
            raise bad(f"{card!r} is not a Threat card of Sector {t}'s tier ({sector['tier']}).")
        _count(sector["rebels"], f"Sector {t}'s rebels", 99)
        supply = _count(sector["supply"], f"Sector {t}'s Supply tokens", 9)
        if supply not in (0, len(layout.get(t, {}).get("supply", []))):
            raise bad(f"Sector {t} holds all its Supply tokens of the layout or none, not {supply}.")
        for area, n in _shape(sector["facedown"], dict, f"Sector {t}'s facedown").items():
            _count(n, f"the face-down tokens in Sector {t}, Area {area}", 9)
            if t in TILES and area not in GRAPH[t]["areas"]:
                raise bad(f"Sector {t} has no Area {area!r}.")
        _shape(sector["loot"], dict, f"Sector {t}'s loot")
        sectors[t] = sector

    # mercs
    mercs = {}
    for m, spec in _shape(position.get("mercs"), dict, "mercs").items():
        if m not in MERC:
            raise bad(f"there is no merc called {m!r}.")
        _shape(spec, dict, f"merc {m}")
        seat = spec.get("seat")
        if seat not in seats:
            raise bad(f"{m}'s seat must be one of {', '.join(seats)} (the table's players), not {seat!r}.")
        base = _fresh_merc(m, seat, team_size)
        extra = set(spec) - set(base)
        if extra:
            raise bad(f"merc {m} has no field {sorted(extra)[0]!r}; the fields are {', '.join(sorted(base))}.")
        merc = {**base, **json.loads(json.dumps(spec))}
        if merc["sector"] is not None and merc["sector"] not in sectors:
            raise bad(f"{m} is in Sector {merc['sector']!r}, which this scenario does not have.")
        if merc["sector"] is not None and not _area_ok(sectors, merc["sector"], merc["area"]):
            raise bad(f"Sector {merc['sector']} has no Area {merc['area']!r} ({m}).")
        for key in ("S", "F", "W", "sw", "cmd", "free", "steps"):
            _count(merc[key], f"{m}'s {key}", 30)
        board = MERC[m]["stamina"] + (1 if team_size == 3 else 0)
        if merc["S"] + merc["F"] + merc["W"] + merc["sw"] > board:
            raise bad(f"{m}'s stamina, fatigue, wounds and Serious Wounds come to more than the {board} of "
                      "its board (rule 5.2).")
        if merc["active"] or merc["done"]:
            raise bad(f"{m} has acted this round: a position starts before anyone activates (rule 9).")
        for st in _shape(merc["status"], list, f"{m}'s status"):
            if st not in STATUSES:
                raise bad(f"{m}'s status {st!r} is none of {', '.join(STATUSES)}.")
        for key in ("weapons", "inv", "allies", "used"):
            _shape(merc[key], list, f"{m}'s {key}")
        _shape(merc["upg"], dict, f"{m}'s upg")
        mercs[m] = merc
    if not mercs:
        raise bad("mercs must name the team's mercs.")
    for seat in seats:
        if not any(x["seat"] == seat for x in mercs.values()):
            raise bad(f"{seat} has no merc.")
    order = position.get("order", list(mercs))
    if not isinstance(order, list) or sorted(order) != sorted(mercs):
        raise bad("order must list every merc of the position once.")

    probe = {"mercs": mercs}
    for m in mercs:
        for c in held(probe, m):
            if c not in CARDS:
                raise bad(f"there is no card {c!r} ({m}).")
        if not fits_weapons(probe, m, mercs[m]["weapons"]):
            raise bad(f"{m}'s weapons do not fit in its slots (rule 6.1).")

    # enemies
    enemies = {}
    for e, spec in _shape(position.get("enemies", {}), dict, "enemies").items():
        _shape(spec, dict, f"enemy {e}")
        kind = spec.get("type")
        if kind not in ENEMY and not (kind == "wanted" and spec.get("mission") in MISSIONS):
            raise bad(f"enemy {e}'s type {kind!r} is not an enemy of the game.")
        enemy = {"elite": False, "xp": False, "area": None, "dmg": 0, "status": [], "down": False, "hidden": False,
                 **spec}
        if enemy.get("sector") not in sectors:
            raise bad(f"enemy {e} is in Sector {enemy.get('sector')!r}, which this scenario does not have.")
        if not _area_ok(sectors, enemy["sector"], enemy["area"]):
            raise bad(f"Sector {enemy['sector']} has no Area {enemy['area']!r} (enemy {e}).")
        _count(enemy["dmg"], f"enemy {e}'s damage", 30)
        enemies[e] = enemy
    numbers = [int(e[1:]) for e in enemies if e[1:].isdigit()]
    next_enemy = _count(position.get("next_enemy", max(numbers, default=0) + 1), "next_enemy", 9999)
    if numbers and next_enemy <= max(numbers):
        raise bad("next_enemy must be above the number of every enemy.")

    camp = position.get("campaign")
    if camp is None:
        from . import campaign as C
        camp = C.fresh() if opts["scenario"] == "1" else C.default_for(opts["scenario"])
    _shape(camp, dict, "campaign")
    public = {"round": rnd, "mercs": mercs, "order": list(order), "sectors": sectors, "enemies": enemies,
              "next_enemy": next_enemy,
              "pool": _shape(position.get("pool", {"money": camp.get("money", 0), "rebels": camp.get("rebels", 0)}),
                             dict, "pool"),
              "market": position.get("market", list(camp.get("market", []))),
              "income": position.get("income", list(camp.get("income", []))),
              "reserve": position.get("reserve", list(camp.get("reserve", []))),
              "discards": position.get("discards", {d: [] for d in (*LOOT_DECKS, *EVENT_DECKS)}),
              "dur": position.get("dur", {}), "dictator": position.get("dictator"),
              "missions": position.get("missions", {}), "lasting": position.get("lasting", []),
              "removed_tokens": position.get("removed_tokens", []), "liberated": position.get("liberated", []),
              "campaign": camp, "shared_cmd": position.get("shared_cmd", 1 if len(order) == 3 else 0),
              "tank": position.get("tank", {}), "tank_guard": position.get("tank_guard", {}),
              "no_merc_left": bool(position.get("no_merc_left", False))}
    for key in ("money", "rebels"):
        _count(public["pool"].get(key, 0), f"the pool's {key}")
    for key, kind in (("market", list), ("income", list), ("reserve", list), ("discards", dict), ("dur", dict),
                      ("missions", dict), ("lasting", list), ("removed_tokens", list), ("liberated", list),
                      ("tank", dict), ("tank_guard", dict)):
        _shape(public[key], kind, key)
    if public["dictator"] is not None:
        _shape(public["dictator"], dict, "dictator")
    if flags["dictator"] and public["dictator"] is None:
        raise bad(f"scenario {opts['scenario']} has a Dictator: give the dictator's board.")
    for t in public["liberated"]:
        if t not in sectors:
            raise bad(f"liberated names Sector {t!r}, which this scenario does not have.")
    for mid in public["missions"]:
        if mid not in MISSIONS:
            raise bad(f"there is no mission {mid!r}.")

    # cards: each in one place
    places: dict[str, str] = {}

    def place(card, where):
        if card not in CARDS and card not in EVENTS:
            raise bad(f"there is no card {card!r} ({where}).")
        if card in places:
            raise bad(f"card {card} is in two places: {places[card]} and {where}.")
        places[card] = where

    for m in order:
        for c in held(probe, m):
            place(c, m)
    for key in ("market", "income", "reserve"):
        for c in public[key]:
            place(c, key)
    for pile, cards in public["discards"].items():
        for c in _shape(cards, list, f"the {pile} discard pile"):
            place(c, f"the {pile} discard pile")
    # a Sector's loot caches are revealed loot Skirmish tokens, left in their Area (12.3)
    caches: list[str] = []
    for t, sector in sectors.items():
        for area, tokens in sector["loot"].items():
            if not _area_ok(sectors, t, area):
                raise bad(f"Sector {t} has no Area {area!r} (its loot).")
            for k in _shape(tokens, list, f"Sector {t}'s loot"):
                if k not in scenario["pool"] or SKIRMISH[k]["kind"] != "loot":
                    raise bad(f"{k!r} in Sector {t}'s loot is not a loot Skirmish token of scenario "
                              f"{opts['scenario']}.")
                caches.append(k)
    if len(set(caches)) != len(caches) or set(caches) & set(public["removed_tokens"]):
        raise bad("each loot Skirmish token lies in one place (a Sector's loot, removed or the pool).")

    # Tanks: each one's face-up armour tokens (13.6); left out, all lie face down
    for e, up in public["tank"].items():
        if enemies.get(e, {}).get("type") != "tank":
            raise bad(f"tank names {e!r}, which is no Tank of the position.")
        tokens = _shape(up, list, f"the tank row of {e}")
        if len(set(tokens)) != len(tokens) or not all(k in range(len(TANK_TOKENS)) for k in tokens):
            raise bad(f"the tank row of {e} lists armour tokens by their number (0 to {len(TANK_TOKENS) - 1}), "
                      "once each.")
    for e, enemy in enemies.items():
        if enemy["type"] == "tank" and not enemy["down"]:
            public["tank"].setdefault(e, [])

    # the decks: their cards (in any order)
    named = _strings(public)
    owned = {c for info in camp.get("mercs", {}).values() for c in info.get("cards", [])} | set(camp.get("reserve", []))
    wanted = list(LOOT_DECKS) + (list(EVENT_DECKS) + ["lieutenants"] if flags["dictator"] else []) + (
        ["missions"] if flags["missions"] else [])
    given = _shape(position.get("decks", {}), dict, "decks")
    if set(given) - set(wanted):
        raise bad(f"this scenario's decks are {', '.join(wanted)}.")
    decks = {}
    for deck in wanted:
        if deck in LOOT_DECKS:
            every = sorted(c for c, d in CARDS.items() if d["deck"] == deck)
            default = [c for c in every if c not in named and c not in owned]
        elif deck in EVENT_DECKS:
            every = sorted(e for e, d in EVENTS.items() if d["deck"] == deck)
            default = [c for c in every if c not in named]
        elif deck == "lieutenants":
            every = sorted(LIEUTENANTS)
            default = [c for c in every if c not in named]
        else:
            every = sorted(mid for mid, m in MISSIONS.items() if not m.get("set_aside"))
            default = [c for c in every if c not in named and c not in scenario.get("missions", [])]
        cards = given.get(deck, default)
        if not isinstance(cards, list) or len(set(cards)) != len(cards):
            raise bad(f"the {deck} deck must list its cards once each.")
        for c in cards:
            if c not in every:
                raise bad(f"{c!r} is not a card of the {deck} deck.")
            if deck in LOOT_DECKS or deck in EVENT_DECKS:
                place(c, f"the {deck} deck")
            if c in named:
                raise bad(f"{c} is in the {deck} deck and in play.")
        decks[deck] = sorted(cards)

    # the skirmish tokens not yet revealed, and what is hidden
    every = sorted(scenario["pool"])
    facedown = {t: {a: n for a, n in s["facedown"].items()} for t, s in sectors.items() if s["facedown"]}
    down_n = sum(n for f in facedown.values() for n in f.values())
    hidden_in = _shape(position.get("hidden", {}), dict, "hidden")
    if set(hidden_in) - {"threat", "tokens", "lt_at"}:
        raise bad("hidden holds threat, tokens and lt_at.")
    typed_tokens = _shape(hidden_in.get("tokens", {}), dict, "hidden.tokens") if "tokens" in hidden_in else None
    pool = position.get("skirmish_pool")
    if pool is None:
        pool = [k for k in every if k not in named]
    if not isinstance(pool, list) or len(set(pool)) != len(pool):
        raise bad("skirmish_pool must list its tokens once each.")
    for k in pool:
        if k not in every:
            raise bad(f"{k!r} is not a skirmish token of scenario {opts['scenario']}.")
        if k in public["removed_tokens"] or k in caches:
            raise bad(f"{k} is in the skirmish pool and {'removed' if k in public['removed_tokens'] else 'a loot cache'}.")
    if len(pool) < down_n:
        raise bad(f"{down_n} tokens lie face down but only {len(pool)} are unrevealed (skirmish_pool).")
    if typed_tokens is not None:
        laid = []
        for t, areas in typed_tokens.items():
            for a, ks in _shape(areas, dict, f"hidden.tokens.{t}").items():
                if len(_shape(ks, list, f"hidden.tokens.{t}.{a}")) != facedown.get(t, {}).get(a, 0):
                    raise bad(f"Sector {t}, Area {a} has {facedown.get(t, {}).get(a, 0)} face-down tokens, "
                              f"not {len(ks)}.")
                laid += ks
        if len(laid) != down_n or not set(laid) <= set(pool) or len(set(laid)) != len(laid):
            raise bad("hidden.tokens must place each face-down token once, from the skirmish pool.")
    threat = hidden_in.get("threat")
    if threat is not None:
        for t, card in _shape(threat, dict, "hidden.threat").items():
            if t not in sectors or sectors[t]["status"] == "liberated" or sectors[t]["card"] is not None:
                raise bad(f"Sector {t} has no face-down Threat card.")
            if card not in THREATS or THREATS[card]["tier"] != sectors[t]["tier"]:
                raise bad(f"{card!r} is not a Threat card of Sector {t}'s tier.")
    lt_at = hidden_in.get("lt_at")
    if lt_at is not None:
        in_play = (public["dictator"] or {}).get("lieutenants", [])
        for lt, t in _shape(lt_at, dict, "hidden.lt_at").items():
            if lt not in in_play:
                raise bad(f"lieutenant {lt!r} is not in play (the dictator's lieutenants).")
            if t not in sectors or sectors[t]["status"] == "liberated":
                raise bad(f"a lieutenant hides in an Occupied Sector, not in {t!r} (rule 15.6).")
    return {"public": public, "decks": decks, "pool": sorted(pool), "threat": threat, "tokens": typed_tokens,
            "lt_at": lt_at, "seats": seats, "team_size": team_size, "flags": flags}


def start_event(opts: dict, rng) -> list[dict]:
    """The events of a start from the option ``position``: the whole state set at once (the
    hidden part, dealt here by the table's generator, redacted from every seat)."""
    from .ctx import Ctx
    pos = normalise(opts["position"], opts)
    public = pos["public"]
    scenario = SCENARIOS[opts["scenario"]]
    sectors = public["sectors"]
    # the face-down Threat cards (8.1 step 2): each tier's cards not face up, shuffled
    threat = pos["threat"]
    if threat is None:
        threat = {}
        up = {s["card"] for s in sectors.values() if s["card"]}
        for t in sorted(sectors):
            s = sectors[t]
            if s["status"] != "occupied" or s["card"] is not None or not s["tier"]:
                continue
            pile = [c for c in sorted(THREATS) if THREATS[c]["tier"] == s["tier"] and c not in up
                    and c not in threat.values()]
            threat[t] = pile[rng.below(len(pile))] if pile else rng.choice(
                sorted(c for c in THREATS if THREATS[c]["tier"] == s["tier"]))
    cup = rng.shuffled(pos["pool"])
    tokens = pos["tokens"]
    if tokens is None:
        tokens = {}
        for t in sorted(sectors):
            for a in sorted(sectors[t]["facedown"]):
                n = sectors[t]["facedown"][a]
                tokens.setdefault(t, {})[a] = cup[:n]
                cup = cup[n:]
    else:
        laid = {k for areas in tokens.values() for ks in areas.values() for k in ks}
        cup = [k for k in cup if k not in laid]
    lt_at = pos["lt_at"]
    if lt_at is None:
        lt_at = {}
        shown = {s["lt"] for s in sectors.values() if s.get("lt")}
        occupied = sorted(t for t, s in sectors.items() if t in {x["tile"] for x in scenario["layout"]}
                          and s["status"] == "occupied")
        for lt in (public["dictator"] or {}).get("lieutenants", []):
            if lt not in shown and occupied:
                lt_at[lt] = occupied[rng.below(len(occupied))]
    layout = {spot["tile"]: spot for spot in scenario["layout"]}
    supply = {t: list(layout[t]["supply"]) for t, s in sectors.items() if t in layout and s["supply"]}
    tank = {e: rng.shuffled([i for i in range(len(TANK_TOKENS)) if i not in drawn])
            for e, drawn in sorted(public["tank"].items())}
    decks = {d: rng.shuffled(cards) for d, cards in pos["decks"].items()}
    state = {"v": 1, "options": {k: v for k, v in opts.items() if k != "position"}, "seats": pos["seats"],
             "scenario": opts["scenario"], "flags": pos["flags"], **public, "stack": json.loads(json.dumps(ROUND_STACK)),
             "counts": {d: len(c) for d, c in decks.items()}, "newcomers": [], "pool_left": len(cup),
             "liberated_this_round": None, "team_size": pos["team_size"], "result": None, "defeat": None,
             "hidden": {"threat": threat, "tokens": tokens, "pool": cup, "decks": decks, "supply": supply,
                        "lt_at": lt_at, "tank": tank}}
    ctx = Ctx({}, rng)
    for key in sorted(state):
        ctx.set(key, state[key])
    ctx.emit("position", scenario=opts["scenario"], name=scenario["name"], round=public["round"],
             players=len(pos["seats"]), mercs=list(public["order"]))
    return ctx.finish()


def position(state) -> dict | None:
    """The state as a position, or None when it is not at a clean point."""
    if not state or state.get("result") or state.get("defeat") or state.get("stack") != ROUND_STACK:
        return None
    if state["newcomers"] or state["liberated_this_round"] is not None:
        return None
    if any(m["active"] or m["done"] for m in state["mercs"].values()):
        return None
    hidden = state["hidden"]
    out = {k: json.loads(json.dumps(state[k])) for k in PUBLIC}
    for t, s in out["sectors"].items():
        for key in ("x", "y", "tier", "start"):
            s.pop(key, None)
    laid = [k for areas in hidden["tokens"].values() for ks in areas.values() for k in ks]
    out["decks"] = {d: sorted(c) for d, c in hidden["decks"].items()}
    out["skirmish_pool"] = sorted(hidden["pool"] + laid)
    out["hidden"] = {"threat": dict(hidden["threat"]), "lt_at": dict(hidden["lt_at"]),
                     "tokens": {t: {a: list(ks) for a, ks in areas.items() if ks}
                                for t, areas in hidden["tokens"].items() if any(areas.values())}}
    return out


def position_for(pos: dict, seat) -> tuple[dict, list[str]]:
    """While the game goes on: no face-down Threat card, token or lieutenant's hiding place (what
    ``hidden`` holds); the decks' and the cup's make-up stay (what the box and the table show)."""
    left = [f"hidden.{k}" for k, v in pos.get("hidden", {}).items() if v]
    return {k: v for k, v in pos.items() if k != "hidden"}, left
