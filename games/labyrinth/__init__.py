"""Labyrinth: The War on Terror, 2001-? (GMT, 2010; 2nd edition 2011): the rules engine.

Spec: shared/rules/labyrinth.md. Files: data/ (map, cards, scenarios, player-aid tables) and
data.py (loading them), state.py (the state and its derived values), setup.py (options and
setup), flow.py (sequence of play, card choice, end of turn), cardplay.py (choice of
operation, Reserves), us_ops.py, jihadist_ops.py, plots.py (8.5.6 resolution),
tests_rolls.py (4.9 tests, 7.7 rolls), governance.py, victory.py, ctx.py and rules.py
(decide and prompts), evolve.py (the fold), view.py, describe.py, notation.py, game.py;
events/ (card events, with hooks.py). The option "events: off" plays every card for operations
only; "on" adds the card events (not yet a players' choice: events/README.md).
"""

from .game import Labyrinth

GAME = Labyrinth()

__all__ = ["GAME", "Labyrinth"]
