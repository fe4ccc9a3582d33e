"""One readable line per event, from the event alone (names come from the public data; an event
that lost a hidden field to redaction still reads)."""

import re

from games.core import describe_by_type

from . import dice as D
from .actions import stance_words
from .combat import STATUS_WORDS, box_words
from .data import CARDS, EVENTS, LIEUTENANTS, MERC, MISSIONS, SKIRMISH, THREATS, TILES


def merc(m: str | None) -> str:
    if not m:
        return "nobody"
    name = MERC[m]["name"] if m in MERC else m
    return name.split("'")[1] if "'" in name else name


def mercs(ms: list[str]) -> str:
    names = [merc(m) for m in ms]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def card(c: str | None) -> str:
    return CARDS[c]["name"] if c in CARDS else str(c)


def place(sector: str | None) -> str:
    if not sector:
        return "?"
    if sector in MISSIONS:
        return f"the mission {MISSIONS[sector]['name']}"
    return f"{sector} {TILES[sector]['name']}" if sector in TILES else sector


def foe(e: dict) -> str:
    return e.get("name") or e.get("enemy") or "an enemy"


def foe_first(e: dict) -> str:
    """The enemy's name at the start of a sentence ("Elite Redshirt e002")."""
    name = foe(e)
    return name[:1].upper() + name[1:]


def aside(why: str) -> str:
    """A reason for parentheses: a rule it ends with is cited after a comma, not in parentheses
    of its own ("Escape ends the turn, rule 10.1")."""
    return re.sub(r" \((rules? [^()]+)\)$", r", \1", why)


def roll(r: dict | None) -> str:
    return D.words(r) if r else "no dice"


def figure(path: str) -> str:
    kind, key = path.split(".")
    return merc(key) if kind == "mercs" else key


def _attack(e):
    extra = []
    if e.get("boxes"):
        extra.append(f"spending Durability ({', '.join(box_words(b) for b in e['boxes'])})")
    if e.get("rebels"):
        extra.append(f"{e['rebels']} rebel{'s' if e['rebels'] > 1 else ''}")
    verb = "throws" if e.get("hand") else "uses"
    burst = f", burst of {e['burst']}" if e.get("burst", 1) > 1 else ""
    aim = e.get("target_name") or "the target"
    return (f"{merc(e['merc'])} {verb} {card(e['card'])} ({e['action']}{burst}) at {aim}, {e['fatigue']} fatigue"
            + (f", {' and '.join(extra)}" if extra else "") + ".")


def _enemy_turn(e):
    """An enemy's activation: one sentence for its place in the order and its target (13.2-13.3);
    its moves and attacks follow as sentences of their own."""
    if not e.get("target"):
        return f"{foe_first(e)} acts {e['order']} but has no target: {e['target_why']}."
    text = f"{foe_first(e)} acts {e['order']} and goes for {merc(e['target'])}, {e['target_why']}"
    if e.get("pattern_why"):
        text += f"; {e['pattern_why']}"
    return text + "."


def _wounds(n: int) -> str:
    return f"{n} wound{'s' if n != 1 else ''}"


def _enemy_attacked(e):
    target = merc(e["merc"])
    parts = e.get("parts") or [str(e["damage"])]
    damage = parts[0] if len(parts) == 1 else f"{' '.join(parts)} = {e['damage']}"
    text = f"{foe_first(e)} attacks {target} for {damage}; "
    if e["how"] == "stealth":
        verdict = "hides: no hit" if not e["hit"] else f"fails to hide: {_wounds(e['wounds'])}"
        text += f"{target} tries Stealth ({e['why']}): {roll(e['roll'])} against {e['need']}: {verdict}"
    else:
        rebels = f" with {e['rebels']} rebel from the Pool" if e.get("rebels") else ""
        text += f"{target}'s armour ({e['why']}){rebels} rolls {roll(e['roll'])}: {_wounds(e['wounds'])}"
    if e.get("statuses"):
        text += ", " + ", ".join(STATUS_WORDS[x] for x in e["statuses"])
    return text + "."


def _skirmish(e):
    kind = e["kind"]
    where = f"Area {e['area']}"
    words = {"loot": f"a loot cache (tier {e.get('tier')}) lies in {where}",
             "fatigue": f"an ambush in {where}: every merc there takes {e.get('n')} fatigue",
             "enemy": f"a {e.get('enemy', 'foe').title()} springs out in {where}",
             "resources": "supplies: " + ", ".join(f"{e[k]} {k}" for k in ("money", "rebels") if e.get(k)) + " to the Pool",
             "status": f"everyone in {where} is {STATUS_WORDS.get(e.get('status'), e.get('status'))}",
             "mine": f"a mine in {where}: {e.get('n')} damage to everyone there",
             "alarm": "an alarm: a Threat token for the dictator",
             "nothing": f"nothing in {where}", "blank": f"a decoy sniper token in {where}"}
    return f"Skirmish token: {words.get(kind, kind)} (rule 12.3)."


def _liberated(e):
    return f"{place(e['sector'])} is liberated (rule 12.4)!"


def _scenario_over(e):
    return e["text"]


def _setup(e):
    return (f"Scenario {e['scenario']}, {e['name']}: {e['players']} player{'s' if e['players'] > 1 else ''}"
            + (", continuing a campaign" if e.get("campaign") else "") + ".")


def _ability(e):
    test = e.get("test")
    text = f"{merc(e['merc'])} rolls {e['ability'].title()}: {roll(e['roll'])}"
    if e.get("rebels"):
        text += f" (with {e['rebels']} rebels)"
    if e["total"] != e["roll"]["total"]:
        text += f", {e['total']} with the skill"
    if test:
        text += f"; the test ({test['text']}, {test['difficulty']} needed) " + ("passes" if e.get("passed") else "fails")
    return text + "."


def _threat_card(e):
    return f"Battle for {place(e['sector'])}: its Threat card {e['card']} ({e['tier']}) is turned up (rule 12.1)."


def _knocked(e):
    if e.get("serious", 1) >= 2:
        return f"{merc(e['merc'])} is knocked out by {e['why']}: a second Serious Wound (rule 5.2)."
    return f"{merc(e['merc'])} is knocked out by {e['why']} and takes a Serious Wound (rule 5.2)."


def _threat_raised(e):
    if e["source"] == e["to"] and not e.get("notes"):
        return f"No Threat token: the threat stays at {e['to']}."
    text = f"Threat rises from {e['source']} to {e['to']} (rule 15.3)" if e["to"] != e["source"] else f"The threat stays at {e['to']}"
    return text + ("; " + "; ".join(e["notes"]) if e.get("notes") else "") + "."


def _counterattack(e):
    dice = e["stationed"] + e["rebels"]
    verdict = "repelled" if e["repelled"] else "NOT repelled: the region is retaken"
    return (f"Counterattack at threat {e['level']}: strength {e['strength']}; {e['stationed']} stationed and "
            f"{e['rebels']} Pool rebels roll {dice} orange: {roll(e['roll'])}: {verdict} (rule 15.4).")


LINES = {
    "setup": _setup,
    "position": lambda e: (f"Scenario {e['scenario']}, {e['name']}: {e['players']} player"
                           f"{'s' if e['players'] > 1 else ''}, starting from a position at round {e['round']}."),
    "tidy": lambda e: "(bookkeeping)",
    "chosen": lambda e: f"{e['seat']} chooses: {e['label']}.",
    "hired": lambda e: f"{e['seat']} hires {merc(e['merc'])}" + (f" in place of {merc(e['replaces'])}" if e.get('replaces') else "") + (f", with {', '.join(card(c) for c in e['cards'])}" if e.get('cards') else "") + (f" and {e['sw']} Serious Wound" if e.get('sw') else "") + ".",
    "unpacked": lambda e: f"{merc(e['merc'])} is ready.",
    "deployed": lambda e: f"The team ({mercs(e['mercs'])}) deploys in {place(e['sector'])}.",
    "round_started": lambda e: f"Round {e['round']} of {e['rounds']} begins.",
    "waited": lambda e: f"{e['seat']} lets the others go first.",
    "activated": lambda e: f"{merc(e['merc'])} activates" + (f" and recovers {e['recovered']} fatigue" if e.get("recovered") else "") + ".",
    "activation_ended": lambda e: f"{merc(e['merc'])}'s activation ends ({aside(e['why'])}).",
    "enemies_skipped": lambda e: f"No Enemy Activation in {place(e['sector'])}: {e['why']}.",
    "moved": lambda e: f"{merc(e['merc'])} moves to Area {e['to']} ({e['cost']}).",
    "left_for": lambda e: f"{mercs(e['mercs'])} {'move as a group' if e.get('group') else 'moves'} to {place(e['to'])} ({e['cost']}).",
    "group_moved": lambda e: f"Group Move: {mercs(e['mercs'])} move to Area {e['to']} ({e['cost']}).",
    "attack": _attack,
    "shot": lambda e: f"Roll {roll(e['roll'])}" + (f" +{e['plus']}" if e.get("plus") else "") + f": {e['successes']} success{'es' if e['successes'] != 1 else ''}.",
    "enemy_hit": lambda e: f"{foe(e)}: {e['damage']} damage - {e['armour']} armour" + (f" - tank token {e['tank']['value']}" if e.get("tank") else "") + f" = {e['wounds']}.",
    "enemy_defeated": lambda e: f"{foe(e)} is defeated" + (f" by {merc(e['by'])}" if e.get("by") else "") + ".",
    "status_added": lambda e: f"{e.get('name') or figure(e['figure'])} is {STATUS_WORDS[e['status']]}.",
    "retreated": lambda e: f"{e.get('name') or figure(e['figure'])} retreats to Area {e['to']}.",
    "friendly_hit": lambda e: f"{merc(e['merc'])} is caught in the blast: {e['damage']} damage, armour {roll(e['roll'])}: {e['wounds']} wounds.",
    "item_used": lambda e: f"{merc(e['merc'])} uses {card(e['card'])}" + (f" on {merc(e['target'])}" if e.get("target") and e['target'] != e['merc'] else "") + (": " + ", ".join(e["did"]) if e.get("did") else "") + ".",
    "looted": lambda e: f"{merc(e['merc'])} loots {e['what']} (tier {e['tier']}): " + (card(e['card']) if e.get('card') else "the deck is empty") + ".",
    "victory_looted": lambda e: f"Victory spoils in {place(e['sector'])}: {e['what']} (tier {e['tier']}): " + (card(e['card']) if e.get('card') else "the deck is empty") + " (rule 7.4).",
    "card_received": lambda e: f"{merc(e['merc'])} takes {card(e['card'])}" + (" (equipped)" if e.get("where") in ("weapons", "armour") else "") + ".",
    "card_left": lambda e: f"{merc(e['merc'])} leaves {card(e['card'])}.",
    "card_swapped": lambda e: f"{merc(e['merc'])} drops {', '.join(card(c) for c in e['dropped'])} and takes {card(e['card'])}.",
    "card_dropped": lambda e: f"{merc(e['merc'])} drops {', '.join(card(c) for c in e['cards'])}.",
    "income_gained": lambda e: f"The team gains the income card {card(e['card'])}.",
    "income_paid": lambda e: f"Income: {card(e['card'])} pays " + ", ".join(f"{v} {k}" for k, v in sorted(e['income'].items())) + " (rule 14.5).",
    "stance": lambda e: f"{merc(e['merc'])}'s defence orders: {stance_words(e['stance'])}.",
    "equipped": lambda e: f"{merc(e['merc'])} equips {card(e['card'])}" + (f" instead of {card(e['off'])}" if e.get("off") else "") + ".",
    "unequipped": lambda e: f"{merc(e['merc'])} puts {card(e['card'])} in the Inventory.",
    "attached": lambda e: f"{merc(e['merc'])} attaches {card(e['card'])} to {card(e['to'])}.",
    "detached": lambda e: f"{merc(e['merc'])} detaches {card(e['card'])}.",
    "traded": lambda e: f"{merc(e['merc'])} hands {card(e['card'])} to {merc(e['to'])}.",
    "ability_rolled": _ability,
    "allocated": lambda e: f"{merc(e['merc'])}'s {e['ability'].title()}: " + (f"{merc(e['to'])} {e['what']}" if e.get("to") else e["what"]) + ".",
    "trained": lambda e: f"{merc(e['merc'])} trains a rebel in {place(e['sector'])} ({e['rebels']} stationed there).",
    "bribed": lambda e: f"{merc(e['merc'])} bribes with {e['money']} money" + (f" (+{e['surcharge']})" if e.get("surcharge") else "") + f": {roll(e['roll'])}; threat down {e['lowered']} to {e['threat']}.",
    "escaped": lambda e: f"{merc(e['merc'])} escapes from {place(e['source'])} to {place(e['sector'])} with {mercs(e['mercs'])} (rule 10.1).",
    "battle_started": _threat_card,
    "enemy_placed": lambda e: f"{foe_first(e)} " + ("hides: sniper tokens on every threat symbol" if e.get("hidden") else f"stands in Area {e['area']}" if e.get("area") else "stands guard") + f" ({aside(e['why'])}).",
    "skirmish": _skirmish,
    "sniper_found": lambda e: f"{merc(e['by'])} finds the hidden sniper in Area {e['area']}.",
    "mine_hit": lambda e: (f"The mine hits {merc(e['merc'])}: armour {roll(e['roll'])}, {e['wounds']} wounds." if e.get("merc") else f"The mine hits {e.get('enemy')}: {e['wounds']} damage."),
    "liberated": _liberated,
    "reward": lambda e: f"Reward: {e['n']} {e['what']} to the Pool.",
    "supply_taken": lambda e: "Supply token: " + ", ".join(f"{v} {k}" for k, v in sorted(e['token'].items())) + " to the Pool.",
    "lieutenant_found": lambda e: f"{LIEUTENANTS[e['lt']]['name']} was hiding in {place(e['sector'])} (rule 15.6)!",
    "lieutenant_returned": lambda e: f"{LIEUTENANTS[e['lt']]['name']} slips back to the dictator's side.",
    "sector_reset": lambda e: f"{place(e['sector'])} is reset: {e['why']}.",
    "knocked_out": _knocked,
    "stood_up": lambda e: f"{merc(e['merc'])} is back on their feet thanks to {merc(e['by'])}.",
    "died": lambda e: f"{merc(e['merc'])} dies (rule 5.2); " + (f"the cards kept: {', '.join(card(c) for c in e['kept'])}" if e.get("kept") else "nothing is kept") + ".",
    "ally_killed": lambda e: f"{card(e['card'])}, ally of {merc(e['merc'])}, is killed ({aside(e['why'])}).",
    "bled": lambda e: f"{merc(e['merc'])} bleeds: 1 wound (rule 11.4).",
    "enemy_turn": _enemy_turn,
    "enemy_moved": lambda e: f"{foe_first(e)} moves from Area {e['source']} to Area {e['to']} ({e['why']}).",
    "enemy_held": lambda e: f"{foe_first(e)} stays: {e['why']}.",
    "enemy_retargeted": lambda e: f"{foe_first(e)} now goes for {merc(e['target'])}, {e['why']}.",
    "enemy_attacked": _enemy_attacked,
    "enemy_bled": lambda e: f"{foe_first(e)} bleeds (rule 11.4).",
    "placed": lambda e: f"{merc(e['merc'])} joins the fight in {place(e['sector'])}" + (f", Area {e['area']}" if e.get("area") else "") + ".",
    "reshuffled": lambda e: f"The {e['deck']} deck is shuffled again from its discards.",
    "pool_renewed": lambda e: "The removed skirmish tokens make a new pool (rule 12.3).",
    "scenario_over": _scenario_over,
    "threat_token": lambda e: f"{e['n']} Threat token{'s' if e['n'] != 1 else ''} for the dictator: {e['why']}.",
    "dictator_ready": lambda e: f"The dictator's board: threat {e['threat']}, counterattack tokens at {', '.join(map(str, e['counter'])) or 'none'}" + (f"; in play: {', '.join(LIEUTENANTS[x]['name'] for x in e['lieutenants'])}" if e.get('lieutenants') else "") + ".",
    "threat_raised": _threat_raised,
    "dictator_ability": lambda e: f"The dictator's ability, {e['rule']}: {e['text']}",
    "dictator_phase_ended": lambda e: "The Dictator Phase ends" + ("; the Day token adds a Threat token" if e.get("day") else " (Night: no Threat token)") + f" ({e['tokens']} pending).",
    "event_drawn": lambda e: (f"Event ({e['deck']}): {e['name']}: {e['text']}" if e.get("card") else f"The {e['deck']} event deck is empty."),
    "day_turned": lambda e: "The event row is full: its cards go back to their decks and " + ("Day breaks." if e["day"] else "Night falls."),
    "pool_changed": lambda e: f"The Pool {'gains' if e['n'] > 0 else 'loses'} {abs(e['n'])} {e['what']} ({e['now']} now).",
    "mercs_changed": lambda e: f"Every merc {'takes' if e['op'] == 'fatigue_all' else 'recovers'} {e['n']} fatigue.",
    "enemy_statuses_removed": lambda e: "Every status token is removed from every enemy.",
    "lasting_effect": lambda e: {"bribe_cost": f"Each bribe costs {e['n']} more", "enemy_damage": f"Enemies deal {e['n']} more damage"}.get(e["op"], e["op"]) + " until the next Dictator Phase.",
    "nothing_to_lose": lambda e: f"{e['why']}: no {e['what']} to draw or lose.",
    "lieutenant_drawn": lambda e: f"{e['name']} enters play ({aside(e['why'])}) and hides in an occupied sector (rule 15.6).",
    "lieutenant_defeated": lambda e: f"{e['name']} is defeated in {place(e['sector'])} and leaves the campaign (rule 15.6).",
    "counterattack": _counterattack,
    "mission_placed": lambda e: f"Mission {e['name']} is in play beside {place(e['at'])} ({aside(e['why'])}).",
    "mission_entered": lambda e: f"{merc(e['by'])} enters the mission {e['name']}.",
    "condition_met": lambda e: f"{e['name']}: condition {e['step']} of {e['of']} met by {merc(e['merc'])}" + (f" ({e['condition'].get('text') or e['condition']['kind'].replace('_', ' ')})" if e.get('condition') else "") + ".",
    "mission_completed": lambda e: f"Mission {e['name']} completed (rule 16)" + (": " + ", ".join(f"{v} {k}" if k != "loot" else f"a tier {v} loot card" for k, v in sorted(e['rewards'].items())) if e.get('rewards') else "") + ".",
    "shopping_done": lambda e: f"The team is ready, with ${e['money']} left in the Pool.",
    "bought": lambda e: f"The team buys {card(e['card'])} (${e['cost']}) for {merc(e['merc'])}.",
    "sold": lambda e: f"The team sells {card(e['card'])} of {merc(e['merc'])} for ${e['price']}.",
    "stashed": lambda e: f"{card(e['card'])} of {merc(e['merc'])} goes into the reserve.",
    "unstashed": lambda e: f"{merc(e['merc'])} takes {card(e['card'])} from the reserve.",
}


def describe(event: dict) -> str:
    return describe_by_type(LINES, event, lambda e: e.get("type", "event").replace("_", " "))


def threat_card_words(card_id: str) -> str:
    card_data = THREATS[card_id]
    parts = []
    for letter, spot in sorted(card_data["setup"].items()):
        bits = [("elite " if elite else "") + kind for kind, elite in spot.get("enemies", [])]
        if spot.get("skirmish"):
            bits.append(f"{spot['skirmish']} skirmish")
        parts.append(f"{letter}: {', '.join(bits)}")
    return "; ".join(parts)


def event_card(card_id: str) -> str:
    return EVENTS[card_id]["name"] if card_id in EVENTS else card_id


def token_words(token: str) -> str:
    return SKIRMISH[token]["kind"] if token in SKIRMISH else "token"
