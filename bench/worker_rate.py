"""How much one worker does per second: settling tables (the `advance` work: the rules' own
steps and a bot's whole turn, the clocks, who to email) and sending emails (`notify`: render
the text, the HTML and the picture, and deliver over real SMTP to a local server).

Clash tables, each with a random bot for the Jihad: every McWorld turn is made in advance
(through the use case, no worker running), which leaves one table per turn for the worker to
settle; then one worker's settler drains them all, and one rq worker (SimpleWorker, this
process, as in `pbem worker`) sends the emails that queued. Figures for README.md, "Production".

`python -m bench.worker_rate [tables]` (not part of `make bench`: it reports rates, not ratios).
"""

import os
import sys
import tempfile
import time
from pathlib import Path

import redis

import config
import tables
from store import TableStore
from store.embedded import EmbeddedRedis
from workers import settle
from workers.context import Context
from workers.process import rq_worker
from workers.queue import mail_queue

from .email_path import Sink

SEATS = {"mcworld": {"name": "Ann", "email": "ann@example.org"}, "jihad": {"bot": "random"}}


def human_turn(store: TableStore, table_id: str) -> None:
    """McWorld plays option 1 until the bot must answer."""
    table = tables.load(store, table_id)
    while "mcworld" in table.prompts():
        table = tables.submit(store, table, "mcworld", option=1, now=time.time()).table


def main(count: int = 300) -> None:
    folder = Path(tempfile.mkdtemp(prefix="pbem-rate-"))
    server, sink = EmbeddedRedis(folder / "redis", config.REDIS_CONF).start(), Sink()
    try:
        os.environ.update(REDIS_URL=server.url, PBEM_DATA_DIR=str(folder), SECRET_KEY="bench",
                          SMTP_URL=f"smtp://127.0.0.1:{sink.port}")
        settings = config.load()
        connection = redis.Redis.from_url(server.url)
        store, ctx = TableStore(connection), Context(settings, TableStore(connection))
        ids = [tables.start(store, "clash", {}, SEATS, time.time()).table.id for _ in range(count)]
        settle.drain(ctx)                                        # the openings: the invitations are queued
        mails = mail_queue(connection, settings)
        mails.empty()
        for table_id in ids:
            human_turn(store, table_id)
        started = time.perf_counter()
        settled = settle.drain(ctx)                              # the bot's turns, the clocks, the turn emails queued
        settle_s = time.perf_counter() - started
        queued = mails.count
        started = time.perf_counter()
        rq_worker(connection, settings, ("mail",)).work(burst=True, logging_level="ERROR")
        send_s = time.perf_counter() - started
        print(f"one worker, {count} Clash tables: settled {settled} change notices in {settle_s:.1f} s "
              f"({settled / settle_s:.0f}/s, {count / settle_s:.0f} bot turns/s); sent {len(sink.messages)} of {queued} queued emails in "
              f"{send_s:.1f} s ({len(sink.messages) / send_s:.1f} emails/s)")
    finally:
        sink.controller.stop()
        server.stop()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
