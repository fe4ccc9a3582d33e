"""A short text for every listed option (email replies, the CLI): ``notate`` writes it from the
move, ``parse`` finds the one option of the seat's prompt that has that text. Cards are named by
their name squeezed into one word (``ak47``, ``firstaidkit``), everywhere and always the same: two
copies of a card (Fox's two Beretta 92F) read alike, and the text names the first listed (their
numbers, ``001``, the form earlier emails used, still pick one exactly). Enemies by id (``e003``),
mercs by id, Areas by letter, Sectors by tile id. A card's name may be typed with its spaces and
dashes (``fire AK-47 burst e003``). A text that answers nothing is refused with the reason
and the words that would do (refusals.py)."""

import re


from .data import CARDS

HELP = ("One decision a line. Activation: 'activate ivan' or 'wait'. Actions: 'move b' (an Area), 'go 02a' "
        "(a Sector), 'fire ak47 burst e003' or 'fire handgrenade throw area b', 'use firstaidkit ivan', "
        "'loot e003', 'group b' (Group Move), 'roll medicine', 'test mechanics', 'train', 'bribe 2', "
        "'orders auto' (defence: auto, armour, stealth; add + to spend Durability; 'orders armour rebel': a rebel "
        "on each armour roll), 'equip ak47', "
        "'unequip ak47', 'attach scope ak47', 'detach scope', 'give firstaidkit ivan', 'take firstaidkit ivan', "
        "'escape 01a', 'end'. Questions on the way: 'roll', 'durability', 'rebel', 'again e003', 'stop', "
        "'enter b', 'take ivan', 'go', 'heal ivan', 'rally ivan', 'bandage ivan', 'repair ak47', 'push b', "
        "'give ivan', 'hire ivan', 'hire fox for ivan' (Fox takes Ivan's cards), 'fetch ak47' (from the reserve), 'place 01a', 'leave', 'drop ak47', 'rebels 2' (to a counterattack), "
        "'lose dimitri' (the ally the team loses). Between scenarios: 'buy scope ivan', 'sell ak47 ivan', 'reserve ak47 ivan', "
        "'unstash ak47 ivan', 'give ak47 ivan fox', 'ready'. A card is named as printed, in one word "
        "(Beretta 92F: 'beretta92f').")


def slug(card: str) -> str:
    return re.sub(r"[^a-z0-9]", "", CARDS[card]["name"].lower()) if card in CARDS else card.lower()


def _target(t: str) -> str:
    if t.startswith("@"):
        return f"area {t[1:].lower()}" if t[1:] else "area all"
    return t.lower()


PICK = {"hire": "hire", "replace": "hire", "activate": "activate", "reward": "give"}


def words(move: dict, kind: str = "", name=slug) -> str | None:
    """The notation of one move of a prompt of this kind, with ``name`` naming cards."""
    if "step" in move:
        return None
    if "merc" in move and len(move) == 1:
        return f"{PICK.get(kind, 'pick')} {move['merc']}"
    if "instead" in move:
        return f"hire {move['merc']} for {move['instead']}"
    if "fetch" in move:
        return f"fetch {name(move['fetch'])}"
    if move.get("done"):
        return "ready"
    if "ally" in move:
        return f"lose {name(move['ally'])}"
    if "rebels" in move and len(move) == 1:
        return f"rebels {move['rebels']}"
    if move.get("wait"):
        return "wait"
    a = move.get("a")
    if a:
        simple = {"end": "end", "train": "train"}
        if a in simple:
            return simple[a]
        if a == "escape":
            return f"escape {move['to'].lower()}"
        if a == "stance":
            return f"orders {move['x'].replace('/', ' ')}"
        if a == "move":
            return f"move {move['to'].lower()}"
        if a == "go":
            return f"go {move['to'].lower()}"
        if a == "group":
            return f"group {move['to'].lower()}"
        if a == "attack":
            key = move["k"]
            return f"fire {name(move['c'])} {key} {_target(move['t'])}"
        if a == "use":
            return f"use {name(move['c'])} {move['t']}"
        if a == "loot":
            return f"loot {move['t'].lower()}"
        if a == "ability":
            return f"roll {move['x']}"
        if a == "test":
            return f"test {move['x']}"
        if a == "bribe":
            return f"bribe {move['n']}"
        if a == "equip":
            return f"equip {name(move['c'])}" + (f" for {name(move['off'])}" if move.get("off") else "")
        if a in ("unequip", "detach"):
            return f"{a} {name(move['c'])}"
        if a == "attach":
            return f"attach {name(move['c'])} {name(move['to'])}"
        if a in ("give", "take"):
            return f"{a} {name(move['c'])} {move['to']}"
    if "shop" in move:
        kind = move["shop"]
        if kind == "done":
            return "ready"
        if kind == "move":
            return f"give {name(move['c'])} {move['m']} {move['to']}"
        return f"{kind if kind != 'stash' else 'reserve'} {name(move['c'])} {move['m']}"
    if "spend" in move:
        return {"roll": "roll", "dur": "durability", "rebel": "rebel"}[move["spend"]]
    if "go" in move:
        return {"roll": "roll", "rebel": "rebel"}[move["go"]]
    if "t" in move and len(move) == 1:
        return "stop" if move["t"] is None else f"again {_target(move['t'])}"
    if "to" in move and len(move) == 1:
        to = move["to"]
        if to is None:
            return "stay"
        if isinstance(to, str) and ":" in to:
            kind, key = to.split(":", 1)
            return {"m": "heal", "b": "bandage", "c": "repair"}[kind] + " " + (name(key) if kind == "c" else key)
        return f"push {to.lower()}" if kind == "retreat" else f"move {to.lower()}"
    if "area" in move and len(move) == 1:
        return f"enter {move['area'].lower()}"
    if "take" in move:
        return "go" if move["take"] is None else f"take {move['take']}"
    if "keep" in move:
        return "leave" if not move["keep"] else f"drop {name(move['drop'])}"
    if "sector" in move:
        return f"place {move['sector'].lower()}" + (f" {move['area'].lower()}" if move.get("area") else "")
    return None


def table(prompt: dict, name=slug) -> list[tuple[str, dict]]:
    """(notation, move) for each option that has one, in the prompt's order; copies of a card
    read alike (``parse`` takes the first)."""
    kind = prompt.get("kind", "")
    rows = []
    for option in prompt["options"]:
        text = words(option["move"], kind, name)
        if text is None:
            continue
        if kind == "allocate" and text.startswith("heal ") and "recovers" in option["label"]:
            text = "rally " + text[5:]
        rows.append((text, option["move"]))
    return rows


def notate(prompt: dict | None, move: dict) -> str | None:
    if not prompt:
        return None
    for text, m in table(prompt):
        if m == move:
            return text
    return None


def fold(text: str) -> str:
    """A reply's line as it is matched: lower case, punctuation as spaces."""
    return " ".join(re.sub(r"[^a-z0-9+ ]", " ", text.lower()).split())


def match(text: str, prompt: dict) -> dict | None:
    """The move a text names among the prompt's options: its notation word for word, the same
    with a card's name typed in several words (squeezed: ``fire ak 47 burst e003``), or with the
    card's number (``fire 001 shot e003``); None when it names none."""
    wanted = fold(text)
    named = table(prompt)
    for notation, move in named:
        if notation == wanted:
            return move
    squeezed = wanted.replace(" ", "")
    found = [move for notation, move in named if notation.replace(" ", "") == squeezed]
    if found:
        return found[0]
    return next((move for notation, move in table(prompt, name=lambda c: c.lower()) if notation == wanted), None)

