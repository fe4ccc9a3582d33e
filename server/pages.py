"""The seat page (`/play/<table>?token=...`: the board, the question, the whole turn, the hand,
the log, the replay; see seat_page.py and static/seat.js) and the pages email links open."""

import functools
import hashlib
import time
import uuid
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, flash, jsonify, make_response, redirect, render_template, request, url_for

import tables
from games.core import IllegalMove, words
import i18n
from i18n import N_
from tables import links, preferences, rollback, signing
from tables.errors import Closed
from workers.queue import enqueue_host_decision

from . import gathering_pages, seat_page
from .api import moves as api_moves
from .auth import seat_for
from .errors import envelope
from .extensions import services

blp = Blueprint("pages", __name__)
STATIC = Path(__file__).parent / "static"
# the page's own script and style; no other host is ever asked for anything
MOVED_ON = N_("The game has moved on since that email, so the link was not used. Here is where it stands now.")
PAGE_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
               "frame-ancestors 'none'; base-uri 'none'; form-action 'self'")


def asset(name: str) -> str:
    """A static file's address, with its content's hash so a new version is fetched at once."""
    path = STATIC / name
    return url_for("static", filename=name, v=_digest(path, path.stat().st_mtime_ns))


@functools.lru_cache(maxsize=16)
def _digest(path: Path, mtime: int) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:10]


def _render(table: tables.Table, seat: str | None, token: str | None, problem: str | None = None,
            status: int = 200) -> Response:
    context = seat_page.context(table, seat, token, request.args.get("log") == "all")
    page = render_template("table.html", **context, problem=problem and i18n.gettext(problem, context["language"]), nonce=uuid.uuid4().hex, asset=asset)
    answer = make_response(page, status)
    answer.headers.update({"Content-Security-Policy": PAGE_POLICY, "Cache-Control": "no-store",
                           "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff"})
    return answer


@blp.get("/play/<table_id>")
def page(table_id: str) -> Any:
    try:
        table = tables.load(services().store, table_id)
    except tables.NotFound:                      # a game still waiting for players has a page too
        return gathering_pages.gathering_page(table_id, request.args.get("token"))
    return _render(table, seat_for(table), request.args.get("token"))


def _wants_json() -> bool:
    return request.accept_mimetypes.best == "application/json"


@blp.post("/play/<table_id>")
def move(table_id: str) -> Any:
    """The page's forms: a move in text (an option's number, or the game's notation) or a whole
    turn (one move a line, applied like a reply by email), decided from the view at ``seq``.
    The page's script asks for JSON; a form without it is answered with the page again."""
    s = services()
    token = request.form.get("token") or None
    seq = request.form.get("seq", "")
    if not (seq.isascii() and seq.isdigit()):       # the page's own field: without it, no stale check
        message = "This form does not say which move it was made at, so it was not used: reload the page and " \
                  "choose again."
        if _wants_json():
            return envelope(422, "no_seq", message)
        table = tables.load(s.store, table_id)
        return _render(table, _seat(table, token), token, message, 422)
    text = request.form.get("text", "").strip()
    try:
        done = seat_page.whole_turn(s, table_id, lambda t: _seat(t, token), int(seq), text,
                                    request.form.get("nonce"), time.time())
    except (IllegalMove, tables.StaleSeq, Closed) as refused:
        status = 422 if isinstance(refused, IllegalMove) else 409
        if _wants_json():
            return envelope(status, refused.code, refused.message)
        table = tables.load(s.store, table_id)
        return _render(table, _seat(table, token), token, refused.message, status)
    if _wants_json():
        return jsonify(done)
    if done["message"]:
        flash(done["message"])
    return redirect(url_for("pages.page", table_id=table_id, token=token), code=303)


@blp.post("/play/<table_id>/rollback")
def ask_rollback(table_id: str) -> Any:
    """The seat page's "Ask the others to go back to here" (from the replay, or the log's form
    without a script): a consent rollback to ``to_seq`` with an optional ``reason``. The page comes
    back saying whom the request waits for, or why it was not asked."""
    s = services()
    token = request.form.get("token") or None
    table = tables.load(s.store, table_id)
    seat = _seat(table, token)
    to_seq = request.form.get("to_seq", "").strip()
    reason = request.form.get("reason", "").strip()[:300]
    try:
        if not (to_seq.isascii() and to_seq.isdigit() and len(to_seq) <= 9):
            raise tables.Invalid("Say which event to go back to: its number in the log.", code="bad_rollback_seq")
        done = api_moves.ask(table, seat, int(to_seq), reason)
    except tables.TableError as refused:
        if _wants_json():
            return envelope(refused.status, refused.code, refused.message)
        return _render(tables.load(s.store, table_id), seat, token, f"No rollback was asked: {refused.message}",
                       refused.status)
    names = {x: i["name"] for x, i in table.seats.items()}
    if done["outcome"] == "applied":
        message = f"Rolled back to event {to_seq}: no other player needed to agree."
    else:
        message = (f"You asked the others to go back to event {to_seq}. Waiting for "
                   f"{', '.join(names[x] for x in done['request']['voters'])} to agree.")
    if _wants_json():
        return jsonify({**done, "message": message})
    flash(message)
    return redirect(url_for("pages.page", table_id=table_id, token=token), code=303)


@blp.get("/act/<token>")
def action(token: str) -> Any:
    """An option link from an email: a page with one button that sends the choice (a click, never
    a script: mail scanners open links and run scripts), or the current state when the link is
    stale or used. An expired link shows the table as an observer sees it: it no longer carries
    the seat's credential."""
    s = services()
    chosen = links.read(s.settings.secret_key, token)
    if chosen is None:
        return _unknown_link()
    table = tables.load(s.store, chosen.table_id)
    key = links.seat_key(s.settings.secret_key, chosen)
    state = links.state_of(chosen, table, time.time(), s.store)
    if state == "expired":
        return _expired(table)
    if state != "ready":
        return _render(table, chosen.seat, key, MOVED_ON, 409)
    option = table.prompts()[chosen.seat]["options"][chosen.option - 1]
    language = preferences.language(s.store, table, chosen.seat)        # the game's words in it too
    return render_template("confirm.html", title=table.game.title, table=table.id,
                           label=words.say(table.game.name, option["label"], language),
                           prompt=words.say(table.game.name, table.prompts()[chosen.seat]["text"], language),
                           language=language)


@blp.post("/act/<token>")
def act(token: str) -> Any:
    """Apply an option link's choice, once: a second use finds the game moved on."""
    s = services()
    chosen = links.read(s.settings.secret_key, token)
    if chosen is None:
        return _unknown_link()
    key = links.seat_key(s.settings.secret_key, chosen)
    table = tables.load(s.store, chosen.table_id)
    if links.state_of(chosen, table, time.time(), s.store) == "expired":
        return _expired(table)
    try:
        done = tables.play(s.store, s.tables, chosen.table_id, lambda t: chosen.seat,
                           expected_seq=links.judged_at(s.store, chosen, table),
                           option=chosen.option, idempotency_key="link-" + token, now=time.time(),
                           snapshot_every=s.settings.snapshot_every, idempotency_ttl=s.settings.idempotency_ttl)
    except (IllegalMove, tables.StaleSeq):
        table = tables.load(s.store, chosen.table_id)
        return _render(table, chosen.seat, key, MOVED_ON, 409)
    if not done.replayed:
        s.metrics.moves.labels(done.table.game.name).inc()
    return redirect(url_for("pages.page", table_id=chosen.table_id, token=key), code=303)


def _expired(table: tables.Table) -> Response:
    return _render(table, None, None, N_("This link has expired, so it was not used. Here is the table as anyone "
                                         "watching sees it; your latest email from this game has your current links."),
                   409)


VOTES = {"agree": "Agree to the rollback", "refuse": "Refuse the rollback"}


def _vote_link(token: str) -> tuple[str, str, str, str] | None:
    fields = rollback.read_vote_token(services().settings.secret_key, token)
    if fields is None or fields[4] < time.time():
        return None
    return fields[0], fields[1], fields[2], fields[3]


@blp.get("/rollback/<token>")
def rollback_page(token: str) -> Any:
    """An agree or refuse link of a rollback request: a page with one button (scanners open links)."""
    chosen = _vote_link(token)
    if chosen is None:
        return _unknown_link()
    table = tables.load(services().store, chosen[0])
    request = rollback.pending(services().store, table)
    if request is None or request.id != chosen[2]:
        return render_template("message.html", title="No longer open", text="This rollback request is no longer "
                               "open: it was answered, it expired, or the game has moved on since it was asked."), 409
    asker = table.seats[request.asked_by]["name"]
    why = f" Their reason: {request.reason}" if request.reason else ""
    return render_template("confirm.html", title=table.game.title, table=table.id, label=VOTES[chosen[3]],
                           prompt=f"{asker} asks to roll the game back to event {request.to_seq}.{why}")


@blp.post("/rollback/<token>")
def rollback_vote(token: str) -> Any:
    chosen = _vote_link(token)
    if chosen is None:
        return _unknown_link()
    table = tables.load(services().store, chosen[0])
    try:
        done = api_moves.vote(table, chosen[1], chosen[2], chosen[3])
    except tables.TableError as closed:
        return render_template("message.html", title="Not applied", text=closed.message), closed.status
    text = {"applied": "Everyone agreed: the game is rolled back. Everyone is told by email.",
            "refused": "You refused: the game goes on as it was, and the asker is told.",
            "waiting": "You agreed. The rollback waits for the other players' answers."}[done["outcome"]]
    return render_template("message.html", title="Done", text=text)


HOST_ACTIONS = {"extend": "Give them 24 more hours", "bot": "Let a bot play this turn"}


def _host_action(token: str) -> tuple[str, str, int, str] | None:
    fields = signing.verify(services().settings.secret_key, "host", token, 5)
    if fields is None or fields[3] not in HOST_ACTIONS or not fields[2].isdigit() or not fields[4].isdigit() \
            or int(fields[4]) < time.time():
        return None
    return fields[0], fields[1], int(fields[2]), fields[3]


@blp.get("/host/<token>")
def host_page(token: str) -> Any:
    """A host's link from a timeout email: confirm the decision."""
    chosen = _host_action(token)
    if chosen is None:
        return _unknown_link()
    table = tables.load(services().store, chosen[0])
    return render_template("confirm.html", title=table.game.title, table=table.id, label=HOST_ACTIONS[chosen[3]],
                           prompt=f"{table.seats[chosen[1]]['name']} ({chosen[1]}) ran out of time.")


@blp.post("/host/<token>")
def host_decide(token: str) -> Any:
    chosen = _host_action(token)
    if chosen is None:
        return _unknown_link()
    s = services()
    enqueue_host_decision(s.redis, s.settings, *chosen)
    return render_template("message.html", title="Done", text=f"{HOST_ACTIONS[chosen[3]]}: on its way. "
                           "The players are told by email.")


def _unknown_link() -> tuple[str, int]:
    return render_template("message.html", title="Unknown link",
                           text="This link is not one this server gave out, or it has expired."), 404


def _seat(table: tables.Table, token: str | None) -> str:
    seat = tables.seat_of(table, token, services().settings.secret_key)
    if seat is None:
        raise tables.Unauthorized("This page needs your seat's link.")
    return seat
