"""Card events (6.2, 6.3): the registry, the toolkit and the cards.

  registry.py          the table card -> event (decorator ``event``), blocking (6.2.8), playability
  kit.py               ``Ev``: what an event's code reads and does (questions, dice, cells, cards)
  engine.py            the events in the sequence of play: event or operations, triggered events
                       and their order, US Election, REMOVE / MARK / LAPSING, the questions
  cards_001_030.py ... cards_091_120.py   the cards, one function per event, in number order

How to write a card: README.md in this folder.
"""

from . import cards_001_030, cards_031_060, cards_061_090, cards_091_120  # noqa: F401  (they register)
from .registry import EVENTS, implemented, missing

__all__ = ["EVENTS", "implemented", "missing"]
