"""Receiving a card (6.5): a free slot of its type or the Inventory; with no room, the merc's
player keeps it by dropping something carried, or leaves it. An ally with no free slot replaces
an ally, who is discarded (14.4). Income cards go to the team (14.5)."""

from .data import CARDS
from .decks import discard
from .gear import place_for
from .state import merc_name
from .steps import asks, does, opt


def receive(ctx, m: str, card: str, why: str) -> None:
    data = CARDS[card]
    if data["type"] == "income":
        ctx.set("income", sorted(ctx.s["income"] + [card]))
        ctx.emit("income_gained", card=card, why=why, sub=True)
        return
    where = place_for(ctx.s, m, card)
    if where is None:
        ctx.push("full", merc=m, card=card, why=why)
        return
    put(ctx, m, card, where)
    ctx.emit("card_received", merc=m, card=card, where=where, why=why, sub=True)


def put(ctx, m: str, card: str, where: str) -> None:
    merc = ctx.s["mercs"][m]
    if where == "armour":
        ctx.set(f"mercs.{m}.armour", card)
    else:
        ctx.set(f"mercs.{m}.{where}", merc[where] + [card])


def remove(ctx, m: str, card: str) -> None:
    """Take a card off a merc wherever it is (upgrades attached to it come along, as one item)."""
    merc = ctx.s["mercs"][m]
    if merc["armour"] == card:
        ctx.set(f"mercs.{m}.armour", None)
    for zone in ("weapons", "inv", "allies"):
        if card in merc[zone]:
            ctx.set(f"mercs.{m}.{zone}", [c for c in merc[zone] if c != card])
    for base, ups in sorted(merc["upg"].items()):
        if card in ups:
            ctx.set(f"mercs.{m}.upg.{base}", [u for u in ups if u != card])


def drop(ctx, m: str, card: str) -> list[str]:
    """Discard a card and whatever is attached to it; returns the cards discarded."""
    merc = ctx.s["mercs"][m]
    gone = [card] + list(merc["upg"].get(card, []))
    remove(ctx, m, card)
    if card in merc["upg"]:
        ctx.set(f"mercs.{m}.upg", {k: v for k, v in merc["upg"].items() if k != card})
    for c in gone:
        discard(ctx, c)
    return gone


@asks("full")
def ask_full(s, frame):
    m, card = frame["merc"], frame["card"]
    merc = s["mercs"][m]
    is_ally = CARDS[card]["type"] == "ally"
    carried = merc["allies"] if is_ally else merc["inv"]
    options = [opt(f"leave {CARDS[card]['name']}", keep=False)]
    verb = "dismiss" if is_ally else "drop"
    options += [opt(f"{verb} {CARDS[c]['name']} to take it", keep=True, drop=c) for c in carried]
    text = (f"{merc_name(m)} has no room for {CARDS[card]['name']} (rule 6.5): drop something carried, "
            "or leave the new card.")
    return {merc["seat"]: ("room", text, options)}


@does("full")
def do_full(ctx, frame, seat, move):
    m, card = frame["merc"], frame["card"]
    ctx.pop()
    if not move["keep"]:
        discard(ctx, card)
        ctx.emit("card_left", merc=m, card=card)
        return
    gone = drop(ctx, m, move["drop"])
    where = place_for(ctx.s, m, card)
    if where is None:   # the dropped card was not enough (a heavy item): ask again
        ctx.emit("card_dropped", merc=m, cards=gone)
        ctx.push("full", merc=m, card=card, why=frame["why"])
        return
    put(ctx, m, card, where)
    ctx.emit("card_swapped", merc=m, card=card, dropped=gone, where=where)
