"""The hand on the seat page, in full words: a Labyrinth card's whole text (its prerequisite and
event, from games/labyrinth/data/cards.json), a CLASH tile's side and effect. Only from the seat's
view, so another seat's hand is a number, as on the board."""

from typing import Any

from games.clash.picture import EFFECT_WORDS
from games.clash.tiles import TILES
from games.labyrinth import data as L

Hand = dict[str, Any]      # {"title", "items": [{"key", "value", "name", "tags", "text": [lines]}], "others"}


def hand(game: str, view: dict[str, Any], seat: str | None) -> Hand | None:
    if not view or seat is None:
        return None
    if game == "labyrinth":
        return _labyrinth(view, seat)
    if game == "clash":
        return _clash(view, seat)
    return None


def _labyrinth(view: dict[str, Any], seat: str) -> Hand:
    own = view.get("hands", {}).get(seat)
    items = []
    for card in own if isinstance(own, list) else []:
        n = card["card"]
        raw = L.CARDS[n]
        effect = raw["effect"]
        text = [f"{side} event: {words}" for side, words in effect.items()] if isinstance(effect, dict) \
            else [f"Event: {effect}"]
        if raw.get("prerequisite"):
            pre = raw["prerequisite"]
            text.insert(0, "Playable if: " + ("; ".join(f"{k}: {v}" for k, v in pre.items())
                                              if isinstance(pre, dict) else pre))
        flags = raw.get("flags", {})
        tags = [f"{card['ops']} Op{'s' if card['ops'] != 1 else ''}", card["association"]]
        tags += ["removed after the event"] if flags.get("remove") == "always" else []
        tags += ["lapsing"] if flags.get("lapsing") else []
        tags += [f"marker: {raw['marker']}"] if flags.get("mark") and raw.get("marker") else []
        items.append({"key": "card", "value": n, "name": f"{n} {card['name']}", "tags": tags, "text": text,
                      "side": {"US": "us", "Jihadist": "jihadist"}.get(card["association"], "neutral")})
    others = [f"{L.SIDE[s]} holds {count} card{'s' if count != 1 else ''}."
              for s, count in view.get("hand_counts", {}).items() if s != seat]
    return {"title": f"Your hand ({len(items)} card{'s' if len(items) != 1 else ''})", "items": items,
            "others": others}


SIDE_WORDS = {"mcworld": "McWorld", "jihad": "Jihad", "neutral": "neutral", "start": "start"}


def _clash(view: dict[str, Any], seat: str) -> Hand:
    items = []
    for tile in view.get("zones", {}).get(seat, []):
        spec = TILES.get(tile["id"], {})
        words = EFFECT_WORDS.get(spec.get("effect", ""), spec.get("effect", ""))
        tags = [f"{SIDE_WORDS.get(spec.get('side'), spec.get('side', ''))} tile"]
        tags += ["acts at once"] if spec.get("instant") else []
        items.append({"key": "tile", "value": tile["id"], "name": tile["name"], "tags": tags,
                      "text": [words] if words else [], "side": spec.get("side", "neutral")})
    others = [f"{SIDE_WORDS[s]} has {len(tiles)} tile{'s' if len(tiles) != 1 else ''} in its zone."
              for s, tiles in view.get("zones", {}).items() if s != seat]
    return {"title": f"Your zone ({len(items)} tile{'s' if len(items) != 1 else ''})", "items": items,
            "others": others}
