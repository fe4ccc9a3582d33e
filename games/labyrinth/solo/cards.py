"""The bot's answers to the questions of card events (9.4.2.1) and the card notes of 9.6.

9.4.2.1: a plot an event places: the Plot flow (an event: Good, then Fair, then Poor); a change
of governance or alignment: the minor Jihad flow (9.4.2.4), and for Iran and Jaysh al-Mahdi the
Shia-Mix table, its country tested first, then the nearest qualifying Good or Fair country
(9.5.1); cells an event places: at random among the countries that qualify (Lebanon War: the
Shia-Mix table; the Recruit of Jihadist Videos and Madrassas: the Global table, then the nearest
qualifying country); Schengen Visas: Schengen destinations; Clean Operatives: the United States;
the sources by the "From" flow (9.4.2.6.1). 9.2: a card the bot plays as a second
card is the top of its stack. 9.6: Ex-KGB, Leak, Oil Price Spike. Anything else: at random (9.5).
"""

from .. import data as D
from ..state import world_posture
from . import randomly, where

PLOT_MARKERS = {"1": 1, "2": 2, "3": 3, "wmd": "WMD"}
GOV_CHANGE = {94, 106, 107}                  # worsen a country: the minor Jihad flow
ALIGN_CHANGE = {76, 77, 84, 85}              # an Ally becomes Neutral, a shift toward Adversary
GLOBAL_NEAREST = {53, 82}                    # Madrassas, Jihadist Videos: where they recruit (9.4.2.1)


def plot_event_targets(state, card: int) -> list[str] | None:
    """The countries a plot-placing event could use (None for other cards)."""
    from ..events import cards_061_090 as c61
    from ..events import cards_091_120 as c91
    if card in (87, 88, 89):
        return c61._martyrs(state)
    if card == 96:
        return [n for n in D.MUSLIM if state["c"][n]["gov"] != D.IR]
    if card == 115:
        return c91._hambali(state)
    if card == 116:
        return c91._ksm_targets(state)
    return None


def spike_cards(state) -> list[int]:
    """9.6 Oil Price Spike: the highest-value Jihadist cards in the discard pile."""
    mine = [n for n in state["discard"] if D.CARDS[n]["association"] == "Jihadist"]
    if not mine:
        return []
    top = max(D.card_ops(n) for n in mine)
    return sorted(n for n in mine if D.card_ops(n) == top)


def marker_draw(state, options, rng, key: str = "pick") -> tuple[dict, str]:
    """9.3.2: the plot marker is drawn at random from Available Plots (each marker, not each value,
    equally likely) among those the card allows."""
    allowed = []
    for o in options:
        value = PLOT_MARKERS.get(str(o[key]).lower(), o[key])
        allowed += [o] * state["avail"].count(value)
    return (allowed or options)[rng.below(len(allowed or options))], ""


def answer(state, step, options, rng) -> tuple[dict | None, str]:
    card, then = step["ev"]["card"], step["then"]
    keys = {k for o in options for k in o}
    if keys == {"card"}:
        return _card_answer(state, card, options, rng)
    if keys == {"pick"} and all(str(o["pick"]).lower() in PLOT_MARKERS for o in options):
        return marker_draw(state, options, rng)
    if card == 62 and keys == {"pick"}:
        return _ex_kgb(state, options)
    if card in (84, 85) and then == "leak_flip":
        move = options[rng.below(len(options))]
        return move, f"a marker at random: {move['pick']} (rule 9.6)"
    countries = [o["country"] for o in options if "country" in o]
    if not countries:
        return options[rng.below(len(options))], "an answer at random"
    if card in (74, 79) and then in ("auto_travel_from", "auto_travel_to"):
        return _auto_travel(state, step, card, then, options, countries, rng)
    plot = plot_event_targets(state, card)
    if plot is not None or card == 96:
        chosen, why = where.plot_where(state, rng, countries, event=True)
        if chosen:
            return {"country": chosen}, f"a plot in {chosen} ({why})"
    if card in (104, 105, 106):
        return _shia_mix_nearest(state, step, countries, rng)
    if card in GOV_CHANGE | ALIGN_CHANGE:
        chosen, why = where.minor_where(state, rng, countries, alignment=card in ALIGN_CHANGE)
        if chosen:
            return {"country": chosen}, f"{chosen}, as for a Jihad" + (f" ({why})" if why else "")
    if card == 86:
        chosen, how = randomly.table(rng, "shia_mix", countries)
        return {"country": chosen}, f"a cell in {chosen}, {how}"
    if card in GLOBAL_NEAREST:
        return _global_nearest(step, countries, state, rng)
    chosen, how = randomly.pick(rng, countries)
    if how.startswith("at random"):
        how = f"at random among the {len(countries)} countries that qualify"
    return {"country": chosen}, f"{chosen}, {how}" if how else f"{chosen}, the only country that qualifies"


def _card_answer(state, card, options, rng) -> tuple[dict, str]:
    cards = [o["card"] for o in options]
    stack = [n for n in reversed(state["hands"]["jihadist"]) if n in cards]
    if card in (48, 53) and stack:
        return {"card": stack[0]}, "the second card is the top of the stack (rule 9.2)"
    if card in D.OIL_PRICE_SPIKE:
        best = [n for n in spike_cards(state) if n in cards]
        if best:
            pick = best[rng.below(len(best))]
            return {"card": pick}, (f"card {pick}, a Jihadist card of the highest value in the discard pile"
                                    + (" (at random among them)" if len(best) > 1 else "") + " (rule 9.6)")
    pick = cards[rng.below(len(cards))]
    return {"card": pick}, "a card at random"


def _ex_kgb(state, options) -> tuple[dict, str]:
    """9.6 Ex-KGB: the Caucasus if that would shift the World Posture marker, else Central Asia."""
    before = world_posture(state)
    caucasus = "Soft" if state["us_posture"] == "Hard" else "Hard"
    probe = {**state, "c": {**state["c"], "Caucasus": {**state["c"]["Caucasus"], "posture": caucasus}}}
    if world_posture(probe) != before and {"pick": "caucasus"} in options:
        return {"pick": "caucasus"}, "the Caucasus, as that shifts the World Posture (rule 9.6)"
    return {"pick": "central asia"}, "Central Asia, as the Caucasus would not shift the World Posture (rule 9.6)"


def _shia_mix_nearest(state, step, countries, rng) -> tuple[dict, str]:
    """9.4.2.1 Iran, Jaysh al-Mahdi: the Shia-Mix table gives the country tested first; the event
    then acts in the nearest Good or Fair country that qualifies (9.5.1), or, if none does, in the
    nearest that qualifies (a two-player stand-in, asked once: the table's country as origin)."""
    if step["then"] == "shia_mix_tested":
        rolled, how = randomly.table(rng, "shia_mix", countries)
        return {"country": rolled}, f"{rolled}, drawn {how}, is tested first"
    origin = (step.get("data") or {}).get("tested")
    drawn = ""
    if origin is None:
        origin, how = randomly.table(rng, "shia_mix", randomly.SHIA_MIX)
        drawn = f" ({origin}, drawn {how})"
    good_fair = [n for n in countries if state["c"][n]["gov"] in (D.GOOD, D.FAIR)]
    chosen, near = randomly.nearest(state, rng, origin, good_fair or countries)
    gov = where.GOV_WORD[state["c"][chosen]["gov"]]
    if chosen == origin:
        return {"country": chosen}, f"{chosen}, {gov}{drawn}"
    kind = "Good or Fair country" if good_fair else "country that qualifies, none being Good or Fair"
    return {"country": chosen}, f"{chosen} ({gov}), the {kind} {near.removeprefix('the ')}{drawn}"


def _global_nearest(step, countries, state, rng) -> tuple[dict, str]:
    """9.4.2.1 the Recruit of Jihadist Videos and Madrassas: the Global table, then the nearest
    country that qualifies (9.5.1); Madrassas rolls its later dice where its first went while
    that country qualifies, as the bot's Recruit does (9.4.2.5)."""
    dice = (step.get("data") or {}).get("dice") or []
    if dice and dice[-1] in countries:
        return {"country": dice[-1]}, ""
    rolled, how = randomly.table(rng, "global", D.NAMES)
    chosen, near = randomly.nearest(state, rng, rolled, countries)
    if chosen == rolled:
        return {"country": chosen}, f"{chosen}, drawn on the Global table ({how})"
    return {"country": chosen}, f"{chosen}, {near} (drawn on the Global table, {how}, and not a country the card allows)"


def _auto_travel(state, step, card, then, options, countries, rng) -> tuple[dict, str]:
    """9.4.2.1 Schengen Visas (74): Schengen destinations (the Schengen table), Clean Operatives
    (79): the United States; sources by 9.4.2.6.1."""
    data = step.get("data") or {}
    if then == "auto_travel_to":
        if card == 79 and D.US in countries:
            return {"country": D.US}, "to the United States"
        chosen, how = randomly.table(rng, "schengen", [n for n in countries if n in randomly.SCHENGEN_TABLE] or countries)
        return {"country": chosen}, f"to {chosen}, {how}"
    dest = D.US if card == 79 else None
    if dest is None:
        dest, _ = randomly.table(rng, "schengen", randomly.SCHENGEN_TABLE)
    src, why = where.travel_source(state, rng, dest, countries, D.card_ops(card), [], data.get("arrived", []))
    return {"country": src}, f"a cell from {src} ({why})"
