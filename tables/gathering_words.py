"""A new game asked for by email, the DPjudge way (issue 21): an email to new@<reply domain> whose
subject or first line names a game and whose lines name the seats, read into the request that
POST /invitations takes (tables/gathering_check.py checks it, as for the form):

    Subject: clash
    mcworld: me
    jihad: Bob <bob@example.org>

A seat line is ``<seat>: me`` (the sender's seat), ``<seat>: <address>`` or ``<seat>: <name>
<address>`` (an invitation), ``<seat>: bot`` (the game's bot for that seat) or ``bot <name>``,
``<seat>: open`` (a join link to share). Other lines: ``<option>: <value>`` (the game's options),
``time: untimed | live | fast | slow | daily 18:00 Europe/Warsaw``, ``timeout: wait | bot | me``,
``name: <your name>``, ``public: yes``, ``language: pl`` (the sender's emails and answers in that
language: a code or its name, "polski"). A line this does not read is named in the answer, never
guessed at.
"""

import re
from email.utils import parseaddr
from typing import Any

import games
import i18n
from games.core import Game, IllegalMove
from i18n import N_

from .clock import PRESETS
from .errors import Invalid
from .gathering_check import refusal

LANGUAGE_KEYS = ("language", "lang", "język", "jezyk", "idioma", "língua", "lingua")
LINE = re.compile(r"^\s*([\w ]{1,40}?)\s*[:=]\s*(.+?)\s*$")
YES = ("yes", "y", "true", "on", "1")
SOLO = re.compile(r"\bsolo\b", re.I)
PLAYERS = re.compile(r"\b([1-4])\s*(?:players?|graczy|gracze)\b", re.I)


def titles() -> dict[str, Game]:
    """The words a player may name a game by: its name and its title's words, lower case."""
    out: dict[str, Game] = {}
    for game in games.all_games():
        for words in (game.name, game.title.split(":")[0], game.title.replace(":", "")):
            out[" ".join(re.findall(r"[a-z0-9]+", words.lower()))] = game
    return out


def game_named(text: str) -> Game | None:
    """The game a subject or line names ('clash', 'labyrinth solo', 'La Famiglia', 'Jagged Alliance
    3 players'): the longest title its words begin with."""
    words = " ".join(re.findall(r"[a-z0-9]+", text.lower()))
    known = titles()
    for name in sorted(known, key=len, reverse=True):
        if name and (words == name or words.startswith(name + " ")):
            return known[name]
    return None


def read(subject: str, lines: list[str], sender: str, sender_name: str) -> tuple[dict[str, Any], list[str]]:
    """The request an email to new@ makes, and the lines it did not read. Raises Invalid when no
    game is named or a seat line names no seat of it."""
    heading = next((text for text in [subject, *lines[:1]] if game_named(unreplied(text))), None)
    if heading is None:
        raise refusal(Invalid, N_("Say which game in the subject or the first line: %(games)s."), "unknown_game",
                      games=", ".join(g.name for g in games.all_games() if g.title))
    game = game_named(unreplied(heading))
    assert game is not None
    body: dict[str, Any] = {"game": game.name, "options": {}, "seats": {}, "time_control": None,
                            "creator": {"name": sender_name, "email": sender, "seat": ""}}
    players = PLAYERS.search(heading)
    if players and "players" in game.options:
        body["options"]["players"] = int(players.group(1))
    skipped: list[str] = []
    for line in lines:
        if line == heading:
            continue
        found = LINE.match(line)
        if found is None:
            skipped.append(line)
            continue
        key, value = found.group(1).strip().lower().replace(" ", "_"), found.group(2).strip()
        if not _setting(game, body, key, value):
            skipped.append(line)
    order = _seats(game, body["options"])
    if SOLO.search(heading) and "jihadist" in order and "jihadist" not in body["seats"]:
        body["seats"]["jihadist"] = {"bot": "jihadist"}
    mine = [seat for seat, spec in body["seats"].items() if spec == "me"]
    if len(mine) > 1:
        raise refusal(Invalid, N_("You named yourself for two seats (%(seats)s); say 'me' for one."), "bad_seats",
                      seats=" and ".join(mine))
    seat = mine[0] if mine else next((s for s in order if s not in body["seats"]), "")
    if not seat:
        raise refusal(Invalid, N_("Say which seat is yours with a line such as '%(seat)s: me'."), "no_creator",
                      seat=order[0])
    body["seats"].pop(seat, None)
    body["creator"]["seat"] = seat
    return body, skipped


def language_named(value: str) -> str | None:
    """The language a line names, by its code ("pl") or its name ("polski", "English"), if ours."""
    value = value.strip().lower()
    return next((code for code, name in i18n.LANGUAGES.items() if value in (code.lower(), name.lower())), None)


def spoken(lines: list[str]) -> str | None:
    """The language an email to new@ asks for in a 'language: pl' line (read before anything else,
    so that even a refusal is in it)."""
    for line in lines:
        found = LINE.match(line)
        if found and found.group(1).strip().lower() in LANGUAGE_KEYS:
            return language_named(found.group(2))
    return None


def unreplied(subject: str) -> str:
    return re.sub(r"^\s*((re|fwd?|aw|odp|res)\s*:\s*)+", "", subject, flags=re.I)


def _seats(game: Game, options: dict[str, Any]) -> tuple[str, ...]:
    try:
        return game.table_seats(options)
    except IllegalMove as bad:
        raise Invalid(bad.message, code=bad.code) from None


def _setting(game: Game, body: dict[str, Any], key: str, value: str) -> bool:
    """Read one 'key: value' line into ``body``; False when it is none of the known kinds."""
    if key in game.seats:
        body["seats"][key] = seat_spec(game, key, value)
    elif key in game.options and game.options[key].get("choices"):
        choice = next((c for c in game.options[key]["choices"] if str(c).lower() == value.lower()), None)
        if choice is None:
            raise refusal(Invalid, N_("%(key)s is one of %(choices)s; not %(value)s."), "bad_option", key=key,
                          choices=", ".join(map(str, game.options[key]["choices"])), value=repr(value))
        body["options"][key] = choice
    elif key in ("time", "time_control", "clock"):
        body["time_control"] = time_control(value)
    elif key in ("timeout", "on_timeout"):
        body["on_timeout"] = {"me": "host", "ask me": "host"}.get(value.lower(), value.lower())
    elif key in ("name", "my_name"):
        body["creator"]["name"] = value
    elif key == "public":
        body["public"] = value.lower() in YES
    elif key in LANGUAGE_KEYS:
        asked = language_named(value)
        if asked is None:
            raise refusal(Invalid, N_("language is one of %(languages)s; not %(value)s."), "bad_language",
                          languages=", ".join(i18n.LANGUAGES), value=repr(value))
        if asked != i18n.DEFAULT:
            body["creator"]["language"] = asked
    else:
        return False
    return True


def seat_spec(game: Game, seat: str, value: str) -> Any:
    """What a seat line's value names: 'me', a bot, an open seat or a person."""
    words = value.lower().split()
    if words == ["me"] or words == ["ja"]:
        return "me"
    if words and words[0] == "bot":
        return {"bot": words[1] if len(words) > 1 else game.stand_in_bot(seat)}
    if words == ["open"]:
        return {"open": True}
    name, email = parseaddr(value)
    if "@" not in email:
        bits = value.split()
        email = next((b.strip("<>,;") for b in bits if "@" in b), value)
        name = " ".join(b for b in bits if "@" not in b)
    return {"name": name, "email": email}


def time_control(value: str) -> dict[str, Any]:
    words = value.lower().split()
    if not words or words[0] == "untimed":
        return {"kind": "untimed"}
    if words[0] in PRESETS:
        return {"kind": "clock", "preset": words[0]}
    if words[0] == "daily":
        return {"kind": "daily", "at": words[1] if len(words) > 1 else "18:00",
                "tz": value.split()[2] if len(words) > 2 else "UTC"}
    raise refusal(Invalid, N_("time is untimed, %(presets)s or 'daily 18:00 Europe/Warsaw'; not %(value)s."),
                  "bad_time_control", presets=", ".join(PRESETS), value=repr(value))
