"""Move (and attack), spec 8.5-8.6: steps 0-4 (muster, move by land or boat, bonuses, finesse or
brutality, losses), the double shotgun, the family orders that act inside a fight (Green A, Black
B, Yellow C: spec 8.11) and the tiles that change one (Allies, Bribes, Miniguns; spec 13).
Bombs, Pentito and incitement are in orders.py."""

from . import data as D
from . import effects as E
from .state import (NEUTRAL, ally, base, courts, has_tile, is_empty, is_enemy, name, next_seat,
                    water_reach)
from .steps import auto, does, opt, step
from .words import soldati


def base_police(s, seat):
    return base(s, seat, "police")


def resolve_frame(ctx):
    return next((f for f in reversed(ctx.stack) if f["k"] == "resolve"), None)


def vests(s, area, defender):
    """Passive defence: the vests of the defender's face-up tokens in the area (spec 8.10)."""
    return sum(D.TOKEN[t["id"]].get("vest", 0) for t in s["areas"][area]["tokens"] if t["seat"] == defender and t["up"])


def proxy(s, seat):
    """Who plays the neutral defender: the next opponent after the attacker in player order
    (spec 8.5 step 3.1 policy)."""
    x = next_seat(s, seat)
    while s["team"][x] == s["team"][seat]:
        x = next_seat(s, x)
    return x


# ---- move (and attack), steps 0 and 1 (spec 8.5)

def start_move(ctx, rf, part):
    t = D.TOKEN[rf["token"]]
    ctx.push("move", seat=rf["seat"], token=rf["token"], home=rf["area"], origin=rf["area"], skull=t.get("skull", 0),
             double=bool(part.get("double")), second=False, car_at=None, car_used=False,
             replace=part.get("replace", 0), buy_off=bool(part.get("buy_off")))
    if part.get("muster"):
        ctx.push("muster", seat=rf["seat"], area=rf["area"])


def destinations(s, f):
    seat, origin = f["seat"], f["origin"]
    if s["areas"][origin]["owner"] != seat:
        return []
    mate = ally(s, seat)
    out = [(b, "land", None) for b in D.ADJ[origin] if s["areas"][b]["owner"] != mate]
    out += [(b, "water", None) for b in D.AREAS if b in water_reach(s, seat, origin) and s["areas"][b]["owner"] != mate]
    if has_tile(s, seat, "allies") and s["p"][seat]["money"] >= D.TILE["allies"].get("cost", 1):
        direct, seen = set(D.ADJ[origin]), set()
        for x in D.ADJ[origin]:
            if s["areas"][x]["owner"] not in (None, NEUTRAL):
                continue
            for y in D.ADJ[x]:
                if y == origin or y in direct or y in seen or s["areas"][y]["owner"] in (mate, seat):
                    continue
                seen.add(y)
                out.append((y, "allies", x))
    return out


def verb(s, seat, area):
    who = s["areas"][area]["owner"]
    if who == seat:
        return f"Move to {area} (yours)"
    if who is None:
        return f"Move into {area} (empty)"
    return f"Attack {area} ({name(s, who)}, {soldati(s['areas'][area]['n'])})"


@step("move", prompt_kind="move")
def _move_ask(s, f):
    where = destinations(s, f)
    if not where:
        return "", []
    options = []
    for to, by, via in where:
        label = verb(s, f["seat"], to) + {"land": "", "water": " by motorboat",
                                           "allies": f" through {via} (Allies tile, 1 L)"}[by]
        options.append(opt(label, to=to, by=by, **({"via": via} if via else {})))
    word = "second " if f["second"] else ""
    return (f"Move (and attack) from {f['origin']}: choose the destination of your {word}move.",
            options + [opt("Do not move", to=None)])


@does("move")
def _move_do(ctx, f, move):
    frame = dict(f)
    ctx.pop()
    if move["to"] is None:
        return
    frame.update(k="move_n", to=move["to"], by=move["by"], via=move.get("via"))
    ctx.stack.append(frame)


@step("move_n", prompt_kind="count")
def _move_n_ask(s, f):
    n = s["areas"][f["origin"]]["n"]
    return (f"How many soldati move from {f['origin']} to {f['to']}? (Decided before the fight.)",
            [opt(soldati(k) + (f" (all: you leave {f['origin']})" if k == n else ""), n=k) for k in range(1, n + 1)])


def car_allowed(s, f):
    cars = s["areas"][f["origin"]]["cars"]
    return f["by"] != "water" and cars > 0 and (not f["car_used"] or f["car_at"] == f["origin"])


@does("move_n")
def _move_n_do(ctx, f, move):
    frame = dict(f)
    ctx.pop()
    if car_allowed(ctx.s, frame):
        frame.update(k="move_car", n=move["n"])
        ctx.stack.append(frame)
    else:
        go(ctx, frame, move["n"], False)


@step("move_car", prompt_kind="car")
def _move_car_ask(s, f):
    bonus = courts(s, f["seat"], "attack")
    return (f"Take a car along from {f['origin']}? (At most 1 car an order; +{bonus} attack, none on a water move.)",
            [opt(f"Take a car (+{bonus} attack)", car=True), opt("No car", car=False)])


@does("move_car")
def _move_car_do(ctx, f, move):
    frame = dict(f)
    ctx.pop()
    go(ctx, frame, frame["n"], move["car"])


def go(ctx, f, n, car):
    seat, origin, to = f["seat"], f["origin"], f["to"]
    if f["by"] == "allies":
        E.pay(ctx, seat, D.TILE["allies"].get("cost", 1), why="Sprzymierzeńcy")
    target = ctx.s["areas"][to]["owner"]
    fight = is_enemy(ctx.s, seat, target)
    empty = is_empty(ctx.s, to)
    ctx.emit("move", seat=seat, frm=origin, to=to, n=n, cars=int(car), by=f["by"], attack=fight)
    if ctx.s["areas"][origin]["n"] == 0:
        E.vacated(ctx, origin, seat)
    ctx.push("after_move", seat=seat, token=f["token"], home=f["home"], to=to, second=f["second"],
             double=f["double"], skull=f["skull"], car_used=f["car_used"] or car,
             car_at=to if car else f["car_at"], replace=f["replace"], buy_off=f["buy_off"])
    if fight:
        begin_fight(ctx, seat, seat, to, origin, f["by"], car, f["skull"], f["token"], f["replace"], f["buy_off"])
        return
    if empty:
        if ctx.s["opts"]["recruitment_on_move"]:
            E.take_control(ctx, to, seat)
        else:
            E.remove_lab(ctx, to)


@auto("after_move")
def _after_move(ctx, f):
    """Spec 8.6: after the first move, a double shotgun may move again, from the order's area or
    the area just reached; Blue's order B may bomb from an area taken."""
    ctx.pop()
    s = ctx.s
    reached = f["to"] if s["areas"][f["to"]]["owner"] == f["seat"] else None
    rf = resolve_frame(ctx)
    if rf is not None and reached and reached != f["home"]:
        rf["taken"] = reached
    if f["double"] and not f["second"]:
        ctx.push("move2", **{k: v for k, v in f.items() if k != "k"}, reached=reached)


@step("move2", prompt_kind="move")
def _move2_ask(s, f):
    origins = [a for a in dict.fromkeys([f["home"], f["reached"]]) if a and s["areas"][a]["owner"] == f["seat"]]
    if not origins:
        return "", []
    return ("Double shotgun: a second move (and attack), from the order's area or the area you just reached.",
            [opt(f"Second move from {a}", origin=a) for a in origins] + [opt("No second move", origin=None)])


@does("move2")
def _move2_do(ctx, f, move):
    ctx.pop()
    if move["origin"] is None:
        return
    ctx.push("move", seat=f["seat"], token=f["token"], home=f["home"], origin=move["origin"], skull=f["skull"],
             double=True, second=True, car_at=f["car_at"], car_used=f["car_used"], replace=f["replace"],
             buy_off=f["buy_off"])


# ---- the fight: steps 2-4 (spec 8.5)

def begin_fight(ctx, seat, att, area, frm, by, car, skull, token, replace, buy_off):
    s = ctx.s
    defender = s["areas"][area]["owner"]
    def_seat = defender if defender != NEUTRAL else proxy(s, seat)
    fams = {key: s["p"][x]["family"] for key, x in (("att_fam", att), ("def_fam", defender)) if x in s["p"]}
    ctx.emit("fight", fight={"seat": seat, "att": att, "def": defender, "def_seat": def_seat, "area": area,
                             "from": frm, "by": by, "car": bool(car), "skull": skull, "token": token, **fams})
    ctx.push("bonuses")
    if att == NEUTRAL:
        return
    if has_tile(s, seat, "bribes"):
        ctx.push("bribe", seat=seat)
    if buy_off:
        ctx.push("buy_off", seat=seat)
    if replace:
        ctx.push("replace", seat=seat, n=replace)


def _area(s):
    return s["areas"][s["fight"]["area"]]


@step("replace", prompt_kind="replace")
def _replace_ask(s, f):
    a = _area(s)
    top = min(f["n"], a["n"], s["p"][f["seat"]]["pool"]["soldati"])
    if top <= 0:
        return "", []
    return (f"Your order lets you replace up to {f['n']} defending soldati with your own from your pool.",
            [opt(f"Replace {k} defending soldati", n=k) for k in range(1, top + 1)] + [opt("Do not replace", n=0)])


@does("replace")
def _replace_do(ctx, f, move):
    ctx.pop()
    swap(ctx, f["seat"], move["n"])


def swap(ctx, seat, n):
    if n:
        area = ctx.s["fight"]["area"]
        ctx.emit("kill", area=area, side="def", n=n, to="pool", why="replaced")
        ctx.emit("add", area=area, side="att", n=n, seat=seat, src="pool", why="replaced")


@step("buy_off", prompt_kind="pay")
def _buy_off_ask(s, f):
    top = min(s["p"][f["seat"]]["money"], _area(s)["n"])
    if top <= 0:
        return "", []
    return ("Your order lets you pay X L to remove X defending soldati from the conflict.",
            [opt(f"Pay {k} L to remove {k} defending soldati", n=k) for k in range(1, top + 1)] + [opt("Pay nothing", n=0)])


@does("buy_off")
def _buy_off_do(ctx, f, move):
    ctx.pop()
    if move["n"]:
        E.pay(ctx, f["seat"], move["n"], why="paid off defenders")
        ctx.emit("kill", area=ctx.s["fight"]["area"], side="def", n=move["n"], to="pool", why="paid off")


@step("bribe", prompt_kind="tile")
def _bribe_ask(s, f):
    cost = D.TILE["bribes"].get("cost", 2)
    if s["p"][f["seat"]]["money"] < cost or _area(s)["n"] <= 0 or s["p"][f["seat"]]["pool"]["soldati"] <= 0:
        return "", []
    return (f"Bribes tile: pay {cost} L to replace 1 defending soldato with your own from your pool?",
            [opt(f"Pay {cost} L and replace 1 defender", bribe=True), opt("No bribe", bribe=False)])


@does("bribe")
def _bribe_do(ctx, f, move):
    ctx.pop()
    if move["bribe"]:
        E.pay(ctx, f["seat"], D.TILE["bribes"].get("cost", 2), why="Łapówki")
        swap(ctx, f["seat"], 1)


@auto("bonuses")
def _bonuses(ctx, f):
    """Step 2: attack against defence; the difference kills defenders (spec 8.5 step 2)."""
    ctx.pop()
    s = ctx.s
    fight, a = s["fight"], _area(s)
    if a["n"] > 0:
        seat = fight["seat"]
        attack = 0
        if fight["att"] != NEUTRAL:
            attack = fight["skull"] + (courts(s, seat, "attack") if fight["car"] else 0)
            attack += 1 if fight["by"] == "water" and has_tile(s, seat, "miniguns") else 0
        defence = a["labs"] + vests(s, fight["area"], fight["def"])
        killed = min(attack - defence, a["n"]) if attack > defence else 0
        ctx.emit("bonuses", area=fight["area"], attack=attack, defence=defence, killed=killed)
        if killed:
            ctx.emit("kill", area=fight["area"], side="def", n=killed, to="pool", why="bonuses")
            if fight["def"] == NEUTRAL:
                E.neutral_bonus(ctx, fight["att"], killed)
    if _area(ctx.s)["n"] == 0:
        conclude(ctx)
    else:
        ctx.push("conflict", seat=fight["seat"])


@step("conflict", instruction="conflict", prompt_kind="conflict")
def _conflict_ask(s, f):
    fight = s["fight"]
    return (f"Conflict in {fight['area']}: finesse (both sides choose a conflict card in secret) or brutality "
            "(you lose 2 attacking soldati)?",
            [opt("Finesse", conflict="finesse"), opt("Brutality", conflict="brutal")])


@does("conflict")
def _conflict_do(ctx, f, move):
    ctx.pop()
    fight = ctx.s["fight"]
    ctx.emit("note", seat=f["seat"], what="conflict", choice=move["conflict"], area=fight["area"])
    if move["conflict"] == "brutal":
        a = _area(ctx.s)
        lost = min(2, a["att"]["n"])
        if lost:
            ctx.emit("kill", area=fight["area"], side="att", n=lost, to="pool", why="brutality")
            if fight["att"] == NEUTRAL:
                E.neutral_bonus(ctx, fight["def"], lost)
        ctx.push("losses")
        return
    ctx.emit("seal_open", seats=[fight["seat"], fight["def_seat"]])
    ctx.push("losses")
    ctx.push("reveal", seat="system")
    ctx.push("take_def", seat=fight["def_seat"])
    ctx.push("take_att", seat=fight["seat"])


@step("take_att", instruction="take", prompt_kind="take")
def _take_att_ask(s, f):
    return ("Finesse: do you take the defender's face-down card (it then acts for you)?",
            [opt("Take the defender's card", take=True), opt("Leave it", take=False)])


@step("take_def", instruction="defend", prompt_kind="take")
def _take_def_ask(s, f):
    took = s["fight"].get("takes", {}).get(s["fight"]["seat"])
    return (f"Finesse: the attacker {'took' if took else 'left'} your card. Do you take the attacker's face-down "
            "card (it then acts for you)?", [opt("Take the attacker's card", take=True), opt("Leave it", take=False)])


def _take_do(ctx, f, move):
    ctx.pop()
    ctx.emit("take", seat=f["seat"], take=move["take"])


does("take_att")(_take_do)
does("take_def")(_take_do)


@step("reveal", prompt_kind="reveal")
def _reveal_ask(s, f):
    return "Both conflict cards are chosen: the rules reveal them.", [opt("Reveal the conflict cards", step="reveal")]


@does("reveal")
def _reveal_do(ctx, f, move):
    """Step 3.4: reveal; each side resolves the cards on its side, every Zdrada first (the
    attacker's first), then Tchórzostwo (spec 8.5 step 3)."""
    ctx.pop()
    s = ctx.s
    fight = s["fight"]
    att_seat, def_seat = fight["seat"], fight["def_seat"]
    picks = s["sealed"]["picks"]
    takes = fight.get("takes", {})
    held = {"att": [], "def": []}
    held["def" if takes.get(def_seat) else "att"].append(picks[att_seat])
    held["att" if takes.get(att_seat) else "def"].append(picks[def_seat])
    ctx.emit("cards", cards={att_seat: picks[att_seat], def_seat: picks[def_seat]}, held=held)
    if s["opts"]["identical_cards"] == "one":
        held = {side: sorted(set(cards), key=cards.index) for side, cards in held.items()}
    for side in ("att", "def"):
        for card in held[side]:
            if card == "zdrada":
                zdrada(ctx, side)
    for side in ("att", "def"):
        for card in held[side]:
            if card != "zdrada":
                cowardice(ctx, side, D.CARD[card].get("n", 1))


def _side_owner(fight, side):
    return fight["att"] if side == "att" else fight["def"]


def _can_add(s, who):
    return s["supply"]["neutral"] > 0 if who == NEUTRAL else s["p"][who]["pool"]["soldati"] > 0


def zdrada(ctx, side):
    """Betrayal: 1 opposing soldato back to its pool, 1 of this side's from its pool in its place."""
    s = ctx.s
    fight, a = s["fight"], _area(s)
    other = "def" if side == "att" else "att"
    there = a["n"] if other == "def" else a["att"]["n"]
    if there > 0:
        ctx.emit("kill", area=fight["area"], side=other, n=1, to="pool", why="Zdrada")
    who = _side_owner(fight, side)
    if _can_add(ctx.s, who):
        ctx.emit("add", area=fight["area"], side=side, n=1, seat=who, src="supply" if who == NEUTRAL else "pool",
                 why="Zdrada")


def cowardice(ctx, side, n):
    """Cowardice: n of this side's own soldati back to its HQ; neutrals removed this way reward the
    other side (spec 8.5 step 3.5)."""
    s = ctx.s
    fight, a = s["fight"], _area(s)
    there = a["att"]["n"] if side == "att" else a["n"]
    k = min(n, there)
    if k:
        ctx.emit("kill", area=fight["area"], side=side, n=k, to="hq", why="Tchórzostwo")
        if _side_owner(fight, side) == NEUTRAL:
            E.neutral_bonus(ctx, _side_owner(fight, "def" if side == "att" else "att"), k)


@auto("losses")
def _losses(ctx, f):
    """Step 4: both sides lose 1 soldato at a time until one has none (spec 8.5 step 4)."""
    ctx.pop()
    s = ctx.s
    fight, a = s["fight"], _area(s)
    m = min(a["n"], a["att"]["n"])
    if m:
        ctx.emit("kill", area=fight["area"], side="def", n=m, to="pool", why="losses")
        ctx.emit("kill", area=fight["area"], side="att", n=m, to="pool", why="losses")
        if fight["def"] == NEUTRAL:
            E.neutral_bonus(ctx, fight["att"], m)
        if fight["att"] == NEUTRAL:
            E.neutral_bonus(ctx, fight["def"], m)
    conclude(ctx)


def conclude(ctx):
    """The result (spec 8.5 step 4): a side wiped out loses its cars there; a defender that lost
    the area takes its tokens home; an attacker left alone takes the area (1 lab goes)."""
    s = ctx.s
    fight = s["fight"]
    area = fight["area"]
    a = s["areas"][area]
    if a["n"] == 0 and fight["def"] not in (None, NEUTRAL):
        E.vacated(ctx, area, fight["def"])
    took = ctx.s["areas"][area]["att"]["n"] > 0 and ctx.s["areas"][area]["n"] == 0
    ctx.emit("settle", area=area, winner=fight["att"] if took else ctx.s["areas"][area]["owner"])
    ctx.emit("fight", fight=None)
    if took:
        E.take_control(ctx, area, fight["att"])
