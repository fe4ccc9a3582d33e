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
               idempotency: tuple[str, str] | None = None, idempotency_ttl: int = 0) -> tuple[int, dict[str, int]]:
        """Append after ``expected``; returns the new seq and {seat: edge seq} of who is waited on."""
        scope, record = idempotency or ("", "")
        idem_key = keys.idempotency(table_id, scope) if scope else keys.meta(table_id)
        out = self._append(keys=[keys.meta(table_id), keys.log(table_id), keys.waiting(table_id), idem_key],
                           args=[expected, record, idempotency_ttl, json.dumps(waiting), *entries])
        code = int(out[0])
        if code == -1:
            raise NoSuchTable(table_id)
        if code == -2:
            raise Duplicate(_text(out[1]))
        if code == -3:
            raise Conflict(expected, int(out[1]))
        return code, {seat: int(seq) for seat, seq in json.loads(_text(out[1])).items()}

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

    def player_tables(self, email: str) -> list[str]:
        return sorted(_text(t) for t in self.redis.smembers(keys.player_tables(email)))

    def player_waiting(self, email: str) -> list[str]:
        return sorted(_text(t) for t in self.redis.smembers(keys.player_waiting(email)))

    def table_ids(self) -> list[str]:
        return [_text(t) for t in self.redis.zrange(keys.ALL_TABLES, 0, -1)]

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
