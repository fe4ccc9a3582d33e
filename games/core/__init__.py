"""What every game shares: the interface, the error, the seeded generator."""

from .errors import IllegalMove
from .notation import describe_by_type, longest_phrase, read_back, to_type
from .protocol import SYSTEM, Bot, Event, Game, Move, Prompt, State, fold, random_bot
from .rng import Rng

__all__ = ["Bot", "Event", "Game", "IllegalMove", "Move", "Prompt", "Rng", "SYSTEM", "State",
           "describe_by_type", "fold", "longest_phrase", "random_bot", "read_back", "to_type"]
