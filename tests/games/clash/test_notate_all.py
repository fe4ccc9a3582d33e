"""Issue "Performance": CLASH's ``notate_all`` (every option of a seat's question in notation, the
question asked once) gives, option for option, exactly the text ``notate`` gives, on every decision
of whole random matches under every table option of the Polish matches (VARIED); and for a seat
that is asked nothing, nothing."""

import copy

import pytest

from games.clash import GAME
from games.core import IllegalMove, Rng, fold
from tests.games.clash.test_polish_words import VARIED


def _decisions(n: int, opts: dict, m: int = 0):
    """(state, seat, prompt) of every decision of one random match under ``opts``."""
    seed = b"notate-all-%d-%d" % (n, m)
    log = GAME.start(GAME.resolve_options(opts), list(GAME.seats), Rng(seed, 0))
    state = fold(GAME, copy.deepcopy(log))
    for step in range(3000):
        asked = GAME.prompts(state)
        if not asked:
            break
        (seat, prompt), = asked.items()
        yield state, seat, prompt
        options = prompt["options"]
        move = options[Rng(seed + b"/player", step).below(len(options))]["move"]
        for event in GAME.decide(state, seat, move, Rng(seed, len(log))):
            state = GAME.evolve(state, event)
            log.append(event)
    assert GAME.result(state), f"match {n} did not end"


@pytest.mark.parametrize("m", range(3))
@pytest.mark.parametrize("n", range(len(VARIED)))
def test_notate_all_is_notate_of_each_option(n, m):
    decisions = options = notated = 0
    for state, seat, prompt in _decisions(n, VARIED[n], m):
        each = [GAME.notate(state, seat, o["move"]) for o in prompt["options"]]
        assert GAME.notate_all(state, seat) == each, (seat, prompt["text"])
        other = next(s for s in GAME.seats if s != seat)
        assert GAME.notate_all(state, other) == []            # asked nothing: no options
        decisions += 1
        options += len(each)
        notated += sum(text is not None for text in each)
    assert decisions > 20 and options > decisions
    assert notated == options          # every listed option has a notation that reads back


def test_a_refusal_offers_the_same_lines():
    """A word that answers nothing is refused with each option's whole line (notate_all now)."""
    state, seat, prompt = next(d for d in _decisions(0, {}) if len(d[2]["options"]) > 1)
    with pytest.raises(IllegalMove) as refused:
        GAME.parse("kabooom", state, seat)
    lines = [GAME.notate(state, seat, o["move"]) for o in prompt["options"]]
    assert all(f"`{line}`" in refused.value.message for line in lines[:8])


def test_a_view_notates_its_options_by_it():
    """The views (tables.reading.notations) take notate_all's texts, and each option's own notate
    should a game's notate_all list other options than the ones shown."""
    from tables.reading import notations

    class Counted:
        def __init__(self, every):
            self.every, self.asked = every, 0

        def notate_all(self, state, seat):
            return self.every(state, seat)

        def notate(self, state, seat, move):
            self.asked += 1
            return GAME.notate(state, seat, move)

    state, seat, prompt = next(d for d in _decisions(1, {}) if len(d[2]["options"]) > 1)
    each = [GAME.notate(state, seat, o["move"]) for o in prompt["options"]]
    game = Counted(GAME.notate_all)
    assert notations(game, state, seat, prompt["options"]) == each and game.asked == 0
    game = Counted(lambda state, seat: [])
    assert notations(game, state, seat, prompt["options"]) == each and game.asked == len(each)


def test_a_game_without_it_notates_each_option():
    """The default notate_all is notate of each option; a view of a game that keeps the default
    notates each option without asking the question again."""
    from games.labyrinth import GAME as LABYRINTH
    from tables.reading import notations

    class Asked(type(LABYRINTH)):
        prompted = 0

        def prompts(self, state):
            Asked.prompted += 1
            return super().prompts(state)

    game = Asked()
    log = game.start(game.resolve_options({}), list(game.seats), Rng(b"notate-all-labyrinth", 0))
    state = fold(game, log)
    (seat, prompt), = [(s, p) for s, p in game.prompts(state).items() if p.get("options")][:1]
    each = [game.notate(state, seat, o["move"]) for o in prompt["options"]]
    assert any(each) and game.notate_all(state, seat) == each
    Asked.prompted = 0
    assert notations(game, state, seat, prompt["options"]) == each and Asked.prompted == 0
