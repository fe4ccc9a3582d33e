"""The shape of an export, checked before anything is re-run: each line a JSON object, the
header's fields and each entry's seq, by, event and cmd of the right types. Anyone may send an
export to verify, so a malformed one is refused with its line and what is wrong (422)."""

from typing import Any

from .errors import Invalid
from .history import KINDS

OBJECT, TEXT, WHOLE, NUMBER = (dict, "a JSON object"), (str, "a text"), (int, "a whole number"), \
    ((int, float), "a number")
# field: ((types, in words), required)
HEADER = {"format": (TEXT, True), "game": (TEXT, True), "options": (OBJECT, True), "seats": (OBJECT, True),
          "game_version": (((str, int), "a text or a whole number"), False), "seed": (TEXT, False),
          "seed_sha256": (TEXT, False), "from_position": (TEXT, False), "seq": (WHOLE, False),
          "created": (NUMBER, False), "result": (((dict, type(None)), "a JSON object or null"), False)}
SEAT = {"name": (TEXT, False), "bot": (TEXT, False)}
ENTRY = {"seq": (WHOLE, True), "by": (TEXT, True), "event": (OBJECT, True), "at": (NUMBER, False),
         "cmd": (TEXT, False)}
BACK = {"to_seq": (WHOLE, False), "asked_by": (TEXT, False)}        # an undo's or a rollback's own fields


def check(lines: list[Any]) -> None:
    """Raise Invalid (bad_export) at the first line that is not of an export's shape."""
    if not lines:
        raise Invalid("The export is empty.", code="bad_export")
    for number, line in enumerate(lines, 1):
        if not isinstance(line, dict):
            _refuse(number, "it is not a JSON object")
        if number == 1:
            _fields(number, line, HEADER)
            for seat, info in line["seats"].items():
                if not isinstance(info, dict):
                    _refuse(number, f"the seat {seat} is not a JSON object")
                _fields(number, info, SEAT, f"the seat {seat}'s ")
            continue
        _fields(number, line, ENTRY)
        if line["event"].get("type") in KINDS:
            _fields(number, line["event"], BACK, "the event's ")


def _fields(number: int, line: dict[str, Any], spec: dict[str, Any], whose: str = "") -> None:
    for name, ((kinds, words), required) in spec.items():
        if name not in line:
            if required:
                _refuse(number, f"it has no {whose}{name}")
        elif isinstance(line[name], bool) or not isinstance(line[name], kinds):   # JSON true is not the number 1
            _refuse(number, f"{whose}{name} is not {words}")


def _refuse(number: int, what: str) -> None:
    raise Invalid(f"Line {number}: {what}.", code="bad_export")
