"""Issue "Performance": La Famiglia's ``notate_all`` (every option of a seat's question in notation,
its answers worked out once) gives, option for option, exactly the text ``notate`` gives, for every
seat asked (the rules' own included) at every decision of whole random games under varied table
options; a seat asked nothing gets nothing."""

import pytest

from games.core import SYSTEM
from games.lafamiglia import GAME
from tests.games.lafamiglia.lafamiglia_kit import play_random

# table options of the games played: the defaults, then each option's other choices in turn
VARIED = [{}] + [{name: choice} for name, spec in GAME.options.items() if spec["choices"] is not None
                 for choice in spec["choices"][1:2]]


@pytest.mark.parametrize("n", range(len(VARIED)))
def test_notate_all_is_notate_of_each_option(n):
    seen = {"decisions": 0, "options": 0, "notated": 0, "idle": 0}

    def every(state, events):
        asked = GAME.prompts(state)
        for seat in [*GAME.seats, SYSTEM]:
            each = [GAME.notate(state, seat, o["move"]) for o in (asked.get(seat) or {}).get("options") or []]
            assert GAME.notate_all(state, seat) == each, (seat, asked.get(seat, {}).get("text"))
            seen["options"] += len(each)
            seen["notated"] += sum(text is not None for text in each)
            seen["idle"] += seat not in asked
        seen["decisions"] += 1

    play_random(b"notate-all-%d" % n, VARIED[n], eager=n % 2 == 0, every=every)
    assert seen["decisions"] > 50 and seen["options"] > seen["decisions"] and seen["idle"]
    assert seen["notated"] == seen["options"]       # every listed option has its words
