"""Victory (7.4): before the scenario closes, the team loots the corpses of the defeated enemies
and collects the tokens of the Sectors where mercs stand. A card goes to a merc standing there (the
active merc's player chooses among several, as for a reward, 12.2)."""

from .battle import give, take_supply
from .data import SKIRMISH
from .decks import draw
from .state import enemy_name, in_play, is_mission, mercs_at, row

# the questions a card handed out asks (who takes it; what to drop for it): answered before the end
CARD_CHOICES = ("reward", "full")


def victory_loot(ctx) -> None:
    """7.4 (L371-L373): "Teraz możecie ograbić zwłoki pokonanych przeciwników oraz zebrać żetony z
    Sektorów, w których stali Najemnicy" - our reading (ruling victory_loot): the corpses and the
    revealed loot caches of each place a merc stands, and its Supply tokens; face-down skirmish
    tokens are threats, not loot, and stay."""
    s = ctx.s
    active = next((m for m in in_play(s) if s["mercs"][m]["active"]), None)
    for sector in sorted({s["mercs"][m]["sector"] for m in in_play(s)}):
        present = mercs_at(s, sector, awake=True) or mercs_at(s, sector)
        by = active if active in present else present[0]
        for e in sorted(s["enemies"]):
            enemy = s["enemies"][e]
            if enemy["sector"] == sector and enemy["down"]:
                _loot(ctx, row(s, e)["loot"], f"the fallen {enemy_name(s, e)}", sector, present, by)
                ctx.set("enemies", {x: v for x, v in ctx.s["enemies"].items() if x != e})
        if is_mission(sector) or sector not in s["sectors"]:
            continue
        caches = s["sectors"][sector]["loot"]
        for area in sorted(caches):
            for token in caches[area]:
                _loot(ctx, SKIRMISH[token]["tier"], f"a loot cache in Area {area}", sector, present, by)
                ctx.set("removed_tokens", ctx.s["removed_tokens"] + [token])
        if any(caches.values()):
            ctx.set(f"sectors.{sector}.loot", {})
        take_supply(ctx, sector)


def _loot(ctx, tier: int, what: str, sector: str, present: list[str], by: str) -> None:
    card = draw(ctx, f"loot{tier}")
    ctx.emit("victory_looted", sector=sector, what=what, tier=tier, card=card)
    if card:
        give(ctx, card, present, by, f"looted from {what} at victory (rule 7.4)")
