"""The rules of every game: pure Python, no I/O, no clock, no global random.

``games.get(name)`` finds a game; ``games.all_games()`` lists them.
"""

from . import clash, jaggedalliance, labyrinth, lafamiglia
from .registry import all_games, get, register

register(clash.GAME)
register(labyrinth.GAME)
register(lafamiglia.GAME)
register(jaggedalliance.GAME)

__all__ = ["all_games", "get", "register"]
