"""The encounter phase (spec 8): reveal every order, resolve supply orders then attack orders by
initiative (ties in player order from the first player), each partial action optional; the
Flota tile acts at its start (our reading, spec 13)."""

from . import combat as C
from . import orders as O
from . import data as D
from . import effects as E
from . import tokens as T
from .equipment import equipment_options
from .state import NEUTRAL, ally, has_tile, is_empty, order, seas_near
from .steps import auto, does, opt, skips, step
from .words import soldati


def enter(ctx):
    s = ctx.s
    ctx.emit("phase", phase="encounter", round=s["round"], first=s["primo"])
    ctx.push("reveal_orders")
    for seat in reversed(order(ctx.s)):
        if has_tile(ctx.s, seat, "fleet") and ctx.s["p"][seat]["pool"]["boats"] > 0 and seas_near(ctx.s, seat):
            ctx.push("fleet", seat=seat)


@auto("reveal_orders")
def _reveal(ctx, f):
    """Spec 8.1, 8.2: every token face up, and the order in which they are resolved."""
    ctx.pop()
    s = ctx.s
    shown = {a: [t["id"] for t in s["areas"][a]["tokens"]] for a in D.AREAS if s["areas"][a]["tokens"]}
    ctx.emit("reveal", tokens=shown)
    rank = {seat: i for i, seat in enumerate(order(s))}
    items = [{"token": t["id"], "seat": t["seat"], "area": a} for a in D.AREAS for t in s["areas"][a]["tokens"]]
    items.sort(key=lambda i: (D.TOKEN[i["token"]]["kind"] != "supply", D.TOKEN[i["token"]]["initiative"],
                              rank[i["seat"]], D.AREAS.index(i["area"])))
    ctx.emit("queue", items=items)


def on_map(s, token, area):
    return any(t["id"] == token for t in s["areas"][area]["tokens"])


def advance(ctx):
    """The next order still on the map, or the end of the phase (spec 8.12)."""
    s = ctx.s
    while s["qi"] < len(s["queue"]):
        item = s["queue"][s["qi"]]
        ctx.emit("next", qi=s["qi"] + 1)
        s = ctx.s
        if on_map(s, item["token"], item["area"]):
            parts = D.TOKEN[item["token"]]["parts"]
            ctx.emit("note", seat=item["seat"], what="resolve", token=item["token"], area=item["area"])
            ctx.push("resolve", seat=item["seat"], token=item["token"], area=item["area"],
                     left=list(range(len(parts))), taken=None)
            return
    for a in D.AREAS:
        for t in list(ctx.s["areas"][a]["tokens"]):
            ctx.emit("home", seat=t["seat"], token=t["id"], area=a, up=t["up"])
    from . import cleanup
    cleanup.enter(ctx, "encounter")


# ---- resolving one order

def part_ok(s, f, part) -> bool:
    seat, area, do = f["seat"], f["area"], part["do"]
    me, here = s["p"][seat], s["areas"][area]
    mine = here["owner"] == seat
    if do == "money":
        return True
    if do == "recruit":
        return me["pool"]["soldati"] > 0
    if do == "place":
        return me["hq"] > 0 and (mine or is_empty(s, area))
    if do == "lab":
        return bool(E.lab_areas(s, seat, only=[area]))
    if do == "car":
        return mine and me["pool"]["cars"] > 0
    if do == "boat":
        return bool(E.boat_seas(s, seat, near=area))
    if do == "shotgun":
        return mine
    if do == "bomb":
        return bool(O.bomb_options(s, seat, bomb_origins(s, f), f))
    if do == "pentito":
        return mine and bool(O.pentito_targets(s, seat, area, []))
    if do == "incite":
        return bool(O.incite_sources(s, seat, area, part["range"]))
    if do == "reinforce":
        return mine and (me["hq"] > 0 or bool(reinforce_targets(s, seat, area, [])))
    if do == "lab_guards":
        return me["hq"] > 0 and E.labs_owned(s, seat) > 0
    if do == "replace_adjacent":
        return me["pool"]["soldati"] > 0 and bool(O.white_targets(s, seat, area))
    return False


def bomb_origins(s, f):
    """The order's area; Blue's order B also bombs from an area its move has just taken."""
    out = [f["area"]]
    if f.get("taken") and f["taken"] != f["area"] and s["areas"][f["taken"]]["owner"] == f["seat"]:
        out.append(f["taken"])
    return out


@step("resolve", prompt_kind="order")
def _resolve_ask(s, f):
    parts = D.TOKEN[f["token"]]["parts"]
    ready = [i for i in f["left"] if part_ok(s, f, parts[i])]
    if not ready:
        return "", []
    options = []
    for i in ready:
        label = T.part_words(parts[i])
        label = label[:1].upper() + label[1:]
        if parts[i]["do"] == "incite" and len(f["left"]) > 1:
            label += " (the last action: it ends the order)"
        options.append(opt(label, part=i))
    options.append(opt("Finish this order", done=True))
    return (f"Resolve your order in {f['area']}: {T.words(f['token'])}. Every partial action is optional.", options)


@does("resolve")
def _resolve_do(ctx, f, move):
    if move.get("done"):
        finish(ctx, f)
        return
    i = move["part"]
    part = D.TOKEN[f["token"]]["parts"][i]
    f["left"] = [] if part["do"] == "incite" else [x for x in f["left"] if x != i]
    start_part(ctx, f, part)


@skips("resolve")
def _resolve_skip(ctx, f):
    finish(ctx, f)


def finish(ctx, f):
    """The order is resolved: a token without a vest goes home now (spec 8.10 policy)."""
    ctx.pop()
    token = D.TOKEN[f["token"]]
    if on_map(ctx.s, f["token"], f["area"]) and ctx.s["opts"]["token_return"] == "resolved" and not token.get("vest"):
        ctx.emit("home", seat=f["seat"], token=f["token"], area=f["area"], up=True)


def start_part(ctx, f, part):
    seat, area, do = f["seat"], f["area"], part["do"]
    ctx.emit("note", seat=seat, what="order_part", do=do, token=f["token"], area=area)
    if do == "money":
        E.gain(ctx, seat, part["n"], why="order")
    elif do == "recruit":
        ctx.push("recruit_n", seat=seat, max=part["n"])
    elif do == "place":
        n = part["n"] if "n" in part else C.base_police(ctx.s, seat) + part["police"]
        ctx.push("place_n", seat=seat, area=area, max=n)
    elif do == "lab":
        E.place_lab(ctx, seat, area)
    elif do == "car":
        E.place_car(ctx, seat, area)
    elif do == "boat":
        ctx.push("equip", seat=seat, where=area, kinds=["boat"])
    elif do == "shotgun":
        C.start_move(ctx, f, part)
    elif do == "bomb":
        ctx.push("bomb", seat=seat, token=f["token"], origins=bomb_origins(ctx.s, f), double=bool(part.get("double")),
                 second=False)
    elif do == "pentito":
        O.start_pentito(ctx, seat, area, part["pattern"])
    elif do == "incite":
        ctx.push("incite_src", seat=seat, area=area, range=part["range"])
    elif do == "reinforce":
        E.place_from_hq(ctx, seat, area, part["n"])
        ctx.push("reinforce", seat=seat, area=area, n=part["n"], left=part["adjacent"], used=[])
    elif do == "lab_guards":
        ctx.push("guards", seat=seat, done=[])
    elif do == "replace_adjacent":
        ctx.push("white", seat=seat, area=area, left=part["n"])


# ---- Red's order A (Annex II): 2 soldati here and in up to 2 adjacent areas

def reinforce_targets(s, seat, area, used):
    out = []
    for a in D.ADJ[area]:
        who = s["areas"][a]["owner"]
        if a in used:
            continue
        if who == seat and s["p"][seat]["hq"] > 0:
            out.append((a, "own"))
        elif who and who != NEUTRAL and who == ally(s, seat) and s["p"][who]["hq"] > 0:
            out.append((a, "ally"))
        elif who == NEUTRAL and s["supply"]["neutral"] > 0:
            out.append((a, "neutral"))
    return out


@step("reinforce", prompt_kind="area")
def _reinforce_ask(s, f):
    targets = reinforce_targets(s, f["seat"], f["area"], f["used"])
    if not targets:
        return "", []
    words = {"own": "soldati from your HQ", "ally": "soldati from your partner's HQ",
             "neutral": "neutral soldati from the supply"}
    return (f"Also place {f['n']} soldati in an adjacent area ({f['left']} more at most): yours, your partner's "
            "(from their HQ) or a neutral one.",
            [opt(f"{f['n']} {words[kind]} in {a}", to=a) for a, kind in targets] + [opt("No more", done=True)])


@does("reinforce")
def _reinforce_do(ctx, f, move):
    if move.get("done"):
        ctx.pop()
        return
    s, a = ctx.s, move["to"]
    who = s["areas"][a]["owner"]
    if who == NEUTRAL:
        ctx.emit("place", seat=NEUTRAL, area=a, n=min(f["n"], s["supply"]["neutral"]), src="supply")
    else:
        E.place_from_hq(ctx, who, a, f["n"])
    f["used"] = f["used"] + [a]
    f["left"] -= 1
    if f["left"] <= 0:
        ctx.pop()


# ---- Yellow's order B (Annex II): a soldato from HQ at each of your labs

def guard_needs(s, seat, done):
    return [(a, s["areas"][a]["labs"]) for a in D.AREAS
            if s["areas"][a]["owner"] == seat and s["areas"][a]["labs"] and a not in done]


@step("guards", prompt_kind="area")
def _guards_ask(s, f):
    needs = guard_needs(s, f["seat"], f["done"])
    hq = s["p"][f["seat"]]["hq"]
    if not needs or hq <= 0:
        return "", []
    return ("Place 1 soldato from your HQ at each of your labs (2 where an area has 2 labs); too few in your HQ: "
            "choose which labs get them.", [opt(f"{soldati(n)} to {a}", to=a) for a, n in needs])


@does("guards")
def _guards_do(ctx, f, move):
    a = move["to"]
    E.place_from_hq(ctx, f["seat"], a, ctx.s["areas"][a]["labs"])
    f["done"] = f["done"] + [a]


# ---- Flota (spec 13, our reading): a motorboat at the start of the encounter phase

@step("fleet", prompt_kind="tile")
def _fleet_ask(s, f):
    options = equipment_options(s, f["seat"], kinds=("boat",))
    return ("Fleet tile: place a motorboat from your pool (in a sea area on the coast of one of your areas; then it may "
            "move 1 sea area)?",
            options + [opt("No motorboat", kind="none")] if options else [])


@does("fleet")
def _fleet_do(ctx, f, move):
    from .equipment import put
    ctx.pop()
    if move["kind"] != "none":
        put(ctx, f["seat"], move)

