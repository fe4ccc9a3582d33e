"""The table of card events: card number (and side, for an Unassociated card whose two sides
differ) -> the event's effect and its prerequisite, with what the card data says about blocking.

A card module registers each event with the decorator ``event``:

    def sanctions_ok(s, side):                 # the grey prerequisite text (6.2.6)
        return marker_in_play(s, "Patriot Act")

    @event(6, 7, playable=sanctions_ok)         # 6, 7 Sanctions: both copies
    def sanctions(ev):
        ev.funding(-2)

``playable(state, side) -> bool`` may be left out (no prerequisite). Blocking (6.2.8) is read from
cards.json ("blocked_by", "blocks_us_side_of") and checked here for every card, so a card's own
prerequisite never repeats it.
"""

from collections.abc import Callable

from .. import data as D
from ..state import lapsing_in_effect, marker_in_play

SIDES = ("us", "jihadist")
ASSOCIATION = {"US": "us", "Jihadist": "jihadist", "Unassociated": None}
# blockers whose marker blocks only in its own country: the blocked cards check it themselves
# (CTR, card 3, stops HEU, Kazakh Strain and Loose Nuke only where it lies)
LOCAL_BLOCKERS = {3}


class Entry:
    def __init__(self, number: int, play: Callable, playable: Callable | None, side: str | None):
        self.number = number
        self.play = play
        self.playable = playable
        self.side = side
        self.module = play.__module__.rsplit(".", 1)[-1]

    def step(self, name: str) -> Callable:
        """A continuation of this event, by the name ev.ask stored in the step."""
        from .kit import STEPS
        fn = self.play.__globals__.get(name) or STEPS.get(name)
        if fn is None:
            raise KeyError(f"card {self.number}: no function {name!r} in {self.module}")
        return fn


# number -> {side or None: Entry}
EVENTS: dict[int, dict[str | None, Entry]] = {}


def event(*numbers: int, playable: Callable | None = None, side: str | None = None) -> Callable:
    """Register the decorated function as the event of the given cards (copies share one);
    side="us"/"jihadist" for one side of an Unassociated card whose sides differ."""
    if side not in (None, *SIDES):
        raise ValueError(f"side must be None, 'us' or 'jihadist', not {side!r}")

    def register(fn: Callable) -> Callable:
        for n in numbers:
            if n not in D.CARDS:
                raise ValueError(f"there is no card {n}")
            assoc = ASSOCIATION[D.CARDS[n]["association"]]
            if side is not None and assoc is not None and side != assoc:
                raise ValueError(f"card {n} is a {D.CARDS[n]['association']} event, not {side}")
            slot = EVENTS.setdefault(n, {})
            if side in slot:
                raise ValueError(f"card {n} has two events for side {side}")
            slot[side] = Entry(n, fn, playable, side)
        return fn
    return register


def association(card: int) -> str | None:
    """'us', 'jihadist' or None (Unassociated)."""
    return ASSOCIATION[D.CARDS[card]["association"]]


def sides(card: int) -> tuple[str, ...]:
    """Who may have this event: its own side, or both for an Unassociated card."""
    a = association(card)
    return (a,) if a else SIDES


def entry(card: int, side: str) -> Entry | None:
    slot = EVENTS.get(card)
    if not slot:
        return None
    return slot.get(side) or slot.get(None)


def implemented(card: int) -> bool:
    """Every side that may have the event has an effect."""
    return all(entry(card, s) is not None for s in sides(card))


def missing() -> list[int]:
    return [n for n in D.ALL_CARDS if not implemented(n)]


def blocked(state, card: int, side: str) -> bool:
    """6.2.8: a lasting marker (or a lapsing card) of another event blocks this one; Leak's flipped
    marker blocks the card of the marker it flipped; Al-Anbar and FATA block the US side of
    Zawahiri and Bin Ladin."""
    data = D.CARDS[card]
    for b in data.get("blocked_by", []):
        if b in LOCAL_BLOCKERS:
            continue
        bdata = D.CARDS[b]
        if bdata["flags"]["lapsing"]:
            if b in lapsing_in_effect(state):
                return True
        elif bdata.get("marker"):
            if marker_in_play(state, bdata["marker"]):
                return True
        else:
            # Leak (84, 85): the marker of this card flipped to its Leak side
            flipped = D.CARDS_RAW["markers"].get(data.get("marker"), {}).get("flips_to")
            if flipped and marker_in_play(state, flipped):
                return True
    if side == "us":
        for b in BLOCKS_US_SIDE.get(card, ()):
            if marker_in_play(state, D.CARDS[b]["marker"]):
                return True
    return False


BLOCKS_US_SIDE: dict[int, list[int]] = {}
for _n, _c in D.CARDS.items():
    for _x in _c.get("blocks_us_side_of", []):
        BLOCKS_US_SIDE.setdefault(_x, []).append(_n)


def can_happen(state, card: int, side: str) -> bool:
    """The event exists, is not blocked and its prerequisite holds for that side (6.2.6, 6.3.2.1)."""
    e = entry(card, side)
    if e is None or blocked(state, card, side):
        return False
    return e.playable is None or bool(e.playable(state, side))


def may_play(state, card: int, seat: str) -> bool:
    """6.2.5-6.2.6: the seat's own or an Unassociated event, playable now."""
    return association(card) in (seat, None) and can_happen(state, card, seat)
