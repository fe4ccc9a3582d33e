"""Obtain equipment (spec 6.4.4, 8.3, 9.3): a car, a motorboat or a lab, and the 3-boat rule."""

from . import data as D
from . import effects as E
from .state import name
from .steps import does, opt, step


def equipment_options(s, seat, where=None, kinds=("car", "boat", "lab")):
    """Every placement of one piece: into ``where`` (an order's area) or anywhere legal."""
    out = []
    if "car" in kinds:
        areas = ([where] if where and s["areas"][where]["owner"] == seat else []) if where else E.car_areas(s, seat)
        if s["p"][seat]["pool"]["cars"] > 0:
            out += [opt(f"Car in {a}", kind="car", area=a) for a in areas]
    if "boat" in kinds:
        out += [opt(f"Motorboat in {sea}", kind="boat", sea=sea) for sea in E.boat_seas(s, seat, near=where)]
    if "lab" in kinds:
        out += [opt(f"Lab in {a}", kind="lab", area=a) for a in E.lab_areas(s, seat, only=[where] if where else None)]
    return out


@step("equip", prompt_kind="equipment")
def _equip_ask(s, f):
    options = equipment_options(s, f["seat"], f.get("where"), tuple(f.get("kinds", ("car", "boat", "lab"))))
    if options and f.get("optional"):
        options.append(opt("No equipment", kind="none"))
    return "Obtain equipment: put 1 car, motorboat or lab on the map.", options


@does("equip")
def _equip_do(ctx, f, move):
    ctx.pop()
    put(ctx, f["seat"], move)


def put(ctx, seat, move):
    kind = move["kind"]
    if kind == "car":
        E.place_car(ctx, seat, move["area"])
    elif kind == "lab":
        E.place_lab(ctx, seat, move["area"])
    elif kind == "boat":
        ctx.emit("boat", seat=seat, sea=move["sea"], n=1)
        ctx.push("boat_move", seat=seat, sea=move["sea"])


@step("boat_move", prompt_kind="motorboat")
def _boat_move_ask(s, f):
    sea = f["sea"]
    return (f"Your new motorboat is in {sea}: leave it there or move it to an adjacent sea area.",
            [opt(f"Leave it in {sea}", to=sea)] + [opt(f"Move it to {t}", to=t) for t in D.SEA_ADJ[sea]])


@does("boat_move")
def _boat_move_do(ctx, f, move):
    ctx.pop()
    moved = move["to"] != f["sea"]
    if moved:
        ctx.emit("boat", seat=f["seat"], sea=f["sea"], n=-1, why="move")
        ctx.emit("boat", seat=f["seat"], sea=move["to"], n=1, why="move")
    enter_boat(ctx, f["seat"], move["to"], moved)


def enter_boat(ctx, seat, sea, moved):
    """The 3-boat rule (spec 6.4.4): 3 boats in one sea area, so the new one and 1 other go."""
    if not moved and ctx.s["opts"]["boat_rule"] == "move":
        return
    boats = ctx.s["seas"][sea]
    if len(boats) < 3:
        return
    ctx.emit("boat", seat=seat, sea=sea, n=-1, why="three boats")
    others = sorted(set(ctx.s["seas"][sea]), key=ctx.s["cycle"].index)
    if len(others) == 1:
        ctx.emit("boat", seat=others[0], sea=sea, n=-1, why="three boats")
    else:
        ctx.push("sink", seat=seat, sea=sea)


@step("sink", prompt_kind="motorboat")
def _sink_ask(s, f):
    others = sorted(set(s["seas"][f["sea"]]), key=s["cycle"].index)
    return (f"Three motorboats met in {f['sea']}: yours goes, and you choose which other boat goes with it.",
            [opt(f"Remove {name(s, o)}'s motorboat", owner=o) for o in others])


@does("sink")
def _sink_do(ctx, f, move):
    ctx.pop()
    ctx.emit("boat", seat=move["owner"], sea=f["sea"], n=-1, why="three boats")
