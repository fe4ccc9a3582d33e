"""Why a reply's line answers nothing now, in a player's words, and the words that would.

A line is read as its first word (the verb: ``fire``, ``move``, ``activate``...) and what follows.
When options with that verb are listed, the rest is wrong: the sentence says what is wrong with it
(a card the merc does not hold, an enemy out of range, an Area not next to this one) and offers
those options' words. When none is, the sentence says why that kind of move cannot be made now
(the Command action spent, a battle that only Escape leaves, another question asked first) and
offers every option's words.
"""

from games.core import SYSTEM, IllegalMove, to_type

from . import commands, movement, notation, rules
from .attacks import cost
from .data import CARDS, GRAPH, MERC
from .death import available_mercs
from .gear import actions, dur_left
from .state import dist, enemies_at, enemy_name, held, is_mission, merc_name, mercs_at, sector_name, single_area

# The verbs of a merc's turn (the action menu), and the question each other verb answers.
TURN = {"end", "train", "escape", "orders", "move", "go", "group", "fire", "use", "loot", "roll", "test", "bribe",
        "equip", "unequip", "detach", "attach", "give", "take"}
SHOP = "the shopping between scenarios"
ELSEWHERE = {"hire": (("hire", "replace"), "which merc to hire"), "activate": (("activate",), "who acts next"),
             "wait": (("activate",), "who acts next"), "ready": (("shop", "unpack"), SHOP + " or the reserve"),
             "fetch": (("unpack",), "the cards a dead merc's replacement takes from the reserve"),
             "buy": (("shop",), SHOP), "sell": (("shop",), SHOP), "reserve": (("shop",), SHOP),
             "unstash": (("shop",), SHOP), "durability": (("spend",), "what to spend before an attack's roll"),
             "rebel": (("spend", "ability"), "what to spend before a roll"), "again": (("burst",), "a Burst's next shot"),
             "stop": (("burst",), "a Burst's next shot"), "heal": (("allocate",), "where a roll's successes go"),
             "rally": (("allocate",), "where a roll's successes go"),
             "bandage": (("allocate",), "where a roll's successes go"),
             "repair": (("allocate",), "where a roll's successes go"),
             "push": (("retreat",), "where a Retreat pushes an enemy"),
             "stay": (("retreat", "free move"), "where a free move goes"),
             "enter": (("entry",), "which Area to enter a Sector by"), "place": (("place",), "where a new merc joins"),
             "leave": (("room",), "a card with no room for it"), "drop": (("room",), "a card with no room for it"),
             "pick": ((), "which merc"), "rebels": (("counterattack",), "how many rebels join a counterattack's defence"),
             "lose": (("lose an ally",), "which ally the team loses")}
REORGANIZING = {"equip", "unequip", "attach", "detach"}


def refuse(text: str, state, seat: str) -> IllegalMove:
    asked = rules.prompts(state) if state else {}
    prompt = asked.get(seat)
    if not prompt:
        return IllegalMove("not_your_turn", _not_asked(state, asked))
    words = notation.fold(text).split()
    if not words:
        return IllegalMove("bad_notation", "The line is empty. " + to_type(t for t, _ in notation.table(prompt)))
    verb = words[0]
    rows = notation.table(prompt)
    same = [t for t, _ in rows if t.split()[0] == verb]
    if same:
        why = _wrong_words(state, prompt, words) or _diverges(words, same)
        offer = same
    else:
        specific = _wrong_words(state, prompt, words) if prompt["kind"] == "action" and verb in TURN else None
        why = specific or _unavailable(state, prompt, verb)
        offer = [t for t, _ in rows]
    stop = "" if why.endswith(("?”", ".”", "!”")) else "."
    return IllegalMove("bad_notation", f"{why[:1].upper()}{why[1:]}{stop} {to_type(offer)}")


def _not_asked(state, asked: dict) -> str:
    if not state or state.get("result"):
        return "The scenario is over: nothing more is asked."
    if SYSTEM in asked:
        return "Nothing is asked of you now: the enemy is acting (the server plays it); your next email says when."
    if asked:
        partners = " and ".join(sorted(asked))
        return f"Nothing is asked of you now: the game waits for your partner{'s' * (len(asked) > 1)} {partners}."
    return "Nothing is asked of you now."


def _active(state) -> str | None:
    top = (state.get("stack") or [None])[-1]
    return top.get("merc") if isinstance(top, dict) else None


def _unavailable(state, prompt: dict, verb: str) -> str:
    """Why no move of this verb is listed now."""
    question = f"the question now is “{prompt['text']}”"
    if verb not in TURN and verb not in ELSEWHERE:
        return f"“{verb}” is not a word of the game's moves; {question}"
    kinds, answers = ELSEWHERE.get(verb, ((), ""))
    if prompt["kind"] in kinds:
        return _not_offered(state, verb)
    if prompt["kind"] != "action":
        if verb in TURN:
            return f"that is a merc's action, and {question}"
        return f"that answers {answers}, and {question}"
    if verb not in TURN:
        return f"that answers {answers}, not what a merc does next"
    m = _active(state)
    return f"{merc_name(m)} cannot {_cannot(state, m, verb)}"


def _not_offered(s: dict, verb: str) -> str:
    """This question takes such an answer, but not now."""
    top = s["stack"][-1]
    if verb == "durability":
        card = CARDS[top["card"]]["name"]
        if top["card"] in CARDS and dur_left(s, top["card"]) > top.get("dur", 0):
            return f"{card} is not a card whose Durability helps this attack"
        return f"{card} has no Durability box left to spend (rule 6.2)"
    if verb == "rebel":
        if not s["flags"]["aim"]:
            return "rebels join rolls with the intermediate rules (scenario 2 on)"
        return "the Pool has no rebel left to add (rule 14.3)"
    if verb == "wait":
        return "nobody else can act now, so there is nobody to let go first"
    if verb == "again":
        return "no enemy is left within reach for another shot"
    return "no answer of that kind is open now"


def _cannot(s: dict, m: str, verb: str) -> str:
    """What stops merc ``m`` from any move of this verb now (the action menu lists none)."""
    merc = s["mercs"][m]
    here = sector_name(merc["sector"]) + (f", Area {merc['area']}" if merc["area"] else "")
    if verb in REORGANIZING or verb == "escape":
        if merc["started"]:
            return f"{verb} now: that comes before the first action of an activation (rule 10.1)"
        if verb == "escape":
            return "escape: only from a battle or a mission, to a liberated Sector next to it (rule 10.1)"
        return f"{verb}: no card of theirs can be {'equipped' if verb == 'equip' else verb + 'ed'} now"
    if verb in ("give", "take"):
        others = [x for x in mercs_at(s, merc["sector"], merc["area"]) if x != m]
        if not others:
            return f"{verb} a card: no other merc is in {here} (cards change hands within one Area, rule 6.5)"
        if verb == "give" and not merc["inv"]:
            return "give a card: their Inventory is empty, and only Inventory cards change hands (rule 6.5)"
        if verb == "take" and not any(s["mercs"][x]["inv"] for x in others):
            return "take a card: nobody else in the Area has an Inventory card (only those change hands, rule 6.5)"
        return f"{verb} a card now: the Inventory that would take it is full (three spaces, rule 6.1)"
    if verb in ("roll", "test", "train", "bribe", "group"):
        if not commands.has_command(s, m):
            return f"{verb}: that is a Command action, and the one of this activation is spent (rule 10.2)"
        return _no_command(s, m, verb)
    if verb in ("move", "go"):
        return _no_step(s, m, here)
    if verb == "fire":
        return _no_attack(s, m)
    if verb == "loot":
        return f"loot: no fallen enemy or loot cache lies in {here}"
    if verb == "use":
        return "use an item now: no item in their Inventory has a use for anyone in their Area"
    if verb == "orders":
        return "change their orders again this activation"
    return f"{verb} now"


def _no_command(s: dict, m: str, verb: str) -> str:
    merc = s["mercs"][m]
    if verb == "roll":
        return "roll an ability: nobody near needs it (a wound or Bleeding in the Area, fatigue in the Sector, " \
               "a used Durability box in the Area)"
    if verb == "test":
        return "test: a test is only made on a mission card"
    if verb == "train":
        if not s["flags"]["aim"]:
            return "train: rebels come with the intermediate rules (scenario 2 on)"
        if s["pool"]["rebels"] < 1:
            return "train: the Pool has no rebel to train"
        return f"train in {sector_name(merc['sector'])}: only in a liberated Sector with a free rebel space"
    if verb == "bribe":
        if not s.get("dictator"):
            return "bribe: bribes come with the Dictator (scenario 2 on)"
        return "bribe: the Pool has too little money, or the threat is already at 0"
    return "make a Group Move now"


def _no_step(s: dict, m: str, here: str) -> str:
    merc = s["mercs"][m]
    zone, n = movement.step_cost(s, m)
    if n > merc["S"]:
        return (f"move: a step costs {n} {'fatigue' if zone == 'F' else 'wound'} and they have {merc['S']} "
                "stamina left")
    sector = merc["sector"]
    if not is_mission(sector) and s["sectors"][sector]["status"] == "besieged":
        return f"leave {here} by moving: a battle is left only by Escape, before the first action (rule 10.1)"
    return f"move from {here}"


def _no_attack(s: dict, m: str) -> str:
    merc = s["mercs"][m]
    standing = [e for e in enemies_at(s, merc["sector"]) if not s["enemies"][e]["hidden"]]
    if not standing:
        return f"fire: no enemy stands in {sector_name(merc['sector'])}"
    ready = actions(s, m)
    if not ready:
        return "fire: they have no weapon left to use this activation (each card once per activation, rule 6.5)"
    if all(cost(s, m, a) > merc["S"] for a in ready):
        return f"fire: every attack costs more fatigue than their {merc['S']} stamina"
    near = min(standing, key=lambda e: (dist(s, merc["sector"], merc["area"], s["enemies"][e]["area"]) or 99, e))
    away = dist(s, merc["sector"], merc["area"], s["enemies"][near]["area"])
    most = max((a["range"] for a in ready if a["range"] is not None), default=0)
    return (f"fire: the nearest enemy, {enemy_name(s, near)} in Area {s['enemies'][near]['area']}, is {away} Areas "
            f"away, and their weapons reach {most} at most")


def _wrong_words(state, prompt: dict, words: list[str]) -> str | None:
    """What is wrong with the words after the verb, where the rules can say; None elsewhere."""
    verb, rest = words[0], words[1:]
    s = state
    m = _active(s)
    why = None
    if prompt["kind"] == "action" and m and rest:
        if verb == "fire":
            why = _wrong_attack(s, m, rest)
        elif verb in ("move", "go", "group"):
            why = _wrong_step(s, m, verb, rest[0])
        elif verb == "roll":
            why = _wrong_roll(s, m, rest[0])
        elif verb == "bribe" and rest[0].isdigit():
            most = s["pool"]["money"] - commands.bribe_surcharge(s)
            why = f"the Pool can pay a bribe of at most {min(most, 6)} money"
        elif verb in ("give", "take", "use", "equip", "unequip", "attach", "detach"):
            why = _wrong_card(s, m, verb, rest)
    elif prompt["kind"] == "activate" and rest:
        why = _wrong_merc(s, prompt, rest[0])
    elif prompt["kind"] in ("hire", "replace") and rest:
        why = _wrong_hire(s, rest[0])
    elif prompt["kind"] == "entry" and rest:
        why = f"Area {rest[0].upper()} is not on the border crossed (rule 12.1)"
    return why


def _diverges(words: list[str], same: list[str]) -> str:
    """The first word no listed move of this verb has at its place, and what may stand there."""
    for i in range(1, len(words) + 1):
        fits = [t.split() for t in same if t.split()[:i] == words[:i]]
        if not fits:
            after = " ".join(words[:i - 1])
            nexts = list(dict.fromkeys(t.split()[i - 1] for t in same if t.split()[:i - 1] == words[:i - 1]
                                       and len(t.split()) >= i))
            if not nexts:
                return f"nothing follows “{after}”"
            return (f"“{words[i - 1]}” does not fit after “{after}”: what fits there now is "
                    + ", ".join(f"“{n}”" for n in nexts[:8]))
    return f"“{' '.join(words)}” needs more words"


def _wrong_roll(s: dict, m: str, ability: str) -> str | None:
    if ability not in commands.ABILITIES:
        return f"the abilities are {', '.join(commands.ABILITIES)}"
    if commands.can_roll(s, m, ability):
        return None
    merc = s["mercs"][m]
    where = {"leadership": f"no other merc in {sector_name(merc['sector'])} has fatigue to recover",
             "medicine": "nobody in the Area has a wound or Bleeding",
             "mechanics": "no card in the Area has a used Durability box"}
    return f"a {ability.title()} roll would help nobody: {where[ability]} (rule 10.2)"


def _wrong_card(s: dict, m: str, verb: str, rest: list[str]) -> str | None:
    card, n = _card(s, m if verb != "take" else None, rest)
    if card is None:
        return _unknown_card(s, m, rest[0], verb)
    merc = s["mercs"][m]
    name = CARDS[card]["name"]
    if verb == "equip" and card in merc["weapons"] + [merc["armour"]]:
        return f"{name} is equipped already"
    if verb in ("give", "take", "use") and len(rest) > n:
        other = rest[n]
        if other in s["mercs"] and other not in mercs_at(s, merc["sector"], merc["area"]):
            return f"{merc_name(other)} is not in {merc_name(m)}'s Area (items change hands within one Area, rule 6.5)"
        if verb == "give" and other in s["mercs"]:
            return f"{merc_name(other)}'s Inventory has no room for {name} (rule 6.1)"
    if verb in ("give", "take") and card not in merc["inv"] + [c for x in s["mercs"] for c in s["mercs"][x]["inv"]]:
        return f"only Inventory cards change hands, and {name} is equipped (rule 6.5)"
    return None


def _wrong_hire(s: dict, word: str) -> str:
    if word not in MERC:
        return f"no merc is called “{word}”"
    if word in s["campaign"]["dead"]:
        return f"{merc_name(word)} is dead"
    if word not in available_mercs(s):
        return f"{merc_name(word)} is on the team already"
    return f"{merc_name(word)} cannot be hired now"


def _card(s: dict, m: str | None, words: list[str]) -> tuple[str | None, int]:
    """The card the first words name among merc ``m``'s (everyone's when None), by name (in one
    word or several: ``ak 47``) or number, and how many words name it; (None, 1) when none does."""
    owners = [m] if m else list(s["mercs"])
    for n in range(len(words), 0, -1):
        word = "".join(words[:n])
        for x in owners:
            for c in held(s, x):
                if word in (notation.slug(c), c.lower()):
                    return c, n
    return None, 1


def _unknown_card(s: dict, m: str, word: str, verb: str) -> str:
    mine = ", ".join(f"{CARDS[c]['name']} (`{notation.slug(c)}`)" for c in held(s, m))
    whose = "nobody in the Area carries" if verb == "take" else f"{merc_name(m)} holds no card called"
    return f"{whose} “{word}”" + (f"; {merc_name(m)} holds {mine}" if mine else "")


def _wrong_attack(s: dict, m: str, rest: list[str]) -> str | None:
    merc = s["mercs"][m]
    card, n = _card(s, m, rest)
    if card is None:
        return _unknown_card(s, m, rest[0], "fire")
    rest = [rest[0]] + rest[n:]
    name = CARDS[card]["name"]
    if card in merc["used"]:
        return f"{merc_name(m)} has used {name} this activation (each card once per activation, rule 6.5)"
    mine = [a for a in actions(s, m) if a["card"] == card]
    if not mine:
        return f"{name} is not a weapon {merc_name(m)} can attack with now (an equipped card, an ally or a hand item)"
    keys = {a["key"]: a for a in mine}
    if len(rest) < 2:
        return None
    if rest[1] not in keys:
        return f"{name}'s attacks are {' and '.join(f'`{k}`' for k in keys)}"
    action = keys[rest[1]]
    if cost(s, m, action) > merc["S"]:
        return f"{name} ({action['name']}) costs {cost(s, m, action)} fatigue and {merc_name(m)} has {merc['S']} stamina"
    target = " ".join(rest[2:])
    enemy = target if target in s["enemies"] else None
    if enemy:
        foe = s["enemies"][enemy]
        if foe["down"] or foe["sector"] != merc["sector"]:
            return f"{enemy_name(s, enemy)} is not standing in {sector_name(merc['sector'])}"
        if foe["hidden"]:
            return f"{enemy_name(s, enemy)} is hidden: find it first"
        away = dist(s, merc["sector"], merc["area"], foe["area"])
        if action["range"] is not None and away is not None and away > action["range"]:
            return (f"{enemy_name(s, enemy)} in Area {foe['area']} is {away} Areas away, and {name} "
                    f"({action['name']}) reaches {action['range']}")
    elif target and not target.startswith("area"):
        return f"there is no enemy “{target}” in {sector_name(merc['sector'])}"
    return None


def _wrong_step(s: dict, m: str, verb: str, to: str) -> str | None:
    merc = s["mercs"][m]
    sector = merc["sector"]
    zone, n = movement.step_cost(s, m)
    if verb != "group" and n > merc["S"]:
        return f"a step costs {n} {'fatigue' if zone == 'F' else 'wound'} and {merc_name(m)} has {merc['S']} stamina left"
    if verb == "group":
        verb = "go" if single_area(s, sector) else "move"
    if verb == "move":
        if single_area(s, sector):
            return f"{sector_name(sector)} is one Area: step to a Sector next to it with `go` and its number"
        area = to.upper()
        if area not in GRAPH[sector]["areas"]:
            return f"{sector_name(sector)} has no Area {area} (its Areas: {', '.join(GRAPH[sector]['areas'])})"
        if area == merc["area"]:
            return f"{merc_name(m)} is in Area {area} already"
        if area in GRAPH[sector]["range"][merc["area"]] and area not in GRAPH[sector]["move"][merc["area"]]:
            return f"a red border between Area {merc['area']} and Area {area} blocks the step (rule 4.3)"
        if area in GRAPH[sector]["move"][merc["area"]]:
            return None
        return f"Area {area} is not next to Area {merc['area']}: a step goes to a neighbouring Area"
    if not single_area(s, sector):
        return (f"{sector_name(sector)} is a battle: it is left only by Escape, before the first action "
                "(rule 10.1); within it, `move` to an Area")
    return f"{to.upper()} is not a Sector next to {sector_name(sector)}"


def _wrong_merc(s: dict, prompt: dict, word: str) -> str | None:
    m = next((x for x in s["mercs"] if x == word or merc_name(x).lower().replace(" ", "") == word), None)
    if m is None or m not in s["order"]:
        return f"no merc of the team is called “{word}”"
    merc = s["mercs"][m]
    if merc["dead"]:
        return f"{merc_name(m)} is dead"
    if merc["done"]:
        return f"{merc_name(m)} has acted this round already"
    if merc["ko"]:
        return f"{merc_name(m)} is knocked out"
    if not any(o["move"].get("merc") == m for o in prompt["options"]):
        return f"{merc_name(m)} is played by {merc['seat']}, who answers for them"
    return None

