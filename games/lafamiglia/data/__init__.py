"""La Famiglia's components and rulings, read from the JSON files beside this module.

Every value the seed does not give is marked provisional in its file, with its source (the
map, the action sheets, the family boards and order tokens, the character cards, three control
tiles; spec 15). A box owner corrects a value by editing the JSON; ``check()`` says what an edit
broke (the tests run it).
"""

import json
from collections import deque
from pathlib import Path

HERE = Path(__file__).parent


def _load(name: str) -> dict:
    return json.loads((HERE / name).read_text(encoding="utf-8"))


MAP = _load("map.json")
SHEETS = _load("sheets.json")
FAMILIES = _load("families.json")
CARDS = _load("cards.json")
RULINGS = _load("rulings.json")

# The map (spec 2.12)
AREAS: list[str] = [a["name"] for a in MAP["areas"]]
AREA: dict[str, dict] = {a["name"]: a for a in MAP["areas"]}
ADJ: dict[str, tuple[str, ...]] = {a: tuple(AREA[a]["adjacent"]) for a in AREAS}
COAST: dict[str, tuple[str, ...]] = {a: tuple(AREA[a]["seas"]) for a in AREAS}
SEAS: list[str] = [s["name"] for s in MAP["seas"]]
SEA_ADJ: dict[str, tuple[str, ...]] = {s["name"]: tuple(s["adjacent"]) for s in MAP["seas"]}
SEA_COAST: dict[str, tuple[str, ...]] = {s: tuple(a for a in AREAS if s in COAST[a]) for s in SEAS}
MANDAMENTI: list[str] = [m["name"] for m in MAP["mandamenti"]]
M_AREAS: dict[str, tuple[str, ...]] = {m["name"]: tuple(m["areas"]) for m in MAP["mandamenti"]}
MANDAMENTO_OF: dict[str, str] = {a: AREA[a]["mandamento"] for a in AREAS}
BRONTE: str = MAP["bronte"]
CORNERS: dict[str, dict[str, int]] = MAP["corners"]
NEUTRAL_START: dict[str, int] = MAP["neutral"]
PLAYER_ORDER: list[str] = MAP["player_order"]


def _distances() -> dict[str, dict[str, int]]:
    out = {}
    for start in AREAS:
        seen, todo = {start: 0}, deque([start])
        while todo:
            a = todo.popleft()
            for b in ADJ[a]:
                if b not in seen:
                    seen[b] = seen[a] + 1
                    todo.append(b)
        out[start] = seen
    return out


DIST: dict[str, dict[str, int]] = _distances()

# Action sheets (spec 2.6): fields by id ("1c2": sheet 1, column c, second field)
COLUMNS: dict[str, str] = SHEETS["columns"]
COLUMN_LETTERS: list[str] = list(COLUMNS)
SHEET_NUMBERS: list[int] = sorted(int(n) for n in SHEETS["sheets"])
COSTS: dict[int, dict[str, int]] = {int(n): s["costs"] for n, s in SHEETS["sheets"].items()}
FIELD: dict[str, dict] = {}
SHEET_FIELDS: dict[int, list[str]] = {}
for _n, _sheet in SHEETS["sheets"].items():
    SHEET_FIELDS[int(_n)] = []
    for _f in _sheet["fields"]:
        FIELD[_f["id"]] = {**_f, "sheet": int(_n), "column": _f["id"][1]}
        SHEET_FIELDS[int(_n)].append(_f["id"])

# Families: boards and order tokens (spec 2.7, 2.8, 8.11)
ROWS: list[str] = FAMILIES["rows"]
FAMILY_KEYS: list[str] = list(FAMILIES["families"])
TOKEN: dict[str, dict] = {}
FAMILY_TOKENS: dict[str, list[str]] = {}
BASIC: dict[str, list[str]] = {}
ADVANCED: dict[str, dict[tuple[str, str], str]] = {}
for _fam, _info in FAMILIES["families"].items():
    FAMILY_TOKENS[_fam], BASIC[_fam], ADVANCED[_fam] = [], [], {}
    for _t in _info["tokens"]:
        TOKEN[_t["id"]] = {**_t, "family": _fam}
        FAMILY_TOKENS[_fam].append(_t["id"])
        if _t.get("row"):
            ADVANCED[_fam][(_t["row"], _t["letter"])] = _t["id"]
        else:
            BASIC[_fam].append(_t["id"])


def family(fam: str) -> dict:
    return FAMILIES["families"][fam]


def board_row(fam: str, row: str) -> dict:
    return family(fam)["board"][row]


def row_length(fam: str, row: str) -> int:
    return len(board_row(fam, row)["fields"])


# Cards, tiles, component limits (spec 2.5, 2.9, 2.11, 13)
COMP: dict[str, int] = {k: v for k, v in CARDS["components"].items() if isinstance(v, int)}
CHARACTERS: list[dict] = CARDS["characters"]
CARD_SET: list[str] = CARDS["conflict"]["set"]
CARD: dict[str, dict] = CARDS["conflict"]["cards"]
TILE: dict[str, dict] = {t["key"]: t for t in CARDS["tiles"]}
TILE_KEYS: list[str] = [t["key"] for t in CARDS["tiles"]]


def check() -> list[str]:
    """What is wrong with the data as it stands (empty when it can be played)."""
    problems = []
    if len(AREAS) != len(set(AREAS)):
        problems.append("two areas share a name")
    for a in AREAS:
        for b in ADJ[a]:
            if b not in AREA:
                problems.append(f"{a}: unknown neighbour {b}")
            elif a not in ADJ[b]:
                problems.append(f"adjacency not symmetric: {a} - {b}")
        for s in COAST[a]:
            if s not in SEA_ADJ:
                problems.append(f"{a}: unknown sea {s}")
        if len(COAST[a]) > 2:
            problems.append(f"{a} touches more than 2 seas (spec 2.12)")
        if any(len(DIST[a]) != len(AREAS) for a in AREAS):
            problems.append("the land map is not connected")
            break
    for s in SEAS:
        for t in SEA_ADJ[s]:
            if s not in SEA_ADJ.get(t, ()):
                problems.append(f"sea adjacency not symmetric: {s} - {t}")
    for sea in MAP["seas"]:
        if sorted(sea["coast"]) != sorted(SEA_COAST[sea["name"]]):
            problems.append(f"{sea['name']}: its coast differs from the seas its areas list")
    for m, areas in M_AREAS.items():      # 7.2: its control marker's field lies on an adjacent sea area
        if not any(COAST.get(a) for a in areas):
            problems.append(f"mandamento {m} touches no sea area")
    for m, areas in M_AREAS.items():
        if len(areas) != 3:
            problems.append(f"mandamento {m} has {len(areas)} areas, not 3")
        for a in areas:
            if MANDAMENTO_OF.get(a) != m:
                problems.append(f"{a} is listed in mandamento {m} but says {MANDAMENTO_OF.get(a)}")
    if BRONTE not in AREA:
        problems.append(f"Bronte ({BRONTE}) is not an area")
    placed = dict(NEUTRAL_START)
    for seat, areas in CORNERS.items():
        for a, n in areas.items():
            if a in placed:
                problems.append(f"{a} starts with two owners")
            placed[a] = n
        for m, m_areas in M_AREAS.items():
            if sum(a in areas for a in m_areas) > 1:
                problems.append(f"{seat} starts with 2 areas of {m} (spec 3: no mandamento is controlled at the start)")
    if sorted(placed) != sorted(AREAS) or any(n not in (2, 3) for n in placed.values()):
        problems.append("every area must start with 2 or 3 soldati (spec 3 step 9)")
    if sorted(PLAYER_ORDER) != sorted(CORNERS):
        problems.append("player_order must list the four corners")
    for n, sheet in COSTS.items():
        if sorted(sheet) != sorted(COLUMN_LETTERS):
            problems.append(f"sheet {n}: a cost for every column")
    for fid, f in FIELD.items():
        if f["sheet"] > 0 and not f.get("parts"):
            problems.append(f"field {fid} has no action")
    for n in SHEET_NUMBERS[1:]:
        if not any(FIELD[f].get("large") for f in SHEET_FIELDS[n]):
            problems.append(f"sheet {n} needs a large field, so that a marker can always be moved")
    for fam in FAMILY_KEYS:
        if len(FAMILY_TOKENS[fam]) != COMP["tokens"] or len(BASIC[fam]) != 5:
            problems.append(f"{fam}: 13 tokens, 5 basic (spec 2.8)")
        cut_outs = sum(row_length(fam, r) for r in ROWS)
        if cut_outs != COMP["board_markers"]:
            problems.append(f"{fam}: {cut_outs} covered fields, not {COMP['board_markers']} (spec 2.7)")
        groups = {(r, f["group"]) for r in ROWS for f in board_row(fam, r)["fields"] if f.get("group")}
        if groups != set(ADVANCED[fam]):
            problems.append(f"{fam}: the advanced tokens must match the board's A/B/C groups")
    for item in RULINGS["items"]:
        if not {"id", "rule", "choice", "provisional"} <= set(item):
            problems.append(f"ruling {item.get('id')}: an id, a rule, a choice and whether it is provisional")
    if len(CHARACTERS) < 4:
        problems.append("at least 4 character cards")
    known = [k for k in TILE_KEYS if not TILE[k].get("unknown")]
    if len(known) < 7:
        problems.append("at least 7 known control tiles")
    return problems
