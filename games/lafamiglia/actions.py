"""The partial actions of the action sheets' fields (spec 6.3, 6.4, Annex I) and the muster they
share with attack orders (spec 8.5 step 0)."""

from . import board as B
from . import data as D
from . import effects as E
from . import tokens as T
from .state import areas_of, base, is_empty, order_areas
from .steps import counts, does, opt, step
from .words import soldati

PART_NAMES = {
    "recruit": "recruit soldati", "place": "place soldati", "place_own": "place soldati (own area)",
    "order": "issue an order", "order_spread": "issue orders in 2 areas", "order_pair": "issue 2 orders in 1 area",
    "equipment": "obtain equipment", "launder": "launder money", "launder_muster": "launder money and muster",
    "exert": "exert influence", "exert_two": "exert influence (2 markers)", "ua": "Ultima Azione",
}


def part_label(part: dict) -> str:
    act = part["act"]
    words = PART_NAMES[act]
    if act in ("recruit", "place", "place_own") and part.get("bonus"):
        words += f" (base +{part['bonus']})"
    if act == "exert":
        words += " and return the marker" if part["then"] == "return" else " and put the marker on a sheet"
    return words


def recruit_max(s, seat, part):
    return min(base(s, seat, "church") + part.get("bonus", 0), s["p"][seat]["pool"]["soldati"])


def place_targets(s, seat, own_only=False):
    mine = areas_of(s, seat)
    return mine if own_only else mine + [a for a in D.AREAS if is_empty(s, a)]


def possible(s, seat, part, field=None) -> bool:
    """Whether a partial action can have any effect now (spec 6.3)."""
    act, me = part["act"], s["p"][seat]
    if act == "recruit":
        return recruit_max(s, seat, part) > 0
    if act in ("place", "place_own"):
        return me["hq"] > 0 and bool(place_targets(s, seat, act == "place_own"))
    if act in ("order", "order_spread"):
        return bool(me["tokens"]) and bool(order_areas(s, seat))
    if act == "order_pair":
        return bool(me["tokens"]) and bool(pair_areas(s, seat))
    if act == "equipment":
        from .equipment import equipment_options
        return bool(equipment_options(s, seat))
    if act == "launder":
        return E.labs_owned(s, seat) > 0
    if act == "launder_muster":
        return E.labs_owned(s, seat) > 0 or bool(muster_sources_anywhere(s, seat))
    if act in ("exert", "exert_two"):
        return bool(B.rows_left(s, seat))
    if act == "ua":
        return me["ua"] is None
    return False


def pair_areas(s, seat):
    return [a for a in areas_of(s, seat) if not s["areas"][a]["tokens"]]


def start(ctx, seat, part, field):
    """Begin a partial action: record it, then push the steps that ask its details."""
    act = part["act"]
    ctx.emit("note", seat=seat, what="part", part=act, field=field)
    if act == "recruit":
        ctx.push("recruit_n", seat=seat, max=base(ctx.s, seat, "church") + part.get("bonus", 0))
    elif act in ("place", "place_own"):
        ctx.push("place_area", seat=seat, max=base(ctx.s, seat, "police") + part.get("bonus", 0),
                 own=act == "place_own")
    elif act == "order":
        ctx.push("order_token", seat=seat, mode="one", left=1, used=[])
    elif act == "order_spread":
        ctx.push("order_token", seat=seat, mode="spread", left=2, used=[])
    elif act == "order_pair":
        ctx.push("pair_area", seat=seat)
    elif act == "equipment":
        ctx.push("equip", seat=seat)
    elif act == "launder":
        E.launder(ctx, seat)
    elif act == "launder_muster":
        E.launder(ctx, seat)
        if muster_sources_anywhere(ctx.s, seat):
            ctx.push("lm_area", seat=seat)
    elif act == "exert":
        ctx.push("exert_row", seat=seat, then=part["then"])
    elif act == "exert_two":
        ctx.push("exert_row", seat=seat, then="return", count=2)
    elif act == "ua":
        marker = ctx.s["fields"][field][-1]
        ctx.emit("ua", seat=seat, field=field, marker=marker)


# ---- recruit / place (spec 6.4.1, 6.4.2)

@step("recruit_n", prompt_kind="count")
def _recruit_ask(s, f):
    top = min(f["max"], s["p"][f["seat"]]["pool"]["soldati"])
    return (f"Recruit soldati from your pool to your HQ: up to {f['max']}.",
            counts(1, top, "soldati", "Recruit "))


@does("recruit_n")
def _recruit_do(ctx, f, move):
    ctx.pop()
    E.recruit(ctx, f["seat"], move["n"])


@step("place_area", prompt_kind="area")
def _place_area_ask(s, f):
    if s["p"][f["seat"]]["hq"] <= 0:
        return "", []
    areas = place_targets(s, f["seat"], f.get("own", False))
    where = "an area with your soldati" if f.get("own") else "an area with your soldati or an empty area"
    return (f"Place up to {f['max']} soldati from your HQ, all in one area: {where}.",
            [opt(f"Place in {a}" + (" (empty: 1 lab goes)" if is_empty(s, a) and s["areas"][a]["labs"] else ""),
                 to=a) for a in areas])


@does("place_area")
def _place_area_do(ctx, f, move):
    ctx.pop()
    ctx.push("place_n", seat=f["seat"], area=move["to"], max=f["max"])


@step("place_n", prompt_kind="count")
def _place_n_ask(s, f):
    top = min(f["max"], s["p"][f["seat"]]["hq"])
    return f"How many soldati from your HQ go to {f['area']}?", counts(1, top, "soldati", "Place ")


@does("place_n")
def _place_n_do(ctx, f, move):
    ctx.pop()
    E.place_from_hq(ctx, f["seat"], f["area"], move["n"])


# ---- issue orders (spec 6.4.3, 6.4.8; Annex I)

@step("order_token", prompt_kind="token")
def _order_token_ask(s, f):
    seat = f["seat"]
    if f["mode"] == "pair":
        areas = [f["area"]] if len(s["areas"][f["area"]]["tokens"]) < 2 else []
    else:
        areas = [a for a in order_areas(s, seat) if a not in f["used"]]
    if not areas or not s["p"][seat]["tokens"]:
        return "", []
    options = [opt(f"Order {T.words(t)}", token=t) for t in s["p"][seat]["tokens"]]
    if f["mode"] != "one" and f.get("placed"):
        options.append(opt("No more orders", done=True))
    return "Issue an order: choose a token from your HQ (it goes face down; only your team sees which).", options


@does("order_token")
def _order_token_do(ctx, f, move):
    ctx.pop()
    if move.get("done"):
        return
    if f["mode"] == "pair":
        issue(ctx, f["seat"], move["token"], f["area"])
        if f["left"] > 1:
            ctx.push("order_token", seat=f["seat"], mode="pair", area=f["area"], left=f["left"] - 1, used=[], placed=1)
        return
    ctx.push("order_area", seat=f["seat"], token=move["token"], mode=f["mode"], left=f["left"], used=f["used"])


@step("order_area", prompt_kind="area")
def _order_area_ask(s, f):
    if f["token"] not in s["p"][f["seat"]]["tokens"]:
        return "", []
    areas = [a for a in order_areas(s, f["seat"]) if a not in f["used"]]
    return ("Where does the order go? An area with your soldati and no order yet.",
            [opt(f"Order in {a}", to=a) for a in areas])


@does("order_area")
def _order_area_do(ctx, f, move):
    ctx.pop()
    issue(ctx, f["seat"], f["token"], move["to"])
    if f["mode"] == "spread" and f["left"] > 1:
        ctx.push("order_token", seat=f["seat"], mode="spread", left=f["left"] - 1, used=f["used"] + [move["to"]],
                 placed=1)


def issue(ctx, seat, token, area):
    ctx.emit("order", seat=seat, area=area, token=token)


@step("pair_area", prompt_kind="area")
def _pair_area_ask(s, f):
    return ("Put 2 face-down orders in one area of yours that has no order yet.",
            [opt(f"Orders in {a}", to=a) for a in pair_areas(s, f["seat"])])


@does("pair_area")
def _pair_area_do(ctx, f, move):
    ctx.pop()
    ctx.push("order_token", seat=f["seat"], mode="pair", area=move["to"], left=2, used=[])


# ---- muster: soldati and cars from adjacent areas into one area (spec 8.5 step 0; Annex I)

def muster_sources(s, seat, area):
    return [a for a in D.ADJ[area] if s["areas"][a]["owner"] == seat and s["areas"][a]["n"] > 0]


def muster_sources_anywhere(s, seat):
    return [a for a in areas_of(s, seat) if muster_sources(s, seat, a)]


@step("lm_area", prompt_kind="area")
def _lm_area_ask(s, f):
    return ("Muster: choose an area of yours to bring soldati and cars into from adjacent areas (not by boat).",
            [opt(f"Muster into {a}", to=a) for a in muster_sources_anywhere(s, f["seat"])])


@does("lm_area")
def _lm_area_do(ctx, f, move):
    ctx.pop()
    ctx.push("muster", seat=f["seat"], area=move["to"])


@step("muster", prompt_kind="muster")
def _muster_ask(s, f):
    sources = muster_sources(s, f["seat"], f["area"])
    if not sources:
        return "", []
    options = [opt(f"From {a} ({soldati(s['areas'][a]['n'])}, {s['areas'][a]['cars']} cars)", frm=a) for a in sources]
    return (f"Muster into {f['area']}: bring soldati and cars from an adjacent area of yours, or stop.",
            options + [opt("Done mustering", done=True)])


@does("muster")
def _muster_do(ctx, f, move):
    if move.get("done"):
        ctx.pop()
        return
    ctx.push("muster_n", seat=f["seat"], area=f["area"], frm=move["frm"])


@step("muster_n", prompt_kind="count")
def _muster_n_ask(s, f):
    there = s["areas"][f["frm"]]
    warn = " (all of them: you lose the area, its tokens go home" + (", and cars left there are lost)" if there["cars"] else ")")
    return (f"How many soldati come from {f['frm']} to {f['area']}?",
            [opt(soldati(n) + (warn if n == there["n"] else ""), n=n) for n in range(1, there["n"] + 1)])


@does("muster_n")
def _muster_n_do(ctx, f, move):
    ctx.pop()
    cars = ctx.s["areas"][f["frm"]]["cars"]
    if cars:
        ctx.push("muster_cars", seat=f["seat"], area=f["area"], frm=f["frm"], n=move["n"])
    else:
        muster_move(ctx, f["seat"], f["frm"], f["area"], move["n"], 0)


@step("muster_cars", prompt_kind="count")
def _muster_cars_ask(s, f):
    cars = s["areas"][f["frm"]]["cars"]
    return (f"How many cars come along from {f['frm']}?",
            [opt(f"{c} cars", cars=c) for c in range(0, cars + 1)])


@does("muster_cars")
def _muster_cars_do(ctx, f, move):
    ctx.pop()
    muster_move(ctx, f["seat"], f["frm"], f["area"], f["n"], move["cars"])


def muster_move(ctx, seat, frm, to, n, cars):
    ctx.emit("move", seat=seat, frm=frm, to=to, n=n, cars=cars, why="muster")
    if ctx.s["areas"][frm]["n"] == 0:
        E.vacated(ctx, frm, seat)
