"""Signed tokens for reply addresses and option links: fields joined by dots, then an HMAC.

Every field must be made of letters, digits, '_' or '-' (table ids and seats are), so a token
fits in the local part of an email address and in a URL as it is.
"""

import hashlib
import hmac

MAC_LENGTH = 20     # hex characters: 80 bits


def _mac(secret_key: str, purpose: str, fields: list[str]) -> str:
    message = "\n".join([purpose, *fields]).encode()
    return hmac.new(secret_key.encode(), message, hashlib.sha256).hexdigest()[:MAC_LENGTH]


def sign(secret_key: str, purpose: str, *fields: object) -> str:
    parts = [str(f) for f in fields]
    return ".".join([*parts, _mac(secret_key, purpose, parts)])


def verify(secret_key: str, purpose: str, token: str, count: int) -> list[str] | None:
    """The ``count`` fields of a genuine token; None for a forged or mangled one."""
    if not token.isascii():           # never one of ours (and hmac cannot compare it)
        return None
    parts = token.strip().split(".")
    if len(parts) != count + 1:
        return None
    fields, mac = parts[:-1], parts[-1]
    if not hmac.compare_digest(mac.lower(), _mac(secret_key, purpose, fields)):
        return None
    return fields


def sign_email(secret_key: str, purpose: str, email: str) -> str:
    """A player's own key (their calendar, their lobby): the address, hex-encoded, and a MAC."""
    return sign(secret_key, purpose, email.lower().encode().hex())


def email_of(secret_key: str, purpose: str, key: str) -> str | None:
    """The address a genuine ``sign_email`` key names; None for a forged or mangled one."""
    fields = verify(secret_key, purpose, key, 1)
    try:
        return bytes.fromhex(fields[0]).decode() if fields else None
    except (ValueError, UnicodeDecodeError):
        return None
