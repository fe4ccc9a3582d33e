"""The rules page's Labyrinth: the rules in our words (data/rules.md) and the 120 cards with their whole
texts (data/cards.json: when the event may be played, what it does, what stays in play). Pure: the
box's content, never a hand or the deck of a table."""

from functools import lru_cache
from importlib import resources

from . import data as D

GROUPS = {"US": "US cards", "Jihadist": "Jihadist cards", "Unassociated": "Unassociated cards"}
REMOVED = {"always": "removed after the event", "if_us_event": "removed after the US event"}


def rules_text() -> str:
    return resources.files(__package__).joinpath("data/rules.md").read_text("utf-8")


@lru_cache(maxsize=1)
def components() -> tuple[dict, ...]:
    return tuple(_card(D.CARDS[n]) for n in D.ALL_CARDS)


def _sides(value) -> list[tuple[str, str]]:
    """A field given once, or per side for an Unassociated card ({"US": ..., "Jihadist": ...})."""
    if isinstance(value, dict):
        return [(side, words) for side, words in value.items() if words]
    return [("", value)] if value else []


def _card(card: dict) -> dict:
    lines = []
    for side, words in _sides(card.get("prerequisite")):
        lines.append(f"Playable if{f' (as the {side} event)' if side else ''}: {words}")
    effects = _sides(card.get("effect"))
    if len(effects) == 2 and effects[1][1].strip().rstrip(".").lower() == "same":
        effects = [("", effects[0][1])]
    for side, words in effects:
        lines.append(f"{side + ' event' if side else 'Event'}: {words}")
    one_player = card.get("solo", {}).get("printed_one_player_text")
    if one_player:
        lines.append("Solo: " + one_player.removeprefix("1-player:").strip())
    flags = card.get("flags", {})
    facts = [f"{card['ops']} Op{'s' if card['ops'] != 1 else ''}", card["association"]]
    facts += [REMOVED[flags["remove"]]] if flags.get("remove") in REMOVED else []
    facts += ["lapsing: lasts this turn"] if flags.get("lapsing") else []
    facts += [f"leaves a marker: {card['marker']}"] if flags.get("mark") and card.get("marker") else []
    facts += ["happens whenever played or discarded"] if flags.get("auto_trigger") else []
    aliases = sorted({D.fold_text(v) for v in card.get("name_variants", ())} - {D.fold_text(card["name"])})
    return {"kind": "card", "key": str(card["number"]), "number": str(card["number"]), "name": card["name"],
            "aliases": aliases,
            "text": "\n".join(lines), "facts": facts, "group": GROUPS[card["association"]],
            "strict": True}        # 'card' is a word of the notation too: 'card 27 ops woi pakistan' is a move
