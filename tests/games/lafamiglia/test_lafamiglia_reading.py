"""The reading hooks: every option's notation parses back to it, every event has a line (redacted
too), the summary is one line per action, the picture is SVG with every area and every field of
the sheets, the brief is a few lines, what matters first. (The example: test_lafamiglia_examples.py.)"""

import xml.etree.ElementTree as ET

import pytest

from games.core import IllegalMove, Rng
from games.lafamiglia import GAME
from games.lafamiglia import describe, evolve
from games.lafamiglia import data as D
from games.lafamiglia.state import SEATS
from tests.games.lafamiglia.lafamiglia_kit import new_game, play_random

SVG = "{http://www.w3.org/2000/svg}"


def test_every_event_type_has_a_line():
    assert set(evolve.HANDLERS) == set(describe.LINES)


def check_reading(state, events):
    for event in events:
        for seat in (*SEATS, None):
            line = GAME.describe(GAME.redact(event, seat))
            assert line and (line[0].isupper() or line[0].isdigit()) and line != event["type"] + ".", (event, line)
    for seat, prompt in GAME.prompts(state).items():
        if seat == "system":
            continue
        for option in prompt["options"] + prompt.get("anytime", []):
            words = GAME.notate(state, seat, option["move"])
            assert words and not words.isdigit(), option
            assert GAME.parse(words, state, seat) == option["move"], (words, option)
        if len(prompt["options"]) > 1:       # (a single answer is taken by the server: no example)
            assert GAME.example(state, seat)  # applied whole: test_lafamiglia_examples.py


def test_notation_example_and_lines_over_a_whole_game():
    play_random(b"reading", every=check_reading)


def test_parse_is_lenient_and_clear():
    _, state = new_game(seed=b"parse")
    seat = next(s for s in GAME.prompts(state) if s != "system")
    options = GAME.prompts(state)[seat]["options"]
    first = GAME.notate(state, seat, options[0]["move"])
    assert GAME.parse(first.upper(), state, seat) == options[0]["move"]
    with pytest.raises(IllegalMove) as bad:
        GAME.parse("fly to the moon", state, seat)
    assert bad.value.code == "bad_notation" and "Type `" in bad.value.message
    assert GAME.parse("always brutal", state, seat) == {"instruct": "conflict", "value": "brutal"}
    assert GAME.parse("never take", state, seat) == {"instruct": "take", "value": "never"}


def test_summary_is_one_line_per_action():
    moves, events, state = play_random(b"summary", limit=400, partial=True)
    seat = SEATS[0]
    lines = GAME.summarize([GAME.redact(e, seat) for e in events], seat)
    turns = sum(1 for e in events if e["type"] == "turn")
    assert turns and len([line for line in lines if "planning turn" in line]) == turns
    assert all(line.strip() for line in lines)


def test_the_picture_draws_the_view():
    _, _, state = play_random(b"picture", limit=300, partial=True)
    for seat in (*SEATS, None):
        root = ET.fromstring(GAME.picture(GAME.view(state, seat), seat).split("?>", 1)[1])
        assert root.tag == SVG + "svg"
        areas = {e.get("data-area") for e in root.iter() if e.get("data-area")}
        assert areas == set(D.AREAS)
        fields = {e.get("data-field") for e in root.iter() if e.get("data-field")}
        assert fields == set(D.SHEET_FIELDS[state["sheets"]["upper"]] + D.SHEET_FIELDS[state["sheets"]["lower"]])
        assert {e.get("data-sea") for e in root.iter() if e.get("data-sea")} == set(D.SEAS)
        assert {e.get("data-country") for e in root.iter() if e.get("data-country")} == set(D.AREAS) | set(D.SEAS)
        ids = [e.get("id") for e in root.iter() if e.get("id")]
        assert len(ids) == len(set(ids))
        soldati = sum(int(e.text) for e in root.iter() if e.get("class") == "soldati")
        assert soldati == sum(a["n"] for a in state["areas"].values())


def test_the_brief_names_every_family():
    _, _, state = play_random(b"brief", limit=200, partial=True)
    for seat in SEATS:
        lines = GAME.brief(state, seat)
        assert 5 <= len(lines) <= 10
        for x in SEATS:
            assert any(D.family(state["p"][x]["family"])["name"] in line for line in lines)


def test_a_move_not_listed_is_refused():
    _, state = new_game(seed=b"refuse")
    seat = next(s for s in GAME.prompts(state) if s != "system")
    other = next(s for s in SEATS if s != seat)
    with pytest.raises(IllegalMove) as bad:
        GAME.decide(state, other, GAME.prompts(state)[seat]["options"][0]["move"], Rng(b"x", 1))
    assert bad.value.code == "not_your_turn"
    with pytest.raises(IllegalMove) as bad:
        GAME.decide(state, seat, {"family": "purple"}, Rng(b"x", 1))
    assert bad.value.code == "not_an_option"
