"""An export made by another version of a game's rules is refused by verify with a sentence
saying so, rather than with a mismatch at some event (the rules' texts and questions change)."""

import hashlib

from tables import verify
from tables.export import FORMAT


def test_an_export_of_another_rules_version_is_refused_with_a_sentence():
    seed = bytes(32)
    header = {"format": FORMAT, "game": "labyrinth", "game_version": "1", "seed": seed.hex(),
              "seed_sha256": hashlib.sha256(seed).hexdigest(), "options": {}, "seats": {}}
    report = verify([header])
    assert not report["ok"] and "version 1 of the rules engine" in report["problems"][0]
