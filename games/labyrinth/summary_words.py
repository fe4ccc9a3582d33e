"""A few words for one event inside a line of the summary (summary.py): "War of Ideas in Pakistan
(roll 5: Pakistan now Fair Ally)", "2 plots placed in Italy". Written from the event's own fields
only: the events are redacted for the reader, and a field it may not see is simply absent.
"""

import re

from . import data as D
from .describe import describe

SIDE = D.SIDE
GOV = D.GOV_NAMES
OPS = {"woi": "War of Ideas", "deploy": "Deploy", "regime_change": "Regime Change", "withdraw": "Withdraw",
       "disrupt": "Disrupt", "alert": "Alert", "reassess": "Reassessment", "recruit": "Recruit",
       "travel": "Travel", "jihad": "Jihad", "plot": "Plot", "reserves": "Reserves"}
SILENT = {"card_chosen", "play_chosen", "order_chosen", "reassess_ordered", "op_chosen", "boosted", "dice_declared", "await",
          "ev_over", "phase_started", "shuffled"}


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else many or word + 's'}"


def card_text(n) -> str:
    return f"{n} {D.card_name(n)}" if isinstance(n, int) else "a card"


def _loc(loc) -> str:
    return "the track" if loc == "track" else str(loc)


def plot_text(v) -> str:
    return "a plot" if v is None else "a WMD plot" if v == "WMD" else f"plot {v}"


def _clean(text: str) -> str:
    return text.strip().rstrip(".")


def needs(n) -> str:
    return "needs 1" if n == 1 else f"needs 1-{n}"


def dice_text(rolls) -> str:
    return " ".join(str(r) for r in rolls)


# ---------------------------------------------------------------- one event, a few words


def _woi(e) -> str:
    c = e["country"]
    if "posture" in e:
        return f"War of Ideas in {c} (roll {e['roll']}: {c} now {e['posture']}" + \
            (", matching the US: Prestige +1)" if e.get("match") else ")")
    if e.get("result") == "too_costly":
        return f"War of Ideas in {c}: tested {GOV.get(e.get('gov'), '?')}, too costly for the card, no effect"
    roll = str(e["roll"])
    if e.get("mods"):
        roll += "".join(f" {v:+d} ({name})" for name, v in e["mods"]) + f" = {e['total']}"
    outcome = {"ally": f"{c} now {GOV.get(e.get('gov'), '')} Ally",
               "improved": f"{c} now {GOV.get(e.get('gov'), '')} {e.get('align', '')}".rstrip(),
               "aid": "failed by 1, Aid placed", "failed": "failed"}.get(e["result"], e["result"])
    return f"War of Ideas in {c} (roll {roll}: {outcome})"


def _prestige_roll(e) -> str:
    return f"Prestige {e['prestige']}" if "prestige" in e else ""


def _disrupted(e) -> str:
    parts = []
    if e.get("removed"):
        parts.append(f"{plural(e['removed'], 'cell')} removed")
    if e.get("activated"):
        parts.append(f"{plural(e['activated'], 'sleeper')} activated")
    if e.get("cadre_removed"):
        parts.append("cadre removed")
    if e.get("cadre_placed"):
        parts.append("cadre left")
    if "prestige" in e:
        parts.append(f"Prestige +1 to {e['prestige']}")
    return f"Disrupt in {e['country']} ({', '.join(parts) or 'no effect'})"


def _by_country(dice: list) -> dict:
    out: dict = {}
    for d in dice:
        out.setdefault(d["c"], []).append(d)
    return out


def _recruited(e) -> str:
    tries = []
    for c, ds in _by_country(e["dice"]).items():
        rolled = [d for d in ds if not d.get("auto")]
        auto = len(ds) - len(rolled)
        what = []
        if auto:
            what.append(f"{plural(auto, 'automatic success', 'automatic successes')}")
        if rolled:
            what.append(f"rolls {dice_text(d['roll'] for d in rolled)}, {needs(rolled[0]['need'])}")
        tries.append(f"{c} ({'; '.join(what)})")
    placed = e.get("placed")
    if placed is None:
        result = f"{plural(e['successes'], 'success', 'successes')} for {e['available']} available cells"
    else:
        result = ", ".join(f"{plural(k, 'cell')} placed in {c}" for c, k in placed.items() if k) or "no cell placed"
    return f"Recruit in {', '.join(tries)}: {result}"


def _travelled(e) -> str:
    parts = []
    for m in e["moves"]:
        if m["from"] == m["to"]:
            parts.append(f"a cell in {m['from']} goes to ground")
        elif m.get("auto"):
            parts.append(f"{m['from']} to {m['to']} (automatic)" + ("" if m["ok"] else ", lost"))
        elif m["ok"]:
            parts.append(f"{m['from']} to {m['to']} (roll {m.get('roll')})")
        else:
            parts.append(f"{m['from']} to {m['to']} failed (roll {m.get('roll')}, {needs(m.get('need'))})")
    return "Travel: " + ", ".join(parts)


def _jihad(e) -> str:
    kind = "Major Jihad" if e["major"] else "Jihad"
    c = e["country"]
    head = (f"{kind} in {c} (rolls {dice_text(e['rolls'])}, {needs(e['need'])}: "
            f"{plural(e['successes'], 'success', 'successes')}")
    if e.get("revolution"):
        tail = f"): Islamic Revolution, {c} now Islamist Rule"
    else:
        tail = f"): {c} {GOV.get(e.get('gov'), '?')}"
    if e.get("aid_removed"):
        tail += f", {e['aid_removed']} Aid removed"
    if e.get("failures"):
        tail += f", {plural(e['failures'], 'cell')} lost"
    if e.get("failed_major"):
        tail += ", failed Major Jihad: Besieged Regime"
    return head + tail


def _plot_rolled(e) -> str:
    parts = [f"{c} rolls {dice_text(d['roll'] for d in ds)}, {needs(ds[0]['need'])}"
             for c, ds in _by_country(e["dice"]).items()]
    return f"Plot ({'; '.join(parts)}): {plural(e['successes'], 'success', 'successes')}"


def tested(e) -> str:
    what = f"{GOV.get(e['gov'])} Neutral" if "gov" in e else e.get("posture")
    return f"{e['country']} tested {what}"


def _posture_rolled(e) -> str | None:
    if e.get("why") == "woi":
        return None                                     # the War of Ideas line says it
    modifier = f"+{e['modifier']}" if e.get("modifier") else ""
    return f"{e['country']} posture {e['posture']} (roll {e['roll']}{modifier})"


def _cards_moved(e) -> str:
    return _clean(describe(e))


def _card_done(e) -> str | None:
    return {"removed": "card removed from the game", "lapsing": "card in play until the end of the turn",
            "first_plot": "card to the First Plot box"}.get(e.get("done"))


def _ev_skipped(e) -> str:
    why = "blocked" if e.get("why") == "blocked" else "prerequisite not met"
    return f"the {SIDE[e['side']]} event of {card_text(e['card'])} does not happen ({why})"


def _radicalization(e) -> str | None:
    """The bot's reason said it is Radicalization; only Ops it could not spend are news."""
    return f"{plural(e['lost'], 'Op')} lost: no Radicalization box applies" if e.get("lost") else None


def _radicalized(e) -> str:
    box = e["box"]
    if box == 1:
        text = f"a cell from the track to {e['country']}"
    elif box == 2:
        text = (f"the last cell in {e['from']} stays" if e.get("in_place") or e["from"] == e["to"]
                else f"a cell travels from {e['from']} to {e['to']} (automatic)")
    elif box == 3:
        text = f"a plot placed in {e['country']} (no roll)"
    else:
        text = f"{e['country']} worsens to {GOV.get(e.get('gov'), '?')}"
    return text + (f"; {plural(e['lost'], 'Op')} lost" if e.get("lost") else "")


def _await(e) -> str | None:
    if e.get("no_op"):
        return f"no {OPS.get(e['no_op'], e['no_op'])} possible any more: the Ops are lost"
    return None


FRAGMENTS = {
    "woi": _woi,
    "deployed": lambda e: f"Deploy {plural(e['n'], 'troop')} from {_loc(e['from'])} to {_loc(e['to'])}"
                          + (" (the NATO marker leaves the game)" if e.get("nato") else ""),
    "regime_change": lambda e: (f"Regime Change in {e['country']} with {plural(e['n'], 'troop')} (governance roll "
                                f"{e['roll']}: {GOV.get(e['gov'])} Ally; {_prestige_roll(e)})"),
    "withdrew": lambda e: (f"Withdraw {plural(e['n'], 'troop')} from {e['from']} to {_loc(e['to'])} "
                           + ("with the NATO marker, which leaves the game " if e.get("nato") else "")
                           + f"({_prestige_roll(e)})"),
    "disrupted": _disrupted,
    "plot_alerted": lambda e: f"Alert in {e['country']}: {plot_text(e.get('plot'))} removed",
    "reassessed": lambda e: f"US posture now {e['posture']}" if "posture" in e else None,
    "posture_reassessed": lambda e: f"US posture now {e['posture']}",
    "recruited": _recruited,
    "travelled": _travelled,
    "jihad": _jihad,
    "plot_rolled": _plot_rolled,
    "tested": tested,
    "posture_rolled": _posture_rolled,
    "reserves_added": lambda e: f"Reserves now {e['reserves']}",
    "cards_moved": _cards_moved,
    "hand_shown": lambda e: _clean(describe(e)),
    "ev_fx": lambda e: _clean(e["text"]),
    "ev_skipped": _ev_skipped,
    "card_done": _card_done,
    "await": _await,
    "wmd_available": lambda e: "a WMD plot becomes available",
    "extra_card": lambda e: f"{SIDE.get(e.get('seat'), '?')} may play another card this phase",
    "plot_removed": lambda e: f"{plot_text(e.get('plot'))} in {e['country']} removed",
    "plot_placed": lambda e: (("a plot" if e.get("value") is None else plot_text(e["value"]))
                              + f" placed in {e['country']}" + (" face up" if e.get("face_up") else "")
                              + (" (Abu Sayyaf: Prestige -1)" if e.get("abu_sayyaf") else "")),
    "cell_placed": lambda e: f"1 cell placed in {e['country']}",
    "ev_began": lambda e: None,
    "reason": lambda e: _clean(e["text"]),             # the bot's reason: the line already says whose card
    "radicalization": _radicalization, "radicalized": _radicalized,
    "reshuffled": lambda e: f"reshuffle: deck {e['deck_no']}, {e.get('count', len(e.get('deck', [])))} cards",
}


def fragment(event: dict) -> str | None:
    """A few words for one event inside a card play; None when it adds nothing a reader needs."""
    kind = event.get("type")
    if kind in SILENT and kind != "await":
        return None
    write = FRAGMENTS.get(kind)
    try:
        return write(event) if write else _clean(describe(event)) or None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return _clean(describe(event)) or None


COUNTABLE = [(re.compile(r"^1 cell placed in "), "{n} cells placed in "),
             (re.compile(r"^a plot placed in "), "{n} plots placed in "),
             (re.compile(r"^(US|Jihadist) draws 1 card$"), "\\1 draws {n} cards")]


def merge(frags: list[str]) -> list[str]:
    """'1 cell placed in Italy' twice is '2 cells placed in Italy'; plots placed in one country and
    cards drawn in secret likewise."""
    counts: dict[str, int] = {}
    order: list[str] = []
    for text in frags:
        if text in counts and any(rx.search(text) for rx, _ in COUNTABLE):
            counts[text] += 1
            continue
        counts.setdefault(text, 0)
        counts[text] += 1
        order.append(text)
    out = []
    for text in order:
        n = counts[text]
        if n > 1:
            for rx, many in COUNTABLE:
                if rx.search(text):
                    text = rx.sub(many.replace("{n}", str(n)), text, count=1)
                    break
        out.append(text)
    return _join_plots(out)


PLACED = re.compile(r"^plot (\S+) placed in (.+)$")


def _join_plots(frags: list[str]) -> list[str]:
    """'plot 3 placed in Italy', 'plot 1 placed in Italy' (the Jihadist sees them): 'plots 3 and 1 placed in Italy'."""
    out: list[str] = []
    seen: dict[str, int] = {}
    values: dict[str, list[str]] = {}
    for text in frags:
        m = PLACED.match(text)
        if m and m.group(2) in seen:
            values[m.group(2)].append(m.group(1))
            continue
        if m:
            seen[m.group(2)] = len(out)
            values[m.group(2)] = [m.group(1)]
        out.append(text)
    for country, i in seen.items():
        vs = values[country]
        if len(vs) > 1:
            out[i] = f"plots {', '.join(vs[:-1])} and {vs[-1]} placed in {country}"
    return out
