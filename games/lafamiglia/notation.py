"""The short text notation for email replies and the CLI: a few words naming one listed option of
the seat's question, built from the option's move (``field 1a2``, ``spread c``, ``from 0c1 neutral``,
``place``, ``enna``, ``3 soldati``, ``to bronte by boat``, ``finesse``, ``betrayal``, ``take``), plus
what a seat may do whenever it is asked (``sell b2``, ``gift 1``, ``always brutal``, ``never take``,
``ask conflict``). Case, accents and punctuation do not matter; a unique beginning is enough. The
Polish names of cards, tiles and families are taken too (``zdrada``, ``tchorzostwo 1``, ``wplywy``).
An answer that fits no choice is refused with the reason (``refusals.py``).
"""

import json

from games.core import SYSTEM, IllegalMove

from . import data as D
from . import refusals
from . import tokens as T
from .rules import nothing_asked, prompts
from .words import fold, names

NOTATION_HELP = ("Answer each question with the words of one option, e.g. `field 1a2`, `spread c`, `from 0c1 neutral`, "
                 "`place`, `enna`, `3 soldati`, `to bronte`, `to ragusa by boat`, `finesse`, `brutal`, `betrayal`, "
                 "`take`, `leave`, `done`; or the option's number. At any time it is your turn: `sell b2` (an order "
                 "token from your HQ), `gift 1` (1 L to your partner for 2 L), and standing instructions: `always brutal`, "
                 "`always finesse`, `always betrayal`, `always take`, `never take`, `always defend`, `never defend`, "
                 "`always influence`, `never influence`, `ask conflict` (and `ask card`, `ask take`...) to be asked again; "
                 "`instructions on timeout` keeps them for when you run out of time (you are asked as usual), "
                 "`instructions now` lets them answer at once. The Polish names of the cards and tiles are taken too "
                 "(`zdrada`, `tchorzostwo 1`, `wplywy`).")

UNITS = {"move_n": "soldati", "muster_n": "soldati", "recruit_n": "soldati", "place_n": "soldati",
         "recruitment": "soldati", "incite_n": "neutrals"}
ONE = {"soldati": "soldato", "neutrals": "neutral"}
PLACING = {"extra": {"soldati": "soldato", "cars": "car", "boats": "boat"}, "lab0": "lab", "lab_now": "lab",
           "car_now": "car"}
VERBS = {"buy_off": "pay", "replace": "replace"}        # a count said as a verb: 'pay 2', 'replace 1'



def _part_name(s, frame, i) -> str:
    if frame["k"] == "field":
        return D.FIELD[frame["field"]]["parts"][i]["act"].replace("_", " ")
    return D.TOKEN[frame["token"]]["parts"][i]["do"].replace("_", " ")


def phrase(s, frame, move) -> str:
    """The words of one move (unique within its question, once ``phrases`` numbers repeats)."""
    return variants(s, frame, move)[0]


def variants(s, frame, move) -> list[str]:
    """Every way of writing one move: the notation first, then the other words taken (a card's or
    a tile's Polish name)."""
    if "sell" in move:
        return [f"sell {T.short(move['sell'])}"]
    if "gift" in move:
        return [f"gift {move['gift']}"]
    if "instruct" in move:
        key, value = move["instruct"], move["value"]
        if key == "apply":
            return ["instructions now" if value == "now" else "instructions on timeout"]
        if value in ("ask", "always", "never"):
            return [f"{value} {key}"]
        return [f"always {word}" for word in (names("card", value) if key == "card" else [value])]
    if "auto" in move:
        return ["apply"]
    kind = frame["k"] if frame else "card"
    if kind in PLACING and list(move) == ["to"]:      # what is placed, then where: 'lab enna' ('to enna' taken too)
        word = PLACING[kind] if kind != "extra" else PLACING[kind][next(k for k in ("soldati", "cars", "boats")
                                                                         if frame["left"].get(k))]
        return [f"{word} {fold(move['to'])}", f"to {fold(move['to'])}"]
    words: list = []
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
        elif key in ("card", "tile", "family"):
            words.append(names(key, value))
        elif key in ("area", "sea", "row", "kind", "when", "conflict"):
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
        elif key == "n" and kind in VERBS:
            words.append(f"{VERBS[kind]} {value}" if value else "none")
        elif key == "n" and value == 1 and kind in UNITS:
            words.append([f"1 {ONE[UNITS[kind]]}", f"1 {UNITS[kind]}"])
        elif key == "n":
            unit = UNITS.get(kind, "")
            words.append(f"{value} {unit}".strip() if value else "none")
        elif key == "cars":
            words.append(["1 car", "1 cars"] if value == 1 else f"{value} cars")
        elif key in ("car", "lab", "take", "bribe"):
            words.append({"car": ("car", "no car"), "lab": ("lab", "no lab"), "take": ("take", "leave"),
                          "bribe": ("bribe", "no bribe")}[key][0 if value else 1])
        elif key in ("done", "pass"):
            words.append(key)
        elif key == "step":
            words.append(value)
    choices = next((w for w in words if isinstance(w, list)), None)
    out = []
    for choice in choices or [None]:
        text = fold(" ".join(choice if isinstance(w, list) else w for w in words if w))
        out.append(text if text and not text.isdigit() else f"choose {text}")
    return out


STEP_WORDS = ("field spread from place return none stop incite no bomb to stay via car cars take leave bribe done "
              "pass choose apply sell gift always never ask instructions reveal soldato soldati neutral neutrals lab "
              "boat finesse brutal before after replace pay money shotgun pentito reinforce equipment launder exert "
              "ua order recruit")


def move_words() -> list[str]:
    """The words a line of the notation may begin with, whatever the question: the steps' own words,
    the rows, places, families, cards and tiles (English and Polish), for telling a move from words
    to the table in a reply."""
    return [STEP_WORDS, *D.ROWS, *D.AREAS, *D.SEAS, *(w for f in D.FAMILY_KEYS for w in names("family", f)),
            *(w for c in D.CARD_SET for w in names("card", c)), *(w for t in D.TILE_KEYS for w in names("tile", t))]


def spoken(state, seat) -> list[tuple[str, list[str], dict]]:
    """Every answer the seat may give now: its notation (repeated words get a number), the other
    words also taken for it, and its move."""
    prompt = prompts(state).get(seat)
    if not prompt:
        return []
    frame = state["stack"][-1] if state["stack"] and not prompt.get("sealed") and seat != SYSTEM else None
    if frame and frame.get("seat") != seat:
        frame = None
    out = [(variants(state, frame, o["move"]), o["move"]) for o in prompt["options"] + prompt.get("anytime", [])]
    seen: dict[str, int] = {}
    for words, _ in out:
        seen[words[0]] = seen.get(words[0], 0) + 1
    count: dict[str, int] = {}
    numbered = []
    for words, move in out:
        main, others = words[0], words[1:]
        if seen[main] > 1:
            count[main] = count.get(main, 0) + 1
            main, others = f"{main} {count[main]}", [f"{w} {count[words[0]]}" for w in others]
        numbered.append((main, others, move))
    return numbered


def phrases(state, seat) -> list[tuple[str, dict]]:
    """Every answer the seat may give now, with its notation."""
    return [(main, move) for main, _, move in spoken(state, seat)]


def notate(state, seat, move):
    wanted = json.dumps(move, sort_keys=True)
    for p, m in phrases(state, seat):
        if json.dumps(m, sort_keys=True) == wanted:
            return p
    return None


def notate_all(state, seat):
    """``notate`` of every option of the seat's question, in order, its answers worked out once."""
    prompt = prompts(state).get(seat)
    first: dict[str, str] = {}
    for p, m in phrases(state, seat):
        first.setdefault(json.dumps(m, sort_keys=True), p)
    return [first.get(json.dumps(o["move"], sort_keys=True)) for o in (prompt or {}).get("options") or []]


def parse(text, state, seat):
    said = fold(text)
    listed = spoken(state, seat)
    if not listed:
        raise nothing_asked(state, seat)
    asked = len(prompts(state)[seat]["options"])
    every = [(p, m) for main, others, m in listed for p in [main, *others]]
    options = [(p, m) for main, others, m in listed[:asked] for p in [main, *others]]
    exact = _distinct(m for p, m in every if p == said)
    if len(exact) == 1:
        return exact[0]
    words = said.split()
    # a beginning of any answer; the words of an option in another order (never of a standing
    # instruction or a sale: 'brutal' alone does not set 'always brutal')
    begins = _distinct(m for p, m in every if p.startswith(said)) or \
        _distinct(m for p, m in options if words and all(w in p.split() for w in words))
    if len(begins) == 1:
        return begins[0]
    if begins:
        fits = [main for main, _, m in listed if m in begins]
        raise IllegalMove("ambiguous", f"'{text}' fits more than one choice ({', '.join(f'`{p}`' for p in fits[:8])}): "
                                       "type the whole words of the one you mean.")
    raise refusals.refused(state, seat, text, said, [main for main, _, _ in listed[:asked]])


def _distinct(moves) -> list[dict]:
    out = []
    for m in moves:
        if m not in out:
            out.append(m)
    return out
