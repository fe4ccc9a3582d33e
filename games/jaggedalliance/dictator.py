"""The Dictator (15), played by the system seat: the board, the Dictator Phase, counterattacks,
events and lieutenants.

Dictator Phase (15.3), three automatic steps: (1) raise the Threat Level one space per pending
Threat token, resolving a counterattack at once on a space with a Counterattack token (15.4; the
scenario 2 tokens are discarded without one) and, on reaching the top, the dictator's special
ability (Deidranna: a new lieutenant, the track reset); (2) draw and resolve an Event card of the
band's colour and place it in the first free slot (a full row: the slots are emptied into their
decks and Day turns to Night or back); (3) the Day token adds a Threat token for the next phase.
Our readings (spec 15.3 AMBIGUOUS): tokens that events add are kept for the next phase; a phase
that starts at the top of the track discards its tokens without the ability firing again; the
Setup card is set aside when the slots are emptied; the counterattack tokens spent are not refilled
after a reset.

A counterattack's defence: the resource keeper (the first seat, 8.1 step 8) chooses how many rebels
of the Pool to add (+1 orange die each) to the stationed rebels' dice; the roll is made at once.
"""

from games.core import SYSTEM

from . import combat
from . import dice as D
from .data import DICTATORS, EVENTS, LIEUTENANTS, SETUP_EVENT
from .decks import draw
from .state import active_effects, in_play, is_mission, sector_name, symbol_area
from .steps import asks, does, opt

SLOTS = 3


def board(s: dict) -> dict:
    return DICTATORS[s["dictator"]["name"]]


def top(s: dict) -> int:
    return board(s)["track"][-1]["level"]


def level(s: dict, n: int) -> dict:
    return board(s)["track"][n]


def team_seat(s: dict) -> str:
    return s["seats"][0]


# ---- setup (8.1 steps 9-12)
def setup_board(ctx) -> None:
    s = ctx.s
    name = s["campaign"]["dictator"]
    lieutenants = list(s["campaign"]["lieutenants"])
    start = max([fx["n"] for lt in lieutenants for fx in LIEUTENANTS[lt]["abilities"] if fx["op"] == "start_threat"]
                or [0])
    counters = [x["level"] for x in DICTATORS[name]["track"] if x.get("counter") and x["level"] > start]
    ctx.set("dictator", {"name": name, "threat": start, "tokens": 0, "counter": counters, "slots": [SETUP_EVENT["id"]],
                         "day": True, "lieutenants": lieutenants})
    ctx.emit("dictator_ready", dictator=name, threat=start, counter=counters, lieutenants=lieutenants, sub=True)
    for lt in lieutenants:
        hide_lieutenant(ctx, lt)


def hide_lieutenant(ctx, lt: str) -> None:
    """A lieutenant hides in an Occupied Sector at random (its location is MISSING, 15.6)."""
    occupied = sorted(t for t, info in ctx.s["sectors"].items() if not is_mission(t) and info["status"] == "occupied")
    if occupied:
        ctx.set(f"hidden.lt_at.{lt}", occupied[ctx.rng.below(len(occupied))])


# ---- the phase
def begin_phase(ctx) -> None:
    """The round's Players' Phase is over: the Dictator Phase's steps, the system's."""
    if ctx.s["lasting"]:
        ctx.set("lasting", [])             # 'until the next Dictator Phase' ends here
    ctx.push("dictator", stage="raise")


@asks("dictator")
def ask_dictator(s, frame):
    d = s["dictator"]
    words = {"raise": f"raise the threat ({d['threat']}) by {d['tokens']} pending Threat token"
                      f"{'s' if d['tokens'] != 1 else ''}",
             "event": "draw and resolve an Event card", "end": "end the Dictator Phase"}[frame["stage"]]
    text = f"Dictator Phase of round {s['round']}: {words} (rule 15.3)."
    return {SYSTEM: ("dictator", text, [opt(words, step="dictator", stage=frame["stage"])])}


@does("dictator")
def do_dictator(ctx, frame, seat, move):
    stage = frame["stage"]
    if stage == "raise":
        raise_threat(ctx)
    elif stage == "event":
        ctx.update(stage="end")
        event_step(ctx)
    else:
        ctx.pop()
        end_phase(ctx)
        from .flow import end_round
        end_round(ctx)


def raise_threat(ctx) -> None:
    """15.3 step 1, one space at a time; a counterattack interrupts the raising (15.4)."""
    s = ctx.s
    d = s["dictator"]
    start, tokens, threat = d["threat"], d["tokens"], d["threat"]
    notes = []
    if tokens and threat == top(s):
        ctx.set("dictator.tokens", 0)
        ctx.emit("threat_raised", source=threat, to=threat, tokens=tokens,
                 notes=["already at the top: the tokens are discarded"])
        ctx.update(stage="event")
        return
    while tokens > 0:
        threat, tokens = threat + 1, tokens - 1
        ctx.set("dictator.threat", threat)
        ctx.set("dictator.tokens", tokens)
        if threat in s["dictator"]["counter"]:
            ctx.set("dictator.counter", [x for x in s["dictator"]["counter"] if x != threat])
            if s["flags"]["counterattacks"]:
                notes.append(f"a Counterattack token at {threat}: the counterattack comes at once (rule 15.4)")
                ctx.emit("threat_raised", source=start, to=threat, tokens=d["tokens"] + 0, notes=notes)
                ctx.push("counter", level=threat)
                return
            notes.append(f"the Counterattack token at {threat} is discarded: no counterattacks in this scenario")
        if threat == top(s):
            ctx.set("dictator.tokens", 0)
            notes.append("the top of the track: the remaining tokens are discarded")
            ctx.emit("threat_raised", source=start, to=threat, tokens=0, notes=notes)
            special_ability(ctx)
            ctx.update(stage="event")
            return
    ctx.emit("threat_raised", source=start, to=s["dictator"]["threat"], tokens=0, notes=notes)
    ctx.update(stage="event")


def special_ability(ctx) -> None:
    """Deidranna, 'My arms, eyes and ears': a new lieutenant, and the track back to its start."""
    for rule in board(ctx.s)["rules"]:
        if rule["key"] == "arms_eyes_ears":
            ctx.emit("dictator_ability", rule=rule["name"], text=rule["text"], sub=True)
            new_lieutenant(ctx, rule["name"])
            ctx.set("dictator.threat", rule.get("reset_to", 0))


def end_phase(ctx) -> None:
    """15.3 step 3: the Day token's skull adds a Threat token (not at Night)."""
    d = ctx.s["dictator"]
    if d["day"]:
        ctx.set("dictator.tokens", d["tokens"] + 1)
    ctx.emit("dictator_phase_ended", day=d["day"], tokens=ctx.s["dictator"]["tokens"])


# ---- events (15.3 step 2)
def band(s: dict) -> str:
    return level(s, s["dictator"]["threat"])["band"]


def event_step(ctx) -> None:
    s = ctx.s
    colour = band(s)
    card = draw(ctx, colour)
    if card is None:
        ctx.emit("event_drawn", deck=colour, card=None)
        return
    ctx.emit("event_drawn", deck=colour, card=card, name=EVENTS[card]["name"], text=EVENTS[card]["text"])
    for fx in EVENTS[card]["effects"]:
        apply(ctx, fx, EVENTS[card]["name"])
    slots = ctx.s["dictator"]["slots"]
    if len(slots) >= SLOTS:
        for old in slots:
            if old in EVENTS:
                deck = EVENTS[old]["deck"]
                pile = ctx.s["hidden"]["decks"].get(deck, [])
                ctx.set(f"hidden.decks.{deck}", ctx.rng.shuffled(pile + [old]))
                ctx.set(f"counts.{deck}", len(pile) + 1)
        day = not ctx.s["dictator"]["day"]
        ctx.set("dictator.day", day)
        ctx.emit("day_turned", day=day, sub=True)
        slots = []
    ctx.set("dictator.slots", slots + [card])


def apply(ctx, fx: dict, source: str) -> None:
    """One effect of an event card (data/events.json's vocabulary)."""
    s = ctx.s
    op, n = fx["op"], fx.get("n", 0)
    if op == "threat":
        ctx.set("dictator.tokens", s["dictator"]["tokens"] + n)
        ctx.emit("threat_token", n=n, why=source, sub=True)
    elif op in ("money", "rebels"):
        value = max(0, s["pool"][op] + n)
        ctx.set(f"pool.{op}", value)
        ctx.emit("pool_changed", what=op, n=n, now=value, why=source, sub=True)
    elif op in ("fatigue_all", "recover_all"):
        for m in in_play(s):
            if s["mercs"][m]["ko"]:
                continue
            if op == "fatigue_all":
                combat.take(ctx, m, n, "F", source)
            else:
                combat.recover(ctx, m, n, None)
        ctx.emit("mercs_changed", op=op, n=n, why=source, sub=True)
    elif op == "enemy_statuses_removed":
        for e in sorted(s["enemies"]):
            if s["enemies"][e]["status"]:
                ctx.set(f"enemies.{e}.status", [])
        ctx.emit("enemy_statuses_removed", why=source, sub=True)
    elif op == "reinforce":
        from .battle import spawn
        for t in sorted(s["sectors"]):
            if not is_mission(t) and s["sectors"][t]["status"] == "besieged":
                spawn(ctx, fx["enemy"], False, t, symbol_area(t, "A"), source)
    elif op in ("bribe_cost", "enemy_damage"):
        ctx.set("lasting", s["lasting"] + [{"op": op, "n": n, "why": source}])
        ctx.emit("lasting_effect", op=op, n=n, why=source, sub=True)
    elif op == "kill_ally":
        from .death import team_allies
        allies = team_allies(s)
        if len(allies) == 1:
            from .death import kill_ally
            kill_ally(ctx, allies[0][0], source)
        elif allies:
            ctx.push("kill_ally", why=source)
        else:
            ctx.emit("nothing_to_lose", why=source, what="ally", sub=True)
    elif op == "lieutenant":
        new_lieutenant(ctx, source)
    elif op == "mission":
        from .missions import new_mission
        new_mission(ctx, source)


@asks("kill_ally")
def ask_kill(s, frame):
    from .death import team_allies
    from .state import merc_name
    from .data import CARDS
    options = [opt(f"{CARDS[a]['name']} (ally of {merc_name(m)}) dies", merc=m, ally=a) for m, a in team_allies(s)]
    return {team_seat(s): ("lose an ally", f"{frame['why']}: the team loses an ally; which one (rule 14.4)?", options)}


@does("kill_ally")
def do_kill(ctx, frame, seat, move):
    ctx.pop()
    m, ally = move["merc"], move["ally"]
    ctx.set(f"mercs.{m}.allies", [a for a in ctx.s["mercs"][m]["allies"] if a != ally])
    ctx.set("campaign.killed", ctx.s["campaign"]["killed"] + [ally])
    ctx.emit("ally_killed", merc=m, card=ally, why=frame["why"])


# ---- lieutenants (15.6)
def new_lieutenant(ctx, why: str) -> None:
    lt = draw(ctx, "lieutenants")
    if lt is None:
        ctx.emit("nothing_to_lose", why=why, what="lieutenant", sub=True)
        return
    ctx.set("dictator.lieutenants", ctx.s["dictator"]["lieutenants"] + [lt])
    ctx.set("campaign.lieutenants", sorted(set(ctx.s["campaign"]["lieutenants"]) | {lt}))
    ctx.emit("lieutenant_drawn", lt=lt, name=LIEUTENANTS[lt]["name"], why=why, sub=True)
    for fx in LIEUTENANTS[lt]["abilities"]:
        if fx["op"] == "threat_on_draw":
            ctx.set("dictator.tokens", ctx.s["dictator"]["tokens"] + fx["n"])
            ctx.emit("threat_token", n=fx["n"], why=LIEUTENANTS[lt]["name"], sub=True)
    hide_lieutenant(ctx, lt)


def lieutenant_defeated(ctx, lt: str, sector: str, recipients: list[str], by: str) -> None:
    """Liberating its Sector removes the lieutenant for the campaign; its reward (an A.I.M. card)
    goes to a merc present (15.6)."""
    ctx.set("dictator.lieutenants", [x for x in ctx.s["dictator"]["lieutenants"] if x != lt])
    ctx.set("campaign.lieutenants", [x for x in ctx.s["campaign"]["lieutenants"] if x != lt])
    ctx.set("campaign.lieutenants_out", ctx.s["campaign"]["lieutenants_out"] + [lt])
    ctx.set(f"sectors.{sector}.lt", None)
    ctx.emit("lieutenant_defeated", lt=lt, name=LIEUTENANTS[lt]["name"], sector=sector, sub=True)
    reward = LIEUTENANTS[lt]["reward"]
    if reward in ctx.s["market"]:
        ctx.set("market", [c for c in ctx.s["market"] if c != reward])
    from .state import held
    owned = {c for m in ctx.s["order"] for c in held(ctx.s, m)}
    if reward not in owned and reward not in ctx.s["campaign"]["killed"]:
        from .battle import give
        give(ctx, reward, recipients, by, f"{LIEUTENANTS[lt]['name']}'s reward (rule 15.6)")


# ---- counterattacks (15.4)
def strength(s: dict) -> int:
    return level(s, s["dictator"]["threat"])["skulls"] + sum(fx.get("n", 0) for fx in active_effects(s, "counter_strength"))


def stationed(s: dict) -> int:
    return sum(info["rebels"] for t, info in s["sectors"].items() if not is_mission(t))


@asks("counter")
def ask_counter(s, frame):
    power, garrison, pool = strength(s), stationed(s), s["pool"]["rebels"]
    text = (f"Counterattack at threat {frame['level']}: strength {power}; {garrison} stationed rebel"
            f"{'s' if garrison != 1 else ''} roll{'s' if garrison == 1 else ''} an orange die each (rule 15.4).")
    if pool:
        options = [opt(f"add {n} rebel{'s' if n != 1 else ''} from the Pool ({garrison + n} orange dice)", rebels=n)
                   for n in range(0, pool + 1)]
        return {team_seat(s): ("counterattack", text + " How many of the Pool's rebels join the defence?", options)}
    return {SYSTEM: ("counterattack", text, [opt("roll the defence", step="counter", rebels=0)])}


@does("counter")
def do_counter(ctx, frame, seat, move):
    ctx.pop()
    s = ctx.s
    extra = move["rebels"]
    power, garrison = strength(s), stationed(s)
    result = D.roll(["orange"] * (garrison + extra), ctx.rng)
    left = power - result["total"]
    if extra:
        ctx.set("pool.rebels", s["pool"]["rebels"] - extra)
    ctx.emit("counterattack", level=frame["level"], strength=power, stationed=garrison, rebels=extra, roll=result,
             repelled=left <= 0)
    if left > 0:
        ctx.set("defeat", f"the counterattack at threat {frame['level']} was not repelled "
                          f"(strength {power}, {result['total']} successes) (rule 15.4)")


def event_card(card: str) -> str:
    return EVENTS[card]["name"] if card in EVENTS else card


def place_words(t: str) -> str:
    return sector_name(t)
