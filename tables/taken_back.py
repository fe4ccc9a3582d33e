"""Tell, don't refuse stale (issue 22): an undo or a consent rollback is told to every seat it
affects, with what was taken back in the words of the log, as that seat may read them.

A seat is affected when it could see something of what was taken back, or was being asked
something just before (its question went away or changed). The one who undid gets the answer to
its own request instead; a rollback is told to everyone, the asker too (the last to agree decided it).
The email carries the seat's reply address as it is now, and stands in for no turn email.
"""

from typing import Any

from store import TableStore

from . import envelope, history
from .model import Table, state_at
from .notices import MailSettings, reply_token, turn
from .reading import entries_for, names


def lines(store: TableStore, table: Table, seat: str, to_seq: int, upto: int) -> list[str]:
    """What going back to ``to_seq`` from ``upto`` takes back, as ``seat`` may read it: one line per
    card play or placement (moves an earlier undo already took back are left out)."""
    entries = entries_for(table, [envelope.loads(e) for e in store.read(table.id, after=to_seq, upto=upto)], seat)
    return history.summarize(table.game, [e["event"] for e in entries if not e.get("undone")], seat, names(table))


def going_back(store: TableStore, table: Table, seq: int) -> dict[str, Any] | None:
    """The undo or rollback event at ``seq``; None when that entry is none."""
    found = store.read(table.id, after=seq - 1, upto=seq)
    event = envelope.loads(found[0])["event"] if found else {}
    return event if history.is_platform(event) else None


def told(store: TableStore, table: Table, seq: int) -> dict[str, list[str]]:
    """The human seats to tell of the undo or rollback at ``seq``, each with its lines."""
    event = going_back(store, table, seq)
    if event is None:
        return {}
    asked_before = table.game.prompts(state_at(store, table, seq - 1))
    out = {}
    for seat, info in table.seats.items():
        if info.get("bot") or not info.get("email") or (event["type"] == history.UNDO and seat == event["asked_by"]):
            continue
        taken = lines(store, table, seat, event["to_seq"], seq - 1)
        if taken or seat in asked_before:
            out[seat] = taken
    return out


def email(store: TableStore, table: Table, seat: str, seq: int, event: dict[str, Any], taken: list[str],
          m: MailSettings) -> dict[str, Any]:
    """To one seat: who took back what (or rolled the game back, with whose agreement and why), and
    where the game stands now as a turn email says it, with the seat's reply address as it is now."""
    who = names(table)
    content = turn(table, seat, m, store)
    content.update({
        "kind": "taken_back", "going_back": event["type"], "at": seq, "to_seq": event["to_seq"],
        "asker": who.get(event["asked_by"], event["asked_by"]), "line": history.describe(event, who), "lines": taken,
        "back_event": event, "back_names": who,        # the line again in the reader's language (notices.in_words)
        "reply_to": f"play+{reply_token(m.secret_key, table.id, seat, table.seq)}@{m.reply_domain}"})
    return content
