"""9.5 Random country and 9.5.1 nearest country, for the bot.

Six options or fewer: each gets an equal range on a d6 (a roll past the ranges is rolled again),
as in the 9.5.1 example (two countries: 1-3 and 4-6). More than six: the rulebook rolls a tan and
a black die on the Global table, and the Schengen (1d6) and Shia-Mix (3d6) tables serve where
they are named; none of the three tables is in the seeds, so each is a uniform choice among the
qualifying countries (provisional, data/tables.json rulings "solo_random_tables"); the Schengen
table has no Eastern Europe (9.5).

The dice are the bot's own (its generator, derived from the table's seed), and each choice comes
with the words that say how it was made, for the bot's reason in the log.
"""

from collections.abc import Sequence

from .. import data as D
from ..state import neighbours

SCHENGEN_TABLE = [n for n in D.SCHENGEN if n != "Eastern Europe"]
SHIA_MIX = [n for n in D.MUSLIM if D.COUNTRIES[n]["type"] == "shia_mix"]


def _join(names: Sequence[str]) -> str:
    return "/".join(names)


def d6_ranges(n: int) -> list[tuple[int, int]]:
    """Equal ranges of a d6 for n <= 6 options: 2 -> (1-3, 4-6), 4 -> (1, 2, 3, 4; 5-6 rolled again)."""
    size = 6 // n
    return [(i * size + 1, (i + 1) * size) for i in range(n)]


def pick(rng, names: Sequence[str], what: str = "") -> tuple[str, str]:
    """One of the names at random (9.5): (name, how it was chosen)."""
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
                    spans = ", ".join(f"{lo}-{hi} {nm}" if lo != hi else f"{lo} {nm}" for nm, (lo, hi) in zip(names, ranges))
                    dice = " then ".join(map(str, rolls))
                    return name, f"{what or _join(names)} broken by a die: {dice} ({spans}), 9.5"
    name = names[rng.below(len(names))]
    return name, f"{what or f'one of {len(names)}'} at random: the Global table is not in the seeds, a uniform choice (9.5)"


def tie(rng, names: Sequence[str]) -> tuple[str, str]:
    """A tie between equal priorities broken at random (9.5)."""
    if len(names) == 1:
        return names[0], ""
    return pick(rng, names, "tie " + _join(names) if len(names) <= 6 else f"a tie of {len(names)} countries")


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
    name, how = tie(rng, close)
    words = f"nearest to {origin}: {name}" + (f" ({how})" if how else "") + ", 9.5.1"
    return name, words


def table(rng, kind: str, names: Sequence[str]) -> tuple[str, str]:
    """A result of the Schengen or Shia-Mix table, or the Global one (uniform: see above)."""
    words = {"schengen": "the Schengen table", "shia_mix": "the Shia-Mix table", "global": "the Global table"}[kind]
    names = list(names)
    name = names[rng.below(len(names))]
    return name, f"{words} (not in the seeds: a uniform choice among {len(names)}): {name}, 9.5"
