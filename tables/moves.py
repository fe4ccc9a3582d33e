"""What a player may send as a move: the move object itself, an option's number, or text."""

from typing import Any

from games.core import IllegalMove

from .model import Table


def resolve(table: Table, seat: str, move: Any = None, option: int | None = None, text: str | None = None) -> Any:
    """The move object meant by one of: ``move``, ``option`` (1-based, as numbered in emails),
    or ``text`` (a number, or the game's notation)."""
    given = [x is not None for x in (move, option, text)]
    if sum(given) != 1:
        raise IllegalMove("no_move", "Send exactly one of: a move, an option number, or text.")
    if text is not None:
        text = text.strip()
        if text.isdigit():
            option = int(text)
        else:
            return table.game.parse(text, table.state, seat)
    if option is not None:
        prompt = table.prompts().get(seat)
        options = (prompt or {}).get("options") or []
        if not 1 <= option <= len(options):
            raise IllegalMove("no_such_option",
                              f"There is no option {option}; choose a number from 1 to {len(options)}."
                              if options else "You have no options to choose from right now.")
        return options[option - 1]["move"]
    return move
