"""The box's content, loaded once from the *.json files beside this file (spec 3, 4, 13, Appendix A).

map.json (38 spaces, adjacency, Schengen), cards.json (120 cards), scenarios.json (the four
setups) and tables.json (the player-aid tables, each marked provisional where it is not in the
rulebook seeds). Nothing here depends on a table in play.
"""

import json
import unicodedata
from importlib import resources

SEATS = ("us", "jihadist")
SIDE = {"us": "US", "jihadist": "Jihadist", "system": "System"}
GOV_NAMES = {1: "Good", 2: "Fair", 3: "Poor", 4: "Islamist Rule"}
GOV_VALUE = {"Good": 1, "Fair": 2, "Poor": 3, "Islamist Rule": 4}
GOOD, FAIR, POOR, IR = 1, 2, 3, 4
TOTAL_CELLS = 15   # 4.6.3
TOTAL_TROOPS = 15  # 4.6.3
US, ISRAEL, IRAN = "United States", "Israel", "Iran"


def _load(name: str) -> dict:
    return json.loads(resources.files(__package__).joinpath(name).read_text("utf-8"))


MAP = _load("map.json")
CARDS_RAW = _load("cards.json")
SCENARIOS_RAW = _load("scenarios.json")
TABLES = _load("tables.json")

COUNTRIES: dict[str, dict] = {c["name"]: c for c in MAP["countries"]}
NAMES: list[str] = [c["name"] for c in MAP["countries"]]  # map order, used for every listing
MUSLIM = [n for n in NAMES if COUNTRIES[n]["muslim"]]       # 4.1.2: the 18 Sunni and Shia-Mix countries
NON_MUSLIM = [n for n in NAMES if COUNTRIES[n]["type"] in ("non_muslim", "usa", "israel")]
SCHENGEN = list(MAP["schengen"]["members"])                 # 4.5
SCHENGEN_LINKS = set(MAP["schengen"]["links"])
if len(COUNTRIES) != 38 or len(MUSLIM) != 18 or len(SCHENGEN) != 7:
    raise ValueError("map.json must hold 38 spaces, 18 Muslim and 7 Schengen countries")


def _adjacency() -> dict[str, frozenset]:
    """Printed links plus 4.5: a Schengen-link country is adjacent to every Schengen member,
    and the members are all adjacent to each other."""
    adj = {n: set(COUNTRIES[n]["adjacent"]) for n in NAMES}
    for member in SCHENGEN:
        adj[member] |= set(SCHENGEN) - {member}
        for link in SCHENGEN_LINKS:
            adj[member].add(link)
            adj[link].add(member)
    return {n: frozenset(v) for n, v in adj.items()}


ADJ = _adjacency()
# Patriot Act marker (card 43, in play from the Anaconda and Mission Accomplished setups):
# the United States is adjacent only to Canada (cards.json markers).
PATRIOT_US_ADJ = frozenset({"Canada"})


def is_muslim(name: str) -> bool:
    return COUNTRIES[name]["muslim"]


def is_non_muslim(name: str) -> bool:
    """4.3: non-Muslim spaces, the US and Israel included; Iran is neither (4.4)."""
    return COUNTRIES[name]["type"] in ("non_muslim", "usa", "israel")


def fixed_gov(name: str) -> int | None:
    g = COUNTRIES[name]["governance_fixed"]
    return GOV_VALUE[g] if g else None


def rec_number(name: str) -> int | None:
    """4.3.4: a printed Recruit number (Philippines REC 3, ...)."""
    return COUNTRIES[name]["recruit"]


def printed_resources(name: str) -> int:
    return COUNTRIES[name]["resources"] or 0


# ---------------------------------------------------------------- cards

CARDS: dict[int, dict] = {c["number"]: c for c in CARDS_RAW["cards"]}
ALL_CARDS = sorted(CARDS)
OIL_PRICE_SPIKE = (117, 118)
if len(CARDS) != 120:
    raise ValueError("cards.json must hold 120 cards")


def card_name(n) -> str:
    card = CARDS.get(n) if isinstance(n, int) else None
    return card["name"] if card else str(n)


def card_ops(n: int) -> int:
    return CARDS[n]["ops"]


def card_label(n: int) -> str:
    c = CARDS[n]
    return f"{n} {c['name']} ({c['association']}, {c['ops']} Op{'s' if c['ops'] != 1 else ''})"


# ---------------------------------------------------------------- scenarios

SCENARIOS: dict[str, dict] = {s["id"]: s for s in SCENARIOS_RAW["scenarios"]}
SCENARIO_IDS = [s["id"] for s in SCENARIOS_RAW["scenarios"]]


# ---------------------------------------------------------------- names


def fold_text(text: str) -> str:
    """Lower case, no accents, punctuation as spaces: how names are matched."""
    text = unicodedata.normalize("NFKD", str(text))
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    return " ".join("".join(c if c.isalnum() else " " for c in text).split())


ALIASES = {
    "us": US, "usa": US, "united states": US, "america": US, "uk": "United Kingdom", "britain": "United Kingdom",
    "gulf": "Gulf States", "saudi": "Saudi Arabia", "ksa": "Saudi Arabia", "indonesia": "Indonesia/Malaysia",
    "malaysia": "Indonesia/Malaysia", "algeria": "Algeria/Tunisia", "tunisia": "Algeria/Tunisia",
    "kenya": "Kenya/Tanzania", "tanzania": "Kenya/Tanzania", "afghan": "Afghanistan",
}
FOLDED = {fold_text(n): n for n in NAMES}


def find_country(text) -> str | None:
    """A country from a forgiving spelling: exact, alias, or a unique prefix ('pak', 'saudi')."""
    if not isinstance(text, str):
        return None
    key = fold_text(text)
    if not key:
        return None
    if key in FOLDED:
        return FOLDED[key]
    if key in ALIASES:
        return ALIASES[key]
    hits = {n for f, n in FOLDED.items() if f.startswith(key) or key in f.split(" ")}
    hits |= {n for a, n in ALIASES.items() if a.startswith(key)}
    return hits.pop() if len(hits) == 1 else None
