"""Fold speed: replaying a 2,500-event log vs json.loads of the same log."""

import json

import games
from games.core import Game, Rng, fold
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


def played_logs(game: Game, events: int, seed: bytes, options: dict | None = None,
                 prefer: tuple[str, ...] = ()) -> list[list[str]]:
    """Whole games of random listed options (or the first whose label starts with a ``prefer``
    word), stored as logs, until ``events`` events in all (0: one whole game)."""
    logs, total, number = [], 0, 0
    while total < events or not logs:
        entries, state, position = [], None, 0
        batch = game.start(game.resolve_options(options), list(game.seats), Rng(seed + bytes([number % 256]), 0))
        while True:
            state = fold(game, batch, state)
            entries += envelope.wrap(batch, position + 1, "bench", {}, "bench", 0.0)
            position += len(batch)
            prompts = game.prompts(state)
            if not prompts:
                break
            seat = sorted(prompts)[0]
            listed = prompts[seat]["options"]
            preferred = [o for word in prefer for o in listed if o["label"].startswith(word)]
            move = (preferred or [listed[Rng(seed, position).below(len(listed))]])[0]["move"]
            batch = game.decide(state, seat, move, Rng(seed + bytes([number % 256]), position))
        logs.append([envelope.dumps(e) for e in entries])
        total += len(entries)
        number += 1
    return logs


def run_game(name: str, events: int = EVENTS, options: dict | None = None,
             prefer: tuple[str, ...] = ()) -> dict[str, float]:
    """Fold the logs of whole random games of ``name`` vs json.loads of the same logs."""
    game = games.get(name)
    logs = played_logs(game, events, b"bench " + name.encode(), options, prefer)

    def parse() -> None:
        for log in logs:
            [json.loads(line) for line in log]

    def replay() -> None:
        for log in logs:
            fold(game, [json.loads(line)["event"] for line in log])

    parse_ms = median_ms(timed(parse, 15))
    fold_ms = median_ms(timed(replay, 15))
    return {"games": len(logs), "events": sum(map(len, logs)), "json_loads_ms": parse_ms, "fold_ms": fold_ms,
            "ratio": fold_ms / parse_ms, "goal": 10.0}


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
