"""Decks and piles (spec 21.3): their order is hidden (``hidden.decks``), their discard piles
are public. An empty deck is made again from its discard pile, shuffled by the table's
generator. A.I.M. cards always go back to the Market deck (14.1)."""

from .data import CARDS


def draw(ctx, deck: str) -> str | None:
    pile = ctx.s["hidden"]["decks"].get(deck, [])
    if not pile:
        discards = ctx.s["discards"].get(deck, [])
        if not discards:
            return None
        pile = ctx.rng.shuffled(sorted(discards))
        ctx.set(f"discards.{deck}", [])
        ctx.emit("reshuffled", deck=deck, cards=len(pile), sub=True)
    card, rest = pile[0], pile[1:]
    ctx.set(f"hidden.decks.{deck}", rest)
    ctx.set(f"counts.{deck}", len(rest))
    return card


def discard(ctx, card: str) -> None:
    """A card leaves a merc: A.I.M.-backed cards to the Market deck, loot to its pile."""
    deck = CARDS[card]["deck"]
    if deck == "aim":
        ctx.set("market", sorted(ctx.s["market"] + [card]))
    else:
        ctx.set(f"discards.{deck}", ctx.s["discards"].get(deck, []) + [card])


def discard_to(ctx, pile: str, card: str) -> None:
    ctx.set(f"discards.{pile}", ctx.s["discards"].get(pile, []) + [card])
