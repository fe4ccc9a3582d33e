"""Picture speed: the SVG and the 640-pixel PNG of a mid-game Labyrinth view (the US's) vs
json.dumps of the same view, measured in the same run.

The goal is a PNG in under 150 ms (rendered by the notify job, not on a move's request path).
json.dumps of this view takes about 0.09 ms on the project's machines, so the goal is a ratio
of 1,600; the SVG alone should stay under about 15 ms (a ratio of 150).

Times are the process's CPU time, not the wall clock: both sides are single-threaded and
CPU-bound, and on a shared two-core machine the wall clock of a 100 ms call mostly measures
the other processes (a 0.1 ms baseline fits between them, so the ratio would swing with load).
"""

import functools
import json
import statistics
import time
from collections.abc import Callable

from games.labyrinth import GAME
from tests.games.picture_kit import mid_game
from workers.pictures import draw as png     # drawn every time: png() keeps the last pictures drawn


WIDTH = 640


@functools.cache
def position() -> tuple[dict, str]:
    state = mid_game(GAME, {"scenario": "lets_roll"}, b"bench picture", 240, "us")
    view = GAME.view(state, "us")
    return view, GAME.picture(view, "us")


def cpu_ms(function: Callable[[], object], repeat: int) -> float:
    """The median CPU time of one call, in milliseconds."""
    samples = []
    for _ in range(repeat):
        started = time.process_time()
        function()
        samples.append(time.process_time() - started)
    return statistics.median(samples) * 1000


def baseline_ms(view: dict) -> float:
    return cpu_ms(lambda: json.dumps(view), 400)


def run_svg() -> dict[str, float]:
    view, _ = position()
    base = baseline_ms(view)
    svg_ms = cpu_ms(lambda: GAME.picture(view, "us"), 40)
    return {"json_dumps_ms": base, "svg_ms": svg_ms, "ratio": svg_ms / base, "goal": 150.0}


def run_png() -> dict[str, float]:
    view, svg = position()
    base = baseline_ms(view)
    png(svg, WIDTH)                            # warm up: the first call reads the font files
    png_ms = cpu_ms(lambda: png(svg, WIDTH), 15)
    return {"json_dumps_ms": base, "png_ms": png_ms, "png_kb": len(png(svg, WIDTH)) / 1024,
            "ratio": png_ms / base, "goal": 1600.0}
