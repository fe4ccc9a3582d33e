"""What the seat page shows (`/play/<table>?token=...`), as data for templates/table.html: whom
the seat plays with and against, what happened last, the question with its options (each with its
notation and, where the answer is a place on the board, the value a click there stands for), the
board drawn (on a phone, large enough to read and scrolled to what matters), the whole-turn box
with the game's example, the hand, the log grouped by card play or placement, the end (the result
in the seat's words, then the seed and its check, export and verify), the seat's own emails, and
links to the lobby and the notation."""

import hashlib
import re
import time
from datetime import datetime, timezone
from typing import Any
from urllib.parse import quote

import i18n
import tables
from games.core import SYSTEM, IllegalMove, words
from tables import framing, gathering_links, history, notices, preferences, reference, rollback, same_question, undo
from tables.log_groups import grouped_log
from tables.reading import notations
from tables.replay import OBSERVER
from workers import board_crop, rollbacks

from .extensions import services
from .seat_hands import hand

LOG_WINDOW = 400          # events the log shows at first (the whole log is one click away)
PHONE_BOARD_PX = 349      # the board's frame on a 375 px phone: the page's margins and border less
# the moves' fields that name a place on the board, a card or a tile (never a bare number of
# things: {"n": 2} is not card 2)
CLICKABLE = ("field", "target", "to", "from", "country", "major", "cadre", "card", "tile", "pick")
_XML_DECLARATION = re.compile(r"^\s*<\?xml[^>]*\?>\s*")


def inline_svg(svg: str | None) -> str | None:
    """An SVG document ready to sit inside HTML (its XML declaration dropped)."""
    return _XML_DECLARATION.sub("", svg) if svg else None


def click_target(move: Any) -> str | None:
    """What on the board a click stands for this option: the value of its one place-like field
    (``{"field": "B2"}`` -> "B2", ``{"to": "Iraq"}``, ``{"card": 37}`` -> "37"); None otherwise."""
    if not isinstance(move, dict):
        return None
    if len(move) != 1:
        return None
    (key, value), = move.items()
    return str(value) if key in CLICKABLE and isinstance(value, (str, int)) and not isinstance(value, bool) else None


def notation(text: str | None, label: str) -> str | None:
    """An option's notation, unless it only repeats the label (as in the emails)."""
    return None if text is None or text.strip().lower() == label.strip().lower() else text


def context(table: tables.Table, seat: str | None, token: str | None, whole_log: bool = False) -> dict[str, Any]:
    """The page's data; the game's words in the seat's language (games/core/words.py), the board's
    crop found by the game's own (English) words, as the picture names its places."""
    s = services()
    language = preferences.language(s.store, table, seat) if seat else None     # None: the browser's
    view = tables.view(table, seat)
    own = next((p for p in view["prompts"] if p["seat"] == seat), None)
    finished = view["status"] == "finished"
    game, state = table.game, table.state
    picture = game.picture(view["state"], seat)
    example = game.example(state, seat) if own else []        # the same hooks as the emails (notices.turn)
    listed = (own or {}).get("options") or []
    options = [{"label": o["label"], "move": o["move"], "target": click_target(o["move"]),
                "ref": reference.named(game, o["move"]),       # the card, tile, order or merc it names
                "notation": notation(text, o["label"])}
               for o, text in zip(listed, notations(game, state, seat, listed) if listed else [])] if seat else []
    since = 0 if whole_log else max(0, table.seq - LOG_WINDOW)
    groups = grouped_log(s.store, table, seat, since=since, language=language)
    if since and len(groups) > 1:
        groups = groups[1:]               # the first may begin in the middle of a card play
    info = table.seats.get(seat, {}) if seat else {}
    latest = notices.headline(groups[-1].lines) if groups else None
    english = latest
    if groups and i18n.known(language) != i18n.DEFAULT:       # the board's crop: by the picture's own words
        english = notices.headline(history.summarize(game, [e["event"] for e in groups[-1].entries], seat,
                                                     {x: i["name"] for x, i in table.seats.items()}))
    board = phone_board(picture, [english or "", (own or {}).get("text", ""), *(o["label"] for o in options)])
    if i18n.known(language) != i18n.DEFAULT:
        view, own, options, example = in_words(table, language, view, own, options, example)
    out = {
        "view": view, "table": table, "title": table.game.title, "seat": seat, "token": token,
        "prompt": own, "options": options, "example": example, "latest": latest,
        "framing": framing.phrase(game, table.seats, seat, language) if seat else "",
        "verdict": framing.outcome(game, view["result"], seat, language),
        "waiting": waiting(table, seat, view["prompts"], language),
        "picture": inline_svg(words.say_svg(game.name, picture, language)),     # cropped above by its English words
        "brief": words.say_all(game.name, table.game.brief(table.state, seat), language),
        "phone_board": board,
        "hand": hand(table.game.name, view["state"], seat, language),
        "groups": list(reversed(groups)), "log_cut": bool(since) and groups[0].first > 1 if groups else False,
        "over": _over(table, seat, token) if finished else None,
        "rematch": f"/rematch/{gathering_links.rematch_token(s.settings.secret_key, table.id, seat)}"
                   if finished and info.get("email") else None,
        "mail": [r for r in s.store.inbound(table.id) if r.get("seat") == seat] if seat else [],
        "lobby": f"/lobby/{notices.lobby_key(s.settings.secret_key, info['email'])}" if info.get("email") else None,
        "notation": words.say(game.name, table.game.notation_help, language),
        "viewpoints": ([seat] if seat else []) + [OBSERVER] + [x for x in table.seats if x != seat] if finished else [],
        "whole_log": whole_log, "public_url": s.settings.public_url.rstrip("/"),
        "quote": quote, "when": when, "outcomes": OUTCOMES,
        "language": language,
        "seat_name": lambda x: framing.seat_name(game, x, language),      # "jihadist" -> "Dżihadysta"
        "game_word": lambda text: words.say(game.name, text, language),    # a team's name: "south" -> "południe"
    }
    window = undo.window(s.store, table, seat) if seat else None
    out["undo"] = window.as_view() if window else None
    out["rollback"] = _rollback(s, table, seat) if seat else None
    # asking for a rollback (from the replay, or the log's form without a script): a player's seat,
    # while the game goes on and no request is open; the replay offers it only where undo cannot go
    out["ask"] = {"stops": window.stops} if window and not finished and out["rollback"] is None \
        and not table.is_bot(seat) and table.seq > 1 else None
    return out


def in_words(table: tables.Table, language: str, view: dict[str, Any], own: dict[str, Any] | None,
             options: list[dict[str, Any]], example: list[str]) -> tuple[Any, ...]:
    """The page's game words in ``language``: the question and its options (their notation and the
    example in the reader's words of the notation, which read back) and the result. New copies: the
    view's prompts and options are the table copy's, kept for every reader."""
    name = table.game.name
    if view.get("result"):
        view = {**view, "result": {**view["result"], "text": words.say(name, view["result"].get("text", ""), language)}}
    if own is not None:
        own = {**own, "text": words.say(name, own.get("text", ""), language)}
    options = [{**o, "label": words.say(name, o["label"], language),
                "notation": words.write(name, o["notation"], language) if o["notation"] else None} for o in options]
    example = [words.write(name, line, language) for line in example]
    return view, own, options, example


def waiting(table: tables.Table, seat: str | None, prompts: list[dict[str, Any]], language: str | None) -> list[str]:
    """Whom the game waits for, other than the seat: "Waiting for Bob." in the seat's language."""
    if i18n.known(language) == i18n.DEFAULT:
        return [p["text"] for p in prompts if p["seat"] != seat]
    return [i18n.gettext("Waiting for %(name)s.", language,
                         name=i18n.gettext("the rules", language) if p["seat"] == SYSTEM
                         else table.seats.get(p["seat"], {}).get("name", p["seat"]))
            for p in prompts if p["seat"] != seat]


def phone_board(svg: str | None, texts: list[str]) -> dict[str, float] | None:
    """How wide the board is drawn on a phone, and where its frame scrolls to: the picture as large
    as the email's crop around what happened last and what is asked (workers/board_crop.py), so
    that its names can be read; None when the whole board is legible, or nothing is named."""
    focus = board_crop.crop(svg, texts)
    if focus is None:
        return None
    whole, scale = focus.whole, PHONE_BOARD_PX / focus.box.width
    return {"width": round(whole.width * scale), "left": round((focus.box.x0 - whole.x0) * scale),
            "top": round((focus.box.y0 - whole.y0) * scale)}


def _rollback(s: Any, table: tables.Table, seat: str) -> dict[str, Any] | None:
    """The rollback waiting for the players' answers, as this seat reads it: who asked, what, and
    for a seat still to answer, its agree and refuse links (the emails' confirm pages)."""
    request = rollback.pending(s.store, table)
    if request is None:
        return None
    names = {x: i["name"] for x, i in table.seats.items()}
    out = {"id": request.id, "mark": f"{request.id}/{len(request.votes)}",   # as GET seq names it (the poll)
           "asker": names[request.asked_by], "mine": request.asked_by == seat, "to_seq": request.to_seq,
           "reason": request.reason, "waiting": [names[x] for x in request.voters if x not in request.votes], "links": None}
    if seat in request.voters and seat not in request.votes:
        expires = int(min(time.time() + s.settings.link_ttl, request.asked_at + rollback.TTL))
        key = s.settings.secret_key
        out["links"] = {choice: "/rollback/" + quote(rollback.vote_token(key, table.id, seat, request.id, choice, expires))
                        for choice in (rollback.AGREE, rollback.REFUSE)}
    return out


OUTCOMES = {"applied": "applied", "undone": "took moves back", "voted": "answered a rollback request",
            "rollback_asked": "asked the others for a rollback", "rolled_back": "rolled the game back",
            "refused": "not applied", "moved_on": "too late: the game had moved on",
            "shown": "answered with the table", "talk": "a message to the table", "auto_reply": "an automatic reply, ignored",
            "wrong_sender": "from an address not at this seat, ignored", "ignored": "ignored"}


def when(ts: float | None) -> str:
    return datetime.fromtimestamp(ts, tz=timezone.utc).strftime("%a %d %b %H:%M UTC") if ts else ""


def _over(table: tables.Table, seat: str | None, token: str | None) -> dict[str, Any]:
    """The end: the result, the seed now revealed and whether it is the one committed to at the start."""
    seed = table.doc["seed"]
    digest = hashlib.sha256(bytes.fromhex(seed)).hexdigest()
    export = f"/tables/{table.id}/export" + (f"?token={quote(token)}" if token else "")
    return {"result": table.result(), "seed": seed, "digest": digest, "commitment": table.doc["seed_sha256"],
            "matches": digest == table.doc["seed_sha256"], "export": export,
            "filename": f"{table.game.name}-{table.id}.jsonl"}


def whole_turn(s: Any, table_id: str, seat_of: Any, expected: int, text: str, nonce: str | None,
               now: float) -> dict[str, Any]:
    """A move, or a whole turn of moves one a line, from the page: applied as a reply by email is.
    Lines go in while the seat is asked; when the rules must act in between (a step of their own,
    a bot), they act here and the rest goes on, until a line does not fit or another seat is asked.
    Raises what the first line raises (IllegalMove, StaleSeq); the rules' reasons and the answer
    in the seat's language."""
    try:
        return _whole_turn(s, table_id, seat_of, expected, text, nonce, now)
    except IllegalMove as refused:
        table = tables.load(s.store, table_id)
        said = words.say(table.game.name, refused.message, preferences.language(s.store, table, seat_of(table)))
        if said == refused.message:
            raise
        raise IllegalMove(refused.code, said) from None


def _whole_turn(s: Any, table_id: str, seat_of: Any, expected: int, text: str, nonce: str | None,
                now: float) -> dict[str, Any]:
    moves = undo.command(text)
    if moves is not None:           # 'undo' or 'undo 2' in the box, or the page's Undo button
        return _undo(s, table_id, seat_of, moves, nonce, now)
    try:
        done = tables.play(s.store, s.tables, table_id, seat_of, expected_seq=expected, text=text,
                           idempotency_key=nonce, now=now, snapshot_every=s.settings.snapshot_every,
                           idempotency_ttl=s.settings.idempotency_ttl)
    except tables.StaleSeq:         # judged by the question, not the seq: the page's question may still be asked
        table = tables.load(s.store, table_id)
        current = same_question.judged_at(s.store, table, seat_of(table), expected)
        if current == expected:
            raise
        done = tables.play(s.store, s.tables, table_id, seat_of, expected_seq=current, text=text,
                           idempotency_key=nonce, now=now, snapshot_every=s.settings.snapshot_every,
                           idempotency_ttl=s.settings.idempotency_ttl)
    seat, applied = done.seat, list(done.applied) or ([text] if not done.replayed else [])
    _count(s, done)
    stopped = (done.refused[0], done.refused[1].message) if done.refused else None
    left, round_ = list(done.left), 0
    while left and stopped is None:
        table = done.table
        if table.automatic_seat() is None:
            break
        table = tables.advance(s.store, table.id, now=now, snapshot_every=s.settings.snapshot_every).table
        if seat not in table.prompts():
            break
        round_ += 1
        try:
            done = tables.play(s.store, s.tables, table_id, lambda t: seat, expected_seq=table.seq,
                               text="\n".join(left), idempotency_key=f"{nonce}#{round_}" if nonce else None,
                               now=now, snapshot_every=s.settings.snapshot_every,
                               idempotency_ttl=s.settings.idempotency_ttl)
        except (IllegalMove, tables.StaleSeq) as refused:
            stopped = (left[0], refused.message)
            break
        _count(s, done)
        applied += done.applied or [left[0]]
        stopped = (done.refused[0], done.refused[1].message) if done.refused else None
        left = list(done.left)
    language = preferences.language(s.store, done.table, seat)
    if stopped:
        stopped = (stopped[0], words.say(done.table.game.name, stopped[1], language))
    return {"seq": done.table.seq, "applied": applied, "stopped": list(stopped) if stopped else None,
            "left": left, "message": _told(applied, stopped, left, language)}


def _undo(s: Any, table_id: str, seat_of: Any, moves: int, nonce: str | None, now: float) -> dict[str, Any]:
    """Raises Closed (409) with the reason when the seat's moves can no longer be taken back. Judged by
    the window, not by the page's seq: the page may be older than the seat's own last moves."""
    table = tables.load(s.store, table_id)
    done = undo.undo(s.store, table, seat_of(table), moves=moves, idempotency_key=nonce, now=now,
                     snapshot_every=s.settings.snapshot_every, idempotency_ttl=s.settings.idempotency_ttl)
    if not done.replayed:
        s.tables.put(done.table)
        rollbacks.enqueue_taken_back(s.redis, s.settings, table_id, done.first_seq)   # the others are told
    language = preferences.language(s.store, done.table, seat_of(done.table))
    return {"seq": done.table.seq, "applied": [], "stopped": None, "left": [],
            "message": i18n.ngettext("Taken back: %(num)d move.", "Taken back: %(num)d moves.", moves, language)}


def _count(s: Any, done: tables.Submitted) -> None:
    if not done.replayed:
        s.metrics.moves.labels(done.table.game.name).inc()


def _told(applied: list[str], stopped: tuple[str, str] | None, left: list[str], language: str | None = None) -> str:
    """What the page says after a whole turn (nothing after a single move that went in), in ``language``."""
    if stopped:
        return i18n.ngettext("Applied %(num)d move; stopped at “%(line)s”: %(why)s",
                             "Applied %(num)d moves; stopped at “%(line)s”: %(why)s", len(applied), language,
                             line=stopped[0], why=stopped[1])
    if left:
        return i18n.ngettext("Applied %(num)d move; the rest (%(rest)s) was not used: it is no longer your turn.",
                             "Applied %(num)d moves; the rest (%(rest)s) was not used: it is no longer your turn.",
                             len(applied), language, rest=_moves(len(left), language))
    return i18n.ngettext("Applied %(num)d move.", "Applied %(num)d moves.", len(applied), language) \
        if len(applied) > 1 else ""


def _moves(n: int, language: str | None = None) -> str:
    return i18n.ngettext("%(num)d move", "%(num)d moves", n, language)
