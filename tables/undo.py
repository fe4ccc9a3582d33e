"""Taking one's own moves back (issue 17): an undo is an entry in the log, never a rewrite.

A seat may take back its own last decisions while nothing else has happened since: every
decision after the point it goes back to is its own (or a forced choice or a rules step that
followed it), none drew from the table's generator (a die, a shuffle: its dice would be known),
none showed hidden information (the game's ``reveals``: a card drawn, orders turned up), and no
other seat or bot has decided since. The state then is exactly the state before its move, with
the same question; the taken-back entries stay in the log as history.

An earlier undo is looked through: undoing twice in a row goes back two moves. A consent rollback
(tables/rollback.py) is not: it was agreed to by everyone at that point, and what was seen in the
branch it dropped has been seen.
"""

import uuid
from dataclasses import dataclass
from typing import Any

from games.core import SYSTEM
from store import Conflict, Duplicate, TableStore

from . import history
from .appending import FORCED, Draft
from .errors import Closed, Invalid, StaleSeq
from .log_tail import LogTail
from .model import Table, state_at
from .submit import Submitted, _fingerprint, _record, _replayed, _scope

MAX_MOVES = 20        # own decisions a seat may take back at once
TIMEOUT = "timeout-"  # the command of a decision a bot took for a late seat


@dataclass
class Window:
    stops: list[int]              # stops[k - 1]: the seq an undo of k moves goes back to
    code: str                     # why not (further back)
    message: str

    @property
    def moves(self) -> int:
        return len(self.stops)

    def as_view(self) -> dict[str, Any]:
        out: dict[str, Any] = {"available": bool(self.stops), "moves": self.moves}
        if not self.stops:
            out.update({"code": self.code, "message": self.message})
        return out


def window(store: TableStore, table: Table, seat: str | None, tail: LogTail | None = None) -> Window:
    """How many of its own last decisions ``seat`` may take back now, and what stops it there
    (worked out once per seq and seat of a copy of the table: it reads the log's tail, from
    ``tail``, the entries this process holds, when given)."""
    return table.kept(("undo", seat), lambda: _window(store, table, seat, tail or LogTail(table.id)))


def _window(store: TableStore, table: Table, seat: str | None, tail: LogTail) -> Window:
    if seat is None or seat not in table.seats or table.is_bot(seat):
        return Window([], "not_a_player", "Only a player's own seat can take its moves back.")
    if table.result() is not None:
        return Window([], "game_over", "The game is over; its moves can no longer be taken back.")
    stops: list[int] = []
    for batch in _effective_batches(store, table, tail):
        first = batch[0]
        event = first["event"]
        if history.is_platform(event):      # only a rollback is met here: undos are looked through
            return Window(stops, "rolled_back", "The game was rolled back to here by agreement; "
                                                "moves before that cannot be taken back.")
        if first["seq"] == 1 or first.get("cmd") == "start":
            return Window(stops, "start", "There are no moves of yours to take back." if not stops
                          else "That goes back to the start of the game.")
        own = first["by"] == seat and not str(first.get("cmd", "")).startswith(TIMEOUT)
        if not own and first["by"] != SYSTEM:
            return Window(stops, "other_seat", _other(table, first["by"], stops))
        if first.get("rng"):
            return Window(stops, "dice", "Your last move rolled a die (or shuffled cards), so it can no longer "
                          "be taken back." if own and not stops else "A die was rolled (or cards shuffled) since, "
                          "so " + _that(stops) + " can no longer be taken back.")
        if any(table.game.reveals(e["event"]) for e in batch):
            return Window(stops, "revealed", "Hidden information was revealed since (a card drawn, orders "
                          "turned up), so " + _that(stops) + " can no longer be taken back.")
        if own and not str(first.get("cmd", "")).startswith(FORCED):
            stops.append(first["seq"] - 1)
            if len(stops) == MAX_MOVES:
                return Window(stops, "too_far", f"At most {MAX_MOVES} moves can be taken back at once.")
    return Window(stops, "start", "There are no moves of yours to take back.")


def _that(stops: list[int]) -> str:
    return "your last move" if not stops else "your earlier moves"


def _other(table: Table, by: str, stops: list[int]) -> str:
    name = table.seats.get(by, {}).get("name", by)
    if stops:
        return f"{name} moved before your last moves, so you can take back at most {len(stops)}."
    return f"{name} has moved since your last move, so it can no longer be taken back by you alone " \
           "(a rollback needs every player's agreement)."


def _effective_batches(store: TableStore, table: Table, tail: LogTail):  # type: ignore[no-untyped-def]
    """The decisions of the log as it stands, newest first: an undo's taken-back entries skipped."""
    seq = table.seq
    gathered: list[dict[str, Any]] = []       # entries of the batch being gathered, newest first
    while seq > 0:
        entry = tail.entry(store, seq)
        seq -= 1
        gathered.append(entry)
        if "move" not in entry:
            continue
        batch, gathered = list(reversed(gathered)), []
        event = entry["event"]
        if history.is_platform(event) and event["type"] == history.UNDO:
            seq = event["to_seq"]             # as if the taken-back entries were not there
            continue
        yield batch


def undo(store: TableStore, table: Table, seat: str, *, moves: int | None = None, to_seq: int | None = None,
         expected_seq: int | None = None, idempotency_key: str | None = None, now: float,
         snapshot_every: int = 50, idempotency_ttl: int = 604800) -> Submitted:
    """Take back the seat's last ``moves`` decisions (default 1), or go back to ``to_seq`` (one of
    the points the window allows). Raises Closed (409) with the reason when it cannot."""
    scope = _scope(seat, idempotency_key) if idempotency_key else None
    asked = _fingerprint(undo=True, moves=moves, to_seq=to_seq)
    try:
        if expected_seq is not None and expected_seq != table.seq:
            raise StaleSeq(f"The game has moved on (you saw move {expected_seq}, it is now at {table.seq}); "
                           "here is the current state.", seq=table.seq)
        target, count = _target(table, window(store, table, seat), moves, to_seq)
    except (StaleSeq, Closed):
        prior = store.idempotent(table.id, scope) if scope else None
        if prior is None:
            raise
        return _replayed(store, table.id, seat, prior, asked)
    event = {"type": history.UNDO, "to_seq": target, "asked_by": seat, "moves": count}
    return append_going_back(store, table, seat, event, now=now, snapshot_every=snapshot_every,
                             idempotency=(scope, asked) if scope else None, idempotency_ttl=idempotency_ttl)


def _target(table: Table, open_: Window, moves: int | None, to_seq: int | None) -> tuple[int, int]:
    if moves is not None and to_seq is not None:
        raise Invalid("Send either moves or to_seq, not both.", code="undo_moves_or_seq")
    if not open_.stops:
        raise Closed(open_.message, code=open_.code)
    if to_seq is not None:
        if to_seq not in open_.stops:
            raise Closed(f"You can go back only to just before one of your own last moves (events "
                         f"{', '.join(str(s) for s in open_.stops)}): {open_.message}", code="not_a_stop")
        return to_seq, open_.stops.index(to_seq) + 1
    moves = 1 if moves is None else moves
    if moves < 1:
        raise Invalid("Take back at least one move.", code="undo_moves")
    if moves > open_.moves:
        raise Closed(f"You can take back {open_.moves} move{'s' if open_.moves != 1 else ''} at most now: "
                     f"{open_.message}", code=open_.code)
    return open_.stops[moves - 1], moves


def append_going_back(store: TableStore, table: Table, seat: str, event: dict[str, Any], *, now: float,
                      snapshot_every: int, idempotency: tuple[str, str] | None = None,
                      idempotency_ttl: int = 604800) -> Submitted:
    """Append an undo or rollback ``event``; the table's state becomes the one after its to_seq."""
    draft = Draft(table, now)
    first = table.seq + 1
    draft.go_back(seat, event, state_at(store, table, event["to_seq"]), f"{event['type']}-{uuid.uuid4().hex[:16]}")
    try:
        done = draft.append(store, snapshot_every=snapshot_every,
                            idempotency=(idempotency[0], _record(first, first, idempotency[1])) if idempotency else None,
                            idempotency_ttl=idempotency_ttl)
    except Duplicate as seen:
        return _replayed(store, table.id, seat, seen.record, idempotency[1] if idempotency else "")
    except Conflict as moved:
        raise StaleSeq("Another move was made at the same moment; here is the current state.",
                       seq=moved.actual) from None
    return Submitted(done.table, seat, first, done.table.seq, done.entries)


def command(text: str | None) -> int | None:
    """How many moves a written 'undo' (or 'undo 2') asks to take back; None when it is not one."""
    words = (text or "").strip().lower().rstrip(".!").split()
    if not words or words[0] != "undo" or len(words) > 2:
        return None
    if len(words) == 1:
        return 1
    return int(words[1]) if words[1].isdigit() and 1 <= int(words[1]) <= MAX_MOVES else None
