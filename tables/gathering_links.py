"""The signed links and reply addresses of a gathering (issue 21). Each names what it does in its
URL (`/confirm/`, `/accept/`, `/decline/`, `/join/`, `/never/`, `/rematch/`), opens a page with one
button (mail scanners open every link and must never act for anyone), and carries an HMAC, so a
forged or altered one is refused. A reply address carries the same token:
``start+<token>@<domain>`` for the creator's and a joiner's emails, ``invite+<token>@`` for an
invitation's.
"""

from dataclasses import dataclass
from urllib.parse import quote

from . import signing
from .auth import link_key


@dataclass(frozen=True)
class Confirm:
    gid: str
    what: str           # "new": the creator's request; "join": an open seat's taker
    ref: str            # the join request's nonce ("-" for a new game)
    expires: int


def confirm_token(secret: str, gid: str, what: str, ref: str, expires: float) -> str:
    return signing.sign(secret, "confirm", gid, what, ref, int(expires))


def read_confirm(secret: str, token: str) -> Confirm | None:
    fields = signing.verify(secret, "confirm", token, 4)
    if fields is None or fields[1] not in ("new", "join") or not fields[3].isdigit():
        return None
    return Confirm(fields[0], fields[1], fields[2], int(fields[3]))


def invite_token(secret: str, gid: str, seat: str, n: int) -> str:
    return signing.sign(secret, "invite", gid, seat, n)


def read_invite(secret: str, token: str) -> tuple[str, str, int] | None:
    fields = signing.verify(secret, "invite", token, 3)
    if fields is None or not fields[2].isdigit():
        return None
    return fields[0], fields[1], int(fields[2])


def join_key(secret: str, gid: str, seat: str) -> str:
    return signing.sign(secret, "join", gid, seat)


def read_join(secret: str, key: str) -> tuple[str, str] | None:
    fields = signing.verify(secret, "join", key, 2)
    return (fields[0], fields[1]) if fields else None


def manage_token(secret: str, gid: str) -> str:
    """The creator's reply address for a gathering's emails: fill a seat again, or cancel."""
    return signing.sign(secret, "manage", gid)


def read_manage(secret: str, token: str) -> str | None:
    fields = signing.verify(secret, "manage", token, 1)
    return fields[0] if fields else None


def never_key(secret: str, email: str) -> str:
    return signing.sign_email(secret, "never", email)


def never_email(secret: str, key: str) -> str | None:
    return signing.email_of(secret, "never", key)


def rematch_token(secret: str, table_id: str, seat: str) -> str:
    return signing.sign(secret, "rematch", table_id, seat)


def read_rematch(secret: str, token: str) -> tuple[str, str] | None:
    fields = signing.verify(secret, "rematch", token, 2)
    return (fields[0], fields[1]) if fields else None


@dataclass(frozen=True)
class Links:
    """Where a gathering's links point, for one server."""
    base: str
    secret: str
    domain: str

    def confirm(self, gid: str, what: str, ref: str, expires: float) -> str:
        return f"{self.base}/confirm/{confirm_token(self.secret, gid, what, ref, expires)}"

    def confirm_reply(self, gid: str, what: str, ref: str, expires: float) -> str:
        return f"start+{confirm_token(self.secret, gid, what, ref, expires)}@{self.domain}"

    def accept(self, gid: str, seat: str, n: int) -> str:
        return f"{self.base}/accept/{invite_token(self.secret, gid, seat, n)}"

    def decline(self, gid: str, seat: str, n: int) -> str:
        return f"{self.base}/decline/{invite_token(self.secret, gid, seat, n)}"

    def invite_reply(self, gid: str, seat: str, n: int) -> str:
        return f"invite+{invite_token(self.secret, gid, seat, n)}@{self.domain}"

    def join(self, gid: str, seat: str) -> str:
        return f"{self.base}/join/{join_key(self.secret, gid, seat)}"

    def manage_reply(self, gid: str) -> str:
        return f"start+{manage_token(self.secret, gid)}@{self.domain}"

    def never(self, email: str) -> str:
        return f"{self.base}/never/{never_key(self.secret, email)}"

    def seat(self, gid: str, seat: str) -> str:
        """The seat's page: the gathering while it fills, the table once it started."""
        return f"{self.base}/play/{gid}?token={quote(link_key(self.secret, gid, seat))}"

    def rematch(self, table_id: str, seat: str) -> str:
        return f"{self.base}/rematch/{rematch_token(self.secret, table_id, seat)}"

    def rules(self, game: str) -> str:
        return f"{self.base}/rules/{game}"

    def new(self) -> str:
        return f"{self.base}/new"
