"""What each email of a gathering says, as data for mail_templates/gathering_*: the creator's
confirmation, an invitation, the creator's overview, a seat left empty or taken, a joiner's
confirmation, a gathering given up. Nothing here shows an address to anyone but its owner and
the creator who typed it; nothing shows the seed (only its SHA-256, the table's commitment).
"""

from typing import Any

import i18n
from games.core import Game, words
from i18n import N_

from . import framing, gathering_links
from .gathering import INVITATION, UNCONFIRMED, Gathering
from .notices import MailSettings, lobby_key

# N_: each email says them in its reader's language (the seat's, as asked in POST /invitations)
STATES = {"creator": N_("set up the game"), "asked": N_("to be invited once you confirm"),
          "invited": N_("invited, not yet answered"), "accepted": N_("accepted"), "declined": N_("declined"),
          "lapsed": N_("did not answer in 7 days"), "refused": N_("cannot be emailed (the address asked never to be)"),
          "bot": N_("a bot"), "open": N_("open: anyone with the link"), "taken": N_("took the open seat")}
UNSAID = ("bot", "open")       # a state the seat's "who" already says
WHY = {"declined": N_("declined your invitation"), "lapsed": N_("did not answer your invitation within 7 days"),
       "refused": N_("cannot be invited: that address has asked this server never to email it")}
GIVEN_UP = {"cancelled": N_("The game was cancelled by the player who set it up."),
            "idle": N_("Nothing happened at this game for 14 days, so it was given up.")}
ON_TIMEOUT = {"wait": N_("the game waits for the player (they and the others are told)"),
              "host": N_("the host is asked what to do"),
              "bot": N_("a bot plays that turn for the player")}
PRESETS = {"live": N_("Live"), "fast": N_("Fast"), "slow": N_("Slow")}


def reader(g: Gathering, to: str, descriptor: dict[str, Any]) -> str:
    """The language of the person an email goes to: their seat's, else what the email carries."""
    seat = next((info for info in g.seats.values() if (info.get("email") or "").lower() == to.lower()), {})
    return i18n.known(seat.get("language") or descriptor.get("language"))


def links(m: MailSettings) -> gathering_links.Links:
    return gathering_links.Links(m.public_url.rstrip("/"), m.secret_key, m.reply_domain)


def sides(g: Gathering, seat: str) -> dict[str, list[str]]:
    """Who plays with the seat and who against it (teammates and co-op partners are with)."""
    return framing.sides(g.game, {s: {"name": who(info)} for s, info in g.seats.items()}, seat)


def who(info: dict[str, Any], language: str | None = None) -> str:
    if info["state"] == "bot":
        return i18n.gettext("the %(bot)s bot", language, bot=info["bot"])
    if info["state"] == "open":
        return i18n.gettext("an open seat", language)
    return info.get("name") or i18n.gettext("someone", language)


def framing_words(g: Gathering, seat: str, language: str) -> str:
    """", with Sofia (southwest), against Nico (northeast)": what follows "You play <seat>"."""
    if language == i18n.DEFAULT:
        return framing.phrase(g.game, {s: {"name": who(i)} for s, i in g.seats.items()}, seat)
    side = framing.sides(g.game, {s: {"name": who(i, language)} for s, i in g.seats.items()}, seat)

    def listed(names: list[str]) -> str:
        return names[0] if len(names) == 1 else i18n.gettext("%(some)s and %(last)s", language,
                                                             some=", ".join(names[:-1]), last=names[-1])
    out = i18n.gettext(", with %(names)s", language, names=listed(side["with"])) if side["with"] else ""
    if side["against"]:
        against = (N_(", together against %(names)s") if g.game.coop and side["with"] else N_(", against %(names)s"))
        out += i18n.gettext(against, language, names=listed(side["against"]))
    return out


UNTIMED_LABEL = "21 days per move"      # tables/clock.py's label of the untimed control: said as a whole


def time_words(tc: dict[str, Any], language: str | None = None) -> str:
    """A time control as a player reads it: "Fast clock: 72 h to start, 12 h more per move (at most 120 h)"."""
    if tc.get("kind") == "clock":
        hours = {"start": f"{tc['start_hours']:g}", "more": f"{tc['increment_hours']:g}", "cap": f"{tc['cap_hours']:g}"}
        if tc.get("preset"):
            return i18n.gettext("%(preset)s clock: %(start)s h to start, %(more)s h more per move (at most %(cap)s h)",
                                language, preset=i18n.gettext(PRESETS.get(tc["preset"], tc["preset"].capitalize()), language), **hours)
        return i18n.gettext("A clock: %(start)s h to start, %(more)s h more per move (at most %(cap)s h)",
                            language, **hours)
    if tc.get("kind") == "daily":
        return i18n.gettext("A deadline every day at %(at)s (%(tz)s)", language, at=tc["at"], tz=tc["tz"])
    if "label" in tc and tc["label"] != UNTIMED_LABEL:
        return i18n.gettext("Untimed: %(label)s", language, label=tc["label"])
    return i18n.gettext("Untimed: 21 days per move", language)


def options_in_words(game: Game, options: dict[str, Any], language: str | None = None) -> list[str]:
    """The options that differ from the game's defaults, as 'name: value' (in ``language``, the
    name as the game's catalogue says the form's label of it: "mecz: single")."""
    def name_of(name: str) -> str:
        if i18n.known(language) == i18n.DEFAULT:
            return name.replace("_", " ")
        return words.say(game.name, name.replace("_", " ").capitalize(), language).lower()
    return [f"{name_of(name)}: {value}" for name, value in options.items()
            if name in game.options and value != game.options[name]["default"] and name not in ("position", "campaign")]


def _common(g: Gathering, to: str, m: MailSettings, language: str) -> dict[str, Any]:
    game, L = g.game, links(m)
    base = m.public_url.rstrip("/")
    return {"to": to, "language": language, "title": game.title, "game": game.name, "table": g.id, "seat": None,
            "creator_name": g.creator["name"], "creator_seat": framing.seat_name(game, g.creator["seat"], language), "seed_sha256": g.doc["seed_sha256"],
            "time_control": time_words(g.doc["time_control"], language),
            "on_timeout": i18n.gettext(ON_TIMEOUT[g.doc["on_timeout"]], language),
            "options": options_in_words(game, g.doc["options"], language),
            "seats": [{"seat": framing.seat_name(game, seat, language), "who": who(g.seats[seat], language),
                       "state": "" if g.seats[seat]["state"] in UNSAID else i18n.gettext(STATES[g.seats[seat]["state"]],
                                                                                          language)}
                      for seat in g.doc["order"]],
            "rules": L.rules(game.name), "lobby": f"{base}/lobby/{lobby_key(m.secret_key, to)}",
            "rematch_of": g.doc.get("rematch_of"), "status": g.status}


def waiting_words(g: Gathering, language: str | None = None) -> list[str]:
    """Whom a gathering waits for, in words: "Sofia (southeast) to answer", "someone to take northeast"."""
    out = []
    for seat in g.waiting_on():
        info = g.seats[seat]
        words = (N_("%(name)s (%(seat)s) to answer") if info["state"] in ("invited", "asked") else
                 N_("someone to take %(seat)s") if info["state"] == "open" else N_("a new player for %(seat)s"))
        out.append(i18n.gettext(words, language, name=info.get("name"), seat=framing.seat_name(g.game, seat, language)))
    return out


def content(g: Gathering, descriptor: dict[str, Any], m: MailSettings) -> dict[str, Any]:
    """The email a stored descriptor asks for, as its template reads it."""
    kind, to, L = descriptor["kind"], descriptor["to"], links(m)
    language = reader(g, to, descriptor)
    out = {**_common(g, to, m, language), "kind": kind}
    seat = descriptor.get("seat")
    if kind == "gathering_confirm":
        expires = float(g.doc["created"]) + UNCONFIRMED
        out.update(name=g.creator["name"], confirm=L.confirm(g.id, "new", "-", expires),
                   framing=framing_words(g, g.creator["seat"], language),
                   unread=descriptor.get("unread") or [],
                   reply_to=L.confirm_reply(g.id, "new", "-", expires),
                   asked=[{"seat": framing.seat_name(g.game, s, language), "who": who(i, language), "email": i.get("email"), "open": i["state"] == "open"}
                          for s, i in
                          ((s, g.seats[s]) for s in g.doc["order"]) if s != g.creator["seat"]])
    elif kind == "gathering_invite":
        info, n = g.seats[seat], descriptor["n"]
        out.update(name=info["name"], seat=seat, sides=sides(g, seat),
                   framing=framing_words(g, seat, language),
                   accept=L.accept(g.id, seat, n), decline=L.decline(g.id, seat, n),
                   reply_to=L.invite_reply(g.id, seat, n), never=L.never(to), unsubscribe=L.never(to),
                   lapses_in_days=INVITATION // 86400)
    elif kind in ("gathering_ready", "gathering_vacant", "gathering_taken"):
        out.update(name=g.creator["name"], seat=None, page=L.seat(g.id, g.creator["seat"]),
                   reply_to=L.manage_reply(g.id),
                   joins=[{"seat": framing.seat_name(g.game, s, language), "link": L.join(g.id, s)}
                          for s in g.doc["order"] if g.seats[s]["state"] == "open"],
                   vacant=[s for s in g.doc["order"] if g.seats[s]["state"] in WHY],
                   waiting=waiting_words(g, language), example_seat=seat or _first_vacant(g))
        if seat:
            out.update(about=framing.seat_name(g.game, seat, language), about_name=g.seats[seat].get("name", ""), why=i18n.gettext(WHY[descriptor["why"]], language) if descriptor.get("why") in WHY else "",
                       declined=descriptor.get("why") == "declined")
    elif kind == "gathering_join":
        expires = descriptor["at"] + 86400
        out.update(name="", seat=None, join_seat=framing.seat_name(g.game, seat, language),
                   confirm=L.confirm(g.id, "join", descriptor["nonce"], expires),
                   reply_to=L.confirm_reply(g.id, "join", descriptor["nonce"], expires))
    elif kind == "gathering_cancelled":
        out.update(name="", why=i18n.gettext(GIVEN_UP[descriptor["why"]], language), new=L.new(), reply_to=f"new@{m.reply_domain}")
    return out


def _first_vacant(g: Gathering) -> str:
    return next((s for s in g.doc["order"] if s != g.creator["seat"]), g.doc["order"][0])
