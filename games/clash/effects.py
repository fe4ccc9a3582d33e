"""Instant effects: what a placed (or repeated) tile may do, and the events it causes (spec 7).

An effect in progress is the step {"k": "effect", "seat", "chain": [field, ...], "stage"}.
chain[0] is the tile just placed; each Repeat (Television, Press) adds the field of the tile
whose effect it copies, so the effect being resolved is the one of the tile at chain[-1]. No
tile of the chain can be the target of the effect (the self-target ban, spec 7.1), and none
can be chosen twice (spec 7.2.6). The option repeat_origin says whether a copied effect acts
from the copied tile's field and orientation ("target") or from the placed tile ("repeater").
"""

from . import board as B
from . import derived as D
from .tiles import TILES, name

DECLINE = {"use": False}
SINGLE = ("destroy", "missile", "flip_one", "discard", "repeat", "crisis", "bribe")
VERBS = {"destroy": "destroy", "missile": "destroy", "flip_one": "flip", "discard": "discard",
         "repeat": "repeat the effect of", "crisis": "take back", "bribe": "move"}


def effect_tile(state: dict, chain: list) -> str:
    return state["board"][chain[-1]]["t"]


def effect_kind(state: dict, chain: list) -> str:
    return TILES[effect_tile(state, chain)]["effect"]


def origin(state: dict, chain: list) -> tuple[int, str]:
    """The field and orientation the effect acts from (spec 7.2.6, option repeat_origin)."""
    idx = chain[-1] if state["opts"]["repeat_origin"] == "target" else chain[0]
    return idx, state["board"][idx]["s"]


def destroy_void(state: dict, chain: list, kind: str) -> bool:
    """The last-field exception (spec 7.2.1): a destroy by the 9th face-up tile does nothing."""
    if kind not in ("destroy", "missile") or not D.full(state["board"]):
        return False
    if state["opts"]["last_field"] == "all_destroys":
        return True
    return len(chain) == 1 and kind == "destroy"


def _label(state: dict, idx: int) -> str:
    return f"{B.field_name(idx)} ({name(state['board'][idx]['t'])})"


def _names(fields) -> str:
    return ", ".join(B.field_name(i) for i in fields)


class Ctx:
    """The board facts one effect needs, computed once."""

    def __init__(self, state: dict, seat: str, chain: list):
        self.state, self.seat, self.chain = state, seat, chain
        self.board = state["board"]
        self.stab = D.stabilized(self.board)
        self.tile = effect_tile(state, chain)
        self.data = TILES[self.tile]
        self.kind = self.data["effect"]
        self.origin, self.facing = origin(state, chain)

    def secure(self, idx: int) -> bool:
        return D.has_security(self.board, idx, self.stab)

    def eligible(self, idx: int) -> bool:
        """Face up, not part of this effect, no Security (spec 7.1, 7.2.3)."""
        return D.face_up(self.board[idx]) and idx not in self.chain and not self.secure(idx)

    def reach(self, offsets=None) -> list[int]:
        return B.reach(self.origin, self.facing, self.data["reach"] if offsets is None else offsets)

    def targets(self) -> list[int]:
        """The fields a single-target effect may choose (type A and the board-wide ones)."""
        kind, board = self.kind, self.board
        if destroy_void(self.state, self.chain, kind):
            return []
        if kind in ("destroy", "flip_one", "discard"):
            return [i for i in self.reach() if self.eligible(i)]
        if kind == "missile":
            return [i for i in self.reach()
                    if D.face_up(board[i]) and i not in self.chain and self.secure(i)]
        if kind == "crisis":
            return [i for i in B.FIELDS if self.eligible(i) and board[i]["s"] == self.seat]
        if kind == "bribe":
            if not D.empty_fields(board):
                return []
            return [i for i in B.FIELDS if self.eligible(i)]
        if kind == "repeat":
            out = []
            for i in self.reach():
                cell = board[i]
                if (self.eligible(i) and D.effect_active(cell) and TILES[cell["t"]]["instant"]
                        and any_choice(self.state, self.seat, self.chain + [i])):
                    out.append(i)
            return out
        return []


def choices(state: dict, seat: str, chain: list) -> list[tuple[str, dict]]:
    """The first decision of the effect at chain[-1]: (label, move) pairs, decline not included."""
    ctx = Ctx(state, seat, chain)
    kind = ctx.kind
    if kind in SINGLE:
        return [(_label(state, i), {"target": B.field_name(i)}) for i in sorted(ctx.targets(), key=B.field_name)]
    if kind == "flip_ray":
        out = []
        for offset in ctx.data["directions"]:
            d = B.delta(offset, ctx.facing)
            fields = [i for i in B.ray(ctx.origin, d) if ctx.eligible(i)]
            if fields:
                out.append((f"{B.COMPASS[d]} (flips {_names(fields)})", {"direction": B.COMPASS[d]}))
        return out
    if kind == "flip_colour":
        out = []
        for colour, offsets in ctx.data["colours"].items():
            fields = [i for i in ctx.reach(offsets) if ctx.eligible(i)]
            if fields:
                out.append((f"{colour} dots (flips {_names(fields)})", {"colour": colour}))
        return out
    if kind == "flip_all":
        fields = [i for i in ctx.reach() if ctx.eligible(i)]
        return [(f"flip {_names(fields)}", {"use": True})] if fields else []
    if kind == "agent":
        victim = B.other(seat)
        return [(f"{name(t)} ({B.SIDE_NAMES[victim]}'s zone)", {"pick": t})
                for t in sorted(set(state["zones"][victim]))]
    if kind == "hacker":
        return [(f"{name(t)} (from the removed pile)", {"pick": t}) for t in sorted(set(state["pile"]))]
    if kind == "elections":
        if not state["box"]:
            return []
        if state["opts"]["elections_draw"] == "random":
            return [("draw a random unused neutral tile", {"use": True})]
        return [(f"{name(t)} (unused neutral)", {"pick": t}) for t in sorted(state["box"])]
    return []


def any_choice(state: dict, seat: str, chain: list) -> bool:
    """Whether choices() has any: a single-target effect's targets found, not labelled."""
    ctx = Ctx(state, seat, chain)
    if ctx.kind in SINGLE:
        return bool(ctx.targets())
    return bool(choices(state, seat, chain))


def options(state: dict, step: dict) -> list[tuple[str, dict]]:
    """Every answer to the current effect decision; the first decision may be declined."""
    if step.get("stage") == "to":
        return [(B.field_name(i), {"to": B.field_name(i)}) for i in sorted(D.empty_fields(state["board"]), key=B.field_name)]
    out = choices(state, step["seat"], step["chain"])
    if len(step["chain"]) == 1:
        out.append(("don't use the effect", dict(DECLINE)))
    return out


def question(state: dict, step: dict) -> tuple[str, str]:
    """(prompt kind, prompt text) for the current effect decision."""
    chain = step["chain"]
    tile = effect_tile(state, chain)
    kind = TILES[tile]["effect"]
    where = B.field_name(chain[-1])
    if step.get("stage") == "to":
        src = step["from"]
        return "bribe_to", f"Move {name(state['board'][src]['t'])} from {B.field_name(src)} to which empty field?"
    copied = f" (copied by {name(effect_tile(state, chain[:1]))})" if len(chain) > 1 else ""
    head = f"{name(tile)} on {where}{copied}: "
    tail = "?" if len(chain) > 1 else " (or don't use the effect)?"
    return kind, head + QUESTIONS[kind] + tail


QUESTIONS = {        # what an effect's first decision asks, by the effect
    "destroy": "destroy which tile",
    "missile": "destroy which tile with Security",
    "flip_one": "flip which tile",
    "discard": "discard which tile to the removed pile",
    "repeat": "repeat the instant effect of which tile",
    "crisis": "take which tile supporting you back into your zone",
    "bribe": "move which tile",
    "flip_ray": "flip every tile in which direction",
    "flip_colour": "flip the tiles marked by which dots",
    "flip_all": "flip every marked tile",
    "agent": "send which tile of your opponent's zone to the removed pile",
    "hacker": "take which tile from the removed pile into your zone",
    "elections": "take an unused neutral tile into your zone",
}


def _cell_tiles(cell: dict) -> list[str]:
    return [cell["t"]] + ([cell["c"]] if cell["c"] else [])


def resolve(state: dict, step: dict, move: dict, rng) -> list[dict]:
    """The events of one effect decision; move is one of options(state, step)."""
    seat, chain, board = step["seat"], step["chain"], state["board"]
    if move == DECLINE:
        return [{"type": "effect_declined", "seat": seat, "tile": board[chain[0]]["t"],
                 "field": B.field_name(chain[0])}]
    if step.get("stage") == "to":
        src = step["from"]
        return [{"type": "moved", "seat": seat, "tile": board[src]["t"], "from": B.field_name(src),
                 "to": move["to"]}]
    ctx = Ctx(state, seat, chain)
    kind = ctx.kind
    if "target" in move:
        idx = B.parse_field(move["target"])
        cell = board[idx]
        field = B.field_name(idx)
        if kind in ("destroy", "missile"):
            return [{"type": "destroyed", "seat": seat, "field": field, "tiles": _cell_tiles(cell)}]
        if kind == "flip_one":
            return [flipped(state, seat, [idx])]
        if kind == "discard":
            return [{"type": "discarded", "seat": seat, "field": field, "tiles": _cell_tiles(cell)}]
        if kind == "crisis":
            return [{"type": "taken_back", "seat": seat, "field": field, "tile": cell["t"]}]
        if kind == "bribe":
            return [{"type": "bribe_chosen", "seat": seat, "field": field, "tile": cell["t"]}]
        if kind == "repeat":
            return [{"type": "repeat_chosen", "seat": seat, "field": field, "tile": cell["t"],
                     "by": ctx.tile}]
    if "direction" in move:
        d = next(dd for dd, n in B.COMPASS.items() if n == move["direction"])
        return [flipped(state, seat, [i for i in B.ray(ctx.origin, d) if ctx.eligible(i)],
                        direction=move["direction"])]
    if "colour" in move:
        offsets = ctx.data["colours"][move["colour"]]
        return [flipped(state, seat, [i for i in ctx.reach(offsets) if ctx.eligible(i)],
                        colour=move["colour"])]
    if kind == "flip_all":
        return [flipped(state, seat, [i for i in ctx.reach() if ctx.eligible(i)])]
    if kind == "agent":
        return [{"type": "agent_removed", "seat": seat, "victim": B.other(seat), "tile": move["pick"]}]
    if kind == "hacker":
        return [{"type": "hacked", "seat": seat, "tile": move["pick"]}]
    if kind == "elections":
        if "pick" in move:
            return [{"type": "elected", "seat": seat, "tile": move["pick"], "how": "chosen"}]
        return [{"type": "elected", "seat": seat, "tile": rng.choice(sorted(state["box"])), "how": "random"}]
    raise AssertionError(f"unhandled effect {kind} {move}")


def flipped(state: dict, seat: str, fields: list, **extra) -> dict:
    """All marked tiles turn at once: the set is fixed before any of them moves (spec 7.3)."""
    board = state["board"]
    event = {"type": "flipped", "seat": seat, "fields": [B.field_name(i) for i in fields],
             "tiles": [board[i]["t"] for i in fields], "now": [B.other(board[i]["s"]) for i in fields]}
    event.update(extra)
    return event


def why_not(state: dict, step: dict, move: dict) -> tuple[str, str]:
    """(code, sentence) for an effect answer that is not among the options."""
    seat, chain, board = step["seat"], step["chain"], state["board"]
    if step.get("stage") == "to":
        idx = B.parse_field(move.get("to"))
        if idx is None:
            return "bad_field", f"{move.get('to')!r} is not a field; use A1 to C3."
        return "field_taken", f"{B.field_name(idx)} is not empty."
    if move == DECLINE:
        return "must_finish", "You chose to use this effect, so it must be applied in full."
    ctx = Ctx(state, seat, chain)
    if "target" in move:
        idx = B.parse_field(move["target"])
        if idx is None:
            return "bad_field", f"{move['target']!r} is not a field; use A1 to C3."
        f, cell, kind = B.field_name(idx), board[idx], ctx.kind
        if kind not in SINGLE:
            return "bad_answer", f"{name(ctx.tile)} does not choose a tile on the board."
        if destroy_void(state, chain, kind):
            return "last_field", "A destroy by the tile that fills the last field does nothing (rule 7.2.1)."
        if kind in ("destroy", "missile", "flip_one", "discard", "repeat") and idx not in ctx.reach():
            return "out_of_reach", f"{f} is not among the fields {name(ctx.tile)} reaches."
        if cell is None:
            return "empty_field", f"{f} is empty."
        if cell["d"] is not None:
            return "face_down", f"The tile on {f} is destroyed: no effect acts on it."
        if idx in chain:
            return "self_target", f"{name(cell['t'])} on {f} is the source of this effect and cannot be its target."
        if kind == "missile" and not ctx.secure(idx):
            return "no_security", f"{name(cell['t'])} on {f} has no Security; a Missile strike only destroys tiles with Security."
        if kind != "missile" and ctx.secure(idx):
            return "security", f"{name(cell['t'])} on {f} has Security: only a Missile strike can touch it."
        if kind == "crisis":
            return "not_yours", f"{name(cell['t'])} on {f} does not support you."
        if kind == "bribe":
            return "no_room", "There is no empty field to move a tile to."
        if kind == "repeat":
            return "nothing_to_repeat", f"{name(cell['t'])} on {f} has no instant effect that could be used now."
        return "bad_target", f"{f} is not a legal target."
    if "pick" in move:
        where = {"agent": "your opponent's zone", "hacker": "the removed pile", "elections": "the unused neutral tiles"}
        tile = move["pick"]
        label = name(tile) if tile in TILES else repr(tile)
        return "not_there", f"{label} is not in {where.get(ctx.kind, 'the place this effect takes from')}."
    if "direction" in move:
        return "bad_direction", f"{name(ctx.tile)} cannot flip anything toward {move['direction']!r}."
    if "colour" in move:
        return "bad_colour", f"{name(ctx.tile)} cannot flip anything with {move['colour']!r} dots."
    return "bad_answer", "That is not one of the choices."
