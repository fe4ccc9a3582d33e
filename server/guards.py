"""What requests pass at the edge, before a route acts on them: the nesting depth of a JSON body
(Python's parser recurses: 100,000 levels would crash it), the operator's API keys, and the rate
limits on new tables and on the addresses they email (flask-limiter, counted in Redis, so every
API process shares them)."""

import hashlib
import hmac
import math
import re
import time
from collections.abc import Iterable

from flask import Flask, current_app, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from limits import RateLimitItem, parse_many

import config
import tables
from store import connect

MAX_JSON_DEPTH = 64            # levels of arrays and objects; the deepest real request has 4
_STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"', re.S)
_RUNS = re.compile(rb"[\[{]+|[\]}]+")
API_KEY_HEADER = "X-API-Key"


def json_depth(body: bytes, limit: int) -> int:
    """How deep the arrays and objects of a JSON text go (strings do not count), stopping as soon
    as ``limit`` is passed. Not a parser: a malformed body is left to the parser's own error."""
    depth = deepest = 0
    for run in _RUNS.finditer(_STRINGS.sub(b"", body)):
        brackets = run.group()
        depth += len(brackets) if brackets[0] in b"[{" else -len(brackets)
        deepest = max(deepest, depth)
        if deepest > limit:
            break
    return deepest


class TooMany(tables.TableError):
    status, code = 429, "rate_limited"


def init_app(app: Flask, settings: config.Settings) -> None:
    app.extensions["pbem_limiter"] = Limiter(
        key_func=get_remote_address, app=app, storage_uri=connect.cluster_url(settings.redis_url) if settings.cluster else settings.redis_url, strategy="moving-window",
        key_prefix="pbem-limit")

    @app.before_request
    def shallow_json() -> None:
        if request.is_json and json_depth(request.get_data(cache=True), MAX_JSON_DEPTH) > MAX_JSON_DEPTH:
            raise tables.TableError(f"The request's JSON is nested too deeply (at most {MAX_JSON_DEPTH} levels).",
                                    code="too_deep")


def client_key(settings: config.Settings) -> str:
    """Who is creating tables: their API key when the server asks for one, else the address the
    request came from. The key must be one of the operator's (401 without one, 403 for another)."""
    keys = settings.api_key_list
    if not keys:
        return "ip:" + (get_remote_address() or "unknown")
    given = request.headers.get(API_KEY_HEADER, "").strip()
    if not given:
        raise tables.Unauthorized(f"This server creates tables only for its users: send your API key in the "
                                  f"{API_KEY_HEADER} header.", code="api_key_required")
    if not any(hmac.compare_digest(given.encode(), key.encode()) for key in keys):
        raise tables.Forbidden("That API key is not one of this server's.", code="wrong_api_key")
    return "key:" + hashlib.sha256(given.encode()).hexdigest()[:16]


def limit_new_table(settings: config.Settings, addresses: Iterable[str]) -> None:
    """Count a new table against its creator's limit and against each address it will email;
    over either, 429 (nothing is created, nobody is emailed)."""
    who = client_key(settings)
    _hit(settings.rate_limit_tables, who, "tables",
         "Too many new tables from you ({limit}); try again {later}.")
    for address in sorted({a.strip().lower() for a in addresses if a}):
        _hit(settings.rate_limit_invites, "to:" + address, "invites",
             f"Too many new tables invite {address} ({{limit}}); try again {{later}}.")


def _hit(limits: str, key: str, scope: str, sentence: str) -> None:
    """One hit on each of ``limits`` (e.g. "10 per minute; 100 per day") for ``key``; over one, 429."""
    if not limits.strip():
        return
    counter = current_app.extensions["pbem_limiter"].limiter       # flask-limiter's strategy, on Redis
    for item in parse_many(limits):
        if not counter.hit(item, scope, key):
            wait = max(1, math.ceil(counter.get_window_stats(item, scope, key).reset_time - time.time()))
            raise TooMany(sentence.format(limit=_words(item), later=_later(wait)), retry_after=wait)


def _words(item: RateLimitItem) -> str:
    unit = item.GRANULARITY.name
    return f"at most {item.amount} {'a' if item.multiples == 1 else 'per'} " + \
        (unit if item.multiples == 1 else f"{item.multiples} {unit}s")


def _later(seconds: int) -> str:
    if seconds < 120:
        return f"in {seconds} seconds"
    if seconds < 7200:
        return f"in {math.ceil(seconds / 60)} minutes"
    return f"in {math.ceil(seconds / 3600)} hours"
