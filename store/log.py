"""The event log of every table in Redis: create, load, read, conditional append.

Entries are opaque (JSON, or JSON compressed by tables/codec.py); the store never looks inside
them and hands them back as the bytes it was given. Appends are one Lua script that
checks the expected sequence number, the idempotency record and updates who is waited on, all
or nothing.
"""

import json
import logging
import zlib
from collections.abc import Collection
from dataclasses import dataclass
from importlib import resources
from typing import Any

import orjson
import redis

from . import connect, keys
from .errors import Conflict, Duplicate, NoSuchTable, TableExists


log = logging.getLogger("pbem.store")


READS_CLOCKS = ("append.lua", "settle_reads.lua", "load_settle.lua")     # use clock_reads.lua's function


def _script(name: str) -> str:
    text = resources.files(__package__).joinpath("lua", name).read_text()
    return _script("clock_reads.lua") + text if name in READS_CLOCKS else text


@dataclass
class Loaded:
    doc: str
    seq: int
    snapshot_seq: int
    snapshot_version: str
    snapshot_state: str
    tail: list[bytes]        # entries after the snapshot, oldest first
    waiting: dict[str, int]  # seat -> seq since which it is waited on, at ``seq``
    needs: int | None = None  # the seq at which it last asked a worker to act, until one has (``needs``)


@dataclass
class Glance:
    """What a seat's view reads of a table besides its state, in one round trip (``glance``)."""
    seq: int
    entries: list[bytes]                           # the log's entries asked for, oldest first
    rollback: tuple[str, dict[str, str]] | None    # as ``rollback`` answers
    preferences: dict[str, str]                    # the table's preferences hash (seat -> policy, language:<seat>)


@dataclass
class SettleReads:
    """What a settle reads of a table after a hand-off, in one round trip (``settle_reads``)."""
    clock: dict[str, str]                          # the table's clocks, as ``clock`` answers
    log: dict[int, bytes]                          # the log's entries by seq, from the first the clocks need
    mail: list[str | None]                         # the delivery state of each email asked about
    here: dict[str, str | None]                    # seat -> its policy at this table
    everywhere: dict[str, str | None]              # seat -> its player's policy everywhere
    vacations: dict[str, list[tuple[float, float]]]   # seat -> its player's vacations


class TableStore:
    def __init__(self, client: connect.Client, replicas: int = 0, wait_ms: int = 500):
        """``client``: one Redis server or a cluster (store/connect.py). ``replicas``: a create or
        an append is answered once that many replicas of each node it wrote to have it (WAIT),
        or after ``wait_ms`` if they lag (then logged), so a failover does not lose it."""
        self.redis = client
        self.hot = connect.held(client)        # the scripts of every move and view: a connection kept per thread
        self.replicas, self.wait_ms = replicas, wait_ms
        self._create = client.register_script(_script("create.lua"))
        self._append = client.register_script(_script("append.lua"))
        self._load = client.register_script(_script("load.lua"))
        self._load_settle = client.register_script(_script("load_settle.lua"))
        self._glance = client.register_script(_script("glance.lua"))
        self._set_clock = client.register_script(_script("set_clock.lua"))
        self._settle_reads = client.register_script(_script("settle_reads.lua"))
        self._finished = client.register_script(_script("finished.lua"))
        self._settled = client.register_script(_script("settled.lua"))
        self._players_waiting = client.register_script(_script("players_waiting.lua"))

    # -- the log ---------------------------------------------------------------------------

    def create(self, table_id: str, doc: str, entries: list[str], waiting: dict[str, int],
               created: float, emails: list[str], policies: dict[str, str] | None = None) -> None:
        """Write a new table, its change notice and its indexes: one script on one Redis server;
        on a cluster, where the notice and the indexes live on other nodes, a second round trip
        after it. ``policies``: seat -> notification policy at this table, written with the table
        (before any worker hears of it)."""
        script_keys = [keys.meta(table_id), keys.log(table_id), keys.waiting(table_id), keys.preferences(table_id)]
        single = not connect.is_cluster(self.redis)
        if single:
            script_keys += [keys.CHANGED, keys.PENDING, keys.ALL_TABLES, *(keys.player_tables(e) for e in emails)]
        made = self._run(self._create, script_keys,
                         [doc, json.dumps(waiting), json.dumps(policies or {}), table_id, created, *entries])
        if not made:
            raise TableExists(table_id)
        if single:
            return
        pipe = self.redis.pipeline(transaction=False)
        pipe.lpush(keys.CHANGED, f"{table_id}:{len(entries)}")
        pipe.zadd(keys.PENDING, {table_id: created}, nx=True)
        pipe.zadd(keys.ALL_TABLES, {table_id: created})
        for email in emails:
            pipe.sadd(keys.player_tables(email), table_id)
        waits = connect.replicated(pipe, self.redis, [keys.CHANGED, keys.PENDING, keys.ALL_TABLES,
                                                      *(keys.player_tables(email) for email in emails)],
                                   self.replicas, self.wait_ms)
        self._execute(pipe, waits)

    def load(self, table_id: str) -> Loaded:
        out = self._hot(self._load, [keys.meta(table_id), keys.snapshot(table_id), keys.log(table_id),
                                     keys.waiting(table_id)], [])
        if not out:
            raise NoSuchTable(table_id)
        doc, seq, snap_seq, snap_version, snap_state, waiting, needs, *tail = out
        return Loaded(_text(doc), int(seq), int(snap_seq), _text(snap_version), _snapshot(snap_state), tail,
                      orjson.loads(waiting), int(needs) if needs else None)

    def seq(self, table_id: str) -> int:
        value = self.redis.hget(keys.meta(table_id), "seq")
        if value is None:
            raise NoSuchTable(table_id)
        return int(value)

    def seq_and_request(self, table_id: str) -> tuple[int, str | None, int]:
        """The seq, the pending rollback request (its JSON, or None) and how many answers it has, in
        one round trip: what a page that follows the table polls (a request moves no seq)."""
        pipe = self.redis.pipeline(transaction=False)
        pipe.hget(keys.meta(table_id), "seq")
        pipe.hget(keys.rollback(table_id), "request")
        pipe.hlen(keys.rollback(table_id))
        value, request, fields = pipe.execute()
        if value is None:
            raise NoSuchTable(table_id)
        if request is None:
            return int(value), None, 0
        return int(value), _text(request), max(0, int(fields) - 1)

    def glance(self, table_id: str, after: int | None, count: int) -> Glance:
        """The seq, the log's entries after ``after`` (at most ``count``; with None, the newest
        ``count``), the pending rollback and the table's preferences: one command (a script; the
        keys of a table share its hash tag, so one node of a cluster too)."""
        out = self._hot(self._glance, [keys.meta(table_id), keys.log(table_id), keys.rollback(table_id),
                                       keys.preferences(table_id)], ["" if after is None else after, count])
        if not out:
            raise NoSuchTable(table_id)
        seq, request, preferences, *entries = out
        return Glance(int(seq), entries, _request(_pairs(request)), {_text(k): _text(v) for k, v in _pairs(preferences).items()})

    def read(self, table_id: str, after: int = 0, upto: int | None = None) -> list[bytes]:
        end = f"{upto}-0" if upto is not None else "+"
        return [fields[b"e"] for _, fields in self.redis.xrange(keys.log(table_id), f"{after + 1}-0", end)]

    def read_back(self, table_id: str, count: int) -> list[bytes]:
        """The last ``count`` entries, newest first."""
        return [fields[b"e"] for _, fields in self.redis.xrevrange(keys.log(table_id), "+", "-", count=count)]

    def append(self, table_id: str, expected: int, entries: list[str], waiting: list[str],
               idempotency: tuple[str, str] | None = None, idempotency_ttl: int = 0,
               snapshot: tuple[str, str, bool] | None = None, *, notice: bool = True,
               now: float = 0.0, asked_anew: Collection[str] = (), settle_here: bool = False
               ) -> tuple[int, dict[str, int]]:
        """``append_handing_over`` without the clocks' reads."""
        seq, waited, _ = self.append_handing_over(
            table_id, expected, entries, waiting, idempotency, idempotency_ttl, snapshot, notice=notice, now=now,
            asked_anew=asked_anew, settle_here=settle_here)
        return seq, waited

    def append_handing_over(self, table_id: str, expected: int, entries: list[str], waiting: list[str],
                            idempotency: tuple[str, str] | None = None, idempotency_ttl: int = 0,
                            snapshot: tuple[str, str, bool] | None = None, *, notice: bool = True,
                            now: float = 0.0, asked_anew: Collection[str] = (), settle_here: bool = False,
                            clocks_of: list[tuple[str, str]] | None = None
                            ) -> tuple[int, dict[str, int], SettleReads | None]:
        """Append after ``expected``, all or nothing, in one round trip (on one Redis server, one
        command: the script also leaves the change notice and the sweep's index entry).

        ``idempotency`` is (scope, record): a second append with the same scope raises Duplicate
        (the table's records are one hash, kept ``idempotency_ttl`` seconds after the last).
        ``snapshot`` is (version, state, keep): the state after the append becomes the latest
        snapshot, and with ``keep`` is filed for replay. ``notice``: a worker must act after
        this append (the table is marked, indexed since ``now`` and a change notice is left).
        ``asked_anew``: seats of ``waiting`` whose question another seat's decision changed: their
        edge starts again at the new seq (a new turn email; a reply to the old one is stale).
        ``settle_here`` (with ``notice``, on one Redis server: ``settles_here``): the table is
        marked and indexed but no notice is left, as the caller settles the hand-off itself
        (``hand_over``); the sweep announces it if the caller dies first. With it, ``clocks_of``
        (seat, its player's email or '' for none, of every seat) has the same script read what
        ``settle_reads`` reads for those seats' clocks as they are waited on after the append,
        but no email's delivery state: the settle of a hand-off needs no read of its own.
        Returns the new seq, {seat: edge seq} of who is waited on, and those reads (or None).
        """
        scope, record = idempotency or ("", "")
        version, state, keep = snapshot or ("", "", False)
        script_keys = [keys.meta(table_id), keys.log(table_id), keys.waiting(table_id), keys.idempotency(table_id),
                       keys.idempotency_single(table_id, scope), keys.snapshot(table_id), keys.snapshots(table_id)]
        single = not connect.is_cluster(self.redis)
        if single:                     # the notice and the index written by the script, with the append
            script_keys += [keys.CHANGED, keys.PENDING]
        reading = single and settle_here and notice and clocks_of is not None
        if reading:                    # the clocks' reads of the hand-off's settle, after the append
            script_keys += [keys.clock(table_id), keys.preferences(table_id)]
            for _, email in clocks_of or ():
                script_keys += [keys.player_vacations(email), keys.player_preferences(email)]
        args = [expected, scope, record, idempotency_ttl, _dumps({seat: seat in asked_anew for seat in waiting}), state, version,
                _filed(version, state) if keep else "",
                ("2" if settle_here and single else "1") if notice else "0", table_id, now,
                _dumps([[seat, bool(email)] for seat, email in clocks_of or ()]) if reading else "", *entries]

        def announce(pipe: Any) -> list[str]:
            """On a cluster, where the notice and the index live on other nodes: when a worker must
            act, they are sent beside the script. They go out even when the append is refused:
            they only wake an idempotent worker, which then finds nothing to do."""
            if not notice or single:
                return []
            pipe.lpush(keys.CHANGED, f"{table_id}:{expected + len(entries)}")
            pipe.zadd(keys.PENDING, {table_id: now}, nx=True)
            return [keys.CHANGED, keys.PENDING]

        out = self._run(self._append, script_keys, args, None if single else announce)
        code = int(out[0])
        if code == -1:
            raise NoSuchTable(table_id)
        if code == -2:
            raise Duplicate(_text(out[1]))
        if code == -3:
            raise Conflict(expected, int(out[1]))
        waited = {seat: int(seq) for seat, seq in orjson.loads(out[1]).items()}
        if len(out) == 2:
            return code, waited, None
        flat, first, timed, here, vacations, everywhere = out[2:]
        if int(first):           # the script read the log up to this append's entries: these are the ones sent
            timed = timed + [e if isinstance(e, bytes) else e.encode() for e in entries[max(0, int(first) - expected - 1):]]
        return code, waited, _settle_reads([seat for seat, _ in clocks_of or ()], flat, first, timed, [], here,
                                           vacations, everywhere)

    def _run(self, script: Any, script_keys: list[str], args: list[Any], more: Any = None) -> Any:
        """A script and what ``more(pipe)`` adds (returning the keys it writes), in one round trip
        (one batch per node on a cluster), and the WAITs for replicas. An error in ``more``'s
        commands is raised after the script ran: the caller's retry is then refused as a
        duplicate or a conflict, and sends them again. On one server with no replica to wait
        for and nothing more: the script alone, no pipeline (on a client holding one connection,
        as the settler's, no pool either)."""
        if more is None and self.replicas <= 0 and not connect.is_cluster(self.redis):
            return self._hot(script, script_keys, args)
        for attempt in (1, 2):
            pipe = self.redis.pipeline(transaction=False)
            pipe.execute_command("EVALSHA", script.sha, len(script_keys), *script_keys, *args,
                                 **connect.routed(self.redis, script_keys[0]))
            waits = connect.replicated(pipe, self.redis, [script_keys[0], *(more(pipe) if more else [])],
                                       self.replicas, self.wait_ms)
            try:
                return self._execute(pipe, waits)[0]
            except redis.exceptions.NoScriptError:
                if attempt == 2:
                    raise
                script.sha = self.redis.script_load(script.script)
        raise AssertionError("unreachable")

    def _hot(self, script: Any, script_keys: list[str], args: list[Any]) -> Any:
        """A script of every move or view, on this thread's connection (``connect.HeldConnections.call``):
        one command, sent and read with nothing around it; through the client on a cluster (or a
        client of one connection, the settler's)."""
        call = getattr(self.hot.connection_pool, "call", None) if not connect.is_cluster(self.hot) else None
        if call is None:
            return script(keys=script_keys, args=args, client=self.hot)
        try:
            return call("EVALSHA", script.sha, len(script_keys), *script_keys, *args)
        except redis.exceptions.NoScriptError:                          # a restarted Redis
            script.sha = self.hot.script_load(script.script)
            return call("EVALSHA", script.sha, len(script_keys), *script_keys, *args)

    def _execute(self, pipe: Any, waits: int) -> list[Any]:
        """Run ``pipe``, whose last ``waits`` commands are WAITs: raise the first error of the
        others; say so when replicas lagged. A WAIT refused (its node turned replica while the
        write was redirected: a failover just now) confirms nothing either."""
        results = pipe.execute(raise_on_error=False)
        for result in results[:len(results) - waits]:
            if isinstance(result, Exception):
                raise result
        short = [0 if isinstance(r, Exception) else int(r) for r in results[len(results) - waits:]]
        short = [r for r in short if r < self.replicas]
        if short:
            log.warning("a write reached %d of %d replicas within %d ms", min(short), self.replicas, self.wait_ms)
        return results

    # -- what the workers must act on: change notices, and the index the sweep reads ---------

    def take_change(self, timeout: float | None) -> str | None:
        """The oldest change notice ("<table>:<seq>"), waiting up to ``timeout`` seconds for one
        (0 or None: does not wait). A notice lost with its worker is found again by the sweep."""
        if not timeout:
            value = self.redis.rpop(keys.CHANGED)
        else:
            popped = self.redis.brpop([keys.CHANGED], timeout=timeout)
            value = popped[1] if popped else None
        return _text(value) if value is not None else None

    def needs(self, table_id: str) -> int | None:
        """The seq at which the table last asked a worker to act, until one has."""
        value = self.redis.hget(keys.meta(table_id), "needs")
        return int(value) if value is not None else None

    def settled(self, table_id: str, seq: int) -> bool:
        """A worker did what the table needed up to ``seq``. False when a later append asks again.

        The mark cleared and the sweep's index entry dropped; when an append asked again
        meanwhile, the entry is kept (since when it was). One script on one Redis server; on a
        cluster, where the index is on another node, one round trip and the mark read again."""
        if not connect.is_cluster(self.redis):
            return bool(self._run(self._settled, [keys.meta(table_id), keys.PENDING], [seq, table_id]))
        for attempt in (1, 2):
            pipe = self.redis.pipeline(transaction=False)
            pipe.execute_command("EVALSHA", self._settled.sha, 1, keys.meta(table_id), seq,   # (a cluster pipeline
                                 **connect.routed(self.redis, keys.meta(table_id)))          # has no evalsha())
            pipe.zscore(keys.PENDING, table_id)
            pipe.zrem(keys.PENDING, table_id)
            pipe.hget(keys.meta(table_id), "needs")
            results = pipe.execute(raise_on_error=False)
            if isinstance(results[0], redis.exceptions.NoScriptError) and attempt == 1:
                self._settled.sha = self.redis.script_load(self._settled.script)     # a restarted Redis
                continue
            for result in results:
                if isinstance(result, Exception):
                    raise result
            done, since, _, needs = results
            if needs is not None:                 # asked again: keep it indexed
                self.redis.zadd(keys.PENDING, {table_id: since if not done and since is not None else 0}, nx=True)
                return False
            return bool(done)
        raise AssertionError("unreachable")

    def overdue(self, before: float, limit: int = 500) -> list[str]:
        """Tables that began to need a worker before ``before`` and still wait for one."""
        return [_text(t) for t in self.redis.zrangebyscore(keys.PENDING, "-inf", before, start=0, num=limit)]

    def rekick(self, table_id: str, now: float) -> bool:
        """Leave a new notice for a table found overdue; False (and forgotten) if it needs nothing."""
        seq = self.needs(table_id)
        if seq is None:
            self.redis.zrem(keys.PENDING, table_id)
            return False
        pipe = self.redis.pipeline(transaction=False)
        pipe.lpush(keys.CHANGED, f"{table_id}:{seq}")
        pipe.zadd(keys.PENDING, {table_id: now}, xx=True)
        pipe.execute()
        return True

    def pending(self) -> tuple[int, float | None]:
        """How many tables wait for a worker, and since when the oldest does."""
        pipe = self.redis.pipeline(transaction=False)
        pipe.zcard(keys.PENDING)
        pipe.zrange(keys.PENDING, 0, 0, withscores=True)
        count, oldest = pipe.execute()
        return int(count), (float(oldest[0][1]) if oldest else None)

    def idempotent(self, table_id: str, scope: str) -> str | None:
        pipe = self.redis.pipeline(transaction=False)
        pipe.hget(keys.idempotency(table_id), scope)
        pipe.get(keys.idempotency_single(table_id, scope))
        value = next((v for v in pipe.execute() if v is not None), None)
        return _text(value) if value is not None else None

    # -- snapshots (derived data: losing one only costs a longer fold) ----------------------

    def put_snapshot(self, table_id: str, seq: int, version: str, state: str, keep: bool) -> None:
        """Make this the latest snapshot; ``keep`` also files it for replay at any seq."""
        pipe = self.redis.pipeline(transaction=False)
        pipe.hset(keys.snapshot(table_id), mapping={"seq": seq, "version": version, "state": state})
        if keep:
            pipe.hset(keys.snapshots(table_id), str(seq), _filed(version, state))
        pipe.execute()

    def snapshot_at_most(self, table_id: str, seq: int) -> tuple[int, str, str] | None:
        """The latest snapshot taken at or before ``seq``: (seq, version, state)."""
        taken = [int(s) for s in self.redis.hkeys(keys.snapshots(table_id)) if int(s) <= seq]
        if not taken:
            return None
        best = max(taken)
        version, state = _unfiled(self.redis.hget(keys.snapshots(table_id), str(best)))
        return best, version, state

    # -- who is waited on, and the indexes -------------------------------------------------

    def waiting(self, table_id: str) -> dict[str, int]:
        return {_text(k): int(v) for k, v in self.redis.hgetall(keys.waiting(table_id)).items()}

    def set_player_waiting(self, email: str, table_id: str, seat: str, waited_on: bool) -> None:
        self.set_players_waiting(table_id, [(email, seat, waited_on)])

    def set_players_waiting(self, table_id: str, seats: list[tuple[str, str, bool]]) -> None:
        """(email, seat, waited on) for seats of one table, in one round trip (one command on one
        Redis server)."""
        if not seats:
            return
        if not connect.is_cluster(self.redis):
            self._players_waiting(keys=[keys.player_waiting(email) for email, _, _ in seats],     # derived: no WAIT
                                  args=[part for _, seat, waited_on in seats
                                        for part in (f"{table_id}/{seat}", "1" if waited_on else "0")])
            return
        pipe = self.redis.pipeline(transaction=False)
        for email, seat, waited_on in seats:
            member = f"{table_id}/{seat}"
            if waited_on:
                pipe.sadd(keys.player_waiting(email), member)
            else:
                pipe.srem(keys.player_waiting(email), member)
        pipe.execute()

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

    def turn_deadlines(self, seats: list[tuple[str, str]]) -> list[tuple[str | None, str | None]]:
        """The running turn (edge) and deadline of each (table, seat), in one round trip (a
        player's calendar reads all theirs); None where there is none."""
        pipe = self.redis.pipeline(transaction=False)
        for table_id, seat in seats:
            pipe.hmget(keys.clock(table_id), f"{seat}:edge", f"{seat}:deadline")
        return [(_text(edge) if edge else None, _text(when) if when else None) for edge, when in pipe.execute()]

    def set_clock(self, table_id: str, values: dict[str, object], deadlines: dict[str, float],
                  done: list[str], settled: int | None = None,
                  players: Collection[tuple[str, str, bool]] = ()) -> bool | None:
        """Update a table's clocks; index the new deadlines ("<table>/<seat>/<edge>": when) and
        drop the finished ones, all or nothing: one script on one Redis server; on a cluster, where
        the index lives on another node, one round trip. ``players``: the players' index too, as
        ``set_players_waiting`` (in the same script on one server). With ``settled`` (a seq), then
        what ``settled`` does, in the same script, and its answer (on a cluster, after)."""
        if not connect.is_cluster(self.redis):
            script_keys = [keys.clock(table_id), keys.DEADLINES, keys.meta(table_id), keys.PENDING,
                           *(keys.player_waiting(email) for email, _, _ in players)]
            args = [len(values), len(deadlines), "" if settled is None else settled, table_id,
                    *(x for pair in values.items() for x in pair),
                    *(x for _, seat, waited_on in players for x in (f"{table_id}/{seat}", "1" if waited_on else "0")),
                    *(x for pair in deadlines.items() for x in pair), *done]
            if settled is None:
                self._set_clock(keys=script_keys, args=args)
                return None
            return bool(self._run(self._set_clock, script_keys, args))          # with the WAITs of ``settled``
        if values or deadlines or done:
            pipe = self.redis.pipeline()
            if values:
                pipe.hset(keys.clock(table_id), mapping=values)  # type: ignore[arg-type]
            if deadlines:
                pipe.zadd(keys.DEADLINES, deadlines)
            if done:
                pipe.zrem(keys.DEADLINES, *done)
            pipe.execute()
        self.set_players_waiting(table_id, list(players))
        return None if settled is None else self.settled(table_id, settled)

    @property
    def settles_here(self) -> bool:
        """Whether the request that appends a hand-off can settle it itself (``hand_over``): on one
        Redis server, where the clocks, the deadlines' index and the players' index are written
        in one script."""
        return not connect.is_cluster(self.redis)

    def hand_over(self, table_id: str, values: dict[str, object], deadlines: dict[str, float], done: list[str],
                  seq: int, players: Collection[tuple[str, str, bool]]) -> int:
        """The settle of a hand-off by the request that appended it at ``seq`` (one Redis server):
        ``set_clock`` with its settle's bookkeeping, written only if the table is still at ``seq``.
        1: settled; 0: written, but a later append asked a worker again; -1: the table had moved
        on, nothing written (a worker must settle it: ``rekick``)."""
        script_keys = [keys.clock(table_id), keys.DEADLINES, keys.meta(table_id), keys.PENDING,
                       *(keys.player_waiting(email) for email, _, _ in players)]
        args = [len(values), len(deadlines), f"={seq}", table_id, *(x for pair in values.items() for x in pair),
                *(x for _, seat, waited_on in players for x in (f"{table_id}/{seat}", "1" if waited_on else "0")),
                *(x for pair in deadlines.items() for x in pair), *done]
        return int(self._run(self._set_clock, script_keys, args))

    def settle_reads(self, table_id: str, seats: list[tuple[str, str, int | None]], mail: list[str]) -> SettleReads:
        """After a hand-off: the clocks, the log from the first entry they need, and of each seat
        (``seats``: seat, its player's email, the edge it is now waited on since, or None) its
        player's vacations and its policies; and the delivery state of the emails named ``mail``.

        The log is read from the first turn a clock must charge or start: over the seats whose
        clock edge is not the one they are waited on since, the turn after the edge timed, or the
        new edge (a seat without a player: never timed, pass None). One command on one Redis
        server (a script); on a cluster, where a player's keys live on other nodes, two round trips."""
        if not connect.is_cluster(self.redis):
            script_keys = [keys.clock(table_id), keys.log(table_id), keys.preferences(table_id),
                           *(keys.mail(table_id, name) for name in mail)]
            for _, email, _ in seats:
                script_keys += [keys.player_vacations(email), keys.player_preferences(email)]
            out = self._hot(self._settle_reads, script_keys, [len(seats), len(mail), *(
                part for seat, _, edge in seats for part in (seat, "" if edge is None else edge))])
            flat, first, entries, states, here, vacations, everywhere = out
        else:
            clock = self.redis.hgetall(keys.clock(table_id))
            flat = [x for pair in clock.items() for x in pair]
            first = _first_timed({_text(k): _text(v) for k, v in clock.items()}, seats)
            pipe = self.redis.pipeline(transaction=False)
            pipe.xrange(keys.log(table_id), f"{first or 1}-0", "+" if first else "0-0")
            pipe.hmget(keys.preferences(table_id), [seat for seat, _, _ in seats] or ["-"])
            for name in mail:
                pipe.get(keys.mail(table_id, name))
            for _, email, _ in seats:
                pipe.get(keys.player_vacations(email))
                pipe.hget(keys.player_preferences(email), "policy")
            results = pipe.execute()
            entries = [fields[b"e"] for _, fields in results[0]] if first else []
            here, states, rest = results[1], results[2:2 + len(mail)], results[2 + len(mail):]
            vacations, everywhere = rest[::2], rest[1::2]
        return _settle_reads([seat for seat, _, _ in seats], flat, first, entries, states, here, vacations, everywhere)

    def load_settling(self, table_id: str, seats: list[tuple[str, str]]) -> tuple[Loaded, SettleReads | None]:
        """``load`` and, in the same command, what ``settle_reads`` reads for the clocks of the
        seats (``seats``: seat, its player's email or '' for none) as they are waited on at the
        load, but no email's delivery state (``mail`` is empty): the settle of a hand-off that
        appends nothing and queues no email reads nothing more. On a cluster, where a player's
        keys live on other nodes: ``load``, and None."""
        if connect.is_cluster(self.redis):
            return self.load(table_id), None
        script_keys = [keys.meta(table_id), keys.snapshot(table_id), keys.log(table_id), keys.waiting(table_id),
                       keys.clock(table_id), keys.preferences(table_id)]
        for _, email in seats:
            script_keys += [keys.player_vacations(email), keys.player_preferences(email)]
        out = self._load_settle(keys=script_keys, args=[len(seats), *(
            part for seat, email in seats for part in (seat, "1" if email else "0"))])
        if not out:
            raise NoSuchTable(table_id)
        doc, seq, snap_seq, snap_version, snap_state, waiting, needs, flat, first, entries, here, vacations, \
            everywhere, *tail = out
        loaded = Loaded(_text(doc), int(seq), int(snap_seq), _text(snap_version), _snapshot(snap_state), tail,
                        orjson.loads(waiting), int(needs) if needs else None)
        return loaded, _settle_reads([seat for seat, _ in seats], flat, first, entries, [], here, vacations,
                                     everywhere)

    def finished(self, table_id: str, keep: int) -> None:
        """The table's game is over: what only a live table needs goes ``keep`` seconds from now
        (sooner if it was due sooner): its idempotency records and its clocks; and its latest
        snapshot, read from now on only to show the end, is kept compressed (``load`` reads it
        either way). Two round trips (the table's keys share a slot: one node of a cluster)."""
        seq, state = self.redis.hmget(keys.snapshot(table_id), "seq", "state")
        state = state.encode() if isinstance(state, str) else state
        packed = state is not None and not state.startswith(PACKED)
        self._run(self._finished, [keys.idempotency(table_id), keys.clock(table_id), keys.snapshot(table_id)],
                  [keep, _text(seq) if packed else "", zlib.compress(state, 6) if packed else ""])

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

    def mail_states(self, table_id: str, names: list[str]) -> list[str | None]:
        values = self.redis.mget([keys.mail(table_id, name) for name in names]) if names else []
        return [_text(v) if v is not None else None for v in values]

    # -- threads: the Message-IDs of each seat's emails, so a game reads as one conversation --

    def thread(self, table_id: str, seat: str) -> list[str]:
        value = self.redis.hget(keys.thread(table_id), seat)
        return json.loads(value) if value else []

    def add_to_thread(self, table_id: str, seat: str, message_ids: list[str], keep: int = 12,
                      thread: list[str] | None = None) -> None:
        """Remember the ids (oldest first): the first of the thread and the latest ``keep``.
        ``thread``: the thread as the caller just read it (saves reading it again)."""
        ids = list(thread) if thread is not None else self.thread(table_id, seat)
        ids += [m for m in message_ids if m not in ids]
        if len(ids) > keep:
            ids = ids[:1] + ids[-(keep - 1):]
        self.redis.hset(keys.thread(table_id), seat, json.dumps(ids))

    # -- what arrived by email: a log per table a host and the player can read -------------

    def log_inbound(self, table_id: str, record: dict[str, Any], keep: int = 500) -> None:
        pipe = self.redis.pipeline(transaction=False)
        pipe.lpush(keys.inbound(table_id), json.dumps(record, separators=(",", ":")))
        pipe.ltrim(keys.inbound(table_id), 0, keep - 1)
        pipe.execute()

    def inbound(self, table_id: str, count: int = 100) -> list[dict[str, Any]]:
        """The latest records, newest first."""
        return [json.loads(r) for r in self.redis.lrange(keys.inbound(table_id), 0, count - 1)]

    def set_answering(self, table_id: str, seat: str, ttl: int) -> None:
        self.redis.set(keys.answering(table_id, seat), "1", ex=ttl)

    def clear_answering(self, table_id: str, seat: str) -> None:
        self.redis.delete(keys.answering(table_id, seat))

    def answering(self, table_id: str, seat: str) -> bool:
        return bool(self.redis.exists(keys.answering(table_id, seat)))

    # -- a rollback asked for, waiting for the other players' agreement (one per table) -----

    def open_rollback(self, table_id: str, request: str, ttl: int) -> bool:
        """Keep ``request`` as the table's pending rollback; False if one is pending already."""
        key = keys.rollback(table_id)
        if not self.redis.hsetnx(key, "request", request):
            return False
        self.redis.expire(key, ttl)
        return True

    def rollback(self, table_id: str) -> tuple[str, dict[str, str]] | None:
        """The pending request and its votes (seat -> vote), or None."""
        return _request(self.redis.hgetall(keys.rollback(table_id)))

    def vote_rollback(self, table_id: str, seat: str, vote: str) -> None:
        self.redis.hset(keys.rollback(table_id), f"vote:{seat}", vote)

    def close_rollback(self, table_id: str) -> bool:
        """Drop the pending request; True for the caller that dropped it."""
        return bool(self.redis.delete(keys.rollback(table_id)))

    def ping(self) -> bool:
        return bool(self.redis.ping())


def _settle_reads(names: list[str], flat: Any, first: Any, entries: list[bytes], states: list[Any], here: list[Any],
                  vacations: list[Any], everywhere: list[Any]) -> SettleReads:
    first = int(first)
    return SettleReads({_text(k): _text(v) for k, v in _pairs(flat).items()},
                       {first + n: entry for n, entry in enumerate(entries)},
                       [_text(v) if v else None for v in states],
                       {seat: _text(v) if v else None for seat, v in zip(names, here)},
                       {seat: _text(v) if v else None for seat, v in zip(names, everywhere)},
                       {seat: [(float(a), float(b)) for a, b in json.loads(v)] if v else []
                        for seat, v in zip(names, vacations)})


def _first_timed(clock: dict[str, str], seats: list[tuple[str, str, int | None]]) -> int:
    """The first log entry the clocks need (as settle_reads.lua works it out); 0 for none."""
    firsts = []
    for seat, _, current in seats:
        timed = int(clock[f"{seat}:edge"]) if clock.get(f"{seat}:edge") else None
        if timed != current:
            firsts += [timed + 1] if timed is not None else []
            firsts += [current] if current is not None else []
    return min(firsts, default=0)


PACKED = b"\x78"             # how a zlib stream starts (a state in JSON never does)


def _snapshot(value: Any) -> str:
    """A latest snapshot's state as kept: JSON, or JSON compressed once its table finished."""
    if isinstance(value, bytes) and value.startswith(PACKED):
        return zlib.decompress(value).decode()
    return _text(value)


def _dumps(value: Any) -> str:
    return orjson.dumps(value).decode()


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _pairs(flat: list[Any]) -> dict[Any, Any]:
    """A hash as a script returns it (field, value, ...)."""
    return dict(zip(flat[::2], flat[1::2]))


def _request(fields: dict[bytes, bytes]) -> tuple[str, dict[str, str]] | None:
    """A rollback hash read: (the request, its votes by seat), or None."""
    found = {_text(k): _text(v) for k, v in fields.items()}
    if "request" not in found:
        return None
    return found["request"], {k[5:]: v for k, v in found.items() if k.startswith("vote:")}


def _filed(version: str, state: str) -> bytes:
    """A snapshot kept for replay: cold data, so compressed (a Labyrinth state shrinks about 8x)."""
    return zlib.compress(f"{version}\n{state}".encode(), 6)


def _unfiled(value: bytes) -> tuple[str, str]:
    try:
        text = zlib.decompress(value).decode()
    except zlib.error:                 # filed before snapshots were compressed
        text = _text(value)
    version, state = text.split("\n", 1)
    return version, state
