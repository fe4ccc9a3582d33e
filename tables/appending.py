"""Decisions taken on a copy of a table, then appended in one write: envelopes, snapshot, who is
waited on, and a change notice only when a worker has something to do."""

from dataclasses import dataclass
from typing import Any

import orjson

from games.core import SYSTEM, fold
from store import SettleReads, TableStore

from . import envelope
from .model import Table

FORCED = "forced-"          # the command id of a choice with one answer, taken for the player
AUTOMATIC = "advance-"      # the command id of a system or bot step


@dataclass
class Appended:
    table: Table                  # the table after the append
    entries: list[dict[str, Any]]
    waiting: dict[str, int]       # human seat -> seq since which it is waited on
    read: SettleReads | None = None   # a plain hand-off the caller settles itself (tables/handover.py):
    #                                   what its settle needs for the clocks, read by the append

    @property
    def settle_here(self) -> bool:
        return self.read is not None


class Draft:
    """Decisions taken one after another on a table held in memory, not yet written.

    Each decision rolls its dice with the generator of its own position in the log, so the
    events are the same whether they are appended one by one or together. ``table`` is used
    up: its state is folded forward in place.
    """

    def __init__(self, table: Table, at: float):
        self.start = table
        self.before = table.prompts()
        self.table = table.again()
        self.at = at
        self.stored: list[str] = []
        self.decisions = 0
        self.chosen_by: set[str] = set()      # the seats that chose in this draft (not forced or automatic)
        self.went_back = False

    def decide(self, seat: str, move: Any, cmd: str) -> list[dict[str, Any]]:
        """Check and apply one decision (raises IllegalMove, leaving the draft as it was)."""
        table = self.table
        rng = table.rng()
        events = table.game.decide(table.state, seat, move, rng, asked=table.prompts())
        if not events:
            raise ValueError(f"{table.game.name}: decide returned no events for {move!r}")
        entries = envelope.wrap(events, table.seq + 1, seat, move, cmd, self.at)
        if rng.used:        # dice rolled or cards shuffled: this decision can no longer be taken back
            entries[0]["rng"] = True
        stored = [envelope.dumps(e) for e in entries]
        # Fold what is stored, exactly (keys sorted), never decide()'s own objects: every process
        # that loads this table then builds the same state, with its options in the same order.
        table.state = fold(table.game, envelope.events_of(stored), table.state)
        table.seq += len(events)
        self.stored += stored
        self.decisions += 1
        if not cmd.startswith((FORCED, AUTOMATIC)):
            self.chosen_by.add(seat)
        return entries

    def go_back(self, seat: str, event: dict[str, Any], state: Any, cmd: str) -> list[dict[str, Any]]:
        """Append an undo or a rollback (tables/history.py): ``state`` is the state right after
        ``event["to_seq"]``, which the table is from now on."""
        table = self.table
        entries = envelope.wrap([event], table.seq + 1, seat, {event["type"]: event["to_seq"]}, cmd, self.at)
        self.stored += [envelope.dumps(e) for e in entries]
        table.state = state
        table.seq += 1
        self.decisions += 1
        self.went_back = True                  # its own emails tell every seat (never "asked anew")
        return entries

    def automatic(self) -> bool:
        """Take the one decision the server takes now, if any: a system step, a bot's move, or
        a player's question that has a single answer. False if there is none."""
        table = self.table
        prompts = table.prompts()
        seat = table.automatic_seat(prompts)
        if seat is None:
            return False
        if table.is_bot(seat):
            move, cmd = table.game.bots[table.seats[seat]["bot"]](table.state, seat, table.bot_rng()), AUTOMATIC
        else:
            move, cmd = prompts[seat]["options"][0]["move"], AUTOMATIC if seat == SYSTEM else FORCED
        self.decide(seat, move, cmd + str(table.seq))
        return True

    def forced(self) -> int:
        """Take every forced player's choice now due (not system steps or bots: workers run
        those); returns how many."""
        taken = 0
        while True:
            prompts = self.table.prompts()
            seat = self.table.automatic_seat(prompts)
            if seat is None or seat == SYSTEM or self.table.is_bot(seat):
                return taken
            self.decide(seat, prompts[seat]["options"][0]["move"], FORCED + str(self.table.seq))
            taken += 1

    @property
    def entries(self) -> list[dict[str, Any]]:
        return [envelope.loads(text) for text in self.stored]

    def append(self, store: TableStore, *, snapshot_every: int, idempotency: tuple[str, str] | None = None,
               idempotency_ttl: int = 0, settle_here: bool = False) -> Appended:
        """Write the draft after the table's seq as it was read. Raises store.Conflict when the
        table moved on, store.Duplicate for a seen key.

        With ``settle_here``, a plain hand-off (``plain_hand_off``) is appended with no notice
        for a worker, and the answer says so, with what the settle reads for the clocks (read by
        the same script): the caller settles it (tables/handover.py).

        A snapshot is written with the events when the seats being waited on change (the state
        players come back to) and every ``snapshot_every`` events (kept, for replay at any seq).
        """
        if not self.stored:
            raise ValueError("nothing to append")
        start, after = self.start, self.table
        prompts = after.prompts()
        keep = after.seq // snapshot_every > start.seq // snapshot_every
        snapshot = None
        if keep or set(prompts) != set(self.before):
            snapshot = (after.game.version, orjson.dumps(after.state, option=orjson.OPT_NON_STR_KEYS).decode(), keep)
        stored = envelope.encode(self.stored, after.game.name)
        anew = [] if self.went_back else after.asked_anew(self.before, self.chosen_by)
        notice = after.needs_server(self.before) or bool(anew)
        here = settle_here and notice and store.settles_here and self.plain_hand_off(prompts, anew)
        clocks_of = [(seat, info.get("email") or "") for seat, info in after.seats.items()] if here else None
        seq, waiting, read = store.append_handing_over(
            after.id, start.seq, stored, after.waited_humans(prompts), idempotency, idempotency_ttl, snapshot,
            notice=notice, now=self.at, asked_anew=anew, settle_here=here, clocks_of=clocks_of)
        assert seq == after.seq
        return Appended(after, self.entries, waiting, read)

    def plain_hand_off(self, prompts: dict[str, Any], anew: list[str]) -> bool:
        """The worker would only have the clocks, the indexes and the new seat's turn email to see
        to: no step for the server to take, not the end, not an undo, nobody asked anew."""
        after = self.table
        return not self.went_back and not anew and after.automatic_seat(prompts) is None and after.result() is None


def update_player_index(store: TableStore, table: Table, waiting: dict[str, int]) -> None:
    """The index of where each player is waited on (derived; the worker keeps it current)."""
    store.set_players_waiting(table.id, player_index(table, waiting))


def player_index(table: Table, waiting: dict[str, int]) -> list[tuple[str, str, bool]]:
    """(email, seat, waited on) of each seat with a player: what the players' index is told."""
    return [(info["email"], seat, seat in waiting) for seat, info in table.seats.items() if info.get("email")]
