"""The options of every question come in an order the game fixes itself, whatever the order of
the dicts and lists in the state: a state folded from stored JSON (keys sorted, as a database
may return them) asks the same questions, options in the same order, as the state built live."""

import copy
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core import Rng, fold
from games.labyrinth import GAME
from tests.games.labyrinth.labyrinth_kit import JH, make, play
from tests.games.labyrinth.test_labyrinth_properties import MAX_STEPS, SCENARIOS, choose, start


def stored(state):
    """The state as stored JSON gives it back: every dict's keys sorted."""
    return json.loads(json.dumps(state, sort_keys=True))


def test_recruit_place_lists_its_countries_in_map_order():
    # 8.1.2: 3 successes in 3 countries, 2 cells available: where they go is asked
    s = make({"Iraq": {"gov": 3, "align": "Adversary", "sleeper": 1}, "Egypt": {"gov": 3, "align": "Ally", "sleeper": 1},
              "Pakistan": {"gov": 3, "align": "Ally", "sleeper": 1}},
             blank=True, hands={"jihadist": [78]}, funding=9)
    s["c"]["Kenya/Tanzania"] = dict(s["c"]["Kenya/Tanzania"], sleeper=10)   # 2 cells left on the track
    _, live = play(s, JH, {"card": 78}, {"op": "recruit"}, {"country": "Pakistan"}, {"country": "Egypt"},
                   {"country": "Iraq"}, dice=(1, 1, 1))
    assert live["step"]["k"] == "recruit_place"
    reordered = copy.deepcopy(live)
    reordered["step"]["succ"] = dict(reversed(list(live["step"]["succ"].items())))
    asked = [[o["move"] for o in GAME.prompts(x)[JH]["options"]] for x in (live, stored(live), reordered)]
    assert asked[0] == asked[1] == asked[2] == [{"country": "Iraq"}, {"country": "Pakistan"}, {"country": "Egypt"}]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.binary(min_size=1, max_size=8), scenario=st.sampled_from(SCENARIOS), eager=st.booleans())
def test_a_stored_state_asks_what_the_live_state_asks(seed, scenario, eager):
    log = start({"scenario": scenario, "decks": 1, "events": "on"}, seed)
    state = fold(GAME, copy.deepcopy(log))
    for _ in range(MAX_STEPS):
        asked = GAME.prompts(state)
        if not asked:
            break
        assert GAME.prompts(stored(state)) == asked
        (seat, prompt), = asked.items()
        move = choose(prompt, seat, Rng(seed + b"/player", len(log)), eager)
        events = GAME.decide(state, seat, move, Rng(seed, len(log)))
        for event in events:
            state = GAME.evolve(state, event)
        log += events
