"""The sequence of play (9): a round is a Players' Phase (each merc able to act activates once, in
an order the players choose, each activation followed by an Enemy Activation in its Sector),
then the Dictator Phase (skipped in Scenario 1). The scenario ends at once on victory or defeat
(7.2-7.4).

Who chooses the next merc (spec 18, 21.1): every seat with a merc still to act is asked at once
and the first answer is taken; a seat may let the others go first. At the start, each seat hires
its mercs in turn (8.1 step 4).
"""

from games.core import SYSTEM

from . import enemy_ai
from .data import MERC, SCENARIOS
from .death import available_mercs
from .state import conscious, in_play, merc_name, mercs_at, sector_name
from .steps import asks, auto, does, opt


# ---- hiring (8.1 step 4)
@asks("hire")
def ask_hire(s, frame):
    from .setup import waiting_mercs
    seat = frame["queue"][0]
    waiting = waiting_mercs(s)
    options = []
    for m in available_mercs(s):
        skill = f"{MERC[m]['skill']['name']}: {MERC[m]['skill']['text']}"
        if m in waiting:
            options.append(opt(f"hire {MERC[m]['name']} with the cards and Serious Wounds kept from the campaign "
                               f"({skill})", merc=m))
        elif waiting:    # 7.5: a merc not used so far takes over a campaign merc's Equipment and Serious Wounds
            options += [opt(f"hire {MERC[m]['name']} in place of {merc_name(x)}, with {merc_name(x)}'s equipment and "
                            f"Serious Wounds (rule 7.5; {skill})", merc=m, instead=x) for x in waiting]
        else:
            options.append(opt(f"hire {MERC[m]['name']} ({skill})", merc=m))
    mine = [merc_name(m) for m in s["order"] if s["mercs"][m]["seat"] == seat]
    text = (f"Choose a merc for your team ({len(frame['queue'])} hire{'s' if len(frame['queue']) > 1 else ''} "
            f"left{', you have ' + ', '.join(mine) if mine else ''}).")
    return {seat: ("hire", text, options)}


@does("hire")
def do_hire(ctx, frame, seat, move):
    from .setup import hire
    hire(ctx, seat, move["merc"], replaces=move.get("instead"))
    queue = frame["queue"][1:]
    if queue:
        ctx.update(queue=queue)
    else:
        ctx.pop()
        from .setup import after_hiring
        after_hiring(ctx)


# ---- the round
@auto("round")
def round_auto(ctx, frame):
    s = ctx.s
    if frame["phase"] == "setup":
        begin_round(ctx)
        return
    if frame["phase"] == "players":
        if frame.get("fresh") and s["newcomers"]:   # 5.2: placed at the start of the next Players' Phase
            ctx.push("replace", **s["newcomers"][0])
            ctx.set("newcomers", s["newcomers"][1:])
            return
        if frame.get("fresh"):
            ctx.update(fresh=False)
        if [m for m in in_play(s) if conscious(s, m) and not s["mercs"][m]["done"]]:
            ctx.push("pick", waiting=[])
            return
        if s["flags"]["dictator"]:
            ctx.update(phase="dictator")
            from .dictator import begin_phase
            begin_phase(ctx)
            return
    end_round(ctx)


def begin_round(ctx) -> None:
    s = ctx.s
    number = s["round"] + 1
    ctx.set("round", number)
    for m in s["order"]:
        merc = s["mercs"][m]
        if merc["done"] or merc["active"]:
            ctx.set(f"mercs.{m}.done", False)
    if len(in_play(s)) == 3:
        ctx.set("shared_cmd", 1)
    ctx.set("liberated_this_round", None)
    ctx.update(phase="players", fresh=True)
    ctx.emit("round_started", round=number, rounds=SCENARIOS[s["scenario"]]["rounds"])


def end_round(ctx) -> None:
    s = ctx.s
    if s["round"] >= SCENARIOS[s["scenario"]]["rounds"]:
        ctx.set("defeat", f"time ran out: {s['round']} rounds ended without victory (the scenario's limit)")
        return
    begin_round(ctx)


# ---- who activates next
def eligible(s: dict, seat: str) -> list[str]:
    return [m for m in in_play(s) if s["mercs"][m]["seat"] == seat and conscious(s, m) and not s["mercs"][m]["done"]]


@asks("pick")
def ask_pick(s, frame):
    seats = [seat for seat in s["seats"] if eligible(s, seat)]
    waiting = [seat for seat in frame["waiting"] if seat in seats]
    if len(waiting) == len(seats):
        waiting = []
    asked = [seat for seat in seats if seat not in waiting]
    out = {}
    for seat in asked:
        options = [opt(f"activate {merc_name(m)} in {sector_name(s['mercs'][m]['sector'])}"
                       f"{', Area ' + s['mercs'][m]['area'] if s['mercs'][m]['area'] else ''} "
                       f"({s['mercs'][m]['S']} stamina)", merc=m) for m in eligible(s, seat)]
        others = [x for x in seats if x != seat]
        if others and len(asked) > 1:
            options.append(opt("let the others go first", wait=True))
        text = (f"Round {s['round']}, Players' Phase: who acts next? Any of the team may go; the first answer "
                "is taken (rule 9).")
        out[seat] = ("activate", text, options)
    return out


@does("pick")
def do_pick(ctx, frame, seat, move):
    if move.get("wait"):
        ctx.update(waiting=frame["waiting"] + [seat])
        ctx.emit("waited", seat=seat)
        return
    ctx.pop()
    activate(ctx, move["merc"])


def activate(ctx, m: str) -> None:
    """10.1 steps 1-2: the Command token refreshed, fatigue recovered."""
    merc = ctx.s["mercs"][m]
    recovered = min(merc["F"], MERC[m]["recovery"])
    if recovered:
        ctx.set(f"mercs.{m}.S", merc["S"] + recovered)
        ctx.set(f"mercs.{m}.F", merc["F"] - recovered)
    for key, value in (("active", True), ("cmd", 1), ("used", []), ("free", 0), ("started", False),
                       ("steps", 0), ("camouflaged", False)):
        if merc.get(key) != value:
            ctx.set(f"mercs.{m}.{key}", value)
    ctx.emit("activated", merc=m, seat=merc["seat"], recovered=recovered, round=ctx.s["round"])
    ctx.push("act", merc=m)


def end_activation(ctx, m: str, why: str) -> None:
    """10.3: Bleeding deals its wound, Stunned ends; then every enemy in the merc's Sector acts."""
    s = ctx.s
    while ctx.top() and ctx.top()["k"] != "act":
        ctx.pop()
    if ctx.top():
        ctx.pop()
    merc = s["mercs"][m]
    sector = merc["sector"]         # 10.3: the enemies of this Sector act, even if Bleeding just killed the merc
    if not merc["dead"]:
        if "bleed" in merc["status"] and not merc["ko"]:
            from .combat import take
            ctx.emit("bled", merc=m, sub=True)
            take(ctx, m, 1, "W", "Bleeding (rule 11.4)")
        if "stun" in ctx.s["mercs"][m]["status"]:
            from .combat import remove_status
            remove_status(ctx, f"mercs.{m}", "stun")
    ctx.set(f"mercs.{m}.active", False)
    ctx.set(f"mercs.{m}.done", True)
    ctx.emit("activation_ended", merc=m, why=why)
    if not sector:
        return
    queue = enemy_ai.order(ctx.s, sector)
    if not queue:
        return
    skip = enemy_ai.skip_reason(ctx.s, m)
    if skip:
        ctx.emit("enemies_skipped", sector=sector, why=skip)
        return
    ctx.push("enemies", sector=sector, merc=m, queue=queue)


def _live(s: dict, queue: list[dict]) -> list[dict]:
    return [q for q in queue if q["e"] in s["enemies"] and not s["enemies"][q["e"]]["down"]]


@asks("enemies")
def ask_enemies(s, frame):
    live = _live(s, frame["queue"])
    if not live:
        return {}
    head = live[0]
    from .state import enemy_name
    text = f"Enemy Activation in {sector_name(frame['sector'])}: {enemy_name(s, head['e'])} acts {head['why']} (rule 13.2)."
    return {SYSTEM: ("enemy", text, [opt(f"activate {enemy_name(s, head['e'])}", step="enemy", e=head["e"])])}


@does("enemies")
def do_enemies(ctx, frame, seat, move):
    live = _live(ctx.s, frame["queue"])
    head, rest = live[0], live[1:]
    if rest:
        ctx.update(queue=rest)
    else:
        ctx.pop()
    enemy_ai.activate(ctx, head["e"], frame["merc"], head["why"])


# ---- a merc replacing a dead one (5.2)
@asks("replace")
def ask_replace(s, frame):
    options = [opt(f"hire {MERC[m]['name']} to replace {merc_name(frame['dead'])}", merc=m)
               for m in available_mercs(s)]
    text = (f"{merc_name(frame['dead'])} is dead. Choose the merc who takes the remaining cards and joins the "
            "fight (rule 5.2).")
    return {frame["seat"]: ("replace", text, options)}


@does("replace")
def do_replace(ctx, frame, seat, move):
    from .setup import hire
    ctx.pop()
    m = move["merc"]
    hire(ctx, frame["seat"], m, bare=True)        # 5.2: no kit of its own, the dead merc's cards
    from .inventory import receive
    ctx.push("place", merc=m)
    if ctx.s["reserve"]:
        ctx.push("unpack", merc=m)
    for card in frame["cards"]:
        receive(ctx, m, card, f"the cards of {merc_name(frame['dead'])}")


# ---- 5.2: "Gracz może również wziąć karty przechowywane w zapasie" (the player may also take
# cards stored in the reserve between scenarios)
@asks("unpack")
def ask_unpack(s, frame):
    from .data import CARDS
    m = frame["merc"]
    if not s["reserve"]:
        return {}
    options = [opt(f"{merc_name(m)} is ready", done=True)]
    options += [opt(f"take {CARDS[c]['name']} from the reserve", fetch=c) for c in s["reserve"]]
    text = f"{merc_name(m)} may also take cards from the team's reserve (rule 5.2)."
    return {s["mercs"][m]["seat"]: ("unpack", text, options)}


@does("unpack")
def do_unpack(ctx, frame, seat, move):
    if move.get("done"):
        ctx.pop()
        ctx.emit("unpacked", merc=frame["merc"])
        return
    from .inventory import receive
    card = move["fetch"]
    ctx.set("reserve", [c for c in ctx.s["reserve"] if c != card])
    receive(ctx, frame["merc"], card, "taken from the reserve (rule 5.2)")


@asks("place")
def ask_place(s, frame):
    m = frame["merc"]
    options = [opt(f"place {merc_name(m)} in {sector_name(t)}", sector=t, area=None)
               for t in sorted(s["sectors"]) if s["sectors"][t]["status"] == "liberated" and not t.startswith("M")]
    seen = set()
    for x in in_play(s):
        merc = s["mercs"][x]
        if x == m or not merc["sector"] or merc["sector"].startswith("M"):
            continue
        spot = (merc["sector"], merc["area"])
        if merc["area"] and spot not in seen:
            seen.add(spot)
            options.append(opt(f"place {merc_name(m)} beside {merc_name(x)} in {sector_name(spot[0])}, Area {spot[1]}",
                               sector=spot[0], area=spot[1]))
    text = f"Where does {merc_name(m)} join the fight? A Liberated Sector, or an Area with another merc (rule 5.2)."
    return {s["mercs"][m]["seat"]: ("place", text, options)}


@does("place")
def do_place(ctx, frame, seat, move):
    ctx.pop()
    m = frame["merc"]
    ctx.set(f"mercs.{m}.sector", move["sector"])
    ctx.set(f"mercs.{m}.area", move["area"])
    ctx.set("order", ctx.s["order"])
    ctx.emit("placed", merc=m, sector=move["sector"], area=move["area"])


def awake_somewhere(s: dict) -> bool:
    return any(conscious(s, m) for m in in_play(s))


def sector_mercs(s: dict, sector: str) -> list[str]:
    return mercs_at(s, sector)
