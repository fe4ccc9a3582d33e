"""Helpers for the La Famiglia tests: random games through the listed options, positions built
from a setup event, one decision at a time, and the component accounting of spec 2.5."""

import copy
import json

from games.core import IllegalMove, Rng, fold
from games.lafamiglia import GAME
from games.lafamiglia import data as D
from games.lafamiglia.evolve import evolve
from games.lafamiglia.state import NEUTRAL, SEATS

SW, NE, SE, NW = SEATS          # player order: southwest -> northeast -> southeast -> northwest


def jcopy(value):
    return json.loads(json.dumps(value))


def check(s):
    """Spec 2.5: every piece accounted for, nothing below zero, at most 2 labs and 2 tokens an
    area, one holder an area; 13 tokens a family; money never negative."""
    for seat in SEATS:
        me = s["p"][seat]
        held = [a for a in s["areas"].values() if a["owner"] == seat]
        attacking = [a["att"] for a in s["areas"].values() if a["att"] and a["att"]["seat"] == seat]
        assert min(me["pool"].values()) >= 0 and me["hq"] >= 0 and me["money"] >= 0, (seat, me)
        assert me["pool"]["soldati"] + me["hq"] + sum(a["n"] for a in held) + sum(a["n"] for a in attacking) \
            == D.COMP["soldati"], seat
        assert me["pool"]["cars"] + sum(a["cars"] for a in held) + sum(a["cars"] for a in attacking) \
            == D.COMP["cars"], seat
        assert me["pool"]["boats"] + sum(v.count(seat) for v in s["seas"].values()) == D.COMP["boats"], seat
        on_tiles = sum(1 for team in ("north", "south") for v in s["tiles"][team].values() if v == seat)
        if me["family"]:
            on_board = sum(D.row_length(me["family"], r) - me["board"][r] for r in D.ROWS)
            on_sheets = sum(v.count(seat) for v in s["fields"].values())
            assert me["pool"]["markers"] + on_board + on_sheets + on_tiles == D.COMP["markers"], seat
            placed = [t["id"] for a in s["areas"].values() for t in a["tokens"] if t["seat"] == seat]
            sold = [t for t in s["out"] if D.TOKEN[t]["family"] == me["family"]]
            assert sorted(me["tokens"] + me["locked"] + placed + sold) == sorted(D.FAMILY_TOKENS[me["family"]]), seat
        assert sum(1 for m in s["control"].values() if m == seat) <= D.COMP["control"]
        assert (me["ua"] is None) or me["ua"]["field"] in s["fields"]
    assert s["supply"]["labs"] >= 0 and s["supply"]["labs"] + sum(a["labs"] for a in s["areas"].values()) == D.COMP["labs"]
    neutral = sum(a["n"] for a in s["areas"].values() if a["owner"] == NEUTRAL)
    neutral += sum(a["att"]["n"] for a in s["areas"].values() if a["att"] and a["att"]["seat"] == NEUTRAL)
    assert s["supply"]["neutral"] >= 0 and neutral + s["supply"]["neutral"] == D.COMP["neutral_soldati"]
    assert sum(v.count(NEUTRAL) for v in s["fields"].values()) + s["supply"]["neutral_markers"] == D.COMP["neutral_markers"]
    for name, a in s["areas"].items():
        assert 0 <= a["labs"] <= 2 and len(a["tokens"]) <= 2, name
        assert (a["n"] > 0) == (a["owner"] is not None), name
        assert not a["cars"] or a["owner"] not in (None, NEUTRAL), name
        assert all(t["seat"] == a["owner"] for t in a["tokens"]), name
        assert s["fight"] or a["att"] is None, name
    for fid, v in s["fields"].items():
        assert D.FIELD[fid].get("large") or len(v) <= 1, fid


def new_game(opts=None, seed=b"kit"):
    events = GAME.start(GAME.resolve_options(opts or {}), list(GAME.seats), Rng(seed, 0))
    return events, fold(GAME, jcopy(events))


def decide(state, seat, move, position=1):
    """(events, state after them); the state given is left as it was."""
    events = GAME.decide(state, seat, move, Rng(b"kit", position))
    return events, fold(GAME, jcopy(events), jcopy(state))


def option(state, seat, test):
    """The move of the one listed option of ``seat`` whose move passes ``test``."""
    found = [o["move"] for o in GAME.prompts(state)[seat]["options"] if test(o["move"])]
    assert len(found) == 1, (found, GAME.prompts(state)[seat]["options"])
    return found[0]


def blank(families=None, first=SW, opts=None, tiles=None):
    """A state after setup with families chosen and an empty map: every soldato in its pool,
    no money; tests put what they need on it (fix() keeps the pools right)."""
    families = families or {SW: "red", NE: "blue", SE: "green", NW: "yellow"}
    event = {"type": "setup", "options": GAME.resolve_options(opts or {}), "first": first,
             "tiles": tiles or [k for k in D.TILE_KEYS if not D.TILE[k].get("unknown")][:7],
             "colours": {"north": [families[NW], families[NE]], "south": [families[SW], families[SE]]},
             "characters": {seat: i for i, seat in enumerate(SEATS)}}
    s = evolve(None, event)
    for seat in SEATS:
        s = evolve(s, {"type": "family", "seat": seat, "family": families[seat]})
    for a in s["areas"].values():
        a.update(owner=None, n=0, cars=0, labs=0, tokens=[])
    for seat in SEATS:
        s["p"][seat].update(money=0, hq=0)
    s["phase"], s["stack"], s["fields"] = "planning", [], {}
    return fix(s)


def put(s, area, owner, n, cars=0, labs=0):
    s["areas"][area].update(owner=owner, n=n, cars=cars, labs=labs)
    return s


def fix(s):
    """Recount every pool and supply from what is on the map and in the HQs."""
    for seat in SEATS:
        me = s["p"][seat]
        held = [a for a in s["areas"].values() if a["owner"] == seat]
        me["pool"]["soldati"] = D.COMP["soldati"] - me["hq"] - sum(a["n"] for a in held)
        me["pool"]["cars"] = D.COMP["cars"] - sum(a["cars"] for a in held)
        me["pool"]["boats"] = D.COMP["boats"] - sum(v.count(seat) for v in s["seas"].values())
        on_board = sum(D.row_length(me["family"], r) - me["board"][r] for r in D.ROWS)
        on_tiles = sum(1 for team in ("north", "south") for v in s["tiles"][team].values() if v == seat)
        me["pool"]["markers"] = D.COMP["markers"] - on_board - on_tiles - sum(v.count(seat) for v in s["fields"].values())
    s["supply"]["labs"] = D.COMP["labs"] - sum(a["labs"] for a in s["areas"].values())
    s["supply"]["neutral"] = D.COMP["neutral_soldati"] - sum(a["n"] for a in s["areas"].values() if a["owner"] == NEUTRAL)
    s["supply"]["neutral_markers"] = D.COMP["neutral_markers"] - sum(v.count(NEUTRAL) for v in s["fields"].values())
    check(s)
    return s


def play_random(seed, opts=None, eager=True, every=None, limit=6000, deep=False, partial=False):
    """A whole random game through the listed options (``eager``: prefer doing things over
    stopping, and now and then a move of the 'anytime' list). Returns (moves, events, state);
    ``every(state, events)`` is called after each decision; ``partial``: stop after ``limit``
    decisions without complaint."""
    events = GAME.start(GAME.resolve_options(opts or {}), list(GAME.seats), Rng(seed, 0))
    state = fold(GAME, jcopy(events))
    check(state)
    moves = []
    for _ in range(limit):
        asked = GAME.prompts(state)
        if not asked:
            break
        assert GAME.result(state) is None
        seat = sorted(asked)[0]
        prompt = asked[seat]
        assert prompt["options"], prompt
        assert all(o["label"] and isinstance(o["move"], dict) for o in prompt["options"])
        chooser = Rng(seed + b"/player", len(events))
        pool = prompt["options"]
        if eager:
            pool = [o for o in pool if not ({"sell", "done"} & set(o["move"])) and o["move"].get("to", 1) is not None] or pool
        move = pool[chooser.below(len(pool))]["move"]
        if eager and prompt.get("anytime") and chooser.below(25) == 0:
            move = prompt["anytime"][chooser.below(len(prompt["anytime"]))]["move"]
        before = copy.deepcopy(state) if deep else json.dumps(state, sort_keys=True)
        new = GAME.decide(state, seat, move, Rng(seed, len(events)))
        assert (state if deep else json.dumps(state, sort_keys=True)) == before, "decide changed its input"
        assert new and jcopy(new) == new
        for event in new:
            state = GAME.evolve(state, jcopy(event))
        check(state)
        if every:
            every(state, new)
        moves.append((seat, move))
        events += new
    else:
        if not partial:
            raise AssertionError("the game did not end")
    return moves, events, state


def forced(state):
    """The choices the server takes by itself (tables/appending.py ``Draft.forced``): any seat's
    question with a single answer, until a system step is due or nobody is forced."""
    while True:
        asked = GAME.prompts(state)
        if not asked or "system" in asked:
            return state
        seat = next((x for x in sorted(asked) if len(asked[x]["options"]) == 1), None)
        if seat is None:
            return state
        _, state = decide(state, seat, asked[seat]["options"][0]["move"])


def reply(state, seat, lines):
    """A reply of several lines, taken as tables/submit.py takes it: each line parsed and decided
    while the seat is still asked, the forced choices after each. Returns (state, applied lines,
    lines left untried, (line, IllegalMove) that stopped it or None)."""
    applied = []
    for i, line in enumerate(lines):
        if seat not in GAME.prompts(state):
            return state, applied, lines[i:], None
        try:
            _, state = decide(state, seat, GAME.parse(line, state, seat))
        except IllegalMove as refused:
            return state, applied, lines[i + 1:], (line, refused)
        applied.append(line)
        state = forced(state)
    return state, applied, [], None
