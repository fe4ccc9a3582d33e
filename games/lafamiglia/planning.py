"""The planning phase (spec 6): turns in player order while the upper sheet has markers; use an
action field (Option A) or spread a column (Option B); then the Ultima Azione step (6.7). The
Wpływy tile acts at the start of the phase (spec 13)."""

from . import actions as A
from . import board as B
from . import data as D
from . import effects as E
from . import tokens as T
from .equipment import equipment_options
from .state import (NEUTRAL, column_markers, free_lower, has_tile, markers_on, name, next_seat, order,
                    order_areas, spread_cost, upper_markers)
from .steps import auto, does, opt, skips, step


def enter(ctx, round_no):
    """Start a planning phase: the Primo Giocatore's holder goes first (spec 6.5)."""
    s = ctx.s
    ctx.emit("phase", phase="planning", round=round_no, first=s["primo"])
    neutral_fields = [f for f, who in upper_markers(ctx.s) if who == NEUTRAL]
    for seat in reversed(order(ctx.s)):
        me = ctx.s["p"][seat]
        if has_tile(ctx.s, seat, "influence") and neutral_fields and me["hq"] > 0 and me["pool"]["markers"] > 0:
            ctx.push("influence", seat=seat)


def advance(ctx):
    """Next in the planning phase: a turn, the Ultima Azione step, or the cleanup."""
    s = ctx.s
    if upper_markers(s):
        seat = s["first"] if s["turn"] is None else next_seat(s, s["turn"])
        ctx.emit("turn", seat=seat)
        ctx.push("turn", seat=seat)
        return
    for seat in order(s):
        if s["p"][seat]["ua"]:
            ctx.push("ua_step", seat=seat)
            return
    from . import cleanup
    cleanup.enter(ctx, "planning")


def field_cost(fid):
    return max(0, -D.FIELD[fid].get("money", 0))


def field_words(fid) -> str:
    f = D.FIELD[fid]
    join = " or " if f.get("join") == "or" else " and "
    bits = join.join(A.part_label(p) for p in f["parts"])
    money = f.get("money", 0)
    extra = f", pay {-money} L" if money < 0 else f", gain {money} L" if money > 0 else ""
    return f"{bits}{extra}{' (large field)' if f.get('large') else ''}"


def fee(seat, who):
    return 0 if who in (seat, NEUTRAL) else 1


# ---- the turn: Option A or Option B (spec 6.1, 6.2, 6.5)

@step("turn", prompt_kind="planning")
def _turn_ask(s, f):
    seat = f["seat"]
    money = s["p"][seat]["money"]
    markers = upper_markers(s)
    cheapest = min((fee(seat, who) for _, who in markers), default=0)
    options = [opt(f"Use field {x}: {field_words(x)}", field=x)
               for x in free_lower(s) if money >= field_cost(x) + cheapest]
    for c in D.COLUMN_LETTERS:
        if column_markers(s, c):
            total, fees = spread_cost(s, seat, c)
            if money >= total + sum(fees.values()):
                owners = "".join(f", {n} L to {name(s, who)}" for who, n in sorted(fees.items()))
                options.append(opt(f"Spread column {c} ({D.COLUMNS[c].replace('_', ' ')}): "
                                   f"{len(column_markers(s, c))} marker{'s' if len(column_markers(s, c)) > 1 else ''}, "
                                   f"pay {total} L{owners}", column=c))
    if not options:
        options = [opt(f"Sell {T.words(t)} for 1 L", sell=t) for t in s["p"][seat]["tokens"]]
        options = options or [opt("Pass: you cannot pay for any action", **{"pass": True})]
    return (f"Your planning turn (you have {money} L): move 1 influence marker from the upper sheet to a free "
            "field of the lower sheet and take its action, or spread a whole column.", options)


@does("turn")
def _turn_do(ctx, f, move):
    seat = f["seat"]
    if "sell" in move:
        ctx.emit("sell", seat=seat, token=move["sell"])
        return
    ctx.pop()
    if move.get("pass"):
        ctx.emit("pass", seat=seat)
    elif "field" in move:
        ctx.emit("note", seat=seat, what="use", field=move["field"])
        ctx.push("source", seat=seat, field=move["field"])
    else:
        spread(ctx, seat, move["column"])


@step("source", prompt_kind="marker")
def _source_ask(s, f):
    seat, money = f["seat"], s["p"][f["seat"]]["money"]
    seen, options = set(), []
    for fid, who in upper_markers(s):
        if (fid, who) in seen or money < field_cost(f["field"]) + fee(seat, who):
            continue
        seen.add((fid, who))
        whose = "your" if who == seat else "the neutral" if who == NEUTRAL else f"{name(s, who)}'s"
        pay = f" (pay {name(s, who)} 1 L)" if fee(seat, who) else ""
        options.append(opt(f"Move {whose} marker from {fid}{pay}", marker=fid, owner=who))
    return f"Which marker of the upper sheet goes to field {f['field']}?", options


@does("source")
def _source_do(ctx, f, move):
    seat, field, who = f["seat"], f["field"], move["owner"]
    ctx.pop()
    if fee(seat, who):
        E.pay(ctx, seat, 1, to=who, why="marker")
    E.pay(ctx, seat, field_cost(field), why="field")
    ctx.emit("marker", who=who, frm=move["marker"], to=field)
    use_field(ctx, seat, field)


def use_field(ctx, seat, field):
    """Resolve an action field (spec 6.2, 6.3): its +N first (policy), then its partial actions."""
    E.gain(ctx, seat, max(0, D.FIELD[field].get("money", 0)), why="field")
    parts = D.FIELD[field]["parts"]
    ctx.push("field", seat=seat, field=field, left=list(range(len(parts))), join=D.FIELD[field].get("join", "and"),
             done=0)


@step("field", prompt_kind="part")
def _field_ask(s, f):
    parts = D.FIELD[f["field"]]["parts"]
    ready = [i for i in f["left"] if A.possible(s, f["seat"], parts[i], f["field"])]
    if not ready or (f["join"] == "or" and f["done"]) or (len(ready) == 1 and not f["done"]):
        return "", []       # nothing more to do, or a single action to start at once (see _field_skip)
    options = [opt(A.part_label(parts[i]).capitalize(), part=i) for i in ready]
    if f["done"]:
        options.append(opt("Finish this field", done=True))
    how = "only one of them" if f["join"] == "or" else "any of them, in any order"
    return f"Field {f['field']}: choose a partial action ({how}).", options


@skips("field")
def _field_skip(ctx, f):
    """A field whose only possible action has not been taken: it is taken (you cannot do nothing,
    spec 6.3); otherwise the field is done."""
    parts = D.FIELD[f["field"]]["parts"]
    ready = [i for i in f["left"] if A.possible(ctx.s, f["seat"], parts[i], f["field"])]
    if len(ready) == 1 and not f["done"] and not (f["join"] == "or" and f["done"]):
        _field_do(ctx, f, {"part": ready[0]})
    else:
        ctx.pop()


@does("field")
def _field_do(ctx, f, move):
    if move.get("done"):
        ctx.pop()
        return
    i = move["part"]
    f["left"] = [x for x in f["left"] if x != i]
    f["done"] += 1
    A.start(ctx, f["seat"], D.FIELD[f["field"]]["parts"][i], f["field"])


# ---- Option B: spreading influence (spec 6.5)

def spread(ctx, seat, column):
    total, fees = spread_cost(ctx.s, seat, column)
    ctx.emit("note", seat=seat, what="spread", column=column)
    for who in sorted(fees, key=ctx.s["cycle"].index):
        E.pay(ctx, seat, fees[who], to=who, why="marker")
    E.pay(ctx, seat, total, why="spread")
    ctx.push("spread", seat=seat, column=column, markers=[[fid, who] for fid, who in column_markers(ctx.s, column)])


@step("spread", prompt_kind="field")
def _spread_ask(s, f):
    fid, who = f["markers"][0]
    whose = "your" if who == f["seat"] else "the neutral" if who == NEUTRAL else f"{name(s, who)}'s"
    return (f"Spreading column {f['column']}: where does {whose} marker from {fid} go? (A free field of the lower "
            "sheet; its action is not taken.)", [opt(f"To {x}", field=x) for x in free_lower(s)])


@does("spread")
def _spread_do(ctx, f, move):
    fid, who = f["markers"][0]
    ctx.emit("marker", who=who, frm=fid, to=move["field"])
    rest = f["markers"][1:]
    ctx.pop()
    if rest:
        ctx.push("spread", seat=f["seat"], column=f["column"], markers=rest)
    else:
        ctx.push("bonus_when", seat=f["seat"], column=f["column"])


@step("bonus_when", prompt_kind="bonus")
def _bonus_ask(s, f):
    seat = f["seat"]
    now = bool(s["p"][seat]["tokens"]) and bool(order_areas(s, seat))
    options = ([opt("Issue the bonus order first, then the column's action", when="before")] if now else []) + \
        [opt("Take the column's action, then issue the bonus order", when="after"),
         opt("No bonus order", when="none")]
    return "With the column's action you may also issue 1 order, before or after it.", options


@does("bonus_when")
def _bonus_do(ctx, f, move):
    seat, column = f["seat"], f["column"]
    ctx.pop()
    if move["when"] == "after":
        ctx.push("order_token", seat=seat, mode="one", left=1, used=[])
    ctx.push("col_action", seat=seat, column=column)
    if move["when"] == "before":
        ctx.push("order_token", seat=seat, mode="one", left=1, used=[])


@auto("col_action")
def _col_action(ctx, f):
    seat, action = f["seat"], D.COLUMNS[f["column"]]
    ctx.pop()
    if action == "first_player":
        ctx.emit("primo", seat=seat)
        if equipment_options(ctx.s, seat):
            ctx.push("equip", seat=seat, optional=True)
    elif action == "two_institutions":
        ctx.push("inst2", seat=seat, rows=[])
    else:
        B.influence_one(ctx, seat, action)


# ---- Ultima Azione (spec 6.7)

@step("ua_step", prompt_kind="ultima")
def _ua_ask(s, f):
    seat = f["seat"]
    ua = s["p"][seat]["ua"]
    money = s["p"][seat]["money"]
    fields = [x for x in free_lower(s, exclude=ua["field"]) if money >= field_cost(x)]
    return ("Ultima Azione: move the marker from your Ultima Azione field to another free field and take its "
            "action (no fee again for another player's marker), or let it be.",
            [opt(f"Use field {x}: {field_words(x)}", field=x) for x in fields] + [opt("Let it be", field=None)])


@does("ua_step")
def _ua_do(ctx, f, move):
    seat = f["seat"]
    ua = ctx.s["p"][seat]["ua"]
    ctx.pop()
    ctx.emit("ua", seat=seat, field=None)
    if move["field"] is None:
        return
    who = ua["marker"] if ua["marker"] in markers_on(ctx.s, ua["field"]) else markers_on(ctx.s, ua["field"])[-1]
    E.pay(ctx, seat, field_cost(move["field"]), why="field")
    ctx.emit("marker", who=who, frm=ua["field"], to=move["field"])
    use_field(ctx, seat, move["field"])


@skips("ua_step")
def _ua_skip(ctx, f):
    ctx.pop()
    ctx.emit("ua", seat=f["seat"], field=None)


# ---- Wpływy (spec 13): at the start of the planning phase

@step("influence", instruction="influence", prompt_kind="tile")
def _influence_ask(s, f):
    fields = []
    for fid, who in upper_markers(s):
        if who == NEUTRAL and fid not in fields:
            fields.append(fid)
    me = s["p"][f["seat"]]
    if not fields or me["hq"] <= 0 or me["pool"]["markers"] <= 0:
        return "", []
    return ("Influence tile: discard 1 soldato from your HQ to replace a neutral influence marker on the upper sheet with "
            "one of yours?", [opt(f"Replace the neutral marker on {x}", field=x) for x in fields]
            + [opt("Do not use the Influence tile", field=None)])


@does("influence")
def _influence_do(ctx, f, move):
    ctx.pop()
    if move["field"] is None:
        return
    seat = f["seat"]
    ctx.emit("discard", seat=seat, n=1, why="Wpływy")
    ctx.emit("marker", who=NEUTRAL, frm=move["field"], to="pool")
    ctx.emit("marker", who=seat, frm="pool", to=move["field"])
