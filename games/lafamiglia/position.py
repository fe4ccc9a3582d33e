"""A starting position: the table option ``position`` starts a game at the beginning of a round's
planning (orders) phase instead of the setup (a game carried over from the table top, a test).

The format (JSON; ``round``, ``primo`` and ``families`` are needed, the rest may be left out):

    {"round": 2,                     # 1 to 4
     "primo": "southeast",           # who holds the Primo Giocatore marker: first to plan (6.5)
     "families": {"southwest": {"family": "blue", "character": 1,
                                "money": 3, "hq": 5,       # lire and soldati in the HQ
                                "tokens": ["blue.b1", ...],  # order tokens in the HQ (left out:
                                                             # the basic ones not sold)
                                "locked": ["blue.banks_b", ...],  # advanced tokens still on the
                                                   # family board (left out: those not elsewhere)
                                "board": {"courts": 0, "police": 1, "banks": 1, "church": 0},
                                                           # markers taken off each row
                                "ua": null | {"field": "4c1", "marker": "neutral"},  # Ultima Azione
                                "instructions": {"take": "never"}},   # standing instructions
                  ... one for each seat},
     "areas": {"Trapani": {"owner": "northwest", "n": 3, "cars": 1, "labs": 2},
               "Alcamo": {"owner": "neutral", "n": 2}},   # an area not listed is empty; "areas"
                                                          # left out: the setup's map (the corners'
                                                          # and the neutral soldati)
     "seas": {"Mare di Palermo": ["northwest"]},          # the motorboats in each sea area
     "sheets": {"upper": 1, "lower": 2},                  # the action sheets showing
     "fields": {"1c2": ["southeast"], "1b2": ["neutral"]},  # influence markers on sheet fields
     "control": {"Trapani": "northwest"},                 # control markers on mandamenti
     "tiles": {"drawn": ["allies", ...],                  # the 7 control tiles in play; "tiles"
               "north": {"allies": "northwest"}, "south": {}},   # left out: drawn by the table's
                                                          # generator (14.6); each team's marked tiles
     "out": ["black.b3"],                                 # order tokens sold (out of the game)
     "colours": {"north": [...], "south": [...]}}         # the families each team drew (3 in a
                                                          # draft); left out: the families in play

A seat's pool (soldati, cars, motorboats, influence markers) and the supply (labs, neutral
soldati, neutral markers) are what the components leave (spec 2.1: 50 soldati, 5 cars, 4
motorboats and 25 markers a family, 17 of them on its board; 30 labs, 30 neutral soldati, 8
neutral markers), so they are not typed.

The clean point (where a position may start, and where ``position(state)`` gives one): the
Primo Giocatore's holder about to take the first planning turn of a round, no order token on
the map (after any Influence tile's placements at the phase's start). Provisional: the other
phases' middle is not a starting point, since face-down orders and fights carry state the
table top does not write down.

Checked (``IllegalMove`` "bad_position", a sentence saying what is wrong): the seats, families
(one each, of the team's colours), characters (one each), areas, seas, fields, mandamenti and
tiles by name; every order token of a family in one place only (HQ, family board or sold); at
most 2 labs an area (8.6), cars only where a family has soldati, an owner exactly where
there are soldati; counts within the components.

Hidden while a game goes on (``position_for``): the other team's HQs (money, soldati, order
tokens) and standing instructions, left out and named.
"""

from games.core.position import bad, whole

from . import data as D
from .evolve import INSTRUCTIONS
from .state import NEUTRAL, SEATS, TEAMS

KEYS = {"round", "primo", "families", "areas", "seas", "sheets", "fields", "control", "tiles", "out", "colours"}
SEAT_KEYS = {"family", "character", "money", "hq", "tokens", "locked", "board", "ua", "instructions"}
AREA_KEYS = {"owner", "n", "cars", "labs"}
TEAM_OF = {s: t for t, members in TEAMS.items() for s in members}
HQ_KEYS = ("money", "hq", "tokens", "instructions")


def _count(value, what: str, high: int = 99) -> int:
    return whole(value, what, high)


def _obj(value, what: str) -> dict:
    if not isinstance(value, dict):
        raise bad(f"{what} must be an object.")
    return value


def _known(value, names, what: str):
    if value not in names:
        raise bad(f"there is no {what} called {value!r}.")
    return value


def _seat(spec_all: dict, seat: str, out: list) -> dict:
    spec = _obj(spec_all.get(seat), f"families.{seat}")
    unknown = set(spec) - SEAT_KEYS
    if unknown:
        raise bad(f"{seat} has no field {sorted(unknown)[0]!r}; the fields are {', '.join(sorted(SEAT_KEYS))}.")
    fam = _known(spec.get("family"), D.FAMILY_KEYS, "family")
    char = spec.get("character")
    if isinstance(char, bool) or not isinstance(char, int) or not 0 <= char < len(D.CHARACTERS):
        cards = ", ".join(f"{i} {c['name']}" for i, c in enumerate(D.CHARACTERS))
        raise bad(f"{seat}'s character must be a number from 0 to {len(D.CHARACTERS) - 1} ({cards}).")
    tokens = spec.get("tokens", [t for t in D.BASIC[fam] if t not in out])
    if not isinstance(tokens, list):
        raise bad(f"{seat}'s tokens must be a list of order tokens.")
    locked = spec.get("locked", [t for t in D.FAMILY_TOKENS[fam] if t not in tokens and t not in out])
    for what, tks in (("tokens", tokens), ("locked", locked)):
        if not isinstance(tks, list):
            raise bad(f"{seat}'s {what} must be a list of order tokens.")
        for t in tks:
            if t not in D.TOKEN:
                raise bad(f"there is no order token called {t!r} ({seat}).")
            if D.TOKEN[t]["family"] != fam:
                raise bad(f"{t} is a token of the {D.family(D.TOKEN[t]['family'])['name']}, not of {seat}'s family.")
    board = _obj(spec.get("board", {}), f"{seat}'s board")
    if set(board) - set(D.ROWS):
        raise bad(f"{seat}'s board has the rows {', '.join(D.ROWS)}.")
    board = {r: _count(board.get(r, 0), f"{seat}'s markers taken off the {r} row", D.row_length(fam, r))
             for r in D.ROWS}
    ua = spec.get("ua")
    if ua is not None:
        if not isinstance(ua, dict) or set(ua) - {"field", "marker"} or ua.get("field") not in D.FIELD:
            raise bad(f"{seat}'s Ultima Azione marker is null or {{\"field\": a sheet field, \"marker\": ...}}.")
        ua = {"field": ua["field"], "marker": ua.get("marker")}
    instr = _obj(spec.get("instructions", {}), f"{seat}'s instructions")
    if set(instr) - set(INSTRUCTIONS) or not all(isinstance(v, str) for v in instr.values()):
        raise bad(f"{seat}'s instructions are among {', '.join(INSTRUCTIONS)}.")
    return {"family": fam, "character": char, "money": _count(spec.get("money", 0), f"{seat}'s money"),
            "hq": _count(spec.get("hq", 0), f"{seat}'s soldati in the HQ", D.COMP["soldati"]),
            "tokens": list(tokens), "locked": list(locked), "board": board, "ua": ua,
            "instr": {**INSTRUCTIONS, **instr}}


def normalise(position, opts: dict) -> dict:
    """The position with every field filled in and checked; raises IllegalMove("bad_position")."""
    if not isinstance(position, dict):
        raise bad('it must be an object such as {"round": 2, "primo": "southeast", "families": {...}}.')
    unknown = set(position) - KEYS
    if unknown:
        raise bad(f"there is no field {sorted(unknown)[0]!r}; the fields are {', '.join(sorted(KEYS))}.")
    rnd = position.get("round")
    if isinstance(rnd, bool) or rnd not in (1, 2, 3, 4):
        raise bad(f"round must be 1, 2, 3 or 4, not {rnd!r}.")
    primo = _known(position.get("primo"), SEATS, "seat")
    fams = _obj(position.get("families"), "families")
    if set(fams) != set(SEATS):
        raise bad(f"families must describe each seat: {', '.join(SEATS)}.")
    out = position.get("out", [])
    if not isinstance(out, list) or not all(t in D.TOKEN for t in out):
        raise bad("out must be a list of order tokens.")
    p = {seat: _seat(fams, seat, out) for seat in SEATS}
    if len({p[s]["family"] for s in SEATS}) < 4:
        raise bad("each seat plays a different family.")
    if len({p[s]["character"] for s in SEATS}) < 4:
        raise bad("each seat has a different character card.")
    if opts["families"] == "first_game" and any(p[s]["family"] in ("black", "white") for s in SEATS):
        raise bad("a first game (families=first_game) is played without Black and White.")
    colours = position.get("colours") or {t: sorted(p[s]["family"] for s in TEAMS[t]) for t in TEAMS}
    if not isinstance(colours, dict) or set(colours) != set(TEAMS):
        raise bad("colours must give each team (north, south) its families.")
    for seat in SEATS:
        if p[seat]["family"] not in colours[TEAM_OF[seat]]:
            raise bad(f"{seat} plays {p[seat]['family']}, which its team did not draw.")
    for seat in SEATS:
        fam = p[seat]["family"]
        where = p[seat]["tokens"] + p[seat]["locked"] + [t for t in out if D.TOKEN[t]["family"] == fam]
        for t in D.FAMILY_TOKENS[fam]:
            if where.count(t) != 1:
                raise bad(f"{t} must be in one place: {seat}'s HQ (tokens), its board (locked) or sold (out)"
                          + (f"; it is in {where.count(t)}." if where.count(t) else "; it is nowhere."))
    if any(D.TOKEN[t]["family"] not in {p[s]["family"] for s in SEATS} for t in out):
        raise bad("out holds a token of a family not in play.")

    owners = (*SEATS, NEUTRAL)
    areas = {a: {"owner": None, "n": 0, "cars": 0, "labs": 0, "tokens": [], "att": None} for a in D.AREAS}
    if "areas" not in position:            # the map as at the setup: each corner's soldati, the neutrals
        for seat in SEATS:
            for a, n in D.CORNERS[seat].items():
                areas[a].update(owner=seat, n=n)
        for a, n in D.NEUTRAL_START.items():
            areas[a].update(owner=NEUTRAL, n=n)
    for name, spec in _obj(position.get("areas", {}), "areas").items():
        _known(name, D.AREAS, "area")
        spec = _obj(spec, name)
        if set(spec) - AREA_KEYS:
            raise bad(f"{name} has the fields {', '.join(sorted(AREA_KEYS))}.")
        owner = spec.get("owner")
        if owner not in (*owners, None):
            raise bad(f"{name}'s owner must be a seat, neutral or null, not {owner!r}.")
        n = _count(spec.get("n", 0), f"{name}'s soldati", D.COMP["soldati"])
        cars = _count(spec.get("cars", 0), f"{name}'s cars", D.COMP["cars"])
        labs = _count(spec.get("labs", 0), f"{name}'s labs", 2)
        if (owner is None) != (n == 0):
            raise bad(f"{name} needs an owner exactly when soldati are there.")
        if cars and owner in (None, NEUTRAL):
            raise bad(f"cars stand with a family's soldati, not in {name}.")
        areas[name].update(owner=owner, n=n, cars=cars, labs=labs)
    seas = {s: [] for s in D.SEAS}
    for name, boats in _obj(position.get("seas", {}), "seas").items():
        _known(name, D.SEAS, "sea area")
        if not isinstance(boats, list) or not all(b in SEATS for b in boats):
            raise bad(f"{name} holds a list of the seats whose motorboats are there.")
        seas[name] = list(boats)
    sheets = _obj(position.get("sheets", {"upper": 0, "lower": 1}), "sheets")
    if set(sheets) != {"upper", "lower"} or not all(sheets[k] in D.SHEET_NUMBERS for k in sheets):
        raise bad(f"sheets gives upper and lower, each one of {D.SHEET_NUMBERS}.")
    fields = {}
    for f, who in _obj(position.get("fields", {}), "fields").items():
        _known(f, D.FIELD, "sheet field")
        if not isinstance(who, list) or not all(w in owners for w in who):
            raise bad(f"field {f} holds a list of markers: seats or neutral.")
        if who:
            fields[f] = list(who)
    control = {m: None for m in D.MANDAMENTI}
    for m, who in _obj(position.get("control", {}), "control").items():
        _known(m, D.MANDAMENTI, "mandamento")
        if who not in (*SEATS, None):
            raise bad(f"{m}'s control marker is a seat's or null.")
        control[m] = who
    tiles_in = _obj(position.get("tiles", {"drawn": []}), "tiles")
    drawn = tiles_in.get("drawn", [])
    if not isinstance(drawn, list) or len(set(drawn)) != len(drawn) or len(drawn) > 7:
        raise bad("tiles.drawn lists at most 7 different control tiles.")
    for t in drawn:
        _known(t, D.TILE_KEYS, "control tile")
        if D.TILE[t].get("unknown") and opts["unknown_tiles"] != "blank":
            raise bad(f"the tile {t} stays in the box unless the option unknown_tiles is blank.")
    tiles = {"drawn": sorted(drawn, key=D.TILE_KEYS.index)}
    for team in TEAMS:
        marks = _obj(tiles_in.get(team, {}), f"tiles.{team}")
        tiles[team] = {t: None for t in tiles["drawn"]}
        for t, who in marks.items():
            if t not in tiles["drawn"]:
                raise bad(f"the tile {t!r} is not among the drawn tiles.")
            if who is not None and who not in TEAMS[team]:
                raise bad(f"a {team} team's tile is marked by one of its seats, not {who!r}.")
            tiles[team][t] = who

    # the components (spec 2.1): what is not on the map is in the pools and the supply
    for seat in SEATS:
        me = p[seat]
        mine = [a for a in areas.values() if a["owner"] == seat]
        on_board = D.COMP["board_markers"] - sum(me["board"].values())
        markers = sum(w.count(seat) for w in fields.values()) + sum(
            1 for w in tiles[TEAM_OF[seat]].values() if w == seat)
        pool = {"soldati": D.COMP["soldati"] - me["hq"] - sum(a["n"] for a in mine),
                "cars": D.COMP["cars"] - sum(a["cars"] for a in mine),
                "boats": D.COMP["boats"] - sum(b.count(seat) for b in seas.values()),
                "markers": D.COMP["markers"] - on_board - markers}
        for kind, n in pool.items():
            if n < 0:
                raise bad(f"{seat} has more {kind} in play than the {D.COMP[kind]} of the game.")
        me["pool"] = pool
    supply = {"labs": D.COMP["labs"] - sum(a["labs"] for a in areas.values()),
              "neutral": D.COMP["neutral_soldati"] - sum(a["n"] for a in areas.values() if a["owner"] == NEUTRAL),
              "neutral_markers": D.COMP["neutral_markers"] - sum(w.count(NEUTRAL) for w in fields.values())}
    for kind, n in supply.items():
        if n < 0:
            raise bad(f"there are more {kind.replace('_', ' ')} in play than the game has.")
    return {"round": rnd, "primo": primo, "draw_tiles": "tiles" not in position, "p": p, "areas": areas, "seas": seas, "sheets": dict(sheets),
            "fields": fields, "control": control, "tiles": tiles, "supply": supply, "out": list(out),
            "colours": {t: list(colours[t]) for t in TEAMS}}


def start_event(opts: dict, rng) -> dict:
    """The setup from the option ``position``; without ``tiles``, the 7 control tiles are drawn by
    the table's generator as at the setup (spec 14.6), so the seed commitment covers them."""
    pos = normalise(opts["position"], opts)
    if pos.pop("draw_tiles"):
        pool = [k for k in D.TILE_KEYS if opts["unknown_tiles"] == "blank" or not D.TILE[k].get("unknown")]
        drawn = sorted(rng.shuffled(pool)[:7], key=D.TILE_KEYS.index)
        pos["tiles"] = {"drawn": drawn, **{t: {k: None for k in drawn} for t in TEAMS}}
    return {"type": "position", "options": {k: v for k, v in opts.items() if k != "position"}, "position": pos}


def state_of(opts: dict, pos: dict) -> dict:
    """The state a normalised position stands for: the first planning turn of its round."""
    primo = pos["primo"]
    return {
        "opts": dict(opts), "round": pos["round"], "phase": "planning", "first": primo, "primo": primo,
        "turn": primo, "cycle": list(SEATS), "team": dict(TEAM_OF),
        "p": {s: {**pos["p"][s], "ua": dict(pos["p"][s]["ua"]) if pos["p"][s]["ua"] else None}
              for s in SEATS},
        "areas": pos["areas"], "seas": pos["seas"], "sheets": pos["sheets"], "fields": pos["fields"],
        "control": pos["control"], "tiles": pos["tiles"], "supply": pos["supply"], "out": pos["out"],
        "colours": pos["colours"], "stack": [{"k": "turn", "seat": primo}], "sealed": None, "fight": None,
        "queue": [], "qi": 0, "result": None, "setup": "marks", "after": None}


def position(state) -> dict | None:
    """The state as a position, or None when it is not at a clean point."""
    if state is None or state.get("result") or state.get("phase") != "planning":
        return None
    first = state["first"]
    if (state["stack"] != [{"k": "turn", "seat": first}] or state["turn"] != first or first != state["primo"]
            or state.get("sealed") or state.get("fight") or any(a["tokens"] or a["att"] for a in state["areas"].values())):
        return None
    families = {}
    for seat in SEATS:
        me = state["p"][seat]
        families[seat] = {"family": me["family"], "character": me["character"], "money": me["money"],
                          "hq": me["hq"], "tokens": list(me["tokens"]), "locked": list(me["locked"]),
                          "board": dict(me["board"]), "ua": dict(me["ua"]) if me["ua"] else None,
                          "instructions": {k: v for k, v in me["instr"].items() if INSTRUCTIONS.get(k) != v}}
    return {"round": state["round"], "primo": first, "families": families,
            "areas": {a: {k: x[k] for k in ("owner", "n", "cars", "labs")}
                      for a, x in state["areas"].items() if x["owner"] is not None or x["labs"] or x["cars"]},
            "seas": {s: list(b) for s, b in state["seas"].items() if b},
            "sheets": dict(state["sheets"]), "fields": {f: list(w) for f, w in state["fields"].items() if w},
            "control": {m: w for m, w in state["control"].items() if w},
            "tiles": {"drawn": list(state["tiles"]["drawn"]),
                      **{t: {k: w for k, w in state["tiles"][t].items() if w} for t in TEAMS}},
            "out": list(state["out"]), "colours": {t: list(c) for t, c in state["colours"].items()}}


def position_for(pos: dict, seat: str | None) -> tuple[dict, list[str]]:
    """The position without the other team's HQs and instructions (what ``seat`` may not see)."""
    team = TEAM_OF.get(seat)
    hidden = []
    families = {}
    for x, spec in pos["families"].items():
        if TEAM_OF[x] == team:
            families[x] = dict(spec)
            continue
        families[x] = {k: v for k, v in spec.items() if k not in HQ_KEYS}
        hidden += [f"families.{x}.{k}" for k in HQ_KEYS if k in spec]
    return {**pos, "families": families}, hidden
