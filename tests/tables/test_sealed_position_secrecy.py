"""A table's typed position is sealed like its seed: no export header holds it before the end
(whoever asks), the full export of the finished game does, verifies and imports; the published
mark ``from_position`` is keyed by the seed, so nobody can try hidden parts until one gives it."""

import hashlib
import json

import pytest

import tables
from tables.start import canonical_position, from_position

from .position_cases import CASES, players
from .test_positions import play_to_the_end

SEED = b"\x07" * 32


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_typed_position_is_in_no_export_before_the_end_and_in_the_full_one_after(store, name):
    case = CASES[name]
    options = {**case.get("options", {}), "position": case["position"]}
    table = tables.start(store, name, options, players(name, case), 1000.0, seed=SEED).table
    for seat in (*table.seats, None):
        header = tables.export(store, table, seat)[0]
        assert "position" not in header["options"] and "seed" not in header
        assert header["from_position"] == table.doc["from_position"]
        assert json.dumps(case["position"], sort_keys=True) not in json.dumps(tables.export(store, table, seat),
                                                                              sort_keys=True)
    table = play_to_the_end(store, table)
    lines = json.loads(json.dumps(tables.export(store, table, None)))
    assert lines[0]["options"]["position"] == case["position"]
    assert tables.verify(lines)["ok"]
    again = tables.import_table(store, lines, 2000.0).table
    assert again.result() == table.result() and again.doc["options"]["position"] == case["position"]


def test_the_mark_is_keyed_by_the_seed_and_an_old_plain_mark_still_verifies(store):
    case = CASES["clash"]
    options = {"position": case["position"]}
    plain = hashlib.sha256(canonical_position(options)).hexdigest()
    table = tables.start(store, "clash", options, players("clash", case), 1000.0, seed=SEED).table
    assert table.doc["from_position"] == from_position(options, SEED) != plain
    assert from_position(options, b"\x08" * 32) != from_position(options, SEED)
    lines = json.loads(json.dumps(tables.export(store, play_to_the_end(store, table), None)))
    lines[0]["from_position"] = plain         # the mark tables created before it was keyed carry
    assert tables.verify(lines)["ok"]
    lines[0]["from_position"] = hashlib.sha256(b"another position").hexdigest()
    assert tables.verify(lines)["problems"] == ["The header's from_position is not the mark of the position in its options."]


def test_verify_leaves_the_export_as_it_was_given_so_an_import_keeps_the_log(store):
    """La Famiglia's fights fold into the state by reference; verify re-runs a copy, and the table
    an import makes holds the exported log as it was."""
    case = CASES["lafamiglia"]
    table = play_to_the_end(store, tables.start(store, "lafamiglia", {}, players("lafamiglia", case), 1000.0,
                                                seed=SEED).table)
    text = tables.to_jsonl(tables.export(store, table, None))
    lines = tables.parse_jsonl(text)
    assert tables.verify(lines)["ok"] and tables.to_jsonl(lines) == text
    again = tables.import_table(store, lines, 2000.0).table
    assert tables.to_jsonl(tables.export(store, again, None)[1:]) == tables.to_jsonl(lines[1:])
