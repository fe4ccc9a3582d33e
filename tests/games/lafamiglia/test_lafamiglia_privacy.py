"""Team-private information (spec 11, 14.4): a seat's view and the events it is shown carry what its
team may see (its partner's HQ, their face-down orders, their finesse pick, their standing
instructions) and nothing the other team may not see. Property tests over random games: changing
everything the other team hides changes nothing in the view, and no redacted event names a
face-down order, a sealed card, a standing instruction or a sheet-0 field listed in the setup of
the other team."""

import json

from games.lafamiglia import GAME
from games.lafamiglia import data as D
from games.lafamiglia.state import SEATS, TEAMS
from tests.games.lafamiglia.lafamiglia_kit import decide, jcopy, play_random

TEAM = {s: t for t, members in TEAMS.items() for s in members}


def perturb(state, team):
    """The same public position with everything ``team`` hides changed."""
    s = jcopy(state)
    for seat in TEAMS[team]:
        me = s["p"][seat]
        me["money"] += 7
        me["hq"] += 3
        fam = me["family"]
        if fam:
            me["tokens"] = list(reversed(me["tokens"]))[:-1] if me["tokens"] else list(D.BASIC[fam][:2])
        me["instr"] = {k: "never" for k in me["instr"]}
        if "plan" in me:                            # the sheet-0 fields listed in the setup
            me["plan"] = [f for f in ("0e3", "0f3", "0f2") if f not in me["plan"]][:len(me["plan"])]
        down = [t for a in s["areas"].values() for t in a["tokens"] if t["seat"] == seat and not t["up"]]
        for t in down:
            t["id"] = D.BASIC[fam][0] if t["id"] != D.BASIC[fam][0] else D.BASIC[fam][1]
        if s.get("sealed") and seat in s["sealed"]["picks"]:
            picks = s["sealed"]["picks"]
            picks[seat] = "tchorzostwo2" if picks[seat] != "tchorzostwo2" else "zdrada"
    return s


def private_leaks(event, seat):
    """What of the other team's secrets a redacted event would still show ``seat``."""
    out = GAME.redact(event, seat)
    owner = event.get("seat")
    if owner not in TEAM or seat is not None and TEAM[owner] == TEAM[seat]:
        return []
    leaks = []
    if event["type"] == "order" and out.get("token"):
        leaks.append("face-down order")
    if event["type"] == "home" and not event.get("up", True) and out.get("token"):
        leaks.append("face-down order going home")
    if event["type"] == "seal" and out.get("card"):
        leaks.append("finesse pick")
    if event["type"] in ("instr", "applied") and ({"key", "value"} & set(out)):
        leaks.append("standing instruction")
    if event["type"] == "plan" and out.get("field"):
        leaks.append("sheet-0 field listed")
    if "stack" in out:
        leaks.append("the decisions under way")
    return leaks


def test_views_and_events_keep_team_secrets():
    seen = {"order": 0, "seal": 0, "instr": 0, "plan": 0}

    def every(state, events):
        for event in events:
            if event["type"] in seen:
                seen[event["type"]] += 1
            for seat in (*SEATS, None):
                assert private_leaks(event, seat) == [], (event, seat)
        for team in TEAMS:
            other = perturb(state, team)
            for seat in [s for s in SEATS if TEAM[s] != team] + [None]:
                assert GAME.view(state, seat) == GAME.view(other, seat), (team, seat)
                assert GAME.brief(state, seat) == GAME.brief(other, seat)

    for seed in (b"privacy-1", b"privacy-2"):
        play_random(seed, every=every)
    assert seen["order"] and seen["seal"] and seen["instr"] and seen["plan"]


def test_a_team_sees_its_own_secrets():
    _, _, state = play_random(b"privacy-own", limit=120, partial=True)
    for seat in SEATS:
        partner = next(s for s in TEAMS[TEAM[seat]] if s != seat)
        mine = GAME.view(state, seat)["seats"]
        assert mine[partner]["money"] == state["p"][partner]["money"]
        assert [t["id"] for t in mine[partner]["tokens"]] == state["p"][partner]["tokens"]
        foe = next(s for s in SEATS if TEAM[s] != TEAM[seat])
        assert mine[foe]["money"] is None and mine[foe]["tokens"] is None and mine[foe]["hq"] is None


def finesse_position():
    """Play until two seats are asked for their finesse cards at once."""
    found = {}

    def every(state, events):
        if not found and state.get("sealed") and not state["sealed"]["picks"]:
            found["state"] = jcopy(state)

    for n in range(12):
        play_random(f"finesse-{n}".encode(), every=every)
        if found:
            return found["state"]
    raise AssertionError("no finesse in 12 games")


def test_the_finesse_pick_is_sealed_then_revealed_together():
    # spec 8.5 step 3, 14.2 C1: both pick at once; neither sees the other's card; the ally does
    state = finesse_position()
    attacker, defender = state["sealed"]["seats"]
    asked = GAME.prompts(state)
    assert {attacker, defender} <= set(asked) or "system" in asked
    for seat in (attacker, defender):
        if seat in asked:
            assert asked[seat]["kind"] == "card" and len(asked[seat]["options"]) == 3
    for seat in (attacker, defender):                      # no standing instructions: both are asked
        state["p"][seat]["instr"] = {k: "ask" for k in state["p"][seat]["instr"]}
    events, after = decide(state, attacker, {"card": "zdrada"})
    assert [e["type"] for e in events] == ["seal"]
    assert set(GAME.prompts(after)) == {defender}          # the attacker is no longer asked
    attacker_ally = next(s for s in TEAMS[TEAM[attacker]] if s != attacker)
    assert GAME.redact(events[0], defender)["card"] is None
    assert GAME.redact(events[0], attacker_ally)["card"] == "zdrada"
    assert "zdrada" not in GAME.describe(GAME.redact(events[0], defender))
    assert GAME.view(after, defender)["sealed"] == {"seats": [attacker, defender], "chosen": [attacker], "picks": {}}
    assert GAME.view(after, attacker_ally)["sealed"]["picks"] == {attacker: "zdrada"}
    assert json.dumps(GAME.view(after, defender)).count("zdrada") == json.dumps(GAME.view(state, defender)).count("zdrada")
    _, after = decide(after, defender, {"card": "tchorzostwo1"})
    # both in: the attacker, then the defender, decide whether to take the other's card, cards still hidden
    assert set(GAME.prompts(after)) == {attacker} and GAME.prompts(after)[attacker]["kind"] == "take"
    _, after = decide(after, attacker, {"take": False})
    _, after = decide(after, defender, {"take": True})
    assert set(GAME.prompts(after)) == {"system"}           # the reveal is a system step
    events, after = decide(after, "system", GAME.prompts(after)["system"]["options"][0]["move"])
    cards = next(e for e in events if e["type"] == "cards")
    assert cards["cards"] == {attacker: "zdrada", defender: "tchorzostwo1"}
    assert cards["held"] == {"att": [], "def": ["zdrada", "tchorzostwo1"]}
    assert GAME.redact(cards, None) == cards                # public once revealed


def test_while_the_fleet_holder_is_asked_the_view_lists_this_rounds_orders_face_down():
    # spec 8.1, 13 (Flota, at the start of the encounter phase), 11: before the reveal the queue is not
    # last round's: it lists this round's orders on the map, face down, each seat seeing only its team's
    from games.lafamiglia import encounter
    from games.lafamiglia.ctx import Ctx
    from tests.games.lafamiglia.lafamiglia_kit import NE, NW, SE, SW, blank, fix, put
    s = blank()
    put(s, "Camastra", SW, 2)
    put(s, "Messina", NE, 2)
    put(s, "Licata", SE, 2)
    put(s, "Trapani", NW, 2)
    s["tiles"]["south"]["fleet"] = SW
    placed = {"Camastra": ("red.b3", SW), "Messina": ("blue.b3", NE), "Licata": ("green.b1", SE),
              "Trapani": ("yellow.b2", NW)}
    for area, (token, seat) in placed.items():
        s["areas"][area]["tokens"] = [{"id": token, "seat": seat, "up": False}]
        s["p"][seat]["tokens"].remove(token)
    s["queue"] = [{"token": token, "seat": seat, "area": "Palermo"} for token, seat in placed.values()]
    s["qi"] = 4                                             # last round's, every token played then
    ctx = Ctx(fix(s))
    encounter.enter(ctx)
    s = ctx.s
    assert GAME.prompts(s)[SW]["kind"] == "tile"
    for seat in [*SEATS, None]:
        v = GAME.view(s, seat)
        assert {(q["area"], q["seat"], q["face"]) for q in v["queue"]} == \
            {(a, who, "down") for a, (_, who) in placed.items()} and v["qi"] == 0
        for area, (token, owner) in placed.items():
            shown = next(q["token"] for q in v["queue"] if q["area"] == area)
            assert shown == (token if seat is not None and TEAM[seat] == TEAM[owner] else None), (seat, area)
            if seat is None or TEAM[seat] != TEAM[owner]:
                assert token not in json.dumps(v), (seat, token)
