"""verify is open to anyone: a malformed export (a line of the wrong shape, a field of the wrong
type) is refused with its line and what is wrong (Invalid, 422); a well-formed line whose move
the rules cannot take is a problem on that line; nothing else ever comes out of it, and what
still verifies imports."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tables
from tables.errors import Invalid

from .position_cases import CASES, players
from .test_positions import play_to_the_end

EXPORTS: dict[str, str] = {}


def full_export(store, name):
    """A finished game's full export, made once per game for the whole module."""
    if name not in EXPORTS:
        case = CASES[name]
        table = tables.start(store, name, case.get("options", {}), players(name, case), 1000.0,
                             seed=b"\x09" * 32).table
        EXPORTS[name] = tables.to_jsonl(tables.export(store, play_to_the_end(store, table), None))
    return tables.parse_jsonl(EXPORTS[name])


def refusal(lines):
    with pytest.raises(Invalid) as refused:
        tables.verify(lines)
    assert refused.value.status == 422 and refused.value.code == "bad_export"
    return refused.value.message


@pytest.mark.parametrize(("line", "field", "value", "said"), [
    (2, "event", 5, "Line 2: event is not a JSON object."),
    (3, "seq", "2", "Line 3: seq is not a whole number."),
    (3, "seq", True, "Line 3: seq is not a whole number."),
    (2, "by", ["system"], "Line 2: by is not a text."),
    (4, "cmd", 7, "Line 4: cmd is not a text."),
    (1, "seats", ["mcworld"], "Line 1: seats is not a JSON object."),
    (1, "options", None, "Line 1: options is not a JSON object."),
    (1, "seed", 12, "Line 1: seed is not a text."),
])
def test_a_field_of_the_wrong_type_is_refused_with_its_line(store, line, field, value, said):
    lines = full_export(store, "clash")
    lines[line - 1][field] = value
    assert refusal(lines) == said


def test_missing_fields_and_odd_lines_are_refused_with_their_line(store):
    lines = full_export(store, "clash")
    del lines[2]["event"]
    assert refusal(lines) == "Line 3: it has no event."
    lines = full_export(store, "clash")
    lines[0]["seats"]["mcworld"] = "Ann"
    assert refusal(lines) == "Line 1: the seat mcworld is not a JSON object."
    assert refusal([{"format": "pbem-table", "game": "clash", "options": {}, "seats": {}}, [1, 2]]) == \
        "Line 2: it is not a JSON object."
    assert refusal([]) == "The export is empty."
    with pytest.raises(Invalid) as refused:
        tables.parse_jsonl(EXPORTS["clash"].replace("\n", "\n{oops\n", 2))
    assert refused.value.message == "Line 2 is not JSON."


def test_a_move_the_rules_cannot_take_is_a_problem_on_its_line(store):
    lines = full_export(store, "lafamiglia")
    seq = next(e["seq"] for e in lines[1:] if "move" in e and e["by"] != "system" and e["seq"] > 1)
    lines[seq]["move"] = {"nonsense": [1, {"x": None}]}
    report = tables.verify(lines)
    assert not report["ok"] and report["problems"][0].startswith(f"Event {seq}: ")


JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 300) | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
                    max_leaves=6)


@st.composite
def mutation(draw, size):
    """(line, path of keys to a field, what to do there): a field replaced by any JSON, or dropped."""
    line = draw(st.integers(0, size - 1))
    depth = draw(st.integers(1, 3))
    return line, draw(st.lists(st.text(alphabet="seqbyvntmocdrarlu_", min_size=1, max_size=8), min_size=depth,
                               max_size=depth)), draw(st.none() | JSON.map(lambda v: ("set", v)))


def mutate(lines, line, path, change):
    target = lines[line]
    for key in path[:-1]:
        keys = sorted(target) if isinstance(target, dict) else []
        if not keys:
            break
        target = target[keys[hash(key) % len(keys)]]
    if not isinstance(target, dict):
        return
    key = path[-1] if path[-1] in target or not target else sorted(target)[hash(path[-1]) % len(target)]
    if change is None:
        target.pop(key, None)
    else:
        target[key] = change[1]


@pytest.mark.parametrize("name", ["clash", "lafamiglia"])
@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])   # each replays a whole game
@given(data=st.data())
def test_a_mutated_export_is_verified_or_refused_never_a_crash(store, name, data):
    lines = full_export(store, name)
    for line, path, change in data.draw(st.lists(mutation(len(lines)), min_size=1, max_size=3)):
        mutate(lines, line, path, change)
    try:
        report = tables.verify(json.loads(json.dumps(lines)))
    except Invalid as refused:
        assert refused.status == 422 and refused.message.startswith("Line ")
    else:
        assert isinstance(report["ok"], bool) and all(isinstance(p, str) for p in report["problems"])
        if report["ok"]:         # what still verifies imports
            assert tables.import_table(store, lines, 2000.0).table.result() == report["result"]
