"""Why an answer is not a choice now, in a player's words, and what to type instead.

``refused`` reads what the player named (an area, a sea, a field, a column, an order token, a
conflict card, a number, a partial action) and says which rule keeps it out of the question now
("Enna is your partner's area: you never move into it"); then it lists the words to type for each
choice. (Whom the game waits for, when a seat is asked nothing: ``rules.nothing_asked``.)
"""

import re

from games.core import SYSTEM, IllegalMove, to_type

from . import actions as A
from . import data as D
from . import encounter as N
from . import orders as O
from . import planning as P
from . import tokens as T
from .combat import destinations
from .rules import prompts
from .state import (NEUTRAL, ally, column_markers, free_lower, free_upper_in_used_columns, has_tile, is_enemy,
                    markers_on, name, spread_cost, upper_markers, water_reach)
from .words import fold, names

SHOWN = 12          # choices named in a refusal; more are in the email's list
PLACES = sorted([(fold(a), "area", a) for a in D.AREAS] + [(fold(s), "sea", s) for s in D.SEAS],
                key=lambda x: -len(x[0]))
CARD_WORDS = {w: c for c in D.CARD_SET for w in names("card", c)}
def refused(s, seat, text: str, said: str, choices: list[str]) -> IllegalMove:
    prompt = prompts(s)[seat]
    frame = s["stack"][-1] if s["stack"] and not prompt.get("sealed") else None
    why = reason(s, seat, prompt, frame if frame and frame.get("seat") == seat else None, said)
    code = "not_allowed" if why else "bad_notation"
    why = why or f"it names none of the choices of your question ({prompt['text'].rstrip('.?')})"
    return IllegalMove(code, f"'{text}' is not a choice now: {why}. {to_type(choices, SHOWN)}")


# ---- what the player named

def mentions(said: str) -> dict:
    found: dict[str, list] = {}
    padded = f" {said} "
    for word, kind, place in PLACES:
        if f" {word} " in padded:
            found.setdefault(kind, []).append(place)
            padded = padded.replace(f" {word} ", " # ")
    found["field"] = re.findall(r"\b([0-9][a-z][0-9])\b", padded)
    found["column"] = re.findall(r"\b(?:spread|column) ([a-z])\b", padded)
    found["token"] = re.findall(r"\b(b[0-9]|(?:courts|police|banks|church)-[a-z])\b", padded)
    found["number"] = [int(n) for n in re.findall(r"(?<![0-9a-z])([0-9]+)(?![0-9a-z])", padded)]
    found["card"] = [c for w, c in CARD_WORDS.items() if f" {w} " in f" {said} "]
    found["words"] = said.split()
    return found


# ---- why it is not a choice

def reason(s, seat, prompt, f, said) -> str | None:
    m = mentions(said)
    kind = f["k"] if f else None
    if m["card"] and not prompt.get("sealed"):
        return "conflict cards are chosen only in a finesse, in secret, by the attacker and the defender"
    if {"finesse", "brutal", "brutality"} & set(m["words"]) and kind != "conflict":
        return "finesse or brutality is chosen by an attacker whose attack leaves defenders standing, not now"
    if {"take", "leave"} & set(m["words"][:1]) and kind not in ("take_att", "take_def"):
        return "taking the other side's card comes only in a finesse, once both cards are chosen"
    if kind is None:
        return None
    for check in (FIELD_CHECKS.get(kind), _token, _part, _count, _place):
        why = check(s, seat, f, m) if check else None
        if why:
            return why
    return None


def _whose(s, seat, who) -> str:
    if who == seat:
        return "your"
    if who == NEUTRAL:
        return "a neutral"
    return f"your partner {name(s, who)}'s" if s["team"].get(who) == s["team"][seat] else f"{name(s, who)}'s"


def _sheet_of(fid):
    return D.FIELD[fid]["sheet"] if fid in D.FIELD else None


def _lower_field(s, seat, fid, money_for=None) -> str | None:
    """Why ``fid`` is not a free field of the lower sheet (that the seat can pay for)."""
    upper, lower = s["sheets"]["upper"], s["sheets"]["lower"]
    if fid not in D.FIELD:
        return f"there is no field {fid} (fields are named sheet, column, row: {lower}a1 to {lower}f3)"
    if _sheet_of(fid) == upper:
        return (f"field {fid} is on the upper sheet (sheet {upper}), where markers come from; a marker goes to a free "
                f"field of the lower sheet (sheet {lower})")
    if _sheet_of(fid) != lower:
        return f"sheet {_sheet_of(fid)} is not in play: the upper sheet is {upper}, the lower sheet {lower}"
    if fid not in free_lower(s):
        held = " and ".join(_whose(s, seat, w) for w in markers_on(s, fid))
        return f"field {fid} already holds {held} marker, and only a large field takes more than one"
    money = s["p"][seat]["money"]
    if money_for is not None and money < P.field_cost(fid) + money_for:
        fee = " and 1 L to the family whose marker you move" if money_for else ""
        return f"field {fid} costs {P.field_cost(fid)} L{fee}; you have {money} L"
    return None


def _turn_fields(s, seat, f, m):
    for fid in m["field"]:
        cheapest = min((P.fee(seat, who) for _, who in upper_markers(s)), default=0)
        why = _lower_field(s, seat, fid, cheapest)
        if why:
            return why
    for c in m["column"]:
        if c not in D.COLUMNS:
            return f"there is no column {c}: the columns are {', '.join(D.COLUMN_LETTERS)}"
        if not column_markers(s, c):
            return f"column {c} of the upper sheet holds no marker to spread"
        total, fees = spread_cost(s, seat, c)
        money = s["p"][seat]["money"]
        if money < total + sum(fees.values()):
            others = "".join(f" and {n} L to {name(s, who)}" for who, n in sorted(fees.items()))
            return (f"spreading column {c} costs {total} L (its cost and 1 L a marker){others}; you have {money} L")
    return None


def _source_fields(s, seat, f, m):
    for fid in m["field"]:
        if fid not in D.FIELD or _sheet_of(fid) != s["sheets"]["upper"]:
            return f"the marker comes from a field of the upper sheet (sheet {s['sheets']['upper']}), not {fid}"
        if not markers_on(s, fid):
            return f"field {fid} holds no marker"
        money = s["p"][seat]["money"]
        if all(money < P.field_cost(f["field"]) + P.fee(seat, who) for who in markers_on(s, fid)):
            return (f"moving another family's marker from {fid} costs 1 L more, and field {f['field']} costs "
                    f"{P.field_cost(f['field'])} L; you have {money} L")
    return None


def _free_lower_fields(s, seat, f, m):
    for fid in m["field"]:
        why = _lower_field(s, seat, fid, 0 if f["k"] == "ua_step" else None)
        if why or (f["k"] == "ua_step" and fid == (s["p"][seat]["ua"] or {}).get("field")):
            return why or f"your Ultima Azione marker is on {fid}: it moves to another field"
    return None


def _exert_fields(s, seat, f, m):
    for fid in m["field"]:
        if fid in D.FIELD and _sheet_of(fid) == s["sheets"]["upper"] and fid not in free_upper_in_used_columns(s):
            return (f"on the upper sheet, an exerted marker goes only to a free field in a column that already holds "
                    f"another marker; {fid} is not one")
        if fid in D.FIELD and _sheet_of(fid) == s["sheets"]["upper"]:
            continue
        why = _lower_field(s, seat, fid)
        if why:
            return why
    return None


def _sheet0_fields(s, seat, f, m):
    for fid in m["field"]:
        if _sheet_of(fid) != 0:
            return f"at the setup your markers go on sheet 0 (fields 0a1 to 0f3), not on {fid}"
        if D.FIELD[fid].get("grey"):
            return f"field {fid} is a grey field: it holds a neutral marker"
        if markers_on(s, fid) or fid in s["p"][seat].get("plan", []):
            return f"field {fid} already holds a marker" if markers_on(s, fid) else f"you already chose field {fid}"
    return None


def _influence_fields(s, seat, f, m):
    for fid in m["field"]:
        if NEUTRAL not in markers_on(s, fid) or _sheet_of(fid) != s["sheets"]["upper"]:
            return f"the Influence tile replaces a neutral marker of the upper sheet, and {fid} holds none"
    return None


FIELD_CHECKS = {"turn": _turn_fields, "source": _source_fields, "spread": _free_lower_fields,
                "ua_step": _free_lower_fields, "exert_dest": _exert_fields, "mark0": _sheet0_fields,
                "mark_plan": _sheet0_fields, "influence": _influence_fields}


def _token(s, seat, f, m):
    """An order token named to issue (or to sell) that is not in the HQ."""
    fam = s["p"][seat]["family"]
    if not fam or (f["k"] != "order_token" and m["words"][:1] != ["sell"]):
        return None
    for short in m["token"]:
        tid = f"{fam}.{short.replace('-', '_')}"
        me = s["p"][seat]
        if tid not in D.TOKEN:
            return f"your family has no order {short}"
        if tid in me["locked"]:
            return (f"{T.name(tid)} is still on your family board: exert influence on its {D.TOKEN[tid]['row']} row to "
                    "unlock it")
        if tid in s["out"]:
            return f"you sold {T.name(tid)}: it is out of the game"
        where = next((a for a in D.AREAS for t in s["areas"][a]["tokens"] if t["id"] == tid), None)
        if where:
            return f"{T.name(tid)} is already on the map, in {where}"
    return None


PART_WORDS = {"recruit": "recruit", "place": "place", "place_own": "place", "order": "order", "order_spread": "order",
              "order_pair": "order", "equipment": "equipment", "launder": "launder", "launder_muster": "launder",
              "exert": "exert", "exert_two": "exert", "ua": "ultima"}


def _part(s, seat, f, m):
    """A partial action of a field (planning) or of an order (encounter) that cannot be taken now."""
    word = m["words"][0] if m["words"] else ""
    if f["k"] == "field":
        parts = D.FIELD[f["field"]]["parts"]
        named = [i for i, p in enumerate(parts) if PART_WORDS[p["act"]].startswith(word) or p["act"].startswith(word)]
        if not word or not named:
            return None
        i = named[0]
        if i not in f["left"]:
            return f"you have already taken that action of field {f['field']}"
        if f["join"] == "or" and f["done"]:
            return f"field {f['field']} lets you take only one of its actions"
        return None if A.possible(s, seat, parts[i], f["field"]) else _impossible(s, seat, parts[i]["act"])
    if f["k"] == "resolve":
        parts = D.TOKEN[f["token"]]["parts"]
        named = [i for i, p in enumerate(parts) if word and p["do"].startswith(word)]
        if not named:
            return None
        i = named[0]
        if i not in f["left"]:
            return f"that part of the order in {f['area']} is done"
        return None if N.part_ok(s, f, parts[i]) else _order_impossible(s, seat, f, parts[i])
    return None


def _impossible(s, seat, act) -> str:
    me = s["p"][seat]
    if act == "recruit":
        return "your pool has no soldati left to recruit"
    if act in ("place", "place_own"):
        return "your HQ holds no soldati to place" if me["hq"] <= 0 else "you have no area to place them in"
    if act.startswith("order"):
        return "your HQ holds no order token" if not me["tokens"] else "every area of yours already holds an order"
    return {"equipment": "you have no car, motorboat or lab left to place where the rules allow",
            "launder": "you have no lab to launder with", "launder_muster": "you have no lab and nothing to muster",
            "exert": "your family board has no influence marker left", "exert_two": "your family board has no "
            "influence marker left", "ua": "your Ultima Azione marker is already on a field"}[act]


def _order_impossible(s, seat, f, part) -> str:
    area, do = f["area"], part["do"]
    if do in ("shotgun", "car", "pentito", "reinforce") and s["areas"][area]["owner"] != seat:
        return f"you have no soldati left in {area}"
    return {"recruit": "your pool has no soldati left", "place": f"your HQ holds no soldati, or {area} is held by "
            "another family", "lab": f"{area} already has 2 labs, or no lab is left", "car": "you have no car left",
            "boat": "you have no motorboat left", "bomb": f"no area in reach of {area} holds neutral or opposing "
            "soldati", "pentito": f"no enemy soldati stand next to {area}", "incite": f"no neutral soldati within "
            f"{part.get('range')} areas of {area} have somewhere to go", "reinforce": "your HQ holds no soldati",
            "lab_guards": "your HQ holds no soldati, or you have no lab",
            "replace_adjacent": "no enemy soldati stand next to it, or your pool is empty"}.get(do, "it cannot act now")


def _count(s, seat, f, m):
    options = prompts(s)[seat]["options"]
    key = "cars" if f["k"] == "muster_cars" else "n"
    values = [o["move"][key] for o in options if isinstance(o["move"].get(key), int)]
    wanted = [n for n in m["number"] if n not in values]
    if not values or not wanted or m["field"]:
        return None
    low, high = min(values), max(values)
    n, there = wanted[0], ""
    if f["k"] == "recruit_n":
        there = f": you recruit up to {f['max']}, and your pool holds {s['p'][seat]['pool']['soldati']} soldati"
    elif f["k"] == "place_n":
        there = f": you place up to {f['max']} here, and your HQ holds {s['p'][seat]['hq']} soldati"
    elif f["k"] in ("move_n", "muster_n"):
        frm = f.get("origin") or f.get("frm")
        there = f": {frm} holds {s['areas'][frm]['n']} of your soldati"
    elif f["k"] == "incite_n":
        there = f": {f['src']} holds {s['areas'][f['src']]['n']} neutral soldati"
    return f"{n} is more than you may choose here (from {low} to {high}){there}"


def _place(s, seat, f, m):
    """An area or a sea named that the step does not allow: the rule that keeps it out."""
    for area in m.get("area", []):
        why = AREA_RULES.get(f["k"], lambda *_: None)(s, seat, f, area)
        if why:
            return why
    for sea in m.get("sea", []):
        if f["k"] in ("extra", "equip", "fleet"):
            return f"{sea} is not on the coast of an area of yours: a motorboat goes into a sea area next to your soldati"
        if f["k"] == "boat_move" and sea not in D.SEA_ADJ[f["sea"]] and sea != f["sea"]:
            return f"{sea} is not next to {f['sea']}: a new motorboat moves at most 1 sea area"
    return None


def _held(s, seat, area) -> str:
    who = s["areas"][area]["owner"]
    if who is None:
        return f"{area} is empty"
    if who == NEUTRAL:
        return f"{area} holds neutral soldati"
    return f"{area} is {_whose(s, seat, who)}" if who != seat else f"{area} is yours"


def _own(s, seat, f, area, what="your soldati"):
    if s["areas"][area]["owner"] != seat:
        return f"{_held(s, seat, area)}: {what} go only where your soldati stand"
    return None


def _lab_area(s, seat, f, area):
    return _own(s, seat, f, area, "labs") or (f"{area} already has 2 labs, the most an area holds"
                                              if s["areas"][area]["labs"] >= 2 else None)


def _place_area(s, seat, f, area):
    if area in A.place_targets(s, seat, f.get("own", False)):
        return None
    where = "an area of yours" if f.get("own") else "an area of yours or an empty one"
    return f"{_held(s, seat, area)}: you place soldati only in {where}"


def _order_area(s, seat, f, area):
    if s["areas"][area]["owner"] != seat:
        return f"{_held(s, seat, area)}: an order goes only where your soldati stand"
    if area in f.get("used", []):
        return f"you already issued an order in {area} with this action"
    if s["areas"][area]["tokens"]:
        chain = " (the Chain of command tile allows a second one of yours)" if not has_tile(s, seat, "chain") else ""
        return f"{area} already holds an order: one order an area{chain}"
    return None


def _move(s, seat, f, area):
    origin = f["origin"]
    if any(a == area for a, _, _ in destinations(s, f)):
        return None
    if area == origin:
        return f"your soldati are already in {area}"
    if s["areas"][area]["owner"] == ally(s, seat):
        return f"{area} is your partner's area: you never move into it"
    boats = "" if area in water_reach(s, seat, origin) else ", and no chain of sea areas with your team's motorboats reaches it"
    return f"{area} is not next to {origin}{boats}"


def _bomb(s, seat, f, area):
    if any(t == area for _, t, _ in O.bomb_options(s, seat, f["origins"])):
        return None
    who = s["areas"][area]["owner"]
    if who is None:
        return f"{area} is empty: a bomb needs soldati to hit"
    if not is_enemy(s, seat, who) and s["opts"]["bomb_targets"] == "enemies":
        return f"{_held(s, seat, area)}: a bomb hits only neutral or opposing soldati"
    near = " or ".join(f["origins"])
    return f"{area} is not next to {near} (2 areas away only with a car bomb and the Time fuse tile)"


def _adjacent(centre_key, what):
    def check(s, seat, f, area):
        centre = f[centre_key]
        if area not in D.ADJ[centre]:
            return f"{area} is not next to {centre}: {what}"
        return None
    return check


def _enemy_next(s, seat, f, area):
    return _adjacent("area", "only adjacent areas count")(s, seat, f, area) or (
        None if s["areas"][area]["n"] and is_enemy(s, seat, s["areas"][area]["owner"])
        else f"{_held(s, seat, area)}: only neutral or opposing soldati can be hit")


def _incite_src(s, seat, f, area):
    if s["areas"][area]["owner"] != NEUTRAL:
        return f"{_held(s, seat, area)}: only neutral soldati can be incited"
    d = D.DIST[f["area"]].get(area, 99)
    if d > f["range"]:
        return f"{area} is {d} areas from {f['area']}: incitement reaches {f['range']}"
    return None if O.incite_targets(s, seat, area) else \
        f"the neutrals of {area} have nowhere to go (an empty area or one of the other team's next to it)"


def _incite_to(s, seat, f, area):
    return _adjacent("src", "incited neutrals move to an adjacent area")(s, seat, f, area) or (
        None if area in O.incite_targets(s, seat, f["src"])
        else f"{_held(s, seat, area)}: incited neutrals go only into an empty area or one of the other team's")


AREA_RULES = {"place_area": _place_area, "order_area": _order_area, "pair_area": _order_area,
              "extra": lambda s, seat, f, a: _own(s, seat, f, a, "the character card's units"), "car_now": lambda s, seat, f, a: _own(s, seat, f, a, "cars"), "lab0": _lab_area,
              "lab_now": _lab_area, "lm_area": lambda s, seat, f, a: _own(s, seat, f, a, "mustered soldati"),
              "muster": lambda s, seat, f, a: _adjacent("area", "soldati muster only from adjacent areas")(s, seat, f, a)
              or _own(s, seat, f, a, "mustered soldati come from areas of yours; they"),
              "move": _move, "bomb": _bomb, "pentito": _enemy_next, "white": _enemy_next,
              "incite_src": _incite_src, "incite_to": _incite_to,
              "reinforce": _adjacent("area", "reinforcements go to adjacent areas"),
              "guards": lambda s, seat, f, a: _own(s, seat, f, a, "guards") or
              (None if s["areas"][a]["labs"] else f"{a} has no lab to guard")}
