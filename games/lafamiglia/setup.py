"""Table options (the spec's open rulings) and the setup (spec 3, 14.6).

Every ruling the spec leaves open is an option whose default is the spec's recommendation; the
alternatives are listed with a sentence each, in a player's words. The random draws (families,
tiles, first player, character cards) come from the table's generator, once, in the setup event.
"""

from . import data as D
from . import effects as E
from .state import SEATS, TEAMS, ally, areas_of, name, order, seas_near
from .steps import does, opt, step

# Each option's help is for a player choosing the table's rules: where the rulebook we have is unclear
# (spec: 3 step 6, 13, 8.5 step 3.6, 6.4.4, 8.10, 8.7, 8.11, 8.8, 12, 13), the default is our reading.
OPTIONS = {
    "families": {"default": "draft", "choices": ["draft", "first_game"],
                 "help": "Each team draws 3 families at random and each player chooses one, or the first-game deal: "
                         "Red, Blue, Green and Yellow dealt at random, no Black or White."},
    "unknown_tiles": {"default": "out", "choices": ["out", "blank"],
                      "help": "The 3 control tiles whose effects the rulebook does not give stay in the box, so the 7 "
                              "tiles are drawn from the 8 known ones, or they are drawn too as blank tiles that do "
                              "nothing."},
    "identical_cards": {"default": "both", "choices": ["both", "one"],
                        "help": "A side holding 2 identical conflict cards resolves both (the rules), or only one (the "
                                "rulebook's variant for more predictable conflicts)."},
    "boat_rule": {"default": "enter", "choices": ["enter", "move"],
                  "help": "The 3-motorboat rule applies whenever a motorboat enters a sea area, placed or moved, or "
                          "only after a motorboat's move."},
    "token_return": {"default": "resolved", "choices": ["resolved", "end"],
                     "help": "An order token without a vest goes back to its HQ as soon as it is resolved, or every "
                             "token stays on the map until the end of the encounter phase."},
    "bomb_targets": {"default": "enemies", "choices": ["enemies", "any"],
                     "help": "A bomb may hit only areas with neutral or opposing soldati, or any adjacent area with "
                             "soldati, your partner's and your own included."},
    "white_neutrals": {"default": "enemy", "choices": ["enemy", "families"],
                       "help": "White's Courts B order may replace neutral soldati as enemies, or only soldati of the "
                               "other team."},
    "pentito": {"default": "pool", "choices": ["pool", "hq"],
                "help": "The soldato that turns Pentito goes back to its owner's pool, or to its owner's HQ."},
    "tie_totals": {"default": "higher_total", "choices": ["higher_total", "bronte"],
                   "help": "When both teams reach a winning total in the same cleanup, the higher team total wins and "
                           "Bronte breaks an equal one, or Bronte decides at once."},
    "recruitment_on_move": {"default": True, "choices": [True, False],
                            "help": "The Recruitment tile works whenever you take an area, moving into an empty one "
                                    "included, or only after winning an attack."},
    "position": {"default": None, "choices": None,
                 "help": "A starting position instead of the setup: the families, HQs, map, sheets, tiles and round, "
                         "at the start of a round's planning phase, checked against the components and the rules."},
}


def start(opts, rng) -> dict:
    """The setup event: every random draw of spec 14.6, made once."""
    teams = list(TEAMS)
    if opts["families"] == "first_game":
        dealt = rng.shuffled(["red", "blue", "green", "yellow"])
        families = dict(zip(SEATS, dealt))
        colours = {t: [families[s] for s in TEAMS[t]] for t in teams}
    else:
        drawn = rng.shuffled(D.FAMILY_KEYS)
        colours = {teams[0]: sorted(drawn[:3]), teams[1]: sorted(drawn[3:6])}
        families = None
    pool = [k for k in D.TILE_KEYS if opts["unknown_tiles"] == "blank" or not D.TILE[k].get("unknown")]
    tiles = sorted(rng.shuffled(pool)[:7], key=D.TILE_KEYS.index)
    first = rng.choice(list(SEATS))
    deal = rng.shuffled(list(range(len(D.CHARACTERS))))
    characters = {seat: deal[i] for i, seat in enumerate(SEATS)}
    # the options without position (None here): a table started before the option existed verifies
    event = {"type": "setup", "options": {k: v for k, v in opts.items() if k != "position"}, "first": first, "tiles": tiles, "colours": colours,
             "characters": characters}
    if families:
        event["families"] = families
    return event


def begin(ctx, event):
    """After the setup event: the first player gives 1 L to the last (spec 3 step 11.1), the
    families of a first game, then the choices of the setup."""
    s = ctx.s
    if event.get("families"):
        for seat in SEATS:
            ctx.emit("family", seat=seat, family=event["families"][seat])
    seats = order(s)
    E.pay(ctx, seats[0], 1, to=seats[-1], why="first player")


def advance(ctx):
    """The setup's choices (spec 3 steps 6, 11, 12): each seat in player order makes all of its own
    at once (its family, its character card's extra units and labs, the sheet-0 fields it wants),
    so that a player sends the whole setup in one reply; no seat's placements depend on another's
    but the markers', which are then placed in the rules' order (one a seat, twice), each on the
    seat's first chosen field still free (the seat is asked only when all of its fields are taken)."""
    s = ctx.s
    stage = s["setup"]
    seats = order(s)
    if stage == "families":
        ctx.emit("setup_step", step="seats")
        for seat in reversed(seats):
            me = s["p"][seat]
            ctx.push("mark_plan", seat=seat)
            labs = D.CHARACTERS[me["character"]]["labs"]
            if labs:
                ctx.push("lab0", seat=seat, left=labs)
            extra = D.CHARACTERS[me["character"]]["extra"]
            left = {k: extra.get(k, 0) for k in ("soldati", "cars", "boats") if extra.get(k, 0)}
            if left:
                ctx.push("extra", seat=seat, left=left)
            if me["family"] is None:
                ctx.push("family", seat=seat)
        return True
    if stage == "seats":
        ctx.emit("setup_step", step="marks")
        for seat in reversed(seats + seats):
            ctx.push("mark0", seat=seat)
        return True
    return False


# ---- step 6: families

@step("family")
def _family_ask(s, f):
    team = s["team"][f["seat"]]
    taken = {s["p"][x]["family"] for x in SEATS}
    choices = [c for c in s["colours"][team] if c not in taken]
    partner = ally(s, f["seat"])
    then = (f"your partner {name(s, partner)} chose theirs" if s["p"][partner]["family"] else
            f"your partner {name(s, partner)} chooses from the ones you leave")
    return (f"Choose your family: your team drew these ({then}). Then, in the same reply, your setup: your character "
            "card's units and labs, and your fields on sheet 0.",
            [opt(f"{D.family(c)['name']}: {D.family(c)['text']}", family=c) for c in choices])


@does("family")
def _family_do(ctx, f, move):
    ctx.pop()
    ctx.emit("family", seat=f["seat"], family=move["family"])


# ---- step 11.2: extra units from the character card

def _extra_kind(f):
    for kind in ("soldati", "cars", "boats"):
        if f["left"].get(kind):
            return kind
    return None


@step("extra", prompt_kind="deploy")
def _extra_ask(s, f):
    seat, kind = f["seat"], _extra_kind(f)
    if kind is None:
        return "", []
    if kind == "boats":
        seas = seas_near(s, seat) if s["p"][seat]["pool"]["boats"] else []
        return ("Place a motorboat from your character card: a sea area next to your soldati.",
                [opt(f"Motorboat in {sea}", to=sea) for sea in seas])
    if s["p"][seat]["pool"][kind] <= 0:
        return "", []
    word = "an extra soldato" if kind == "soldati" else "a car"
    return (f"Place {word} from your character card in an area with your soldati.",
            [opt(f"{word[0].upper()}{word[1:]} in {a}", to=a) for a in areas_of(s, seat)])


def _extra_next(ctx, f, kind):
    left = dict(f["left"])
    left[kind] -= 1
    left = {k: v for k, v in left.items() if v}
    ctx.pop()
    if left:
        ctx.push("extra", seat=f["seat"], left=left)


@does("extra")
def _extra_do(ctx, f, move):
    kind, seat = _extra_kind(f), f["seat"]
    _extra_next(ctx, f, kind)
    if kind == "boats":
        from .equipment import enter_boat
        ctx.emit("boat", seat=seat, sea=move["to"], n=1)
        enter_boat(ctx, seat, move["to"], moved=False)
    elif kind == "cars":
        E.place_car(ctx, seat, move["to"])
    else:
        ctx.emit("place", seat=seat, area=move["to"], n=1, src="pool")


# ---- step 11.3: labs

@step("lab0", prompt_kind="deploy")
def _lab0_ask(s, f):
    areas = E.lab_areas(s, f["seat"])
    return ("Place a lab from your character card in an area with your soldati (at most 2 labs an area).",
            [opt(f"Lab in {a}", to=a) for a in areas])


@does("lab0")
def _lab0_do(ctx, f, move):
    ctx.pop()
    if f["left"] > 1:
        ctx.push("lab0", seat=f["seat"], left=f["left"] - 1)
    E.place_lab(ctx, f["seat"], move["to"])


# ---- step 12: two markers each on sheet 0, from the fields each seat chose in its setup

PLAN_MOST = 3       # fields a seat may list for its 2 markers (a third in case one is taken first)


def sheet0_free(s) -> list[str]:
    return [x for x in D.SHEET_FIELDS[0] if not D.FIELD[x].get("grey") and not s["fields"].get(x)]


def _field_label(x):
    column = D.SHEETS["column_texts"][x[1]]["name"]
    return f"Field {x} (column {x[1]}, {column})"


@step("mark_plan", prompt_kind="deploy")
def _plan_ask(s, f):
    plan = s["p"][f["seat"]].get("plan", [])
    if len(plan) >= PLAN_MOST:
        return "", []
    options = [opt(_field_label(x), field=x) for x in sheet0_free(s) if x not in plan]
    if len(plan) >= 2:
        options.append(opt("Done: no more fields", done=True))
    which = ["first", "second", "third"][len(plan)]
    return (f"Your influence markers on sheet 0: choose the {which} of up to {PLAN_MOST} fields, in order of "
            "preference. The 2 markers are placed in player order, one a round; a field another family takes first is "
            "passed over, and if all of yours are taken you are asked then.", options)


@does("mark_plan")
def _plan_do(ctx, f, move):
    if move.get("done"):
        ctx.pop()
        return
    ctx.emit("plan", seat=f["seat"], field=move["field"])


def planned(s, f) -> dict | None:
    """The move a seat's chosen fields make for its marker: the first still free."""
    free = sheet0_free(s)
    field = next((x for x in s["p"][f["seat"]].get("plan", []) if x in free), None)
    return {"field": field} if field else None


@step("mark0", prompt_kind="deploy", plan=planned)
def _mark0_ask(s, f):
    if s["p"][f["seat"]]["pool"]["markers"] <= 0:
        return "", []
    taken = " (the fields you chose are taken)" if s["p"][f["seat"]].get("plan") else ""
    return (f"Put one of your influence markers on a free field of action sheet 0{taken}; sheet 0 sets the "
            "columns' spreading costs in round 1.", [opt(_field_label(x), field=x) for x in sheet0_free(s)])


@does("mark0")
def _mark0_do(ctx, f, move):
    ctx.pop()
    ctx.emit("marker", who=f["seat"], frm="pool", to=move["field"])

