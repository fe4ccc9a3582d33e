"""The 32 tiles, loaded once from tiles.json beside this file (spec section 8).

Every reach is turned into a tuple of (f, r) offsets in the tile's own frame; board.py turns
them into fields. Nothing here depends on a table: it is the box's content.
"""

import json
import unicodedata
from functools import lru_cache
from importlib import resources

MUSTAFA = "START_MUSTAFA"
NOBEL = "N_NAGRODA_NOBLA"
KABOOOM = "N_KABOOOM"
UNKNOWN = "N_UNKNOWN_17"

# Effects that act once, when the tile is placed (spec 7.1); the rest are permanent or none.
INSTANT = frozenset({"destroy", "missile", "flip_one", "flip_ray", "flip_colour", "flip_all",
                     "discard", "repeat", "agent", "hacker", "crisis", "bribe", "elections"})
PERMANENT = frozenset({"security", "stabilize", "block", "kaboom"})
KNOWN_EFFECTS = INSTANT | PERMANENT | {"none", "protect"}


@lru_cache(maxsize=4096)     # the notation folds the same labels and names again for every option
def fold_text(text: str) -> str:
    """Lower case, no diacritics, punctuation as spaces: how names are matched."""
    text = text.replace("ł", "l").replace("Ł", "L")
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    return " ".join("".join(c if c.isalnum() else " " for c in text).split())


def _load() -> dict:
    raw = json.loads(resources.files(__package__).joinpath("tiles.json").read_text("utf-8"))
    patterns = raw["patterns"]

    def offsets(value) -> tuple:
        if isinstance(value, str):
            value = patterns[value]
        return tuple((int(f), int(r)) for f, r in value)

    tiles = {}
    for entry in raw["tiles"]:
        tile = dict(entry)
        if tile["effect"] not in KNOWN_EFFECTS:
            raise ValueError(f"tiles.json: {tile['id']} has an unknown effect {tile['effect']!r}")
        if "reach" in tile:
            tile["reach"] = offsets(tile["reach"])
        if "directions" in tile:
            tile["directions"] = offsets(tile["directions"])
        if "colours" in tile:
            tile["colours"] = {colour: offsets(v) for colour, v in tile["colours"].items()}
        tile["instant"] = tile["effect"] in INSTANT
        tile["aliases"] = tuple(fold_text(a) for a in tile.get("aliases", ())) + (fold_text(tile["name"]),
                                                                                  fold_text(tile["id"]))
        tile.setdefault("provisional", False)
        tiles[tile["id"]] = tile
    if len(tiles) != 32:
        raise ValueError(f"tiles.json must hold 32 tiles, not {len(tiles)}")
    return tiles


TILES: dict[str, dict] = _load()
FACTION = {side: sorted(t for t, d in TILES.items() if d["side"] == side) for side in ("mcworld", "jihad")}
NEUTRALS = sorted(t for t, d in TILES.items() if d["side"] == "neutral")
ALL_TILES = sorted(TILES)


def name(tile: str) -> str:
    return TILES[tile]["name"]


def effect(tile: str) -> str:
    return TILES[tile]["effect"]


def provisional() -> list[dict]:
    """Every tile whose data is a reading of a lost picture, with its note."""
    return [{"id": t, "name": d["name"], "note": d.get("note", "")} for t, d in TILES.items() if d["provisional"]]
