"""A seat's place at its table in a player's words: whom it plays with and against (teammates
and co-op partners are "with", opponents "against"), and what the end means for it ("You won.").
Emails, the seat page and the lobby all say it the same way."""

import re
from typing import Any

import i18n
from games.core import Game, words
from i18n import N_

OUTCOMES = {"won": N_("You won."), "lost": N_("You lost."), "team_won": N_("Your team won."),
            "team_lost": N_("Your team lost."), "draw": N_("A draw."), "victory": N_("You won, together."),
            "defeat": N_("You lost, together.")}


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


def phrase(game: Game, seats: dict[str, dict[str, Any]], seat: str, language: str | None = None) -> str:
    """", with Sofia (southwest), against Nico (northeast) and Nina (northwest)": what follows
    "You play <seat>" (empty at a table of one against nobody), in ``language``."""
    return worded(game, sides(game, seats, seat), language)


def worded(game: Game, side: dict[str, list[str]], language: str | None = None) -> str:
    """``sides`` said as ``phrase`` says them, in ``language`` (the automated opponent of a co-op
    game in the game's own words)."""
    if i18n.known(language) != i18n.DEFAULT:
        against_names = [words.say(game.name, name, language) for name in side["against"]] if game.coop \
            else [label_said(game, name, language) for name in side["against"]]
        with_names = [label_said(game, name, language) for name in side["with"]]
        out = i18n.gettext(", with %(names)s", language, names=_and(with_names, language)) if with_names else ""
        if against_names:
            against = N_(", together against %(names)s") if game.coop and side["with"] else N_(", against %(names)s")
            out += i18n.gettext(against, language, names=_and(against_names, language))
        return out
    out = ""
    if side["with"]:
        out += ", with " + _and(side["with"])
    if side["against"]:
        out += (", together against " if game.coop and side["with"] else ", against ") + _and(side["against"])
    return out


# a seat as its game names it, where the seat's id is not a word of the game ("us": the US side)
SEAT_LABELS = {"labyrinth": {"us": "US", "jihadist": "Jihadist"}, "clash": {"mcworld": "McWorld", "jihad": "Jihad"}}
_LABEL = re.compile(r"^(?P<name>.*) \((?P<seat>[\w-]+)\)$")


def seat_name(game: Game, seat: str, language: str | None = None) -> str:
    """``seat`` as a reader of ``language`` reads it: the game's name for it in the game's words
    ("jihadist" -> "Dżihadysta", "southwest" -> "południowy zachód"); in English the seat's id."""
    if i18n.known(language) == i18n.DEFAULT or seat not in game.seats:
        return seat
    return words.say(game.name, SEAT_LABELS.get(game.name, {}).get(seat, seat), language)


def label_said(game: Game, label: str, language: str | None) -> str:
    """"Ann (jihadist)" with the seat said: "Ann (Dżihadysta)"."""
    found = _LABEL.match(label)
    if found is None or found["seat"] not in game.seats:
        return label
    return f"{found['name']} ({seat_name(game, found['seat'], language)})"


def outcome(game: Game, result: dict[str, Any] | None, seat: str | None, language: str | None = None) -> str | None:
    """What the result means for ``seat``: "You won.", "Your team lost.", "A draw." (in ``language``);
    None while the game goes on, for an observer, or when the result names no winner and no outcome."""
    said = _outcome(game, result, seat)
    return i18n.gettext(OUTCOMES[said], language) if said is not None else None


def _outcome(game: Game, result: dict[str, Any] | None, seat: str | None) -> str | None:
    if result is None or seat is None:
        return None
    winner = result.get("winner")
    if game.coop and winner is None:
        return result.get("outcome") if result.get("outcome") in ("victory", "defeat") else None
    team = game.team_of(seat)
    if winner is None:
        return "draw"
    if winner == seat:
        return "won"
    if team is not None and winner == team:
        return "team_won"
    return "team_lost" if team is not None else "lost"


def _and(names: list[str], language: str | None = None) -> str:
    if len(names) == 1:
        return names[0]
    if i18n.known(language) != i18n.DEFAULT:
        return i18n.gettext("%(some)s and %(last)s", language, some=", ".join(names[:-1]), last=names[-1])
    return ", ".join(names[:-1]) + " and " + names[-1]
