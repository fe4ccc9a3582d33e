"""The campaign (7.1, 7.5-7.7): what a finished table hands to the next one.

A save is plain JSON (the ``campaign`` table option): the mercs used and their cards and
Serious Wounds, the dead, killed allies, the reserve, money and rebels, the Market deck, income
cards, unfinished missions, lieutenants in play and defeated ones, enemy experience, liberated
towns, and which scenarios are won and available. ``validate`` refuses a save that names an
unknown card or merc, holds a card twice, or whose numbers are out of range, with a sentence.
"""

from games.core import IllegalMove

from .data import CARDS, DICTATORS, ENEMY, LIEUTENANTS, MERC, MERC_ORDER, MISSIONS, SCENARIOS, market_range

VERSION = 1
KEYS = ("v", "dictator", "played", "won", "available", "mercs", "dead", "killed", "reserve", "money", "rebels",
        "market", "income", "missions", "missions_removed", "lieutenants", "lieutenants_out", "experienced",
        "towns")


def _kits() -> set[str]:
    return {c for m in MERC.values() for c in m["kit"]}


def fresh(dictator: str = "deidranna") -> dict:
    """A new campaign (7.1): starting Market (the basic A.I.M. cards no merc brings), the three
    special missions set aside, Deidranna's loyal subject Elliot in play (L548)."""
    market = [c for c in sorted(CARDS) if CARDS[c]["deck"] == "aim" and c < "030" and c not in _kits()
              and CARDS[c]["type"] not in ("ally", "income")]
    lieutenants = [rule["lieutenant"] for rule in DICTATORS[dictator]["rules"] if rule.get("lieutenant")]
    return {"v": VERSION, "dictator": dictator, "played": [], "won": [], "available": ["1"], "mercs": {},
            "dead": [], "killed": [], "reserve": [], "money": 0, "rebels": 0, "market": market, "income": [],
            "missions": [], "missions_removed": [], "lieutenants": lieutenants, "lieutenants_out": [],
            "experienced": [], "towns": []}


def default_for(scenario: str) -> dict:
    """A table that starts at a later scenario without a save: a new campaign as the earlier
    scenarios' victories leave it (their rewards applied, nothing bought; our reading)."""
    camp = fresh()
    for earlier in sorted(SCENARIOS, key=int):
        if int(earlier) >= int(scenario):
            break
        rewards = SCENARIOS[earlier]["rewards"]
        camp["played"].append({"scenario": earlier, "outcome": "victory", "rounds": 0})
        camp["won"].append(earlier)
        camp["money"] += rewards.get("money", 0)
        camp["rebels"] += rewards.get("rebels", 0)
        camp["income"] = sorted(set(camp["income"]) | set(rewards.get("income", [])))
        unlocked = list(rewards.get("aim", []))
        for town in rewards.get("towns", []):
            if town not in camp["towns"]:
                unlocked += market_range(len(camp["towns"]))
                camp["towns"].append(town)
        camp["market"] = sorted(set(camp["market"]) | set(unlocked))
        camp["experienced"] = sorted(set(camp["experienced"]) | set(rewards.get("experienced", [])))
    camp["available"] = [scenario]
    return camp


def validate(save) -> dict:
    """The save as a campaign, or IllegalMove('bad_campaign', sentence)."""
    def bad(why: str):
        raise IllegalMove("bad_campaign", f"The campaign save cannot be used: {why}.")
    if not isinstance(save, dict):
        bad("it must be the JSON object a finished table shows as its campaign save")
    missing = [k for k in KEYS if k not in save]
    if missing:
        bad(f"it lacks {', '.join(missing)}")
    if save["v"] != VERSION:
        bad(f"it is version {save['v']!r}, this server reads version {VERSION}")
    if save["dictator"] not in DICTATORS:
        bad(f"there is no dictator {save['dictator']!r}")
    for key in ("money", "rebels"):
        if not isinstance(save[key], int) or isinstance(save[key], bool) or not 0 <= save[key] <= 999:
            bad(f"{key} must be a whole number from 0 to 999")
    lists = ("played", "won", "available", "dead", "killed", "reserve", "market", "income", "missions",
             "missions_removed", "lieutenants", "lieutenants_out", "experienced", "towns")
    for key in lists:
        if not isinstance(save[key], list):
            bad(f"{key} must be a list")
    if not isinstance(save["mercs"], dict):
        bad("mercs must be an object")
    cards = list(save["reserve"]) + list(save["market"]) + list(save["income"]) + list(save["killed"])
    for m, info in save["mercs"].items():
        if m not in MERC:
            bad(f"there is no merc {m!r}")
        if not isinstance(info, dict) or not isinstance(info.get("cards"), list) or info.get("sw") not in (0, 1):
            bad(f"merc {m} needs a list of cards and 0 or 1 Serious Wound")
        cards += info["cards"]
    for c in cards:
        if not isinstance(c, str) or c not in CARDS:
            bad(f"there is no card {c!r}")
    if len(cards) != len(set(cards)):
        bad("a card is held twice")
    for m in save["dead"]:
        if m not in MERC or m in save["mercs"]:
            bad(f"dead merc {m!r} is unknown or still listed as alive")
    for s in save["won"] + save["available"] + [p.get("scenario") for p in save["played"] if isinstance(p, dict)]:
        if s not in SCENARIOS:
            bad(f"there is no scenario {s!r}")
    for mid in save["missions"] + save["missions_removed"]:
        if mid not in MISSIONS:
            bad(f"there is no mission {mid!r}")
    for lt in save["lieutenants"] + save["lieutenants_out"]:
        if lt not in LIEUTENANTS:
            bad(f"there is no lieutenant {lt!r}")
    for kind in save["experienced"]:
        if kind not in ENEMY:
            bad(f"there is no enemy {kind!r}")
    if len(save["towns"]) > 6:
        bad("there are only six liberated-town boxes")
    if len([m for m in MERC_ORDER if m not in save["dead"]]) == 0:
        bad("every merc is dead: start a new campaign")
    return save


def build(s: dict) -> dict:
    """The save a finished scenario hands on (7.2, 7.7): statuses except Serious Wounds dropped,
    stationed rebels discarded, cards back with their mercs, lieutenants back at the dictator's
    side, unfinished missions reset."""
    base = dict(s["campaign"])
    won = s["result"]["outcome"] == "victory"
    scenario = s["scenario"]
    save = {k: base[k] for k in KEYS if k in base}
    save["played"] = base["played"] + [{"scenario": scenario, "outcome": s["result"]["outcome"], "rounds": s["round"]}]
    mercs = dict(base["mercs"])
    for m in s["order"]:
        merc = s["mercs"][m]
        if merc["dead"]:
            mercs.pop(m, None)
            continue
        from .state import held
        mercs[m] = {"cards": sorted(held(s, m)), "sw": merc["sw"]}
    save["mercs"] = {m: mercs[m] for m in sorted(mercs)}
    save["dead"] = sorted(set(base["dead"]) | set(s["campaign"]["dead"]))
    save["killed"] = sorted(set(s["campaign"]["killed"]))
    save["money"], save["rebels"] = s["pool"]["money"], s["pool"]["rebels"]
    save["market"] = sorted(s["market"])
    save["income"] = sorted(s["income"])
    save["reserve"] = sorted(s["reserve"])
    missions = [mid for mid in sorted(s.get("missions", {})) if s["missions"][mid]["state"] == "active"]
    if missions and any(fx["op"] == "end_discard_rebels" for mid in missions for fx in MISSIONS[mid]["effect"]):
        save["rebels"] = 0   # the S.A.M. Site (L2737-L2758)
    save["missions"] = sorted(set(base["missions"]) | set(missions))
    save["missions_removed"] = sorted(set(s["campaign"]["missions_removed"]))
    if s.get("dictator"):
        save["lieutenants"] = sorted(s["dictator"]["lieutenants"])
    save["lieutenants_out"] = sorted(set(s["campaign"]["lieutenants_out"]))
    if won:
        rewards = SCENARIOS[scenario]["rewards"]
        save["won"] = sorted(set(base["won"]) | {scenario})
        save["money"] += rewards.get("money", 0)
        save["rebels"] += rewards.get("rebels", 0)
        save["income"] = sorted(set(save["income"]) | set(rewards.get("income", [])))
        save["experienced"] = sorted(set(save["experienced"]) | set(rewards.get("experienced", [])))
        owned = {c for info in save["mercs"].values() for c in info["cards"]} | set(save["reserve"])
        unlocked = list(rewards.get("aim", []))
        for town in rewards.get("towns", []):
            if town not in save["towns"] and len(save["towns"]) < 6:
                unlocked += market_range(len(save["towns"]))
                save["towns"] = save["towns"] + [town]
        save["market"] = sorted(set(save["market"]) | {c for c in unlocked if c not in owned and c not in save["killed"]})
        save["available"] = sorted((set(base["available"]) | set(rewards.get("unlock", []))) - {scenario}) or [scenario]
    else:
        save["available"] = sorted(set(base["available"]) | {scenario})   # 7.3: replay until won
    return save
