"""The stored form of one event: the game's event wrapped with who, when, why and where.

Its JSON is written and read with orjson (the hot JSON of every move and load: about 30x
faster than the json module here): keys sorted, compact, UTF-8 as it is."""

from typing import Any

import orjson

from . import codec

Entry = dict[str, Any]


def wrap(events: list[dict[str, Any]], first_seq: int, by: str, move: Any, cmd: str, at: float) -> list[Entry]:
    """Envelopes for one decision; the move and the id of the command that made it ride on the
    first event of its batch (the others belong to the same batch, so they need neither)."""
    entries = []
    for i, event in enumerate(events):
        entry: Entry = {"seq": first_seq + i, "by": by, "at": round(at, 3), "event": event}
        if i == 0:
            entry["move"], entry["cmd"] = move, cmd
        entries.append(entry)
    return entries


def dumps(entry: Entry) -> str:
    return orjson.dumps(entry, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS).decode()


def loads(stored: bytes | str) -> Entry:
    """An entry as kept in the store (compressed or not), or as JSON text."""
    return orjson.loads(codec.decode(stored))


def encode(texts: list[str], game: str) -> list[bytes]:
    """Entries as the store keeps them (see tables/codec.py)."""
    return [codec.encode(text, game) for text in texts]


def events_of(stored: list[str]) -> list[dict[str, Any]]:
    """The game's events of stored entries, exactly as every later load will read them."""
    return [orjson.loads(text)["event"] for text in stored]


def batches(entries: list[Entry]) -> list[list[Entry]]:
    """Group entries by the decision that made them (a new batch starts at each move)."""
    out: list[list[Entry]] = []
    for entry in entries:
        if "move" in entry or not out:
            out.append([entry])
        else:
            out[-1].append(entry)
    return out
