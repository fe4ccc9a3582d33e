"""What happened since a seat last moved, for its email: one line per card play, plus one line
each for what happens between card plays (a cadre removed, a plot resolved, the end of a turn,
a reshuffle, the end of the game), oldest first. The log keeps one line per event (describe.py).

The events are already redacted for the reader: every line is written from the event's own
fields only (never from a state), so a face-down plot stays "a plot" and cards drawn in secret
stay a count.
"""

from .describe import describe
from .summary_words import GOV, OPS, SIDE, card_text, dice_text, fragment, merge, needs, plot_text, plural, tested

# the events that open a line of their own; everything else belongs to the card play in progress
END_OF_TURN = {"diplomacy", "boxes_cleared", "reserves_reset", "dealt", "rc_flipped", "turn_started"}
PLOT_STEPS = {"plot_revealed", "plot_funding", "plot_prestige", "plot_governance", "posture_kept"}
# whose card it is, for a summary that starts inside a card play
SEAT_OF = {"woi": "us", "deployed": "us", "regime_change": "us", "withdrew": "us", "disrupted": "us",
           "plot_alerted": "us", "reassessed": "us", "recruited": "jihadist", "travelled": "jihadist",
           "jihad": "jihadist", "plot_rolled": "jihadist", "cell_placed": "jihadist", "plot_placed": "jihadist"}


# ---------------------------------------------------------------- a card play


class Play:
    """The events of one card play (or of its tail, when the reader's summary starts inside it)."""

    def __init__(self, first: dict | None, head: str | None = None, reader=None):
        self.reader = reader
        self.seat = first.get("seat") if first else None
        self.card = first.get("card") if first else None
        self.whole = first is not None
        self.random = bool(first and first.get("random"))
        self.fixed_head = head
        self.events: list[dict] = []

    def add(self, event: dict) -> None:
        if self.card is None and isinstance(event.get("card"), int):
            self.card = event["card"]
        self.events.append(event)

    def owner(self) -> str | None:
        """Who played the card: said by its first event, or else by the events of its tail."""
        if self.seat:
            return self.seat
        for e in self.events:
            if e["type"] == "card_done" and e.get("card") == self.card:
                return e.get("seat")
        for e in self.events:
            if e["type"] in ("ev_began", "ev_skipped") and e.get("card") == self.card:
                return e.get("by")
            meta = (e.get("step") or {}).get("ev") if e["type"] == "await" else None
            if meta and meta.get("card") == self.card:
                return meta.get("by")
        return next((SEAT_OF[e["type"]] for e in self.events if e["type"] in SEAT_OF), None)

    def _tail_of_event(self) -> dict | None:
        """A summary that starts inside an event: that event's card and side, from its later events."""
        for e in self.events:
            if e["type"] == "ev_began":
                return None
            if e["type"] in ("ev_fx", "ev_over"):
                return {"card": e.get("card"), "side": e.get("side")}
            meta = (e.get("step") or {}).get("ev") if e["type"] == "await" else None
            if meta:
                return meta
        return None

    def head(self) -> str:
        if self.fixed_head:
            return self.fixed_head
        how = ""
        kinds = {e["type"]: e for e in self.events}
        chosen = kinds.get("play_chosen")
        op = kinds.get("op_chosen")
        if chosen and chosen["as"] == "event":
            how = " as an event"
        elif "reassessed" in kinds:
            other = [c for c in kinds["reassessed"]["cards"] if c != self.card]
            how = f" and {card_text(other[0])} for Reassessment" if other else " for Reassessment"
        elif "reserves_added" in kinds:
            how = " for Reserves"
        elif op:
            how = f" for {plural(op['value'], 'Op')}"
        elif "order_chosen" in kinds:
            how = f" for {OPS.get(kinds['order_chosen']['op'], kinds['order_chosen']['op'])}"
            if "boosted" in kinds:
                how += f" ({kinds['boosted']['spent']} from Reserves)"
        owner = self.owner()
        card = card_text(self.card) if self.card is not None else "a card"
        if not self.whole:
            if owner not in SIDE:
                tail = self._tail_of_event()
                if tail and tail.get("side") in SIDE:
                    return f"The {SIDE[tail['side']]} event of {card} (continued)"
                return f"{card[0].upper()}{card[1:]} (continued)"
            return (f"{'Your' if owner == self.reader else SIDE[owner] + chr(39) + 's'} "
                    f"{card if self.card is not None else 'card'} (continued)")     # "Your card", not "Your a card"
        return f"{SIDE.get(owner, '?')} played {card}" + (" (picked at random)" if self.random else "") + how

    def parts(self) -> list[str]:
        """The fragments, grouped: the card's own part, then one part per other event (a triggered
        event, US Election, another card's event) headed by whose event it is, then what follows."""
        owner = self.owner()
        groups: list[dict] = [{"head": "", "frags": [], "over": True}]
        tail = None if self.whole else self._tail_of_event()
        if tail and tail.get("side") in SIDE and tail["side"] != owner and isinstance(tail.get("card"), int):
            groups[0] = {"head": self._event_head({**tail, "how": "triggered"}), "frags": [], "over": False,
                         "tail": True}
        for e in self.events:
            kind = e["type"]
            if kind == "ev_began":
                if e.get("how") != "event" or e.get("loose") or e.get("card") != self.card:
                    groups.append({"head": self._event_head(e), "frags": [], "over": False})
                continue
            if kind == "ev_skipped":
                why = "blocked" if e.get("why") == "blocked" else "its prerequisite is not met"
                whose = f"the {SIDE[e['side']]} event"
                if e.get("card") != self.card:
                    whose += f" of {card_text(e['card'])}"
                groups.append({"head": f"{whose} does not happen ({why})", "frags": [], "over": True, "alone": True})
                groups.append({"head": "", "frags": [], "over": True})
                continue
            if kind == "ev_over":
                if groups[-1]["head"]:
                    groups[-1]["over"] = True
                    groups.append({"head": "", "frags": [], "over": True})
                continue
            if kind == "reason":
                continue                                   # the bot's reasons close the line (line())
            text = fragment(e)
            if text:
                groups[-1]["frags"].append(text)
        out = []
        for g in groups:
            frags = merge(g["frags"])
            body = ("; " if any("," in f or ":" in f for f in frags) else ", ").join(frags)
            if g.get("tail") and not body:
                continue                                   # its effects were before the reader's move
            if g.get("alone"):
                out.append(g["head"])
            elif g["head"]:
                tail = body if body else "no effect" if g["over"] else "waiting for a decision"
                out.append(f"{g['head']}: {tail}")
            elif body:
                out.append(body)
        return out

    def _event_head(self, e) -> str:
        if e.get("how") == "auto":
            return "US Election fires" if e["card"] == self.card else f"{card_text(e['card'])} fires"
        side = SIDE[e["side"]]
        if e["card"] == self.card:
            return f"then the {side} event"
        return f"the {side} event of {card_text(e['card'])}"

    def line(self) -> str | None:
        if not self.whole:
            done = next((e for e in self.events if e["type"] == "card_done"), None)
            if done is not None:                           # the card in play, whatever events came before
                self.card, self.seat = done.get("card"), done.get("seat")
        parts = self.parts()
        reasons = [fragment(e) for e in self.events if e["type"] == "reason"]
        if reasons:                                        # what happened first, then why the bot did it
            parts.append("why: " + "; ".join(reasons))
        if not self.whole and not parts:
            return None
        head = self.head()
        if head.startswith("The ") and parts and parts[0].startswith("then the "):
            parts[0] = parts[0].split(": ", 1)[1]          # "The US event of X (continued): ..."
        return head + (": " + ". ".join(p[0].upper() + p[1:] if i else p for i, p in enumerate(parts))
                              if parts else "") + "."


# ---------------------------------------------------------------- between card plays


def _plot_line(events: list[dict]) -> str:
    first = events[0]
    parts = []
    for e in events[1:]:
        kind = e["type"]
        if kind == "plot_funding":
            parts.append(f"Funding {e['funding']}")
        elif kind == "plot_prestige":
            parts.append(f"troops there: Prestige {e['prestige']}" if e.get("troops")
                         else f"Prestige roll {e['prestige_roll']['delta']:+d}: Prestige {e['prestige']}")
        elif kind == "plot_governance":
            text = (f"governance rolls {dice_text(e['rolls'])}, {needs(e['need'])}: "
                    f"{e['country']} {GOV.get(e['gov'])}")
            if e.get("aid_removed"):
                text += f", {e['aid_removed']} Aid removed"
            parts.append(text)
        elif kind == "posture_kept":
            parts.append(f"the Jihadist keeps {e['country']} {e['posture']}")
        elif kind == "plot_removed":
            parts.append("the WMD leaves the game" if e.get("to") == "removed" else "back to the Available Plots")
        else:
            text = fragment(e)
            if text:
                parts.append(text)
    what = plot_text(first.get("plot"))
    return f"{what[0].upper()}{what[1:]} in {first['country']} resolved: " + (", ".join(parts) or "no effect") + "."


def _end_line(events: list[dict]) -> str:
    turn = next((e["turn_end"] for e in events if e.get("turn_end")), None)
    parts = []
    dealt: dict = {}
    for e in events:
        kind = e["type"]
        if kind == "diplomacy":
            extra = [w for k, w in (("islamist_rule", "Islamist Rule on the map"),
                                    ("world_bonus", "World Posture 3 with the US")) if e.get(k)]
            parts.append(f"Funding {e['funding']}, Prestige {e['prestige']}"
                         + (f" ({', '.join(extra)})" if extra else ""))
        elif kind == "boxes_cleared":
            if e.get("lapsing") or e.get("first_plot"):
                parts.append("Lapsing and First Plot boxes cleared")
        elif kind == "reserves_reset":
            parts.append("Reserves back to 0")
        elif kind == "dealt":
            n = len(e["cards"]) if "cards" in e else e.get("count", 0)
            dealt[e["seat"]] = dealt.get(e["seat"], 0) + n
        elif kind == "reshuffled":
            parts.append(f"reshuffle: deck {e['deck_no']} ({e.get('count', len(e.get('deck', [])))} cards)")
        elif kind == "rc_flipped" and e.get("countries"):
            parts.append(f"Regime Change markers turn tan in {', '.join(e['countries'])}")
        elif kind == "turn_started":
            parts.append(f"turn {e['turn']} begins")
    if dealt:
        parts.insert(len(parts) - (1 if parts and parts[-1].startswith("turn ") else 0),
                     "new hands: " + ", ".join(f"{SIDE[s]} {plural(n, 'card')}" for s, n in dealt.items()))
    head = f"End of turn {turn}" if turn else "End of turn"
    return head + ": " + "; ".join(parts) + "."


def _lone_line(e: dict) -> str | None:
    kind = e["type"]
    if kind == "cadre_removed":
        return f"Jihadist removed the cadre in {e['country']}."
    if kind == "game_over":
        return e.get("text", "The game is over.")
    if kind == "reshuffled":
        return f"Reshuffle (rule 5.3.1): deck {e['deck_no']}, {e.get('count', len(e.get('deck', [])))} cards to draw."
    if kind == "last_card":
        if e["how"] == "hold":
            return "US held its last card for the next turn."
        return f"US discarded its last card, {card_text(e.get('card'))}."
    if kind in ("phase_ended", "phase_started", "shuffled"):
        return None
    if kind == "dealt":
        n = len(e["cards"]) if "cards" in e else e.get("count", 0)
        return f"{SIDE.get(e['seat'], '?')} draws {plural(n, 'card')}."
    text = fragment(e)
    return f"{text[0].upper()}{text[1:]}." if text else None


# ---------------------------------------------------------------- the whole summary

BLOCKS = {"plot": lambda b: [_plot_line(b)], "end": lambda b: [_end_line(b)], "setup": lambda b: _setup_lines(b)}

LONE = {"cadre_removed", "game_over", "last_card", "phase_ended", "phase_started"}
SETUP = {"setup", "position", "shuffled", "anaconda_cell"}


def _setup_lines(events: list[dict]) -> list[str]:
    """The setup: the scenario, the hands dealt, the Anaconda cells (with the tests they made)."""
    lines = [describe(e) for e in events if e["type"] in ("setup", "position")]   # a position counts its plots
    dealt = [e for e in events if e["type"] == "dealt"]
    if dealt:
        lines.append("Hands dealt: " + ", ".join(
            f"{SIDE[e['seat']]} {plural(len(e['cards']) if 'cards' in e else e.get('count', 0), 'card')}"
            for e in dealt) + ".")
    cells = [e["country"] for e in events if e["type"] == "anaconda_cell"]
    if cells:
        tests = [tested(e) for e in events if e["type"] == "tested"]
        lines.append(f"Setup: the Jihadist places sleeper cells in {', '.join(cells)}"
                     + (f" ({', '.join(tests)})" if tests else "") + ".")
    return lines


def summarize(events: list[dict], seat) -> list[str]:
    lines: list[str] = []
    play: Play | None = None
    block: list[dict] = []            # a plot being resolved, or the end of a turn
    kind_of_block = None

    def close():
        nonlocal play, block, kind_of_block
        if play is not None:
            line = play.line()
            if line:
                lines.append(line)
        if block:
            lines.extend(BLOCKS[kind_of_block](block))
        play, block, kind_of_block = None, [], None

    for e in events:
        kind = e.get("type")
        if kind == "card_chosen":
            close()
            play = Play(e, reader=seat)
            play.add(e)
        elif kind == "plot_revealed":
            close()
            block, kind_of_block = [e], "plot"
        elif (kind == "await" and e.get("turn_end")) or (kind in END_OF_TURN - {"dealt"} and kind_of_block != "end"):
            close()
            block, kind_of_block = [e], "end"
        elif kind in SETUP or (kind in ("tested", "posture_rolled", "dealt", "await", "plot_placed", "plots_set_aside")
                               and kind_of_block == "setup" and e.get("why", "setup") == "setup"):
            if kind_of_block != "setup":
                close()
                kind_of_block = "setup"
            block.append(e)
        elif kind_of_block == "plot" and (kind in PLOT_STEPS or kind in ("plot_removed", "await", "reason")
                                          or (kind == "posture_rolled" and e.get("why") in ("plot", "schengen"))):
            block.append(e)
        elif kind_of_block == "end" and (kind in END_OF_TURN or kind in ("reshuffled", "await")):
            block.append(e)
        elif kind in LONE or kind == "dealt" or (kind == "reshuffled" and play is None):
            close()
            line = _lone_line(e)
            if line:
                lines.append(line)
            if kind == "last_card" and e["how"] == "discard":
                play = Play(None, head=line[:-1], reader=seat)        # US Election fires when discarded (6.3.1)
                lines.pop()
        else:
            if play is None:
                close()
                play = Play(None, reader=seat)
            play.add(e)
    close()
    return _join_cadres(lines)


CADRE = "Jihadist removed the cadre in "


def _join_cadres(lines: list[str]) -> list[str]:
    """Cadres removed one after another make one line."""
    out: list[str] = []
    run: list[str] = []
    for line in lines + [""]:
        if line.startswith(CADRE):
            run.append(line[len(CADRE):-1])
            continue
        if run:
            out.append(CADRE + run[0] + "." if len(run) == 1 else
                       f"Jihadist removed the cadres in {', '.join(run[:-1])} and {run[-1]}.")
            run = []
        if line:
            out.append(line)
    return out
