"""Fold speed: replaying a 2,500-event log vs json.loads of the same log."""

import json

from games.core import fold
from tables import envelope

from .common import median_ms, register_duel, timed

EVENTS = 2500


def duel_log() -> list[str]:
    """A stored log of 2,500 events: the setup, two deals, then additions."""
    events = [{"type": "setup", "target": 10**9}, {"type": "dealt", "seat": "north", "card": 3},
              {"type": "dealt", "seat": "south", "card": 5}]
    total = 0
    while len(events) < EVENTS:
        total += 2
        events.append({"type": "added", "seat": "north" if len(events) % 2 else "south", "n": 2, "total": total})
    entries = envelope.wrap(events, 1, "north", {"add": 2}, "bench", 0.0)
    return [envelope.dumps(e) for e in entries]


def run() -> dict[str, float]:
    game = register_duel()
    log = duel_log()

    def parse() -> None:
        [json.loads(line) for line in log]

    def replay() -> None:
        fold(game, [json.loads(line)["event"] for line in log])

    parse_ms = median_ms(timed(parse, 30))
    fold_ms = median_ms(timed(replay, 30))
    return {"events": len(log), "json_loads_ms": parse_ms, "fold_ms": fold_ms, "ratio": fold_ms / parse_ms,
            "goal": 10.0}
