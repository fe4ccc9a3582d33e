"""The encounter phase, cleanup and victory: the rulebook's worked examples the provisional data can
express, each citing its spec section, and the rules around them."""

from games.lafamiglia import GAME
from games.lafamiglia import cleanup
from games.lafamiglia.ctx import Ctx
from games.lafamiglia.rules import run
from games.lafamiglia.state import NEUTRAL
from tests.games.lafamiglia.lafamiglia_kit import blank, check, decide, fix, put

from .test_lafamiglia_planning import BLUE, GREEN, RED, YELLOW, play


def token_on(s, area, token, seat, up=True):
    s["areas"][area]["tokens"].append({"id": token, "seat": seat, "up": up})
    s["p"][seat]["tokens"] = [t for t in s["p"][seat]["tokens"] if t != token]
    s["p"][seat]["locked"] = [t for t in s["p"][seat]["locked"] if t != token]
    return s


def resolving(s, seat, token, area, queue=()):
    """``seat`` resolves ``token`` in ``area`` (the encounter phase of round 1); ``queue``: orders after it."""
    token_on(s, area, token, seat)
    s["phase"], s["first"] = "encounter", seat
    s["queue"] = [{"token": token, "seat": seat, "area": area}] + [dict(q) for q in queue]
    s["qi"] = 1
    from games.lafamiglia import data as D
    s["stack"] = [{"k": "resolve", "seat": seat, "token": token, "area": area,
                   "left": list(range(len(D.TOKEN[token]["parts"]))), "taken": None}]
    return fix(s)


def test_the_worked_conflict():
    # spec 8.5 (L1485-1543): Red's attack order (initiative 4, skull 2) goes first; 5 soldati and a car
    # attack Blue's area, 1 stays behind; attack 2 + 2 = 4 against 2 labs + Blue's vest 1 = 3: Blue loses 1.
    # Finesse: Red does not take Blue's card, Blue takes Red's: Blue holds both and resolves Zdrada (1 Red
    # soldato replaced by a Blue one), then Tchórzostwo 1 (1 Blue soldato back to HQ). Losses: 3 each; Blue
    # is wiped out, takes its order home; Red takes the area: 1 lab goes, the second lab is now Red's.
    s = blank()
    put(s, "Enna", RED, 6, cars=1)
    put(s, "Licata", BLUE, 4, labs=2)
    s["p"][RED]["board"]["courts"] = 2                      # car attack 2
    token_on(s, "Licata", "blue.b2", BLUE)                   # Blue's own order with vest 1
    s = resolving(s, RED, "red.b3", "Enna")
    s = play(s, RED, {"part": 0}, {"to": "Licata", "by": "land"}, {"n": 5}, {"car": True})
    assert s["areas"]["Licata"]["n"] == 3 and s["areas"]["Enna"]["n"] == 1
    assert GAME.prompts(s)[RED]["options"] == [{"label": "Finesse", "move": {"conflict": "finesse"}},
                                               {"label": "Brutality", "move": {"conflict": "brutal"}}]
    s = play(s, RED, {"conflict": "finesse"})
    assert set(GAME.prompts(s)) == {RED, BLUE}               # both pick at once
    _, s = decide(s, RED, {"card": "zdrada"})
    _, s = decide(s, BLUE, {"card": "tchorzostwo1"})
    _, s = decide(s, RED, {"take": False})
    _, s = decide(s, BLUE, {"take": True})
    hq = s["p"][BLUE]["hq"]
    events, s = decide(s, "system", {"step": "reveal"})
    check(s)
    kills = [(e["side"], e["n"], e.get("why")) for e in events if e["type"] == "kill"]
    assert kills == [("att", 1, "Zdrada"), ("def", 1, "Tchórzostwo"), ("def", 3, "losses"), ("att", 3, "losses")]
    assert s["p"][BLUE]["hq"] == hq + 1
    area = s["areas"]["Licata"]
    assert area["owner"] == RED and area["n"] == 1 and area["cars"] == 1 and area["labs"] == 1
    assert "blue.b2" in s["p"][BLUE]["tokens"]               # Blue's order went home


def test_attack_by_motorboats_of_the_team():
    # spec 8.5 step 1 (L1543): Red and Green are a team; Red's order in Camastra reaches Ragusa (Blue) by
    # the red boat in Mare Agrigento and the green boat in Mare Licata, with 4 soldati and no car
    s = blank()
    put(s, "Camastra", RED, 5, cars=1)
    put(s, "Ragusa", BLUE, 2)
    put(s, "Enna", YELLOW, 1)                                # Red's ally's area: never a destination
    s["seas"]["Mare Agrigento"], s["seas"]["Mare Licata"] = [RED], [GREEN]
    s = resolving(s, RED, "red.b3", "Camastra")
    s = play(s, RED, {"part": 0})
    moves = [o["move"] for o in GAME.prompts(s)[RED]["options"]]
    assert {"to": "Ragusa", "by": "water"} in moves and {"to": "Enna", "by": "land"} in moves
    s["team"][YELLOW] = s["team"][RED] = "north"             # Enna becomes Red's ally's area
    assert {"to": "Enna", "by": "land"} not in [o["move"] for o in GAME.prompts(s)[RED]["options"]]
    s["team"][YELLOW], s["team"][RED] = "north", "south"
    s = play(s, RED, {"to": "Ragusa", "by": "water"})
    events, s = decide(s, RED, {"n": 4})                    # no car question on a water move
    assert any(e["type"] == "move" and e["by"] == "water" and e["cars"] == 0 for e in events)


def test_car_bomb():
    # spec 8.7 (L1604): the car bomb adds the courts row's lower value (3 here) to the skull; the car goes;
    # labs and vests protect; the bomb never takes control
    s = blank()
    put(s, "Enna", RED, 2, cars=1)
    put(s, "Licata", BLUE, 6, labs=1)
    s["p"][RED]["board"]["courts"] = 2                      # car attack 2, car bomb 3
    s = resolving(s, RED, "red.b5", "Enna")                 # bomb, skull 2
    s = play(s, RED, {"part": 0}, {"target": "Licata", "frm": "Enna"})
    events, s = decide(s, RED, {"car": True})
    bonus = next(e for e in events if e["type"] == "bonuses")
    assert (bonus["attack"], bonus["defence"], bonus["killed"]) == (5, 1, 4)
    assert s["areas"]["Licata"]["n"] == 2 and s["areas"]["Licata"]["owner"] == BLUE and s["areas"]["Enna"]["cars"] == 0


def test_pentito():
    # spec 8.8 (L1640): 1 own soldato turns Pentito; then 2 from one adjacent area, 2 from a second, 1
    # from a third; defence does not protect; neutral kills bring own soldati into HQ
    s = blank()
    put(s, "Enna", RED, 3)
    put(s, "Licata", BLUE, 3, labs=2)
    put(s, "Caltanissetta", NEUTRAL, 3)
    put(s, "Petralia", YELLOW, 2)
    put(s, "Adrano", GREEN, 2)                              # Red's ally: never a target
    s = resolving(s, RED, "red.banks_c", "Enna")
    s = play(s, RED, {"part": 0})
    assert s["areas"]["Enna"]["n"] == 2
    hq = s["p"][RED]["hq"]
    s = play(s, RED, {"area": "Licata", "n": 2}, {"area": "Caltanissetta", "n": 2})
    third = [o["move"] for o in GAME.prompts(s)[RED]["options"]]
    assert third == [{"area": "Petralia", "n": 1}, {"area": None}]      # the third area: 1 at most
    s = play(s, RED, {"area": "Petralia", "n": 1})
    assert s["areas"]["Licata"]["n"] == 1 and s["areas"]["Caltanissetta"]["n"] == 1 and s["areas"]["Petralia"]["n"] == 1
    assert s["p"][RED]["hq"] == hq + 2


def test_incite():
    # spec 8.9 (L1681): Red's order in Caltagirone incites 2 neutrals of Scordia to attack the adjacent
    # Palagonia as a move and attack with 1 shotgun
    s = blank()
    put(s, "Caltagirone", RED, 2)
    put(s, "Scordia", NEUTRAL, 3)
    put(s, "Palagonia", BLUE, 1)
    s = resolving(s, RED, "red.church_a", "Caltagirone")
    s = play(s, RED, {"part": 1})
    assert {"src": "Scordia"} in [o["move"] for o in GAME.prompts(s)[RED]["options"]]
    s = play(s, RED, {"src": "Scordia"}, {"n": 2}, {"to": "Palagonia"})
    assert s["areas"]["Scordia"]["n"] == 1 and s["areas"]["Palagonia"]["att"] == {"seat": NEUTRAL, "n": 2, "cars": 0}
    assert GAME.prompts(s)[RED]["kind"] == "conflict"        # the inciter leads the neutrals
    hq = s["p"][BLUE]["hq"]
    s = play(s, RED, {"conflict": "brutal"})
    assert s["areas"]["Palagonia"]["owner"] == BLUE and s["areas"]["Palagonia"]["n"] == 1
    assert s["p"][BLUE]["hq"] == hq + 2                      # a soldato of Blue's for each neutral killed


def test_double_shotgun_moves_again_from_the_area_reached():
    # spec 8.6: after the first move the second starts from the order's area or the area reached
    s = blank()
    put(s, "Enna", RED, 6)
    s["areas"]["Adrano"]["labs"] = 1
    s = resolving(s, RED, "red.courts_b", "Enna")
    s = play(s, RED, {"part": 0}, {"to": "Adrano", "by": "land"}, {"n": 4})
    assert s["areas"]["Adrano"]["owner"] == RED and s["areas"]["Adrano"]["labs"] == 0   # an empty area: its lab goes
    assert [o["move"] for o in GAME.prompts(s)[RED]["options"]] == [{"origin": "Enna"}, {"origin": "Adrano"},
                                                                   {"origin": None}]
    s = play(s, RED, {"origin": "Adrano"}, {"to": "Bronte", "by": "land"}, {"n": 4})
    assert s["areas"]["Bronte"]["owner"] == RED and s["areas"]["Adrano"]["owner"] is None


def test_brutality_costs_two_attackers():
    # spec 8.5 steps 2-4: skull 2 kills 2 of 4 defenders; brutality costs 2 of the 5 attackers; losses 2
    # each: Red takes the area with 1
    s = blank()
    put(s, "Enna", RED, 6)
    put(s, "Licata", BLUE, 4)
    s = resolving(s, RED, "red.b3", "Enna")
    s = play(s, RED, {"part": 0}, {"to": "Licata", "by": "land"}, {"n": 5}, {"conflict": "brutal"})
    assert s["areas"]["Licata"]["owner"] == RED and s["areas"]["Licata"]["n"] == 1


def test_a_foiled_attack_order_goes_home_unresolved():
    # spec 8.4 (L1206): an attack order whose area was lost before its turn is not resolved
    s = blank()
    put(s, "Enna", RED, 3)
    put(s, "Licata", BLUE, 2)
    s["fields"] = {"1a3": [NEUTRAL]}                         # round 2 will have a planning turn
    s = resolving(s, RED, "red.b4", "Enna", queue=[{"token": "blue.b3", "seat": BLUE, "area": "Licata"}])
    token_on(s, "Licata", "blue.b3", BLUE)
    s = play(s, RED, {"part": 0}, {"to": "Licata", "by": "land"}, {"n": 3})
    events, s = decide(s, RED, {"conflict": "brutal"})      # 1 killed by skull 1; 3 - 2 against 1: both gone
    assert s["areas"]["Licata"]["owner"] is None and "blue.b3" in s["p"][BLUE]["tokens"]
    assert not any(e["type"] == "note" and e.get("token") == "blue.b3" for e in events)
    assert s["phase"] == "planning" and s["round"] == 2


def test_mandamento_control_at_cleanup():
    # spec 7.2 (L918): Red takes Licata, already holding another area of its mandamento: Red controls it
    s = blank()
    put(s, "Ragusa", RED, 2)
    put(s, "Licata", RED, 1)
    put(s, "Caltagirone", BLUE, 3)
    put(s, "Enna", BLUE, 1)
    put(s, "Caltanissetta", BLUE, 1)
    ctx = Ctx(fix(s))
    cleanup.enter(ctx, "planning")
    run(ctx)
    assert ctx.s["control"]["Licata"] == RED and ctx.s["control"]["Caltanissetta"] == BLUE


def test_control_tiles_at_cleanup():
    # spec 7.3 (L1036): at the planning cleanup Red controls 2 mandamenti with 1 marker on a tile: it marks
    # another (Rekrutacja), usable in the coming encounter phase; removals come before additions
    s = blank()
    for a in ("Ragusa", "Licata", "Enna", "Camastra"):
        put(s, a, RED, 1)
    s["tiles"]["south"]["allies"] = RED
    s["tiles"]["north"]["chain"] = BLUE                      # Blue controls nothing: its marker comes off first
    s["fields"] = {"1a3": [NEUTRAL]}
    ctx = Ctx(fix(s))
    cleanup.enter(ctx, "planning")
    run(ctx)
    s = ctx.s
    assert GAME.prompts(s)[BLUE]["kind"] == "tile"
    s = play(s, BLUE, {"tile": "chain"})
    events, s = decide(s, RED, {"tile": "recruitment"})
    assert s["tiles"]["south"]["recruitment"] == RED and s["tiles"]["north"]["chain"] is None
    assert [e["phase"] for e in events if e["type"] == "phase"][0] == "encounter"      # next: the encounter


def test_rotation_of_the_sheets_after_a_round():
    # spec 7.5 (L1688): after round 2, sheet 1 goes back to the box, sheet 2 moves up with its markers,
    # sheet 3 is the new lower sheet
    s = blank()
    s["round"], s["sheets"] = 2, {"upper": 1, "lower": 2}
    s["fields"] = {"2a3": [NEUTRAL, RED], "2c1": [BLUE]}
    put(s, "Enna", RED, 1)
    ctx = Ctx(fix(s))
    cleanup.enter(ctx, "encounter")
    run(ctx)
    s = ctx.s
    assert s["round"] == 3 and s["sheets"] == {"upper": 2, "lower": 3} and s["phase"] == "planning"
    assert s["fields"] == {"2a3": [NEUTRAL, RED], "2c1": [BLUE]}


def answer_all(ctx):
    """Answer whatever is asked with its first option until nobody is asked (the cleanup's tiles)."""
    state = ctx.s
    while GAME.prompts(state):
        (seat, prompt), = GAME.prompts(state).items()
        _, state = decide(state, seat, prompt["options"][0]["move"])
    return state


def test_after_round_4_bronte_breaks_a_tie():
    # spec 12 (L1742): at the end of round 4 each team controls 5 mandamenti; Blue/Red hold Bronte and win
    from games.lafamiglia import data as D
    from tests.games.lafamiglia.lafamiglia_kit import NE, NW, SE, SW
    s = blank(families={SW: "red", SE: "blue", NE: "green", NW: "yellow"})      # Red and Blue: the south team
    own = {"Trapani": SW, "Mazara": SW, "Palermo": SW, "Agrigento": SE, "Termini": SE,
           "Cefalù": NE, "Messina": NE, "Caltanissetta": NE, "Licata": NW, "Catania": NW}
    for m, seat in own.items():
        for a in D.M_AREAS[m][:2]:
            put(s, a, seat, 1)
    put(s, "Bronte", SE, 1)
    s["round"] = 4
    ctx = Ctx(fix(s))
    cleanup.enter(ctx, "encounter")
    run(ctx)
    result = answer_all(ctx)["result"]
    assert result["winner"] == "south" and "Bronte" in result["text"] and result["totals"] == {"north": 5, "south": 5}


def test_a_family_with_5_mandamenti_wins_at_once():
    # spec 12 rule 1: after an encounter phase, one member with 5 (or the team with 6) wins before round 4
    from games.lafamiglia import data as D
    s = blank()
    for m in D.MANDAMENTI[:5]:
        for a in D.M_AREAS[m][:2]:
            put(s, a, GREEN, 1)
    ctx = Ctx(fix(s))
    cleanup.enter(ctx, "encounter")
    run(ctx)
    state = answer_all(ctx)
    assert state["result"]["winner"] == state["team"][GREEN] and state["round"] == 1


def test_sell_and_gift_at_any_time():
    # spec 5: sell an HQ order for 1 L (out of the game, face up); give your ally 1 L for 2 L
    s = blank()
    put(s, "Enna", RED, 1)
    s["p"][RED]["money"] = 3
    s["fields"] = {"0a1": [NEUTRAL], "0b1": [NEUTRAL]}
    s["stack"], s["turn"] = [{"k": "turn", "seat": RED}], RED
    s = fix(s)
    anytime = [o["move"] for o in GAME.prompts(s)[RED]["anytime"]]
    assert {"sell": "red.b1"} in anytime and {"gift": 1} in anytime
    s = play(s, RED, {"sell": "red.b1"})
    assert s["out"] == ["red.b1"] and s["p"][RED]["money"] == 4 and GAME.prompts(s)[RED]["kind"] == "planning"
    ally = next(x for x in s["team"] if s["team"][x] == s["team"][RED] and x != RED)
    s = play(s, RED, {"gift": 1})
    assert s["p"][RED]["money"] == 2 and s["p"][ally]["money"] == 1
    assert "red.b1" in GAME.view(s, BLUE)["out"]


def test_standing_instruction_always_brutal_is_a_system_step():
    # spec 14.7: the attacker's 'always brutality' answers the conflict question without asking
    s = blank()
    put(s, "Enna", RED, 6)
    put(s, "Licata", BLUE, 4)
    s = resolving(s, RED, "red.b3", "Enna")
    s = play(s, RED, {"instruct": "conflict", "value": "brutal"})
    assert s["p"][RED]["instr"]["conflict"] == "brutal"
    assert GAME.view(s, RED)["seats"][RED]["instructions"]["conflict"] == "brutal"
    assert GAME.view(s, BLUE)["seats"][RED]["instructions"] is None
    s = play(s, RED, {"part": 0}, {"to": "Licata", "by": "land"}, {"n": 5})
    asked = GAME.prompts(s)
    assert set(asked) == {"system"} and asked["system"]["kind"] == "instruction"
    events, s = decide(s, "system", asked["system"]["options"][0]["move"])
    assert events[0]["type"] == "applied" and events[0]["key"] == "conflict"
    assert GAME.redact(events[0], BLUE) == {"type": "applied", "seat": RED, "fam": "red"}
    assert any(e["type"] == "note" and e.get("choice") == "brutal" for e in events)
    assert s["areas"]["Licata"]["owner"] == RED



# ---- the family orders of Annex II (spec 8.11)

def test_green_a_replaces_a_defender_after_the_move_is_committed():
    from tests.games.lafamiglia.lafamiglia_kit import SE, SW
    s = blank(families={SW: "red", SE: "green", "northeast": "blue", "northwest": "yellow"})
    put(s, "Enna", SE, 5)
    put(s, "Licata", "northeast", 3)
    s = resolving(s, SE, "green.church_a", "Enna")
    s = play(s, SE, {"part": 0}, {"to": "Licata", "by": "land"}, {"n": 3})
    assert [o["move"] for o in GAME.prompts(s)[SE]["options"]] == [{"n": 1}, {"n": 0}]
    pool = s["p"][SE]["pool"]["soldati"]
    s = play(s, SE, {"n": 1})
    # 4 attackers (1 from Green's pool) against 2, then skull 1 kills 1: the conflict question comes
    assert s["areas"]["Licata"]["att"]["n"] == 4 and s["areas"]["Licata"]["n"] == 1
    assert s["p"][SE]["pool"]["soldati"] == pool - 1 and GAME.prompts(s)[SE]["kind"] == "conflict"


def test_black_b_replaces_up_to_two_defenders():
    from tests.games.lafamiglia.lafamiglia_kit import SW
    s = blank(families={SW: "black", "southeast": "green", "northeast": "blue", "northwest": "yellow"})
    put(s, "Enna", SW, 5)
    put(s, "Licata", "northeast", 5)
    s = resolving(s, SW, "black.church_b", "Enna")
    s = play(s, SW, {"part": 0}, {"to": "Licata", "by": "land"}, {"n": 3})
    assert [o["move"]["n"] for o in GAME.prompts(s)[SW]["options"]] == [1, 2, 0]
    s = play(s, SW, {"n": 2})
    # 5 attackers against 3 defenders, then skull 1 kills 1: the conflict question comes
    assert s["areas"]["Licata"]["att"]["n"] == 5 and s["areas"]["Licata"]["n"] == 2


def test_yellow_c_pays_to_remove_defenders():
    from tests.games.lafamiglia.lafamiglia_kit import NW
    s = blank()
    put(s, "Enna", NW, 4)                                   # Yellow (northwest)
    put(s, "Licata", RED, 3)
    s["p"][NW]["money"] = 5
    s = resolving(s, NW, "yellow.banks_c", "Enna")
    s = play(s, NW, {"part": 0}, {"to": "Licata", "by": "land"}, {"n": 2})
    assert [o["move"]["n"] for o in GAME.prompts(s)[NW]["options"]] == [1, 2, 3, 0]
    s = play(s, NW, {"n": 2})
    assert s["p"][NW]["money"] == 3
    # 1 defender left, skull 1 kills it: Yellow takes Licata
    assert s["areas"]["Licata"]["owner"] == NW and s["areas"]["Licata"]["n"] == 2


def test_yellow_b_places_car_lab_and_a_soldato_at_each_lab():
    from tests.games.lafamiglia.lafamiglia_kit import NW
    s = blank()
    put(s, "Enna", NW, 2)
    put(s, "Petralia", NW, 1, labs=2)
    s["p"][NW]["hq"] = 2
    s = resolving(s, NW, "yellow.church_b", "Enna")
    s = play(s, NW, {"part": 0}, {"part": 1})
    assert s["areas"]["Enna"]["cars"] == 1 and s["areas"]["Enna"]["labs"] == 1
    s = play(s, NW, {"part": 2})                             # 3 soldati needed, 2 in HQ: choose
    assert {o["move"]["to"] for o in GAME.prompts(s)[NW]["options"]} == {"Enna", "Petralia"}
    s = play(s, NW, {"to": "Petralia"})
    assert s["areas"]["Petralia"]["n"] == 3 and s["p"][NW]["hq"] == 0


def test_blue_b_bombs_from_the_area_its_move_took():
    s = blank()
    put(s, "Enna", BLUE, 4)
    put(s, "Bronte", RED, 3)
    s = resolving(s, BLUE, "blue.courts_b", "Enna")
    s = play(s, BLUE, {"part": 0}, {"to": "Adrano", "by": "land"}, {"n": 2})
    s = play(s, BLUE, {"part": 1})
    targets = [o["move"] for o in GAME.prompts(s)[BLUE]["options"]]
    assert {"target": "Bronte", "frm": "Adrano"} in targets          # Bronte is 2 away from Enna, next to Adrano
    s = play(s, BLUE, {"target": "Bronte", "frm": "Adrano"})
    assert s["areas"]["Bronte"]["n"] == 1                           # skull 2


def test_red_a_reinforces_here_an_ally_and_a_neutral_area():
    s = blank()
    put(s, "Enna", RED, 1)
    put(s, "Licata", GREEN, 1)                                      # Red's ally
    put(s, "Camastra", NEUTRAL, 2)
    s["p"][RED]["hq"], s["p"][GREEN]["hq"] = 4, 3
    s = resolving(s, RED, "red.police_a", "Enna")
    s = play(s, RED, {"part": 0})
    assert s["areas"]["Enna"]["n"] == 3
    s = play(s, RED, {"to": "Licata"}, {"to": "Camastra"})
    assert s["areas"]["Licata"]["n"] == 3 and s["p"][GREEN]["hq"] == 1 and s["areas"]["Camastra"]["n"] == 4


def test_white_b_replaces_adjacent_enemies_and_brings_them_in():
    from tests.games.lafamiglia.lafamiglia_kit import NE
    s = blank(families={"southwest": "red", NE: "white", "southeast": "green", "northwest": "yellow"})
    put(s, "Enna", NE, 1)
    put(s, "Licata", RED, 2)
    put(s, "Camastra", NEUTRAL, 2)
    s = resolving(s, NE, "white.courts_b", "Enna")
    s = play(s, NE, {"part": 0}, {"area": "Licata", "n": 2}, {"area": "Camastra", "n": 1})
    assert s["areas"]["Licata"]["owner"] is None and s["areas"]["Camastra"]["n"] == 1 and s["areas"]["Enna"]["n"] == 4


# ---- control tiles (spec 13)

def test_allies_tile_reaches_past_an_empty_area_for_1_lira():
    s = blank()
    put(s, "Enna", RED, 4)
    put(s, "Bronte", BLUE, 1)
    s["tiles"]["south"]["allies"] = RED
    s["p"][RED]["money"] = 1
    s = resolving(s, RED, "red.b3", "Enna")
    s = play(s, RED, {"part": 0})
    assert {"to": "Bronte", "by": "allies", "via": "Adrano"} in [o["move"] for o in GAME.prompts(s)[RED]["options"]]
    s = play(s, RED, {"to": "Bronte", "by": "allies", "via": "Adrano"}, {"n": 3})
    assert s["p"][RED]["money"] == 0 and s["areas"]["Bronte"]["owner"] == RED


def test_bribes_miniguns_and_recruitment():
    s = blank()
    put(s, "Camastra", RED, 5)
    put(s, "Ragusa", BLUE, 4)
    s["seas"]["Mare Agrigento"], s["seas"]["Mare Licata"] = [RED], [RED]
    for tile in ("bribes", "miniguns", "recruitment"):
        s["tiles"]["south"][tile] = RED
    s["p"][RED]["money"], s["p"][RED]["hq"] = 2, 3
    s = resolving(s, RED, "red.b3", "Camastra")
    s = play(s, RED, {"part": 0}, {"to": "Ragusa", "by": "water"}, {"n": 4})
    assert GAME.prompts(s)[RED]["kind"] == "tile"
    events, s = decide(s, RED, {"bribe": True})               # 3 defenders, 5 attackers; then 2 + 1 (miniguns)
    bonus = next(e for e in events if e["type"] == "bonuses")
    assert bonus["attack"] == 3 and s["areas"]["Ragusa"]["owner"] == RED
    assert GAME.prompts(s)[RED]["kind"] == "tile"            # Rekrutacja after taking the area
    s = play(s, RED, {"n": 2})
    assert s["areas"]["Ragusa"]["n"] == 7 and s["p"][RED]["hq"] == 1


def test_time_fuse_car_bomb_two_areas_away():
    s = blank()
    put(s, "Enna", RED, 2, cars=1)
    put(s, "Bronte", BLUE, 3)
    s["tiles"]["south"]["fuse"] = RED
    s = resolving(s, RED, "red.b5", "Enna")
    s = play(s, RED, {"part": 0})
    assert {"target": "Bronte", "frm": "Enna"} in [o["move"] for o in GAME.prompts(s)[RED]["options"]]
    s = play(s, RED, {"target": "Bronte", "frm": "Enna"})   # 2 away: the car bomb is the only way
    assert s["areas"]["Enna"]["cars"] == 0 and s["areas"]["Bronte"]["owner"] is None


def test_chain_of_command_allows_a_second_order_in_an_area():
    from games.lafamiglia.state import order_areas
    s = blank()
    put(s, "Enna", RED, 2)
    token_on(s, "Enna", "red.b1", RED, up=False)
    s = fix(s)
    assert order_areas(s, RED) == []
    s["tiles"]["south"]["chain"] = RED
    s = fix(s)
    assert order_areas(s, RED) == ["Enna"]
    token_on(s, "Enna", "red.b2", RED, up=False)
    assert order_areas(fix(s), RED) == []                    # never more than 2


def test_double_bomb_needs_two_cars_for_two_car_bombs():
    s = blank()
    put(s, "Enna", RED, 2, cars=1)
    put(s, "Licata", BLUE, 6)
    s["p"][RED]["locked"].remove("red.courts_c")
    s["p"][RED]["tokens"].append("red.courts_c")
    s = resolving(s, RED, "red.courts_c", "Enna")
    s = play(s, RED, {"part": 0}, {"target": "Licata", "frm": "Enna"}, {"car": True})
    assert s["areas"]["Licata"]["n"] == 2                           # skull 2 + car bomb 2 (the start value)
    s = play(s, RED, {"target": "Licata", "frm": "Enna"})          # no car left: no question, skull 2
    assert s["areas"]["Licata"]["owner"] is None


def test_instructions_kept_for_a_timeout_answer_only_for_the_stand_in():
    # spec 14.7 and on_timeout: 'instructions on timeout' asks the seat as usual; when its time runs out
    # the stand-in bot (the game's stand_in_bot) answers by the instruction
    from games.core import Rng
    s = blank()
    put(s, "Enna", RED, 6)
    put(s, "Licata", BLUE, 4)
    s = resolving(s, RED, "red.b3", "Enna")
    s = play(s, RED, {"instruct": "conflict", "value": "brutal"}, {"instruct": "apply", "value": "timeout"})
    assert GAME.parse("instructions now", s, RED) == {"instruct": "apply", "value": "now"}
    s = play(s, RED, {"part": 0}, {"to": "Licata", "by": "land"}, {"n": 5})
    assert set(GAME.prompts(s)) == {RED}                     # asked as usual
    bot = GAME.bots[GAME.stand_in_bot(RED)]
    assert bot(s, RED, Rng(b"timeout", 1)) == {"conflict": "brutal"}
    s["p"][RED]["instr"]["conflict"] = "ask"                 # no instruction: a listed option
    listed = [o["move"] for o in GAME.prompts(s)[RED]["options"]]
    assert bot(s, RED, Rng(b"timeout", 1)) in listed


def test_cowardice_on_the_neutral_side_rewards_the_attacker():
    # ruling cowardice_neutrals (spec 8.5 step 3, "Jako atakujący ... weź z puli do siedziby tyle samo swoich
    # soldati"): Blue plays the neutrals' cards and keeps Cowardice 2; the 2 neutrals it sends away bring
    # 2 of Red's soldati from its pool to its HQ, none of Blue's
    from games.lafamiglia import data as D
    s = blank()
    put(s, "Enna", RED, 6)
    put(s, "Caltanissetta", NEUTRAL, 6)
    s = resolving(s, RED, "red.b3", "Enna")
    s = play(s, RED, {"part": 0}, {"to": "Caltanissetta", "by": "land"}, {"n": 5}, {"conflict": "finesse"})
    assert set(GAME.prompts(s)) == {RED, BLUE}               # Blue, the next opponent, plays the neutrals
    _, s = decide(s, RED, {"card": "zdrada"})
    _, s = decide(s, BLUE, {"card": "tchorzostwo2"})
    _, s = decide(s, RED, {"take": False})
    _, s = decide(s, BLUE, {"take": False})
    hq = {RED: s["p"][RED]["hq"], BLUE: s["p"][BLUE]["hq"]}
    events, s = decide(s, "system", {"step": "reveal"})
    check(s)
    assert [(e["side"], e["n"], e["why"]) for e in events if e["type"] == "kill"][:2] == \
        [("def", 1, "Zdrada"), ("def", 2, "Tchórzostwo")]
    # 2 for the neutrals Cowardice sent away, 1 for the last neutral killed in the losses (6 - 2 by the skull)
    assert s["p"][RED]["hq"] == hq[RED] + 3 and s["p"][BLUE]["hq"] == hq[BLUE]
    ruling = next(r for r in GAME.rulings() if r["id"] == "cowardice_neutrals")
    assert ruling["provisional"] and "Tchórzostwa" in ruling["words"] and ruling["rule"] == "8.5 step 3"
    assert D.RULINGS["items"][0]["id"] == "annex_order_rows"
