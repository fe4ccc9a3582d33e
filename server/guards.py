"""What requests pass at the edge, before a route acts on them: the nesting depth of a JSON body
(Python's parser recurses: 100,000 levels would crash it), who may create tables directly (the
operator's API keys, else the host's own machine), and the rate limits on new tables and on the
addresses they email (tables/rate_limits.py with the `limits` library, counted in Redis, so every
API process and the workers share them). Only the routes that create something count against a
limit, by calling these guards: no other request pays for rate limiting."""

import hashlib
import hmac
import ipaddress
import re
from collections.abc import Iterable

from flask import Flask, current_app, request

import config
import tables
from store import connect
from tables import rate_limits

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


def init_app(app: Flask, settings: config.Settings) -> None:
    app.extensions["pbem_limiter"] = rate_limits.limiter(
        connect.cluster_url(settings.redis_url) if settings.cluster else settings.redis_url)

    @app.before_request
    def shallow_json() -> None:
        if request.is_json and too_deep(request.get_data(cache=True)):
            raise tables.TableError(f"The request's JSON is nested too deeply (at most {MAX_JSON_DEPTH} levels).",
                                    code="too_deep")


def too_deep(body: bytes) -> bool:
    """Deeper than MAX_JSON_DEPTH? Only a body with more opening brackets than that is scanned:
    counting them is one pass in C, the scan a regex over the body (most bodies are a few fields)."""
    return body.count(b"[") + body.count(b"{") > MAX_JSON_DEPTH and json_depth(body, MAX_JSON_DEPTH) > MAX_JSON_DEPTH


def remote_address() -> str:
    return request.remote_addr or "unknown"


def client_key(settings: config.Settings) -> str:
    """Who is creating tables: their API key when the server asks for one, else the address the
    request came from. The key must be one of the operator's (401 without one, 403 for another)."""
    keys = settings.api_key_list
    if not keys:
        return "ip:" + remote_address()
    given = request.headers.get(API_KEY_HEADER, "").strip()
    if not given:
        raise tables.Unauthorized(f"This server creates tables only for its users: send your API key in the "
                                  f"{API_KEY_HEADER} header.", code="api_key_required")
    if not any(hmac.compare_digest(given.encode(), key.encode()) for key in keys):
        raise tables.Forbidden("That API key is not one of this server's.", code="wrong_api_key")
    return "key:" + hashlib.sha256(given.encode()).hexdigest()[:16]


PROXY_HEADERS = ("X-Forwarded-For", "X-Real-IP", "Forwarded")


def from_this_machine() -> bool:
    """The request came straight from the host's own machine: its socket's peer is a loopback
    address and no proxy relayed it. A proxy on the host connects from loopback for everyone, so a
    request carrying a proxy's header is never local, whatever address the header names."""
    if any(name in request.headers for name in PROXY_HEADERS):
        return False
    try:
        peer = ipaddress.ip_address((request.remote_addr or "").split("%")[0])
    except ValueError:
        return False
    if isinstance(peer, ipaddress.IPv6Address) and peer.ipv4_mapped:
        peer = peer.ipv4_mapped
    return peer.is_loopback


def require_open_tables(settings: config.Settings) -> None:
    """POST /tables emails whichever addresses it names. Without API keys (which then decide), it
    answers only the host's own machine unless the host opened it (PBEM_OPEN_TABLES); players
    start games through /new and POST /invitations, which ask each address first."""
    if settings.api_key_list or settings.open_tables or from_this_machine():
        return
    raise tables.Forbidden("This server creates tables directly only for its host. To start a game, use the "
                           "page /new, or POST /invitations, which asks each player by email first.",
                           code="tables_closed")


def limit_new_table(settings: config.Settings, addresses: Iterable[str], per_client: bool = True) -> None:
    """Count a new table (or a new game asked for, or a join request) against its creator's limit
    (``per_client``) and against each address it will email; over either, 429 (nothing is created,
    nobody is emailed)."""
    rate_limits.count(current_app.extensions["pbem_limiter"], settings.rate_limit_tables,
                      settings.rate_limit_invites, client_key(settings) if per_client else None, addresses)


def limit_player_request(settings: config.Settings, addresses: Iterable[str]) -> None:
    """A game asked for by a player (the page, POST /invitations, a join request): counted against the
    address the request came from (players have no API key) and each address it will email."""
    rate_limits.count(current_app.extensions["pbem_limiter"], settings.rate_limit_tables,
                      settings.rate_limit_invites, "ip:" + remote_address(), addresses)
