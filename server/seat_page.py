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

import tables
from games.core import IllegalMove
from tables import framing, gathering_links, notices, preferences, reference, rollback, same_question, undo
from tables.log_groups import grouped_log
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
    s = services()
    view = tables.view(table, seat)
    own = next((p for p in view["prompts"] if p["seat"] == seat), None)
    finished = view["status"] == "finished"
    game, state = table.game, table.state
    picture = game.picture(view["state"], seat)
    example = game.example(state, seat) if own else []        # the same hooks as the emails (notices.turn)
    options = [{"label": o["label"], "move": o["move"], "target": click_target(o["move"]),
                "ref": reference.named(game, o["move"]),       # the card, tile, order or merc it names
                "notation": notation(game.notate(state, seat, o["move"]), o["label"])}
               for o in (own or {}).get("options") or []] if seat else []
    since = 0 if whole_log else max(0, table.seq - LOG_WINDOW)
    groups = grouped_log(s.store, table, seat, since=since)
    if since and len(groups) > 1:
        groups = groups[1:]               # the first may begin in the middle of a card play
    info = table.seats.get(seat, {}) if seat else {}
    latest = notices.headline(groups[-1].lines) if groups else None
    out = {
        "view": view, "table": table, "title": table.game.title, "seat": seat, "token": token,
        "prompt": own, "options": options, "example": example, "latest": latest,
        "framing": framing.phrase(game, table.seats, seat) if seat else "",
        "verdict": framing.outcome(game, view["result"], seat),
        "waiting": [p["text"] for p in view["prompts"] if p["seat"] != seat],
        "picture": inline_svg(picture), "brief": table.game.brief(table.state, seat),
        "phone_board": phone_board(picture, [latest or "", (own or {}).get("text", ""),
                                             *(o["label"] for o in options)]),
        "hand": hand(table.game.name, view["state"], seat),
        "groups": list(reversed(groups)), "log_cut": bool(since) and groups[0].first > 1 if groups else False,
        "over": _over(table, seat, token) if finished else None,
        "rematch": f"/rematch/{gathering_links.rematch_token(s.settings.secret_key, table.id, seat)}"
                   if finished and info.get("email") else None,
        "mail": [r for r in s.store.inbound(table.id) if r.get("seat") == seat] if seat else [],
        "lobby": f"/lobby/{notices.lobby_key(s.settings.secret_key, info['email'])}" if info.get("email") else None,
        "notation": table.game.notation_help,
        "viewpoints": ([seat] if seat else []) + [OBSERVER] + [x for x in table.seats if x != seat] if finished else [],
        "whole_log": whole_log, "public_url": s.settings.public_url.rstrip("/"),
        "quote": quote, "when": when, "outcomes": OUTCOMES,
        "language": preferences.language(s.store, table, seat) if seat else None,   # else the browser's
    }
    window = undo.window(s.store, table, seat) if seat else None
    out["undo"] = window.as_view() if window else None
    out["rollback"] = _rollback(s, table, seat) if seat else None
    # asking for a rollback (from the replay, or the log's form without a script): a player's seat,
    # while the game goes on and no request is open; the replay offers it only where undo cannot go
    out["ask"] = {"stops": window.stops} if window and not finished and out["rollback"] is None \
        and not table.is_bot(seat) and table.seq > 1 else None
    return out


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
    Raises what the first line raises (IllegalMove, StaleSeq)."""
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
    return {"seq": done.table.seq, "applied": applied, "stopped": list(stopped) if stopped else None,
            "left": left, "message": _told(applied, stopped, left)}


def _undo(s: Any, table_id: str, seat_of: Any, moves: int, nonce: str | None, now: float) -> dict[str, Any]:
    """Raises Closed (409) with the reason when the seat's moves can no longer be taken back. Judged by
    the window, not by the page's seq: the page may be older than the seat's own last moves."""
    table = tables.load(s.store, table_id)
    done = undo.undo(s.store, table, seat_of(table), moves=moves, idempotency_key=nonce, now=now,
                     snapshot_every=s.settings.snapshot_every, idempotency_ttl=s.settings.idempotency_ttl)
    if not done.replayed:
        s.tables.put(done.table)
        rollbacks.enqueue_taken_back(s.redis, s.settings, table_id, done.first_seq)   # the others are told
    return {"seq": done.table.seq, "applied": [], "stopped": None, "left": [],
            "message": f"Taken back: {_moves(moves)}."}


def _count(s: Any, done: tables.Submitted) -> None:
    if not done.replayed:
        s.metrics.moves.labels(done.table.game.name).inc()


def _told(applied: list[str], stopped: tuple[str, str] | None, left: list[str]) -> str:
    """What the page says after a whole turn (nothing after a single move that went in)."""
    if stopped:
        return f"Applied {_moves(len(applied))}; stopped at “{stopped[0]}”: {stopped[1]}"
    if left:
        return f"Applied {_moves(len(applied))}; the rest ({_moves(len(left))}) was not used: it is no longer " \
               "your turn."
    return f"Applied {_moves(len(applied))}." if len(applied) > 1 else ""


def _moves(n: int) -> str:
    return f"{n} move{'s' if n != 1 else ''}"
