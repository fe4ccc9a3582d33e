"""A player's deadlines as an iCalendar feed (RFC 5545), written with the standard library.

:func:`calendar` turns a list of deadlines into VCALENDAR text: CRLF line endings, content
lines folded at 75 octets (never inside a UTF-8 character), and TEXT values escaped.
Pure: the time of the feed (``now``, for DTSTAMP) is passed in.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone

PRODID = "-//pbem//Table deadlines//EN"
EVENT_DURATION = "PT15M"
ALARM_TRIGGER = "-PT1H"
REFRESH = "PT1H"            # how often a calendar client should fetch the feed again
LINE_OCTETS = 75

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")     # not allowed in TEXT (tab is)
_NEWLINE = re.compile(r"\r\n|\r|\n")
_UNITS = re.compile(r"\\.|.", re.DOTALL)


def calendar(events: list[dict], *, name: str, now: float, description: str | None = None) -> str:
    """The VCALENDAR text of ``events``, each ``{"uid", "deadline", "summary", "description", "url"}``.

    One VEVENT per item, starting at its deadline (UTC) and lasting 15 minutes, with a display
    alarm an hour before. ``description`` and ``url`` may be missing or None. The calendar's own
    ``description`` (X-WR-CALDESC), if given, says what the feed holds.
    """
    stamp = utc_stamp(now)
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", f"PRODID:{PRODID}", "CALSCALE:GREGORIAN",
             "METHOD:PUBLISH", f"X-WR-CALNAME:{escape_text(name)}",
             f"REFRESH-INTERVAL;VALUE=DURATION:{REFRESH}", f"X-PUBLISHED-TTL:{REFRESH}"]
    if description is not None:
        lines.append(f"X-WR-CALDESC:{escape_text(description)}")
    for event in events:
        lines += _vevent(event, stamp)
    lines.append("END:VCALENDAR")
    return "".join(fold(line) + "\r\n" for line in lines)


def _vevent(event: dict, stamp: str) -> list[str]:
    uid, summary = event.get("uid"), event.get("summary")
    if not isinstance(uid, str) or not uid:
        raise ValueError(f"every event needs a uid, got {uid!r}")
    if not isinstance(summary, str):
        raise ValueError(f"the event {uid!r} needs a summary")
    lines = ["BEGIN:VEVENT", f"UID:{escape_text(uid)}", f"DTSTAMP:{stamp}",
             f"DTSTART:{utc_stamp(event['deadline'])}", f"DURATION:{EVENT_DURATION}",
             f"SUMMARY:{escape_text(summary)}"]
    if event.get("description") is not None:
        lines.append(f"DESCRIPTION:{escape_text(event['description'])}")
    if event.get("url") is not None:
        lines.append(f"URL:{_uri(event['url'])}")
    lines += ["BEGIN:VALARM", "ACTION:DISPLAY", f"TRIGGER:{ALARM_TRIGGER}",
              f"DESCRIPTION:{escape_text(summary)}", "END:VALARM", "END:VEVENT"]
    return lines


def utc_stamp(moment: float) -> str:
    """A POSIX time as an iCalendar UTC DATE-TIME: YYYYMMDDTHHMMSSZ (whole seconds, rounded down)."""
    return datetime.fromtimestamp(int(moment // 1), timezone.utc).strftime("%Y%m%dT%H%M%SZ")


def escape_text(value: str) -> str:
    """A TEXT value: backslash, semicolon and comma escaped, newlines as \\n, other controls dropped."""
    value = str(value).replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
    return _CONTROL.sub("", _NEWLINE.sub("\\\\n", value))


def _uri(value: str) -> str:
    value = str(value)
    if _CONTROL.search(value) or _NEWLINE.search(value) or " " in value:
        raise ValueError(f"not a URL: {value!r}")
    return value


def fold(line: str) -> str:
    """A content line folded into lines of at most 75 octets, each after the first starting with a space.

    Never splits a UTF-8 character or a backslash escape.
    """
    pieces, current, size = [], [], 0
    for char in _UNITS.findall(line):            # an escape such as "\\," stays on one line
        octets = len(char.encode("utf-8"))
        limit = LINE_OCTETS if not pieces else LINE_OCTETS - 1
        if size + octets > limit:
            pieces.append("".join(current))
            current, size = [], 0
        current.append(char)
        size += octets
    pieces.append("".join(current))
    return "\r\n ".join(pieces)


__all__ = ["calendar", "escape_text", "fold", "utc_stamp"]
