"""What a seat may see (spec 11, 14.4) and what it may see of an event.

A seat sees the public state, and what its team may see: its own and its partner's HQ (money,
soldati, order tokens), their face-down orders, their finesse pick and their standing
instructions. Nothing of the other team's. An observer (seat None) sees the public state only.
"""

from . import board as B
from . import data as D
from . import tokens as T
from .state import NEUTRAL, SEATS, TEAMS, base, courts, mandamenti_of, order, team_of, tiles_marked

HIDDEN = None


def sees(state, seat, owner) -> bool:
    """May ``seat`` see what ``owner`` hides from the other team?"""
    return seat is not None and owner in state["team"] and team_of(state, seat) == team_of(state, owner)


def _token(state, seat, t):
    known = t["up"] or sees(state, seat, t["seat"])
    return {"seat": t["seat"], "face": "up" if t["up"] else "down",
            "id": t["id"] if known else HIDDEN, "words": T.words(t["id"]) if known else None}


def _seat(state, seat, x):
    me = state["p"][x]
    fam = me["family"]
    out = {"team": state["team"][x], "family": fam, "name": D.family(fam)["name"] if fam else None,
           "character": D.CHARACTERS[me["character"]], "pool": dict(me["pool"]), "board": dict(me["board"]),
           "locked": list(me["locked"]), "ua": me["ua"]["field"] if me["ua"] else None,
           "mandamenti": mandamenti_of(state, x), "tiles": tiles_marked(state, x)}
    if fam:
        out["values"] = {"recruit": base(state, x, "church"), "place": base(state, x, "police"),
                         "car_attack": courts(state, x, "attack"), "car_bomb": courts(state, x, "bomb")}
        out["next_fields"] = {r: B.field_words(B.next_field(state, x, r)) for r in D.ROWS}
    if sees(state, seat, x):
        out.update(money=me["money"], hq=me["hq"], tokens=[{"id": t, "words": T.words(t)} for t in me["tokens"]],
                   instructions=dict(me["instr"]), plan=list(me.get("plan", [])))
    else:
        out.update(money=HIDDEN, hq=HIDDEN, tokens=HIDDEN, instructions=HIDDEN, plan=HIDDEN)
    return out


def view(state, seat) -> dict:
    if state is None:
        return {}
    s = state
    areas = {}
    for a in D.AREAS:
        x = s["areas"][a]
        areas[a] = {"mandamento": D.MANDAMENTO_OF[a], "owner": x["owner"], "n": x["n"], "cars": x["cars"],
                    "labs": x["labs"], "tokens": [_token(s, seat, t) for t in x["tokens"]],
                    "attackers": dict(x["att"]) if x["att"] else None}
    sealed = None
    if s.get("sealed"):
        sealed = {"seats": list(s["sealed"]["seats"]), "chosen": sorted(s["sealed"]["picks"]),
                  "picks": {x: c for x, c in s["sealed"]["picks"].items() if sees(s, seat, x)}}
    top = s["stack"][-1] if s["stack"] else None
    sheets = {"upper": s["sheets"]["upper"], "lower": s["sheets"]["lower"],
              "costs": {c: -D.COSTS[s["sheets"]["upper"]][c] for c in D.COLUMN_LETTERS},
              "fields": {f: list(s["fields"].get(f, [])) for n in (s["sheets"]["upper"], s["sheets"]["lower"])
                         for f in D.SHEET_FIELDS[n]}}
    return {
        "game": "lafamiglia", "you": seat, "team": team_of(s, seat), "teams": {t: list(m) for t, m in TEAMS.items()},
        "round": s["round"], "phase": s["phase"], "first": s["first"], "primo": s["primo"], "turn": s["turn"],
        "order": order(s), "seats": {x: _seat(s, seat, x) for x in SEATS},
        "areas": areas, "seas": {sea: list(s["seas"][sea]) for sea in D.SEAS},
        "control": dict(s["control"]), "sheets": sheets,
        "tiles": {"drawn": list(s["tiles"]["drawn"]), **{t: dict(s["tiles"][t]) for t in TEAMS}},
        "out": list(s["out"]), "supply": dict(s["supply"]),
        "step": {"k": top["k"], "seat": top.get("seat")} if top else None,
        "fight": dict(s["fight"]) if s.get("fight") else None, "sealed": sealed,
        "queue": _queue(s, seat),
        "qi": s["qi"] if s["phase"] == "encounter" else 0,
        "result": dict(s["result"]) if s.get("result") else None,
    }


def _queue(s, seat) -> list[dict]:
    """The encounter's orders in the order of resolution; before the reveal (while the Fleet tile's
    holder is asked), this round's orders as they lie on the map, face down, in map order: the order
    of resolution comes with the reveal (8.1, 8.2), and a face-down token is its team's secret (11)."""
    if s["phase"] != "encounter":
        return []
    if s["queue"]:
        return [dict(i) for i in s["queue"]]
    return [{"token": _token(s, seat, t)["id"], "seat": t["seat"], "area": a, "face": "up" if t["up"] else "down"}
            for a in D.AREAS for t in s["areas"][a]["tokens"]]


def redact(event, seat):
    """An event as ``seat`` may see it: the decisions under way (``stack``) are never shown; a
    face-down order, a finesse pick and a standing instruction only to the owner's team."""
    out = {k: v for k, v in event.items() if k != "stack"}
    kind = out.get("type")
    owner = out.get("seat")
    if kind == "setup":
        return out
    if kind == "position":      # a start from a position: the other team's HQs stay hidden
        pos = out["position"]
        out["position"] = {**pos, "p": {x: me if seat is not None and _team(seat) == _team(x) else
                                        {k: v for k, v in me.items() if k not in ("money", "hq", "tokens", "instr")}
                                        for x, me in pos["p"].items()}}
        return out
    if kind == "order" and not seat_sees(event, seat):
        out["token"] = HIDDEN
    elif kind == "home" and not out.get("up", True) and not seat_sees(event, seat):
        out["token"] = HIDDEN
    elif kind == "seal" and not seat_sees(event, seat):
        out["card"] = HIDDEN
    elif kind == "plan" and not seat_sees(event, seat):
        out["field"] = HIDDEN
    elif kind in ("instr", "applied") and not seat_sees(event, seat):
        out = {"type": kind, "seat": owner, **({"fam": out["fam"]} if "fam" in out else {})}
    return out


def seat_sees(event, seat) -> bool:
    owner = event.get("seat")
    if seat is None or owner in (None, NEUTRAL):
        return False
    return _team(seat) == _team(owner)


def _team(seat):
    return next((t for t, members in TEAMS.items() if seat in members), None)


def brief(state, seat) -> list[str]:
    """The position in a few lines for an email, as the seat may see it, what matters first: where
    the game is, who plays with and against whom and the score, the team's HQs and face-down orders,
    the upper sheet in a planning phase; then each family's areas."""
    if state is None:
        return []
    v = view(state, seat)

    def fam(x):
        return v["seats"][x]["name"] or x

    lines = [_where(state, v, fam)]
    team = v["team"]
    if team:
        mates = [x for x in TEAMS[team] if x != seat]
        rivals = [x for t, members in TEAMS.items() if t != team for x in members]
        lines.append(f"You play {fam(seat)} with {fam(mates[0])} ({team} team) against "
                     f"{' and '.join(fam(x) for x in rivals)}. {_score(v, fam)}")
    else:
        lines.append(_score(v, fam))
    for x in ([seat] if seat in v["seats"] else []) + [x for x in v["order"] if x != seat]:
        info = v["seats"][x]
        if info["money"] is not None:
            who = "Your HQ" if x == seat else f"{fam(x)}'s HQ (your partner)"
            orders = ", ".join(T.brief(t["id"]) for t in info["tokens"]) or "none"
            lines.append(f"{who}: {info['money']} L, {info['hq']} soldati; orders {orders}.")
    down = [f"{a} {T.short(t['id'])} ({fam(t['seat'])})" for a in D.AREAS for t in v["areas"][a]["tokens"]
            if t["face"] == "down" and t["id"]]
    if down:
        lines.append("Your team's face-down orders: " + ", ".join(down) + ".")
    if v["phase"] == "planning":
        upper = v["sheets"]["upper"]
        cols = []
        for c in D.COLUMN_LETTERS:
            markers = [w for f in D.SHEET_FIELDS[upper] if D.FIELD[f]["column"] == c for w in v["sheets"]["fields"][f]]
            if markers:
                cols.append(f"{c} " + ", ".join("neutral" if w == NEUTRAL else fam(w) for w in markers))
        lines.append(f"Markers on the upper sheet {upper}: {'; '.join(cols) or 'none'}.")
    for x in v["order"]:
        areas = [f"{a} {v['areas'][a]['n']}" for a in D.AREAS if v["areas"][a]["owner"] == x]
        lines.append(f"{fam(x)}'s areas: {', '.join(areas) or 'none'}.")
    return lines


def _where(state, v, fam) -> str:
    phase = v["phase"]
    if v["result"]:
        return v["result"]["text"]
    if phase == "setup":
        return "Setup, before round 1."
    head = f"Round {v['round']} of 4, {phase} phase"
    if phase == "planning" and v["turn"]:
        return f"{head}: {fam(v['turn'])}'s turn (upper sheet {v['sheets']['upper']}, lower sheet {v['sheets']['lower']})."
    if phase == "encounter" and v["queue"] and v["qi"]:
        item = v["queue"][min(v["qi"], len(v["queue"])) - 1]
        return (f"{head}: order {min(v['qi'], len(v['queue']))} of {len(v['queue'])}, "
                f"{fam(item['seat'])}'s {D.TOKEN[item['token']]['name']} in {item['area']}.")
    return f"{head}."


def _score(v, fam) -> str:
    teams = []
    for t, members in TEAMS.items():
        each = ", ".join(f"{fam(x)} {v['seats'][x]['mandamenti']}" for x in members)
        teams.append(f"{t} {sum(v['seats'][x]['mandamenti'] for x in members)} ({each})")
    return f"Mandamenti: {'; '.join(teams)}; 6 for a team or 5 for a family wins."
