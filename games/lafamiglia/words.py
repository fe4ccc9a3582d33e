"""How a player's words are read: text folded to plain lower-case ASCII, and the names a card, a
tile or a family answers to (its English name, then its Polish name and key, still taken when typed)."""

import unicodedata

from . import data as D

STROKES = str.maketrans({"ł": "l", "Ł": "L"})      # letters NFKD does not take apart


def fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", str(text).translate(STROKES)).encode("ascii", "ignore").decode().lower()
    return " ".join("".join(c if c.isalnum() or c == "-" else " " for c in text).split())


def soldati(n: int) -> str:
    return f"{n} soldato" if n == 1 else f"{n} soldati"


def names(key: str, value: str) -> list[str]:
    """The words for a card, a tile or a family: its English name first, then the others taken."""
    if key == "card":
        card = D.CARD[value]
        return list(dict.fromkeys([fold(card["name"]), fold(card["polish"]), value]))
    if key == "tile":
        tile = D.TILE[value]
        return list(dict.fromkeys([fold(tile["name"]), *([fold(tile["polish"])] if tile.get("polish") else []), value]))
    if key == "family":
        return list(dict.fromkeys([value, fold(D.family(value)["polish"])]))
    return [str(value)]
