"""The hand on the seat page, in full words: a Labyrinth card's whole text (its prerequisite and
event, from games/labyrinth/data/cards.json), a CLASH tile's side and effect. Only from the seat's
view, so another seat's hand is a number, as on the board.

In a language other than English the page's own words (the title, the tags, the others' counts)
come from the platform's catalogue and the game's parts (a card's or tile's name, a Labyrinth
card's text and facts as its rules page says them, a tile's effect) from the game's catalogue;
the English reads as it always did."""

import functools
from typing import Any

import games
import i18n
from games.clash.picture import EFFECT_WORDS
from games.clash.tiles import TILES
from games.core import words
from games.labyrinth import data as L
from i18n import N_
from tables import reference

Hand = dict[str, Any]      # {"title", "items": [{"key", "value", "name", "tags", "text": [lines]}], "others"}


def hand(game: str, view: dict[str, Any], seat: str | None, language: str | None = None) -> Hand | None:
    if not view or seat is None:
        return None
    language = None if i18n.known(language) == i18n.DEFAULT else language     # None: English as always
    if game == "labyrinth":
        return _labyrinth(view, seat, language)
    if game == "clash":
        return _clash(view, seat, language)
    return None


@functools.lru_cache(maxsize=8)
def _cards(language: str) -> dict[str, dict[str, Any]]:
    """Labyrinth's cards by number as its rules page says them in ``language`` (name, text, facts)."""
    return {str(c["key"]): c for c in reference.components(games.get("labyrinth"), language) if c["kind"] == "card"}


def _labyrinth(view: dict[str, Any], seat: str, language: str | None) -> Hand:
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
        item = {"key": "card", "value": n, "name": f"{n} {card['name']}", "tags": tags, "text": text,
                "side": {"US": "us", "Jihadist": "jihadist"}.get(card["association"], "neutral")}
        said = _cards(language).get(str(n)) if language else None
        if said is not None:           # the card as the box says it: its text and facts
            item = {**item, "name": f"{n} {said['name']}", "tags": list(said.get("facts") or ()),
                    "text": [line for line in (said.get("text") or "").split("\n") if line.strip()]}
        items.append(item)
    counts = [(s, count) for s, count in view.get("hand_counts", {}).items() if s != seat]
    if language:
        others = [i18n.ngettext("%(side)s holds %(num)d card.", "%(side)s holds %(num)d cards.", count, language,
                                side=words.say("labyrinth", L.SIDE[s], language)) for s, count in counts]
        title = i18n.ngettext("Your hand (%(num)d card)", "Your hand (%(num)d cards)", len(items), language)
        return {"title": title, "items": items, "others": others}
    others = [f"{L.SIDE[s]} holds {count} card{'s' if count != 1 else ''}." for s, count in counts]
    return {"title": f"Your hand ({len(items)} card{'s' if len(items) != 1 else ''})", "items": items,
            "others": others}


SIDE_WORDS = {"mcworld": "McWorld", "jihad": "Jihad", "neutral": "neutral", "start": "start"}
TILE_TAGS = {"mcworld": N_("McWorld tile"), "jihad": N_("Jihad tile"), "neutral": N_("neutral tile"),
             "start": N_("start tile")}


def _clash(view: dict[str, Any], seat: str, language: str | None) -> Hand:
    items = []
    for tile in view.get("zones", {}).get(seat, []):
        spec = TILES.get(tile["id"], {})
        words_ = EFFECT_WORDS.get(spec.get("effect", ""), spec.get("effect", ""))
        side = spec.get("side")
        if language:
            tags = [i18n.gettext(TILE_TAGS[side], language) if side in TILE_TAGS else words.say("clash", side or "", language)]
            tags += [i18n.gettext("acts at once", language)] if spec.get("instant") else []
            name, text = words.say("clash", tile["name"], language), [words.say("clash", words_, language)] if words_ else []
        else:
            tags = [f"{SIDE_WORDS.get(side, side or '')} tile"]
            tags += ["acts at once"] if spec.get("instant") else []
            name, text = tile["name"], [words_] if words_ else []
        items.append({"key": "tile", "value": tile["id"], "name": name, "tags": tags,
                      "text": text, "side": spec.get("side", "neutral")})
    zones = [(s, tiles) for s, tiles in view.get("zones", {}).items() if s != seat]
    if language:
        others = [i18n.ngettext("%(side)s has %(num)d tile in its zone.", "%(side)s has %(num)d tiles in its zone.",
                                len(tiles), language, side=words.say("clash", SIDE_WORDS[s], language))
                  for s, tiles in zones]
        title = i18n.ngettext("Your zone (%(num)d tile)", "Your zone (%(num)d tiles)", len(items), language)
        return {"title": title, "items": items, "others": others}
    others = [f"{SIDE_WORDS[s]} has {len(tiles)} tile{'s' if len(tiles) != 1 else ''} in its zone."
              for s, tiles in zones]
    return {"title": f"Your zone ({len(items)} tile{'s' if len(items) != 1 else ''})", "items": items,
            "others": others}
