"""A seat's place at its table in a player's words: whom it plays with and against (teammates
and co-op partners are "with", opponents "against"), and what the end means for it ("You won.").
Emails, the seat page and the lobby all say it the same way."""

from typing import Any

from games.core import Game


def sides(game: Game, seats: dict[str, dict[str, Any]], seat: str) -> dict[str, list[str]]:
    """``{"with": [...], "against": [...]}``, each player as "Name (seat)"; in a co-op game every
    other seat is "with", and "against" is what the game names (the automated opponent)."""
    others = [s for s in seats if s != seat]
    label = {s: f"{seats[s].get('name') or s} ({s})" for s in others}
    if game.coop:
        return {"with": [label[s] for s in others], "against": [game.coop]}
    team = game.team_of(seat)
    return {"with": [label[s] for s in others if team is not None and game.team_of(s) == team],
            "against": [label[s] for s in others if team is None or game.team_of(s) != team]}


def phrase(game: Game, seats: dict[str, dict[str, Any]], seat: str) -> str:
    """", with Sofia (southwest), against Nico (northeast) and Nina (northwest)": what follows
    "You play <seat>" (empty at a table of one against nobody)."""
    side = sides(game, seats, seat)
    out = ""
    if side["with"]:
        out += ", with " + _and(side["with"])
    if side["against"]:
        out += (", together against " if game.coop and side["with"] else ", against ") + _and(side["against"])
    return out


def outcome(game: Game, result: dict[str, Any] | None, seat: str | None) -> str | None:
    """What the result means for ``seat``: "You won.", "Your team lost.", "A draw."; None while the
    game goes on, for an observer, or when the result names no winner and no outcome."""
    if result is None or seat is None:
        return None
    winner = result.get("winner")
    if game.coop and winner is None:
        return {"victory": "You won, together.", "defeat": "You lost, together."}.get(result.get("outcome"))
    team = game.team_of(seat)
    if winner is None:
        return "A draw."
    if winner == seat:
        return "You won."
    if team is not None and winner == team:
        return "Your team won."
    return "Your team lost." if team is not None else "You lost."


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
