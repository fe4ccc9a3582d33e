"""tables.clock: time controls, deadlines (with DST and vacations), banks, reminders, vacation limits."""

import json
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tables import clock
from tables.clock import (
    PRESETS,
    after_move,
    check_vacation,
    deadline,
    describe_left,
    initial_banks,
    parse_time_control,
    reminder_times,
)

WARSAW = ZoneInfo("Europe/Warsaw")
MIN, H, D = 60.0, 3600.0, 86400.0


def warsaw(*args) -> float:
    """A Warsaw wall time as a UTC POSIX float (fold=0: the first of a repeated hour)."""
    return datetime(*args, tzinfo=WARSAW).timestamp()


def utc(*args) -> float:
    return datetime(*args, tzinfo=timezone.utc).timestamp()


def local(moment: float) -> datetime:
    return datetime.fromtimestamp(moment, WARSAW)


T = warsaw(2025, 5, 12, 9, 0)            # an ordinary Monday morning
LIVE = parse_time_control({"kind": "clock", "preset": "live"})
FAST = parse_time_control({"kind": "clock", "preset": "fast"})
SLOW = parse_time_control({"kind": "clock", "preset": "slow"})
UNTIMED = parse_time_control(None)
DAILY_18 = parse_time_control({"kind": "daily", "at": "18:00", "tz": "Europe/Warsaw"})


# ----------------------------------------------------------------------------- parsing

@pytest.mark.parametrize("preset, label, start, increment, cap", [
    ("live", "7+ moves per day", 24, 4, 72),
    ("fast", "3+ moves per day", 72, 12, 120),
    ("slow", "1+ moves per day", 72, 36, 240),
])
def test_presets_have_the_research_numbers(preset, label, start, increment, cap):
    assert PRESETS[preset]["label"] == label
    assert (PRESETS[preset]["start_hours"], PRESETS[preset]["increment_hours"], PRESETS[preset]["cap_hours"]) \
        == (start, increment, cap)
    assert parse_time_control({"kind": "clock", "preset": preset}) == {
        "kind": "clock", "preset": preset, "label": label,
        "start_hours": start, "increment_hours": increment, "cap_hours": cap}


def test_no_setting_is_untimed_with_21_days_per_move():
    assert parse_time_control(None) == {"kind": "untimed", "label": "21 days per move"}
    assert parse_time_control({}) == parse_time_control(None) == parse_time_control({"kind": "untimed"})


def test_custom_clock_and_its_default_cap():
    assert parse_time_control({"kind": "clock", "start_hours": 48, "increment_hours": 6, "cap_hours": 96}) == {
        "kind": "clock", "preset": None, "label": "48 hours + 6 hours per move, at most 96 hours",
        "start_hours": 48, "increment_hours": 6, "cap_hours": 96}
    # without a cap the bank never exceeds its start (BGA)
    assert parse_time_control({"kind": "clock", "start_hours": 36.5, "increment_hours": 0})["cap_hours"] == 36.5


def test_a_preset_may_repeat_its_own_numbers():
    spec = {"kind": "clock", "preset": "fast", "start_hours": 72, "increment_hours": 12, "cap_hours": 120}
    assert parse_time_control(spec) == FAST


def test_daily_time_is_normalised():
    assert parse_time_control({"kind": "daily", "at": "7:05", "tz": "America/New_York"}) == {
        "kind": "daily", "at": "07:05", "tz": "America/New_York", "label": "daily at 07:05 (America/New_York)"}


@pytest.mark.parametrize("spec", [
    None, {"kind": "clock", "preset": "slow"}, {"kind": "clock", "start_hours": 10, "increment_hours": 1.5},
    {"kind": "daily", "at": "23:59", "tz": "UTC"}])
def test_parsing_is_idempotent_through_json(spec):
    parsed = parse_time_control(spec)
    assert parse_time_control(json.loads(json.dumps(parsed))) == parsed


@pytest.mark.parametrize("spec, words", [
    ("slow", "set of named settings"),
    (["clock"], "set of named settings"),
    ({"kind": "blitz"}, 'not "blitz"'),
    ({"preset": "live"}, "Choose a kind of time control"),
    ({"kind": "clock"}, "Choose a clock preset"),
    ({"kind": "clock", "preset": "bullet"}, 'no clock preset called "bullet"'),
    ({"kind": "clock", "preset": ["live"]}, "no clock preset called"),
    ({"kind": "clock", "preset": "live", "cap_hours": 100}, "leave out the preset"),
    ({"kind": "clock", "start_hours": 24}, "increment_hours"),
    ({"kind": "clock", "start_hours": "24", "increment_hours": 4}, "must be a number of hours"),
    ({"kind": "clock", "start_hours": True, "increment_hours": 4}, "must be a number of hours"),
    ({"kind": "clock", "start_hours": float("nan"), "increment_hours": 4}, "must be a number of hours"),
    ({"kind": "clock", "start_hours": 24, "increment_hours": -1}, "can't be negative"),
    ({"kind": "clock", "start_hours": 0, "increment_hours": 4}, "more than 0"),
    ({"kind": "clock", "start_hours": 24, "increment_hours": 4, "cap_hours": 12}, "can't be less than"),
    ({"kind": "clock", "start_hours": 10_000, "increment_hours": 4}, "at most 8760 hours"),
    ({"kind": "untimed", "days": 30}, 'no setting called "days"'),
    ({"kind": "clock", "preset": "live", "bonus": 1}, 'no setting called "bonus"'),
    ({"kind": "daily", "at": "25:00", "tz": "Europe/Warsaw"}, '"HH:MM"'),
    ({"kind": "daily", "at": "18:60", "tz": "Europe/Warsaw"}, '"HH:MM"'),
    ({"kind": "daily", "at": "1800", "tz": "Europe/Warsaw"}, '"HH:MM"'),
    ({"kind": "daily", "at": 18, "tz": "Europe/Warsaw"}, '"HH:MM"'),
    ({"kind": "daily", "tz": "Europe/Warsaw"}, '"HH:MM"'),
    ({"kind": "daily", "at": "18:00"}, "time zone"),
    ({"kind": "daily", "at": "18:00", "tz": "Mars/Olympus"}, '"Mars/Olympus" is not a time zone'),
    ({"kind": "daily", "at": "18:00", "tz": "europe/warsaw"}, "not a time zone"),
    ({"kind": "daily", "at": "18:00", "tz": "Europe"}, "not a time zone"),
    ({"kind": "daily", "at": "18:00", "tz": "../etc/passwd"}, "not a time zone"),
    ({"kind": "daily", "at": "18:00", "tz": "/etc/localtime"}, "not a time zone"),
    ({"kind": "daily", "at": "18:00", "tz": "localtime"}, "not a time zone"),
])
def test_bad_settings_are_refused_with_a_sentence(spec, words):
    with pytest.raises(ValueError) as caught:
        parse_time_control(spec)
    message = str(caught.value)
    assert words in message
    assert message[0].isupper() or message[0] == '"'
    assert message.endswith(".")


# ----------------------------------------------------------------------------- banks and deadlines

def test_initial_banks():
    assert initial_banks(LIVE, ["north", "south"]) == {"north": 24 * H, "south": 24 * H}
    assert initial_banks(SLOW, ["a"]) == {"a": 72 * H}
    assert initial_banks(UNTIMED, ["a"]) == {} and initial_banks(DAILY_18, ["a"]) == {}


def test_clock_deadline_is_since_plus_bank():
    assert deadline(LIVE, T, 24 * H, []) == T + 24 * H
    assert deadline(FAST, T, 100.5, []) == T + 100.5
    assert deadline(LIVE, T, 0.0, []) == T
    assert deadline(LIVE, T, -5.0, []) == T
    with pytest.raises(ValueError):
        deadline(LIVE, T, None, [])


def test_untimed_deadline_is_21_days():
    assert deadline(UNTIMED, T, None, []) == T + 21 * D
    assert deadline(UNTIMED, T, 0.0, []) == T + 21 * D


@pytest.mark.parametrize("since, expected", [
    (warsaw(2025, 5, 12, 5, 0), warsaw(2025, 5, 12, 18, 0)),     # 13 h away
    (warsaw(2025, 5, 12, 6, 0), warsaw(2025, 5, 12, 18, 0)),     # exactly 12 h away: still taken
    (warsaw(2025, 5, 12, 6, 1), warsaw(2025, 5, 13, 18, 0)),     # 11 h 59 min away: the one after
    (warsaw(2025, 5, 12, 10, 0), warsaw(2025, 5, 13, 18, 0)),    # 8 h away
    (warsaw(2025, 5, 12, 17, 59), warsaw(2025, 5, 13, 18, 0)),
    (warsaw(2025, 5, 12, 18, 0), warsaw(2025, 5, 13, 18, 0)),    # the next one *after* since
    (warsaw(2025, 5, 12, 19, 0), warsaw(2025, 5, 13, 18, 0)),    # 23 h away
    (warsaw(2025, 5, 12, 23, 30), warsaw(2025, 5, 13, 18, 0)),
])
def test_daily_deadline_is_never_under_12_hours_away(since, expected):
    assert deadline(DAILY_18, since, None, []) == expected


def test_daily_deadline_after_midnight_can_be_two_days_on():
    eight = parse_time_control({"kind": "daily", "at": "08:00", "tz": "Europe/Warsaw"})
    assert deadline(eight, warsaw(2025, 5, 12, 23, 0), None, []) == warsaw(2025, 5, 14, 8, 0)   # not 9 h later
    assert deadline(eight, warsaw(2025, 5, 12, 19, 0), None, []) == warsaw(2025, 5, 13, 8, 0)   # 13 h later


def test_daily_deadline_uses_the_tables_zone():
    tokyo = parse_time_control({"kind": "daily", "at": "09:00", "tz": "Asia/Tokyo"})
    assert deadline(tokyo, utc(2025, 5, 12, 0, 0), None, []) == utc(2025, 5, 13, 0, 0)   # 09:00 JST = 00:00 UTC


def test_daily_deadline_over_spring_forward_in_warsaw():
    # 2025-03-30: clocks go from 02:00 CET to 03:00 CEST
    since = warsaw(2025, 3, 29, 18, 0)
    due = deadline(DAILY_18, since, None, [])
    assert local(due).replace(tzinfo=None) == datetime(2025, 3, 30, 18, 0)
    assert due == utc(2025, 3, 30, 16, 0)
    assert due - since == 23 * H                       # the night is an hour shorter


def test_a_skipped_local_time_moves_to_the_end_of_the_gap():
    half_past_two = parse_time_control({"kind": "daily", "at": "02:30", "tz": "Europe/Warsaw"})
    due = deadline(half_past_two, warsaw(2025, 3, 29, 12, 0), None, [])
    assert due == utc(2025, 3, 30, 1, 0)                # 03:00 CEST, the first valid instant
    assert local(due).replace(tzinfo=None) == datetime(2025, 3, 30, 3, 0)
    # the day after, 02:30 exists again
    assert deadline(half_past_two, warsaw(2025, 3, 30, 12, 0), None, []) == utc(2025, 3, 31, 0, 30)


def test_daily_deadline_over_fall_back_in_warsaw():
    # 2025-10-26: clocks go from 03:00 CEST back to 02:00 CET
    since = warsaw(2025, 10, 25, 18, 0)
    due = deadline(DAILY_18, since, None, [])
    assert due == utc(2025, 10, 26, 17, 0)
    assert local(due).replace(tzinfo=None) == datetime(2025, 10, 26, 18, 0)
    assert due - since == 25 * H                       # the night is an hour longer


def test_a_repeated_local_time_is_its_first_occurrence():
    half_past_two = parse_time_control({"kind": "daily", "at": "02:30", "tz": "Europe/Warsaw"})
    assert deadline(half_past_two, warsaw(2025, 10, 25, 12, 0), None, []) == utc(2025, 10, 26, 0, 30)   # CEST


def test_the_12_hour_rule_counts_real_hours_over_dst():
    two_pm = parse_time_control({"kind": "daily", "at": "14:00", "tz": "Europe/Warsaw"})
    # spring: 01:30 CET to 14:00 CEST is 12.5 h on the wall but 11.5 h of real time: take the next day
    assert deadline(two_pm, warsaw(2025, 3, 30, 1, 30), None, []) == warsaw(2025, 3, 31, 14, 0)
    one_pm = parse_time_control({"kind": "daily", "at": "13:00", "tz": "Europe/Warsaw"})
    # autumn: 01:30 CEST to 13:00 CET is 11.5 h on the wall but 12.5 h of real time: take it
    assert deadline(one_pm, warsaw(2025, 10, 26, 1, 30), None, []) == utc(2025, 10, 26, 12, 0)


# ----------------------------------------------------------------------------- vacations and deadlines

def test_vacation_inside_the_wait_pushes_the_deadline_by_its_length():
    assert deadline(LIVE, T, 24 * H, [(T + 2 * H, T + 5 * H)]) == T + 27 * H


def test_vacation_already_running_when_the_wait_starts_counts_from_since():
    assert deadline(LIVE, T, 24 * H, [(T - 5 * H, T + 3 * H)]) == T + 27 * H


def test_vacation_after_the_deadline_or_before_since_changes_nothing():
    assert deadline(LIVE, T, 24 * H, [(T + 30 * H, T + 40 * H), (T - 9 * H, T - 1 * H)]) == T + 24 * H
    assert deadline(LIVE, T, 24 * H, [(T + 24 * H, T + 40 * H)]) == T + 24 * H    # starts at the deadline


def test_vacation_straddling_the_deadline_pushes_by_the_overlap_and_beyond():
    # [20 h, 30 h] overlaps the wait by 4 h; the pushed deadline (28 h) is inside it, so time
    # counts again only at 30 h: the deadline is 30 h + the 4 h left
    assert deadline(LIVE, T, 24 * H, [(T + 20 * H, T + 30 * H)]) == T + 34 * H


def test_a_pushed_deadline_that_enters_another_vacation_is_pushed_again():
    first, second = (T + 10 * H, T + 20 * H), (T + 30 * H, T + 35 * H)
    assert deadline(LIVE, T, 24 * H, [second]) == T + 24 * H      # alone, after the deadline
    assert deadline(LIVE, T, 24 * H, [first]) == T + 34 * H       # the first pushes it into the second
    assert deadline(LIVE, T, 24 * H, [second, first]) == T + 39 * H


def test_overlapping_vacations_are_merged_before_pushing():
    assert deadline(LIVE, T, 24 * H, [(T + 2 * H, T + 8 * H), (T + 4 * H, T + 10 * H)]) == T + 32 * H
    assert deadline(LIVE, T, 24 * H, [(T + 2 * H, T + 10 * H), (T + 3 * H, T + 4 * H)]) == T + 32 * H
    assert deadline(LIVE, T, 24 * H, [[T + 2 * H, T + 5 * H], [T + 5 * H, T + 10 * H]]) == T + 32 * H


def test_empty_or_reversed_vacations_are_ignored():
    assert deadline(LIVE, T, 24 * H, [(T + 5 * H, T + 5 * H), (T + 9 * H, T + 6 * H)]) == T + 24 * H


def test_vacations_push_untimed_and_daily_deadlines_too():
    assert deadline(UNTIMED, T, None, [(T + D, T + 4 * D)]) == T + 24 * D
    since = warsaw(2025, 5, 12, 19, 0)
    assert deadline(DAILY_18, since, None, [(warsaw(2025, 5, 13, 8, 0), warsaw(2025, 5, 13, 11, 0))]) \
        == warsaw(2025, 5, 13, 21, 0)


vacation_lists = st.lists(st.tuples(st.floats(-50 * H, 200 * H), st.floats(0, 60 * H)).map(
    lambda pair: (T + pair[0], T + pair[0] + pair[1])), max_size=6)


@given(bank=st.floats(0, 100 * H), vacations=vacation_lists)
def test_vacations_never_bring_a_deadline_earlier_and_never_count(bank, vacations):
    plain = deadline(LIVE, T, bank, [])
    due = deadline(LIVE, T, bank, vacations)
    assert due >= plain
    # the time outside vacations between since and the deadline is exactly the bank
    assert after_move({**LIVE, "increment_hours": 0, "cap_hours": 10_000}, 10_000 * H, T, due, vacations) \
        == pytest.approx(10_000 * H - bank, abs=1e-3)


# ----------------------------------------------------------------------------- banks after a move

def test_after_move_spends_the_time_used_and_adds_the_increment():
    assert after_move(LIVE, 24 * H, T, T + 5 * H, []) == 23 * H           # 24 - 5 + 4
    assert after_move(FAST, 72 * H, T, T + 30 * H, []) == 54 * H          # 72 - 30 + 12
    assert after_move(SLOW, 72 * H, T, T + 10 * H, []) == 98 * H          # 72 - 10 + 36


@pytest.mark.parametrize("tc, bank, cap", [(LIVE, 70 * H, 72 * H), (FAST, 119 * H, 120 * H),
                                           (SLOW, 230 * H, 240 * H)])
def test_after_move_never_exceeds_the_cap(tc, bank, cap):
    assert after_move(tc, bank, T, T + 1 * H, []) == cap


def test_after_move_never_goes_below_zero_before_the_increment():
    assert after_move(LIVE, 2 * H, T, T + 5 * H, []) == 4 * H
    assert after_move(LIVE, 24 * H, T, deadline(LIVE, T, 24 * H, []), []) == 4 * H


def test_after_move_does_not_count_vacation_time():
    assert after_move(LIVE, 24 * H, T, T + 5 * H, [(T + 1 * H, T + 4 * H)]) == 26 * H        # used 2 h
    # only the parts of vacations inside [since, moved_at) count, merged
    vacations = [(T - 2 * H, T + 1 * H), (T + 4 * H, T + 10 * H), (T + 4.5 * H, T + 6 * H)]
    assert after_move(LIVE, 24 * H, T, T + 5 * H, vacations) == 25 * H                         # used 3 h


def test_after_move_before_since_uses_nothing():
    assert after_move(LIVE, 10 * H, T, T - 1 * H, []) == 14 * H


def test_other_kinds_leave_the_bank_alone():
    assert after_move(UNTIMED, 0, T, T + 5 * H, []) == 0
    assert after_move(DAILY_18, 0, T, T + 5 * H, []) == 0


# ----------------------------------------------------------------------------- reminders

@pytest.mark.parametrize("phase, lead", [
    (16 * MIN, 15 * MIN),
    (1 * H, 15 * MIN),
    (1 * H + 1, 1 * H),
    (24 * H, 1 * H),
    (24 * H + 1, 2 * H),
    (96 * H, 2 * H),
    (96 * H + 1, 4 * H),
    (21 * D, 4 * H),
])
def test_reminder_lead_times_at_each_boundary(phase, lead):
    assert reminder_times(T, T + phase) == [T + phase - lead]


@pytest.mark.parametrize("phase", [0.0, 10 * MIN, 15 * MIN, -H])
def test_no_reminder_when_it_would_fall_at_or_before_since(phase):
    assert reminder_times(T, T + phase) == []


# ----------------------------------------------------------------------------- vacation limits

NOW = warsaw(2025, 7, 1, 12, 0)


def refused(start, end, existing=(), now=NOW) -> str:
    with pytest.raises(ValueError) as caught:
        check_vacation(start, end, now, list(existing))
    return str(caught.value)


def test_a_vacation_of_up_to_14_days_is_fine():
    check_vacation(NOW, NOW + 14 * D, NOW, [])
    check_vacation(NOW + 3 * D, NOW + 4 * D, NOW, [])


def test_more_than_14_days_in_one_go_needs_the_host():
    message = refused(NOW + D, NOW + 16 * D)
    assert "at most 14 days" in message and "host" in message and "15 days" in message
    assert "host" in refused(NOW, NOW + 14 * D + 1)


def test_a_vacation_cannot_start_in_the_past():
    assert "past" in refused(NOW - 1, NOW + D)
    assert "past" in refused(NOW - 2 * D, NOW - D)


def test_a_vacation_must_end_after_it_starts():
    assert "end after it starts" in refused(NOW + D, NOW + D)
    assert "end after it starts" in refused(NOW + 2 * D, NOW + D)


def test_future_vacations_total_at_most_14_days():
    existing = [(NOW + D, NOW + 11 * D)]                              # 10 days
    check_vacation(NOW + 20 * D, NOW + 24 * D, NOW, existing)         # 14 in all
    message = refused(NOW + 20 * D, NOW + 25 * D, existing)           # 15 in all
    assert "at most 14 days" in message and "15 days" in message and "host" in message


def test_only_the_future_part_of_vacations_counts():
    check_vacation(NOW + D, NOW + 14 * D, NOW, [(NOW - 30 * D, NOW - 20 * D)])     # long over
    running = [(NOW - 3 * D, NOW + 7 * D)]                                          # 7 days left
    check_vacation(NOW + 10 * D, NOW + 17 * D, NOW, running)
    assert "host" in refused(NOW + 10 * D, NOW + 18 * D, running)


def test_overlapping_vacations_are_not_counted_twice():
    check_vacation(NOW + 5 * D, NOW + 15 * D, NOW, [(NOW + D, NOW + 11 * D)])       # 14 days covered
    assert "host" in refused(NOW + 5 * D, NOW + 16 * D, [(NOW + D, NOW + 11 * D)])


# ----------------------------------------------------------------------------- words

@pytest.mark.parametrize("seconds, words", [
    (2 * D + 3 * H, "2 days 3 hours"),
    (2 * D + 3 * H + 40 * MIN, "2 days 3 hours"),
    (5 * H, "5 hours"),
    (40 * MIN, "40 minutes"),
    (5 * H + 40 * MIN, "5 hours 40 minutes"),
    (1 * D, "1 day"),
    (3 * D + 20 * MIN, "3 days"),
    (1 * H + 1 * MIN, "1 hour 1 minute"),
    (1 * MIN, "1 minute"),
    (1 * H - 5, "1 hour"),             # a reminder sent a few seconds late still says "1 hour"
    (15 * MIN + 20, "15 minutes"),
    (20, "less than a minute"),
    (0, "less than a minute"),
    (-300, "less than a minute"),
])
def test_describe_left(seconds, words):
    assert describe_left(seconds) == words


def test_the_module_reads_no_clock():
    source = open(clock.__file__, encoding="utf-8").read()
    for call in ("time.time", ".now(", "utcnow", "today("):
        assert call not in source
