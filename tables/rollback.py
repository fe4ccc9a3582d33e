"""A rollback past other seats' moves, with the consent of every other human player (issue 17).

A seat asks to go back to a seq (a decision's end, after the setup); the request waits in Redis
(one per table, for ``TTL``) while every other human seat agrees or refuses, by a signed link, a
reply ('agree' / 'refuse') or the API. Bots do not vote. All agree: the rollback is appended to
the log (who asked, who agreed, the reason; the branch it drops stays in the log as history) and
everyone is told. One refusal cancels it, and the asker is told. Any move made meanwhile lapses
it: the request names the seq it was asked at, and is good only while the log is still there.
"""

import json
import re
import secrets
from dataclasses import asdict, dataclass, field
from typing import Any
from urllib.parse import quote

import i18n
from i18n import N_
from store import Glance, TableStore

from . import envelope, history, signing
from . import taken_back as going_back
from .errors import Closed, Forbidden, Invalid
from .model import Table
from .notices import MailSettings, _base, reply_token
from .submit import Submitted
from .undo import append_going_back

TTL = 72 * 3600
AGREE, REFUSE = "agree", "refuse"


@dataclass
class Request:
    id: str
    asked_by: str
    to_seq: int
    at_seq: int                  # the table's seq when asked: the request holds only while it still is
    reason: str
    asked_at: float
    voters: list[str]
    votes: dict[str, str] = field(default_factory=dict)

    def public(self) -> dict[str, Any]:
        return asdict(self)

    @property
    def agreed(self) -> list[str]:
        return sorted(s for s, v in self.votes.items() if v == AGREE)

    def as_view(self) -> dict[str, Any]:
        """What any seat of the table may read of it (the seat's view): seats and numbers only."""
        return {"id": self.id, "asked_by": self.asked_by, "to_seq": self.to_seq, "reason": self.reason,
                "asked_at": self.asked_at, "agreed": self.agreed,
                "waiting_on": [s for s in self.voters if s not in self.votes], "expires_at": self.asked_at + TTL}


def pending(store: TableStore, table: Table, glance: Glance | None = None) -> Request | None:
    """The table's open request; one the game has moved past since is dropped (it lapsed).
    ``glance``: the request as just read with the table (else read here)."""
    found = glance.rollback if glance is not None else store.rollback(table.id)
    if found is None:
        return None
    request = Request(**json.loads(found[0]))
    request.votes = {s: v for s, v in found[1].items() if s in request.voters}
    if request.at_seq != table.seq:
        if table.seq > request.at_seq:      # moved on since it was asked (not a stale copy of the table)
            store.close_rollback(table.id)
        return None
    return request


def as_view(store: TableStore, table: Table, glance: Glance | None = None) -> dict[str, Any] | None:
    """The open request as a seat's view carries it, or None: read afresh (one Redis read, or with
    the table's seq in ``glance``), never from a copy of the table kept by seq, since asking or
    answering does not move the seq."""
    request = pending(store, table, glance)
    return request.as_view() if request is not None else None


def ask(store: TableStore, table: Table, seat: str, to_seq: int, reason: str, now: float,
        snapshot_every: int = 50) -> tuple[Request, Submitted | None]:
    """Open a request (and apply it at once when no other human seat must agree)."""
    if table.is_bot(seat):
        raise _said(Forbidden, "bot_seat", N_("A bot does not ask for rollbacks."))
    if table.result() is not None:
        raise _said(Closed, "game_over", N_("The game is over (its seed is public): it can no longer be rolled back."))
    _check_target(store, table, to_seq)
    if pending(store, table) is not None:
        raise _said(Closed, "rollback_pending", PENDING)
    voters = sorted(s for s in table.seats if s != seat and not table.is_bot(s))
    request = Request(secrets.token_hex(6), seat, to_seq, table.seq, reason.strip()[:300], round(now, 3), voters)
    if not voters:
        return request, _apply(store, table, request, now, snapshot_every)
    body = {k: v for k, v in request.public().items() if k != "votes"}
    if not store.open_rollback(table.id, json.dumps(body), TTL):
        raise _said(Closed, "rollback_pending", PENDING)
    return request, None


PENDING = N_("A rollback is already waiting for the players' answers at this table.")


def _said(error: type[Closed] | type[Forbidden] | type[Invalid], code: str, message: str,
          **values: Any) -> Closed | Forbidden | Invalid:
    """The error, in English, with its words kept to be said in the reader's language (i18n.reason)."""
    return i18n.said(error(message % values if values else message, code=code), message, **values)


def _check_target(store: TableStore, table: Table, to_seq: int) -> None:
    if not 1 <= to_seq < table.seq:
        raise _said(Invalid, "bad_rollback_seq",
                    N_("Roll back to an earlier event: one from the end of the setup to %(last)s."), last=table.seq - 1)
    entries = [envelope.loads(e) for e in store.read(table.id, upto=to_seq + 1)]
    setup_end = next((e["seq"] - 1 for e in entries[1:] if "move" in e), len(entries))
    if to_seq < setup_end:
        raise _said(Invalid, "bad_rollback_seq",
                    N_("The setup cannot be rolled back: go back to event %(seq)s at the earliest."), seq=setup_end)
    if "move" not in entries[to_seq]:        # the entry after to_seq (entries[to_seq] is seq to_seq + 1)
        raise _said(Invalid, "bad_rollback_seq", N_("Event %(seq)s is in the middle of a decision: roll back to the "
                                                   "end of one (a move's last event)."), seq=to_seq)


def boundary(store: TableStore, table: Table, seq: int) -> bool:
    """Whether a rollback may go back to ``seq``: a decision's end after the setup (the next entry
    starts a decision). One entry read; never changes once the log is past ``seq``."""
    if not 1 <= seq < table.seq:
        return False
    following = store.read(table.id, after=seq, upto=seq + 1)
    return bool(following) and "move" in envelope.loads(following[0])


def vote(store: TableStore, table: Table, seat: str, request_id: str, choice: str, now: float,
         snapshot_every: int = 50) -> tuple[Request, str, Submitted | None]:
    """``seat`` agrees or refuses; answers the request, the outcome ('waiting', 'applied' or
    'refused') and, once applied, what was appended."""
    if choice not in (AGREE, REFUSE):
        raise _said(Invalid, "bad_vote", N_("Answer agree or refuse."))
    request = pending(store, table)
    if request is None or request.id != request_id:
        raise _said(Closed, "no_such_rollback", N_("This rollback request is no longer open: it was answered, it "
                                                   "expired, or the game has moved on since it was asked."))
    if seat not in request.voters:
        raise _said(Forbidden, "not_a_voter", N_("Only the other players of the table answer this request."))
    store.vote_rollback(table.id, seat, choice)
    request.votes[seat] = choice
    if choice == REFUSE:
        store.close_rollback(table.id)
        return request, "refused", None
    if set(request.agreed) != set(request.voters):
        return request, "waiting", None
    if not store.close_rollback(table.id):          # another process took the last vote at the same time
        return request, "waiting", None
    return request, "applied", _apply(store, table, request, now, snapshot_every)


def _apply(store: TableStore, table: Table, request: Request, now: float, snapshot_every: int) -> Submitted:
    event = {"type": history.ROLLBACK, "to_seq": request.to_seq, "asked_by": request.asked_by,
             "agreed": request.agreed, "reason": request.reason, "request": request.id}
    return append_going_back(store, table, request.asked_by, event, now=now, snapshot_every=snapshot_every)


_COMMAND = re.compile(r"(?:rollback|roll\s*back)(?:\s+to)?(?:\s+event)?\s+#?(\d{1,9})\s*(?:[:\-\u2013\u2014]\s*(.*))?",
                      re.IGNORECASE | re.DOTALL)


def command(lines: list[str]) -> tuple[int, str] | None:
    """(seq, reason) when a reply asks for a rollback: its first line 'rollback N' or 'rollback N: why'
    (also 'roll back to N'); a reason may go on over the next lines. None when it is not one."""
    if not lines:
        return None
    found = _COMMAND.fullmatch(lines[0].strip().rstrip(".!"))
    if found is None:
        return None
    reason = " ".join([(found.group(2) or "").strip(), *(line.strip() for line in lines[1:])]).strip()
    return int(found.group(1)), reason


def words(text: str) -> str | None:
    """'agree' or 'refuse' when a reply says just that (a few synonyms too); else None."""
    said = (text or "").strip().lower().rstrip(".!")
    if said in ("agree", "yes", "ok", "i agree"):
        return AGREE
    if said in ("refuse", "no", "decline", "i refuse"):
        return REFUSE
    return None


# -- what the emails say ---------------------------------------------------------------------

def vote_token(secret_key: str, table_id: str, seat: str, request_id: str, choice: str, expires: int) -> str:
    return signing.sign(secret_key, "rollback", table_id, seat, request_id, choice, expires)


def read_vote_token(secret_key: str, token: str) -> tuple[str, str, str, str, int] | None:
    fields = signing.verify(secret_key, "rollback", token, 5)
    if fields is None or not fields[4].isdigit() or fields[3] not in (AGREE, REFUSE):
        return None
    return fields[0], fields[1], fields[2], fields[3], int(fields[4])


def taken_back(store: TableStore, table: Table, seat: str, request: Request) -> list[str]:
    """What the rollback would take back, as ``seat`` may read it, so a vote need not open the log."""
    return going_back.lines(store, table, seat, request.to_seq, table.seq)


def email(table: Table, seat: str, request: Request, stage: str, m: MailSettings,
          lines: list[str] | None = None) -> dict[str, Any]:
    """To one seat: ``stage`` 'asked' (with agree/refuse links and ``lines``, what it takes back) or
    'refused' (an applied rollback is told as every move taken back is: tables/taken_back.py)."""
    content = _base(table, seat, m)
    names = {s: i["name"] for s, i in table.seats.items()}
    base = m.public_url.rstrip("/")
    expires = int(min(m.now + m.link_ttl, request.asked_at + TTL))
    content.update({"kind": "rollback", "stage": stage, "seq": table.seq, "asker": names[request.asked_by],
                    "to_seq": request.to_seq, "reason": request.reason,
                    "refused": [names[s] for s, v in request.votes.items() if v == REFUSE],
                    "reply_to": None, "agree": None, "refuse": None, "lines": lines or []})
    if stage == "asked":
        content["reply_to"] = f"play+{reply_token(m.secret_key, table.id, seat, table.seq)}@{m.reply_domain}"
        for choice in (AGREE, REFUSE):
            token = vote_token(m.secret_key, table.id, seat, request.id, choice, expires)
            content[choice] = f"{base}/rollback/{quote(token)}"
    return content
