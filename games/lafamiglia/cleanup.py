"""Cleanup after each phase (spec 7): mandamento control, control tiles, and after the encounter
phase the victory check (spec 12) or the end of the round (7.5)."""

from . import data as D
from . import effects as E
from .state import bronte_team, TEAMS, mandamenti_of, name, order, team_mandamenti, tiles_marked
from .steps import does, opt, step


def enter(ctx, after):
    """Control is settled from the soldati; then every removal of a tile marker, then every
    addition, each in player order (spec 7.3)."""
    s = ctx.s
    ctx.emit("phase", phase="cleanup", round=s["round"], first=s["first"], after=after)
    E.update_control(ctx)
    s = ctx.s
    seats = order(s)
    adds, removes = [], []
    for seat in seats:
        have, marked = mandamenti_of(s, seat), len(tiles_marked(s, seat))
        if have > marked:
            adds.append((seat, have - marked))
        elif have < marked:
            removes.append((seat, marked - have))
    for seat, n in reversed(adds):
        ctx.push("tile_on", seat=seat, left=n)
    for seat, n in reversed(removes):
        ctx.push("tile_off", seat=seat, left=n)


def leave(ctx):
    """The stack is empty in a cleanup: on to the encounter phase, or check victory."""
    s = ctx.s
    if s.get("after") == "planning":
        from . import encounter
        encounter.enter(ctx)
        return
    if victory(ctx):
        return
    ctx.emit("rotate", upper=s["sheets"]["lower"], lower=s["sheets"]["lower"] + 1)
    from . import planning
    planning.enter(ctx, s["round"] + 1)


@step("tile_off", prompt_kind="tile")
def _off_ask(s, f):
    return (f"You control fewer mandamenti than you have markers on control tiles: take {f['left']} off.",
            [opt(f"Take your marker off {D.TILE[k]['name']}", tile=k)
             for k in tiles_marked(s, f["seat"])])


@does("tile_off")
def _off_do(ctx, f, move):
    ctx.pop()
    team = ctx.s["team"][f["seat"]]
    ctx.emit("tile", team=team, tile=move["tile"], seat=None, was=f["seat"])
    if f["left"] > 1:
        ctx.push("tile_off", seat=f["seat"], left=f["left"] - 1)


@step("tile_on", prompt_kind="tile")
def _on_ask(s, f):
    seat = f["seat"]
    team = s["team"][seat]
    if s["p"][seat]["pool"]["markers"] <= 0:
        return "", []
    empty = [k for k in s["tiles"]["drawn"] if s["tiles"][team][k] is None]
    return (f"You control more mandamenti than you have markers on control tiles: mark {f['left']} more "
            "(talk it over with your partner; a tile serves from the next phase).",
            [opt(f"Mark {D.TILE[k]['name']}: {D.TILE[k]['text']}", tile=k) for k in empty])


@does("tile_on")
def _on_do(ctx, f, move):
    ctx.pop()
    team = ctx.s["team"][f["seat"]]
    ctx.emit("tile", team=team, tile=move["tile"], seat=f["seat"], was=None)
    if f["left"] > 1:
        ctx.push("tile_on", seat=f["seat"], left=f["left"] - 1)


def victory(ctx) -> bool:
    """Spec 12, checked only at the cleanup after an encounter phase."""
    s = ctx.s
    totals = {t: team_mandamenti(s, t) for t in TEAMS}
    reached = [t for t in TEAMS if totals[t] >= 6 or any(mandamenti_of(s, x) >= 5 for x in TEAMS[t])]
    bronte = bronte_team(s)
    last = s["round"] >= 4
    winner, why = None, None
    if len(reached) == 1:
        winner, why = reached[0], "reached the winning mandamenti"
    elif len(reached) == 2:
        a, b = reached
        if s["opts"]["tie_totals"] == "higher_total" and totals[a] != totals[b]:
            winner, why = (a if totals[a] > totals[b] else b), "both teams reached a winning total: the higher total wins"
        elif bronte:
            winner, why = bronte, "both teams reached a winning total: Bronte decides"
        elif not last:
            return False
    elif last:
        a, b = list(TEAMS)
        if totals[a] != totals[b]:
            winner, why = (a if totals[a] > totals[b] else b), "more mandamenti after round 4"
        elif bronte:
            winner, why = bronte, "equal after round 4: Bronte decides"
    else:
        return False
    counts = ", ".join(f"{t} {totals[t]}" for t in TEAMS)
    if winner:
        names = " and ".join(name(s, x) for x in TEAMS[winner])
        text = f"The {winner} team ({names}) wins: {why} (mandamenti: {counts})."
    else:
        text = f"A draw: equal mandamenti and nobody holds Bronte (mandamenti: {counts})."
    ctx.emit("result", winner=winner, team=winner, text=text, totals=totals)
    return True
