"""Between scenarios (7.5): before deploying, the team buys unlocked cards from the Market deck
at their cost, sells cards at half their value (rounded down), moves cards between its mercs and
keeps cards in the reserve. The resource keeper (the first seat, 8.1 step 8) decides; at most
``LIMIT`` changes (an engine limit), then the team deploys. A.I.M.-backed cards sold go back to
the Market deck; loot cards to their discard pile (FAQ, L2920)."""

from .data import CARDS
from .decks import discard
from .gear import place_for
from .inventory import put, remove
from .state import held, merc_name
from .steps import asks, does, opt

LIMIT = 10


def keeper(s: dict) -> str:
    return s["seats"][0]


@asks("prepare")
def ask_prepare(s, frame):
    options = [opt("ready: deploy the team", shop="done")]
    if frame["n"] < LIMIT:
        money = s["pool"]["money"]
        for card in s["market"]:
            if CARDS[card]["cost"] > money:
                continue
            for m in s["order"]:
                if place_for(s, m, card):
                    options.append(opt(f"buy {CARDS[card]['name']} (${CARDS[card]['cost']}) for {merc_name(m)}",
                                       shop="buy", c=card, m=m))
        for m in s["order"]:
            for card in held(s, m):
                if any(card in ups for ups in s["mercs"][m]["upg"].values()):
                    continue
                options.append(opt(f"sell {CARDS[card]['name']} of {merc_name(m)} for ${CARDS[card]['cost'] // 2}",
                                   shop="sell", c=card, m=m))
                options.append(opt(f"keep {CARDS[card]['name']} of {merc_name(m)} in the reserve", shop="stash",
                                   c=card, m=m))
                for other in s["order"]:
                    if other != m and place_for(s, other, card):
                        options.append(opt(f"give {CARDS[card]['name']} of {merc_name(m)} to {merc_name(other)}",
                                           shop="move", c=card, m=m, to=other))
        for card in s["reserve"]:
            for m in s["order"]:
                if place_for(s, m, card):
                    options.append(opt(f"take {CARDS[card]['name']} from the reserve for {merc_name(m)}",
                                       shop="unstash", c=card, m=m))
    text = (f"Between scenarios (rule 7.5): the Pool has ${s['pool']['money']} and {s['pool']['rebels']} rebels; "
            f"{len(s['market'])} card{'s' if len(s['market']) != 1 else ''} in the Market deck. Shop, or deploy.")
    return {keeper(s): ("shop", text, options)}


@does("prepare")
def do_prepare(ctx, frame, seat, move):
    kind = move["shop"]
    if kind == "done":
        ctx.pop()
        ctx.emit("shopping_done", money=ctx.s["pool"]["money"])
        from .setup import deploy
        deploy(ctx)
        return
    ctx.update(n=frame["n"] + 1)
    card, m = move["c"], move["m"]
    data = CARDS[card]
    if kind == "buy":
        ctx.set("pool.money", ctx.s["pool"]["money"] - data["cost"])
        ctx.set("market", [c for c in ctx.s["market"] if c != card])
        put(ctx, m, card, place_for(ctx.s, m, card))
        ctx.emit("bought", card=card, merc=m, cost=data["cost"])
    elif kind == "sell":
        _take_off(ctx, m, card)
        ctx.set("pool.money", ctx.s["pool"]["money"] + data["cost"] // 2)
        discard(ctx, card)
        ctx.emit("sold", card=card, merc=m, price=data["cost"] // 2)
    elif kind == "stash":
        _take_off(ctx, m, card)
        ctx.set("reserve", sorted(ctx.s["reserve"] + [card]))
        ctx.emit("stashed", card=card, merc=m)
    elif kind == "unstash":
        ctx.set("reserve", [c for c in ctx.s["reserve"] if c != card])
        put(ctx, m, card, place_for(ctx.s, m, card))
        ctx.emit("unstashed", card=card, merc=m)
    elif kind == "move":
        _take_off(ctx, m, card)
        put(ctx, move["to"], card, place_for(ctx.s, move["to"], card))
        ctx.emit("traded", merc=m, card=card, to=move["to"])


def _take_off(ctx, m: str, card: str) -> None:
    """A card leaves a merc with what is attached to it (attached upgrades go to the reserve)."""
    ups = ctx.s["mercs"][m]["upg"].get(card, [])
    remove(ctx, m, card)
    if card in ctx.s["mercs"][m]["upg"]:
        ctx.set(f"mercs.{m}.upg", {k: v for k, v in ctx.s["mercs"][m]["upg"].items() if k != card})
    if ups:
        ctx.set("reserve", sorted(ctx.s["reserve"] + ups))
