"""9.5 Random country and 9.5.1 nearest country, for the bot.

Six options or fewer: each gets an equal range on a d6 (a roll past the ranges is rolled again),
as in the 9.5.1 example (two countries: 1-3 and 4-6). More than six: the rulebook rolls a tan and
a black die on the Global table, and the Schengen (1d6) and Shia-Mix (3d6) tables serve where
they are named; the rulebook we have does not print the three tables, so each is a uniform choice
among the qualifying countries (provisional, data/tables.json rulings "solo_random_tables", which
the rules page explains); the Schengen table has no Eastern Europe (9.5). Where the rulebook names
the Global table and then the nearest qualifying country (9.4.2.1: Jihadist Videos, Madrassas),
the draw is among all the spaces, then ``nearest`` (9.5.1).

The dice are the bot's own (its generator, derived from the table's seed), and each choice comes
with the few words that say how it was made, for the bot's reason in the log.
"""

from collections.abc import Sequence

from .. import data as D
from ..state import neighbours

SCHENGEN_TABLE = [n for n in D.SCHENGEN if n != "Eastern Europe"]
SHIA_MIX = [n for n in D.MUSLIM if D.COUNTRIES[n]["type"] == "shia_mix"]


def _join(names: Sequence[str]) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def d6_ranges(n: int) -> list[tuple[int, int]]:
    """Equal ranges of a d6 for n <= 6 options: 2 -> (1-3, 4-6), 4 -> (1, 2, 3, 4; 5-6 rolled again)."""
    size = 6 // n
    return [(i * size + 1, (i + 1) * size) for i in range(n)]


def pick(rng, names: Sequence[str]) -> tuple[str, str]:
    """One of the names at random (9.5): (name, how it was chosen, in a few words; '' when it was
    the only one)."""
    names = list(names)
    if len(names) == 1:
        return names[0], ""
    if len(names) <= 6:
        ranges = d6_ranges(len(names))
        rolls = []
        while True:
            r = rng.die()
            rolls.append(r)
            for name, (low, high) in zip(names, ranges):
                if low <= r <= high:
                    among = _join(names) if len(names) <= 3 else f"{len(names)} countries"
                    return name, f"a die among {among}, rolled {' then '.join(map(str, rolls))}"
    return names[rng.below(len(names))], f"at random among {len(names)} countries"


def distances(state, origin: str) -> dict[str, int]:
    """Steps from origin over the map's links (4.1.1, 4.5)."""
    out = {origin: 0}
    frontier = [origin]
    while frontier:
        nxt = []
        for name in frontier:
            for other in sorted(neighbours(state, name)):
                if other not in out:
                    out[other] = out[name] + 1
                    nxt.append(other)
        frontier = nxt
    return out


def nearest(state, rng, origin: str, qualifying: Sequence[str]) -> tuple[str | None, str]:
    """9.5.1: origin if it qualifies, else the qualifying countries nearest to it (adjacent first,
    then further out), one of them chosen by a die."""
    if not qualifying:
        return None, ""
    if origin in qualifying:
        return origin, ""
    far = distances(state, origin)
    best = min(far.get(n, 99) for n in qualifying)
    close = [n for n in qualifying if far.get(n, 99) == best]
    name, how = pick(rng, close)
    return name, f"the nearest to {origin}" + (f", {how}" if how else "")


def table(rng, kind: str, names: Sequence[str]) -> tuple[str, str]:
    """A result of the Schengen, Shia-Mix or Global table (uniform: see above): (name, how)."""
    words = {"schengen": "Schengen countries", "shia_mix": "Shia-Mix countries", "global": "countries"}[kind]
    names = list(names)
    return names[rng.below(len(names))], f"at random among the {len(names)} {words}"
