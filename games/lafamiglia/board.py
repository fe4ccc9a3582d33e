"""The family board (spec 2.7, 6.4.6, 6.5, 6.6): taking influence markers off it, what the
revealed field does, and the advanced orders it unlocks."""

from . import data as D
from . import effects as E
from .state import board_left, fam, free_lower, free_upper_in_used_columns
from .steps import does, opt, skips, step

def next_field(s, seat, row) -> dict | None:
    f = fam(s, seat)
    i = s["p"][seat]["board"][row]
    fields = D.board_row(f, row)["fields"]
    return fields[i] if i < len(fields) else None


def field_words(field: dict | None) -> str:
    if field is None:
        return "nothing left"
    if "effect" in field:
        return {"car": "gain a car", "lab": "place a lab", "launder": "launder money",
                "money": f"gain {field.get('n', 0)} L"}[field["effect"]]
    if "attack" in field:
        return f"car attack {field['attack']}, car bomb {field['bomb']}"
    return f"base {field['value']}"


def remove_marker(ctx, seat, row, to):
    """Take the leftmost marker of a row to ``to`` ('pool' or a field): reveal the field under it,
    unlock the row's token of a new group, resolve an instant effect (spec 6.6)."""
    s = ctx.s
    f = fam(s, seat)
    i = s["p"][seat]["board"][row]
    fields = D.board_row(f, row)["fields"]
    if i >= len(fields):
        return False
    field = fields[i]
    ctx.emit("marker", who=seat, frm=f"board.{row}", to=to, row=row, revealed=field_words(field))
    group = field.get("group")
    if group and all(prev.get("group") != group for prev in fields[:i]):
        token = D.ADVANCED[f].get((row, group))
        if token in ctx.s["p"][seat]["locked"]:
            ctx.emit("unlock", seat=seat, token=token)
    effect = field.get("effect")
    if effect == "money":
        E.gain(ctx, seat, field.get("n", 0), why="bank field")
    elif effect == "launder":
        E.launder(ctx, seat)
    elif effect == "car" and E.car_areas(ctx.s, seat):
        ctx.push("car_now", seat=seat)
    elif effect == "lab" and E.lab_areas(ctx.s, seat):
        ctx.push("lab_now", seat=seat)
    return True


def rows_left(s, seat):
    return [r for r in D.ROWS if board_left(s, seat, r) > 0]


def destinations(s):
    """Where an exerted marker may go: a free field of the upper sheet in a column with another
    marker, or a free field of the lower sheet; its action is not resolved (spec 6.4.6)."""
    return [opt(f"Upper sheet {x}", field=x) for x in free_upper_in_used_columns(s)] + \
           [opt(f"Lower sheet {x} (blocks it)", field=x) for x in free_lower(s)]


# 6.6: an uncovered car or lab field allows the piece, it does not impose it: "Efekt ten pozwala ci
# natychmiast umieścić 1 samochód" (courts, L798-799), "Możesz dzięki nim natychmiast ... umieścić
# 1 laboratorium" (banks, L805-806); declined, it is gone ("musi to zrobić od razu", L829-830)

@step("car_now", prompt_kind="car")
def _car_now_ask(s, f):
    areas = E.car_areas(s, f["seat"])
    return ("The revealed courts field lets you place a car now in an area with your soldati (now or never).",
            [opt(f"Car in {a}", to=a) for a in areas] + [opt("No car", car=False)] if areas else [])


@does("car_now")
def _car_now_do(ctx, f, move):
    ctx.pop()
    if move.get("to"):
        E.place_car(ctx, f["seat"], move["to"])


@step("lab_now", prompt_kind="lab")
def _lab_now_ask(s, f):
    areas = E.lab_areas(s, f["seat"])
    return ("The revealed bank field lets you place a lab now in an area of yours with fewer than 2 labs (now or "
            "never).", [opt(f"Lab in {a}", to=a) for a in areas] + [opt("No lab", lab=False)] if areas else [])


@does("lab_now")
def _lab_now_do(ctx, f, move):
    ctx.pop()
    if move.get("to"):
        E.place_lab(ctx, f["seat"], move["to"])


# ---- Exert influence (spec 6.4.6; Annex I: two markers of one row)

@step("exert_row", prompt_kind="row")
def _exert_row_ask(s, f):
    n = f.get("count", 1)
    what = "return it to your pool" if f["then"] == "return" else "then put it on a sheet"
    text = (f"Exert influence: take the leftmost marker{'s' if n > 1 else ''} of a row of your family board "
            f"({'both go to your pool' if n > 1 else what}).")
    return text, [opt(f"{r.capitalize()} (reveals: {field_words(next_field(s, f['seat'], r))})", row=r)
                  for r in rows_left(s, f["seat"])]


@does("exert_row")
def _exert_row_do(ctx, f, move):
    ctx.pop()
    if f["then"] == "place":
        ctx.push("exert_dest", seat=f["seat"], row=move["row"])
        return
    for _ in range(f.get("count", 1)):
        remove_marker(ctx, f["seat"], move["row"], "pool")


@step("exert_dest", prompt_kind="field")
def _exert_dest_ask(s, f):
    return (f"Put your {f['row']} marker on a free field: on the upper sheet (in a column with another marker) "
            "or on the lower sheet; its action is not taken.", destinations(s))


@does("exert_dest")
def _exert_dest_do(ctx, f, move):
    ctx.pop()
    remove_marker(ctx, f["seat"], f["row"], move["field"])


# ---- Influence 1 institution (spec 6.5): the column's row, 2 leftmost markers back to the pool

def influence_one(ctx, seat, row):
    for _ in range(2):
        remove_marker(ctx, seat, row, "pool")


# ---- Influence 2 institutions (spec 6.5): two rows, one marker back, the other onto a sheet

@step("inst2", prompt_kind="row")
def _inst2_ask(s, f):
    rows = [r for r in rows_left(s, f["seat"]) if r not in f["rows"]]
    which = "first" if not f["rows"] else "second"
    return (f"Influence 2 institutions: choose the {which} row to take the leftmost marker from.",
            [opt(f"{r.capitalize()} (reveals: {field_words(next_field(s, f['seat'], r))})", row=r) for r in rows])


@does("inst2")
def _inst2_do(ctx, f, move):
    rows = f["rows"] + [move["row"]]
    ctx.pop()
    if len(rows) < 2:
        ctx.push("inst2", seat=f["seat"], rows=rows)
    else:
        ctx.push("inst2_keep", seat=f["seat"], rows=rows)


@skips("inst2")
def _inst2_skip(ctx, f):
    """No other row has a marker: the one taken is kept or returned; none at all: nothing happens."""
    ctx.pop()
    if f["rows"]:
        ctx.push("inst2_keep", seat=f["seat"], rows=f["rows"])


@step("inst2_keep", prompt_kind="row")
def _inst2_keep_ask(s, f):
    rows = f["rows"]
    if len(rows) == 1:
        return (f"Only your {rows[0]} row had a marker: return it to your pool or put it on a sheet.",
                [opt("Return it to your pool", place="none"), opt("Put it on a sheet", place=rows[0])])
    a, b = rows
    return ("Which marker goes onto a sheet (the other goes back to your pool)?",
            [opt(f"Put the {a} marker on a sheet, return the {b} marker", place=a),
             opt(f"Put the {b} marker on a sheet, return the {a} marker", place=b)])


@does("inst2_keep")
def _inst2_keep_do(ctx, f, move):
    ctx.pop()
    for row in f["rows"]:
        if row != move["place"]:
            remove_marker(ctx, f["seat"], row, "pool")
    if move["place"] != "none":
        ctx.push("exert_dest", seat=f["seat"], row=move["place"])
