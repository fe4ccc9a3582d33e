"""What a player asks for when they start a game themselves (issue 21), checked: the game, its
options, the time control, the creator and who sits at every other seat: an invited person, a
bot, or an open seat. The same check serves the JSON API, the page's form and an email to new@.
A problem is an ``Invalid`` with a machine-readable code and a sentence a player understands.
"""

import re
import unicodedata
from collections.abc import Callable
from typing import Any

from email_validator import EmailNotValidError, validate_email

import games
import i18n
from games.core import Game, IllegalMove
from i18n import N_

from . import deadlines
from .errors import Invalid
from .start import language

MAX_NAME = 60
MAX_EMAIL = 254
HIDDEN_OPTIONS = ("position", "campaign")      # a whole position or campaign save: the API's, not a form's
# whose address or name a refusal is about, as the callers name it (said in the reader's language)
WHOSE = (N_("You (the creator)"), N_("Your name"), N_("Your email"), N_("The %(seat)s seat"))
_SEAT = re.compile(r"The (\S+) seat")
# why an address is not one, as the email_validator library says it, in the words a reader gets
WHY = (N_("An email address must have an @-sign."), N_("There must be something after the @-sign."),
       N_("There must be something before the @-sign."),
       N_("The part after the @-sign is not valid. It should have a period."),
       N_("An email address cannot have two periods in a row."))


def _whose(whose: str, language: str | None) -> str:
    found = _SEAT.fullmatch(whose)
    return i18n.gettext("The %(seat)s seat", language, seat=found[1]) if found else i18n.gettext(whose, language)


def refusal(error: type, message: str, code: str | None, **values: Any) -> Any:
    """``error`` (Closed, Invalid, NotFound, Forbidden) saying ``message`` (marked N_ where it is
    written) with its %(values)s, its words kept so that each reader gets it in their language."""
    return i18n.said(error(message % values if values else message, code=code), message, **values)


def invalid(code: str, message: str, **values: Any) -> Invalid:
    """An Invalid whose sentence (``message``, marked for the catalogues, with its %(values)s) each
    reader gets in their language (i18n.reason); the English as it always was. A value named
    ``whose`` is said too, and a callable value is called with the language."""
    def said(language: str | None) -> str:
        return i18n.gettext(message, language, **{k: _whose(v, language) if k == "whose" else
                                                  v(language) if callable(v) else v for k, v in values.items()})
    return i18n.said(Invalid(said(None), code=code), said)


def address(text: Any, whose: str) -> str:
    """A normalised email address, or Invalid (code ``bad_email``) saying whose it is."""
    raw = str(text or "").strip()
    if not raw:
        raise invalid("bad_email", N_("%(whose)s needs an email address."), whose=whose)
    if len(raw) > MAX_EMAIL:
        raise invalid("bad_email", N_("%(whose)s: an email address is at most %(max)s characters."), whose=whose,
                      max=MAX_EMAIL)
    try:
        return validate_email(raw, check_deliverability=False).normalized
    except EmailNotValidError as bad:
        why = str(bad)
        raise invalid("bad_email", N_("%(whose)s: %(raw)s is not an email address (%(why)s)."), whose=whose,
                      raw=repr(raw), why=lambda language: i18n.gettext(why, language) if why in WHY else why) from None


def person_name(text: Any, email: str, whose: str) -> str:
    """A name as emails and pages show it: one line, at most MAX_NAME characters; by default the
    address's local part."""
    name = " ".join(str(text or "").split())
    if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Zl", "Zp") for c in name):
        raise invalid("bad_name", N_("%(whose)s: use letters, digits, spaces and punctuation in a name."), whose=whose)
    if len(name) > MAX_NAME:
        raise invalid("bad_name", N_("%(whose)s: a name is at most %(max)s characters."), whose=whose, max=MAX_NAME)
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
        raise invalid("bad_request", N_("Send the game, its options, the creator and the seats."))
    try:
        game = games.get(str(body.get("game") or ""))
    except IllegalMove:
        names = ", ".join(g.name for g in games.all_games() if g.seats and g.title)
        raise invalid("unknown_game", N_("There is no game called %(name)s here; the games are %(names)s."),
                      name=repr(body.get("game")), names=names) from None
    given = body.get("options") or {}
    if not isinstance(given, dict):
        raise invalid("bad_option", N_("The options are a set of named settings, such as {\"match\": \"single\"}."))
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
        raise invalid("no_creator", N_("Say who you are: your name, your email address and the seat you play (creator)."))
    email = address(given.get("email"), "You (the creator)")
    seat = str(given.get("seat") or "")
    if seat not in order:
        raise (invalid("bad_seat", N_("Choose your own seat: %(title)s is played by %(seats)s, not %(seat)s."),
                       title=game.title, seats=_or(order), seat=repr(seat)) if seat else
               invalid("bad_seat", N_("Choose your own seat: %(title)s is played by %(seats)s."), title=game.title,
                       seats=_or(order)))
    return {"name": person_name(given.get("name"), email, "Your name"), "email": email, "seat": seat,
            **language("You (the creator)", given.get("language"))}


def _seats(given: Any, game: Game, order: tuple[str, ...], creator: dict[str, str]) -> dict[str, dict[str, Any]]:
    given = dict(given) if isinstance(given, dict) else {}
    unknown = sorted(set(given) - set(order), key=str)
    if unknown:
        raise invalid("bad_seats", N_("%(title)s has no seat %(seat)s; its seats are %(seats)s."), title=game.title,
                      seat=repr(unknown[0]), seats=_or(order))
    mine = given.pop(creator["seat"], None)
    if mine not in (None, {}) and not _is_creator(mine, creator):
        raise invalid("bad_seats", N_("The %(seat)s seat is yours (the creator's); give the others a player."),
                      seat=creator["seat"])
    out = {}
    for seat in order:
        if seat == creator["seat"]:
            continue
        if seat not in given:
            raise invalid("missing_seat", N_("Say who plays %(seat)s: a person (name and email), a bot (%(bots)s) or "
                                             "an open seat for anyone with the link."), seat=seat, bots=_or(game.bots))
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
        raise invalid("bad_seats", N_("The %(seat)s seat: give a person ({\"name\", \"email\"}), a bot ({\"bot\": NAME}) or "
                                      "an open seat ({\"open\": true})."), seat=seat)
    kinds = [kind for kind in ("email", "bot", "open") if spec.get(kind)]
    if len(kinds) != 1:
        raise invalid("bad_seats", N_("The %(seat)s seat is one of: a person (name and email), a bot, or open; not "
                                      "%(given)s."), seat=seat,
                      given=lambda lang: _and(kinds, lang) if kinds else i18n.gettext("none of them", lang))
    if kinds == ["bot"]:
        bot = str(spec["bot"])
        if bot not in game.bots:
            raise invalid("unknown_bot", N_("%(title)s has no bot called %(bot)s; it has %(bots)s."), title=game.title,
                          bot=repr(bot), bots=_or(game.bots))
        return {"kind": "bot", "bot": bot, "name": f"{bot} bot"}
    if kinds == ["open"]:
        if spec["open"] is not True:
            raise invalid("bad_seats", N_("The %(seat)s seat: say {\"open\": true} for an open seat."), seat=seat)
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
            raise invalid("same_address", N_("%(email)s is named for two seats (%(other)s and %(seat)s); in %(title)s "
                                             "each seat needs its own player."), email=email, other=other, seat=seat,
                          title=game.title)


def bots_allowed(game: Game, options: dict[str, Any], bots: dict[str, str]) -> dict[str, Any]:
    """The options resolved with these seats played by bots (a bot may change what a table is:
    Labyrinth's jihadist bot makes it solo); Invalid when the game refuses them."""
    try:
        return game.resolve_options(options, bots=bots)
    except IllegalMove as bad:
        raise Invalid(bad.message, code=bad.code) from None


def _or(names: Any) -> Callable[[str | None], str]:
    """"a, b or c", in the reader's language."""
    names = list(names)
    return lambda language: names[0] if len(names) == 1 else \
        i18n.gettext("%(some)s or %(last)s", language, some=", ".join(names[:-1]), last=names[-1])


def _and(names: list[str], language: str | None) -> str:
    if len(names) == 1 or i18n.known(language) == i18n.DEFAULT:
        return " and ".join(names)
    return i18n.gettext("%(some)s and %(last)s", language, some=", ".join(names[:-1]), last=names[-1])
