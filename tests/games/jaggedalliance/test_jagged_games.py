"""Random co-op games to the end (victory or defeat), with the invariants checked after every
event; the fold of the log is the live state; the same seed and moves give the same events."""

import copy
import json

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from games.core import Rng, fold
from games.jaggedalliance import GAME
from games.jaggedalliance.data import CARDS, MERC, TILES
from games.jaggedalliance.rules import prompts
from games.jaggedalliance.state import held, row, single_area

MAX_DECISIONS = 4000
SCENARIOS = ["1", "2", "3"]


def check(s):
    """The invariants of a state (spec 5.2 cubes, 6.5 cards, 12 battles)."""
    if not s.get("order"):
        return
    places: dict[str, str] = {}

    def place(card, where):
        assert card not in places, f"card {card} is both in {places[card]} and {where}"
        places[card] = where

    bonus = 1 if s["team_size"] == 3 else 0
    active = [m for m in s["order"] if s["mercs"][m]["active"]]
    assert len(active) <= 1
    for m in s["order"]:
        x = s["mercs"][m]
        assert min(x["S"], x["F"], x["W"]) >= 0 and x["sw"] in (0, 1)
        if x["dead"]:
            assert not held(s, m)
            continue
        assert x["S"] + x["F"] + x["W"] + x["sw"] == MERC[m]["stamina"] + bonus, m
        for card in held(s, m):
            place(card, m)
        assert len(x["weapons"]) <= 3 and len(x["allies"]) <= MERC[m]["allies"]
        if x["sector"] and not x["sector"].startswith("M"):
            if single_area(s, x["sector"]):
                assert x["area"] is None
            else:
                assert x["area"] in TILES[x["sector"]]["areas"]
    for pile in ("market", "income"):
        for card in s[pile]:
            place(card, pile)
    for deck, cards in s["discards"].items():
        for card in cards:
            place(card, f"discards {deck}")
    for deck, cards in s.get("hidden", {}).get("decks", {}).items():
        for card in cards:
            if card in CARDS:
                place(card, f"deck {deck}")
    for e, enemy in s["enemies"].items():
        if enemy["down"]:
            assert enemy["dmg"] == 0
        else:
            assert enemy["dmg"] < row(s, e)["h"]
            assert s["sectors"].get(enemy["sector"], {}).get("status") != "liberated" or enemy["sector"].startswith("M")
    for t, info in s["sectors"].items():
        assert info["status"] in ("occupied", "besieged", "liberated")
        if "hidden" in s and not t.startswith("M"):
            tokens = s["hidden"]["tokens"].get(t, {})
            assert {a: n for a, n in info["facedown"].items() if n} == {a: len(v) for a, v in tokens.items() if v}
    assert s["pool"]["money"] >= 0 and s["pool"]["rebels"] >= 0


def play_game(seed: bytes, opts: dict, sensible: float, check_all: bool = False):
    """Play to the end: at each decision a seat asked (the first answer is taken) picks the
    sensible move with this probability, else a random listed option."""
    opts = GAME.resolve_options(opts)
    log = GAME.start(opts, list(GAME.table_seats(opts)), Rng(seed, 0))
    state = fold(GAME, copy.deepcopy(log))
    check(state)
    moves = []
    for _ in range(MAX_DECISIONS):
        asked = GAME.prompts(state)
        if not asked:
            break
        assert GAME.result(state) is None
        chooser = Rng(seed + b"/player", len(log))
        seat = sorted(asked)[chooser.below(len(asked))]
        assert "system" not in asked or list(asked) == ["system"], "a system step beside a player's question"
        options = asked[seat]["options"]
        assert options and all(o["label"] and isinstance(o["move"], dict) for o in options)
        if seat == "system":
            move = options[0]["move"]
        elif chooser.below(1000) < sensible * 1000:
            move = GAME.bots["sensible"](state, seat, Rng(seed + b"/bot", len(log)))
        else:
            move = options[chooser.below(len(options))]["move"]
        if check_all:
            for option in options:
                assert GAME.decide(state, seat, option["move"], Rng(seed, len(log)))
        before = json.dumps(state, sort_keys=True)
        events = GAME.decide(state, seat, move, Rng(seed, len(log)))
        assert json.dumps(state, sort_keys=True) == before, "decide changed its input"
        assert events and json.loads(json.dumps(events)) == events
        for event in events:
            assert GAME.describe(event)
            redacted = GAME.redact(event, seat)
            assert not any(k.startswith("hidden") for k in redacted.get("fx", {}))
            assert GAME.describe(redacted) == GAME.describe(event)
            state = GAME.evolve(state, event)
        check(state)
        moves.append((seat, move))
        log += events
    else:
        raise AssertionError("the game did not end")
    result = GAME.result(state)
    assert result and result["outcome"] in ("victory", "defeat") and result["text"]
    assert "hidden" not in GAME.view(state, "merc1")
    return moves, log, state


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.binary(min_size=1, max_size=8), players=st.integers(1, 4), scenario=st.sampled_from(SCENARIOS),
       sensible=st.sampled_from([0.0, 0.6, 0.9, 1.0]))
@example(seed=b"/\xa4", players=4, scenario="3", sensible=0.0)    # a Tank placed in battle, its armour drawn
def test_random_games_keep_the_invariants_and_replay(seed, players, scenario, sensible):
    opts = {"players": players, "scenario": scenario, "hire": "choose"}
    moves, log, state = play_game(seed, opts, sensible)
    assert fold(GAME, copy.deepcopy(log)) == state
    replay = GAME.start(GAME.resolve_options(opts), list(GAME.table_seats(opts)), Rng(seed, 0))
    live = fold(GAME, copy.deepcopy(replay))
    for seat, move in moves:
        events = GAME.decide(live, seat, move, Rng(seed, len(replay)))
        live = fold(GAME, copy.deepcopy(events), live)
        replay += events
    assert replay == log


def test_games_end_both_ways():
    outcomes = set()
    for i in range(24):
        _, _, state = play_game(f"both-{i}".encode(), {"players": 1 + i % 4, "scenario": SCENARIOS[i % len(SCENARIOS)]},
                                sensible=0.95)
        outcomes.add(state["result"]["outcome"])
    assert outcomes == {"victory", "defeat"}


def test_every_listed_option_is_accepted():
    for i in range(3):
        play_game(f"all-{i}".encode(), {"players": 2, "scenario": SCENARIOS[i % len(SCENARIOS)]}, sensible=0.8,
                  check_all=True)


def test_every_event_type_has_a_line():
    from games.jaggedalliance.describe import LINES
    seen = set()
    for i in range(12):
        _, log, _ = play_game(f"lines-{i}".encode(), {"players": 1 + i % 4, "scenario": SCENARIOS[i % len(SCENARIOS)]},
                              sensible=0.5)
        seen |= {e["type"] for e in log}
    assert seen <= set(LINES), seen - set(LINES)


def test_prompts_never_ask_a_seat_outside_the_table():
    _, log, state = play_game(b"seats", {"players": 3}, sensible=0.9)
    assert set(state["seats"]) == {"merc1", "merc2", "merc3"}
    assert all(state["mercs"][m]["seat"] in state["seats"] for m in state["order"])
    assert prompts(state) == {}
