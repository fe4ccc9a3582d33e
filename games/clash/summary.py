"""What happened, for a person: one line per placement, oldest first (games.core summarize).

The log keeps one event per decision (tile, field, facing, effect); a reader wants the whole
placement at once: "Jihad placed Leader on B3 facing south (supports Jihad): Pop star on B2
destroyed". Game and match ends, the deal of a game, the choice of who goes first and neutral
zone refills (spec 11.7) get a line of their own; "turn" events say nothing a reader needs.
Events may begin in the middle of a placement (the tail of the reader's own last move), so a
placement is written from whatever part of it is there.
"""

from . import board as B
from . import describe as D
from .tiles import MUSTAFA, TILES, name

SIDE = B.SIDE_NAMES

LOST = {"blocked": "its effect is lost: the field is blocked by a Picket or Riots",   # 7.2.7
        "last_field": "its destroy does nothing: it filled the last field",           # 7.2.1
        "no_target": "its effect had nothing to act on"}


def _tile(t) -> str:
    return name(t) if t in TILES else str(t)


def _and(items: list[str]) -> str:
    if not items:
        return "nothing"
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _side(seat) -> str:
    return SIDE.get(seat, str(seat))


def _on(tiles: list, field: str) -> str:
    return f"{_and([_tile(t) for t in tiles])} on {field}"


def _flipped(e) -> str:
    by_side: dict[str, list[str]] = {}
    for tile, field, now in zip(e["tiles"], e["fields"], e["now"]):
        by_side.setdefault(now, []).append(f"{_tile(tile)} on {field}")
    return "; ".join(f"{_and(items)} turned to support {_side(now)}" for now, items in by_side.items())


def _elected(e) -> str:
    how = "drawn" if e.get("how") == "random" else "chosen"
    return f"{_tile(e['tile'])} {how} from the unused neutral tiles into {_side(e['seat'])}'s zone"


# What an effect did, as the clause after the colon.
OUTCOMES = {
    "destroyed": lambda e: f"{_on(e['tiles'], e['field'])} destroyed",
    "flipped": _flipped,
    "discarded": lambda e: f"{_on(e['tiles'], e['field'])} discarded to the removed pile",
    "moved": lambda e: f"{_tile(e['tile'])} moved from {e['from']} to {e['to']}",
    "taken_back": lambda e: f"{_on([e['tile']], e['field'])} taken back into {_side(e['seat'])}'s zone",
    "agent_removed": lambda e: f"{_tile(e['tile'])} sent from {_side(e['victim'])}'s zone to the removed pile",
    "hacked": lambda e: f"{_tile(e['tile'])} taken from the removed pile into {_side(e['seat'])}'s zone",
    "elected": _elected,
    "effect_declined": lambda e: "effect not used",
    "effect_lost": lambda e: LOST.get(e.get("reason"), f"no effect ({e.get('reason')})"),
}


def _removed(e) -> str:
    """The delayed removal (7.3): tiles destroyed by the other player leave at the end of a move."""
    tiles, fields = e["tiles"], e["fields"]
    verb = "leaves" if len(tiles) == 1 else "leave"
    return f"{_and([_tile(t) for t in tiles])} (destroyed) {verb} {_and(fields)} for the removed pile"


class _Placement:
    """The parts of one placement seen so far."""

    def __init__(self, seat):
        self.seat = seat
        self.tile = self.field = self.placed = None
        self.copies: list[str] = []      # the Repeat chain: "Imam on B3", ...
        self.outcomes: list[str] = []
        self.after: list[str] = []       # the delayed removal at the end of the move
        self.lines_after: list[str] = []  # lines of their own that happened during it (refills)

    def empty(self) -> bool:
        return not (self.tile or self.field or self.placed or self.outcomes or self.after or self.copies)

    def head(self) -> str | None:
        who = _side(self.seat)
        p = self.placed
        if p is None:
            if self.tile and self.field:
                return f"{who} chose {_tile(self.tile)} for {self.field} (its facing is still to choose)"
            if self.tile:
                return f"{who} chose {_tile(self.tile)} (where it goes is still to choose)"
            return None
        if p.get("cover"):
            return f"{who} covered {_tile(p.get('covers'))} on {p['field']} with the Nobel Prize"
        facing = f"facing {B.facing_of(p['supports'])} (supports {_side(p['supports'])})"
        if p["tile"] == MUSTAFA:
            return f"{who} opened with Mustafa on {p['field']} {facing}"
        return f"{who} placed {_tile(p['tile'])} on {p['field']} {facing}"

    def text(self, reader) -> str:
        head = self.head()
        did = ""
        if self.outcomes:
            copying = "".join(f"copying {c}, " if i == 0 else f"which copies {c}, "
                              for i, c in enumerate(self.copies))
            did = copying + "; ".join(self.outcomes)
        elif self.copies:
            did = "copying " + ", which copies ".join(self.copies)
        if head is None:         # the beginning of the placement is not among the events
            whose = "Your" if self.seat == reader else f"{_side(self.seat)}'s"
            line = f"{whose} placement, continued: {did}" if did else ""
        else:
            line = f"{head}: {did}" if did else head
        if self.after:
            tail = "; ".join(self.after)
            line = f"{line}; then {tail}" if line else tail[0].upper() + tail[1:]
        return line


def summarize(events: list, seat) -> list[str]:
    lines: list[str] = []
    cur: _Placement | None = None

    def flush():
        nonlocal cur
        if cur is not None and not cur.empty():
            lines.append(cur.text(seat))
        if cur is not None:
            lines.extend(cur.lines_after)
        cur = None

    def current(e, new=False) -> _Placement:
        nonlocal cur
        if cur is None or new or cur.seat != e.get("seat"):
            flush()
            cur = _Placement(e.get("seat"))
        return cur

    for e in events:
        kind = e.get("type")
        try:
            if kind == "tile_chosen":
                current(e, new=True).tile = e["tile"]
            elif kind == "field_chosen":
                p = current(e, new=cur is not None and cur.placed is not None)
                p.tile, p.field = e["tile"], e["field"]
            elif kind == "placed":
                p = current(e, new=cur is not None and cur.placed is not None)
                p.placed, p.tile, p.field = e, e["tile"], e["field"]
            elif kind == "repeat_chosen":
                current(e).copies.append(f"{_tile(e['tile'])} on {e['field']}")
            elif kind == "bribe_chosen":   # 7.2.4: said until the move it announces is there
                current(e).outcomes.append(f"{_on([e['tile']], e['field'])} to be moved")
            elif kind == "moved" and cur is not None and cur.outcomes and cur.outcomes[-1].endswith(" to be moved"):
                cur.outcomes[-1] = OUTCOMES[kind](e)
            elif kind in OUTCOMES:
                current(e).outcomes.append(OUTCOMES[kind](e))
            elif kind == "removed":
                p = cur if cur is not None else current({"seat": B.other(e.get("destroyed_by"))})
                p.after.append(_removed(e))
            elif kind == "refilled":
                line = f"{_tile(e['tile'])} was drawn to refill the neutral zone"
                (cur.lines_after if cur is not None else lines).append(line)
            elif kind == "turn":
                flush()
            else:                    # game and match ends, deals, who goes first
                flush()
                lines.append(_other_line(e))
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            flush()
            lines.append(D.describe(e))
    flush()
    return lines


def _other_line(e) -> str:
    kind = e.get("type")
    if kind == "first_chosen":
        if e["first"] == e["seat"]:
            return f"{_side(e['seat'])} chose to go first"
        return f"{_side(e['seat'])} chose {_side(e['first'])} to go first"
    if kind == "game_over":
        return D.game_over(e) + _points(e)
    return D.describe(e)


def _points(e) -> str:
    """Points scored in the game (spec 11.1: a KABOOOM victim scores 0); said only when they
    differ from the support on the board, i.e. when KABOOOM!!! wiped a score."""
    points, support = e.get("points") or {}, e.get("support") or {}
    if not points or points == support:
        return ""
    return " (points: " + ", ".join(f"{_side(s)} {points[s]}" for s in B.SEATS if s in points) + ")"
