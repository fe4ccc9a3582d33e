"""9.2 (optional): the mini-decks. After each reshuffle the deck is split into Unassociated,
Jihadist and US mini-decks and every deal or draw takes one card from each in turn
(Unassociated, Jihadist, US, Unassociated ...); the three empty together make the reshuffle.

The draw pile stays one list: the three mini-decks, each shuffled, interleaved in the order
they are drawn from (an empty one is skipped), so that drawing from the top of the pile is
drawing from the mini-decks in turn, and the pile is empty exactly when all three are.
"""

from .. import data as D
from . import is_solo

ROTATION = ("Unassociated", "Jihadist", "US")


def on(state) -> bool:
    return is_solo(state) and state["opts"].get("mini_decks") == "on"


def shuffle(state, rng, cards: list[int]) -> list[int]:
    """A new draw pile from these cards: shuffled, or as mini-decks in turn."""
    if not on(state):
        return rng.shuffled(cards)
    piles = [rng.shuffled([n for n in sorted(cards) if D.CARDS[n]["association"] == a]) for a in ROTATION]
    out = []
    while any(piles):
        for pile in piles:
            if pile:
                out.append(pile.pop(0))
    return out
