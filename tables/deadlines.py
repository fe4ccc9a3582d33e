"""Each seat's clock, kept in step with who is waited on: deadlines, banks, vacations.

``track`` runs after every change of who is waited on (in the settle): a seat whose turn
ended is charged the time it took; a seat newly waited on gets a deadline and its reminder.
Both are entries of one sorted set the workers' timer sweep reads (workers/timers.py), written
and removed in the same round trip as the clock: "<table>/<seat>/<edge>" at the deadline, and
"<table>/<seat>/<edge>/remind" at the next reminder. A seat that moves takes both away, so a
move in time leaves nothing behind; a deadline is still (table, seat, edge, when), so a timer
fired late for a turn already over is a no-op.
"""

from dataclasses import dataclass
from typing import Any

from store import SettleReads, TableStore

from . import clock, envelope
from .errors import Invalid
from .model import Table

TIMEOUT_ACTIONS = {"wait": "the game waits for the player (they and the others are told)",
                   "host": "the host is asked what to do",
                   "bot": "a bot plays that turn for the player"}


@dataclass
class Timer:
    table_id: str
    seat: str
    edge: int
    since: float
    deadline: float
    reminders: list[float]

    @property
    def key(self) -> str:
        return f"{self.table_id}/{self.seat}/{self.edge}"

    def entries(self) -> dict[str, float]:
        """Its timer entries: the deadline, and the first reminder if there is one."""
        first = {reminder_key(self.key): self.reminders[0]} if self.reminders else {}
        return {self.key: self.deadline, **first}


REMIND = "/remind"


def reminder_key(key: str) -> str:
    """The timer entry of the reminder of the turn "<table>/<seat>/<edge>"."""
    return key + REMIND


def parse_entry(member: str) -> tuple[str, str, int, bool]:
    """A timer entry's table, seat, edge, and whether it is a reminder (else the deadline)."""
    reminder = member.endswith(REMIND)
    table_id, seat, edge = member.removesuffix(REMIND).rsplit("/", 2)
    return table_id, seat, int(edge), reminder


def settings_for(time_control: dict[str, Any] | None, on_timeout: str | None, host: str | None,
                 bots: dict[str, Any]) -> dict[str, Any]:
    """The table's time settings, checked: stored in its document at creation."""
    try:
        tc = clock.parse_time_control(time_control)
    except ValueError as bad:
        raise Invalid(str(bad), code="bad_time_control") from None
    action = on_timeout or "wait"
    if action not in TIMEOUT_ACTIONS:
        raise Invalid(f"At a timeout the table can {', '.join(TIMEOUT_ACTIONS)}; not {action!r}.", code="bad_timeout")
    if action == "host" and not host:
        raise Invalid("A table whose host decides timeouts needs the host's email address.", code="no_host")
    if action == "bot" and "random" not in bots:
        raise Invalid("This game has no bot to play a turn at a timeout.", code="no_bot")
    return {"time_control": tc, "on_timeout": action, **({"host": host} if host else {})}


def time_control(table: Table) -> dict[str, Any]:
    return table.doc.get("time_control") or clock.parse_time_control(None)


def timed_seats(table: Table, waiting: dict[str, int]) -> list[tuple[str, str, int | None]]:
    """(seat, its player's email, the edge it is waited on since or None) of every seat: what
    ``TableStore.settle_reads`` needs for the clocks (a seat without a player is never timed)."""
    return [(seat, info.get("email") or "", waiting.get(seat) if info.get("email") else None)
            for seat, info in table.seats.items()]


@dataclass
class Clocks:
    """What ``track`` writes: the clock fields, the new timer entries, the entries to drop."""
    values: dict[str, object]
    entries: dict[str, float]
    done: list[str]
    timers: list[Timer]


def track(store: TableStore, table: Table, waiting: dict[str, int], read: SettleReads | None = None) -> list[Timer]:
    """Charge the seats whose turn ended, time the seats newly waited on; returns the new timers.
    The clocks, the log entries they need (a hand-off: the mover's turn, its end) and the
    players' vacations are read in one round trip, or come with ``read`` (the settle read them
    with what its emails need)."""
    if read is None:
        read = store.settle_reads(table.id, timed_seats(table, waiting), [])
    clocks = charge(table, waiting, read)
    if clocks.values or clocks.entries or clocks.done:
        store.set_clock(table.id, clocks.values, clocks.entries, clocks.done)
    return clocks.timers


def charge(table: Table, waiting: dict[str, int], read: SettleReads,
           known: dict[int, dict[str, Any]] | None = None) -> Clocks:
    """``track``'s writes, worked out from what it read, not yet written. ``known``: entries of
    ``read.log`` the caller has decoded already (a move's own, by seq), not decoded again."""
    tc, state = time_control(table), read.clock
    changed = []
    for seat, info in table.seats.items():
        timed = int(state[f"{seat}:edge"]) if state.get(f"{seat}:edge") else None
        if info.get("email") and timed != waiting.get(seat):
            changed.append((seat, info["email"], timed, waiting.get(seat)))
    if not changed:
        return Clocks({}, {}, [], [])
    known = known or {}
    log = {seq: known[seq] if seq in known else envelope.loads(text) for seq, text in read.log.items()}
    values: dict[str, object] = {}
    new: list[Timer] = []
    done: list[str] = []
    for seat, _, timed, current in changed:
        vacations = read.vacations[seat]
        bank = float(state[f"{seat}:bank"]) if f"{seat}:bank" in state else \
            clock.initial_banks(tc, [seat]).get(seat, 0.0)
        if timed is not None:                          # the seat's turn ended: charge its clock
            since = float(state[f"{seat}:since"])
            ended = moved_at(log, seat, timed, current, since)
            bank = clock.after_move(tc, bank, since, ended, vacations)
            values.update({f"{seat}:bank": bank, f"{seat}:edge": "", f"{seat}:deadline": ""})
            done += [f"{table.id}/{seat}/{timed}", reminder_key(f"{table.id}/{seat}/{timed}")]
        if current is not None:                        # newly waited on: a deadline
            since = float(log[current]["at"]) if current in log else 0.0
            when = clock.deadline(tc, since, bank, vacations)
            values.update({f"{seat}:bank": bank, f"{seat}:edge": current, f"{seat}:since": since,
                           f"{seat}:deadline": when})
            new.append(Timer(table.id, seat, current, since, when, clock.reminder_times(since, when)))
    return Clocks(values, {k: at for t in new for k, at in t.entries().items()}, done, new)


def retime(store: TableStore, table: Table, seat: str) -> Timer | None:
    """The seat's running deadline again (its player's vacations changed); None if not waited on."""
    state = store.clock(table.id)
    if not state.get(f"{seat}:edge"):
        return None
    edge, since = int(state[f"{seat}:edge"]), float(state[f"{seat}:since"])
    bank = float(state.get(f"{seat}:bank") or 0.0)
    when = clock.deadline(time_control(table), since, bank, store.vacations(table.seats[seat]["email"]))
    timer = Timer(table.id, seat, edge, since, when, clock.reminder_times(since, when))
    store.set_clock(table.id, {f"{seat}:deadline": when}, timer.entries(),
                    [] if timer.reminders else [reminder_key(timer.key)])
    return timer


def current_deadline(store: TableStore, table_id: str, seat: str, edge: int) -> float | None:
    """The deadline of that turn if it is still running; None once the seat has moved."""
    state = store.clock(table_id)
    if state.get(f"{seat}:edge") != str(edge) or not state.get(f"{seat}:deadline"):
        return None
    return float(state[f"{seat}:deadline"])


def entry_time(store: TableStore, table_id: str, seq: int) -> float:
    entries = store.read(table_id, after=seq - 1, upto=seq)
    return float(envelope.loads(entries[0])["at"]) if entries else 0.0


def moved_at(log: dict[int, dict[str, Any]], seat: str, edge: int, next_edge: int | None, since: float) -> float:
    """When the seat's turn from ``edge`` ended: its last decision before its next turn
    (``log``: the decoded entries by seq, from ``edge + 1`` on at least)."""
    ended = since
    for seq in sorted(log):
        entry = log[seq]
        if edge < seq and (next_edge is None or seq < next_edge) and entry["by"] == seat and "move" in entry:
            ended = float(entry["at"])
    return ended
