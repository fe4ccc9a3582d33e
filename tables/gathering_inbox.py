"""Emails to the addresses of games that players start themselves (issue 21):

- ``new@<reply domain>``: a new game, read by tables/gathering_words.py (``help`` answers with
  the games, their seats and options, and examples); its confirmation email goes back to the sender.
- ``start+<token>@``: a reply to the creator's confirmation ("confirm"), to a joiner's ("confirm"),
  or to the creator's overview of a gathering (a line per seat to fill again, or "cancel").
- ``invite+<token>@``: a reply to an invitation ("accept" or "decline").

The tokens are signed (tables/gathering_links.py), and a reply counts only from the address the
email went to; anything else is not answered. Auto-replies and bounces are never answered. An
answer says what was done, or why not, in a sentence.
"""

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import games
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
HELP = {"", "help", "?", "commands", "games", "how"}
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
        return Said("refused", reply.sender, refused.message)


def _words(reply: Reply) -> str:
    return " ".join(reply.lines).lower().strip(" .!")


def _first_word(reply: Reply) -> str:
    """The answer a person writes first ("Decline, sorry - busy month.": decline)."""
    words = re.findall(r"[^\W\d_]+", reply.lines[0].lower()) if reply.lines else []
    words = [w for w in words if w not in ("i", "we", "hi", "hello")]
    return words[0] if words else ""


def _new(store: TableStore, reply: Reply, m: MailSettings, count: Counter) -> Said:
    address = f"new@{m.reply_domain}"
    if _words(reply) in HELP and gathering_words.game_named(_subject(reply)) is None:
        count(None, [reply.sender])
        return Said("help", reply.sender, "How to start a game by email.", help_text(m), address)
    try:
        body, unread = gathering_words.read(reply.subject, reply.lines, reply.sender, reply.sender_name)
        gathering_check.check(body)
    except TableError as refused:
        count(None, [reply.sender])
        return Said("refused", reply.sender, f"No game was started: {refused.message}", help_text(m), address)
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
    g = gathering.load(store, gid)
    if g is None:
        return Said("refused", reply.sender, "This game is no longer waiting: it lapsed, started or was given up. "
                    f"Start another at {L.new()} or by email to new@{m.reply_domain}.")
    address = f"start+{token}@{m.reply_domain}"
    if chosen is not None and chosen.what == "join":
        asked = kept.get_join(store, gid, chosen.ref)
        if asked is None or asked["email"].lower() != reply.sender:
            return Said("not answered: not from the address that asked for the seat")
        if _first_word(reply) not in YES:
            return Said("refused", reply.sender, "Reply 'confirm' to take the seat.", reply_to=address)
        done, seat = gathering_seats.take(store, gid, chosen.ref, m.now)
        return Said("taken", reply.sender, _started_or_not(done, f"The {seat} seat is yours."),
                    links=[("Your seat", L.seat(gid, seat))], gathering=done)
    if reply.sender != g.creator["email"].lower():
        return Said("not answered: not from the creator's address")
    if chosen is not None:
        if _first_word(reply) not in YES:
            return Said("refused", reply.sender, "Reply 'confirm' to confirm the game.", reply_to=address)
        try:
            done = gathering.confirm(store, gid, m.now)
        except Closed as closed:
            return Said("refused", reply.sender, closed.message, links=[("Your page", L.seat(gid, g.creator["seat"]))])
        return Said("confirmed", gathering=done)      # the overview it sends (open seats' links) is the answer
    return _manage(store, reply, g, m, address)


def _manage(store: TableStore, reply: Reply, g: Gathering, m: MailSettings, address: str) -> Said:
    """The creator's reply to an overview: a line per seat ("jihad: carol@example.org", "jihad: bot",
    "jihad: open") or "cancel"."""
    L, done, said = links(m), [], []
    for line in reply.lines:
        words = line.strip(" .!").lower()
        if words in ("cancel", "give up"):
            g = gathering_seats.give_up(store, g.id, m.now, "cancelled")
            return Said("cancelled", reply.sender, "The game is given up; whoever had accepted is told.", gathering=g)
        found = gathering_words.LINE.match(line)
        if found is None or found.group(1).strip().lower() not in g.seats:
            said.append(f"Not read: '{line}'.")
            continue
        seat = found.group(1).strip().lower()
        spec = gathering_words.seat_spec(g.game, seat, found.group(2))
        try:
            g = gathering_seats.assign(store, g.id, seat, spec if isinstance(spec, dict) else {}, m.now)
            done.append(seat)
            said.append(f"{seat}: {_given(g.seats[seat])}.")
        except TableError as refused:
            said.append(f"{seat}: not changed: {refused.message}")
    if not said:
        said.append("Nothing was read. Write a line per seat, such as 'jihad: carol@example.org', 'jihad: bot' or "
                    "'jihad: open', or 'cancel'.")
    status = " The game has begun." if g.status == "started" else ""
    return Said("changed" if done else "refused", reply.sender, " ".join(said) + status, reply_to=address,
                links=[("Your page", L.seat(g.id, g.creator["seat"]))], gathering=g)


def _given(info: dict[str, Any]) -> str:
    return {"invited": f"{info.get('name')} is invited", "bot": f"the {info.get('bot')} bot plays it",
            "open": "open (its join link is on your page)",
            "refused": f"{info.get('email')} has asked this server never to email it"}.get(info["state"], info["state"])


def _invitation(store: TableStore, reply: Reply, token: str, m: MailSettings) -> Said:
    fields = gathering_links.read_invite(m.secret_key, token)
    if fields is None:
        return Said("not answered: an address this server did not give out")
    gid, seat, n = fields
    g = gathering.load(store, gid)
    if g is None:
        return Said("refused", reply.sender, "This game is no longer waiting for players: it started or was given up.")
    info = g.seats.get(seat, {})
    if info.get("n") != n or (info.get("email") or "").lower() != reply.sender:
        return Said("not answered: not from the invited address")
    words = _first_word(reply)
    if words not in ACCEPT and words not in DECLINE:
        return Said("refused", reply.sender, "Reply 'accept' or 'decline'.", reply_to=f"invite+{token}@{m.reply_domain}")
    done = gathering_seats.answer(store, gid, seat, n, words in ACCEPT, m.now)
    if words in DECLINE:
        return Said("declined", reply.sender, f"You declined; {g.creator['name']} is told.", gathering=done)
    return Said("accepted", reply.sender, _started_or_not(done, f"You play {seat} at {done.game.title}."),
                links=[("Your seat", links(m).seat(gid, seat))], gathering=done)


def _started_or_not(g: Gathering, said: str) -> str:
    if g.status == "started":
        return f"{said} Every seat is filled: the game has begun, and its first emails are on their way."
    return f"{said} The game starts when every seat is filled (waiting for: {', '.join(g.waiting_on())})."


def help_text(m: MailSettings) -> str:
    """What an email to new@ may say: the games, their seats, bots and options, and examples."""
    lines = [f"Start a game by email: write to new@{m.reply_domain}. Name the game in the subject (or the first "
             "line), then a line per seat: 'SEAT: me' for yours, 'SEAT: Name <address>' to invite someone, "
             "'SEAT: bot' for a bot, 'SEAT: open' for a seat anyone with its link can take. You get an email to "
             "confirm; nobody else is emailed before you do.",
             "Other lines: 'OPTION: VALUE' (the game's options, below), 'time: untimed | live | fast | slow | daily "
             "18:00 Europe/Warsaw', 'timeout: wait | bot | me', 'name: your name', 'public: yes' (list open seats).",
             f"Or use the page: {links(m).new()}", ""]
    for game in games.all_games():
        if not game.title:
            continue
        lines.append(f"{game.title} ('{game.name}'): seats {', '.join(game.seats)}; bots {', '.join(sorted(game.bots))}.")
        for name, spec in game.options.items():
            if spec.get("choices") and name not in gathering_check.HIDDEN_OPTIONS:
                lines.append(f"  {name}: {' | '.join(map(str, spec['choices']))} (usually {spec['default']})")
    lines += ["", "Examples:", "  Subject: clash", "  mcworld: me", "  jihad: Bob <bob@example.org>", "",
              "  Subject: labyrinth solo", "  us: me", "",
              "  Subject: la famiglia", "  southwest: me", "  southeast: Sofia <sofia@example.org>", "  northeast: open",
              "  northwest: bot"]
    return "\n".join(lines)
