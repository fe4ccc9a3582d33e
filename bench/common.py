"""What the benchmarks share: a real Redis server and the tiny test game."""

import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import config
import games
from store.embedded import EmbeddedRedis
from tests.tinygame import Duel


def register_duel() -> Duel:
    try:
        return games.get("duel")  # type: ignore[return-value]
    except games.core.IllegalMove:
        return games.register(Duel())  # type: ignore[return-value]


def redis_server() -> EmbeddedRedis:
    return EmbeddedRedis(Path(tempfile.mkdtemp(prefix="pbem-bench-")), config.REDIS_CONF).start()


def timed(function: Callable[[], object], repeat: int) -> list[float]:
    """Seconds of each of ``repeat`` calls."""
    out = []
    for _ in range(repeat):
        started = time.perf_counter()
        function()
        out.append(time.perf_counter() - started)
    return out


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000
