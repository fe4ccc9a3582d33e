"""evolve(state, event): fold one event into the state. No rules are checked and no dice are
rolled here: decide() already did both and wrote the outcome into the event.

The state is plain JSON: board cells are dicts (see derived.py), zones are lists of tile ids,
and "step" says which decision is awaited:
  {"k": "first", "seat"}                        who goes first in the next game of the match
  {"k": "tile", "seat"}                         which tile to play
  {"k": "field", "seat", "tile", "src"}         where to place it (src: zone, neutral, beside)
  {"k": "facing", "seat", "tile", "src", "field"}
  {"k": "effect", "seat", "chain", "stage"}     an instant effect (effects.py)
  {"k": "done", "seat"}                         the move is resolved; decide() ends it at once

No list or dict of the state is changed in place: an event sets new ones (a new board with a new
cell, a new zone, a new step), so a copy of the state for a while may share them all (rules._copy:
decide works on a shallow copy of the state).
"""

from . import board as B
from .tiles import FACTION, MUSTAFA, NEUTRALS, TILES

FI = B.FIELD_INDEX


def _new_game(state: dict, neutral: list, extra: dict) -> None:
    """Everything back in its place for a new game (spec 4, 10): faction tiles to their
    owners, Mustafa beside the board, the dealt neutrals out, every other neutral that is no
    longer in the box set aside for the rest of the match."""
    dealt = set(neutral)
    for tiles in extra.values():
        dealt.update(tiles)
    state["box"] = [t for t in state["box"] if t not in dealt]
    inbox = set(state["box"])
    state["aside"] = [t for t in NEUTRALS if t not in inbox and t not in dealt]
    state["board"] = [None] * 9
    state["zones"] = {seat: list(FACTION[seat]) + list(extra.get(seat, ())) for seat in B.SEATS}
    state["neutral"] = list(neutral)
    state["pile"] = []
    state["beside"] = [MUSTAFA]
    state["placements"] = 0


def _opening(state: dict, first: str) -> None:
    state["first"] = first
    state["turn"] = first
    state["step"] = {"k": "field", "seat": first, "tile": MUSTAFA, "src": "beside"}


def _done(state: dict, event: dict) -> dict:
    state["step"] = {"k": "done", "seat": event["seat"]}
    return state


def match_started(state, e):
    state = {"opts": dict(e["options"]), "game": 1, "wins": {s: 0 for s in B.SEATS},
             "points": {s: 0 for s in B.SEATS}, "games": [], "result": None,
             "box": list(e["box"])}
    _new_game(state, e["neutral"], e.get("extra", {}))
    _opening(state, e["first"])
    return state


def position_set(state, e):
    from .position import state_of
    return state_of(e["options"], e["position"])


def tile_chosen(state, e):
    state["step"] = {"k": "field", "seat": e["seat"], "tile": e["tile"], "src": e["src"]}
    return state


def field_chosen(state, e):
    state["step"] = {**state["step"], "k": "facing", "field": FI[e["field"]]}
    return state


def _without(tiles: list, tile: str) -> list:
    """The tiles less the first ``tile`` (list.remove, on a new list)."""
    out = list(tiles)
    out.remove(tile)
    return out


def _zone(state: dict, seat: str, tiles: list) -> None:
    state["zones"] = {**state["zones"], seat: tiles}


def _cells(state: dict, cells: dict) -> None:
    """A new board with ``cells`` (field index: cell or None) put in."""
    board = list(state["board"])
    for idx, cell in cells.items():
        board[idx] = cell
    state["board"] = board


def placed(state, e):
    seat, tile, idx = e["seat"], e["tile"], FI[e["field"]]
    src = e["src"]
    if src == "zone":
        _zone(state, seat, _without(state["zones"][seat], tile))
    else:
        state[src] = _without(state[src], tile)
    if e.get("cover"):
        _cells(state, {idx: {**state["board"][idx], "c": tile}})
    else:
        _cells(state, {idx: {"t": tile, "s": e["supports"], "d": None, "c": None}})
    state["placements"] += 1
    if TILES[tile]["instant"] and not e.get("cover"):
        state["step"] = {"k": "effect", "seat": seat, "chain": [idx], "stage": "first"}
    else:
        state["step"] = {"k": "done", "seat": seat}
    return state


def repeat_chosen(state, e):
    step = state["step"]
    state["step"] = {**step, "chain": [*step["chain"], FI[e["field"]]]}
    return state


def bribe_chosen(state, e):
    state["step"] = {**state["step"], "stage": "to", "from": FI[e["field"]]}
    return state


def destroyed(state, e):
    idx = FI[e["field"]]
    _cells(state, {idx: {**state["board"][idx], "d": e["seat"]}})
    return _done(state, e)


def flipped(state, e):
    board = state["board"]
    _cells(state, {FI[field]: {**board[FI[field]], "s": now} for field, now in zip(e["fields"], e["now"])})
    return _done(state, e)


def discarded(state, e):
    _cells(state, {FI[e["field"]]: None})
    state["pile"] = [*state["pile"], *e["tiles"]]
    return _done(state, e)


def moved(state, e):
    board = state["board"]
    _cells(state, {FI[e["to"]]: board[FI[e["from"]]], FI[e["from"]]: None})
    return _done(state, e)


def taken_back(state, e):
    _cells(state, {FI[e["field"]]: None})
    _zone(state, e["seat"], [*state["zones"][e["seat"]], e["tile"]])
    return _done(state, e)


def agent_removed(state, e):
    _zone(state, e["victim"], _without(state["zones"][e["victim"]], e["tile"]))
    state["pile"] = [*state["pile"], e["tile"]]
    return _done(state, e)


def hacked(state, e):
    state["pile"] = _without(state["pile"], e["tile"])
    _zone(state, e["seat"], [*state["zones"][e["seat"]], e["tile"]])
    return _done(state, e)


def elected(state, e):
    state["box"] = _without(state["box"], e["tile"])
    _zone(state, e["seat"], [*state["zones"][e["seat"]], e["tile"]])
    return _done(state, e)


def removed(state, e):
    _cells(state, {FI[field]: None for field in e["fields"]})
    state["pile"] = [*state["pile"], *e["tiles"]]
    return state


def turn(state, e):
    state["turn"] = e["seat"]
    state["step"] = {"k": "tile", "seat": e["seat"]}
    return state


def game_over(state, e):
    state["games"] = [*state["games"], {"game": e["game"], "winner": e["winner"], "reason": e["reason"],
                                        "support": e["support"], "points": e["points"], "kaboom": e["kaboom"],
                                        "loser": e.get("loser")}]
    if e["winner"]:
        state["wins"] = {**state["wins"], e["winner"]: state["wins"][e["winner"]] + 1}
    points = dict(state["points"])
    for seat, n in e["points"].items():
        points[seat] += n
    state["points"] = points
    state["step"] = {"k": "first", "seat": e["next"]} if e["next"] else None
    return state


def first_chosen(state, e):
    return state


def game_dealt(state, e):
    state["game"] = e["game"]
    _new_game(state, e["neutral"], e.get("extra", {}))
    _opening(state, e["first"])
    return state


def refilled(state, e):
    state["box"] = _without(state["box"], e["tile"])
    state["neutral"] = [*state["neutral"], e["tile"]]
    return state


def match_over(state, e):
    state["result"] = {"winner": e["winner"], "text": e["text"]}
    state["step"] = None
    return state


def _pass(state, e):
    return _done(state, e)


HANDLERS = {
    "match_started": match_started, "position": position_set, "tile_chosen": tile_chosen, "field_chosen": field_chosen,
    "placed": placed, "effect_lost": _pass, "effect_declined": _pass,
    "repeat_chosen": repeat_chosen, "bribe_chosen": bribe_chosen, "destroyed": destroyed,
    "flipped": flipped, "discarded": discarded, "moved": moved, "taken_back": taken_back,
    "agent_removed": agent_removed, "hacked": hacked, "elected": elected, "removed": removed,
    "turn": turn, "game_over": game_over, "first_chosen": first_chosen, "game_dealt": game_dealt,
    "match_over": match_over, "refilled": refilled,
}


def evolve(state, event):
    return HANDLERS[event["type"]](state, event)
