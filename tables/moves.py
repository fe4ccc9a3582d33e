"""What a player may send as a move: the move object itself, an option's number, or text."""

import json
from typing import Any

import i18n
from games.core import IllegalMove, words

from .model import Table

MAX_OPTION_DIGITS = 16     # no prompt has more options (and Python reads no number of over 4,300 digits)


def resolve(table: Table, seat: str, move: Any = None, option: int | None = None, text: str | None = None) -> Any:
    """The move object meant by one of: ``move``, ``option`` (1-based, as numbered in emails),
    or ``text`` (a number, or the game's notation)."""
    given = [x is not None for x in (move, option, text)]
    if sum(given) != 1:
        raise IllegalMove("no_move", "Send exactly one of: a move, an option number, or text.")
    if text is not None:
        text = text.strip()
        if text.isdecimal():       # not isdigit: a superscript two is a digit, and no number
            if len(text) > MAX_OPTION_DIGITS:
                raise IllegalMove("no_such_option", "There is no such option; choose a number from the list.")
            option = int(text)
        else:
            return parse(table, seat, text)
    if option is not None:
        prompt = table.prompts().get(seat)
        options = (prompt or {}).get("options") or []
        if not 1 <= option <= len(options):
            raise IllegalMove("no_such_option",
                              f"There is no option {option}; choose a number from 1 to {len(options)}."
                              if options else "You have no options to choose from right now.")
        return options[option - 1]["move"]
    return listed(table, seat, move)


def parse(table: Table, seat: str, text: str) -> Any:
    """A line of the game's notation, or of the seat's own words for it (games/core/words.py): a
    line the notation does not read as written is read back from the words of the seat's language
    (then of the platform's other languages: a language chosen by reply since), so English words
    always work and a Polish seat may write "haker b2 płd"."""
    game = table.game
    try:
        return game.parse(text, table.state, seat)
    except IllegalMove:
        for language in spoken(table, seat):
            read = words.read(game.name, text, language)
            if read != text:
                return game.parse(read, table.state, seat)      # its refusal is the one the reader gets
        raise


def spoken(table: Table, seat: str) -> list[str]:
    """The languages other than English a seat's words are read in: its own first."""
    own = i18n.known(table.seats.get(seat, {}).get("language"))
    return [language for language in dict.fromkeys([own, *i18n.LANGUAGES]) if language != i18n.DEFAULT]


def listed(table: Table, seat: str, move: Any) -> Any:
    """A move object sent as is must be one of the prompt's listed options' moves, exactly (the
    same JSON: ``true`` is not ``1``); it is checked here, once for every game, so that the rules
    never see a move of the wrong shape. A prompt without options (a free number) leaves the
    check to the rules."""
    prompt = table.prompts().get(seat) or {}
    options = prompt.get("options")
    if not options:
        return move
    wanted = _canonical(move)
    for o in options + (prompt.get("anytime") or []):      # and what a seat may also do whenever it is asked
        if _canonical(o["move"]) == wanted:
            return o["move"]
    raise IllegalMove("not_an_option", "That move is not one of the choices listed for your question "
                      f"({prompt.get('text', '').rstrip('.?:')}); send one of the options' moves exactly as "
                      "listed, its number, or the game's notation.")


def _canonical(move: Any) -> str:
    return json.dumps(move, sort_keys=True, separators=(",", ":"))
