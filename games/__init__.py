"""The rules of every game: pure Python, no I/O, no clock, no global random.

``games.get(name)`` finds a game; ``games.all_games()`` lists them.
"""

from .registry import all_games, get, register

__all__ = ["all_games", "get", "register"]
