"""Who is asking: the bearer's seat at a table, from the Authorization header or ?token=."""

from collections.abc import Callable

from flask import request

import tables

from .extensions import services


def credential() -> str | None:
    """The bearer token, else ?token=; None for none. A Bearer header without a token is refused,
    as is a wrong one: only the header's own blanks (space, tab) are trimmed, since Python's
    strip would also take bytes such as 0xA0 or 0x85 (WSGI hands the header over as latin-1)
    and leave nothing, an observer's credential."""
    return credential_of(request.headers.get("Authorization", ""), request.args.get)


def credential_of(authorization: str, query: Callable[[str], str | None] | None = None) -> str | None:
    """``credential`` from the Authorization header's value and, without a bearer token, the
    query's ``token`` (``query``: how a query's parameter is read; None for no query)."""
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() == "bearer":
        token = token.strip(" \t")
        if not token:
            raise tables.Forbidden("The Authorization header names no token: send 'Authorization: Bearer <token>' "
                                   "(or no Authorization header to look on).")
        return token
    return (query("token") if query else None) or None


def seat_for(table: tables.Table) -> str | None:
    """The bearer's seat; None for an observer. A wrong credential is refused (403)."""
    return tables.seat_of(table, credential(), services().settings.secret_key)


def required_seat(table: tables.Table) -> str:
    return seat_required(table, credential(), services().settings.secret_key)


def seat_required(table: tables.Table, token: str | None, secret_key: str) -> str:
    """The seat ``token`` sits at; a wrong one is refused (403), none too (401)."""
    seat = tables.seat_of(table, token, secret_key)
    if seat is None:
        raise tables.Unauthorized("Moves need your seat's token: send 'Authorization: Bearer <token>'.")
    return seat
