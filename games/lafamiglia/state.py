"""The state's shape and the values derived from it (no rules that change anything).

``state``::

    opts, round (1-4), phase (setup | planning | encounter | over), first (first player of the
    phase), primo (who holds the Primo Giocatore marker), turn (planning: whose turn),
    cycle: the seats in player order (data), team: seat -> team,
    p: seat -> {family, character, money, hq (soldati), tokens (HQ), pool {soldati, cars, boats,
        markers}, board {row: markers removed}, locked (advanced tokens still on the board),
        ua (None: in the pool, else the field it is on), instr (standing instructions)},
    areas: name -> {owner (seat | "neutral" | None), n, cars, labs, tokens [{id, seat, up}],
        att (None | {seat, n, cars}: attackers in the area during a fight)},
    seas: name -> [seats of the boats there], sheets {upper, lower}, fields: id -> [owners],
    control: mandamento -> seat | None, tiles {drawn, <team>: {tile: seat | None}},
    supply {labs, neutral, neutral_markers}, out (sold tokens), colours: team -> families,
    stack (the decisions under way, innermost last), sealed (the hidden finesse picks),
    fight (the move or attack being resolved, public), queue / qi (the encounter's orders),
    result.
"""

from . import data as D

NEUTRAL = "neutral"
TEAMS = {"north": ("northwest", "northeast"), "south": ("southwest", "southeast")}
SEATS = tuple(D.PLAYER_ORDER)


def team_of(state, seat: str | None) -> str | None:
    return state["team"].get(seat) if seat else None


def ally(state, seat: str) -> str:
    team = state["team"][seat]
    return next(s for s in TEAMS[team] if s != seat)


def opponents(state, seat: str) -> list[str]:
    return [s for s in order(state) if state["team"][s] != state["team"][seat]]


def order(state, first: str | None = None) -> list[str]:
    """The seats in player order starting from ``first`` (default: the phase's first player)."""
    cycle = state["cycle"]
    i = cycle.index(first or state["first"])
    return cycle[i:] + cycle[:i]


def next_seat(state, seat: str) -> str:
    cycle = state["cycle"]
    return cycle[(cycle.index(seat) + 1) % len(cycle)]


def fam(state, seat: str) -> str | None:
    return state["p"][seat]["family"]


def name(state, who: str | None) -> str:
    """A family's name for a line of text (the seat until families are chosen)."""
    if who is None:
        return "nobody"
    if who == NEUTRAL:
        return "the neutrals"
    f = state["p"].get(who, {}).get("family") if state else None
    return D.family(f)["name"] if f else who


# ---- areas

def owner(state, area: str) -> str | None:
    return state["areas"][area]["owner"]


def areas_of(state, seat: str) -> list[str]:
    return [a for a in D.AREAS if state["areas"][a]["owner"] == seat]


def is_empty(state, area: str) -> bool:
    return state["areas"][area]["owner"] is None


def is_enemy(state, seat: str, who: str | None) -> bool:
    """A neutral or an opposing team's family (what attacks, bombs and Pentito hit)."""
    return who == NEUTRAL or (who is not None and who in state["team"] and state["team"][who] != state["team"][seat])


def labs_owned(state, seat: str) -> int:
    return sum(state["areas"][a]["labs"] for a in areas_of(state, seat))


def tokens_in(state, area: str, seat: str | None = None) -> list[dict]:
    return [t for t in state["areas"][area]["tokens"] if seat is None or t["seat"] == seat]


def order_areas(state, seat: str) -> list[str]:
    """Where ``seat`` may issue an order now: own soldati and no token yet, or one own token with
    Chain of command; never more than 2 tokens (spec 6.4.3, 6.4.8). The field of 1 order in each of
    up to 2 areas has the basic action's words, "w których nie ma jeszcze żadnego żetonu rozkazu"
    (L1747-1750, as L558-560), so the tile lifts them there too (Annex III L1903-1905)."""
    chain = has_tile(state, seat, "chain")
    out = []
    for a in areas_of(state, seat):
        tokens = state["areas"][a]["tokens"]
        if not tokens or (chain and len(tokens) == 1 and tokens[0]["seat"] == seat):
            out.append(a)
    return out


# ---- seas

def boats_of_team(state, seat: str) -> set[str]:
    team = state["team"][seat]
    return {s for s in D.SEAS if any(state["team"].get(b) == team for b in state["seas"][s])}


def seas_near(state, seat: str) -> list[str]:
    """Seas next to an area with the seat's soldati (where its motorboat may go, spec 6.4.4)."""
    mine = set(areas_of(state, seat))
    return [s for s in D.SEAS if any(a in mine for a in D.SEA_COAST[s])]


def water_reach(state, seat: str, origin: str) -> set[str]:
    """Land areas reachable by water from ``origin``: through chains of seas holding a boat of
    the seat's team (spec 8.5 step 1)."""
    boats = boats_of_team(state, seat)
    start = [s for s in D.COAST[origin] if s in boats]
    seen, todo = set(start), list(start)
    while todo:
        s = todo.pop()
        for t in D.SEA_ADJ[s]:
            if t in boats and t not in seen:
                seen.add(t)
                todo.append(t)
    return {a for s in seen for a in D.SEA_COAST[s]} - {origin}


# ---- control (spec 7.2)

def control_now(state) -> dict[str, str | None]:
    """Who controls each mandamento by the soldati on the map: a family with 2 of its 3 areas.
    A family has 6 control markers; past them it marks no more (spec 2.5)."""
    out, marked = {}, {}
    for m in D.MANDAMENTI:
        holders = [state["areas"][a]["owner"] for a in D.M_AREAS[m]]
        best = None
        for seat in state["cycle"]:
            if holders.count(seat) >= 2 and marked.get(seat, 0) < D.COMP["control"]:
                best = seat
        if best:
            marked[best] = marked.get(best, 0) + 1
        out[m] = best
    return out


def bronte_team(state) -> str | None:
    """The team whose family holds the area Bronte (the tie-break, spec 12)."""
    return state["team"].get(state["areas"][D.BRONTE]["owner"])


def mandamenti_of(state, seat: str) -> int:
    return sum(1 for m in D.MANDAMENTI if state["control"].get(m) == seat)


def team_mandamenti(state, team: str) -> int:
    return sum(mandamenti_of(state, s) for s in TEAMS[team])


# ---- tiles (spec 7.3, 13)

def has_tile(state, seat: str, key: str) -> bool:
    team = state["team"][seat]
    return state["tiles"].get(team, {}).get(key) == seat


def tiles_marked(state, seat: str) -> list[str]:
    team = state["team"][seat]
    return [k for k in state["tiles"]["drawn"] if state["tiles"][team].get(k) == seat]


# ---- family boards (spec 2.7, 6.6)

def base(state, seat: str, row: str) -> int:
    """The base value of a row: the rightmost revealed value (police, church)."""
    f = fam(state, seat)
    spec = D.board_row(f, row)
    value = spec.get("start", 0)
    for field in spec["fields"][:state["p"][seat]["board"][row]]:
        if "value" in field:
            value = field["value"]
    return value


def courts(state, seat: str, kind: str) -> int:
    """The courts row's highest visible car value: kind 'attack' (upper half) or 'bomb' (lower half)."""
    f = fam(state, seat)
    spec = D.board_row(f, "courts")
    value = spec.get("start", {}).get(kind, 0)
    for field in spec["fields"][:state["p"][seat]["board"]["courts"]]:
        value = max(value, field.get(kind, 0))
    return value


def board_left(state, seat: str, row: str) -> int:
    """Markers still covering fields of the row."""
    return D.row_length(fam(state, seat), row) - state["p"][seat]["board"][row]


# ---- action sheets (spec 2.6)

def markers_on(state, fid: str) -> list[str]:
    return state["fields"].get(fid, [])


def upper_markers(state) -> list[tuple[str, str]]:
    """(field, owner) of every marker on the upper sheet, field by field."""
    return [(fid, who) for fid in D.SHEET_FIELDS[state["sheets"]["upper"]] for who in markers_on(state, fid)]


def column_markers(state, column: str) -> list[tuple[str, str]]:
    return [(fid, who) for fid, who in upper_markers(state) if D.FIELD[fid]["column"] == column]


def is_free(state, fid: str) -> bool:
    return bool(D.FIELD[fid].get("large")) or not markers_on(state, fid)


def free_lower(state, exclude: str | None = None) -> list[str]:
    return [f for f in D.SHEET_FIELDS[state["sheets"]["lower"]] if f != exclude and is_free(state, f)]


def free_upper_in_used_columns(state) -> list[str]:
    """Where an exerted marker may go on the upper sheet: a free field in a column already
    holding another marker (spec 6.4.6)."""
    used = {D.FIELD[fid]["column"] for fid, _ in upper_markers(state)}
    return [f for f in D.SHEET_FIELDS[state["sheets"]["upper"]] if D.FIELD[f]["column"] in used and is_free(state, f)]


def column_cost(state, column: str) -> int:
    """The printed cost of spreading a column (the upper sheet's tab, or the board for sheet 0)."""
    return -D.COSTS[state["sheets"]["upper"]][column]


def spread_cost(state, seat: str, column: str) -> tuple[int, dict[str, int]]:
    """(to the supply, to each other owner) for spreading a column (spec 6.5 step 3)."""
    markers = column_markers(state, column)
    fees: dict[str, int] = {}
    for _, who in markers:
        if who not in (seat, NEUTRAL):
            fees[who] = fees.get(who, 0) + 1
    return column_cost(state, column) + len(markers), fees


# ---- pieces in the pool (spec 2.4, 2.5)

def pool(state, seat: str, kind: str) -> int:
    return state["p"][seat]["pool"][kind]
