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
                   instructions=dict(me["instr"]))
    else:
        out.update(money=HIDDEN, hq=HIDDEN, tokens=HIDDEN, instructions=HIDDEN)
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
        "queue": [dict(i) for i in s["queue"]] if s["phase"] == "encounter" else [],
        "qi": s["qi"] if s["phase"] == "encounter" else 0,
        "result": dict(s["result"]) if s.get("result") else None,
    }


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
    """The position as a few lines of text for an email, as the seat may see it."""
    if state is None:
        return []
    v = view(state, seat)

    def fam(x):
        return v["seats"][x]["name"] or x

    lines = [f"Round {v['round']} of 4, {v['phase']} phase; first player {fam(v['first'])}; "
             f"upper sheet {v['sheets']['upper']}, lower sheet {v['sheets']['lower']}."]
    for x in v["order"]:
        info = v["seats"][x]
        areas = [a for a in D.AREAS if v["areas"][a]["owner"] == x]
        secret = "" if info["money"] is None else f", {info['money']} L, HQ {info['hq']} soldati and " \
            f"{len(info['tokens'])} orders"
        lines.append(f"{fam(x)} ({info['team']}): {info['mandamenti']} mandamenti{secret}; "
                     + ", ".join(f"{a} {v['areas'][a]['n']}" for a in areas))
    upper = v["sheets"]["upper"]
    cols = []
    for c in D.COLUMN_LETTERS:
        markers = [who for f in D.SHEET_FIELDS[upper] if D.FIELD[f]["column"] == c for who in v["sheets"]["fields"][f]]
        if markers:
            cols.append(f"{c}: " + " ".join("neutral" if w == NEUTRAL else fam(w) for w in markers))
    if cols:
        lines.append(f"Upper sheet markers: {'; '.join(cols)}.")
    me = v["seats"].get(seat)
    if me and me["tokens"] is not None:
        lines.append("Your HQ orders: " + ("; ".join(t["words"] for t in me["tokens"]) or "none") + ".")
        down = [f"{a}: {t['words']}" for a in D.AREAS for t in v["areas"][a]["tokens"] if t["face"] == "down" and t["id"]]
        if down:
            lines.append("Your team's face-down orders: " + "; ".join(down) + ".")
    return lines
