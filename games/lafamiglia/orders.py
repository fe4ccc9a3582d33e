"""The attack orders that move no soldati of their own (spec 8.7-8.9, 8.11): bombs, Pentito,
incitement, White's order B; and the Rekrutacja tile after an area is taken (spec 13)."""

from . import data as D
from . import effects as E
from .combat import begin_fight, resolve_frame, verb, vests
from .state import NEUTRAL, courts, has_tile, is_empty, is_enemy, name
from .steps import does, opt, step
from .words import soldati


# ---- bombs (spec 8.7)

def bomb_target_ok(s, seat, area):
    who = s["areas"][area]["owner"]
    if who is None:
        return False
    return is_enemy(s, seat, who) or s["opts"]["bomb_targets"] == "any"


def bomb_options(s, seat, origins, f=None):
    out = []
    fuse = has_tile(s, seat, "fuse")
    for o in origins:
        cars = s["areas"][o]["cars"] if s["areas"][o]["owner"] == seat else 0
        for t in D.AREAS:
            d = D.DIST[o].get(t)
            if (d == 1 or (d == 2 and fuse and cars)) and bomb_target_ok(s, seat, t):
                out.append((o, t, d))
    return out


@step("bomb", prompt_kind="bomb")
def _bomb_ask(s, f):
    choices = bomb_options(s, f["seat"], f["origins"])
    if not choices:
        return "", []
    options = []
    for o, t, d in choices:
        who = s["areas"][t]["owner"]
        label = f"Bomb {t} ({name(s, who)}, {soldati(s['areas'][t]['n'])})"
        if len(f["origins"]) > 1:
            label += f" from {o}"
        if d == 2:
            label += " with a car bomb 2 areas away (Time fuse tile)"
        options.append(opt(label, target=t, frm=o))
    if f["second"]:
        options.append(opt("No second bomb", target=None))
    return ("Bomb an adjacent area (no soldati move; it never takes control)." if not f["second"] else
            "Double bomb: a second bomb at the same or another area?"), options


@does("bomb")
def _bomb_do(ctx, f, move):
    frame = dict(f)
    ctx.pop()
    if move["target"] is None:
        return
    d = D.DIST[move["frm"]][move["target"]]
    cars = ctx.s["areas"][move["frm"]]["cars"] if ctx.s["areas"][move["frm"]]["owner"] == frame["seat"] else 0
    if d == 2:
        explode(ctx, frame, move["target"], move["frm"], True)
    elif cars:
        frame.update(k="bomb_car", target=move["target"], frm=move["frm"])
        ctx.stack.append(frame)
    else:
        explode(ctx, frame, move["target"], move["frm"], False)


@step("bomb_car", prompt_kind="car")
def _bomb_car_ask(s, f):
    bonus = courts(s, f["seat"], "bomb")
    return (f"Use a car bomb from {f['frm']}? (+{bonus} attack; the car is lost.)",
            [opt(f"Car bomb (+{bonus})", car=True), opt("No car", car=False)])


@does("bomb_car")
def _bomb_car_do(ctx, f, move):
    frame = dict(f)
    ctx.pop()
    explode(ctx, frame, frame["target"], frame["frm"], move["car"])


def explode(ctx, f, target, frm, car):
    s = ctx.s
    seat = f["seat"]
    attack = D.TOKEN[f["token"]].get("skull", 0) + (courts(s, seat, "bomb") if car else 0)
    defender = s["areas"][target]["owner"]
    defence = s["areas"][target]["labs"] + vests(s, target, defender)
    ctx.emit("note", seat=seat, what="bomb", area=target, frm=frm, car=bool(car))
    if car:
        ctx.emit("car", seat=seat, area=frm, n=-1, why="car bomb")
    killed = min(attack - defence, s["areas"][target]["n"]) if attack > defence else 0
    ctx.emit("bonuses", area=target, attack=attack, defence=defence, killed=killed, bomb=True)
    E.kill(ctx, target, killed, killer=seat)
    if f["double"] and not f["second"]:
        ctx.push("bomb", seat=seat, token=f["token"], origins=f["origins"], double=True, second=True)


# ---- Pentito (spec 8.8)

def pentito_targets(s, seat, area, used):
    return [a for a in D.ADJ[area] if a not in used and s["areas"][a]["n"] > 0 and is_enemy(s, seat, s["areas"][a]["owner"])]


def start_pentito(ctx, seat, area, pattern):
    ctx.emit("kill", area=area, side="def", n=1, to=ctx.s["opts"]["pentito"], why="Pentito")
    if ctx.s["areas"][area]["n"] == 0:
        E.vacated(ctx, area, seat)
    ctx.push("pentito", seat=seat, area=area, pattern=list(pattern), used=[])


@step("pentito", prompt_kind="pentito")
def _pentito_ask(s, f):
    if len(f["used"]) >= len(f["pattern"]):
        return "", []
    slot = f["pattern"][len(f["used"])]
    options = []
    for a in pentito_targets(s, f["seat"], f["area"], f["used"]):
        for k in range(1, min(slot, s["areas"][a]["n"]) + 1):
            options.append(opt(f"Remove {k} from {a} ({name(s, s['areas'][a]['owner'])})", area=a, n=k))
    if not options:
        return "", []
    return (f"Pentito: remove up to {slot} enemy soldati from an adjacent area (defence does not protect; pattern "
            f"{'/'.join(map(str, f['pattern']))}).", options + [opt("Stop", area=None)])


@does("pentito")
def _pentito_do(ctx, f, move):
    if move["area"] is None:
        ctx.pop()
        return
    E.kill(ctx, move["area"], move["n"], killer=f["seat"])
    f["used"] = f["used"] + [move["area"]]
    if len(f["used"]) >= len(f["pattern"]):
        ctx.pop()


# ---- incite (spec 8.9)

def incite_targets(s, seat, src):
    """Where incited neutrals may go: an empty area, or one of the opposing team (not your ally's,
    not your own, not another neutral area: spec 8.9 policy)."""
    out = []
    for b in D.ADJ[src]:
        who = s["areas"][b]["owner"]
        if who is None or (who != NEUTRAL and is_enemy(s, seat, who)):
            out.append(b)
    return out


def incite_sources(s, seat, area, reach):
    return [x for x in D.AREAS if s["areas"][x]["owner"] == NEUTRAL and 0 < D.DIST[area].get(x, 99) <= reach
            and incite_targets(s, seat, x)]


@step("incite_src", prompt_kind="area")
def _incite_src_ask(s, f):
    return (f"Incite: choose an area with neutral soldati within {f['range']} of {f['area']}.",
            [opt(f"Incite the {s['areas'][x]['n']} neutrals of {x}", src=x)
             for x in incite_sources(s, f["seat"], f["area"], f["range"])])


@does("incite_src")
def _incite_src_do(ctx, f, move):
    frame = dict(f)
    ctx.pop()
    frame.update(k="incite_n", src=move["src"])
    ctx.stack.append(frame)


@step("incite_n", prompt_kind="count")
def _incite_n_ask(s, f):
    n = s["areas"][f["src"]]["n"]
    return (f"How many neutral soldati of {f['src']} move (and attack)?",
            [opt(f"{k} neutral{'s' if k > 1 else ''}", n=k) for k in range(1, n + 1)])


@does("incite_n")
def _incite_n_do(ctx, f, move):
    frame = dict(f)
    ctx.pop()
    frame.update(k="incite_to", n=move["n"])
    ctx.stack.append(frame)


@step("incite_to", prompt_kind="area")
def _incite_to_ask(s, f):
    return (f"Where do the {soldati(f['n'])} incited from {f['src']} go? (As a move and attack with 1 shotgun.)",
            [opt(verb(s, f["seat"], b), to=b) for b in incite_targets(s, f["seat"], f["src"])])


@does("incite_to")
def _incite_to_do(ctx, f, move):
    ctx.pop()
    to, n = move["to"], f["n"]
    empty = is_empty(ctx.s, to)
    ctx.emit("move", seat=NEUTRAL, frm=f["src"], to=to, n=n, cars=0, by="land", attack=not empty, why="incited",
             by_seat=f["seat"])
    if empty:
        E.remove_lab(ctx, to)
        return
    rf = resolve_frame(ctx)
    begin_fight(ctx, f["seat"], NEUTRAL, to, f["src"], "land", False, 0, rf["token"] if rf else None, 0, False)


# ---- White's order B (Annex II): replace adjacent enemies, then bring the replacements here

def white_targets(s, seat, area):
    out = []
    for a in D.ADJ[area]:
        who = s["areas"][a]["owner"]
        if s["areas"][a]["n"] and is_enemy(s, seat, who) and (who != NEUTRAL or s["opts"]["white_neutrals"] == "enemy"):
            out.append(a)
    return out


@step("white", prompt_kind="replace")
def _white_ask(s, f):
    pool = s["p"][f["seat"]]["pool"]["soldati"]
    options = []
    for a in white_targets(s, f["seat"], f["area"]):
        for k in range(1, min(f["left"], s["areas"][a]["n"], pool) + 1):
            options.append(opt(f"Replace {k} in {a} ({name(s, s['areas'][a]['owner'])})", area=a, n=k))
    if not options:
        return "", []
    return (f"Replace up to {f['left']} more enemy soldati in adjacent areas with your own from your pool; they "
            f"then move into {f['area']}.", options + [opt("Done", area=None)])


@does("white")
def _white_do(ctx, f, move):
    if move["area"] is None:
        ctx.pop()
        return
    k = E.kill(ctx, move["area"], move["n"])
    if k:
        ctx.emit("place", seat=f["seat"], area=f["area"], n=k, src="pool", why="replaced")
    f["left"] -= k
    if f["left"] <= 0:
        ctx.pop()


# ---- Rekrutacja (spec 13)

@step("recruitment", prompt_kind="tile")
def _recruitment_ask(s, f):
    top = min(D.TILE["recruitment"].get("n", 2), s["p"][f["seat"]]["hq"])
    if top <= 0 or s["areas"][f["area"]]["owner"] != f["seat"]:
        return "", []
    return (f"Recruitment tile: you took {f['area']}; place soldati from your HQ there?",
            [opt(f"Place {soldati(k)}", n=k) for k in range(1, top + 1)] + [opt("None", n=0)])


@does("recruitment")
def _recruitment_do(ctx, f, move):
    ctx.pop()
    if move["n"]:
        E.place_from_hq(ctx, f["seat"], f["area"], move["n"])
