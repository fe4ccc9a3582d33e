"""Who is asking: the bearer's seat at a table, from the Authorization header or ?token=."""

from flask import request

import tables

from .extensions import services


def credential() -> str | None:
    header = request.headers.get("Authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip() or None
    return request.args.get("token") or None


def seat_for(table: tables.Table) -> str | None:
    """The bearer's seat; None for an observer. A wrong credential is refused (403)."""
    return tables.seat_of(table, credential(), services().settings.secret_key)


def required_seat(table: tables.Table) -> str:
    seat = seat_for(table)
    if seat is None:
        raise tables.Unauthorized("Moves need your seat's token: send 'Authorization: Bearer <token>'.")
    return seat
