"""The pages of a game that players start themselves (issue 21): `/new` (the form), the one-button
pages that email links open (`/confirm/`, `/accept/`, `/decline/`, `/never/`, `/rematch/`), an open
seat's `/join/` form, `/open` (the public open seats) and the page of a game waiting for players
(`/play/<id>` before the table exists). A GET never acts: mail scanners open every link."""

import time
from typing import Any

from flask import Blueprint, g as request_globals, render_template, request

import games
import i18n
import tables
from tables.errors import TableError
from games.core import IllegalMove
from store import gatherings as kept
from tables import framing, gathering, gathering_check, gathering_links, gathering_seats, preferences
from tables.auth import link_key
from tables.gathering_notices import STATES, options_in_words, sides, time_words, waiting_words, who
from tables.rematch import rematch

from . import guards, languages, new_game_form
from .api.invitations import ask, links, queue_mail
from .extensions import services

blp = Blueprint("gathering_pages", __name__)


def page(template: str, status: int = 200, **values: Any) -> tuple[str, int]:
    return render_template(template, **values), status


def _(message: str, **values: Any) -> str:
    """``message`` in the page's language: the person's when the link names them (speak()), else
    the one the visitor chose, else the browser's."""
    return i18n.gettext(message, languages.current(), **values)


def speak(language: str | None) -> None:
    """This page in the language of the person its link names (their seat's, the creator's, a joiner's)."""
    if language:
        request_globals.language = i18n.known(language)


def said(title: str, text: str, status: int = 200, **more: Any) -> tuple[str, int]:
    """A page that says one thing (and offers the links in ``more``)."""
    return page("gathering_said.html", status, title=title, text=text, **more)


def unknown() -> tuple[str, int]:
    return said(_("Unknown link"), _("This link is not one this server gave out: it may have been cut short or "
                                     "changed. Open it again from the email."), 404)


def _sides(g: gathering.Gathering, seat: str) -> dict[str, list[str]]:
    """Whom ``seat`` plays with and against, each "Name (seat)" with the seat named in the page's language."""
    spoken = languages.current()
    return {k: [framing.label_said(g.game, x, spoken) for x in v] for k, v in sides(g, seat).items()}


def summary(g: gathering.Gathering) -> dict[str, Any]:
    """What every page of a gathering shows of it (names, never addresses), in the page's language."""
    spoken = languages.current()
    return {"g": g, "title": g.game.title, "options": options_in_words(g.game, g.doc["options"], spoken),
            "seats": [{"seat": s, "label": framing.seat_name(g.game, s, spoken), "who": who(g.seats[s], spoken),
                       "bot": g.seats[s]["state"] == "bot",
                       "state": i18n.gettext(STATES[g.seats[s]["state"]], spoken)} for s in g.doc["order"]],
            "time_control": time_words(g.doc["time_control"], spoken), "rules": links().rules(g.game.name)}


# -- /new -----------------------------------------------------------------------------------

@blp.get("/new")
def new() -> Any:
    name = request.args.get("game", "")
    try:
        game = games.get(name) if name else None
    except IllegalMove:
        game = None
    chosen = new_game_form.form(game, request.args, language=languages.current()) if game else None
    return page("new.html", games=games.all_games(), chosen=chosen)


@blp.post("/new")
def new_post() -> Any:
    posted = request.form.to_dict()
    try:
        game = games.get(posted.get("game", ""))
    except IllegalMove:
        return page("new.html", 422, games=games.all_games(), chosen=None, problem=_("Choose one of the games first."))
    try:
        g = ask(new_game_form.body(game, posted))
    except TableError as refused:
        return page("new.html", refused.status, games=games.all_games(), problem=i18n.reason(refused, languages.current()),
                    chosen=new_game_form.form(game, posted, posted, languages.current()))
    speak(g.creator.get("language"))                     # as the form chose for the creator's emails
    return said(_("Check your email"), _("We sent %(email)s a link to confirm your game of %(title)s. Nobody else is "
                                         "emailed until you click it (or answer the email 'confirm'); the request "
                                         "lapses in 24 hours.", email=g.creator["email"], title=g.game.title), 202)


# -- the creator's and a joiner's confirmation -------------------------------------------------

def _confirm(token: str) -> tuple[gathering_links.Confirm, gathering.Gathering] | tuple[str, int]:
    """The confirmation a link names and its gathering, or the page saying why there is none."""
    chosen = gathering_links.read_confirm(services().settings.secret_key, token)
    if chosen is None:
        return unknown()
    if chosen.expires < time.time():
        return said(_("Link expired"), _("This link has expired: a confirmation works for 24 hours. Start again "
                                         "from the form."), 410)
    g = gathering.load(services().store, chosen.gid)
    if g is None:
        return said(_("Link expired"), _("This request has lapsed (a game must be confirmed within 24 hours)."), 410)
    asked = kept.get_join(services().store, g.id, chosen.ref) if chosen.what == "join" else g.creator
    speak((asked or {}).get("language"))                   # the page of the person the email went to
    return chosen, g


@blp.get("/confirm/<token>")
def confirm_page(token: str) -> Any:
    found = _confirm(token)
    if not isinstance(found[0], gathering_links.Confirm):
        return found
    chosen, g = found
    label = _("Confirm the game") if chosen.what == "new" else _("Take the seat")
    prompt = (_("Confirm your game of %(title)s: the invitations go out when you press the button.",
                title=g.game.title) if chosen.what == "new" else
              _("Take your seat at %(title)s, set up by %(name)s.", title=g.game.title, name=g.creator["name"]))
    return page("gathering_button.html", label=label, prompt=prompt, **summary(g))


@blp.post("/confirm/<token>")
def confirm(token: str) -> Any:
    found = _confirm(token)
    if not isinstance(found[0], gathering_links.Confirm):
        return found
    chosen, g = found
    s, now = services(), time.time()
    if chosen.what == "new":
        try:
            done = gathering.confirm(s.store, g.id, now)
        except TableError:
            return said(_("Confirmed already"), _("This game was confirmed already; its invitations went out then."), 409,
                        page_link=links().seat(g.id, g.creator["seat"]))
        queue_mail(done)
        return page("gathering.html", confirmed=True, **_gathering(done, done.creator["seat"]))
    try:
        done, seat = gathering_seats.take(s.store, g.id, chosen.ref, now)
    except TableError as closed:
        return said(_("Not taken"), i18n.reason(closed, languages.current()), 409)
    queue_mail(done)
    return said(_("The seat is yours"), _("You play %(seat)s at %(title)s.", seat=seat, title=done.game.title) + " " + (
        _("Every seat is filled: the game has begun, and your first email is on its way.") if done.status == "started"
        else _("The game starts when every seat is filled; you will get an email then.")),
        page_link=links().seat(g.id, seat))


# -- an invitation's answer ------------------------------------------------------------------

def _invitation(token: str) -> tuple[tuple[str, str, int] | None, gathering.Gathering | None]:
    fields = gathering_links.read_invite(services().settings.secret_key, token)
    return fields, gathering.load(services().store, fields[0]) if fields else None


def _answer_page(token: str, accept: bool) -> Any:
    fields, g = _invitation(token)
    if fields is None:
        return unknown()
    if g is None:
        return said(_("No longer open"), _("This game is no longer waiting for players: it started, or it was given "
                                           "up."), 410)
    gid, seat, n = fields
    speak(g.seats.get(seat, {}).get("language"))            # the invited person's page
    if request.method == "GET":
        info = g.seats.get(seat, {})
        return page("gathering_button.html", label=_("Accept") if accept else _("Decline"), invited_seat=seat,
                    sides=_sides(g, seat) if seat in g.seats else None,
                    choose_language=accept, spoken_now=info.get("language") or languages.current(),
                    prompt=_("%(creator)s invites %(name)s to play %(seat)s at %(title)s.", creator=g.creator["name"],
                             name=info.get("name") or _("you"), seat=framing.seat_name(g.game, seat, languages.current()),
                             title=g.game.title),
                    **summary(g))
    try:
        if accept and request.form.get("language"):          # the emails of the table, once it starts
            preferences.choose_language(services().store, gid, seat, request.form["language"])
        done = gathering_seats.answer(services().store, gid, seat, n, accept, time.time())
    except TableError as closed:
        return said(_("Not changed"), i18n.reason(closed, languages.current()), 409)
    queue_mail(done)
    info = done.seats[seat]
    speak((request.form.get("language") if accept else None) or info.get("language"))   # as just chosen
    if not accept:
        return said(_("Declined"), _("You declined; %(name)s is told and may invite someone else. You will get no "
                                     "other email about this game.", name=done.creator["name"]),
                    never=links().never(info["email"]))
    return said(_("Accepted"), _("You play %(seat)s at %(title)s.", seat=seat, title=done.game.title) + " " + (
        _("Every seat is filled: the game has begun, and your first email is on its way.") if done.status == "started"
        else _("The game starts when every seat is filled (waiting for: %(seats)s); you will get an email then.",
               seats=", ".join(done.waiting_on()))), page_link=links().seat(gid, seat))


@blp.route("/accept/<token>", methods=["GET", "POST"])
def accept(token: str) -> Any:
    return _answer_page(token, True)


@blp.route("/decline/<token>", methods=["GET", "POST"])
def decline(token: str) -> Any:
    return _answer_page(token, False)


# -- never email me ----------------------------------------------------------------------------

@blp.route("/never/<key>", methods=["GET", "POST"])
def never(key: str) -> Any:
    """"Never email me again from this server": one button (also RFC 8058's one-click POST); the
    page after it can take it back."""
    email = gathering_links.never_email(services().settings.secret_key, key)
    if email is None:
        return unknown()
    if request.method == "GET":
        return page("gathering_never.html", email=email, done=kept.never(services().store, email))
    allow = request.form.get("allow") == "1"
    kept.set_never(services().store, email, not allow)
    return page("gathering_never.html", email=email, done=not allow, changed=True)


# -- open seats --------------------------------------------------------------------------------

@blp.route("/join/<key>", methods=["GET", "POST"])
def join(key: str) -> Any:
    fields = gathering_links.read_join(services().settings.secret_key, key)
    if fields is None:
        return unknown()
    gid, seat = fields
    g = gathering.load(services().store, gid)
    if g is None or g.status != "gathering" or g.seats.get(seat, {}).get("state") != "open":
        return said(_("Seat taken"), _("This seat is not open any more: someone took it first, or the game started "
                                       "or was given up."), 410, new=links().new())
    values = request.form.to_dict() if request.method == "POST" else {}
    problem = None
    if request.method == "POST":
        try:
            email = gathering_check.address(values.get("email"), "Your email")
            guards.limit_player_request(services().settings, [email])
            gathering_seats.ask_to_join(services().store, gid, seat, values.get("name", ""), email, time.time(),
                                        values.get("language") or languages.current())
        except TableError as refused:
            problem = i18n.reason(refused, languages.current())
        else:
            queue_mail(gathering.need(services().store, gid))
            spoken = i18n.known(values.get("language") or languages.current())      # as their email
            return said(i18n.gettext("Check your email", spoken), i18n.gettext(
                "We sent %(email)s a link to confirm that the %(seat)s seat is yours. The first to confirm takes the "
                "seat; the link works for 24 hours.", spoken, email=email, seat=seat), 202)
    return page("gathering_join.html", 422 if problem else 200, seat=framing.seat_name(g.game, seat, languages.current()),
                problem=problem, values=values, sides=_sides(g, seat), **summary(g))


@blp.get("/open")
def open_seats() -> Any:
    out = []
    for gid in kept.public(services().store):
        g = gathering.load(services().store, gid)
        if g is None or g.status != "gathering":
            kept.publish(services().store, gid, None)
            continue
        for seat in g.doc["order"]:
            if g.seats[seat]["state"] == "open":
                out.append({"link": links().join(gid, seat), "seat": framing.seat_name(g.game, seat, languages.current()),
                            **summary(g)})
    return page("gathering_open.html", seats=out)


# -- a rematch -----------------------------------------------------------------------------------

@blp.route("/rematch/<token>", methods=["GET", "POST"])
def ask_rematch(token: str) -> Any:
    fields = gathering_links.read_rematch(services().settings.secret_key, token)
    if fields is None:
        return unknown()
    table = tables.load(services().store, fields[0])
    seat = fields[1]
    if seat not in table.seats:
        return unknown()
    speak(preferences.language(services().store, table, seat))       # the link came to this seat's player
    if request.method == "GET":
        prompt = _("A rematch of %(title)s #%(table)s: the same players and options. The others are invited and "
                   "accept or decline.", title=table.game.title, table=table.id) if table.game.coop else \
            _("A rematch of %(title)s #%(table)s: the same players and options, the seats moved one on. The others "
              "are invited and accept or decline.", title=table.game.title, table=table.id)
        return page("gathering_button.html", label=_("Ask for a rematch"), g=None, title=table.game.title, seats=[],
                    options=[], rules=links().rules(table.game.name), time_control="", prompt=prompt)
    s = services()
    others = [i["email"] for x, i in table.seats.items() if i.get("email") and x != seat]
    try:
        guards.limit_player_request(s.settings, [table.seats[seat]["email"], *others])
        g, new_one = rematch(s.store, table, seat, time.time())
    except TableError as refused:
        return said(_("No rematch"), i18n.reason(refused, languages.current()), refused.status)
    queue_mail(g)
    mine = next((x for x, i in g.seats.items() if i.get("email", "").lower() == table.seats[seat]["email"].lower()),
                g.creator["seat"])
    return page("gathering.html", confirmed=new_one, rematch=True, **_gathering(g, mine))


# -- the page of a game waiting for players ---------------------------------------------------------

def _gathering(g: gathering.Gathering, seat: str | None = None) -> dict[str, Any]:
    """The gathering's page as ``seat`` sees it (the creator: with the forms that change it)."""
    L = links()
    return {**summary(g), "joins": {s: L.join(g.id, s) for s in g.doc["order"] if g.seats[s]["state"] == "open"},
            "page_link": L.seat(g.id, g.creator["seat"]), "assignable": gathering_seats.ASSIGNABLE,
            "bots": sorted(g.game.bots), "seat": seat, "waiting": waiting_words(g, languages.current()), "creator": seat is not None and seat == g.creator["seat"],
            "token": link_key(services().settings.secret_key, g.id, seat) if seat else None,
            "seat_name": lambda x: framing.seat_name(g.game, x, languages.current()),
            "state_words": lambda state: state if i18n.known(languages.current()) == i18n.DEFAULT or state not in STATES
            else i18n.gettext(STATES[state], languages.current())}


def gathering_page(gid: str, token: str | None) -> Any:
    """`/play/<id>` while the table is not made yet: the seats as they fill; the creator changes them."""
    g = gathering.load(services().store, gid)
    if g is None or g.status == "unconfirmed":
        raise tables.NotFound(f"There is no table {gid!r}.", code="unknown_table")
    seat = gathering.seat_of(g, token, services().settings.secret_key)
    speak(g.seats[seat].get("language") if seat in g.seats else None)        # the seat's own page
    return page("gathering.html", confirmed=False, **_gathering(g, seat))


@blp.post("/play/<gid>/seat")
def change_seat(gid: str) -> Any:
    """The creator's form on the gathering's page: invite someone else, a bot, or open a seat."""
    s = services()
    g = gathering.need(s.store, gid)
    token = request.form.get("token")
    if gathering.seat_of(g, token, s.settings.secret_key) != g.creator["seat"]:
        gathering_seats.creator_only(g, None)
    speak(g.creator.get("language"))
    seat, kind = request.form.get("seat", ""), request.form.get("who", "")
    spec: dict[str, Any] = {"open": True} if kind == "open" else {"bot": kind[4:]} if kind.startswith("bot:") else \
        {"name": request.form.get("name", ""), "email": request.form.get("email", "")}
    problem = None
    try:
        if spec.get("email"):
            guards.limit_player_request(s.settings, [spec["email"]])
        g = gathering_seats.assign(s.store, gid, seat, spec, time.time())
        queue_mail(g)
    except TableError as refused:
        problem = i18n.reason(refused, languages.current())
        g = gathering.need(s.store, gid)
    if g.status == "started":
        return said(_("The game has begun"), _("Every seat is filled: the game has begun."),
                    page_link=links().seat(gid, seat))
    return page("gathering.html", 422 if problem else 200, confirmed=False, problem=problem,
                **_gathering(g, g.creator["seat"]))


@blp.post("/play/<gid>/cancel")
def cancel(gid: str) -> Any:
    s = services()
    g = gathering.need(s.store, gid)
    if gathering.seat_of(g, request.form.get("token"), s.settings.secret_key) != g.creator["seat"]:
        gathering_seats.creator_only(g, None)
    speak(g.creator.get("language"))
    try:
        done = gathering_seats.give_up(s.store, gid, time.time(), "cancelled")
    except TableError as refused:
        return said(_("Not cancelled"), i18n.reason(refused, languages.current()), refused.status)
    queue_mail(done)
    return said(_("Cancelled"), _("The game is given up; whoever had accepted is told."), new=links().new())
