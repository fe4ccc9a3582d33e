"""The planning phase and setup: the rulebook's worked examples ("Przykład") the provisional data
can express, each citing its spec section, and the rules around them."""

from games.lafamiglia import GAME
from games.lafamiglia.state import NEUTRAL, base
from tests.games.lafamiglia.lafamiglia_kit import NE, NW, SE, SW, blank, check, decide, fix, new_game, option, put

RED, BLUE, GREEN, YELLOW = SW, NE, SE, NW     # blank(): southwest Red, northeast Blue, southeast Green, northwest Yellow


def turn(s, seat, upper=None, money=0, first=None):
    """``seat``'s planning turn in round 1 with the given markers on the upper sheet (sheet 0)."""
    s["fields"] = {f: list(who) for f, who in (upper or {"0a1": [NEUTRAL], "0b2": [NEUTRAL]}).items()}
    s["p"][seat]["money"] = money
    s["phase"], s["turn"], s["first"] = "planning", seat, first or seat
    s["stack"] = [{"k": "turn", "seat": seat}]
    return fix(s)


def play(s, seat, *moves):
    """Apply moves in order (each a dict, or a test picking the one option it fits)."""
    for m in moves:
        move = m if isinstance(m, dict) else option(s, seat, m)
        _, s = decide(s, seat, move)
        check(s)
    return s


def test_the_first_player_gives_1_lira_to_the_last():
    # spec 3 step 11.1
    events, state = new_game(seed=b"gift")
    pay = next(e for e in events if e["type"] == "money")
    first = state["first"]
    last = state["cycle"][(state["cycle"].index(first) - 1) % 4]
    assert pay["seat"] == first and pay["to"] == last and pay["n"] == -1


def setup_blocks(state, choose):
    """Play the setup, each question answered by ``choose(state, seat, prompt)``: the seats' runs of
    questions in a row (seat, kinds) and the seats whose markers the rules placed, in order."""
    blocks, placed = [], []
    while state["phase"] == "setup":
        (seat, prompt), = GAME.prompts(state).items()
        if seat == "system":
            placed.append(state["stack"][-1]["seat"])
        elif not blocks or blocks[-1][0] != seat:
            blocks.append((seat, [prompt["kind"]]))
        else:
            blocks[-1][1].append(prompt["kind"])
        if prompt["kind"] == "family":
            assert {o["move"]["family"] for o in prompt["options"]} <= set(state["colours"][state["team"][seat]])
        _, state = decide(state, seat, choose(state, seat, prompt))
    assert sum(1 for f in state["fields"].values() for who in f if who != NEUTRAL) == 8
    return state, blocks, placed


def test_setup_is_one_block_per_seat_then_the_markers_in_player_order():
    # spec 3 steps 6, 11, 12: each seat in player order chooses its family (from its team's draw), places
    # its card's units and labs and lists its sheet-0 fields, all at once; then the markers go down in
    # player order, one a seat, twice, each on the seat's first listed field still free
    _, state = new_game(seed=b"setup-order")
    order = (state["cycle"] * 2)[state["cycle"].index(state["first"]):][:4]

    def apart(s, seat, prompt):                    # seat k lists fields 3k, 3k+1, 3k+2 of sheet 0
        if s["stack"][-1]["k"] == "mark_plan":
            fields = "0a2 0a3 0b1 0b2 0b3 0c2 0c3 0d2 0d3 0e1 0e2 0e3".split()
            want = fields[3 * order.index(seat) + len(s["p"][seat].get("plan", []))]
            return {"field": want}
        return prompt["options"][0]["move"]

    _, blocks, placed = setup_blocks(state, apart)
    assert [seat for seat, _ in blocks] == order                    # one run of questions per seat, no more
    assert all(kinds[0] == "family" and set(kinds) == {"family", "deploy"} for _, kinds in blocks)
    assert placed == order + order


def test_a_seat_whose_listed_fields_are_taken_is_asked():
    # every seat lists the same 3 fields: the first three seats get one each, the fourth is asked; in the
    # second round all are taken, so each seat is asked in turn
    _, state = new_game(seed=b"setup-order")
    order = (state["cycle"] * 2)[state["cycle"].index(state["first"]):][:4]
    asked = []

    def first(s, seat, prompt):
        if s["stack"][-1]["k"] == "mark0" and seat != "system":
            asked.append(prompt["text"])
        return prompt["options"][0]["move"]

    _, blocks, placed = setup_blocks(state, first)
    assert placed == order[:3] and [seat for seat, _ in blocks[4:]] == order      # (the fourth's first ask ends its run)
    assert len(asked) == 5 and all("the fields you chose are taken" in text for text in asked)


def test_recruit_is_church_base_plus_bonus():
    # spec 6.4.1 (L514): base 4 + bonus 1 = 5 soldati
    s = blank()
    s["p"][RED]["board"]["church"] = 1                      # the first church field reads 4
    s = turn(s, RED)
    assert base(s, RED, "church") == 4
    s = play(s, RED, {"field": "1a1"}, {"marker": "0a1", "owner": NEUTRAL})      # its one action starts at once
    assert [o["move"]["n"] for o in GAME.prompts(s)[RED]["options"]] == [1, 2, 3, 4, 5]
    hq = s["p"][RED]["hq"]
    s = play(s, RED, {"n": 5})
    assert s["p"][RED]["hq"] == hq + 5


def test_place_is_police_base_plus_bonus_into_an_own_or_empty_area():
    # spec 6.4.2 (L547): base 2 + bonus 2 = 4 soldati, into an area with 1 of yours
    s = blank()
    put(s, "Enna", RED, 1)
    put(s, "Licata", BLUE, 2)
    put(s, "Camastra", NEUTRAL, 2)
    s["p"][RED]["hq"] = 6
    s = turn(s, RED)
    s = play(s, RED, {"field": "1c2"}, {"marker": "0a1", "owner": NEUTRAL})
    areas = {o["move"]["to"] for o in GAME.prompts(s)[RED]["options"]}
    assert "Enna" in areas and "Licata" not in areas and "Camastra" not in areas
    s = play(s, RED, {"to": "Enna"})
    assert [o["move"]["n"] for o in GAME.prompts(s)[RED]["options"]] == [1, 2, 3, 4]
    s = play(s, RED, {"n": 4})
    assert s["areas"]["Enna"]["n"] == 5 and s["p"][RED]["hq"] == 2


def test_a_field_with_two_partial_actions_and_a_cost():
    # spec 6.2, 6.3, 6.4.3 (L566): pay 1 L; place base 2 + 1 = 3 soldati in an empty area (its lab goes),
    # then issue an order there
    s = blank()
    put(s, "Enna", RED, 1)
    s["areas"]["Caltanissetta"]["labs"] = 1
    s["p"][RED]["hq"] = 5
    s = turn(s, RED, money=2)
    s = play(s, RED, {"field": "1a2"}, {"marker": "0a1", "owner": NEUTRAL})
    assert s["p"][RED]["money"] == 1
    parts = [o["label"] for o in GAME.prompts(s)[RED]["options"]]
    assert parts == ["Place soldati (base +1)", "Issue an order"]      # in any order, no 'finish' before the first
    s = play(s, RED, {"part": 0}, {"to": "Caltanissetta"}, {"n": 3})
    assert s["areas"]["Caltanissetta"]["owner"] == RED and s["areas"]["Caltanissetta"]["labs"] == 0
    s = play(s, RED, {"part": 1}, lambda m: m.get("token") == "red.b3", {"to": "Caltanissetta"})
    assert s["areas"]["Caltanissetta"]["tokens"] == [{"id": "red.b3", "seat": RED, "up": False}]
    assert s["turn"] == BLUE                                # the turn passed on


def test_three_motorboats_in_one_sea_area():
    # spec 6.4.4 (L654): Red moves its new boat next to 2 boats: Red's and one other (Yellow's) go
    s = blank()
    put(s, "Licata", RED, 2)
    s["seas"]["Mare Licata"] = [YELLOW, GREEN]
    s = turn(s, RED)
    s = play(s, RED, {"field": "1b1"}, {"marker": "0a1", "owner": NEUTRAL}, {"part": 1},
             {"kind": "boat", "sea": "Mare Agrigento"}, {"to": "Mare Licata"})
    assert [o["move"]["owner"] for o in GAME.prompts(s)[RED]["options"]] == [GREEN, YELLOW]
    s = play(s, RED, {"owner": YELLOW})
    assert s["seas"]["Mare Licata"] == [GREEN] and s["p"][RED]["pool"]["boats"] == 4


def test_spreading_costs():
    # spec 6.5 step 3 (L741-750): 3 markers (2 Green), printed -2: 5 L to the supply and 2 L to Green = 7 L;
    # 2 markers (1 Blue), printed -1: 3 L and 1 L to Blue = 4 L; an empty column cannot be spread
    s = blank()
    s = turn(s, RED, {"0f1": [NEUTRAL], "0f2": [GREEN], "0f3": [GREEN], "0b1": [BLUE], "0b2": [NEUTRAL]}, money=11)
    labels = {o["move"].get("column"): o["label"] for o in GAME.prompts(s)[RED]["options"] if "column" in o["move"]}
    assert set(labels) == {"b", "f"}
    assert "pay 5 L, 2 L to Green" in labels["f"] and "pay 3 L, 1 L to Blue" in labels["b"]
    events, s = decide(s, RED, {"column": "f"})
    paid = [(e["n"], e.get("to")) for e in events if e["type"] == "money"]
    assert sorted(paid, key=str) == sorted([(-2, GREEN), (-5, None)], key=str) and s["p"][RED]["money"] == 4
    assert s["p"][GREEN]["money"] == 2
    s2 = turn(blank(), RED, {"0f1": [NEUTRAL], "0f2": [GREEN], "0f3": [GREEN]}, money=6)
    assert not any("column" in o["move"] for o in GAME.prompts(s2)[RED]["options"])    # 7 L needed


def test_exert_influence_reveals_a_car_and_unlocks_the_courts_b_order():
    # spec 6.6 (L820): Blue takes the leftmost marker of courts column B: it unlocks courts B into HQ,
    # and the revealed 'gain a car' field must be used at once
    s = blank()
    put(s, "Messina", BLUE, 2)
    s["p"][BLUE]["board"]["courts"] = 2                     # column A already revealed
    s["p"][BLUE]["locked"].remove("blue.courts_a")
    s["p"][BLUE]["tokens"].append("blue.courts_a")
    s = turn(s, BLUE)
    s = play(s, BLUE, {"field": "1b2"}, {"marker": "0a1", "owner": NEUTRAL}, {"row": "courts"})
    assert "blue.courts_b" in s["p"][BLUE]["tokens"] and "blue.courts_b" not in s["p"][BLUE]["locked"]
    assert GAME.prompts(s)[BLUE]["kind"] == "car"
    s = play(s, BLUE, {"to": "Messina"})
    assert s["areas"]["Messina"]["cars"] == 1


def test_influence_one_institution_takes_two_markers_of_its_row_and_allows_a_bonus_order():
    # spec 6.5 (L838): Red spreads the police column: its 2 leftmost police markers go back to the pool,
    # unlocking police A, and Red may issue an order too (before or after)
    s = blank()
    put(s, "Enna", RED, 2)
    s = turn(s, RED, {"0c2": [NEUTRAL], "0a2": [BLUE]}, money=5)
    s = play(s, RED, {"column": "c"}, {"field": "1a3"})
    assert [o["move"]["when"] for o in GAME.prompts(s)[RED]["options"]] == ["before", "after", "none"]
    pool = s["p"][RED]["pool"]["markers"]
    s = play(s, RED, {"when": "after"})
    assert s["p"][RED]["board"]["police"] == 2 and s["p"][RED]["pool"]["markers"] == pool + 2
    assert "red.police_a" in s["p"][RED]["tokens"]
    s = play(s, RED, lambda m: m.get("token") == "red.police_a", {"to": "Enna"})
    assert s["areas"]["Enna"]["tokens"][0]["id"] == "red.police_a"


def test_influence_two_institutions():
    # spec 6.5 (L848): Red takes the first bank marker (its field gives 1 L) back to the pool, and the
    # leftmost church marker onto the lower sheet, blocking a field without taking its action
    s = blank()
    put(s, "Enna", RED, 2)
    s = turn(s, RED, {"0f2": [NEUTRAL]}, money=3)
    s = play(s, RED, {"column": "f"}, {"field": "1a3"}, {"when": "none"}, {"row": "banks"}, {"row": "church"})
    money = s["p"][RED]["money"]
    s = play(s, RED, {"place": "church"})
    assert s["p"][RED]["money"] == money + 1 and s["p"][RED]["board"]["banks"] == 1
    s = play(s, RED, {"field": "1c2"})
    assert s["fields"]["1c2"] == [RED] and s["p"][RED]["board"]["church"] == 1
    assert "red.banks_a" in s["p"][RED]["tokens"] and "red.church_a" in s["p"][RED]["tokens"]


def test_the_first_player_column():
    # spec 6.5 step 4: Primo Giocatore from the next phase on; the order of this phase is unchanged
    s = blank()
    put(s, "Enna", BLUE, 2)
    s = turn(s, BLUE, {"0a2": [NEUTRAL], "0b1": [RED]}, money=5, first=RED)
    s = play(s, BLUE, {"column": "a"}, {"field": "1a3"}, {"when": "none"}, {"kind": "none"})
    assert s["primo"] == BLUE and s["first"] == RED and s["turn"] == GREEN


def test_a_seat_that_cannot_pay_sells_an_order_or_passes():
    # spec 6.1 (L386): no passing; sell an order first; with nothing to sell, a logged pass (policy)
    s = blank()
    s = turn(s, RED, {"0a1": [BLUE]}, money=0)
    assert all("sell" in o["move"] for o in GAME.prompts(s)[RED]["options"])
    s["p"][RED]["tokens"] = []
    s["out"] = list(s["out"]) + [t for t in GAME_TOKENS("red") if t not in s["p"][RED]["locked"]]
    s = fix(s)
    assert [o["move"] for o in GAME.prompts(s)[RED]["options"]] == [{"pass": True}]
    events, s = decide(s, RED, {"pass": True})
    assert events[0]["type"] == "pass" and s["turn"] == BLUE


def GAME_TOKENS(fam):
    from games.lafamiglia import data as D
    return D.FAMILY_TOKENS[fam]


def test_ultima_azione():
    # spec 6.7: when the upper sheet is empty, the UA marker's owner moves the marker on its UA field to
    # another free field and takes that action (no fee again); the UA marker returns to the pool
    s = blank()
    put(s, "Enna", RED, 2)
    s = turn(s, RED, {"0a1": [BLUE]}, money=2)
    s = play(s, RED, {"field": "1d2"}, {"marker": "0a1", "owner": BLUE})
    assert s["p"][RED]["ua"] == {"field": "1d2", "marker": BLUE} and s["p"][BLUE]["money"] == 1
    assert GAME.prompts(s)[RED]["kind"] == "ultima"             # the upper sheet is empty: UA at once
    hq = s["p"][RED]["hq"]
    s = play(s, RED, {"field": "1c1"})
    assert s["p"][RED]["money"] == 0 and s["fields"]["1c1"] == [BLUE] and "1d2" not in s["fields"]
    s = play(s, RED, {"n": 2})
    assert s["p"][RED]["hq"] == hq + 2 and s["p"][RED]["ua"] is None and s["p"][BLUE]["money"] == 1


def test_wplywy_at_the_start_of_planning_and_its_standing_instruction():
    # spec 13 Wpływy, 14.7: the holder may discard 1 HQ soldato to replace a neutral marker of the upper
    # sheet; 'always' lets the rules answer (a system step citing the instruction)
    from games.lafamiglia import planning
    from games.lafamiglia.ctx import Ctx
    s = blank()
    s["tiles"]["south"]["influence"] = RED
    s["p"][RED]["hq"] = 2
    s["fields"] = {"0a1": [NEUTRAL], "0b2": [BLUE]}
    s = fix(s)
    ctx = Ctx(s)
    planning.enter(ctx, 1)
    s = ctx.s
    assert GAME.prompts(s)[RED]["kind"] == "tile"
    s["p"][RED]["instr"]["influence"] = "always"
    asked = GAME.prompts(s)
    assert set(asked) == {"system"}
    events, s = decide(s, "system", asked["system"]["options"][0]["move"])
    assert events[0] == {**events[0], "type": "applied", "key": "influence", "value": "always"}
    assert s["fields"]["0a1"] == [RED] and s["p"][RED]["hq"] == 1 and s["supply"]["neutral_markers"] == 8


def test_an_uncovered_car_or_lab_may_be_declined():
    # spec 6.6 (L798-806): the courts field "pozwala" (allows) a car, the bank field "Możesz" (you may) a lab:
    # the question offers none too, typed 'no car' / 'no lab', and nothing is placed
    s = blank()
    put(s, "Messina", BLUE, 2)
    s["p"][BLUE]["board"]["courts"] = 2                     # the next courts field gives a car
    s = turn(s, BLUE)
    s = play(s, BLUE, {"field": "1b2"}, {"marker": "0a1", "owner": NEUTRAL}, {"row": "courts"})
    assert GAME.prompts(s)[BLUE]["kind"] == "car"
    move = GAME.parse("no car", s, BLUE)
    assert move == {"car": False}
    cars = s["p"][BLUE]["pool"]["cars"]
    s = play(s, BLUE, move)
    assert s["areas"]["Messina"]["cars"] == 0 and s["p"][BLUE]["pool"]["cars"] == cars
    assert GAME.prompts(s).get(BLUE, {}).get("kind") != "car"
    s = blank()
    put(s, "Enna", RED, 2)
    s["p"][RED]["board"]["banks"] = 1                       # the next bank field gives a lab
    s = turn(s, RED)
    s = play(s, RED, {"field": "1b2"}, {"marker": "0a1", "owner": NEUTRAL}, {"row": "banks"})
    assert GAME.prompts(s)[RED]["kind"] == "lab"
    labs = s["supply"]["labs"]
    s = play(s, RED, GAME.parse("no lab", s, RED))
    assert s["areas"]["Enna"]["labs"] == 0 and s["supply"]["labs"] == labs


def test_chain_of_command_also_opens_the_field_of_orders_in_2_areas():
    # spec 6.4.3 (L1747-1750, Annex III L1903-1905): the field of 1 order in each of up to 2 areas has
    # the basic action's words ("no order token yet"), which the Chain of command tile lifts: Red, holding
    # it, may put its second order of the field where one of its orders already lies
    s = blank()
    put(s, "Enna", RED, 2)
    put(s, "Licata", RED, 2)
    s["tiles"]["south"]["chain"] = RED
    s["areas"]["Enna"]["tokens"] = [{"id": "red.b1", "seat": RED, "up": False}]
    s["p"][RED]["tokens"].remove("red.b1")
    s["sheets"] = {"upper": 1, "lower": 2}
    s = turn(s, RED, {"1a1": [NEUTRAL], "1b1": [NEUTRAL]})
    s = play(s, RED, {"field": "2c1"}, {"marker": "1a1", "owner": NEUTRAL}, {"token": "red.b2"})
    assert {o["move"]["to"] for o in GAME.prompts(s)[RED]["options"]} == {"Enna", "Licata"}
    s = play(s, RED, {"to": "Enna"}, {"token": "red.b3"})
    assert {o["move"].get("to") for o in GAME.prompts(s)[RED]["options"]} == {"Licata"}   # Enna: 2 already
    assert [t["id"] for t in s["areas"]["Enna"]["tokens"]] == ["red.b1", "red.b2"]


def test_black_unlocks_its_own_order_from_the_church_row():
    # spec 2.7, 8.11 (Annex II): Black's B order bears the church row's symbol ('Czarny T B'), so the first
    # field of the church row's group B unlocks it; the courts row has no group B for Black
    s = blank(families={RED: "black", GREEN: "green", BLUE: "blue", YELLOW: "yellow"})
    put(s, "Enna", RED, 2)
    s["p"][RED]["board"]["church"] = 2                      # the next church field opens group B
    s["p"][RED]["board"]["courts"] = 2                      # the next courts field is the old B
    s = turn(s, RED)
    locked = list(s["p"][RED]["locked"])
    s = play(s, RED, {"field": "1b2"}, {"marker": "0a1", "owner": NEUTRAL}, {"row": "church"})
    assert "black.church_b" in s["p"][RED]["tokens"] and "black.church_b" in locked
    s = blank(families={RED: "black", GREEN: "green", BLUE: "blue", YELLOW: "yellow"})
    put(s, "Enna", RED, 2)
    s["p"][RED]["board"]["courts"] = 2
    s = turn(s, RED)
    s = play(s, RED, {"field": "1b2"}, {"marker": "0a1", "owner": NEUTRAL}, {"row": "courts"}, {"car": False})
    assert s["p"][RED]["tokens"] == GAME_TOKENS("black")[:5]   # the basic orders only: nothing unlocked
