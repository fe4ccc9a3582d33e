"""La Famiglia: The Great Mafia War: the rules engine (see README.md)."""

from .game import LaFamiglia

GAME = LaFamiglia()

__all__ = ["GAME", "LaFamiglia"]
