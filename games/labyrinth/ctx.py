"""What decide() works with: a private copy of the state, the table's generator, the events
so far, and the registry of decision steps.

Every event is folded into the working copy at once (so the next rule sees its effect), and
after each one the instant victory conditions are checked (spec 1.1: "checked whenever game
state changes"); a win ends the decision there.
"""

from collections.abc import Callable

from . import victory
from .evolve import evolve

# step kind -> (prompt(state, step) -> (kind, text, options), handle(ctx, step, part))
STEPS: dict[str, tuple[Callable, Callable]] = {}


def register(kind: str, prompt: Callable, handle: Callable, why: Callable | None = None) -> None:
    STEPS[kind] = (prompt, handle, why)


class GameOver(Exception):
    """Raised by Ctx.emit once a game_over event is emitted: nothing more happens."""


class Ctx:
    def __init__(self, work: dict, rng):
        self.s = work
        self.rng = rng
        self.events: list[dict] = []

    def die(self) -> int:
        return self.rng.die()

    def dice(self, n: int) -> list[int]:
        return [self.rng.die() for _ in range(n)]

    def emit(self, event: dict) -> dict:
        self.events.append(event)
        evolve(self.s, event)
        if event["type"] != "game_over":
            won = victory.instant(self.s, event)
            if won:
                self.game_over(*won)
        return event

    def game_over(self, winner, reason: str, text: str, final: dict | None = None) -> None:
        event = {"type": "game_over", "winner": winner, "reason": reason, "text": text}
        if final:
            event["final"] = final
        self.emit(event)
        raise GameOver()

    def step(self, step: dict | None, **extra) -> None:
        """Set the next decision with a small event of its own (no rules in it)."""
        self.emit({"type": "await", "step": step, **extra})
