"""Time control of a table: clocks, untimed play, daily deadlines, vacations and reminders.

Pure functions. Every timestamp is a UTC POSIX float passed in by the caller (nothing here
reads the clock); banks and durations are in seconds. The numbers are the research's
(shared/research/async-servers.md §5.3 and §5.4):

* clock presets after Rally the Troops, labelled by moves per day: Live 24 h + 4 h per move,
  cap 72 h ("7+"); Fast 72 h + 12 h, cap 120 h ("3+"); Slow 72 h + 36 h, cap 240 h ("1+");
* untimed: 21 days per move;
* a fixed daily deadline in the table's time zone (Diplicity), never under 12 h away (DPjudge);
* vacations of at most 14 days set by the player (DPjudge ``SET ABSENCE``); longer needs the host;
* deadline warnings 15 min before phases of at most 1 h, 1 h before phases of at most 24 h,
  2 h before phases of at most 96 h and 4 h before longer ones (Diplicity).

A time control is the dict :func:`parse_time_control` returns; store it as JSON and pass it
back in. Parsing its own output gives the same dict.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

MINUTE = 60.0
HOUR = 3600.0
DAY = 86400.0

UNTIMED_DAYS = 21
DAILY_MIN_HOURS = 12          # DPjudge: ignore "AT" when the next deadline is under 12 h away
VACATION_MAX_DAYS = 14        # DPjudge: players may set up to 14 days themselves
MAX_CLOCK_HOURS = 365 * 24    # our own bound on custom clocks: nothing longer than a year

# Diplicity's deadline warning lead times: (longest phase, lead time), in seconds.
REMINDER_LEADS = ((1 * HOUR, 15 * MINUTE), (24 * HOUR, 1 * HOUR), (96 * HOUR, 2 * HOUR))
REMINDER_LEAD_LONG = 4 * HOUR

PRESETS: dict[str, dict] = {
    "live": {"name": "Live", "label": "7+ moves per day", "start_hours": 24, "increment_hours": 4,
             "cap_hours": 72},
    "fast": {"name": "Fast", "label": "3+ moves per day", "start_hours": 72, "increment_hours": 12,
             "cap_hours": 120},
    "slow": {"name": "Slow", "label": "1+ moves per day", "start_hours": 72, "increment_hours": 36,
             "cap_hours": 240},
}

KINDS = ("clock", "untimed", "daily")
_KEYS = {"clock": {"kind", "label", "preset", "start_hours", "increment_hours", "cap_hours"},
         "untimed": {"kind", "label"},
         "daily": {"kind", "label", "at", "tz"}}
_HOURS = ("start_hours", "increment_hours", "cap_hours")
_AT = re.compile(r"([01]?\d|2[0-3]):([0-5]\d)")
_TZ_KEY = re.compile(r"[A-Za-z][A-Za-z0-9_+\-]*(/[A-Za-z0-9_+\-]+)*")
_NOT_ZONES = {"localtime", "posixrules", "Factory"}

Vacations = Iterable[Sequence[float]]


# ----------------------------------------------------------------------------- parsing

def parse_time_control(spec: dict | None) -> dict:
    """Check a table's time-control setting and fill its defaults.

    None (or {}) is untimed play. Raises ValueError with a sentence a player understands.
    """
    if spec is None or spec == {}:
        spec = {"kind": "untimed"}
    if not isinstance(spec, dict):
        raise ValueError("The time control must be a set of named settings, such as "
                         '{"kind": "clock", "preset": "slow"}.')
    kind = spec.get("kind")
    if kind not in KINDS:
        raise ValueError(f"Choose a kind of time control: {_or_list(KINDS)}"
                         + ("." if kind is None else f', not "{kind}".'))
    unknown = sorted(set(spec) - _KEYS[kind], key=str)
    if unknown:
        names = _or_list(map(str, unknown), quote=True)
        raise ValueError(f"The {kind} time control has no setting called {names}.")
    if kind == "clock":
        return _parse_clock(spec)
    if kind == "daily":
        return _parse_daily(spec)
    return {"kind": "untimed", "label": f"{UNTIMED_DAYS} days per move"}


def _parse_clock(spec: dict) -> dict:
    preset = spec.get("preset")
    if preset is not None:
        if not isinstance(preset, str) or preset not in PRESETS:
            raise ValueError(f'There is no clock preset called "{preset}"; choose {_or_list(PRESETS)}.')
        numbers = PRESETS[preset]
        for key in _HOURS:
            if key in spec and spec[key] != numbers[key]:
                raise ValueError(f"The {numbers['name']} clock has {_hours(numbers[key])} for "
                                 f"{key.replace('_', ' ')}; leave out the preset to choose your own.")
        return {"kind": "clock", "preset": preset, "label": numbers["label"],
                **{key: numbers[key] for key in _HOURS}}
    if "start_hours" not in spec or "increment_hours" not in spec:
        raise ValueError(f"Choose a clock preset ({_or_list(PRESETS)}) or give start_hours and "
                         "increment_hours (and cap_hours if you like).")
    start = _number(spec, "start_hours")
    increment = _number(spec, "increment_hours")
    cap = _number(spec, "cap_hours") if "cap_hours" in spec else start   # BGA: never above the start
    if start <= 0:
        raise ValueError("The clock's start_hours must be more than 0.")
    if cap < start:
        raise ValueError("The clock's cap_hours can't be less than its start_hours.")
    label = f"{_hours(start)} + {_hours(increment)} per move, at most {_hours(cap)}"
    return {"kind": "clock", "preset": None, "label": label,
            "start_hours": start, "increment_hours": increment, "cap_hours": cap}


def _number(spec: dict, key: str) -> float:
    value = spec[key]
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError(f"The clock's {key} must be a number of hours, such as 24.")
    if value < 0:
        raise ValueError(f"The clock's {key} can't be negative.")
    if value > MAX_CLOCK_HOURS:
        raise ValueError(f"The clock's {key} can be at most {MAX_CLOCK_HOURS} hours (a year).")
    return value


def _parse_daily(spec: dict) -> dict:
    at, tz = spec.get("at"), spec.get("tz")
    match = _AT.fullmatch(at) if isinstance(at, str) else None
    if match is None:
        raise ValueError('Give the daily deadline as a 24-hour time "HH:MM", such as "18:00".')
    if not isinstance(tz, str) or not tz:
        raise ValueError('Give the time zone of the daily deadline, such as "Europe/Warsaw".')
    _zone(tz)
    at = f"{int(match[1]):02d}:{match[2]}"
    return {"kind": "daily", "at": at, "tz": tz, "label": f"daily at {at} ({tz})"}


def _zone(key: str) -> ZoneInfo:
    if key not in _NOT_ZONES and _TZ_KEY.fullmatch(key):
        try:
            return ZoneInfo(key)
        except (LookupError, ValueError, OSError, UnicodeDecodeError):
            pass
    raise ValueError(f'"{key}" is not a time zone we know; use a name like "Europe/Warsaw" or '
                     '"America/New_York".')


# ----------------------------------------------------------------------------- banks and deadlines

def initial_banks(tc: dict, seats: list[str]) -> dict[str, float]:
    """Each seat's starting bank in seconds, for clock kinds; {} for the others."""
    if tc["kind"] != "clock":
        return {}
    return {seat: tc["start_hours"] * HOUR for seat in seats}


def deadline(tc: dict, since: float, bank: float | None, vacations: Vacations) -> float:
    """When a seat waited on since ``since`` runs out of time, with its player's vacations skipped.

    Clock: since + bank; untimed: since + 21 days; daily: the next "at" local time at least
    12 h after ``since``. Time inside a vacation never counts, so every vacation overlapping
    the wait pushes the deadline later by the overlap (a pushed deadline may run into the next).
    """
    kind = tc["kind"]
    if kind == "clock":
        if bank is None:
            raise ValueError("A clock table needs the seat's bank to compute its deadline.")
        plain = since + max(bank, 0.0)
    elif kind == "untimed":
        plain = since + UNTIMED_DAYS * DAY
    elif kind == "daily":
        plain = daily_deadline(tc["at"], tc["tz"], since)
    else:
        raise ValueError(f"Unknown kind of time control: {kind!r}.")
    return _skip_vacations(since, plain - since, vacations)


def after_move(tc: dict, bank: float, since: float, moved_at: float, vacations: Vacations) -> float:
    """The seat's bank after it moves at ``moved_at``, having been waited on since ``since``.

    Clock: the bank less the time used outside vacations (never below 0), plus the increment,
    at most the cap. Other kinds: the bank unchanged.
    """
    if tc["kind"] != "clock":
        return bank
    used = _counted(since, moved_at, vacations)
    left = max(bank - used, 0.0) + tc["increment_hours"] * HOUR
    return float(min(left, tc["cap_hours"] * HOUR))


def daily_deadline(at: str, tz: str, since: float) -> float:
    """The first ``at`` (HH:MM) local time in ``tz`` after ``since`` that is at least 12 h away.

    A local time that a spring-forward skips becomes the first instant after the gap (02:30 on
    the night clocks go from 02:00 to 03:00 is 03:00); one that a fall-back repeats is its first
    occurrence.
    """
    zone = _zone(tz)
    hour, minute = (int(part) for part in at.split(":"))
    day = datetime.fromtimestamp(since, zone).date()
    for offset in range(4):
        when = _local_instant(day + timedelta(days=offset), time(hour, minute), zone)
        if when - since >= DAILY_MIN_HOURS * HOUR:
            return when
    raise AssertionError("unreachable: a day later is always at least 12 h away")


def _local_instant(day: date, wall: time, zone: ZoneInfo) -> float:
    """The UTC instant of a local wall time; a skipped time moves to the end of the gap."""
    local = datetime.combine(day, wall, tzinfo=zone)                # fold=0: first occurrence
    instant = local.timestamp()
    if datetime.fromtimestamp(instant, zone).replace(tzinfo=None) == local.replace(tzinfo=None):
        return instant
    # In a gap: fold=1 reads the wall time with the offset after the change, fold=0 with the
    # offset before; the change itself lies between the two. Find it to the second.
    low, high = sorted((math.floor(local.replace(fold=1).timestamp()), math.ceil(instant)))
    after = datetime.fromtimestamp(high, zone).utcoffset()
    while high - low > 1:
        middle = (low + high) // 2
        if datetime.fromtimestamp(middle, zone).utcoffset() == after:
            high = middle
        else:
            low = middle
    return float(high)


# ----------------------------------------------------------------------------- vacations

def _merged(vacations: Vacations) -> list[tuple[float, float]]:
    """Vacation intervals sorted, with empty ones dropped and overlapping or touching ones joined."""
    merged: list[list[float]] = []
    for start, end in sorted((float(s), float(e)) for s, e in vacations if e > s):
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return [(start, end) for start, end in merged]


def _skip_vacations(since: float, budget: float, vacations: Vacations) -> float:
    """The instant at which ``budget`` seconds outside vacations have passed since ``since``."""
    at, left = since, max(budget, 0.0)
    for start, end in _merged(vacations):
        if end <= at:
            continue
        start = max(start, at)
        if start - at >= left:
            break
        left -= start - at
        at = end
    return at + left


def _counted(since: float, until: float, vacations: Vacations) -> float:
    """Seconds between ``since`` and ``until`` that lie outside vacations."""
    if until <= since:
        return 0.0
    away = sum(max(0.0, min(end, until) - max(start, since)) for start, end in _merged(vacations))
    return until - since - away


def check_vacation(start: float, end: float, now: float, existing: list[tuple[float, float]]) -> None:
    """Refuse a vacation a player may not set alone; ``existing`` are the player's other vacations.

    At most 14 days in one go, starting now or later and ending after it starts, and at most
    14 days of vacation from now on in all. Longer absences need the host.
    """
    if not (math.isfinite(start) and math.isfinite(end)):
        raise ValueError("A vacation needs a start and an end date.")
    if end <= start:
        raise ValueError("A vacation must end after it starts.")
    if start < now:
        raise ValueError("A vacation can't start in the past; start it now or later.")
    if end - start > VACATION_MAX_DAYS * DAY:
        raise ValueError(f"You can set at most {VACATION_MAX_DAYS} days of vacation at a time; "
                         f"this one is {describe_left(end - start)}. Ask the host of your table for a "
                         "longer absence.")
    future = [(max(s, now), e) for s, e in [*existing, (start, end)] if e > now]
    total = sum(e - s for s, e in _merged(future))
    if total > VACATION_MAX_DAYS * DAY:
        raise ValueError(f"You can have at most {VACATION_MAX_DAYS} days of vacation ahead of you; "
                         f"with this one you would have {describe_left(total)}. Shorten or cancel one, "
                         "or ask the host of your table for a longer absence.")


# ----------------------------------------------------------------------------- reminders and texts

def reminder_lead(phase: float) -> float:
    """How long before a deadline to remind, for a phase of ``phase`` seconds (Diplicity)."""
    for longest, lead in REMINDER_LEADS:
        if phase <= longest:
            return lead
    return REMINDER_LEAD_LONG


def reminder_times(since: float, deadline: float) -> list[float]:
    """When to remind a seat waited on since ``since`` of ``deadline``: [] if there is no time to."""
    when = deadline - reminder_lead(deadline - since)
    return [when] if when > since else []


def describe_left(seconds: float) -> str:
    """Time left in words, to the minute, with its two largest units: "2 days 3 hours", "40 minutes"."""
    minutes = round(seconds / MINUTE) if math.isfinite(seconds) else 0
    if minutes < 1:
        return "less than a minute"
    days, minutes = divmod(minutes, 24 * 60)
    hours, minutes = divmod(minutes, 60)
    parts = [_plural(n, unit) for n, unit in ((days, "day"), (hours, "hour"), (minutes, "minute")) if n]
    if days and not hours:
        parts = parts[:1]          # "3 days", not "3 days 20 minutes"
    return " ".join(parts[:2])


def _plural(n: int, unit: str) -> str:
    return f"{n} {unit}" if n == 1 else f"{n} {unit}s"


def _hours(value: float) -> str:
    return _plural(value, "hour") if value == 1 else f"{value:g} hours"


def _or_list(items: Iterable[str], quote: bool = False) -> str:
    items = [f'"{item}"' if quote else str(item) for item in items]
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"


__all__ = ["DAY", "HOUR", "KINDS", "PRESETS", "UNTIMED_DAYS", "VACATION_MAX_DAYS", "after_move",
           "check_vacation", "daily_deadline", "deadline", "describe_left", "initial_banks",
           "parse_time_control", "reminder_lead", "reminder_times"]
