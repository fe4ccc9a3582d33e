"""What every game shares: the interface, the error, the seeded generator."""

from .errors import IllegalMove
from .protocol import SYSTEM, Bot, Event, Game, Move, Prompt, State, fold, random_bot
from .rng import Rng

__all__ = ["Bot", "Event", "Game", "IllegalMove", "Move", "Prompt", "Rng", "SYSTEM", "State",
           "fold", "random_bot"]
