"""The rules page's La Famiglia: the rules in our words (data/rules.md) and every component with its
whole text, from data/*.json: the order tokens of the six families, the control tiles, the conflict
cards of the finesse, the character cards, the action sheets field by field, the six columns and the
family boards. Pure: the box's content, never an HQ, a face-down order or a sealed card."""

from functools import lru_cache
from importlib import resources

from . import data as D
from . import tokens as T
from .board import field_words as board_field_words
from .planning import field_words

COLUMN_ACTIONS = {"first_player": "First player", "courts": "Courts", "police": "Police", "banks": "Banks",
                  "church": "Church", "two_institutions": "Two institutions"}


def rules_text() -> str:
    return resources.files(__package__).joinpath("data/rules.md").read_text("utf-8")


@lru_cache(maxsize=1)
def components() -> tuple[dict, ...]:
    return (*_orders(), *_tiles(), *_cards(), *_characters(), *_sheets(), *_columns(), *_boards())


def _names(entry: dict) -> tuple[str, str | None]:
    """(English name, Polish name or None), whichever way the entry gives them."""
    if "english" in entry:
        return entry["english"], entry["name"]
    return entry["name"], entry.get("polish")


def _orders() -> list[dict]:
    out = []
    for fam in D.FAMILY_KEYS:
        family = D.family(fam)
        for token_id in D.FAMILY_TOKENS[fam]:
            token = D.TOKEN[token_id]
            short = T.short(token_id)
            text = token.get("text") or T.words(token_id)
            facts = [f"{token['kind']} order", f"initiative {token['initiative']}"]
            facts += ["advanced: " + f"{token['row']} row, group {token['letter']}" if token.get("row") else "basic"]
            out.append({"kind": "order", "key": token_id, "name": T.name(token_id),
                        "aliases": [f"{fam} {short}", f"{family.get('polish', fam)} {short}", f"{fam} {token['name']}"],
                        "text": text, "facts": facts, "group": f"{family['name']}'s order tokens",
                        "lookup": f"{fam} {short}",
                        "strict": True})      # 'order', 'order spread', 'order pair' answer a field's question
    return out


def _tiles() -> list[dict]:
    out = []
    for key in D.TILE_KEYS:
        tile = D.TILE[key]
        name, polish = _names(tile)
        facts = [f"{tile['phase']} phase" if tile.get("phase") else "no effect"]
        facts += [f"costs {tile['cost']} L to use"] if tile.get("cost") else []
        out.append({"kind": "tile", "key": key, "name": name, "polish": polish,
                    "aliases": [a for a in (polish, key) if a], "text": tile["text"], "facts": facts,
                    "group": "Control tiles"})
    return out


def _cards() -> list[dict]:
    out = []
    for key in D.CARD_SET:
        card = D.CARD[key]
        name, polish = _names(card)
        out.append({"kind": "card", "key": key, "name": name, "polish": polish,
                    "aliases": [a for a in (polish, key) if a], "text": card["text"],
                    "facts": ["conflict card", "every family holds one"], "group": "Conflict cards (the finesse)"})
    return out


def _characters() -> list[dict]:
    out = []
    for i, character in enumerate(D.CHARACTERS):
        extra = character["extra"]
        words = (f"{character['money']} L and {character['soldati']} soldati in your HQ; at the setup "
                 f"{extra['soldati']} extra soldati, {extra['cars']} cars and {extra['boats']} motorboats on the "
                 f"map, then {character['labs']} labs.")
        out.append({"kind": "character", "key": str(i + 1), "name": character["name"], "aliases": [],
                    "text": character.get("text") or words, "facts": ["character card"], "group": "Character cards"})
    return out


def _sheets() -> list[dict]:
    out = []
    for n in D.SHEET_NUMBERS:
        costs = ", ".join(f"{c} {-D.COSTS[n][c]} L" if D.COSTS[n][c] else f"{c} free" for c in D.COLUMN_LETTERS)
        lines = [f"Spreading costs once it is the upper sheet: {costs}."]
        for fid in D.SHEET_FIELDS[n]:
            field = D.FIELD[fid]
            if n == 0:
                words = "a neutral marker starts here" if field.get("grey") else "a field for the setup's markers"
            else:
                words = field_words(fid)
            lines.append(f"{fid}: {words}")
        out.append({"kind": "sheet", "key": str(n), "name": f"Action sheet {n}",
                    "aliases": [f"sheet {n}"], "text": "\n".join(lines),
                    "facts": ["upper sheet in round 1" if n == 0 else f"lower sheet in round {n}"],
                    "group": "Action sheets"})
    return out


def _columns() -> list[dict]:
    texts = D.SHEETS.get("column_texts", {})
    out = []
    for letter in D.COLUMN_LETTERS:
        action = D.COLUMNS[letter]
        entry = texts.get(letter, {})
        name = entry.get("name") or COLUMN_ACTIONS.get(action, action.replace("_", " "))
        out.append({"kind": "column", "key": letter, "name": f"Column {letter}: {name}",
                    "aliases": [name, action.replace("_", " ")], "text": entry.get("text") or name,
                    "facts": ["spreading action"], "group": "The six columns", "lookup": letter})
    return out


def _boards() -> list[dict]:
    row_texts = D.FAMILIES.get("row_texts", {})
    out = []
    for fam in D.FAMILY_KEYS:
        family = D.family(fam)
        lines = [family["text"]] if family.get("text") else []
        for row in D.ROWS:
            spec = D.board_row(fam, row)
            start = spec.get("start")
            shown = (f"starts at car attack {start['attack']}, car bomb {start['bomb']}" if isinstance(start, dict)
                     else f"starts at base {start}" if start is not None else "no base value")
            fields = "; ".join(f"{f['group'] + ': ' if f.get('group') else ''}{board_field_words(f)}"
                               for f in spec["fields"])
            about = row_texts.get(row, {}).get("text")
            lines.append(f"{row.capitalize()} ({shown}): {fields}." + (f" {about}" if about else ""))
        out.append({"kind": "family", "key": fam, "name": f"{family['name']}'s family board",
                    "polish": family.get("polish"), "aliases": [family["name"], family.get("polish") or fam],
                    "text": "\n".join(lines), "facts": ["family board"], "group": "Family boards", "lookup": fam})
    return out
