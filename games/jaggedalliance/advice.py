"""Sensible choices for a merc's player (the ``sensible`` bot, the example line of an email, the
tests' purposeful games): fight what is in range, loot, heal when hurt, move toward the nearest
enemy or the next Sector to liberate, and stop while stamina remains for the enemies' turn.
It reads only what a seat may see."""

from games.core import Rng

from . import dice as D
from .data import SCENARIOS
from .gear import actions
from .state import adjacent_sectors, dist, enemies_at, is_mission, row

RESERVE = 2   # stamina kept for the Enemy Activation


def _first(options: list[dict], **match) -> dict | None:
    for option in options:
        move = option["move"]
        if all(move.get(k) == v for k, v in match.items()):
            return move
    return None


def _attack_value(s: dict, m: str, move: dict) -> float:
    action = next((a for a in actions(s, m) if a["card"] == move["c"] and a["key"] == move["k"]), None)
    if not action:
        return 0.0
    value = (D.expected(action["dice"]) + action["plus"]) * action["burst"]
    target = move["t"]
    if not target.startswith("@") and target in s["enemies"]:
        left = row(s, target)["h"] - s["enemies"][target]["dmg"]
        value += 1.0 / max(1, left)
    return value - 0.2 * action["fatigue"]


def _far(d: int | None) -> int:
    return 99 if d is None else d


def _goal_sectors(s: dict) -> list[str]:
    goal = SCENARIOS[s["scenario"]]["victory"]["liberate"]
    return [t for t in goal if s["sectors"][t]["status"] != "liberated"]


def _sector_steps(s: dict, start: str, goal: list[str]) -> dict[str, int]:
    """Steps from each Sector to the nearest goal Sector (over the layout)."""
    out = {t: 0 for t in goal}
    frontier = list(goal)
    while frontier:
        nxt = []
        for t in frontier:
            for u in adjacent_sectors(s, t):
                if u not in out and not is_mission(u):
                    out[u] = out[t] + 1
                    nxt.append(u)
        frontier = nxt
    return out


def action(s: dict, m: str, options: list[dict]) -> dict:
    merc = s["mercs"][m]
    attacks = [o["move"] for o in options if o["move"].get("a") == "attack"]
    if attacks:
        return max(attacks, key=lambda mv: (_attack_value(s, m, mv), str(mv)))
    loot = _first(options, a="loot")
    if loot:
        return loot
    for o in options:
        mv = o["move"]
        if mv.get("a") == "use" and (s["mercs"][mv["t"]]["W"] >= 2 or s["mercs"][mv["t"]]["sw"]):
            return mv
    test = _first(options, a="test")
    if test:
        return test
    train = _first(options, a="train")
    if train:
        return train
    heal = _first(options, a="ability", x="medicine")
    if heal and merc["W"] >= 2:
        return heal
    if merc["S"] > RESERVE and merc["steps"] < 3:
        sector = merc["sector"]
        standing = [e for e in enemies_at(s, sector) if not s["enemies"][e]["hidden"]]
        facedown = [a for a, n in s["sectors"].get(sector, {}).get("facedown", {}).items() if n]
        if standing or facedown:
            spots = [s["enemies"][e]["area"] for e in standing] + facedown
            here = min(_far(dist(s, sector, merc["area"], a, "move")) for a in spots)
            for o in options:
                mv = o["move"]
                if mv.get("a") == "move":
                    there = min(_far(dist(s, sector, mv["to"], a, "move")) for a in spots)
                    if there < here:
                        return mv
        elif not is_mission(sector) and s["sectors"][sector]["status"] == "liberated":
            fresh = merc["F"] == 0 and merc["W"] == 0 and merc["steps"] == 0
            for o in options:
                mv = o["move"]
                if fresh and mv.get("a") == "go" and is_mission(mv["to"]):
                    return mv
            goal = _goal_sectors(s)
            steps = _sector_steps(s, sector, goal)
            best = None
            for o in options:
                mv = o["move"]
                if mv.get("a") == "go" and steps.get(mv["to"], 99) < steps.get(sector, 99):
                    best = mv if best is None or steps[mv["to"]] < steps[best["to"]] else best
            if best:
                return best
    return _first(options, a="end") or options[0]["move"]


def choose(state: dict, seat: str, rng: Rng, prompt: dict | None = None) -> dict:
    """A sensible listed option for the seat's prompt."""
    if prompt is None:
        from .rules import prompts
        prompt = prompts(state)[seat]
    options = prompt["options"]
    kind = prompt["kind"]
    s = state
    if kind == "activate":
        picks = [o["move"] for o in options if "merc" in o["move"]]
        return max(picks, key=lambda mv: (s["mercs"][mv["merc"]]["S"], mv["merc"])) if picks else options[0]["move"]
    if kind == "action":
        active = next(m for m in s["order"] if s["mercs"][m]["active"])
        return action(s, active, options)
    if kind == "spend":
        return _first(options, spend="dur") or options[0]["move"]
    if kind == "burst":
        return options[0]["move"]
    if kind == "group":
        return _first(options, take=None) or options[0]["move"]
    if kind == "counterattack":       # every rebel of the Pool: losing one loses the scenario
        return max((o["move"] for o in options), key=lambda mv: mv.get("rebels", 0))
    if kind == "room":
        return options[0]["move"]
    return options[rng.below(len(options))]["move"] if kind in ("hire", "replace") else options[0]["move"]
