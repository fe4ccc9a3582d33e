"""The event log of every table in Redis: create, load, read, conditional append.

Entries are JSON strings; the store never looks inside them. Appends are one Lua script that
checks the expected sequence number, the idempotency record and updates who is waited on, all
or nothing.
"""

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

import redis

from . import keys
from .errors import Conflict, Duplicate, NoSuchTable, TableExists


def _script(name: str) -> str:
    return resources.files(__package__).joinpath("lua", name).read_text()


@dataclass
class Loaded:
    doc: str
    seq: int
    snapshot_seq: int
    snapshot_version: str
    snapshot_state: str
    tail: list[str]          # entries after the snapshot, oldest first


class TableStore:
    def __init__(self, client: redis.Redis):
        self.redis = client
        self._create = client.register_script(_script("create.lua"))
        self._append = client.register_script(_script("append.lua"))
        self._load = client.register_script(_script("load.lua"))

    # -- the log ---------------------------------------------------------------------------

    def create(self, table_id: str, doc: str, entries: list[str], waiting: dict[str, int],
               created: float, emails: list[str]) -> None:
        made = self._create(keys=[keys.meta(table_id), keys.log(table_id), keys.waiting(table_id)],
                            args=[doc, json.dumps(waiting), *entries])
        if not made:
            raise TableExists(table_id)
        pipe = self.redis.pipeline(transaction=False)
        pipe.lpush(keys.CHANGED, f"{table_id}:{len(entries)}")
        pipe.zadd(keys.ALL_TABLES, {table_id: created})
        for email in emails:
            pipe.sadd(keys.player_tables(email), table_id)
        pipe.execute()

    def load(self, table_id: str) -> Loaded:
        out = self._load(keys=[keys.meta(table_id), keys.snapshot(table_id), keys.log(table_id)])
        if not out:
            raise NoSuchTable(table_id)
        doc, seq, snap_seq, snap_version, snap_state, *tail = out
        return Loaded(_text(doc), int(seq), int(snap_seq), _text(snap_version), _text(snap_state),
                      [_text(e) for e in tail])

    def seq(self, table_id: str) -> int:
        value = self.redis.hget(keys.meta(table_id), "seq")
        if value is None:
            raise NoSuchTable(table_id)
        return int(value)

    def read(self, table_id: str, after: int = 0, upto: int | None = None) -> list[str]:
        end = f"{upto}-0" if upto is not None else "+"
        return [_text(fields[b"e"]) for _, fields in self.redis.xrange(keys.log(table_id), f"{after + 1}-0", end)]

    def read_back(self, table_id: str, count: int) -> list[str]:
        """The last ``count`` entries, newest first."""
        return [_text(fields[b"e"]) for _, fields in self.redis.xrevrange(keys.log(table_id), "+", "-", count=count)]

    def append(self, table_id: str, expected: int, entries: list[str], waiting: list[str],
               idempotency: tuple[str, str] | None = None, idempotency_ttl: int = 0,
               snapshot: tuple[str, str, bool] | None = None) -> tuple[int, dict[str, int]]:
        """Append after ``expected``, all or nothing, in one round trip.

        ``idempotency`` is (scope, record): a second append with the same scope raises Duplicate.
        ``snapshot`` is (version, state, keep): the state after the append becomes the latest
        snapshot, and with ``keep`` is filed for replay. Returns the new seq and {seat: edge seq}
        of who is waited on.
        """
        scope, record = idempotency or ("", "")
        idem_key = keys.idempotency(table_id, scope) if scope else keys.meta(table_id)
        version, state, keep = snapshot or ("", "", False)
        script_keys = [keys.meta(table_id), keys.log(table_id), keys.waiting(table_id), idem_key,
                       keys.snapshot(table_id), keys.snapshots(table_id)]
        args = [expected, record, idempotency_ttl, json.dumps(waiting), state, version, "1" if keep else "0", *entries]
        out = self._append_and_announce(table_id, expected + len(entries), script_keys, args)
        code = int(out[0])
        if code == -1:
            raise NoSuchTable(table_id)
        if code == -2:
            raise Duplicate(_text(out[1]))
        if code == -3:
            raise Conflict(expected, int(out[1]))
        return code, {seat: int(seq) for seat, seq in json.loads(_text(out[1])).items()}

    def _append_and_announce(self, table_id: str, seq: int, script_keys: list[str], args: list[Any]) -> Any:
        """The append script and the change notice in one round trip. The notice goes out even
        when the append is refused: it only wakes an idempotent job, which then finds nothing new."""
        for attempt in (1, 2):
            pipe = self.redis.pipeline(transaction=False)
            pipe.execute_command("EVALSHA", self._append.sha, len(script_keys), *script_keys, *args)
            pipe.lpush(keys.CHANGED, f"{table_id}:{seq}")
            out, _ = pipe.execute(raise_on_error=False)
            if isinstance(out, redis.exceptions.NoScriptError) and attempt == 1:
                self._append.sha = self.redis.script_load(self._append.script)
                continue
            if isinstance(out, Exception):
                raise out
            return out
        raise AssertionError("unreachable")

    # -- the changes outbox: which tables have new events, for the workers ----------------

    def take_change(self, timeout: float | None) -> str | None:
        """Take the oldest change notice ("<table>:<seq>"), keeping it aside until ``done_change``.
        Waits up to ``timeout`` seconds for one; None: does not wait."""
        if timeout is None:
            value = self.redis.lmove(keys.CHANGED, keys.CHANGED_TAKEN, "RIGHT", "LEFT")
        else:
            value = self.redis.blmove(keys.CHANGED, keys.CHANGED_TAKEN, timeout, "RIGHT", "LEFT")
        return _text(value) if value is not None else None

    def done_change(self, change: str) -> None:
        self.redis.lrem(keys.CHANGED_TAKEN, 1, change)

    def recover_changes(self) -> int:
        """Put back the notices a relay took but never handed on (it died): they are handled again."""
        moved = 0
        while self.redis.lmove(keys.CHANGED_TAKEN, keys.CHANGED, "RIGHT", "RIGHT") is not None:
            moved += 1
        return moved

    def idempotent(self, table_id: str, scope: str) -> str | None:
        value = self.redis.get(keys.idempotency(table_id, scope))
        return _text(value) if value is not None else None

    # -- snapshots (derived data: losing one only costs a longer fold) ----------------------

    def put_snapshot(self, table_id: str, seq: int, version: str, state: str, keep: bool) -> None:
        """Make this the latest snapshot; ``keep`` also files it for replay at any seq."""
        pipe = self.redis.pipeline(transaction=False)
        pipe.hset(keys.snapshot(table_id), mapping={"seq": seq, "version": version, "state": state})
        if keep:
            pipe.hset(keys.snapshots(table_id), str(seq), f"{version}\n{state}")
        pipe.execute()

    def snapshot_at_most(self, table_id: str, seq: int) -> tuple[int, str, str] | None:
        """The latest snapshot taken at or before ``seq``: (seq, version, state)."""
        taken = [int(s) for s in self.redis.hkeys(keys.snapshots(table_id)) if int(s) <= seq]
        if not taken:
            return None
        best = max(taken)
        version, state = _text(self.redis.hget(keys.snapshots(table_id), str(best))).split("\n", 1)
        return best, version, state

    # -- who is waited on, and the indexes -------------------------------------------------

    def waiting(self, table_id: str) -> dict[str, int]:
        return {_text(k): int(v) for k, v in self.redis.hgetall(keys.waiting(table_id)).items()}

    def set_player_waiting(self, email: str, table_id: str, seat: str, waited_on: bool) -> None:
        member = f"{table_id}/{seat}"
        if waited_on:
            self.redis.sadd(keys.player_waiting(email), member)
        else:
            self.redis.srem(keys.player_waiting(email), member)

    # -- notification preferences, and notices held for one combined email ---------------------

    def set_preference(self, table_id: str | None, seat: str, email: str, policy: str) -> None:
        """At one table (``table_id``), or everywhere for the player (None)."""
        if table_id is None:
            self.redis.hset(keys.player_preferences(email), "policy", policy)
        else:
            self.redis.hset(keys.preferences(table_id), seat, policy)

    def preferences(self, table_id: str, seat: str, email: str) -> tuple[str | None, str | None]:
        """(the seat's policy at this table, the player's policy everywhere); None where unset."""
        pipe = self.redis.pipeline(transaction=False)
        pipe.hget(keys.preferences(table_id), seat)
        pipe.hget(keys.player_preferences(email), "policy")
        here, everywhere = pipe.execute()
        return (_text(here) if here else None), (_text(everywhere) if everywhere else None)

    def hold_notice(self, email: str, box: str, notice: str) -> int:
        """Keep a notice for a later combined email; returns how many the box now holds."""
        pipe = self.redis.pipeline()
        pipe.sadd(keys.player_notices(email, box), notice)
        pipe.scard(keys.player_notices(email, box))
        return int(pipe.execute()[1])

    def held_notices(self, email: str, box: str) -> list[str]:
        return sorted(_text(n) for n in self.redis.smembers(keys.player_notices(email, box)))

    def release_notices(self, email: str, box: str, notices: list[str]) -> None:
        if notices:
            self.redis.srem(keys.player_notices(email, box), *notices)

    # -- clocks, deadlines and vacations ----------------------------------------------------

    def clock(self, table_id: str) -> dict[str, str]:
        return {_text(k): _text(v) for k, v in self.redis.hgetall(keys.clock(table_id)).items()}

    def set_clock(self, table_id: str, values: dict[str, object], deadlines: dict[str, float],
                  done: list[str]) -> None:
        """Update a table's clocks; index the new deadlines ("<table>/<seat>/<edge>": when) and
        drop the finished ones."""
        pipe = self.redis.pipeline()
        if values:
            pipe.hset(keys.clock(table_id), mapping=values)  # type: ignore[arg-type]
        if deadlines:
            pipe.zadd(keys.DEADLINES, deadlines)
        if done:
            pipe.zrem(keys.DEADLINES, *done)
        pipe.execute()

    def due(self, now: float, limit: int = 500) -> list[str]:
        """Deadlines passed by ``now``: "<table>/<seat>/<edge>"."""
        return [_text(m) for m in self.redis.zrangebyscore(keys.DEADLINES, "-inf", now, start=0, num=limit)]

    def vacations(self, email: str) -> list[tuple[float, float]]:
        value = self.redis.get(keys.player_vacations(email))
        return [(float(a), float(b)) for a, b in json.loads(value)] if value else []

    def set_vacations(self, email: str, vacations: list[tuple[float, float]]) -> None:
        self.redis.set(keys.player_vacations(email), json.dumps([list(v) for v in vacations]))

    def player_tables(self, email: str) -> list[str]:
        return sorted(_text(t) for t in self.redis.smembers(keys.player_tables(email)))

    def player_waiting(self, email: str) -> list[str]:
        return sorted(_text(t) for t in self.redis.smembers(keys.player_waiting(email)))

    # -- one email's delivery state: claimed while sending, then sent --------------------------

    def claim_mail(self, table_id: str, name: str, ttl: int) -> bool:
        return bool(self.redis.set(keys.mail(table_id, name), "sending", nx=True, ex=ttl))

    def mail_sent(self, table_id: str, name: str) -> None:
        self.redis.set(keys.mail(table_id, name), "sent")

    def release_mail(self, table_id: str, name: str) -> None:
        self.redis.delete(keys.mail(table_id, name))

    def mail_state(self, table_id: str, name: str) -> str | None:
        value = self.redis.get(keys.mail(table_id, name))
        return _text(value) if value is not None else None

    def ping(self) -> bool:
        return bool(self.redis.ping())


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else value
