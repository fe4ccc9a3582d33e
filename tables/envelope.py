"""The stored form of one event: the game's event wrapped with who, when, why and where."""

import json
from typing import Any

Entry = dict[str, Any]


def wrap(events: list[dict[str, Any]], first_seq: int, by: str, move: Any, cmd: str, at: float) -> list[Entry]:
    """Envelopes for one decision; the move rides on the first event of its batch."""
    entries = []
    for i, event in enumerate(events):
        entry: Entry = {"seq": first_seq + i, "by": by, "at": round(at, 3), "cmd": cmd, "event": event}
        if i == 0:
            entry["move"] = move
        entries.append(entry)
    return entries


def dumps(entry: Entry) -> str:
    return json.dumps(entry, separators=(",", ":"), sort_keys=True)


def loads(text: str) -> Entry:
    return json.loads(text)


def events_of(stored: list[str]) -> list[dict[str, Any]]:
    """The game's events of stored entries, exactly as every later load will read them."""
    return [json.loads(text)["event"] for text in stored]


def batches(entries: list[Entry]) -> list[list[Entry]]:
    """Group entries by the decision that made them (a new batch starts at each move)."""
    out: list[list[Entry]] = []
    for entry in entries:
        if "move" in entry or not out:
            out.append([entry])
        else:
            out[-1].append(entry)
    return out
