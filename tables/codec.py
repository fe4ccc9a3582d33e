"""How an entry is kept in Redis: its JSON, deflated with a preset dictionary of its game.

A log entry is small (a Labyrinth event is about 130 bytes of JSON), so plain compression gains
little; against a dictionary of typical entries of the same game it shrinks about 6x (Labyrinth:
184 -> 33 bytes) and inflates faster than json.loads reads it. A kept entry is

    0x01, the dictionary's number, raw deflate (RFC 1951) of the entry's JSON

or the JSON itself (entries written before this codec, and games without a dictionary). A
dictionary never changes once entries use it: a better one gets a new number, and every number
stays readable. The dictionaries are data files in tables/dictionaries/ (made by
``python -m tables.dictionaries``), listed in its manifest.json.

Priming a compressor with a 16 KB dictionary costs more than compressing an entry with it, so
each process primes one compressor and one decompressor per dictionary, once, and each entry
is packed or unpacked by a copy of it (the same bytes as a fresh one would give).
"""

import json
import zlib
from functools import cache
from importlib import resources

DEFLATED = 1
LEVEL = 6
# The packer's window: 16 KB, a dictionary's size (SIZE in tables/dictionaries), so all of it still
# counts; and its memory level. A primed compressor's state is copied for each entry, and these
# make it about a third of zlib's defaults (15, 8) to copy, for the same sizes within a tenth of a
# byte an entry. The reader keeps zlib's whole window (32 KB): it reads entries packed either way.
WINDOW = 14
MEMORY = 6


@cache
def _manifest() -> dict[int, dict[str, str]]:
    text = resources.files("tables.dictionaries").joinpath("manifest.json").read_text()
    return {int(number): entry for number, entry in json.loads(text).items()}


@cache
def dictionary(number: int) -> bytes:
    entry = _manifest().get(number)
    if entry is None:
        raise ValueError(f"entry compressed with dictionary {number}, which this server does not have")
    return resources.files("tables.dictionaries").joinpath(entry["file"]).read_bytes()


@cache
def number_for(game: str) -> int | None:
    """The dictionary new entries of ``game`` are written with: its newest."""
    numbers = [n for n, entry in _manifest().items() if entry["game"] == game]
    return max(numbers) if numbers else None


@cache
def _packer(number: int) -> "zlib._Compress":
    """The compressor primed with dictionary ``number``: never used itself, only copied."""
    return zlib.compressobj(LEVEL, zlib.DEFLATED, -WINDOW, MEMORY, zlib.Z_DEFAULT_STRATEGY, dictionary(number))


@cache
def _unpacker(number: int) -> "zlib._Decompress":
    return zlib.decompressobj(-15, dictionary(number))


def encode(text: str, game: str) -> bytes:
    number = number_for(game)
    if number is None:
        return text.encode()
    packer = _packer(number).copy()
    return bytes((DEFLATED, number)) + packer.compress(text.encode()) + packer.flush()


def decode(value: bytes | str) -> str:
    if isinstance(value, str):
        return value
    if value[:1] != bytes((DEFLATED,)):
        return value.decode()
    unpacker = _unpacker(value[1]).copy()
    return (unpacker.decompress(value[2:]) + unpacker.flush()).decode()
