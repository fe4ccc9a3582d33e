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

import i18n
from games.core import SYSTEM
from i18n import N_
from store import Conflict, Duplicate, TableStore

from . import history
from .appending import FORCED, Draft
from .errors import Closed, Invalid, StaleSeq
from .log_tail import LogTail
from .model import Table, state_at
from .submit import Submitted, _fingerprint, _record, _replayed, _scope

MAX_MOVES = 20        # own decisions a seat may take back at once
TIMEOUT = "timeout-"  # the command of a decision a bot took for a late seat


@dataclass(slots=True)
class Window:
    stops: list[int]              # stops[k - 1]: the seq an undo of k moves goes back to
    code: str                     # why not (further back)
    message: str                  # in English (the API's)
    words: tuple[str, dict[str, Any]] = ("", {})   # the message to translate (read, never changed)

    @property
    def moves(self) -> int:
        return len(self.stops)

    def said(self, language: str | None) -> str:
        """Why not (further back), in ``language``."""
        template, values = self.words
        return i18n.gettext(template, language, **values) if template else self.message

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


def _stop(stops: list[int], code: str, template: str, **values: Any) -> Window:
    """The window, and why it goes no further (in English, and marked to be said in a seat's language)."""
    return Window(stops, code, template % values if values else template, (template, values))


def _window(store: TableStore, table: Table, seat: str | None, tail: LogTail) -> Window:
    if seat is None or seat not in table.seats or table.is_bot(seat):
        return _stop([], "not_a_player", N_("Only a player's own seat can take its moves back."))
    if table.result() is not None:
        return _stop([], "game_over", N_("The game is over; its moves can no longer be taken back."))
    stops: list[int] = []
    reveals = table.game.reveals
    for batch in _effective_batches(store, table, tail):
        first = batch[0]
        event = first["event"]
        if history.is_platform(event):      # only a rollback is met here: undos are looked through
            return _stop(stops, "rolled_back", N_("The game was rolled back to here by agreement; "
                                                  "moves before that cannot be taken back."))
        cmd = first.get("cmd")
        if first["seq"] == 1 or cmd == "start":
            return _stop(stops, "start", N_("There are no moves of yours to take back.") if not stops
                         else N_("That goes back to the start of the game."))
        by = first["by"]
        own = by == seat and not str(cmd or "").startswith(TIMEOUT)
        if not own and by != SYSTEM:
            return _other(table, by, stops)
        if first.get("rng"):
            return _stop(stops, "dice", N_("Your last move rolled a die (or shuffled cards), so it can no longer "
                                           "be taken back.") if own and not stops else
                         N_("A die was rolled (or cards shuffled) since, so your last move can no longer be taken "
                            "back.") if not stops else
                         N_("A die was rolled (or cards shuffled) since, so your earlier moves can no longer be "
                            "taken back."))
        if any(reveals(e["event"]) for e in batch):
            return _stop(stops, "revealed", N_("Hidden information was revealed since (a card drawn, orders turned "
                                               "up), so your last move can no longer be taken back.") if not stops else
                         N_("Hidden information was revealed since (a card drawn, orders turned up), so your "
                            "earlier moves can no longer be taken back."))
        if own and not str(cmd or "").startswith(FORCED):
            stops.append(first["seq"] - 1)
            if len(stops) == MAX_MOVES:
                return _stop(stops, "too_far", N_("At most %(most)s moves can be taken back at once."),
                             most=MAX_MOVES)
    return _stop(stops, "start", N_("There are no moves of yours to take back."))


def _other(table: Table, by: str, stops: list[int]) -> Window:
    name = table.seats.get(by, {}).get("name", by)
    if stops:
        return _stop(stops, "other_seat", N_("%(name)s moved before your last moves, so you can take back at most "
                                             "%(most)s."), name=name, most=len(stops))
    return _stop(stops, "other_seat", N_("%(name)s has moved since your last move, so it can no longer be taken "
                                         "back by you alone (a rollback needs every player's agreement)."), name=name)


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
        batch, gathered = gathered[::-1], []
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
        raise i18n.said(Closed(open_.message, code=open_.code), open_.said)
    if to_seq is not None:
        if to_seq not in open_.stops:
            events = ", ".join(str(s) for s in open_.stops)
            raise i18n.said(Closed(f"You can go back only to just before one of your own last moves (events "
                                   f"{events}): {open_.message}", code="not_a_stop"),
                            lambda language: i18n.gettext(
                                "You can go back only to just before one of your own last moves (events %(events)s): "
                                "%(why)s", language, events=events, why=open_.said(language)))
        return to_seq, open_.stops.index(to_seq) + 1
    moves = 1 if moves is None else moves
    if moves < 1:
        raise i18n.said(Invalid("Take back at least one move.", code="undo_moves"), N_("Take back at least one move."))
    if moves > open_.moves:
        raise i18n.said(Closed(f"You can take back {open_.moves} move{'s' if open_.moves != 1 else ''} at most now: "
                               f"{open_.message}", code=open_.code),
                        lambda language: i18n.ngettext("You can take back %(num)d move at most now: %(why)s",
                                                       "You can take back %(num)d moves at most now: %(why)s",
                                                       open_.moves, language, why=open_.said(language)))
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
