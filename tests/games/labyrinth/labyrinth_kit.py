"""Helpers for the Labyrinth tests: build a position, play decisions with chosen dice, count pieces."""

import json

from games.core import Rng, fold
from games.labyrinth import GAME
from games.labyrinth import data as D
from games.labyrinth.state import cells_on_map, troops_on_map

US, JH, SYS = "us", "jihadist", "system"


def copy(state):
    return json.loads(json.dumps(state))


class Dice(Rng):
    """A generator whose dice are given in advance (for the rulebook's worked examples).
    Shuffles keep the order; running out of dice is a test error."""

    def __init__(self, *rolls):
        super().__init__(b"dice", 0)
        self.rolls = list(rolls)

    def die(self, sides: int = 6) -> int:
        assert self.rolls, "the test gave too few dice"
        return self.rolls.pop(0)

    def shuffled(self, items):
        return list(items)


def new_game(opts=None, seed=b"labyrinth-test"):
    """A new game; card events off unless opts say "events": "on"."""
    events = GAME.start(dict({"events": "off"}, **(opts or {})), list(GAME.seats), Rng(seed, 0))
    return events, fold(GAME, copy(events))


BLANK = {"gov": None, "align": None, "posture": None, "troops": 0, "active": 0, "sleeper": 0, "cadre": False,
         "aid": 0, "besieged": False, "rc": None, "markers": []}


def make(countries=None, scenario="lets_roll", blank=False, hands=None, seat=JH, played=0, step=None, events=None,
         **tracks):
    """A position where `seat` is to choose a card (or `step`), in a state built from the
    scenario's setup events, with countries changed as given:
    countries={"Pakistan": {"gov": 3, "align": "Ally", "sleeper": 7}}; blank=True starts from an
    empty map instead (every country untested, nothing on it). hands={"us": [...], "jihadist":
    [...]}: cards not in a hand stay in the draw pile. tracks: prestige=, funding=,
    us_posture=, reserves={...}, plots=[{"id", "c", "v"}], avail=[...], first_plot_used=...
    events="on" turns card events on (off by default here, whatever the table default).
    """
    log = GAME.start({"scenario": scenario}, list(GAME.seats), Dice(*([1] * 50)))
    state = fold(GAME, copy([e for e in log if e["type"] in ("setup", "shuffled")]))
    if blank:
        for name in D.NAMES:
            state["c"][name] = json.loads(json.dumps(BLANK))
    for name, changes in (countries or {}).items():
        state["c"][name].update(changes)
    hands = hands or {}
    state["hands"] = {s: list(hands.get(s, [])) for s in D.SEATS}
    held = set(state["hands"]["us"]) | set(state["hands"]["jihadist"])
    state["deck"] = [n for n in state["deck"] if n not in held]
    for key, value in tracks.items():
        state[key] = value
    if "plots" in tracks:
        state["next_plot"] = max([p["id"] for p in tracks["plots"]] + [0]) + 1
        if "avail" not in tracks:
            for p in tracks["plots"]:
                if p["v"] != "WMD":
                    state["avail"].remove(p["v"])
    state["phase"] = seat if seat in D.SEATS else "us"
    state["played"] = played
    state["opts"]["events"] = events or "off"
    state["step"] = step or {"k": "card", "seat": seat}
    assert cells_on_map(state) <= 15 and troops_on_map(state) <= 15
    return state


def play(state, seat, *moves, dice=(), seed=b"labyrinth-test", position=0):
    """Send each move; return (all events, new state). The input is not changed. With dice,
    the rolls are exactly those (and the test fails if more are needed)."""
    events = []
    state = copy(state)
    rng = Dice(*dice) if dice else None
    for move in moves:
        new = GAME.decide(state, seat, move, rng or Rng(seed, position + len(events)))
        for event in new:
            state = GAME.evolve(state, event)
        events += new
    if rng is not None:
        assert not rng.rolls, f"unused dice {rng.rolls}"
    return events, state


def run(state, *moves, dice=(), seed=b"labyrinth-test"):
    """Like play, but each move goes to whichever seat is asked at that point (an event's
    question may go to the other side). Returns (events, state)."""
    events = []
    state = copy(state)
    rng = Dice(*dice) if dice else None
    for move in moves:
        (seat, _), = GAME.prompts(state).items()
        new = GAME.decide(state, seat, move, rng or Rng(seed, len(events)))
        for event in new:
            state = GAME.evolve(state, event)
            check(state)
        events += new
    if rng is not None:
        assert not rng.rolls, f"unused dice {rng.rolls}"
    return events, state


def asked(state):
    """(seat, prompt) of the one decision awaited."""
    (seat, prompt), = GAME.prompts(state).items()
    return seat, prompt


def texts(events):
    """The lines of the card events' effects."""
    return [e["text"] for e in events if e["type"] == "ev_fx"]


def types(events):
    return [e["type"] for e in events]


def of_type(events, kind):
    return [e for e in events if e["type"] == kind]


def one(events, kind):
    found = of_type(events, kind)
    assert len(found) == 1, (kind, types(events))
    return found[0]


def options(state, seat):
    return [o["move"] for o in GAME.prompts(state)[seat]["options"]]


def labels(state, seat):
    return [o["label"] for o in GAME.prompts(state)[seat]["options"]]


def c(state, name):
    return state["c"][name]


def all_cards(state):
    cards = state["deck"] + state["discard"] + state["removed"] + state["lapsing"]
    cards += state["hands"]["us"] + state["hands"]["jihadist"]
    if state["first_plot"] is not None:
        cards.append(state["first_plot"])
    if state["in_play"]:
        cards.append(state["in_play"]["card"])
    return cards


def check(state):
    """The invariants of every position: 15 cells and 15 troops, tracks in range, cards and
    plot markers conserved, markers consistent with governance."""
    assert sorted(all_cards(state)) == D.ALL_CARDS
    on_cells, on_troops = cells_on_map(state), troops_on_map(state)
    assert 0 <= on_cells <= 15 and 0 <= on_troops <= 15
    for name, cc in state["c"].items():
        assert min(cc["troops"], cc["active"], cc["sleeper"], cc["aid"]) >= 0, (name, cc)
        if cc["rc"]:
            assert cc["gov"] in (D.FAIR, D.POOR), (name, cc)
        if cc["gov"] == D.IR:
            assert not cc["aid"] and not cc["besieged"], (name, cc)          # Adversary unless a card changed it
        if cc["gov"] == D.GOOD:
            assert not cc["aid"] and not cc["besieged"], (name, cc)
        if D.is_muslim(name):
            assert (cc["gov"] is None) == (cc["align"] is None), (name, cc)
    assert 1 <= state["prestige"] <= 12 and 1 <= state["funding"] <= 9
    assert all(0 <= r <= 2 for r in state["reserves"].values())
    assert state["us_posture"] in ("Hard", "Soft")
    ordinary = [v for v in state["avail"] if v != "WMD"] + [p["v"] for p in state["plots"] if p["v"] != "WMD"]
    assert sorted(ordinary) == [1, 1, 1, 2, 2, 3]
    w = state["wmd"]
    wmd = state["avail"].count("WMD") + sum(1 for p in state["plots"] if p["v"] == "WMD")
    assert w["pakistan"] + w["box"] + w["removed"] + wmd == 6


# ---------------------------------------------------------------- card events

BASE = {"Kenya/Tanzania": {"sleeper": 1}}   # a cell out of the way: an empty map is a US win (2.1)
FILLERS = {US: [29, 21, 22, 16], JH: [95, 68, 66, 49]}


def ev_make(card, seat, countries=None, hands=None, blank=True, **tracks):
    """Events on, `seat` to choose a card, holding `card` and a filler card (so the phase stops at
    its next card); blank=True (the default) starts from an empty map with one cell in
    Kenya/Tanzania."""
    cs = dict(BASE) if blank else {}
    cs.update(countries or {})
    hands = {k: list(v) for k, v in (hands or {}).items()}
    mine = hands.get(seat, [])
    if card not in mine:
        mine = [card] + mine
    if len(mine) < 2:
        taken = set(mine) | set(hands.get(US if seat == JH else JH, []))
        mine.append(next(n for n in FILLERS[seat] if n not in taken))
    hands[seat] = mine
    return make(countries=cs, blank=blank, hands=hands, seat=seat, events="on", **tracks)


def fire(state, card, *answers, dice=()):
    """The seat to play plays `card` as an event and answers its questions (to whoever is asked)."""
    return run(state, {"card": card}, {"play": "event"}, *answers, dice=dice)


def can(state, card, side):
    """The event may happen now for that side (prerequisite and blocking)."""
    from games.labyrinth.events import registry
    return registry.can_happen(state, card, side)
