"""The mail worker's CPU time per turn email, against json.dumps of the same seat's view, measured
in the same run; picture_ms is the median email's PNG alone (drawn by resvg, within email_ms),
content_ms its content (notices.your_turn: the view, the board's SVG, the example turn, the options'
notation) and mime_ms the email written out as bytes (workers/mime.py), both within email_ms too.

Mid-game tables of Labyrinth, Clash, La Famiglia and Jagged Alliance (all seats human), played by
random listed options through the use cases; at several hand-offs the newly asked seat's turn email
is made as the notify job makes it: the table loaded, the email's content (notices.your_turn), the
email rendered (text, HTML, the board picture or its phone crop as PNG) and written out as bytes.
Each email is rendered with the kept pictures and example turns emptied first: a worker draws each
turn's picture and works out its example once (the pictures kept by their SVG's hash spare a retry,
the examples kept by position a reminder's or a 'help' answer's). It is made ``BEST_OF`` times so,
and its least CPU time counts: on a machine shared with other work the CPU time of one try swings
by a third (caches and cores taken by the others), the least of three by a few per cent.

The parts of a picture a game keeps per process (games/core/svg.py ``keep``: Labyrinth's country
boxes by what they show, La Famiglia's areas and sheet fields) stay kept between emails, as in a
worker; the bench's emails come from a few tables, so it finds more of them kept than a worker
serving many tables does. ``forget`` (the third argument ``forget``) empties them too before each
try: a worker that has drawn none of them yet.

The goal is 30 ms of CPU per email; json.dumps of these views takes about 0.08 ms on the project's
machines, so the goal is a ratio of 375. Times are the process's CPU time (the embedded Redis is
another process), as in bench/picture.py; the figures per game are the median email of each.

`python -m bench.mail_cpu [emails per game] [tries of each] [forget]` (also part of `make bench`).
"""

import functools
import importlib
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import redis

import config
import tables
from games.core import Rng, svg
from store import TableStore
from store.embedded import EmbeddedRedis
from tables import notices
from tables.reading import view
from workers import mail, mime, pictures

GOAL_MS = 30.0
GOAL = 375.0
GAMES = {
    "labyrinth": ({}, ("us", "jihadist")),
    "clash": ({}, ("mcworld", "jihad")),
    "lafamiglia": ({}, ("southwest", "northeast", "southeast", "northwest")),
    "jaggedalliance": ({"players": 2, "scenario": "1"}, ("merc1", "merc2")),
}
BEST_OF = 3        # each email made this many times (nothing kept between), its least CPU counted
FROM = 30          # decisions into the game before the first email measured
EVERY = 9          # decisions between the emails measured


def hand_offs(store: TableStore, game: str, emails: int):
    """Yield (table, seat, edge) of ``emails`` turn emails, each when a seat is newly asked, along a
    random game (several tables if one ends first): an email is measured at its hand-off, before
    the game moves on."""
    options, seats = GAMES[game]
    chooser, left = Rng(f"mail cpu {game}".encode(), 0), emails
    for attempt in range(20):
        people = {s: {"name": s.title(), "email": f"{s}@example.org"} for s in seats}
        table_id = tables.start(store, game, options, people, time.time(),
                                seed=f"mail cpu {game} {attempt}".encode()).table.id
        made, before, due = 0, set(), FROM
        while left:
            table = tables.advance(store, table_id, now=time.time()).table
            if table.result() is not None:
                break
            asked = sorted(table.prompts())
            fresh = [s for s in asked if s not in before]
            if made >= due and fresh:
                yield table_id, fresh[0], store.waiting(table_id)[fresh[0]]
                left, due = left - 1, made + EVERY
            seat = asked[chooser.below(len(asked))]
            listed = table.prompts()[seat].get("options") or []
            tables.submit(store, table, seat, option=1 + chooser.below(len(listed)), now=time.time())
            before, made = set(asked), made + 1
        if not left:
            return
    raise AssertionError(f"{game}: fewer than {emails} hand-offs")


def turn_email(store: TableStore, settings: config.Settings, table_id: str, seat: str, edge: int) -> bytes:
    """What the notify job does for one turn email, short of the SMTP conversation."""
    table = tables.load(store, table_id)
    content = notices.your_turn(store, table, seat, edge, mail.mail_settings(settings, time.time()))
    assert content is not None
    content["welcome"] = False
    name = f"your_turn-{edge}-{seat}"
    return bytes(mail.render("your_turn", content, settings, mail.message_id(settings, table_id, name), store))


PICTURES = ("games.labyrinth.picture", "games.labyrinth.picture_panels", "games.lafamiglia.picture",
            "games.clash.picture", "games.jaggedalliance.picture")


def forget_kept() -> None:
    """Empty the parts of pictures kept per process: the elements written once (svg.keep) and what
    the pictures' modules keep by what it shows (their functools caches)."""
    svg._kept.clear()
    for name in PICTURES:
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        for value in vars(module).values():
            if isinstance(value, functools._lru_cache_wrapper) and getattr(value, "__module__", None) == name:
                value.cache_clear()


def cpu_ms(function, *args: Any) -> float:
    started = time.process_time()
    function(*args)
    return (time.process_time() - started) * 1000


def run(emails: int = 6, best_of: int = BEST_OF, forget: bool = False) -> dict[str, float]:
    folder = Path(tempfile.mkdtemp(prefix="pbem-mail-cpu-"))
    draw, content, write = pictures.draw, notices.your_turn, mime.write
    server = EmbeddedRedis(folder / "redis", config.REDIS_CONF).start()
    saved = dict(os.environ)
    try:
        os.environ.update(REDIS_URL=server.url, PBEM_DATA_DIR=str(folder), SECRET_KEY="bench",
                          PUBLIC_URL="http://pbem.test")
        settings = config.load()
        store = TableStore(redis.Redis.from_url(server.url))
        result: dict[str, float] = {}
        emails_ms, base_ms, picture_ms, warm = [], [], [], False
        drawing: list[float] = []          # the CPU of the email's PNG, within the email's
        parts: dict[str, list[float]] = {"content": [], "mime": []}
        part_ms = {"content": 0.0, "mime": 0.0}

        def timed(function, into: list[float] | None, part: str | None = None):
            def run(*args: Any) -> Any:
                started = time.process_time()
                try:
                    return function(*args)
                finally:
                    spent = (time.process_time() - started) * 1000
                    if into is not None:
                        into.append(spent)
                    if part is not None:
                        part_ms[part] += spent
            return run
        pictures.draw = timed(draw, drawing)
        notices.your_turn = timed(content, None, "content")
        mime.write = timed(write, None, "mime")
        for game in GAMES:
            mine = []
            for table_id, seat, edge in hand_offs(store, game, emails):
                if not warm:                                        # templates, fonts, first imports
                    turn_email(store, settings, table_id, seat, edge)
                    warm = True
                seen = view(tables.load(store, table_id), seat)
                base_ms.append(statistics.median(cpu_ms(json.dumps, seen) for _ in range(200)))
                tries = []
                for _ in range(best_of):
                    pictures._kept = pictures._Kept()              # each turn's picture is new to the worker
                    notices._examples.clear()                     # and so is its example turn
                    if forget:
                        forget_kept()                             # and the parts of pictures kept
                    drawing.clear()
                    part_ms.update(content=0.0, mime=0.0)
                    tries.append((cpu_ms(turn_email, store, settings, table_id, seat, edge), sum(drawing),
                                  dict(part_ms)))
                spent_ms, drawn_ms, spent_parts = min(tries, key=lambda t: t[0])
                mine.append(spent_ms)
                picture_ms.append(drawn_ms)
                for part, spent in spent_parts.items():
                    parts[part].append(spent)
            result[f"{game}_ms"] = statistics.median(mine)
            emails_ms += mine
        email_ms, base = statistics.median(emails_ms), statistics.median(base_ms)
        return {"json_dumps_ms": base, "email_ms": email_ms, **result, "picture_ms": statistics.median(picture_ms),
                **{f"{part}_ms": statistics.median(spent) for part, spent in parts.items()},
                "ratio": email_ms / base, "goal": GOAL}
    finally:
        pictures.draw, notices.your_turn, mime.write = draw, content, write
        os.environ.clear()
        os.environ.update(saved)
        server.stop()


def main() -> None:
    result = run(int(sys.argv[1]) if len(sys.argv) > 1 else 6, int(sys.argv[2]) if len(sys.argv) > 2 else BEST_OF,
                 sys.argv[3:4] == ["forget"])
    print(", ".join(f"{k} {v:.2f}" for k, v in result.items()), f"(goal {GOAL_MS:.0f} ms an email)")


if __name__ == "__main__":
    main()
