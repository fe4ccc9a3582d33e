"""Options and the setup (8): the scenario's Sectors with their face-down Threat cards, the
skirmish pool, the decks, the team's hires, then the mercs at the start Sector.

Seats: ``merc1`` .. ``merc4``; the option ``players`` (1-4) says how many play, and only
those seats are in the game. Mercs per seat (8.1 step 4): 1 player 3, 2 players 2 each, 3 or 4
players 1 each. The tiers of the rules come with the scenario (spec 20): Scenario 1 the basic
rules, 2 adds the intermediate rules and the Dictator Phase, 3 counterattacks and missions.
"""

from games.core import IllegalMove, Rng

from . import campaign as C
from .ctx import Ctx
from .data import (CARDS, DICTATORS, EVENTS, LIEUTENANTS, MERC, MERC_ORDER, MISSIONS, SCENARIOS, SCENARIOS_FILE,
                   SKIRMISH, THREATS)
from .state import held

SEATS = ("merc1", "merc2", "merc3", "merc4")
OPTIONS = {
    "players": {"default": 2, "choices": [1, 2, 3, 4],
                "help": "How many play (1-4); the table's seats are merc1 up to that many. 1 player runs 3 mercs, "
                        "2 players 2 each, 3 or 4 players 1 each."},
    "scenario": {"default": "1", "choices": sorted(SCENARIOS),
                 "help": "1: the basic rules (no Dictator Phase); 2: the intermediate rules (A.I.M., money, rebels, "
                         "the Dictator, threat, events, lieutenants; no counterattacks); 3: counterattacks and missions."},
    "hire": {"default": "choose", "choices": ["choose", "quick"],
             "help": "choose: each player hires their mercs at the start; quick: the first mercs of the roster "
                     "(or of the campaign) are hired for you."},
    "campaign": {"default": None, "choices": None,
                 "help": "A finished table's campaign save (its view's 'campaign_save') to play the next scenario "
                         "of that campaign; empty: a new campaign."},
    "position": {"default": None, "choices": None,
                 "help": "A starting position instead of the setup, at the start of a round's Players' Phase: the "
                         "mercs, Sectors, enemies, pool, decks' cards and the rest of the public state (its format: "
                         "the guide's 'Starting from a position'); what is face down is dealt by the table's generator."},
}


def table_seats(options: dict | None) -> tuple[str, ...]:
    players = (options if isinstance(options, dict) else {}).get("players", OPTIONS["players"]["default"])
    if isinstance(players, bool) or players not in OPTIONS["players"]["choices"]:
        raise IllegalMove("bad_option", f"Jagged Alliance is played by 1 to 4 players, not {players!r}.")
    return SEATS[:players]


# The tiers this engine plays so far (spec 20): a scenario whose rules are not in yet is refused.
READY = {"1": "basic", "2": "intermediate", "3": "advanced"}


def check_options(options: dict) -> dict:
    """Options as the table keeps them; a campaign save is validated and must allow the scenario."""
    if options["scenario"] not in READY:
        raise IllegalMove("bad_option", f"Scenario {options['scenario']} needs rules this server does not play yet "
                                        f"(the intermediate and advanced tiers); scenario "
                                        f"{', '.join(sorted(READY))} can be played.")
    if options.get("position") is not None:
        from .position import normalise
        normalise(options["position"], options)
    elif options.get("campaign") is not None:
        save = C.validate(options["campaign"])
        if options["scenario"] not in save["available"]:
            raise IllegalMove("bad_option", f"This campaign can play scenario {', '.join(save['available'])} next, "
                                            f"not {options['scenario']}.")
    return options


def start(options: dict, seats: list[str], rng: Rng) -> list[dict]:
    options = check_options(options)
    players = table_seats(options)
    missing = [s for s in players if s not in seats]
    if missing:
        raise IllegalMove("bad_seats", f"A {len(players)}-player table needs the seats {', '.join(players)}.")
    if options.get("position") is not None:
        from .position import start_event
        return start_event(options, rng)
    # the state keeps the options without position (None here): a table started before the option
    # existed still verifies
    options = {k: v for k, v in options.items() if k != "position"}
    scenario = SCENARIOS[options["scenario"]]
    camp = options["campaign"] or (C.fresh() if options["scenario"] == "1" else C.default_for(options["scenario"]))
    ctx = Ctx({}, rng)
    flags = dict(scenario["flags"])
    sectors, threat, supply = {}, {}, {}
    by_tier: dict[str, list[str]] = {}
    for tier in sorted({s.get("tier") for s in scenario["layout"] if not s.get("start")}):
        by_tier[tier] = rng.shuffled(sorted(t for t, c in THREATS.items() if c["tier"] == tier))
    for spot in scenario["layout"]:
        tile = spot["tile"]
        sectors[tile] = {"x": spot["x"], "y": spot["y"], "status": "liberated" if spot.get("start") else "occupied",
                         "tier": spot.get("tier"), "card": None, "facedown": {}, "loot": {}, "rebels": 0,
                         "supply": len(spot.get("supply", [])), "lt": None, "start": bool(spot.get("start"))}
        if not spot.get("start"):
            pile = by_tier[spot["tier"]]
            threat[tile] = pile.pop(0) if pile else rng.choice(sorted(t for t, c in THREATS.items()
                                                                       if c["tier"] == spot["tier"]))
        if spot.get("supply"):
            supply[tile] = spot["supply"]
    owned = {c for info in camp["mercs"].values() for c in info["cards"]} | set(camp["reserve"])
    decks = {f"loot{n}": rng.shuffled(sorted(c for c, d in CARDS.items() if d["deck"] == f"loot{n}" and c not in owned))
             for n in (1, 2, 3)}
    if flags["dictator"]:
        for colour in ("yellow", "orange", "red"):
            decks[colour] = rng.shuffled(sorted(e for e, d in EVENTS.items() if d["deck"] == colour))
        decks["lieutenants"] = rng.shuffled(sorted(lt for lt in LIEUTENANTS if lt not in camp["lieutenants"]
                                                   and lt not in camp["lieutenants_out"]))
    if flags["missions"]:
        taken = set(camp["missions"]) | set(camp["missions_removed"]) | set(scenario.get("missions", []))
        decks["missions"] = rng.shuffled(sorted(mid for mid, m in MISSIONS.items()
                                                if not m.get("set_aside") and mid not in taken))
    per_seat = SCENARIOS_FILE["team"]["per_seat"][str(len(players))]
    state = {
        "v": 1, "options": options, "seats": list(players), "scenario": options["scenario"], "flags": flags,
        "round": 0, "stack": [{"k": "round", "phase": "setup"}], "sectors": sectors, "mercs": {}, "order": [],
        "enemies": {}, "next_enemy": 1, "pool": {"money": camp["money"], "rebels": camp["rebels"]},
        "market": list(camp["market"]), "income": list(camp["income"]), "reserve": list(camp["reserve"]),
        "discards": {"loot1": [], "loot2": [], "loot3": [], "yellow": [], "orange": [], "red": []},
        "counts": {deck: len(cards) for deck, cards in decks.items()}, "dur": {}, "dictator": None, "missions": {},
        "lasting": [], "newcomers": [], "removed_tokens": [], "pool_left": len(scenario["pool"]), "liberated": [],
        "liberated_this_round": None, "campaign": {**camp, "dead": list(camp["dead"]), "killed": list(camp["killed"])},
        "team_size": per_seat * len(players), "shared_cmd": 0, "tank": {}, "tank_guard": {},
        "result": None, "defeat": None, "no_merc_left": False,
        "hidden": {"threat": threat, "tokens": {}, "pool": rng.shuffled(sorted(scenario["pool"])), "decks": decks,
                   "supply": supply, "lt_at": {}, "tank": {}},
    }
    for key, value in state.items():
        ctx.set(key, value)
    ctx.emit("setup", scenario=options["scenario"], name=scenario["name"], players=len(players),
             flags=flags, campaign=bool(options["campaign"]))
    queue = [seat for _ in range(per_seat) for seat in players]
    if options["hire"] == "quick":
        choices = _quick(ctx.s, len(queue))
        for seat, (m, replaces) in zip(queue, choices):
            hire(ctx, seat, m, replaces=replaces)
        after_hiring(ctx)
    else:
        ctx.push("hire", queue=queue)
    from .rules import settle
    settle(ctx)
    return ctx.finish()


def _quick(s: dict, n: int) -> list[tuple[str, str | None]]:
    """The campaign's mercs first (their cards kept, 7.5), then mercs hired the first time."""
    from .death import available_mercs
    known = waiting_mercs(s)
    rest = [m for m in available_mercs(s) if m not in known]
    return [(m, None) for m in (known + rest)[:n]]


def hire(ctx, seat: str, m: str, replaces: str | None = None, bare: bool = False) -> None:
    """A merc joins (8.1 step 5): its board's stamina (minus Serious Wounds kept, 5.2), one Command
    token, and its cards: those it kept in the campaign; or, taking the place of a merc of the
    campaign (``replaces``), that merc's Equipment and Serious Wounds (7.5); or none (``bare``: a
    dead merc's replacement takes the dead one's cards, 5.2); else its kit (ruling new_merc_kit)."""
    camp = ctx.s["campaign"]
    saved = camp["mercs"].get(m)
    if replaces:
        saved = camp["mercs"][replaces]
        ctx.set("campaign.mercs", {x: v for x, v in camp["mercs"].items() if x != replaces})
    if bare:
        cards, sw = [], 0
    elif saved:
        cards, sw = list(saved["cards"]), saved["sw"]
    else:
        cards, sw = free_kit(ctx.s, m), 0
    stamina = MERC[m]["stamina"] + (1 if ctx.s["team_size"] == 3 else 0)
    merc = {"seat": seat, "sector": None, "area": None, "S": stamina - sw, "F": 0, "W": 0, "sw": sw,
            "ko": False, "dead": False, "active": False, "done": False, "cmd": 1, "status": [], "weapons": [],
            "armour": None, "inv": [], "allies": [], "upg": {}, "used": [], "stance": "auto", "free": 0,
            "started": False, "steps": 0, "camouflaged": False}
    ctx.set(f"mercs.{m}", merc)
    ctx.set("order", ctx.s["order"] + [m])
    from .inventory import put
    from .gear import place_for
    upgrades = [c for c in cards if CARDS[c]["type"] == "upgrade"]
    for card in [c for c in cards if c not in upgrades]:
        where = place_for(ctx.s, m, card)
        put(ctx, m, card, where or "inv")
    for card in upgrades:
        put(ctx, m, card, "inv")
    ctx.emit("hired", seat=seat, merc=m, cards=sorted(held(ctx.s, m)), sw=sw, replaces=replaces)


def free_kit(s: dict, m: str) -> list[str]:
    """A merc hired the first time brings its kit (7.1: Scenario 1 provides the basic gear), but
    never a card the campaign already has somewhere (sold to the Market, kept by another merc, in
    the reserve, a killed ally): ruling new_merc_kit."""
    camp = s["campaign"]
    taken = set(s["market"]) | set(s["reserve"]) | set(camp["killed"])
    taken |= {c for info in camp["mercs"].values() for c in info["cards"]}
    taken |= {c for x in s["order"] for c in held(s, x)}
    return [c for c in MERC[m]["kit"] if c not in taken]


def waiting_mercs(s: dict) -> list[str]:
    """The campaign's mercs (alive, with their saved cards) not hired yet this scenario (7.5)."""
    return [x for x in sorted(s["campaign"]["mercs"]) if x not in s["order"] and x not in s["campaign"]["dead"]]


def after_hiring(ctx) -> None:
    """With the intermediate rules, the team shops before deploying (7.5); else it deploys."""
    if ctx.s["flags"]["aim"]:
        ctx.push("prepare", n=0)
    else:
        deploy(ctx)


def deploy(ctx) -> None:
    """The mercs at the start Sector; income paid (14.5); the dictator's board (8.1 steps 10-12);
    lieutenants hidden; missions placed (16). Then the first round begins."""
    s = ctx.s
    start_sector = next(t for t, info in sorted(s["sectors"].items()) if info.get("start"))
    for m in s["order"]:
        ctx.set(f"mercs.{m}.sector", start_sector)
    if len(s["order"]) == 3:
        ctx.set("shared_cmd", 1)
    if s["flags"]["aim"]:
        for card in s["income"]:
            for res in ("money", "rebels"):
                if CARDS[card]["income"].get(res):
                    ctx.set(f"pool.{res}", ctx.s["pool"][res] + CARDS[card]["income"][res])
            ctx.emit("income_paid", card=card, income=CARDS[card]["income"], sub=True)
    if s["flags"]["dictator"]:
        from .dictator import setup_board
        setup_board(ctx)
    if s["flags"]["missions"]:
        from .missions import setup_missions
        setup_missions(ctx)
    ctx.emit("deployed", sector=start_sector, mercs=list(s["order"]))


def dictator_name(s: dict) -> str:
    return DICTATORS[s["campaign"]["dictator"]]["name"]


def roster() -> list[str]:
    return list(MERC_ORDER)


def skirmish_kinds(tokens: list[str]) -> list[str]:
    return [SKIRMISH[t]["kind"] for t in tokens]
