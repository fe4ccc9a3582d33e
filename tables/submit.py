"""A player's move, or a whole stretch of moves: checked against the rules and appended exactly
once, in one write, with the forced choices that follow taken at once."""

import hashlib
import json
import re
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.core import IllegalMove
from store import Conflict, Duplicate, TableStore

from . import handover, moves
from .appending import Draft
from .cache import TableCache
from .errors import Invalid, StaleSeq
from .model import Table, load

MAX_LINES = 60
SEPARATORS = re.compile(r"[\n;]")


@dataclass
class Submitted:
    table: Table
    seat: str
    first_seq: int                # the first and last events this request produced
    last_seq: int
    entries: list[dict[str, Any]]  # the new entries, as stored (empty when replayed)
    replayed: bool = False        # True when the idempotency key had been seen: nothing new was applied
    applied: list[str] = field(default_factory=list)     # the lines of a stretch that were applied
    refused: tuple[str, IllegalMove] | None = None       # the line that stopped the stretch, and why
    left: list[str] = field(default_factory=list)        # lines not tried: the seat was no longer to move


def split_lines(text: str) -> list[str]:
    """A stretch written as text: one move per line, or moves separated by ';'."""
    return [line.strip() for line in SEPARATORS.split(text or "") if line.strip()]


def _scope(seat: str, key: str) -> str:
    return hashlib.sha256(f"{seat}\n{key}".encode()).hexdigest()[:32]


def _fingerprint(**request: Any) -> str:
    """What a request asked for, so that a key sent again with another request is caught."""
    asked = {k: v for k, v in request.items() if v is not None}
    option = asked.get("option")
    if len(asked) == 1 and type(option) is int:      # the usual request: json.dumps's text, written at once
        canonical = f'{{"option": {option}}}'
    else:
        canonical = json.dumps(asked, sort_keys=True, default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()[:16]


def submit(store: TableStore, table: Table, seat: str, *, move: Any = None, option: int | None = None,
           text: str | None = None, lines: list[str] | None = None, expected_seq: int | None = None,
           idempotency_key: str | None = None, now: float, snapshot_every: int = 50,
           idempotency_ttl: int = 604800, cmd: str | None = None) -> Submitted:
    """``table`` as just loaded: the move is checked against it and appended only if the log has
    not moved on since.

    One move is ``move``, ``option`` or ``text``; a text of several lines (or ``lines``) is a
    stretch: applied in order while the seat is still to move, stopping at the first line that
    does not fit (``refused``); what came before it is applied. A stretch whose first line does
    not fit raises, as a single move does.
    """
    table_id = table.id
    if text is not None and lines is None and len(split_lines(text)) > 1:
        text, lines = None, split_lines(text)
    if lines is not None and len(lines) > MAX_LINES:
        raise Invalid(f"Send at most {MAX_LINES} moves at once.", code="too_many_moves")
    scope = _scope(seat, idempotency_key) if idempotency_key else None
    asked = _fingerprint(move=move, option=option, text=text, lines=lines)
    try:
        if expected_seq is not None and expected_seq != table.seq:
            raise StaleSeq(f"The game has moved on (you saw move {expected_seq}, it is now at {table.seq}); "
                           "here is the current state.", seq=table.seq)
        if table.result() is not None:
            raise IllegalMove("game_over", "This game is over; no more moves are taken.")
        if seat not in table.prompts():
            raise IllegalMove("not_your_turn", "It is not your turn: the game is waiting for another seat.")
        draft, stretch = Draft(table, now), Submitted(table, seat, 0, 0, [])
        command = cmd or scope or uuid.uuid4().hex
        if lines is None:
            draft.decide(seat, moves.resolve(draft.table, seat, move, option, text), command)
        else:
            _stretch(draft, seat, lines, command, stretch)
        draft.forced()
    except (StaleSeq, IllegalMove):
        # A retried request whose first copy was applied: the game has moved on since, so the
        # move no longer fits; answer what the first copy did instead of an error.
        prior = store.idempotent(table_id, scope) if scope else None
        if prior is None:
            raise
        return _replayed(store, table_id, seat, prior, asked)
    first = table.seq + 1
    record = _record(first, draft.table.seq, asked, stretch.applied, stretch.left)
    try:
        done = draft.append(store, snapshot_every=snapshot_every,
                            idempotency=(scope, record) if scope else None, idempotency_ttl=idempotency_ttl,
                            settle_here=True)
    except Duplicate as seen:        # the same request again: answer what the first copy did
        return _replayed(store, table_id, seat, seen.record, asked)
    except Conflict as moved:
        raise StaleSeq("Another move was made at the same moment; here is the current state.",
                       seq=moved.actual) from None
    if done.read is not None:        # a plain hand-off: its settle here, not a worker's
        handover.settle(store, done.table, done.waiting, now, done.read, done.entries)   # raises nothing: the move is in
    return Submitted(done.table, seat, first, done.table.seq, done.entries, applied=stretch.applied,
                     refused=stretch.refused, left=stretch.left)


def _stretch(draft: Draft, seat: str, lines: list[str], command: str, out: Submitted) -> None:
    for i, line in enumerate(lines):
        if seat not in draft.table.prompts():
            out.left = lines[i:]
            return
        try:
            draft.decide(seat, moves.resolve(draft.table, seat, text=line), command)
        except IllegalMove as refused:
            if not out.applied:
                raise
            out.refused = (line, refused)
            out.left = lines[i + 1:]
            return
        out.applied.append(line)
        draft.forced()


def _record(first: int, last: int, asked: str, applied: list[str] | None = None,
            left: list[str] | None = None) -> str:
    """What a repeat of an applied request needs (kept a week per request): the seqs it appended
    and the fingerprint of what it asked, "<from> <to> <asked>"; a stretch also its lines, as JSON."""
    if applied or left:
        return json.dumps({"from": first, "to": last, "asked": asked, **({"applied": applied} if applied else {}),
                           **({"left": left} if left else {})}, separators=(",", ":"))
    return f"{first} {last} {asked}"


def _span(record: str) -> dict[str, Any]:
    """A record read back (JSON: a stretch's, or one written before the short form)."""
    if record.startswith("{"):
        return json.loads(record)
    first, last, asked = record.split(" ")
    return {"from": int(first), "to": int(last), "asked": asked}


def _replayed(store: TableStore, table_id: str, seat: str, record: str, asked: str) -> Submitted:
    span = _span(record)
    if span.get("asked", asked) != asked:
        raise Invalid("This Idempotency-Key was already used for another request; send a new key with a new move.",
                      code="idempotency_key_reused")
    return Submitted(load(store, table_id), seat, span["from"], span["to"], [], replayed=True,
                     applied=span.get("applied", []), left=span.get("left", []))


def play(store: TableStore, cache: TableCache, table_id: str, seat_of: Callable[[Table], str],
         expected_seq: int | None = None, keep: bool = True, **move: Any) -> Submitted:
    """A move on the table as this process last left it, if it still is; else as loaded now.

    ``seat_of`` says whose move it is (it checks the credential against the table). Takes the
    same move arguments as ``submit``. The new copy is put back in ``cache``; without ``keep``,
    the caller puts it back once it has read it (another request may take a copy put back, and
    fold its state forward)."""
    table, fresh = cache.take(table_id), False
    if table is None or (expected_seq is not None and expected_seq != table.seq):
        table, fresh = load(store, table_id), True
    seat = seat_of(table)
    try:
        done = submit(store, table, seat, expected_seq=expected_seq, **move)
    except (StaleSeq, IllegalMove):
        if fresh:
            raise
        # Refused on our copy, which may be older than the log: judge again on the log itself.
        done = submit(store, load(store, table_id), seat, expected_seq=expected_seq, **move)
    if not done.replayed and keep:
        cache.put(done.table)
    return done
