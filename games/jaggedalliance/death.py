"""Death (5.2): a second Serious Wound kills. Half the merc's cards (rounded down) are
discarded (the cheapest: our reading of who picks, AMBIGUOUS 18), allies among them die; the
rest wait for the merc who replaces it, chosen by its player and placed at the start of the
next Players' Phase. No merc left to choose: the scenario is lost (7.3). Killing an ally
(14.4): removed for the campaign."""

from .data import CARDS, MERC_ORDER
from .decks import discard
from .state import held, mercs_at


def available_mercs(s: dict) -> list[str]:
    used = set(s["order"]) | set(s["campaign"]["dead"])
    return [m for m in MERC_ORDER if m not in used]


def die(ctx, m: str) -> None:
    merc = ctx.s["mercs"][m]
    sector = merc["sector"]
    cards = sorted(held(ctx.s, m), key=lambda c: (-CARDS[c]["cost"], c))
    lost = len(cards) // 2
    keep, gone = cards[:len(cards) - lost], cards[len(cards) - lost:]
    for card in gone:
        if CARDS[card]["type"] == "ally":
            ctx.set("campaign.killed", ctx.s["campaign"]["killed"] + [card])
        else:
            discard(ctx, card)
    ctx.set(f"mercs.{m}", {**merc, "dead": True, "ko": False, "sector": None, "area": None, "weapons": [],
                            "armour": None, "inv": [], "allies": [], "upg": {}, "status": [], "active": False})
    ctx.set("campaign.dead", ctx.s["campaign"]["dead"] + [m])
    ctx.emit("died", merc=m, kept=keep, discarded=gone, sub=True)
    if available_mercs(ctx.s):
        ctx.set("newcomers", ctx.s["newcomers"] + [{"seat": merc["seat"], "dead": m, "cards": keep}])
    else:
        ctx.set("no_merc_left", True)
        for card in keep:
            discard(ctx, card)
    if sector and not mercs_at(ctx.s, sector) and ctx.s["sectors"].get(sector, {}).get("status") == "besieged" \
            or (sector and sector.startswith("M") and not mercs_at(ctx.s, sector)):
        from .battle import reset
        reset(ctx, sector, "the last merc there died (rule 12.4)")


def kill_ally(ctx, m: str, why: str) -> str | None:
    """14.4: the ally chosen (here the cheapest, then the lowest number: our reading) is removed
    from the game and written in the campaign log."""
    allies = sorted(ctx.s["mercs"][m]["allies"], key=lambda c: (CARDS[c]["cost"], c))
    if not allies:
        return None
    ally = allies[0]
    ctx.set(f"mercs.{m}.allies", [a for a in ctx.s["mercs"][m]["allies"] if a != ally])
    ctx.set("campaign.killed", ctx.s["campaign"]["killed"] + [ally])
    ctx.emit("ally_killed", merc=m, card=ally, why=why, sub=True)
    return ally


def team_allies(s: dict) -> list[tuple[str, str]]:
    return [(m, a) for m in s["order"] for a in s["mercs"][m]["allies"]]
