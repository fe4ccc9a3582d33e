"""Emails to the addresses of games that players start themselves (issue 21):

- ``new@<reply domain>``: a new game, read by tables/gathering_words.py (``help`` answers with
  the games, their seats and options, and examples); its confirmation email goes back to the sender.
- ``start+<token>@``: a reply to the creator's confirmation ("confirm"), to a joiner's ("confirm"),
  or to the creator's overview of a gathering (a line per seat to fill again, or "cancel").
- ``invite+<token>@``: a reply to an invitation ("accept" or "decline").

The tokens are signed (tables/gathering_links.py), and a reply counts only from the address the
email went to; anything else is not answered. Auto-replies and bounces are never answered. An
answer says what was done, or why not, in a sentence, in the language of the person who wrote (the
one given for them: the creator's, an invited seat's, a joiner's, a 'language:' line to new@), which
is the language of the email they answer; else English.
"""

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import games
import i18n
from i18n import N_
from store import TableStore
from store import gatherings as kept

from . import gathering, gathering_check, gathering_links, gathering_seats, gathering_words
from .errors import Closed, TableError
from .gathering import Gathering
from .gathering_notices import links
from .mailparse import Reply
from .notices import MailSettings

ADDRESS = re.compile(r"^(?:(start|invite)\+([A-Za-z0-9_.\-]+)|(new))@(.+)$", re.I)
SEEN = 7 * 86400
YES = {"confirm", "confirmed", "yes", "ok", "okay", "y", "tak", "sim", "si", "oui", "ja"}
ACCEPT = {"accept", "accepted", "yes", "y", "ok", "okay", "sure", "tak", "sim", "si", "oui", "ja"}
DECLINE = {"decline", "declined", "no", "n", "nie", "não", "nao", "non", "nein"}
HELP = {"", "help", "?", "commands", "games", "how", "pomoc"}
_ = i18n.gettext          # each answer in its writer's language
Counter = Callable[[str | None, list[str]], None]      # rate limits: (who, addresses); raises TooMany


@dataclass
class Said:
    """What to answer (``to`` None: nothing), and whose emails to queue."""
    outcome: str
    to: str | None = None
    message: str = ""
    help: str = ""
    reply_to: str | None = None
    links: list[tuple[str, str]] = field(default_factory=list)     # (what, url)
    gathering: Gathering | None = None
    language: str = i18n.DEFAULT                                    # the writer's


def addressed(recipients: list[str], domain: str) -> tuple[str, str | None] | None:
    """("new", None), ("start", token) or ("invite", token) when the email was sent to one of these."""
    for address in recipients:
        found = ADDRESS.match(address.strip())
        if found is None:
            continue
        if found.group(3):
            if found.group(4).lower() == domain.lower():
                return "new", None
            continue
        return found.group(1).lower(), found.group(2)
    return None


def handle(store: TableStore, reply: Reply, where: tuple[str, str | None], m: MailSettings, count: Counter) -> Said:
    if reply.auto:
        return Said(f"not answered: {reply.auto}")
    if not kept.first_time(store, hashlib.sha256(reply.message_id.encode()).hexdigest()[:32], SEEN):
        return Said("already answered")
    kind, token = where
    try:
        if kind == "new":
            return _new(store, reply, m, count)
        if kind == "invite":
            return _invitation(store, reply, token or "", m)
        return _start(store, reply, token or "", m)
    except TableError as refused:
        language = _writer(store, reply, where, m)
        return Said("refused", reply.sender, i18n.reason(refused, language), language=language)


def _writer(store: TableStore, reply: Reply, where: tuple[str, str | None], m: MailSettings) -> str:
    """The language of the person who wrote: the one given for them (an invited seat's, a joiner's,
    the creator's, a 'language:' line to new@), else English: the language of the email they answer."""
    kind, token = where
    if kind == "new":
        return i18n.known(gathering_words.spoken(reply.lines))
    if kind == "invite":
        fields = gathering_links.read_invite(m.secret_key, token or "")
        g = gathering.load(store, fields[0]) if fields else None
        return _theirs(g.seats.get(fields[1], {}) if g and fields else {})
    chosen = gathering_links.read_confirm(m.secret_key, token or "")
    gid = chosen.gid if chosen else gathering_links.read_manage(m.secret_key, token or "")
    g = gathering.load(store, gid) if gid else None
    if chosen is not None and chosen.what == "join" and g is not None:
        return _theirs(kept.get_join(store, g.id, chosen.ref) or {})
    return _theirs(g.creator if g is not None else {})


def _theirs(info: dict[str, Any]) -> str:
    """A person's language: the one given for them (an invited seat's, a joiner's, the creator's).
    An invited person given none is answered in English, as their invitation was, whatever the
    creator's."""
    return i18n.known(info.get("language"))


def _words(reply: Reply) -> str:
    return " ".join(reply.lines).lower().strip(" .!")


def _first_word(reply: Reply) -> str:
    """The answer a person writes first ("Decline, sorry - busy month.": decline)."""
    words = re.findall(r"[^\W\d_]+", reply.lines[0].lower()) if reply.lines else []
    words = [w for w in words if w not in ("i", "we", "hi", "hello")]
    return words[0] if words else ""


def _new(store: TableStore, reply: Reply, m: MailSettings, count: Counter) -> Said:
    address, language = f"new@{m.reply_domain}", i18n.known(gathering_words.spoken(reply.lines))
    if _words(reply) in HELP and gathering_words.game_named(_subject(reply)) is None:
        count(None, [reply.sender])
        return Said("help", reply.sender, _("How to start a game by email.", language), help_text(m, language),
                    address, language=language)
    try:
        body, unread = gathering_words.read(reply.subject, reply.lines, reply.sender, reply.sender_name)
        gathering_check.check(body)
    except TableError as refused:
        count(None, [reply.sender])
        return Said("refused", reply.sender, _("No game was started: %(why)s", language,
                                               why=i18n.reason(refused, language)),
                    help_text(m, language), address, language=language)
    invited = [spec.get("email", "") for spec in body["seats"].values() if isinstance(spec, dict)]
    count("from:" + reply.sender, [reply.sender, *invited])
    g = gathering.ask(store, body, m.now, unread=unread)
    return Said("asked", gathering=g)          # its confirmation email is the answer


def _subject(reply: Reply) -> str:
    return gathering_words.unreplied(reply.subject)


def _start(store: TableStore, reply: Reply, token: str, m: MailSettings) -> Said:
    L = links(m)
    chosen = gathering_links.read_confirm(m.secret_key, token)
    gid = chosen.gid if chosen else gathering_links.read_manage(m.secret_key, token)
    if gid is None:
        return Said("not answered: an address this server did not give out")
    g, new_address = gathering.load(store, gid), f"new@{m.reply_domain}"
    if g is None:
        return Said("refused", reply.sender, _("This game is no longer waiting: it lapsed, started or was given up. "
                                               "Start another at %(page)s or by email to %(address)s.", None,
                                               page=L.new(), address=new_address))
    address = f"start+{token}@{m.reply_domain}"
    if chosen is not None and chosen.what == "join":
        asked = kept.get_join(store, gid, chosen.ref)
        if asked is None or asked["email"].lower() != reply.sender:
            return Said("not answered: not from the address that asked for the seat")
        language = _theirs(asked)
        if _first_word(reply) not in YES:
            return Said("refused", reply.sender, _("Reply 'confirm' to take the seat.", language), reply_to=address,
                        language=language)
        done, seat = gathering_seats.take(store, gid, chosen.ref, m.now)
        return Said("taken", reply.sender, _started_or_not(done, _("The %(seat)s seat is yours.", language, seat=seat),
                                                           language),
                    links=[(_("Your seat", language), L.seat(gid, seat))], gathering=done, language=language)
    if reply.sender != g.creator["email"].lower():
        return Said("not answered: not from the creator's address")
    language = _theirs(g.creator)
    if chosen is not None:
        if _first_word(reply) not in YES:
            return Said("refused", reply.sender, _("Reply 'confirm' to confirm the game.", language), reply_to=address,
                        language=language)
        try:
            done = gathering.confirm(store, gid, m.now)
        except Closed as closed:
            return Said("refused", reply.sender, i18n.reason(closed, language),
                        links=[(_("Your page", language), L.seat(gid, g.creator["seat"]))], language=language)
        return Said("confirmed", gathering=done)      # the overview it sends (open seats' links) is the answer
    return _manage(store, reply, g, m, address)


def _manage(store: TableStore, reply: Reply, g: Gathering, m: MailSettings, address: str) -> Said:
    """The creator's reply to an overview: a line per seat ("jihad: carol@example.org", "jihad: bot",
    "jihad: open") or "cancel"."""
    L, done, said, language = links(m), [], [], _theirs(g.creator)
    for line in reply.lines:
        words = line.strip(" .!").lower()
        if words in ("cancel", "give up", "anuluj"):
            g = gathering_seats.give_up(store, g.id, m.now, "cancelled")
            return Said("cancelled", reply.sender, _("The game is given up; whoever had accepted is told.", language),
                        gathering=g, language=language)
        found = gathering_words.LINE.match(line)
        if found is None or found.group(1).strip().lower() not in g.seats:
            said.append(_("Not read: '%(line)s'.", language, line=line))
            continue
        seat = found.group(1).strip().lower()
        spec = gathering_words.seat_spec(g.game, seat, found.group(2))
        try:
            g = gathering_seats.assign(store, g.id, seat, spec if isinstance(spec, dict) else {}, m.now)
            done.append(seat)
            said.append(f"{seat}: {_given(g.seats[seat], language)}.")
        except TableError as refused:
            said.append(_("%(seat)s: not changed: %(why)s", language, seat=seat, why=i18n.reason(refused, language)))
    if not said:
        said.append(_("Nothing was read. Write a line per seat, such as 'jihad: carol@example.org', 'jihad: bot' or "
                      "'jihad: open', or 'cancel'.", language))
    status = " " + _("The game has begun.", language) if g.status == "started" else ""
    return Said("changed" if done else "refused", reply.sender, " ".join(said) + status, reply_to=address,
                links=[(_("Your page", language), L.seat(g.id, g.creator["seat"]))], gathering=g, language=language)


GIVEN = {"invited": N_("%(name)s is invited"), "bot": N_("the %(bot)s bot plays it"),
         "open": N_("open (its join link is on your page)"),
         "refused": N_("%(email)s has asked this server never to email it")}


def _given(info: dict[str, Any], language: str | None = None) -> str:
    if info["state"] not in GIVEN:
        return info["state"]
    return _(GIVEN[info["state"]], language, name=info.get("name"), bot=info.get("bot"), email=info.get("email"))


def _invitation(store: TableStore, reply: Reply, token: str, m: MailSettings) -> Said:
    fields = gathering_links.read_invite(m.secret_key, token)
    if fields is None:
        return Said("not answered: an address this server did not give out")
    gid, seat, n = fields
    g = gathering.load(store, gid)
    if g is None:
        return Said("refused", reply.sender, _("This game is no longer waiting for players: it started or was given "
                                               "up.", None))
    info = g.seats.get(seat, {})
    if info.get("n") != n or (info.get("email") or "").lower() != reply.sender:
        return Said("not answered: not from the invited address")
    language, words = _theirs(info), _first_word(reply)
    if words not in ACCEPT and words not in DECLINE:
        return Said("refused", reply.sender, _("Reply 'accept' or 'decline'.", language),
                    reply_to=f"invite+{token}@{m.reply_domain}", language=language)
    done = gathering_seats.answer(store, gid, seat, n, words in ACCEPT, m.now)
    if words in DECLINE:
        return Said("declined", reply.sender, _("You declined; %(name)s is told.", language, name=g.creator["name"]),
                    gathering=done, language=language)
    return Said("accepted", reply.sender, _started_or_not(done, _("You play %(seat)s at %(title)s.", language, seat=seat,
                                                                  title=done.game.title), language),
                links=[(_("Your seat", language), links(m).seat(gid, seat))], gathering=done, language=language)


def _started_or_not(g: Gathering, said: str, language: str | None = None) -> str:
    if g.status == "started":
        return said + " " + _("Every seat is filled: the game has begun, and its first emails are on their way.",
                              language)
    return said + " " + _("The game starts when every seat is filled (waiting for: %(seats)s).", language,
                          seats=", ".join(g.waiting_on()))


def help_text(m: MailSettings, language: str | None = None) -> str:
    """What an email to new@ may say: the games, their seats, bots and options, and examples."""
    address = f"new@{m.reply_domain}"
    lines = [_("Start a game by email: write to %(address)s. Name the game in the subject (or the first "
               "line), then a line per seat: 'SEAT: me' for yours, 'SEAT: Name <address>' to invite someone, "
               "'SEAT: bot' for a bot, 'SEAT: open' for a seat anyone with its link can take. You get an email to "
               "confirm; nobody else is emailed before you do.", language, address=address),
             _("Other lines: 'OPTION: VALUE' (the game's options, below), 'time: untimed | live | fast | slow | daily "
               "18:00 Europe/Warsaw', 'timeout: wait | bot | me', 'name: your name', 'public: yes' (list open seats).",
               language) + ("" if language in (None, i18n.DEFAULT) else " " + _(
                   "'language: %(code)s' (your emails and answers in %(name)s).", language, code=language,
                   name=i18n.LANGUAGES.get(language, language))),
             _("Or use the page: %(page)s", language, page=links(m).new()), ""]
    for game in games.all_games():
        if not game.title:
            continue
        lines.append(_("%(title)s ('%(name)s'): seats %(seats)s; bots %(bots)s.", language, title=game.title,
                       name=game.name, seats=", ".join(game.seats), bots=", ".join(sorted(game.bots))))
        for name, spec in game.options.items():
            if spec.get("choices") and name not in gathering_check.HIDDEN_OPTIONS:
                lines.append("  " + _("%(option)s: %(choices)s (usually %(usual)s)", language, option=name,
                                      choices=" | ".join(map(str, spec["choices"])), usual=spec["default"]))
    lines += ["", _("Examples:", language), "  Subject: clash", "  mcworld: me", "  jihad: Bob <bob@example.org>", "",
              "  Subject: labyrinth solo", "  us: me", "",
              "  Subject: la famiglia", "  southwest: me", "  southeast: Sofia <sofia@example.org>", "  northeast: open",
              "  northwest: bot"]
    return "\n".join(lines)
