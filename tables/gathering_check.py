"""What a player asks for when they start a game themselves (issue 21), checked: the game, its
options, the time control, the creator and who sits at every other seat: an invited person, a
bot, or an open seat. The same check serves the JSON API, the page's form and an email to new@.
A problem is an ``Invalid`` with a machine-readable code and a sentence a player understands.
"""

import unicodedata
from typing import Any

from email_validator import EmailNotValidError, validate_email

import games
from games.core import Game, IllegalMove

from . import deadlines
from .errors import Invalid
from .start import language

MAX_NAME = 60
MAX_EMAIL = 254
HIDDEN_OPTIONS = ("position", "campaign")      # a whole position or campaign save: the API's, not a form's


def address(text: Any, whose: str) -> str:
    """A normalised email address, or Invalid (code ``bad_email``) saying whose it is."""
    raw = str(text or "").strip()
    if not raw:
        raise Invalid(f"{whose} needs an email address.", code="bad_email")
    if len(raw) > MAX_EMAIL:
        raise Invalid(f"{whose}: an email address is at most {MAX_EMAIL} characters.", code="bad_email")
    try:
        return validate_email(raw, check_deliverability=False).normalized
    except EmailNotValidError as bad:
        raise Invalid(f"{whose}: {raw!r} is not an email address ({bad}).", code="bad_email") from None


def person_name(text: Any, email: str, whose: str) -> str:
    """A name as emails and pages show it: one line, at most MAX_NAME characters; by default the
    address's local part."""
    name = " ".join(str(text or "").split())
    if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Zl", "Zp") for c in name):
        raise Invalid(f"{whose}: use letters, digits, spaces and punctuation in a name.", code="bad_name")
    if len(name) > MAX_NAME:
        raise Invalid(f"{whose}: a name is at most {MAX_NAME} characters.", code="bad_name")
    return name or email.split("@")[0]


def seats_of(game: Game, options: dict[str, Any]) -> tuple[str, ...]:
    try:
        return game.table_seats(options)
    except IllegalMove as bad:
        raise Invalid(bad.message, code=bad.code) from None


def check(body: dict[str, Any]) -> dict[str, Any]:
    """The request, checked and filled in: ``{"game", "options" (resolved), "time_control",
    "on_timeout", "host", "creator": {"name", "email", "seat"}, "seats": {seat: {"kind": "person",
    "name", "email"} | {"kind": "bot", "bot", "name"} | {"kind": "open"}}, "order", "public"}``."""
    if not isinstance(body, dict):
        raise Invalid("Send the game, its options, the creator and the seats.", code="bad_request")
    try:
        game = games.get(str(body.get("game") or ""))
    except IllegalMove:
        names = ", ".join(g.name for g in games.all_games() if g.seats and g.title)
        raise Invalid(f"There is no game called {body.get('game')!r} here; the games are {names}.",
                      code="unknown_game") from None
    given = body.get("options") or {}
    if not isinstance(given, dict):
        raise Invalid("The options are a set of named settings, such as {\"match\": \"single\"}.", code="bad_option")
    order = seats_of(game, given)
    creator = _creator(body.get("creator"), game, order)
    seats = _seats(body.get("seats"), game, order, creator)
    one_address_each(game, [(creator["seat"], creator["email"])] +
                     [(seat, spec["email"]) for seat, spec in seats.items() if spec["kind"] == "person"])
    options = bots_allowed(game, given, {seat: spec["bot"] for seat, spec in seats.items() if spec["kind"] == "bot"})
    on_timeout = body.get("on_timeout") or "wait"
    host = creator["email"] if on_timeout == "host" else None
    timing = deadlines.settings_for(body.get("time_control"), str(on_timeout), host, game.bots)
    return {"game": game.name, "options": options, "time_control": timing["time_control"],
            "on_timeout": timing["on_timeout"], "host": host, "creator": creator, "seats": seats,
            "order": list(order), "public": bool(body.get("public"))}


def _creator(given: Any, game: Game, order: tuple[str, ...]) -> dict[str, str]:
    if not isinstance(given, dict):
        raise Invalid("Say who you are: your name, your email address and the seat you play (creator).",
                      code="no_creator")
    email = address(given.get("email"), "You (the creator)")
    seat = str(given.get("seat") or "")
    if seat not in order:
        raise Invalid(f"Choose your own seat: {game.title} is played by {_or(order)}"
                      + (f", not {seat!r}." if seat else "."), code="bad_seat")
    return {"name": person_name(given.get("name"), email, "Your name"), "email": email, "seat": seat,
            **language("You (the creator)", given.get("language"))}


def _seats(given: Any, game: Game, order: tuple[str, ...], creator: dict[str, str]) -> dict[str, dict[str, Any]]:
    given = dict(given) if isinstance(given, dict) else {}
    unknown = sorted(set(given) - set(order), key=str)
    if unknown:
        raise Invalid(f"{game.title} has no seat {unknown[0]!r}; its seats are {_or(order)}.", code="bad_seats")
    mine = given.pop(creator["seat"], None)
    if mine not in (None, {}) and not _is_creator(mine, creator):
        raise Invalid(f"The {creator['seat']} seat is yours (the creator's); give the others a player.",
                      code="bad_seats")
    out = {}
    for seat in order:
        if seat == creator["seat"]:
            continue
        if seat not in given:
            raise Invalid(f"Say who plays {seat}: a person (name and email), a bot ({_or(game.bots)}) or an open "
                          "seat for anyone with the link.", code="missing_seat")
        out[seat] = seat_spec(given[seat], game, seat)
    return out


def _is_creator(spec: Any, creator: dict[str, str]) -> bool:
    if not isinstance(spec, dict):
        return False
    if spec.get("me") is True or spec.get("creator") is True:
        return True
    return str(spec.get("email") or "").strip().lower() == creator["email"].lower() and not spec.get("bot")


def seat_spec(spec: Any, game: Game, seat: str) -> dict[str, Any]:
    if not isinstance(spec, dict):
        raise Invalid(f"The {seat} seat: give a person ({{\"name\", \"email\"}}), a bot ({{\"bot\": NAME}}) or "
                      "an open seat ({\"open\": true}).", code="bad_seats")
    kinds = [kind for kind in ("email", "bot", "open") if spec.get(kind)]
    if len(kinds) != 1:
        raise Invalid(f"The {seat} seat is one of: a person (name and email), a bot, or open; not "
                      f"{' and '.join(kinds) or 'none of them'}.", code="bad_seats")
    if kinds == ["bot"]:
        bot = str(spec["bot"])
        if bot not in game.bots:
            raise Invalid(f"{game.title} has no bot called {bot!r}; it has {_or(game.bots)}.", code="unknown_bot")
        return {"kind": "bot", "bot": bot, "name": f"{bot} bot"}
    if kinds == ["open"]:
        if spec["open"] is not True:
            raise Invalid(f"The {seat} seat: say {{\"open\": true}} for an open seat.", code="bad_seats")
        return {"kind": "open"}
    email = address(spec["email"], f"The {seat} seat")
    return {"kind": "person", "email": email, "name": person_name(spec.get("name"), email, f"The {seat} seat"),
            **language(f"The {seat} seat", spec.get("language"))}


def one_address_each(game: Game, held: list[tuple[str, str]]) -> None:
    """One person, one seat (``held``: (seat, address) pairs), except in a co-operative game, where no
    seat hides anything from another (one player may run two seats of Jagged Alliance)."""
    if game.coop:
        return
    seen: dict[str, str] = {}
    for seat, email in held:
        other = seen.setdefault(email.lower(), seat)
        if other != seat:
            raise Invalid(f"{email} is named for two seats ({other} and {seat}); in {game.title} each seat "
                          "needs its own player.", code="same_address")


def bots_allowed(game: Game, options: dict[str, Any], bots: dict[str, str]) -> dict[str, Any]:
    """The options resolved with these seats played by bots (a bot may change what a table is:
    Labyrinth's jihadist bot makes it solo); Invalid when the game refuses them."""
    try:
        return game.resolve_options(options, bots=bots)
    except IllegalMove as bad:
        raise Invalid(bad.message, code=bad.code) from None


def _or(names: Any) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
