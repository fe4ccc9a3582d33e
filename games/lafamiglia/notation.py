"""The short text notation for email replies and the CLI: a few words naming one listed option of
the seat's question, built from the option's move (``field 1a2``, ``spread c``, ``from 0c1 neutral``,
``place``, ``enna``, ``3 soldati``, ``to bronte by boat``, ``finesse``, ``zdrada``, ``take``), plus
what a seat may do whenever it is asked (``sell b2``, ``gift 1``, ``always brutal``, ``never take``,
``ask conflict``). Case, accents and punctuation do not matter; a unique beginning is enough.
"""

import json
import unicodedata

from games.core import SYSTEM, IllegalMove

from . import data as D
from . import tokens as T
from .rules import prompts

NOTATION_HELP = ("Answer each question with the words of one option, e.g. `field 1a2`, `spread c`, `from 0c1 neutral`, "
                 "`place`, `enna`, `3 soldati`, `to bronte`, `to ragusa by boat`, `finesse`, `brutal`, `zdrada`, "
                 "`take`, `leave`, `done`; or the option's number. At any time it is your turn: `sell b2` (an order "
                 "token from your HQ), `gift 1` (1 L to your ally for 2 L), and standing instructions: `always brutal`, "
                 "`always finesse`, `always zdrada`, `always take`, `never take`, `always defend`, `never defend`, "
                 "`always influence`, `never influence`, `ask conflict` (and `ask card`, `ask take`...) to be asked again; "
                 "`instructions on timeout` keeps them for when you run out of time (you are asked as usual), "
                 "`instructions now` lets them answer at once.")

UNITS = {"move_n": "soldati", "muster_n": "soldati", "recruit_n": "soldati", "place_n": "soldati",
         "recruitment": "soldati", "incite_n": "neutrals", "buy_off": "pay", "replace": "replace"}


def fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", str(text)).encode("ascii", "ignore").decode().lower()
    return " ".join("".join(c if c.isalnum() or c == "-" else " " for c in text).split())


def _part_name(s, frame, i) -> str:
    if frame["k"] == "field":
        return D.FIELD[frame["field"]]["parts"][i]["act"].replace("_", " ")
    return D.TOKEN[frame["token"]]["parts"][i]["do"].replace("_", " ")


def phrase(s, frame, move) -> str:
    """The words of one move (unique within its question, once ``phrases`` numbers repeats)."""
    if "sell" in move:
        return f"sell {T.short(move['sell'])}"
    if "gift" in move:
        return f"gift {move['gift']}"
    if "instruct" in move:
        key, value = move["instruct"], move["value"]
        if key == "apply":
            return "instructions now" if value == "now" else "instructions on timeout"
        return f"{value} {key}" if value in ("ask", "always", "never") else f"always {value}"
    if "auto" in move:
        return "apply"
    kind = frame["k"] if frame else "card"
    words = []
    for key, value in move.items():
        if key == "field":
            words.append(f"field {value}" if value else "none")
        elif key == "column":
            words.append(f"spread {value}")
        elif key == "marker":
            words.append(f"from {value}")
        elif key == "owner":
            words.append(D.family(s["p"][value]["family"])["name"] if value in s["p"] else value)
        elif key == "part":
            words.append(_part_name(s, frame, value))
        elif key == "place":
            words.append("return" if value == "none" else f"place {value}")
        elif key in ("area", "sea", "row", "family", "kind", "when", "tile", "conflict", "card"):
            words.append(str(value) if value is not None else "stop")
        elif key == "frm":
            words.append(f"from {value}")
        elif key == "src":
            words.append(f"incite {value}")
        elif key == "origin":
            words.append(f"from {value}" if value else "no second move")
        elif key == "target":
            words.append(f"bomb {value}" if value else "no bomb")
        elif key == "to":
            words.append(f"to {value}" if value else "stay")
        elif key == "by":
            words.append({"land": "", "water": "by boat", "allies": "via"}[value])
        elif key == "via":
            words.append(value)
        elif key == "token":
            words.append(T.short(value))
        elif key == "n":
            unit = UNITS.get(kind, "")
            words.append(f"{value} {unit}".strip() if value else "none")
        elif key == "cars":
            words.append(f"{value} cars")
        elif key in ("car", "take", "bribe"):
            words.append({"car": ("car", "no car"), "take": ("take", "leave"), "bribe": ("bribe", "no bribe")}[key][0 if value else 1])
        elif key in ("done", "pass"):
            words.append(key)
        elif key == "step":
            words.append(value)
    text = fold(" ".join(w for w in words if w))
    return text if text and not text.isdigit() else f"choose {text}"


def phrases(state, seat) -> list[tuple[str, dict]]:
    """Every answer the seat may give now, with its words; repeated words get a number."""
    prompt = prompts(state).get(seat)
    if not prompt:
        return []
    frame = state["stack"][-1] if state["stack"] and not prompt.get("sealed") and seat != SYSTEM else None
    if frame and frame.get("seat") != seat:
        frame = None
    out = [(phrase(state, frame, o["move"]), o["move"]) for o in prompt["options"] + prompt.get("anytime", [])]
    seen: dict[str, int] = {}
    for p, _ in out:
        seen[p] = seen.get(p, 0) + 1
    count: dict[str, int] = {}
    numbered = []
    for p, move in out:
        if seen[p] > 1:
            count[p] = count.get(p, 0) + 1
            p = f"{p} {count[p]}"
        numbered.append((p, move))
    return numbered


def notate(state, seat, move):
    wanted = json.dumps(move, sort_keys=True)
    for p, m in phrases(state, seat):
        if json.dumps(m, sort_keys=True) == wanted:
            return p
    return None


def parse(text, state, seat):
    said = fold(text)
    listed = phrases(state, seat)
    if not listed:
        raise IllegalMove("not_your_turn", "You have nothing to answer right now.")
    exact = [m for p, m in listed if p == said]
    if len(exact) == 1:
        return exact[0]
    words = said.split()
    begins = [m for p, m in listed if p.startswith(said)] or \
             [m for p, m in listed if words and all(w in p.split() for w in words)]
    if len(begins) == 1:
        return begins[0]
    examples = ", ".join(f"`{p}`" for p, _ in listed[:8])
    if begins:
        raise IllegalMove("ambiguous", f"'{text}' fits more than one choice; say more, e.g. {examples}.")
    raise IllegalMove("bad_notation", f"'{text}' is none of your choices now; you may answer e.g. {examples}.")
