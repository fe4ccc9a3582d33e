"""Seat tokens: random secrets, kept only as their SHA-256."""

import hashlib
import hmac
import secrets

from .errors import Forbidden
from .model import Table


def new_token() -> tuple[str, str]:
    token = secrets.token_urlsafe(24)
    return token, token_hash(token)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def link_key(secret_key: str, table_id: str, seat: str) -> str:
    """The credential inside the links of a seat's emails: signed, so no token is kept in clear."""
    mac = hmac.new(secret_key.encode(), f"{table_id}\n{seat}".encode(), hashlib.sha256).hexdigest()[:32]
    return f"{seat}.{mac}"


def seat_of(table: Table, token: str | None, secret_key: str) -> str | None:
    """The seat a credential sits at (a seat token or a link key); None for an observer.
    A wrong credential is refused."""
    if not token:
        return None
    if not token.isascii():           # never one of ours (and hmac cannot compare it)
        raise Forbidden("That token does not belong to any seat at this table.")
    seat = token.split(".", 1)[0]
    if "." in token and seat in table.seats and hmac.compare_digest(token, link_key(secret_key, table.id, seat)):
        return seat
    digest = token_hash(token)
    for seat, info in table.seats.items():
        if info.get("token_sha256") and hmac.compare_digest(info["token_sha256"], digest):
            return seat
    raise Forbidden("That token does not belong to any seat at this table.")
