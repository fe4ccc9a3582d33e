"""The form of `/new` (issue 21), as data for templates/new.html, and its answer turned into the
request POST /invitations takes. It works without a script: the game (and, for a game whose
seats depend on an option, that option: Jagged Alliance's number of players) is chosen by a
link, so the form shows that game's own options and seats."""

from typing import Any

import i18n
from games.core import Game, IllegalMove, words
from i18n import N_
from tables import framing
from tables.clock import PRESETS
from tables.deadlines import TIMEOUT_ACTIONS
from tables.errors import Invalid
from tables.gathering_check import HIDDEN_OPTIONS

# N_: the form says them in the page's language (server/languages.py)
PRESET_WORDS = {"Live": N_("Live"), "Fast": N_("Fast"), "Slow": N_("Slow"), "7+ moves per day": N_("7+ moves per day"),
                "3+ moves per day": N_("3+ moves per day"), "1+ moves per day": N_("1+ moves per day")}
TIMEOUTS = [("wait", N_("the game waits (everyone is told)")), ("bot", N_("a bot plays that turn")),
            ("host", N_("I am asked (24 more hours, or a bot plays)"))]
assert {key for key, _ in TIMEOUTS} == set(TIMEOUT_ACTIONS)


def times(language: str | None = None) -> list[tuple[str, str]]:
    """The time controls the form offers, in ``language`` ("Fast: 3+ moves per day (72 h + 12 h a move)")."""
    def said(words: str) -> str:
        text = i18n.gettext(PRESET_WORDS.get(words, words), language)
        return text[:1].upper() + text[1:]
    return [("untimed", i18n.gettext("Untimed: 21 days a move", language)),
            *((key, i18n.gettext("%(name)s: %(label)s (%(start)s h + %(more)s h a move)", language,
                                 name=said(p["name"]), label=said(p["label"]), start=p["start_hours"],
                                 more=p["increment_hours"])) for key, p in PRESETS.items()),
            ("daily", i18n.gettext("A daily deadline", language))]


TIMES = times()


def seat_options(game: Game) -> list[str]:
    """The options whose value changes which seats the table has (chosen by a link, not in the form)."""
    out = []
    for name, spec in game.options.items():
        choices = spec.get("choices") or []
        try:
            if len({game.table_seats({name: c}) for c in choices}) > 1:
                out.append(name)
        except IllegalMove:
            out.append(name)
    return out


def form(game: Game, args: dict[str, str], values: dict[str, str] | None = None,
         language: str | None = None) -> dict[str, Any]:
    """What the form shows for ``game``: its seat-choosing options (from the query string), the
    other options with their choices and help, the seats with who may sit there, and the values
    the player typed (kept when the form comes back with a problem)."""
    fixed = {name: _choice(game, name, args.get(name)) for name in seat_options(game)}
    seats = game.table_seats(fixed)
    values = dict(values or {})
    return {"game": game, "fixed": fixed,
            "fixed_choices": {name: game.options[name]["choices"] for name in fixed},
            "options": [{"name": name, "label": option_label(game, name, language),
                         "help": words.say(game.name, spec.get("help", ""), language), "default": spec["default"],
                         "choices": spec["choices"]} for name, spec in game.options.items()
                        if name not in fixed and name not in HIDDEN_OPTIONS and spec.get("choices")],
            "seats": list(seats), "bots": sorted(game.bots), "times": times(language),
            "timeouts": [(key, i18n.gettext(words, language)) for key, words in TIMEOUTS],
            "values": values, "me": seats[0],
            "seat_names": {seat: framing.seat_name(game, seat, language) for seat in seats}}


def option_label(game: Game, name: str, language: str | None = None) -> str:
    """An option's name as the form shows it ("Points games"), in the game's words in ``language``."""
    return words.say(game.name, name.replace("_", " ").capitalize(), language)


def _choice(game: Game, name: str, given: str | None) -> Any:
    for choice in game.options[name]["choices"]:
        if str(choice) == given:
            return choice
    return game.options[name]["default"]


def body(game: Game, posted: dict[str, str]) -> dict[str, Any]:
    """The request the form's answer makes (checked later, by tables/gathering_check)."""
    fixed = {name: _choice(game, name, posted.get(name)) for name in seat_options(game)}
    options: dict[str, Any] = dict(fixed)
    for name, spec in game.options.items():
        if name in fixed or name in HIDDEN_OPTIONS or not spec.get("choices") or name not in posted:
            continue
        options[name] = _choice(game, name, posted[name])
    order = game.table_seats(fixed)
    mine = [seat for seat in order if posted.get(f"who_{seat}") == "me"]
    if len(mine) != 1:
        words = N_("Choose 'me' for exactly one seat: the one you play.") if mine else \
            N_("Choose 'me' for the seat you play.")
        raise i18n.said(Invalid(words, code="bad_seat"), words)
    me = mine[0]
    seats: dict[str, Any] = {}
    for seat in order:
        if seat == me:
            continue
        who = posted.get(f"who_{seat}", "person")
        if who == "open":
            seats[seat] = {"open": True}
        elif who.startswith("bot:"):
            seats[seat] = {"bot": who[4:]}
        else:
            seats[seat] = {"name": posted.get(f"name_{seat}", ""), "email": posted.get(f"email_{seat}", "")}
    time = posted.get("time", "untimed")
    if time == "daily":
        control: dict[str, Any] = {"kind": "daily", "at": posted.get("daily_at", "18:00").strip(),
                                   "tz": posted.get("tz", "UTC").strip() or "UTC"}
    elif time in PRESETS:
        control = {"kind": "clock", "preset": time}
    else:
        control = {"kind": "untimed"}
    return {"game": game.name, "options": options, "time_control": control,
            "on_timeout": posted.get("on_timeout", "wait"),
            "creator": {"name": posted.get("name", ""), "email": posted.get("email", ""), "seat": me,
                        "language": posted.get("language", "")},
            "seats": seats, "public": posted.get("public") == "on"}
