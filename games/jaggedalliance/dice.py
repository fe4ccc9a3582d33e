"""Spec 3: the custom dice, rolled by the table's seeded generator, every face in the event.

A roll is ``{"dice": [{"c": colour, "s": successes, "spec": bool}], "total": n}``. With
Specialization granted, each die showing the icon adds one more die of its colour, which may
chain (spec 3, engine reading; data/dice.json caps the added dice). ``distribution`` gives the
exact chances of each total, for the defence a merc's standing order picks (13.5).
"""

from functools import cache

from games.core import Rng

from .data import DICE, FACES


def roll(colours: list[str], rng: Rng, spec: bool = False) -> dict:
    dice, queue, added = [], list(colours), 0
    while queue:
        colour = queue.pop(0)
        face = FACES[colour][rng.below(DICE["sides"])]
        die = {"c": colour, "s": face["s"]}
        if face.get("spec"):
            die["spec"] = True
            if spec and added < DICE["max_added"]:
                queue.append(colour)
                added += 1
        dice.append(die)
    return {"dice": dice, "total": sum(d["s"] for d in dice)}


def words(result: dict) -> str:
    """'2 yellow: 0, 1 (+ spec) = 1' for a log line."""
    if not result["dice"]:
        return "no dice"
    faces = ", ".join(str(d["s"]) for d in result["dice"])
    colours: dict[str, int] = {}
    for d in result["dice"]:
        colours[d["c"]] = colours.get(d["c"], 0) + 1
    named = " + ".join(f"{n} {c}" for c, n in colours.items())
    return f"{named} [{faces}] = {result['total']}"


@cache
def _one(colour: str) -> tuple[float, ...]:
    """Chances of 0..4 successes on one die (no Specialization)."""
    out = [0.0] * 5
    for face in FACES[colour]:
        out[face["s"]] += 1 / len(FACES[colour])
    return tuple(out)


@cache
def distribution(colours: tuple[str, ...]) -> tuple[float, ...]:
    """Chances of each total for these dice, without Specialization."""
    out = [1.0]
    for colour in colours:
        one = _one(colour)
        new = [0.0] * (len(out) + len(one) - 1)
        for i, p in enumerate(out):
            for j, q in enumerate(one):
                new[i + j] += p * q
        out = new
    return tuple(out)


def expected(colours: list[str]) -> float:
    return sum(i * p for i, p in enumerate(distribution(tuple(sorted(colours)))))


def chance_at_least(colours: list[str], need: int) -> float:
    if need <= 0:
        return 1.0
    return sum(p for i, p in enumerate(distribution(tuple(sorted(colours)))) if i >= need)


def expected_excess(colours: list[str], damage: int) -> float:
    """Expected wounds when these armour dice are rolled against ``damage``."""
    return sum(p * max(0, damage - i) for i, p in enumerate(distribution(tuple(sorted(colours)))))
