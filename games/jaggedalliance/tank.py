"""The Tank's armour tokens (13.6, L3074-L3091): before damage is applied, one face-down token
is revealed and its value subtracted; once damage gets through, every token goes face down and
is mixed again (by the table's generator); tokens revealed by an attack that did no damage stay
up and do not count again. One token stops the Tank killing an ally at its next activation."""

from .data import TANK_GUARD, TANK_TOKENS


def tank_armour(ctx, e: str, through: int) -> tuple[int, dict]:
    pile = ctx.s["hidden"]["tank"][e]
    if not pile:   # every token is up: mix them all again
        pile = ctx.rng.shuffled(list(range(len(TANK_TOKENS))))
        ctx.set(f"tank.{e}", [])
    token, pile = pile[0], pile[1:]
    value = TANK_TOKENS[token]
    if token == TANK_GUARD:
        ctx.set(f"tank_guard.{e}", True)
    left = through - value
    if left > 0:
        ctx.set(f"hidden.tank.{e}", ctx.rng.shuffled(list(range(len(TANK_TOKENS)))))
        ctx.set(f"tank.{e}", [])
    else:
        ctx.set(f"hidden.tank.{e}", pile)
        ctx.set(f"tank.{e}", ctx.s["tank"].get(e, []) + [token])
    return left, {"token": token, "value": value, "guard": token == TANK_GUARD}
