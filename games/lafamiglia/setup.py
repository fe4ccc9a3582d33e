"""Table options (the spec's open rulings) and the setup (spec 3, 14.6).

Every ruling the spec leaves open is an option whose default is the spec's recommendation; the
alternatives are listed with a sentence each. The random draws (families, tiles, first player,
character cards) come from the table's generator, once, in the setup event.
"""

from . import data as D
from . import effects as E
from .state import SEATS, TEAMS, areas_of, order, seas_near
from .steps import does, opt, step

OPTIONS = {
    "families": {"default": "draft", "choices": ["draft", "first_game"],
                 "help": "Each team draws 3 families at random and each player chooses one (spec 3 step 6), or the "
                         "first-game deal: Red, Blue, Green and Yellow dealt at random, no Black or White."},
    "unknown_tiles": {"default": "out", "choices": ["out", "blank"],
                      "help": "The 3 control tiles the seed does not name stay in the box, so the 7 tiles are drawn "
                              "from the 8 known ones (spec 13), or they are drawn too and do nothing."},
    "identical_cards": {"default": "both", "choices": ["both", "one"],
                        "help": "A side holding 2 identical conflict cards resolves both (the rules), or only one "
                                "(the rulebook's variant for more predictable conflicts, spec 8.5 step 3.6)."},
    "boat_rule": {"default": "enter", "choices": ["enter", "move"],
                  "help": "The 3-motorboat rule applies whenever a boat enters a sea area, placed or moved (spec 6.4.4 "
                          "policy), or only after a boat's move, as the seed's sentence reads."},
    "token_return": {"default": "resolved", "choices": ["resolved", "end"],
                     "help": "An order token without a vest goes back to its HQ as soon as it is resolved (spec 8.10 "
                             "policy), or every token stays on the map until the end of the encounter phase."},
    "bomb_targets": {"default": "enemies", "choices": ["enemies", "any"],
                     "help": "A bomb may target only areas with neutral or opposing soldati (spec 8.7 policy), or any "
                             "adjacent area with soldati, your ally's and your own included."},
    "white_neutrals": {"default": "enemy", "choices": ["enemy", "families"],
                       "help": "White's order B may replace neutral soldati as 'enemy' soldati (our reading of spec "
                               "8.11), or only soldati of the opposing team."},
    "pentito": {"default": "pool", "choices": ["pool", "hq"],
                "help": "The soldato that turns Pentito goes back to your pool (our reading of the lost verb, spec "
                        "8.8), or back to your HQ."},
    "tie_totals": {"default": "higher_total", "choices": ["higher_total", "bronte"],
                   "help": "When both teams reach a winning total in the same cleanup, the higher team total wins and "
                           "Bronte breaks an equal one (spec 12 policy), or Bronte decides at once."},
    "recruitment_on_move": {"default": True, "choices": [True, False],
                            "help": "The Rekrutacja tile works whenever you take an area, moving into an empty one "
                                    "included (our reading of spec 13), or only after winning an attack."},
    "position": {"default": None, "choices": None,
                 "help": "A starting position instead of the setup: the families, HQs, map, sheets, tiles and "
                         "round, at the start of a round's planning phase (the format: games/lafamiglia/position.py), "
                         "checked against the components and the rules."},
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
    """The setup's next choices, in player order (spec 3 steps 6, 11, 12)."""
    s = ctx.s
    stage = s["setup"]
    seats = order(s)
    if stage == "families":
        todo = [x for x in seats if s["p"][x]["family"] is None]
        if todo:
            ctx.push("family", seat=todo[0])
            return True
        ctx.emit("setup_step", step="extras")
        for seat in reversed(seats):
            extra = D.CHARACTERS[s["p"][seat]["character"]]["extra"]
            left = {k: extra.get(k, 0) for k in ("soldati", "cars", "boats") if extra.get(k, 0)}
            if left:
                ctx.push("extra", seat=seat, left=left)
        return True
    if stage == "extras":
        ctx.emit("setup_step", step="labs")
        for seat in reversed(seats):
            labs = D.CHARACTERS[s["p"][seat]["character"]]["labs"]
            if labs:
                ctx.push("lab0", seat=seat, left=labs)
        return True
    if stage == "labs":
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
    return ("Choose your family (your team drew these; your partner takes another).",
            [opt(f"{D.family(c)['name']} ({D.family(c)['polish']})", family=c) for c in choices])


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


# ---- step 12: two markers each on sheet 0

@step("mark0", prompt_kind="deploy")
def _mark0_ask(s, f):
    fields = [x for x in D.SHEET_FIELDS[0] if not D.FIELD[x].get("grey") and not s["fields"].get(x)]
    if s["p"][f["seat"]]["pool"]["markers"] <= 0:
        return "", []
    return ("Put one of your influence markers on a free field of action sheet 0 (it sets the columns' "
            "spreading costs).", [opt(f"Marker on {x} (column {x[1]})", field=x) for x in fields])


@does("mark0")
def _mark0_do(ctx, f, move):
    ctx.pop()
    ctx.emit("marker", who=f["seat"], frm="pool", to=move["field"])

