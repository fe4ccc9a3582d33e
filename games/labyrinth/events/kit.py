"""What an event's code works with: ``Ev``, the event being resolved.

An event is a function ``effect(ev)``. It reads the working state (``ev.s``), changes it only
through the methods below (each emits one event of the log, so replay and the emails see it),
and either returns (the event is over) or ends with one question, ``ev.ask...(..., then=fn)``:
the answer comes in a later decision and is passed to ``fn(ev, answer)``, a module-level
function of the same card module. ``ev.data`` (a JSON dict) is carried from question to question.

Dice come from the table's generator through ``ev.die()`` and are written into the next event
emitted, so the log shows them and ``evolve`` never rolls.
"""

from collections.abc import Callable

from .. import data as D
from ..governance import ALIGN_ORDER, improve, set_gov, worsen
from ..solo import is_solo
from ..state import (
    Fx,
    cells_on_track,
    country_label,
    marker_in_play,
    sadr,
)
from ..tests_rolls import (
    apply_prestige_roll,
    prestige_roll,
    roll_posture,
    test_if_needed,
)

OTHER = {"us": "jihadist", "jihadist": "us"}
SIDE = D.SIDE


# ---------------------------------------------------------------- which cells an event removes


def cell_kinds(s, country: str) -> dict:
    """The cells of a country by kind; the Sadr marker counts as an Active cell (card 54)."""
    c = s["c"][country]
    return {"active": c["active"], "sleeper": c["sleeper"], "sadr": sadr(s, country)}


def removals(have: dict, k: int) -> list[dict]:
    """Every way to take k cells out of `have`, Active ones first, the Sadr marker last (9.3.1's
    order, the one a solo bot keeps)."""
    ways = []
    for a in range(min(have["active"], k), -1, -1):
        for m in range(min(have["sadr"], k - a) + 1):
            if k - a - m <= have["sleeper"]:
                ways.append({"active": a, "sleeper": k - a - m, "sadr": m})
    return sorted(ways, key=lambda w: (w["sadr"], -w["active"]))


def removal_word(way: dict) -> str:
    """What a player types for one way: "active", "2 sleeper", "active and sadr"."""
    parts = [kind if k == 1 else f"{k} {kind}" for kind, k in way.items() if k and kind != "sadr"]
    return " and ".join(parts + (["sadr"] if way["sadr"] else []))


def removal_label(way: dict) -> str:
    parts = [f"{k} {kind.capitalize()}" for kind, k in way.items() if k and kind != "sadr"]
    cylinders = " and ".join(parts) + (" cell" if way["active"] + way["sleeper"] == 1 else " cells") if parts else ""
    if not way["sadr"]:
        return cylinders
    return f"{cylinders} and the Sadr marker" if cylinders else "The Sadr marker (it leaves the game)"


def cells_chosen(ev: "Ev", word: str) -> None:
    """The answer to remove_cells's question; then the card goes on where it asked."""
    from . import registry
    asked = ev.data.pop("cells_out")
    way = next(w for w in removals(cell_kinds(ev.s, asked["country"]), asked["k"]) if removal_word(w) == word)
    ev._take_cells(asked["country"], way, asked["cadre"])
    if asked["then"]:
        registry.entry(ev.card, ev.side).step(asked["then"])(ev, None)


# the kit's own continuations, found by name like a card's (registry.Entry.step)
STEPS = {"cells_chosen": cells_chosen}


class Ev:
    """The event being resolved: card, side (whose event it is: it makes every choice, 6.3.2.2),
    by (the seat that played the card), how ("event", "triggered", "auto", "loose")."""

    def __init__(self, ctx, card: int, side: str, by: str, how: str, data: dict | None = None):
        self.ctx = ctx
        self.s = ctx.s
        self.card = card
        self.side = side
        self.other = OTHER[side]
        self.by = by
        self.how = how
        self.loose = False          # the card is not the one in play (it is in the discard pile)
        self.data = data if data is not None else {}
        self.asked = False
        self._dice: list[int] = []

    # ------------------------------------------------------------ reading

    @property
    def name(self) -> str:
        return f"{self.card} {D.card_name(self.card)}"

    def hand(self, seat: str) -> list[int]:
        return list(self.s["hands"][seat])

    def marker(self, marker: str) -> bool:
        return marker_in_play(self.s, marker)

    def label(self, country: str, seat: str | None = None) -> str:
        return country_label(self.s, country, seat or self.side)

    # ------------------------------------------------------------ the log

    def die(self) -> int:
        """One die from the table's generator, shown in the next event emitted."""
        r = self.ctx.die()
        self._dice.append(r)
        return r

    def emit(self, text: str, fx: Fx | None = None, **fields) -> dict:
        """One effect of the event: a sentence for the log and its changes (an Fx)."""
        self._no_more()
        event = {"type": "ev_fx", "card": self.card, "side": self.side, "text": text}
        if fx is not None and fx.out():
            event["fx"] = fx.out()
        if self._dice:
            event["dice"] = self._dice
            self._dice = []
        event.update(fields)
        return self.ctx.emit(event)

    def fx(self) -> Fx:
        return Fx(self.s)

    def _no_more(self) -> None:
        if self.asked:
            raise RuntimeError(f"card {self.card}: nothing may happen after a question (ev.ask) in the same call")

    # ------------------------------------------------------------ tracks

    def funding(self, delta: int) -> None:
        fx = self.fx()
        fx.add_track("funding", delta)
        self.emit(f"Funding {delta:+d} to {fx.track('funding')}.", fx)

    def set_funding(self, value: int) -> None:
        fx = self.fx()
        fx.set_track("funding", value)
        self.emit(f"Funding to {fx.track('funding')}.", fx)

    def prestige(self, delta: int) -> None:
        fx = self.fx()
        fx.add_track("prestige", delta)
        self.emit(f"Prestige {delta:+d} to {fx.track('prestige')}.", fx)

    def prestige_roll(self) -> dict:
        """7.7: roll Prestige (direction die, then the lower of two dice)."""
        self._no_more()
        pr = prestige_roll(self.ctx)
        fx = self.fx()
        apply_prestige_roll(fx, pr)
        way = "up" if pr["delta"] > 0 else "down"
        self.emit(f"Prestige roll {pr['direction']} ({way}), dice {pr['dice'][0]} and {pr['dice'][1]}: "
                  f"{pr['delta']:+d}, Prestige {fx.track('prestige')}.", fx, prestige_roll=pr)
        return pr

    # ------------------------------------------------------------ countries

    def test(self, country: str) -> None:
        """4.9.4: test an unmarked country (no effect on a marked one)."""
        self._no_more()
        test_if_needed(self.ctx, country, "event")

    def roll_posture(self, country: str) -> str:
        """A posture roll for a country or the US (7.2.3; the US with its +1, 4.9.3)."""
        self._no_more()
        return roll_posture(self.ctx, country, "event")["posture"]

    def set_posture(self, country: str, posture: str) -> None:
        fx = self.fx()
        if country == D.US:
            fx.set_track("us_posture", posture)
        else:
            fx.set(country, "posture", posture)
        self.emit(f"{country} is now {posture}.", fx)

    def set_gov(self, country: str, gov: int, align: str | None = None) -> None:
        """Set a Muslim country's governance (and alignment), with what follows (Good removes
        Aid, Besieged and Regime Change; Islamist Rule is an Islamic Revolution, 8.4.4)."""
        fx = self.fx()
        set_gov(fx, country, gov)
        if align and gov != D.IR:
            fx.set(country, "align", align)
        what = D.GOV_NAMES[gov] + (f" {fx.get(country, 'align')}" if fx.get(country, "align") else "")
        self.emit(f"{country} is now {what}.", fx)

    def set_align(self, country: str, align: str) -> bool:
        """A Muslim country's alignment, an Islamist Rule one's too: Islamic Revolution makes it
        Adversary (8.4.4), a card may change that (6.2.2: Covert Action, Back Channel, Darfur)."""
        fx = self.fx()
        fx.set(country, "align", align)
        self.emit(f"{country} is now {align}.", fx)
        return True

    def shift(self, country: str, toward: str) -> bool:
        """One box toward "Ally" or "Adversary"; False when already there."""
        a = self.s["c"][country]["align"]
        i = ALIGN_ORDER.index(a)
        j = i + 1 if toward == "Ally" else i - 1
        if not 0 <= j < len(ALIGN_ORDER):
            return False
        return self.set_align(country, ALIGN_ORDER[j])

    def improve(self, country: str) -> None:
        fx = self.fx()
        improve(fx, country)
        self.emit(f"{country} improves to {D.GOV_NAMES[fx.gov(country)]}.", fx)

    def worsen(self, country: str) -> bool:
        """One level worse, never past Poor (4.2.1); False if already Poor or worse."""
        fx = self.fx()
        if not worsen(fx, country):
            return False
        self.emit(f"{country} worsens to {D.GOV_NAMES[fx.gov(country)]}.", fx)
        return True

    def add_aid(self, country: str, n: int = 1) -> bool:
        """Aid markers; none in a Good or Islamist Rule country, which never carries Aid (7.2.2.3,
        8.4.4; provisional ruling no_aid_besieged_at_good_or_ir)."""
        if self.s["c"][country]["gov"] in (D.GOOD, D.IR):
            self.emit(f"{country} is {D.GOV_NAMES[self.s['c'][country]['gov']]}: no Aid is placed.")
            return False
        fx = self.fx()
        fx.add(country, "aid", n)
        self.emit(f"{n} Aid in {country}.", fx)
        return True

    def besiege(self, country: str) -> bool:
        """A Besieged Regime marker (at most one, 4.8.3); none in a Good or Islamist Rule country."""
        g = self.s["c"][country]["gov"]
        if g in (D.GOOD, D.IR):
            self.emit(f"{country} is {D.GOV_NAMES[g]}: no Besieged Regime marker.")
            return False
        fx = self.fx()
        fx.set(country, "besieged", True)
        self.emit(f"Besieged Regime in {country}.", fx)
        return True

    # ------------------------------------------------------------ cells

    def place_cells(self, country: str, n: int) -> int:
        """Place up to n Sleeper cells from the Funding track, any cell there (4.7.4.2: events are
        not limited by Funding); an unmarked country is tested first (4.9.4 b); a Cadre there
        goes (4.8.4). Returns how many were placed."""
        k = min(n, cells_on_track(self.s))
        if k:
            self.test(country)
        fx = self.fx()
        if k:
            fx.add(country, "sleeper", k)
            fx.set(country, "cadre", False)
        missing = f" ({n - k} short: no cell left on the track)" if k < n else ""
        self.emit(f"{k} cell{'s' if k != 1 else ''} placed in {country}{missing}.", fx)
        return k

    def remove_cells(self, country: str, n: int, cadre: bool = True, then: Callable | None = None) -> None:
        """Remove up to n cells to the Funding track; the Sadr marker (card 54) counts as an Active
        cell and, removed, leaves the game. When the country holds more than one kind (Active,
        Sleeper, Sadr) and the choice changes what stays, the event's side chooses which go
        (6.3.2.2, as for operations); a solo bot's own event takes Active ones first, Sadr last
        (9.3.1). When the last goes a Cadre is placed (4.8.4: removed by an event), unless
        cadre=False. The event goes on with then(ev, None); like a question, nothing may follow
        the call (unless it removes every cell: then nothing is asked)."""
        have = cell_kinds(self.s, country)
        k = min(n, sum(have.values()))
        ways = removals(have, k)
        if len(ways) > 1 and not (self.side == "jihadist" and is_solo(self.s)):
            self.data["cells_out"] = {"country": country, "k": k, "cadre": cadre,
                                      "then": then.__name__ if then else None}
            counts = ", ".join(f"{k} {kind}" for kind, k in have.items() if k and kind != "sadr") + \
                (" and the Sadr marker" if have["sadr"] else "")
            self.ask(f"which cells leave {country} ({counts})?",
                     [(removal_label(w), {"pick": removal_word(w)}) for w in ways], then=cells_chosen)
            return
        self._take_cells(country, ways[0], cadre)
        if then is not None:
            then(self, None)

    def _take_cells(self, country: str, way: dict, cadre: bool) -> None:
        c = self.s["c"][country]
        fx = self.fx()
        fx.set(country, "active", c["active"] - way["active"])
        fx.set(country, "sleeper", c["sleeper"] - way["sleeper"])
        k = sum(way.values())
        text = f"{k} cell{'s' if k != 1 else ''} removed from {country}"
        if way["sadr"]:
            fx.remove_marker("Sadr", country)
            text += " (the Sadr marker among them: it leaves the game)" if k > 1 else " (the Sadr marker: it leaves the game)"
        if k and k == sum(cell_kinds(self.s, country).values()) and cadre:
            fx.set(country, "cadre", True)
            text += ", a cadre left behind"
        self.emit(text + ".", fx)

    # ------------------------------------------------------------ markers

    def mark(self, country: str | None = None, marker: str | None = None) -> None:
        """Place this card's lasting marker (6.2.7), or `marker`; on `country` or, without
        one, on its only country in cards.json, else in the Events box."""
        marker = marker or D.CARDS[self.card]["marker"]
        if country is None:
            where = D.CARDS_RAW["markers"].get(marker, {}).get("where") or []
            country = where[0] if len(where) == 1 and where[0] in D.COUNTRIES else None
        fx = self.fx()
        fx.add_marker(marker, country)
        self.emit(f"{marker} marker placed" + (f" in {country}." if country else "."), fx)

    def unmark(self, marker: str) -> bool:
        """Remove a marker wherever it is; False if it is not in play."""
        fx = self.fx()
        found = False
        if marker in self.s["markers"]:
            fx.remove_marker(marker)
            found = True
        for name in D.NAMES:
            if marker in self.s["c"][name]["markers"]:
                fx.remove_marker(marker, name)
                found = True
        if found:
            self.emit(f"{marker} marker removed.", fx)
        return found

    # ------------------------------------------------------------ plots

    def place_plot(self, country: str, value, face_up: bool = False) -> None:
        """Place an available plot marker (8.5.2), testing an unmarked country first (4.9.4 b); its
        value is hidden from the US unless face up."""
        from ..jihadist_ops import _place_one
        self.test(country)
        extra = {"card": self.card, "face_up": True} if face_up else {"card": self.card}
        _place_one(self.ctx, country, value, **extra)

    def remove_plot(self, pid: int) -> None:
        """Reveal and remove a plot: back to Available Plots, a WMD out of the game (like Alert)."""
        self._no_more()
        plot = next(p for p in self.s["plots"] if p["id"] == pid)
        self.ctx.emit({"type": "plot_removed", "id": pid, "country": plot["c"], "plot": plot["v"],
                       "to": "removed" if plot["v"] == "WMD" else "available", "card": self.card})

    def wmd_available(self) -> bool:
        """4.7.8.1: one WMD marker from its box to Available Plots; False if none is left."""
        self._no_more()
        if self.s["wmd"]["box"] <= 0:
            return False
        self.ctx.emit({"type": "wmd_available", "card": self.card})
        return True

    # ------------------------------------------------------------ cards

    def draw(self, seat: str, n: int = 1) -> list[int]:
        """Draw from the draw pile; an empty one is reshuffled first (5.3.1), which may end the game."""
        from .. import flow
        self._no_more()
        got = []
        for _ in range(n):
            if not self.s["deck"] and not flow.reshuffle(self.ctx):
                break
            card = self.s["deck"][0]
            self.move_cards([card], "deck", seat, secret=[seat])
            got.append(card)
        return got

    def move_cards(self, cards: list[int], frm: str, to: str, secret: list[str] | None = None, **fields) -> None:
        """Cards from one place to another ("deck", "discard", "removed", "lapsing", "first_plot"
        or a hand "us"/"jihadist"). secret = the seats who may see which cards (None: everyone)."""
        self._no_more()
        if not cards:
            return
        event = {"type": "cards_moved", "cards": list(cards), "from": frm, "to": to, "card": self.card}
        if secret is not None:
            event["secret"] = sorted(set(secret))
        event.update(fields)
        self.ctx.emit(event)

    def discard(self, seat: str, cards: list[int]) -> None:
        """The seat discards these cards, face up (public); US Election fires (6.3.1)."""
        self.move_cards(cards, seat, "discard")
        from . import engine
        engine.discarded(self.ctx, seat, list(cards))

    def random_cards(self, seat: str, n: int = 1) -> list[int]:
        """n cards drawn at random from the seat's hand (the table's generator); solo, from the
        top of the Jihadist stack (9.2: "a random card" is the top one)."""
        if seat == "jihadist" and self.s["opts"].get("solo"):
            return list(reversed(self.s["hands"][seat]))[:n]
        hand = sorted(self.s["hands"][seat])
        picked = []
        for _ in range(min(n, len(hand))):
            card = hand.pop(self.ctx.rng.below(len(hand)))
            picked.append(card)
        return picked

    def shuffle_stack(self) -> None:
        """Solo (9.2): the Jihadist stack is shuffled (after FSB); only the Jihadist sees the order."""
        hand = list(self.s["hands"]["jihadist"])
        if len(hand) > 1:
            self.move_cards(self.ctx.rng.shuffled(hand), "jihadist", "jihadist", secret=["jihadist"], shuffle=True)

    def show_hand(self, owner: str, to: str) -> list[int]:
        """`to` looks at `owner`'s hand; only those two seats see the cards in the log."""
        self._no_more()
        cards = sorted(self.s["hands"][owner])
        self.ctx.emit({"type": "hand_shown", "seat": owner, "to": to, "cards": cards, "card": self.card})
        return cards

    # ------------------------------------------------------------ questions

    def ask(self, text: str, options: list[tuple[str, dict]], then: Callable, seat: str | None = None) -> None:
        """One question to `seat` (default: the event's side, 6.3.2.2): options are (label, move)
        with a one-key move ({"country": ...}, {"n": ...}, {"card": ...}, {"plot": ...} or
        {"pick": "word"}). The answer's value goes to then(ev, value)."""
        from . import engine
        self._no_more()
        if not options:
            raise RuntimeError(f"card {self.card}: a question without options: {text}")
        if getattr(then, "__qualname__", "") != getattr(then, "__name__", None) or \
                then.__globals__.get(then.__name__) is not then:
            raise RuntimeError(f"card {self.card}: `then` must be a module-level function of the card's module")
        for _, move in options:
            if len(move) != 1:
                raise RuntimeError(f"card {self.card}: an option's move has one key: {move}")
        engine.ask(self, seat or self.side, text, [{"label": lb, "move": mv} for lb, mv in options], then.__name__)
        self.asked = True

    def ask_country(self, countries: list[str], text: str, then: Callable, seat: str | None = None) -> None:
        who = seat or self.side
        self.ask(text, [(self.label(n, who), {"country": n}) for n in countries], then, seat)

    def ask_number(self, low: int, high: int, text: str, then: Callable, seat: str | None = None) -> None:
        self.ask(text, [(str(n), {"n": n}) for n in range(low, high + 1)], then, seat)

    def ask_card(self, cards: list[int], text: str, then: Callable, seat: str | None = None) -> None:
        self.ask(text, [(D.card_label(n), {"card": n}) for n in cards], then, seat)

    def ask_pick(self, choices: list[tuple[str, str]], text: str, then: Callable, seat: str | None = None) -> None:
        """choices: (label, word); the word is what the player may type."""
        self.ask(text, [(lb, {"pick": word}) for lb, word in choices], then, seat)

    def ask_posture(self, country: str, then: Callable, seat: str | None = None) -> None:
        self.ask_pick([(f"{country} Hard", "hard"), (f"{country} Soft", "soft")],
                      f"which posture for {country}?", then, seat)

    # ------------------------------------------------------------ operations and cards played

    def operation(self, value: int, ops: list[str] | None = None, then: Callable | None = None,
                  seat: str | None = None) -> bool:
        """The event's side (or `seat`) conducts an operation with this card at `value` Ops, one of
        `ops` (e.g. ["disrupt"]; None: any but Reserves and Reassessment); afterwards the event
        goes on with then(ev, None). Like a question, nothing may follow in the same call.
        Returns False (and nothing happens) if no such operation is possible."""
        from . import engine
        self._no_more()
        if then is not None and then.__globals__.get(then.__name__) is not then:
            raise RuntimeError(f"card {self.card}: `then` must be a module-level function of the card's module")
        if engine.operation(self, seat or self.side, value, ops, then.__name__ if then else None):
            self.asked = True
            return True
        return False

    def play_second_card(self, card: int) -> None:
        """The side plays a second card from its hand as part of this event (Adam Gadahn,
        Madrassas): to the discard pile, counting as the phase's next card; no event of its own but
        US Election's, which happens whenever the card is played (6.3.1), after this event."""
        from . import engine
        self.move_cards([card], self.side, "discard", played=True)
        engine.discarded(self.ctx, self.side, [card])

    def then_after_queued(self, queued: int, then: Callable) -> None:
        """The event goes on with then(ev, None) once the `queued` events it queued first (with
        queue_event or discard: US Election) have happened; like a question, it ends the call."""
        from . import engine
        self._no_more()
        if then.__globals__.get(then.__name__) is not then:
            raise RuntimeError(f"card {self.card}: `then` must be a module-level function of the card's module")
        engine.then_after(self, queued, then.__name__)

    def extra_card(self) -> None:
        """The playing side may play one more card this action phase (Intel Community)."""
        self._no_more()
        self.ctx.emit({"type": "extra_card", "seat": self.by, "card": self.card})

    # ------------------------------------------------------------ other events

    def queue_event(self, card: int, side: str) -> None:
        """Another card's event happens after this one, as if `side` had played it (card 90)."""
        from . import engine
        engine.queue_loose(self.ctx, card, side, self.by)
