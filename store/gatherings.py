"""Gatherings: tables that players set up themselves, kept while their seats fill (issue 21).

A gathering is one Redis hash under the hash tag of the table it will become (``doc``: what was
asked, JSON, written once; ``seed``: the table's secret seed; ``status``; ``seat:<seat>``: JSON,
one field a seat). Every change is a compare-and-set (store/lua/gathering_cas.lua): the fields
it read must be unchanged, so two people confirming the last open seat at once cannot both take
it. Around it: a player's index of gatherings, the due times of invitations, the public list,
the addresses that asked never to be emailed, open seats' join requests and a finished table's
rematch. No game knowledge here.
"""

import json
from pathlib import Path
from typing import Any

from . import keys

_CAS = (Path(__file__).parent / "lua" / "gathering_cas.lua").read_text()
MAIL_KEPT = 30 * 86400        # how long the delivery state of a gathering's email is kept


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def create(store: Any, gid: str, fields: dict[str, str], ttl: int) -> bool:
    """Write a new gathering, expiring after ``ttl`` seconds unless confirmed; False when the id is
    taken (by a gathering or a table)."""
    redis = store.redis
    if redis.exists(keys.meta(gid)) or not redis.hsetnx(keys.gathering(gid), "status", fields["status"]):
        return False
    pipe = redis.pipeline(transaction=False)
    pipe.hset(keys.gathering(gid), mapping=fields)
    pipe.expire(keys.gathering(gid), ttl)
    pipe.execute()
    return True


def read(store: Any, gid: str) -> dict[str, str] | None:
    """Every field of the gathering as stored (text); None when there is none (never made, lapsed
    unconfirmed, or started: a started gathering is the table)."""
    if not gid.isascii():
        return None
    raw = store.redis.hgetall(keys.gathering(gid))
    return {_text(k): _text(v) for k, v in raw.items()} if raw else None


def change(store: Any, gid: str, expected: dict[str, str], new: dict[str, str], ttl: int | None = 0) -> bool:
    """Set ``new`` if every field of ``expected`` still holds its value ('' for absent); then the
    gathering expires after ``ttl`` seconds (None: never; 0: as before). All or nothing."""
    args: list[str] = [str(-1 if ttl is None else ttl), str(len(expected))]
    for field, value in expected.items():
        args += [field, value]
    for field, value in new.items():
        args += [field, value]
    return bool(store.redis.eval(_CAS, 1, keys.gathering(gid), *args))


def forget_mail(store: Any, gid: str, field: str) -> None:
    """An email of the gathering is sent: its descriptor goes."""
    store.redis.hdel(keys.gathering(gid), field)


def delete(store: Any, gid: str) -> None:
    store.redis.delete(keys.gathering(gid))


# -- who is asked where --------------------------------------------------------------------

def index_player(store: Any, email: str, gid: str, present: bool) -> None:
    if present:
        store.redis.sadd(keys.player_gatherings(email), gid)
    else:
        store.redis.srem(keys.player_gatherings(email), gid)


def player_gatherings(store: Any, email: str) -> list[str]:
    return sorted(_text(g) for g in store.redis.smembers(keys.player_gatherings(email)))


# -- due times: an invitation lapses, an idle gathering is given up ---------------------------

def schedule(store: Any, member: str, at: float) -> None:
    store.redis.zadd(keys.GATHERINGS_DUE, {member: at})


def unschedule(store: Any, *members: str) -> None:
    if members:
        store.redis.zrem(keys.GATHERINGS_DUE, *members)


def due(store: Any, now: float, limit: int = 200) -> list[str]:
    return [_text(m) for m in store.redis.zrangebyscore(keys.GATHERINGS_DUE, 0, now, start=0, num=limit)]


# -- the public list of open seats --------------------------------------------------------

def publish(store: Any, gid: str, at: float | None) -> None:
    """List the gathering among the public ones since ``at``, or take it off (None)."""
    if at is None:
        store.redis.zrem(keys.GATHERINGS_PUBLIC, gid)
    else:
        store.redis.zadd(keys.GATHERINGS_PUBLIC, {gid: at})


def public(store: Any, limit: int = 100) -> list[str]:
    return [_text(g) for g in store.redis.zrevrange(keys.GATHERINGS_PUBLIC, 0, limit - 1)]


# -- addresses that asked never to be emailed ------------------------------------------------

def set_never(store: Any, email: str, never: bool) -> None:
    if never:
        store.redis.set(keys.player_never(email), "1")
    else:
        store.redis.delete(keys.player_never(email))


def never(store: Any, email: str) -> bool:
    return bool(store.redis.exists(keys.player_never(email)))


# -- an open seat's join request, until its email is confirmed --------------------------------

def put_join(store: Any, gid: str, nonce: str, record: dict[str, Any], ttl: int) -> None:
    store.redis.set(keys.join_request(gid, nonce), json.dumps(record), ex=ttl)


def get_join(store: Any, gid: str, nonce: str) -> dict[str, Any] | None:
    value = store.redis.get(keys.join_request(gid, nonce))
    return json.loads(value) if value else None


def drop_join(store: Any, gid: str, nonce: str) -> None:
    store.redis.delete(keys.join_request(gid, nonce))


# -- a finished table's rematch ------------------------------------------------------------

def claim_rematch(store: Any, table_id: str, gid: str) -> str:
    """Note ``gid`` as the table's rematch unless one is noted already; returns the one noted."""
    if store.redis.set(keys.rematch(table_id), gid, nx=True):
        return gid
    return _text(store.redis.get(keys.rematch(table_id)))


def rematch_of(store: Any, table_id: str) -> str | None:
    value = store.redis.get(keys.rematch(table_id))
    return _text(value) if value else None


def forget_rematch(store: Any, table_id: str, gid: str) -> None:
    """The rematch ``gid`` lapsed: a player may ask for another."""
    if rematch_of(store, table_id) == gid:
        store.redis.delete(keys.rematch(table_id))


# -- one email of a gathering, sent once ---------------------------------------------------

def claim_mail(store: Any, gid: str, name: str, ttl: int) -> bool:
    return bool(store.redis.set(keys.mail(gid, name), "sending", nx=True, ex=ttl))


def mail_sent(store: Any, gid: str, name: str) -> None:
    store.redis.set(keys.mail(gid, name), "sent", ex=MAIL_KEPT)


def release_mail(store: Any, gid: str, name: str) -> None:
    store.redis.delete(keys.mail(gid, name))


def mail_state(store: Any, gid: str, name: str) -> str | None:
    value = store.redis.get(keys.mail(gid, name))
    return _text(value) if value is not None else None


# -- an email to a gathering's address, handled once ---------------------------------------------

def first_time(store: Any, message_key: str, ttl: int) -> bool:
    """True the first time an inbound email (its Message-ID's key) is seen, for ``ttl`` seconds."""
    return bool(store.redis.set(f"mail-in:{message_key}", "1", nx=True, ex=ttl))
