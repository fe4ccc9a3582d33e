"""tables.ical: the deadline feed, read back with the icalendar library."""

from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import icalendar
import pytest

from tables import ical
from tables.ical import calendar

WARSAW = ZoneInfo("Europe/Warsaw")
NOW = datetime(2025, 3, 28, 9, 15, 42, tzinfo=timezone.utc).timestamp()
DUE = datetime(2025, 3, 30, 18, 0, tzinfo=WARSAW).timestamp()          # 16:00 UTC, after spring-forward
EVENT = {"uid": "t42-north-7@pbem", "deadline": DUE, "summary": "Labyrinth #42 (US) - your move",
         "description": "Turn 7: play a card.", "url": "https://pbem.example/t/42?seat=north&k=a,b"}


def parse(text: str) -> icalendar.Calendar:
    return icalendar.Calendar.from_ical(text)


def only_event(text: str) -> icalendar.Event:
    [event] = parse(text).walk("VEVENT")
    return event


def test_calendar_fields():
    text = calendar([EVENT], name="Deadlines of Ada", now=NOW)
    cal = parse(text)
    assert str(cal["VERSION"]) == "2.0"
    assert str(cal["PRODID"]) == ical.PRODID
    assert str(cal["X-WR-CALNAME"]) == "Deadlines of Ada"
    [event] = cal.walk("VEVENT")
    assert str(event["UID"]) == "t42-north-7@pbem"
    assert event.decoded("DTSTAMP") == datetime(2025, 3, 28, 9, 15, 42, tzinfo=timezone.utc)
    assert event.decoded("DTSTART") == datetime(2025, 3, 30, 16, 0, tzinfo=timezone.utc)
    assert event.decoded("DURATION") == timedelta(minutes=15)
    assert str(event["SUMMARY"]) == "Labyrinth #42 (US) - your move"
    assert str(event["DESCRIPTION"]) == "Turn 7: play a card."
    assert str(event["URL"]) == "https://pbem.example/t/42?seat=north&k=a,b"
    [alarm] = event.walk("VALARM")
    assert str(alarm["ACTION"]) == "DISPLAY"
    assert alarm.decoded("TRIGGER") == timedelta(hours=-1)
    assert str(alarm["DESCRIPTION"]) == EVENT["summary"]


def test_the_text_itself():
    text = calendar([EVENT], name="Deadlines", now=NOW)
    assert text.startswith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:")
    assert text.endswith("END:VEVENT\r\nEND:VCALENDAR\r\n")
    assert "\r\nDTSTAMP:20250328T091542Z\r\n" in text
    assert "\r\nDTSTART:20250330T160000Z\r\n" in text
    assert "\r\nDURATION:PT15M\r\n" in text
    assert "\r\nTRIGGER:-PT1H\r\n" in text
    assert "\n" not in text.replace("\r\n", "")           # CRLF only
    assert "\r" not in text.replace("\r\n", "")


def test_fractions_of_a_second_are_dropped():
    text = calendar([{**EVENT, "deadline": DUE + 0.999}], name="x", now=NOW + 0.5)
    assert "DTSTART:20250330T160000Z" in text and "DTSTAMP:20250328T091542Z" in text


def test_one_event_per_item_in_order_and_optional_fields():
    items = [EVENT, {"uid": "second", "deadline": DUE + 86400, "summary": "CLASH #7"},
             {"uid": "third", "deadline": DUE + 2 * 86400, "summary": "La Famiglia", "description": None,
              "url": None}]
    events = parse(calendar(items, name="x", now=NOW)).walk("VEVENT")
    assert [str(e["UID"]) for e in events] == ["t42-north-7@pbem", "second", "third"]
    assert events[1].decoded("DTSTART") == datetime(2025, 3, 31, 16, 0, tzinfo=timezone.utc)
    for event in events[1:]:
        assert "DESCRIPTION" not in event and "URL" not in event
        assert event.walk("VALARM")                           # the alarm is always there


def test_no_events_is_still_a_calendar():
    cal = parse(calendar([], name="Nothing due", now=NOW))
    assert cal.walk("VEVENT") == [] and str(cal["X-WR-CALNAME"]) == "Nothing due"


def test_a_long_summary_is_folded_at_75_octets_and_unfolds_back():
    summary = "Jagged Alliance #1234 (Ivan, Grizzly, Fox) - the dictator moved; " * 3 + "Zażółć gęślą jaźń ✓ 日本語"
    text = calendar([{**EVENT, "summary": summary}], name="x", now=NOW)
    raw = text.encode("utf-8")
    lines = raw.split(b"\r\n")
    assert max(len(line) for line in lines) <= 75
    assert any(line.startswith(b" ") for line in lines)
    for line in lines:
        line.decode("utf-8")                                  # never splits a character
    assert sum(1 for line in lines if line.startswith(b"SUMMARY:")) == 1
    assert str(only_event(text)["SUMMARY"]) == summary


def test_folding_never_splits_an_escape():
    for width in range(60, 80):                              # move the escapes across the fold point
        summary = "a" * width + ",;\\" * 10
        text = calendar([{**EVENT, "summary": summary}], name="x", now=NOW)
        for line in text.split("\r\n"):
            body = line.rstrip("\\")
            assert (len(line) - len(body)) % 2 == 0           # no line ends in half an escape
        assert str(only_event(text)["SUMMARY"]) == summary


@pytest.mark.parametrize("text, escaped", [
    ("a, b", "a\\, b"),
    ("a; b", "a\\; b"),
    ("C:\\games", "C:\\\\games"),
    ("one\ntwo", "one\\ntwo"),
    ("one\r\ntwo\rthree", "one\\ntwo\\nthree"),
    ("tab\there", "tab\there"),
    ("bell\x07", "bell"),
])
def test_text_escaping(text, escaped):
    assert ical.escape_text(text) == escaped


def test_escaped_text_reads_back():
    summary = "Move, now; or else \\ lose"
    description = "Line one, with a comma;\nline two \\ backslash\r\nline three"
    text = calendar([{**EVENT, "summary": summary, "description": description}], name="Ada; Bob, Cy", now=NOW)
    assert "SUMMARY:Move\\, now\\; or else \\\\ lose\r\n" in text
    assert "X-WR-CALNAME:Ada\\; Bob\\, Cy\r\n" in text
    event = only_event(text)
    assert str(event["SUMMARY"]) == summary
    assert str(event["DESCRIPTION"]) == description.replace("\r\n", "\n")
    assert str(event["UID"]) == EVENT["uid"]


def test_a_url_with_a_line_break_is_refused():
    with pytest.raises(ValueError):
        calendar([{**EVENT, "url": "https://x\r\nX-EVIL:1"}], name="x", now=NOW)


@pytest.mark.parametrize("event", [{"deadline": DUE, "summary": "x"},
                                   {"uid": "", "deadline": DUE, "summary": "x"},
                                   {"uid": "u", "deadline": DUE}])
def test_an_event_needs_a_uid_and_summary(event):
    with pytest.raises(ValueError):
        calendar([event], name="x", now=NOW)


def test_fold_leaves_short_lines_alone():
    assert ical.fold("SUMMARY:short") == "SUMMARY:short"
    assert ical.fold("X" * 75) == "X" * 75
    assert ical.fold("X" * 76) == "X" * 75 + "\r\n X"
    assert ical.fold("X" * 150) == "X" * 75 + "\r\n " + "X" * 74 + "\r\n X"
