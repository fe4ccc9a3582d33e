"""A table: its document, its game and its state, loaded as snapshot + tail."""

import hashlib
import hmac
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import games
from games.core import SYSTEM, Game, Rng
from store import Loaded, NoSuchTable, TableStore

from . import envelope, history
from .errors import NotFound


@dataclass
class Table:
    id: str
    doc: dict[str, Any]
    game: Game
    state: Any
    seq: int
    waiting: dict[str, int] | None = field(default=None, repr=False, compare=False)   # as loaded at seq (None: not read)
    _prompts: tuple[int, Any, dict[str, dict[str, Any]]] | None = field(default=None, init=False, repr=False,
                                                                        compare=False)
    _kept: dict[Any, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def seed(self) -> bytes:
        return bytes.fromhex(self.doc["seed"])

    def rng(self, position: int | None = None) -> Rng:
        """The dice of the decision taken at ``position`` (default: now)."""
        return Rng(self.seed, self.seq if position is None else position)

    def bot_rng(self) -> Rng:
        return bot_rng(self.seed, self.seq)

    @property
    def seats(self) -> dict[str, dict[str, Any]]:
        return self.doc["seats"]

    def is_bot(self, seat: str) -> bool:
        return bool(self.seats.get(seat, {}).get("bot"))

    def prompts(self) -> dict[str, dict[str, Any]]:
        """Who must decide now, worked out once per state (a move asks five or six times, and a
        Labyrinth position takes a tenth of a millisecond to answer). Read it, never change it."""
        memo = self._prompts
        if memo is None or memo[0] != self.seq or memo[1] is not self.state:
            memo = self._prompts = (self.seq, self.state, self.game.prompts(self.state))
        return memo[2]

    def again(self) -> "Table":
        """Another Table of the same state and seq, with its questions as worked out already."""
        other = Table(self.id, self.doc, self.game, self.state, self.seq)
        other._prompts = self._prompts
        return other

    def kept(self, key: Any, work: Callable[[], Any]) -> Any:
        """``work()``, done once per seq of this copy: for what depends only on the log up to the
        seq (the log below it never changes), asked again by every view of a copy kept in a process."""
        if self._kept.get("seq") != self.seq:
            self._kept.clear()
            self._kept["seq"] = self.seq
        if key not in self._kept:
            self._kept[key] = work()
        return self._kept[key]

    def result(self) -> dict[str, Any] | None:
        return self.game.result(self.state)

    def waited_humans(self, prompts: dict[str, Any] | None = None) -> list[str]:
        """The human seats that must decide now: the ones to email."""
        prompts = self.prompts() if prompts is None else prompts
        return sorted(s for s in prompts if s != SYSTEM and not self.is_bot(s))

    def automatic_seat(self, prompts: dict[str, Any] | None = None) -> str | None:
        """The seat whose decision the server takes now, if any: the system, a bot, or a
        player whose question has a single answer (a forced choice is never emailed)."""
        prompts = self.prompts() if prompts is None else prompts
        for seat in sorted(prompts):
            if seat == SYSTEM or self.is_bot(seat):
                return seat
        return next((seat for seat in sorted(prompts) if forced(prompts[seat])), None)

    def asked_anew(self, before: dict[str, Any], chosen_by: set[str]) -> list[str]:
        """The human seats waited on before and now whose question another seat's decision
        changed (Jagged Alliance's "who acts next", asked of every seat: one answers, and the
        other's question becomes another). They are told again, as if newly waited on; a seat's
        own decisions are answered by the reply's answer instead."""
        prompts = self.prompts()
        return [seat for seat in self.waited_humans(prompts)
                if seat in before and seat not in chosen_by and question(prompts[seat]) != question(before[seat])]

    def needs_server(self, before: dict[str, Any]) -> bool:
        """After a change from the prompts ``before``: must a worker act (a step to take,
        someone new to tell, the end to announce)? A player going on with their own turn
        needs nothing."""
        prompts = self.prompts()
        return (self.automatic_seat(prompts) is not None or self.result() is not None
                or self.waited_humans(prompts) != self.waited_humans(before))


def question(prompt: dict[str, Any]) -> tuple[Any, ...]:
    """What a prompt asks, for telling whether a seat's question changed: its kind and its
    answers (not its wording, which may say who else has answered meanwhile)."""
    return (prompt.get("kind"), [o.get("move") for o in prompt.get("options") or []], prompt.get("range"))


def forced(prompt: dict[str, Any]) -> bool:
    """A question with exactly one answer: the server answers it for the player."""
    return len(prompt.get("options") or []) == 1 and not prompt.get("range")


def bot_rng(seed: bytes, position: int) -> Rng:
    """A bot's own stream, apart from the dice, so its choices never correlate with them."""
    return Rng(hmac.new(seed, b"bot", hashlib.sha256).digest(), position)


def load(store: TableStore, table_id: str, loaded: Loaded | None = None) -> Table:
    """The table, from ``loaded`` when the caller has read it already (``store.load``)."""
    try:
        loaded = loaded or store.load(table_id)
    except NoSuchTable:
        raise NotFound(f"There is no table {table_id}.", code="unknown_table") from None
    doc = json.loads(loaded.doc)
    game = games.get(doc["game"])
    entries = loaded.tail
    if loaded.snapshot_seq and loaded.snapshot_version == game.version:
        state = json.loads(loaded.snapshot_state)
    else:   # no snapshot, or one taken by another version of the rules: fold from the start
        state = None
        entries = store.read(table_id) if loaded.snapshot_seq else entries
    state = history.fold_entries(game, [envelope.loads(e) for e in entries], state,
                                 lambda seq: _state_at(store, table_id, game, seq))
    return Table(table_id, doc, game, state, loaded.seq, loaded.waiting)


def state_at(store: TableStore, table: Table, seq: int) -> Any:
    """The state as it was right after event ``seq``: nearest snapshot + a short fold."""
    return _state_at(store, table.id, table.game, seq)


def _state_at(store: TableStore, table_id: str, game: Game, seq: int) -> Any:
    snap = store.snapshot_at_most(table_id, seq)
    state, after = None, 0
    if snap and snap[1] == game.version:
        after, state = snap[0], json.loads(snap[2])
    entries = [envelope.loads(e) for e in store.read(table_id, after=after, upto=seq)]
    # an undo among them goes back to an earlier seq still: asked the same way (it is always earlier)
    return history.fold_entries(game, entries, state, lambda to: _state_at(store, table_id, game, to))
