"""The log codec: entries kept deflated against their game's dictionary, read back exactly."""

import hashlib
import json
from importlib import resources

import pytest

from tables import codec, envelope
from tables.dictionaries.__main__ import sample_entries

# Stored entries depend on these files: a dictionary may never change once released. A better
# one is a new file with a new number (python -m tables.dictionaries GAME).
PINNED = {1: "clash.1.dict", 2: "labyrinth.2.dict", 3: "lafamiglia.3.dict", 4: "jaggedalliance.4.dict"}
SHA256 = {1: "8b6a72caf83d3c5bcfba35805f8ecb8d696152bf5045558d7b14d60318c158dc",
          2: "fbed104b31b5c188ecdce6b68e30f151b5459104f6c150aaa8a126b9eaf3ffa5",
          3: "e7ed45ccbd4c8256a94a576cfcbac343d1235ad1b2b024a571b4eb732227fdb5",
          4: "cae9d9c6ecefe8ebeb00ce70cf39cac70a12b7143220bea3861d96f096415bc0"}


@pytest.mark.parametrize("game", ["clash", "labyrinth", "lafamiglia", "jaggedalliance"])
def test_entries_round_trip_and_shrink(game):
    texts = sample_entries(game, count=1)
    kept = envelope.encode(texts, game)
    assert [codec.decode(k) for k in kept] == texts
    assert [envelope.loads(k) for k in kept] == [json.loads(t) for t in texts]
    assert all(k[0] == codec.DEFLATED for k in kept)
    assert sum(map(len, kept)) * 3 < sum(map(len, texts))     # at least 3x smaller


def test_plain_json_entries_stay_readable():
    text = '{"event":{"type":"x"},"seq":1}'
    assert envelope.loads(text.encode()) == envelope.loads(text) == {"event": {"type": "x"}, "seq": 1}
    assert codec.encode(text, "a game without a dictionary") == text.encode()


def test_an_unknown_dictionary_is_a_clear_error():
    with pytest.raises(ValueError, match="dictionary 250"):
        codec.decode(bytes((codec.DEFLATED, 250)) + b"\x00")


def test_released_dictionaries_never_change():
    manifest = json.loads(resources.files("tables.dictionaries").joinpath("manifest.json").read_text())
    for number, file in PINNED.items():
        assert manifest[str(number)]["file"] == file
        digest = hashlib.sha256(codec.dictionary(number)).hexdigest()
        assert digest == SHA256[number], f"dictionary {number} changed: entries stored with it no longer read"


def test_a_dictionary_is_primed_once_per_process_and_packs_as_a_fresh_compressor_would(monkeypatch):
    """Entries are packed by copies of one primed compressor: the same bytes as before, and the
    dictionary is not set again for each entry."""
    texts = sample_entries("clash", count=1)[:20]
    codec.encode(texts[0], "clash")                     # primed here, or earlier in this process
    primed = []
    real = codec.zlib.compressobj
    monkeypatch.setattr(codec.zlib, "compressobj", lambda *a: primed.append(a) or real(*a))
    kept = [codec.encode(text, "clash") for text in texts]
    assert primed == []
    number = codec.number_for("clash")
    for text, value in zip(texts, kept):
        fresh = real(codec.LEVEL, codec.zlib.DEFLATED, -codec.WINDOW, codec.MEMORY, codec.zlib.Z_DEFAULT_STRATEGY,
                     codec.dictionary(number))
        assert value == bytes((codec.DEFLATED, number)) + fresh.compress(text.encode()) + fresh.flush()
        assert codec.decode(value) == text


@pytest.mark.parametrize("game", ["clash", "labyrinth", "lafamiglia", "jaggedalliance"])
def test_entries_packed_with_zlibs_whole_window_still_read(game):
    """Entries stored before the packer's window was made the dictionary's size (zlib's default
    window and memory) read back as they were written."""
    number = codec.number_for(game)
    for text in sample_entries(game, count=1)[:200]:
        before = codec.zlib.compressobj(codec.LEVEL, codec.zlib.DEFLATED, -15, 8, codec.zlib.Z_DEFAULT_STRATEGY,
                                        codec.dictionary(number))
        kept = bytes((codec.DEFLATED, number)) + before.compress(text.encode()) + before.flush()
        assert codec.decode(kept) == text


def test_the_packers_window_holds_a_whole_dictionary():
    from tables.dictionaries.__main__ import SIZE
    assert all(len(codec.dictionary(n)) <= SIZE == 1 << codec.WINDOW for n in PINNED)
