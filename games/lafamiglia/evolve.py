"""The fold: one small handler per event type. No rules, no dice: an event says what changed.

A decision's last event carries ``stack`` (the decisions still under way), which the fold copies
in; the rules never need it anywhere else.
"""

import json

from . import data as D
from .state import NEUTRAL, SEATS, TEAMS

INSTRUCTIONS = {"conflict": "ask", "card": "ask", "take": "ask", "defend": "ask", "influence": "ask", "apply": "now"}


def _setup(state, e):
    opts = e["options"]
    chars = e["characters"]
    p = {}
    for seat in SEATS:
        char = D.CHARACTERS[chars[seat]]
        on_map = sum(D.CORNERS[seat].values())
        p[seat] = {"family": None, "character": chars[seat], "money": char["money"], "hq": char["soldati"],
                   "tokens": [], "locked": [], "ua": None, "instr": dict(INSTRUCTIONS),
                   "board": {row: 0 for row in D.ROWS},
                   "pool": {"soldati": D.COMP["soldati"] - on_map - char["soldati"], "cars": D.COMP["cars"],
                            "boats": D.COMP["boats"], "markers": D.COMP["markers"] - D.COMP["board_markers"]}}
    areas = {a: {"owner": None, "n": 0, "cars": 0, "labs": 0, "tokens": [], "att": None} for a in D.AREAS}
    for seat in SEATS:
        for a, n in D.CORNERS[seat].items():
            areas[a].update(owner=seat, n=n)
    for a, n in D.NEUTRAL_START.items():
        areas[a].update(owner=NEUTRAL, n=n)
    grey = [f for f in D.SHEET_FIELDS[0] if D.FIELD[f].get("grey")]
    state = {
        "opts": dict(opts), "round": 1, "phase": "setup", "first": e["first"], "primo": e["first"], "turn": None,
        "cycle": list(SEATS), "team": {s: t for t, members in TEAMS.items() for s in members},
        "p": p, "areas": areas, "seas": {s: [] for s in D.SEAS},
        "sheets": {"upper": 0, "lower": 1}, "fields": {f: [NEUTRAL] for f in grey},
        "control": {m: None for m in D.MANDAMENTI},
        "tiles": {"drawn": list(e["tiles"]), **{t: {k: None for k in e["tiles"]} for t in TEAMS}},
        "supply": {"labs": D.COMP["labs"], "neutral": D.COMP["neutral_soldati"] - sum(D.NEUTRAL_START.values()),
                   "neutral_markers": D.COMP["neutral_markers"] - len(grey)},
        "out": [], "colours": {t: list(c) for t, c in e["colours"].items()},
        "stack": [], "sealed": None, "fight": None, "queue": [], "qi": 0, "result": None, "setup": "families",
        "after": None,
    }
    return state


def _family(state, e):
    me = state["p"][e["seat"]]
    me["family"] = e["family"]
    me["tokens"] = list(D.BASIC[e["family"]])
    me["locked"] = [D.ADVANCED[e["family"]][key] for key in sorted(D.ADVANCED[e["family"]])]


def _money(state, e):
    state["p"][e["seat"]]["money"] += e["n"]
    if e.get("to"):
        state["p"][e["to"]]["money"] -= e["n"]


def _recruit(state, e):
    me = state["p"][e["seat"]]
    me["pool"]["soldati"] -= e["n"]
    me["hq"] += e["n"]


def _discard(state, e):
    me = state["p"][e["seat"]]
    me["hq"] -= e["n"]
    me["pool"]["soldati"] += e["n"]


def _take_from(state, seat, src, n):
    if seat == NEUTRAL:
        state["supply"]["neutral"] -= n
    elif src == "hq":
        state["p"][seat]["hq"] -= n
    else:
        state["p"][seat]["pool"]["soldati"] -= n


def _give_to(state, seat, dst, n):
    if seat == NEUTRAL:
        state["supply"]["neutral"] += n
    elif dst == "hq":
        state["p"][seat]["hq"] += n
    else:
        state["p"][seat]["pool"]["soldati"] += n


def _place(state, e):
    area = state["areas"][e["area"]]
    _take_from(state, e["seat"], e.get("src", "hq"), e["n"])
    area["owner"] = e["seat"]
    area["n"] += e["n"]


def _move(state, e):
    """Soldati (and cars) leave one area for another: as its holders, or as attackers."""
    frm, to = state["areas"][e["frm"]], state["areas"][e["to"]]
    frm["n"] -= e["n"]
    frm["cars"] -= e.get("cars", 0)
    if frm["n"] == 0:
        frm["owner"] = None
    if e.get("attack"):
        to["att"] = {"seat": e["seat"], "n": e["n"], "cars": e.get("cars", 0)}
    else:
        to["owner"] = e["seat"]
        to["n"] += e["n"]
        to["cars"] += e.get("cars", 0)


def _kill(state, e):
    area = state["areas"][e["area"]]
    if e["side"] == "att":
        who = area["att"]["seat"]
        area["att"]["n"] -= e["n"]
    else:
        who = area["owner"]
        area["n"] -= e["n"]
        if area["n"] == 0:
            area["owner"] = None
    _give_to(state, who, e.get("to", "pool"), e["n"])


def _add(state, e):
    area = state["areas"][e["area"]]
    _take_from(state, e["seat"], e.get("src", "pool"), e["n"])
    if e["side"] == "att":
        area["att"]["n"] += e["n"]
    else:
        area["owner"] = e["seat"]
        area["n"] += e["n"]


def _settle(state, e):
    area = state["areas"][e["area"]]
    att = area["att"]
    if att and att["n"] > 0 and area["n"] == 0:
        area.update(owner=att["seat"], n=att["n"], cars=att["cars"])
    elif att and att["n"] == 0 and att["cars"] and att["seat"] != NEUTRAL:
        state["p"][att["seat"]]["pool"]["cars"] += att["cars"]
    if area["n"] == 0:
        area["owner"] = None
    area["att"] = None


def _lab(state, e):
    state["areas"][e["area"]]["labs"] += e["n"]
    state["supply"]["labs"] -= e["n"]


def _car(state, e):
    area = state["areas"][e["area"]]
    if e.get("side") == "att":
        area["att"]["cars"] += e["n"]
    else:
        area["cars"] += e["n"]
    state["p"][e["seat"]]["pool"]["cars"] -= e["n"]


def _boat(state, e):
    boats = state["seas"][e["sea"]]
    if e["n"] > 0:
        boats.append(e["seat"])
    else:
        boats.remove(e["seat"])
    state["p"][e["seat"]]["pool"]["boats"] -= e["n"]


def _marker(state, e):
    who = e["who"]
    for end, sign in ((e["frm"], -1), (e["to"], 1)):
        if end == "pool":
            if who == NEUTRAL:
                state["supply"]["neutral_markers"] += sign
            else:
                state["p"][who]["pool"]["markers"] += sign
        elif end.startswith("board."):
            state["p"][who]["board"][end[6:]] -= sign     # a marker leaving the board reveals a field
        elif sign < 0:
            state["fields"][end].remove(who)
            if not state["fields"][end]:
                del state["fields"][end]
        else:
            state["fields"].setdefault(end, []).append(who)


def _unlock(state, e):
    me = state["p"][e["seat"]]
    me["locked"].remove(e["token"])
    me["tokens"].append(e["token"])


def _order(state, e):
    state["p"][e["seat"]]["tokens"].remove(e["token"])
    state["areas"][e["area"]]["tokens"].append({"id": e["token"], "seat": e["seat"], "up": False})


def _reveal(state, e):
    for a in D.AREAS:
        for t in state["areas"][a]["tokens"]:
            t["up"] = True


def _home(state, e):
    tokens = state["areas"][e["area"]]["tokens"]
    tokens[:] = [t for t in tokens if t["id"] != e["token"]]
    state["p"][e["seat"]]["tokens"].append(e["token"])


def _sell(state, e):
    me = state["p"][e["seat"]]
    me["tokens"].remove(e["token"])
    me["money"] += 1
    state["out"].append(e["token"])


def _gift(state, e):
    state["p"][e["seat"]]["money"] -= 2 * e["n"]
    state["p"][e["to"]]["money"] += e["n"]


def _primo(state, e):
    state["primo"] = e["seat"]


def _ua(state, e):
    state["p"][e["seat"]]["ua"] = {"field": e["field"], "marker": e["marker"]} if e.get("field") else None


def _control(state, e):
    state["control"].update(e["control"])


def _tile(state, e):
    state["tiles"][e["team"]][e["tile"]] = e["seat"]
    if e.get("seat"):
        state["p"][e["seat"]]["pool"]["markers"] -= 1
    if e.get("was"):
        state["p"][e["was"]]["pool"]["markers"] += 1


def _phase(state, e):
    state.update(phase=e["phase"], round=e["round"], first=e["first"], turn=None, after=e.get("after"))
    if e["phase"] == "encounter":           # the last round's order of resolution is over (8.2: made at the reveal)
        state.update(queue=[], qi=0)
    for me in state["p"].values():         # the sheet-0 fields a seat listed serve the setup only
        me.pop("plan", None)


def _setup_step(state, e):
    state["setup"] = e["step"]


def _rotate(state, e):
    old = state["sheets"]["upper"]
    for f in D.SHEET_FIELDS[old]:           # empty by now; anything left goes back where it came from
        for who in state["fields"].pop(f, []):
            _back(state, who)
    state["sheets"] = {"upper": e["upper"], "lower": e["lower"]}


def _back(state, who):
    if who == NEUTRAL:
        state["supply"]["neutral_markers"] += 1
    else:
        state["p"][who]["pool"]["markers"] += 1


def _queue(state, e):
    state["queue"] = [dict(item) for item in e["items"]]
    state["qi"] = 0


def _next(state, e):
    state["qi"] = e["qi"]


def _fight(state, e):
    state["fight"] = e["fight"]


def _seal_open(state, e):
    state["sealed"] = {"seats": list(e["seats"]), "picks": {}}


def _seal(state, e):
    state["sealed"]["picks"][e["seat"]] = e.get("card")


def _take(state, e):
    state["fight"].setdefault("takes", {})[e["seat"]] = e["take"]


def _cards(state, e):
    state["sealed"] = None
    state["fight"]["cards"] = dict(e["cards"])
    state["fight"]["held"] = {k: list(v) for k, v in e["held"].items()}


def _plan(state, e):
    state["p"][e["seat"]].setdefault("plan", []).append(e["field"])


def _instr(state, e):
    state["p"][e["seat"]]["instr"][e["key"]] = e["value"]


def _turn(state, e):
    state["turn"] = e["seat"]


def _result(state, e):
    state["result"] = {k: e[k] for k in ("winner", "text", "team", "totals") if k in e}
    state["phase"] = "over"


def _nothing(state, e):
    pass


HANDLERS = {
    "setup": None, "position": None, "family": _family, "money": _money, "recruit": _recruit, "discard": _discard,
    "place": _place, "move": _move, "kill": _kill, "add": _add, "settle": _settle,
    "lab": _lab, "car": _car, "boat": _boat, "marker": _marker, "unlock": _unlock, "order": _order,
    "reveal": _reveal, "home": _home, "sell": _sell, "gift": _gift, "primo": _primo, "ua": _ua,
    "control": _control, "tile": _tile, "phase": _phase, "setup_step": _setup_step, "rotate": _rotate,
    "queue": _queue, "next": _next, "fight": _fight, "seal_open": _seal_open, "seal": _seal, "take": _take,
    "cards": _cards, "instr": _instr, "plan": _plan, "turn": _turn, "result": _result,
    "applied": _nothing, "note": _nothing, "pass": _nothing, "bonuses": _nothing, "step": _nothing,
}


def evolve(state, event):
    kind = event["type"]
    if kind == "setup":
        state = _setup(state, event)
    elif kind == "position":
        from .position import state_of
        state = state_of(event["options"], json.loads(json.dumps(event["position"])))
    else:
        HANDLERS[kind](state, event)
    if "stack" in event:
        state["stack"] = [dict(f) for f in event["stack"]]
    return state
