"""Order tokens in words (spec 2.8, 8.11), for labels, views and log lines."""

from . import data as D

PART_WORDS = {
    "money": lambda p: f"+{p['n']} L",
    "recruit": lambda p: f"recruit {p['n']}",
    "place": lambda p: f"place {p['n']}" if "n" in p else f"place police+{p['police']}",
    "lab": lambda p: "lab",
    "car": lambda p: "car",
    "boat": lambda p: "motorboat",
    "shotgun": lambda p: ("muster + " if p.get("muster") else "") + ("double shotgun" if p.get("double") else "shotgun")
    + (f" (replace {p['replace']})" if p.get("replace") else "") + (" (pay to remove)" if p.get("buy_off") else ""),
    "bomb": lambda p: "double bomb" if p.get("double") else "bomb",
    "pentito": lambda p: "Pentito " + "/".join(str(n) for n in p["pattern"]),
    "incite": lambda p: f"incite {p['range']}",
    "reinforce": lambda p: f"{p['n']} soldati here and in up to {p['adjacent']} adjacent areas",
    "lab_guards": lambda p: "1 soldato at each of your labs",
    "replace_adjacent": lambda p: f"replace up to {p['n']} adjacent enemies and bring them here",
}


def part_words(part: dict) -> str:
    return PART_WORDS[part["do"]](part)


def short(token_id: str) -> str:
    """'red.courts_b' -> 'courts-b' (the notation's name of a token, unique within a family)."""
    return token_id.split(".", 1)[1].replace("_", "-")


def brief(token_id: str) -> str:
    """'b1 (+2 L, recruit 2)': the notation's name and what the order does, for a line of an email."""
    t = D.TOKEN[token_id]
    return f"{short(token_id)} ({', '.join(part_words(p) for p in t['parts'])})"


def words(token_id: str) -> str:
    t = D.TOKEN[token_id]
    mark = "star" if t["kind"] == "attack" else "circle"
    bits = [part_words(p) for p in t["parts"]]
    if t.get("skull"):
        bits.append(f"skull {t['skull']}")
    if t.get("vest"):
        bits.append(f"vest {t['vest']}")
    return f"{t['name']} ({t['kind']}, initiative {t['initiative']} {mark}: {', '.join(bits)})"


def name(token_id: str) -> str:
    t = D.TOKEN[token_id]
    return f"{D.family(t['family'])['name']} {t['name']}"
