"""Why an answer does not fit, in a player's words: what a tile reaches from where it stands, field
by field, and why its effect has nothing to act on there or why the placement ended (rules 7 and 8).
notation.py adds the words to type."""

import json

from . import board as B
from . import derived as D
from . import effects as E
from .evolve import evolve
from .tiles import NOBEL, TILES, name

SIDE = B.SIDE_NAMES
# what a permanent tile does by itself, so that it asks nothing once placed (rule 8)
BY_ITSELF = {"security": "it has Security, which works by itself",
             "stabilize": "it gives Security to the fields it marks, by itself",
             "block": "it blocks the fields it marks, by itself",
             "kaboom": "it acts at the end of the game: the player it supports then loses (rule 9.3)",
             "protect": "it protects by itself", "none": "it has no effect"}


def placed_tile(state: dict, field: int) -> str:
    """"Bomber on A2 (facing south)"."""
    cell = state["board"][field]
    return f"{name(cell['t'])} on {B.field_name(field)} (facing {B.facing_of(cell['s'])})"


def _holds(state: dict, ctx: E.Ctx, idx: int) -> str:
    """What stands on a field, as far as this effect is concerned."""
    cell = state["board"][idx]
    if cell is None:
        return "empty"
    if cell["d"] is not None:
        return "a destroyed tile"
    if idx in ctx.chain:
        return f"{name(cell['t'])}, this effect's own tile"
    tile = f"{SIDE[cell['s']]}'s {name(cell['t'])}"
    if ctx.kind == "missile":
        return tile if ctx.secure(idx) else f"{tile}, without Security"
    return f"{tile}, with Security" if ctx.secure(idx) else tile


def _fields(state: dict, ctx: E.Ctx, fields: list[int]) -> str:
    if not fields:
        return "off the board"
    return _and([f"{B.field_name(i)} ({_holds(state, ctx, i)})" for i in sorted(fields, key=B.field_name)])


def sentence(text: str) -> str:
    """A clause as a sentence of its own: capital first, a full stop last."""
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def reach(state: dict, seat: str, chain: list, subject: bool = True) -> str:
    """What the effect at chain[-1] can act on from where it acts, field by field (rule 7.1);
    ``subject``: naming the tile and where it stands ("Bomber on A2 (facing south) destroys..."),
    else "it destroys..."."""
    ctx = E.Ctx(state, seat, chain)
    kind, where = ctx.kind, placed_tile(state, ctx.origin) if subject else "it"
    if len(chain) > 1:
        where = f"{name(ctx.tile)}'s effect, copied, acting from {placed_tile(state, ctx.origin)},"
    if kind in ("destroy", "missile", "flip_one", "discard", "repeat", "flip_all"):
        what = {"destroy": "destroys 1 tile without Security", "missile": "destroys 1 tile with Security",
                "flip_one": "flips 1 tile without Security", "discard": "discards 1 tile without Security",
                "repeat": "repeats the instant effect of 1 tile", "flip_all": "flips every tile without Security"}
        return f"{where} {what[kind]} of those it reaches: {_fields(state, ctx, ctx.reach())}"
    if kind == "flip_ray":
        rays = []
        for offset in ctx.data["directions"]:
            d = B.delta(offset, ctx.facing)
            rays.append(f"{B.COMPASS[d]}: {_fields(state, ctx, B.ray(ctx.origin, d))}")
        return f"{where} flips every tile without Security in one line to the edge; " + "; ".join(rays)
    if kind == "flip_colour":
        dots = [f"{colour} dots: {_fields(state, ctx, ctx.reach(offsets))}"
                for colour, offsets in ctx.data["colours"].items()]
        return f"{where} flips every tile without Security on the fields of one colour; " + "; ".join(dots)
    if kind == "crisis":
        return f"{where} takes back into your zone a tile supporting you, without Security, from anywhere on the board"
    if kind == "bribe":
        empty = "" if D.empty_fields(state["board"]) else "; there is no empty field"
        return f"{where} moves a tile without Security to an empty field{empty}"
    if kind == "agent":
        zone = state["zones"][B.other(seat)]
        return f"{where} sends a tile of your opponent's zone to the removed pile; their zone holds " + \
               (_and(sorted({name(t) for t in zone})) if zone else "nothing")
    if kind == "hacker":
        pile = state["pile"]
        return f"{where} takes a tile from the removed pile; it holds " + (_and(sorted({name(t) for t in pile}))
                                                                           if pile else "nothing")
    if kind == "elections":
        return f"{where} takes an unused neutral tile; " + ("there are " + _and(sorted(name(t) for t in state["box"]))
                                                           if state["box"] else "none is left")
    return where


def nothing_more(state: dict, seat: str, events: list[dict]) -> str:
    """Why a placement (the events of the answers so far) asks nothing more of ``seat``."""
    over = next((e for e in events if e["type"] == "game_over"), None)
    if over:
        return "that placement ended the game"
    placed = next((e for e in reversed(events) if e["type"] == "placed"), None)
    lost = next((e for e in events if e["type"] == "effect_lost"), None)
    if lost and placed:
        tile = f"{name(placed['tile'])} on {placed['field']} (facing {B.facing_of(placed['supports'])})"
        if lost["reason"] == "blocked":
            return f"{tile} lost its effect: a Picket or Riots marks that field (rule 7.2.7)"
        if lost["reason"] == "last_field":
            return f"{tile} filled the last field, and a destroy by the ninth tile does nothing (rule 7.2.1)"
        after = _board_after(state, events)
        return f"{tile} has nothing to act on: " + reach(after, seat, [B.parse_field(placed["field"])], subject=False)
    if placed and placed.get("cover"):
        return f"the Nobel Prize covered {name(placed['covers'])} and does nothing more"
    if placed and not TILES[placed["tile"]]["instant"]:
        effect = TILES[placed["tile"]]["effect"]
        return f"{name(placed['tile'])} asks nothing once placed: {BY_ITSELF.get(effect, 'it acts by itself')}"
    if placed:
        return f"{name(placed['tile'])}'s effect is done: an effect answers once"
    return "your placement is complete"


def _board_after(state: dict, events: list[dict]) -> dict:
    work = json.loads(json.dumps(state))
    for event in events:
        work = evolve(work, event)
    return work


def where_is(state: dict, seat: str, tile: str) -> str:
    """Where a tile is, for a player who asked to play it and may not."""
    if any(cell and tile in (cell["t"], cell["c"]) for cell in state["board"]):
        return "it is on the board"
    places = [(state["zones"][B.other(seat)], f"it is in {SIDE[B.other(seat)]}'s zone"),
              (state["pile"], "it is in the removed pile"), (state["box"], "it is among the unused neutral tiles")]
    here = next((words for tiles, words in places if tile in tiles), None)
    if here:
        return here
    return "it is not in play in this game"


def facing() -> str:
    return "a tile faces north or south only: its tip points away from the player it supports (rule 5.3)"


def not_a_field(word: str) -> str:
    return f"“{word}” is not a field: the board's fields are A1 to C3, A to C from west to east, 1 on McWorld's side"


def not_an_answer(word: str, state: dict, prompt: dict) -> str:
    """A word that is no answer of this kind at all (a tile name where a field is asked...)."""
    step = state["step"]
    k = step["k"]
    if k == "tile":
        return f"“{word}” is not the name of a tile you can play now; the question is: {prompt['text']}"
    if k == "field":
        if step["tile"] == NOBEL:
            return f"“{word}” is not a field the Nobel Prize can cover: a face-up tile of yours without Security"
        return f"“{word}” is not an empty field to place {name(step['tile'])} on"
    if k == "facing":
        return f"“{word}” is not a way to face: {facing()}"
    if k == "first":
        return f"“{word}” is not a player; the question is: {prompt['text']}"
    if step.get("stage") == "to":
        return f"“{word}” is not an empty field"
    return f"“{word}” is no answer to the effect: {reach(state, step['seat'], step['chain'])}"
