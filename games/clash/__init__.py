"""CLASH: Jihad vs McWorld (Los Diablos Polacos, 2012): the rules engine.

Spec: shared/rules/clash.md. Files: tiles.json/tiles.py (the 32 tiles), board.py (geometry
and orientation), derived.py (Security, blocks, support), effects.py (instant effects),
setup.py (options and the setup draw), rules.py (prompts and decide), evolve.py (the fold),
view.py, notation.py (parse, notate), describe.py, summary.py (one line per placement),
example.py (a whole placement in notation), game.py (the Game object).
"""

from .game import Clash

GAME = Clash()

__all__ = ["Clash", "GAME"]
