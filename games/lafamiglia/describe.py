"""One readable line per event. It works on redacted events too (a hidden token or card reads
'face-down'), because emails and logs only ever hold redacted ones."""

from games.core import describe_by_type

from . import data as D
from . import tokens as T
from .rules import ASK_WORDS, INSTRUCTIONS
from .words import soldati

# an event's "why" as stored (the Polish names of cards and tiles are kept in the log) -> the words a player reads
WHY = {"field": "action field", "marker": "for moving a marker", "spread": "spreading", "first player": "first player",
       "launder": "laundering", "bank field": "bank field", "order": "order", "Sprzymierzeńcy": "Allies tile",
       "Łapówki": "Bribes tile", "Wpływy": "Influence tile", "Zdrada": "Betrayal", "Tchórzostwo": "Cowardice",
       "paid off defenders": "paying off defenders", "paid off": "paid off", "bonuses": "attack against defence",
       "losses": "losses", "brutality": "brutality", "replaced": "replaced", "three boats": "three motorboats met",
       "lost": "no soldati left with it", "move": "moved", "car bomb": "car bomb"}


def who(e, key="seat", fam="fam"):
    value = e.get(key)
    if value == "neutral":
        return "the neutrals"
    if e.get(fam):
        return D.family(e[fam])["name"]
    return str(value).capitalize() if value else "Somebody"


def _why(e):
    return f" ({WHY.get(e.get('why'), e.get('why'))})" if e.get("why") else ""


def _money(e):
    n = e["n"]
    if n > 0:
        return f"{who(e)} gains {n} L{_why(e)}."
    if e.get("to"):
        return f"{who(e)} pays {-n} L to {who(e, 'to', 'to_fam')}{_why(e)}."
    return f"{who(e)} pays {-n} L to the supply{_why(e)}."


def _place(e):
    if e["seat"] == "neutral":
        return f"{e['n']} neutral soldati are placed in {e['area']}."
    src = " from its pool" if e.get("src") == "pool" else ""
    return f"{who(e)} places {soldati(e['n'])}{src} in {e['area']}."


def _move(e):
    if e["seat"] == "neutral":
        verb = "attack" if e.get("attack") else "move into"
        return f"{e['n']} incited neutrals from {e['frm']} {verb} {e['to']}."
    cars = f" and {e['cars']} car{'s' if e['cars'] > 1 else ''}" if e.get("cars") else ""
    boat = " by motorboat" if e.get("by") == "water" else " (Allies tile)" if e.get("by") == "allies" else ""
    if e.get("attack"):
        return f"{who(e)} attacks {e['to']} from {e['frm']} with {soldati(e['n'])}{cars}{boat}."
    what = "musters" if e.get("why") == "muster" else "moves"
    return f"{who(e)} {what} {soldati(e['n'])}{cars} from {e['frm']} to {e['to']}{boat}."


def _kill(e):
    whose = who(e, "who", "who_fam")
    where = "to HQ" if e.get("to") == "hq" else "to the supply" if e.get("who") == "neutral" else "to the pool"
    side = "attacking" if e["side"] == "att" else "defending" if e.get("why") not in ("Pentito",) else ""
    return f"{e['n']} {side} {'soldato' if e['n'] == 1 else 'soldati'} of {whose} leave {e['area']} {where}{_why(e)}.".replace("  ", " ")


def _marker(e):
    owner = "the neutral" if e["who"] == "neutral" else f"{who(e, 'who', 'who_fam')}'s"
    frm, to = e["frm"], e["to"]
    if frm.startswith("board."):
        place = "to its pool" if to == "pool" else f"onto field {to}"
        return f"{owner.capitalize()} marker leaves the {frm[6:]} row of its family board {place} (revealed: {e.get('revealed', 'a field')})."
    if frm == "pool":
        return f"{owner.capitalize()} marker is put on field {to}."
    if to == "pool":
        return f"{owner.capitalize()} marker on {frm} goes back to {'the supply' if e['who'] == 'neutral' else 'its pool'}."
    return f"{owner.capitalize()} marker moves from {frm} to {to}."


def _order(e):
    if e.get("token"):
        return f"{who(e)} issues an order in {e['area']}: {T.words(e['token'])} (face down)."
    return f"{who(e)} puts a face-down order in {e['area']}."


def _home(e):
    token = T.name(e["token"]) if e.get("token") else "a face-down order"
    return f"{token} in {e['area']} goes back to {who(e)}'s HQ."


def _reveal(e):
    tokens = [f"{T.name(t)} in {a}" for a, ids in e["tokens"].items() for t in ids]
    return "All orders are revealed" + (": " + "; ".join(tokens) + "." if tokens else " (there are none).")


def _queue(e):
    return "Orders resolve in this order: " + ", ".join(T.name(i["token"]) for i in e["items"]) + "." if e["items"] \
        else "No orders to resolve."


def _control(e):
    fams = e.get("fams", {})
    bits = [f"{m}: {D.family(fams[m])['name'] if fams.get(m) else (seat or 'nobody')}" for m, seat in e["control"].items()]
    return "Mandamento control changes: " + ", ".join(bits) + "."


def _tile(e):
    name = f"{D.TILE[e['tile']]['name']}"
    if e.get("seat"):
        return f"{who(e)} marks the control tile {name}."
    return f"{who(e, 'was', 'was_fam')} takes its marker off the control tile {name}."


def _phase(e):
    if e["phase"] == "cleanup":
        return f"Round {e['round']}: cleanup after the {e.get('after')} phase."
    return f"Round {e['round']}: {e['phase']} phase, {who(e, 'first', 'first_fam')} first."


def _fight(e):
    f = e.get("fight")
    if not f:
        return "The fight is over."
    defender = "the neutrals" if f["def"] == "neutral" else D.family(f["def_fam"])["name"] if f.get("def_fam") else f["def"]
    return f"Fight in {f['area']}: attack on {defender}."


def _seal(e):
    if e.get("card"):
        return f"{who(e)} chooses {D.CARD[e['card']]['name']} face down."
    return f"{who(e)} has chosen a conflict card."


def _cards(e):
    played = ", ".join(f"{D.CARD[c]['name']}" for c in e["cards"].values())
    held = e["held"]
    return (f"The conflict cards are revealed ({played}): the attacker's side holds "
            f"{', '.join(D.CARD[c]['name'] for c in held['att']) or 'none'}, the defender's side "
            f"{', '.join(D.CARD[c]['name'] for c in held['def']) or 'none'}.")


def _instruction(e):
    """A standing instruction in the words its option says it in ("always play Betrayal")."""
    key, value = e["key"], e["value"]
    return INSTRUCTIONS.get(key, {}).get(value) or (ASK_WORDS.get(key) if value == "ask" else None) or f"{key} {value}"


def _note(e):
    what = e.get("what")
    if what == "use":
        from .planning import field_words
        return f"{who(e)} uses field {e['field']}: {field_words(e['field'])}."
    if what == "spread":
        return f"{who(e)} spreads column {e['column']} ({D.COLUMNS[e['column']].replace('_', ' ')})."
    if what == "part":
        from .actions import PART_NAMES
        return f"{who(e)}: {PART_NAMES[e['part']]}."
    if what == "resolve":
        return f"{who(e)} resolves {T.name(e['token'])} in {e['area']}."
    if what == "order_part":
        part = next(p for p in D.TOKEN[e["token"]]["parts"] if p["do"] == e["do"])
        return f"{who(e)}: {T.part_words(part)}."
    if what == "conflict":
        return f"{who(e)} chooses {'finesse' if e['choice'] == 'finesse' else 'brutality'} in {e['area']}."
    if what == "bomb":
        return f"{who(e)} bombs {e['area']} from {e['frm']}{' with a car bomb' if e.get('car') else ''}."
    return f"{who(e)}: {what}."


LINES = {
    "position": lambda e: (f"The game starts from a position: round {e['position']['round']}, planning phase, "
                           f"{D.family(e['position']['p'][e['position']['primo']]['family'])['name']} first; control "
                           f"tiles {', '.join(D.TILE[k]['name'] for k in e['position']['tiles']['drawn'])}."),
    "setup": lambda e: (f"Setup: control tiles {', '.join(D.TILE[k]['name'] for k in e['tiles'])}; families drawn "
                        + "; ".join(f"{t}: {', '.join(D.family(f)['name'] for f in fams)}" for t, fams in e["colours"].items())
                        + "; character cards dealt."),
    "family": lambda e: f"The {e['seat']} seat plays the {D.family(e['family'])['name']} family.",
    "money": _money,
    "recruit": lambda e: (f"{who(e)} takes {soldati(e['n'])} from its pool into HQ for the neutrals killed."
                          if e.get("why") == "neutrals" else f"{who(e)} recruits {soldati(e['n'])} into HQ."),
    "discard": lambda e: f"{who(e)} discards {soldati(e['n'])} from HQ{_why(e)}.",
    "place": _place, "move": _move, "kill": _kill,
    "add": lambda e: (f"{soldati(e['n'])} neutral from the supply join the fight in {e['area']}{_why(e)}."
                      if e["seat"] == "neutral" else
                      f"{who(e)} puts {soldati(e['n'])} from its pool into the fight in {e['area']}{_why(e)}."),
    "settle": lambda e: f"{e['area']} is held by {who(e, 'winner', 'winner_fam')}." if e.get("winner") else f"{e['area']} is left empty.",
    "lab": lambda e: f"A lab is placed in {e['area']}." if e["n"] > 0 else f"A lab is removed from {e['area']}.",
    "car": lambda e: (f"{who(e)} places a car in {e['area']}." if e["n"] > 0
                      else f"{who(e)} loses {-e['n']} car{'s' if e['n'] < -1 else ''} in {e['area']}{_why(e)}."),
    "boat": lambda e: (f"{who(e)} puts a motorboat in {e['sea']}." if e["n"] > 0
                       else f"{who(e)}'s motorboat leaves {e['sea']}{_why(e)}."),
    "marker": _marker,
    "unlock": lambda e: f"{who(e)} unlocks the advanced order {T.words(e['token'])}.",
    "order": _order, "reveal": _reveal, "home": _home,
    "sell": lambda e: f"{who(e)} sells {T.name(e['token'])} (out of the game, face up) for 1 L.",
    "gift": lambda e: f"{who(e)} gives {e['n']} L to {who(e, 'to', 'to_fam')} (and {e['n']} L to the supply).",
    "primo": lambda e: f"{who(e)} takes the Primo Giocatore marker (first player from the next phase).",
    "ua": lambda e: (f"{who(e)} puts its Ultima Azione marker on {e['field']}." if e.get("field")
                     else f"{who(e)}'s Ultima Azione marker goes back to its pool."),
    "control": _control, "tile": _tile, "phase": _phase,
    "setup_step": lambda e: {"seats": "Setup: each player in turn chooses a family, places the character card's units "
                             "and labs, and picks fields on action sheet 0.",
                             "marks": "Setup: two influence markers each on action sheet 0, in player order."}.get(e["step"], "Setup."),
    "plan": lambda e: (f"{who(e)} picks field {e['field']} of sheet 0 for a marker." if e.get("field")
                       else f"{who(e)} picks a field of sheet 0 for a marker (secret until placed)."),
    "rotate": lambda e: f"The sheets move on: sheet {e['upper']} is the upper sheet, sheet {e['lower']} the lower.",
    "queue": _queue, "next": lambda e: "Next order.", "fight": _fight,
    "seal_open": lambda e: "Finesse: both sides choose a conflict card in secret.",
    "seal": _seal,
    "take": lambda e: f"{who(e)} {'takes' if e['take'] else 'leaves'} the other side's face-down card.",
    "cards": _cards,
    "instr": lambda e: (f"{who(e)} sets a standing instruction: {_instruction(e)}." if "key" in e
                        else f"{who(e)} changes its standing instructions."),
    "applied": lambda e: (f"{who(e)}'s standing instruction answers: {_instruction(e)}."
                          if "key" in e else f"{who(e)}'s question is answered for it."),
    "turn": lambda e: f"{who(e)}'s planning turn.",
    "pass": lambda e: f"{who(e)} cannot pay for any action and passes.",
    "note": _note,
    "bonuses": lambda e: (f"{'Bomb' if e.get('bomb') else 'Attack'} {e['attack']} against defence {e['defence']} in "
                          f"{e['area']}: {e['killed']} killed."),
    "step": lambda e: "A choice is made.",
    "result": lambda e: e["text"],
}


def describe(event) -> str:
    line = describe_by_type(LINES, event, lambda e: f"{str(e.get('type')).capitalize()} (an event this server cannot read).")
    return line[:1].upper() + line[1:]

