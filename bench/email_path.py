"""How many emails and replies a whole game takes when it is played only by email.

A whole random Clash match and a whole random 1-deck Labyrinth game go through the real email
path: a real SMTP server receives what the server sends, the players' replies go to the
server's own SMTP listener (`pbem mail-in`), and the worker runs in this process. Each scripted
player answers the newest email that asks it something with the whole stretch it plans: its
choices until another player must act, chosen in advance on its own copy of the position (with
dice of its own, so a die may spoil the plan), written in the game's notation, one per line.

Reported per game: emails sent to each seat, replies, hand-offs between players (the physical
minimum of replies), replies per hand-off, game turns, and questions with one answer that
were emailed (the goal is none).

`python -m bench.email_path` (also part of `make bench`).
"""

import copy
import os
import smtplib
import tempfile
import threading
import time
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import redis

import config
import games
import tables
from games.core import SYSTEM, Rng, fold
from store import TableStore
from store.embedded import EmbeddedRedis, free_port
from tables import envelope
from tables.model import forced

GAMES = {"clash": ({"mcworld": "Ann", "jihad": "Bob"}, {}),
         "labyrinth": ({"us": "Uma", "jihadist": "Jay"}, {"decks": 1})}


class Sink:
    """The outgoing SMTP server: keeps every email it is sent."""

    def __init__(self) -> None:
        from aiosmtpd.controller import Controller
        self.messages: list[EmailMessage] = []
        self.lock = threading.Lock()
        self.port = free_port()
        self.controller = Controller(self, hostname="127.0.0.1", port=self.port)
        self.controller.start()

    async def handle_DATA(self, server: Any, session: Any, envelope_: Any) -> str:
        import email
        from email import policy
        with self.lock:
            self.messages.append(email.message_from_bytes(envelope_.content, policy=policy.default))
        return "250 OK"


def plan(game: games.core.Game, state: Any, seat: str, seats: dict[str, Any], rng: Rng) -> list[str]:
    """The seat's stretch as it sees it coming: random choices until another player must act,
    with the rules' own steps played on the copy with dice of the player's own."""
    state, lines = copy.deepcopy(state), []
    for step in range(200):
        prompts = game.prompts(state)
        if not prompts or game.result(state) is not None:
            break
        who = sorted(prompts)[0]
        if who != seat and who != SYSTEM and not forced(prompts[who]) and not seats[who].get("bot"):
            break                                   # another player decides: the stretch ends here
        options = prompts[who]["options"]
        move = options[0]["move"] if who != seat or forced(prompts[who]) else options[rng.below(len(options))]["move"]
        if who == seat and not forced(prompts[who]):
            text = game.notate(state, seat, move)
            lines.append(text if text else str(options.index(next(o for o in options if o["move"] == move)) + 1))
        state = fold(game, game.decide(state, who, move, Rng(b"the player's own dice", step)),
                     copy.deepcopy(state))
    return lines


def play(name: str, seed: int = 1) -> dict[str, Any]:
    names, options = GAMES[name]
    game = games.get(name)
    with tempfile.TemporaryDirectory() as folder:
        server = EmbeddedRedis(Path(folder) / "redis", config.REDIS_CONF).start()
        sink = Sink()
        os.environ.update({"REDIS_URL": server.url, "SMTP_URL": f"smtp://127.0.0.1:{sink.port}",
                           "PBEM_DATA_DIR": folder, "SECRET_KEY": "bench", "PUBLIC_URL": "http://pbem.bench"})
        settings = config.load()
        from workers import settle, smtp_in
        from workers.context import Context
        from workers.process import rq_worker
        client = redis.Redis.from_url(server.url)
        store = TableStore(client)
        listener_port = free_port()
        listener = smtp_in.listen("127.0.0.1", listener_port, settings)
        try:
            return _play(game, names, options, seed, store, client, settings, sink, listener_port,
                         lambda: _work(Context(settings, store), client, settings, settle, rq_worker))
        finally:
            listener.stop()
            sink.controller.stop()
            server.stop()


def _work(ctx: Any, client: redis.Redis, settings: config.Settings, settle: Any, rq_worker: Any) -> None:
    first = True
    while settle.drain(ctx) or first:
        rq_worker(client, settings).work(burst=True, with_scheduler=True, logging_level="ERROR")
        first = False


def _play(game: Any, names: dict[str, str], options: dict[str, Any], seed: int, store: TableStore,
          client: redis.Redis, settings: config.Settings, sink: Sink, listener_port: int, work: Any) -> dict[str, Any]:
    seats = {seat: {"name": who, "email": f"{who.lower()}@bench.example"} for seat, who in names.items()}
    table = tables.start(store, game.name, options, seats, time.time()).table
    work()
    rng, replies, answered = Rng(seed.to_bytes(4, "big"), 0), 0, set()
    one_option = 0
    for _ in range(5000):
        table = tables.load(store, table.id)
        if table.result() is not None:
            break
        (seat,) = [s for s in table.prompts() if s != SYSTEM]
        mine = [m for m in sink.messages if seats[seat]["email"] in str(m["To"]) and m["Reply-To"]]
        fresh = [m for m in mine if str(m["Message-ID"]) not in answered]
        assert fresh, f"{seat} was asked nothing by email"
        message = fresh[-1]
        answered.update(str(m["Message-ID"]) for m in mine)
        prompt = table.prompts()[seat]
        one_option += forced(prompt)
        lines = plan(game, table.state, seat, seats, rng) or ["1"]
        _reply(listener_port, message, "\n".join(lines), seats[seat]["email"])
        replies += 1
        work()
    else:
        raise RuntimeError(f"{game.name}: the game did not end")
    return _report(game, table, store, seats, sink, replies, one_option)


def _reply(port: int, message: EmailMessage, body: str, sender: str) -> None:
    answer = EmailMessage()
    answer["From"], answer["To"] = sender, str(message["Reply-To"])
    answer["Subject"] = "Re: " + str(message["Subject"])
    answer["In-Reply-To"] = str(message["Message-ID"])
    answer.set_content(body + "\n")
    with smtplib.SMTP("127.0.0.1", port) as smtp:     # the listener queues the job before it answers 250
        smtp.send_message(answer)


def _report(game: Any, table: Any, store: TableStore, seats: dict[str, Any], sink: Sink, replies: int,
            one_option: int) -> dict[str, Any]:
    entries = [envelope.loads(e) for e in store.read(table.id)]
    deciders = [e["by"] for e in entries if "move" in e and e["by"] in seats and not e["cmd"].startswith("forced-")]
    handoffs = 1 + sum(1 for a, b in zip(deciders, deciders[1:]) if a != b)
    turns = _turns(game.name, entries, table.state)
    emails = {seat: sum(1 for m in sink.messages if info["email"] in str(m["To"])) for seat, info in seats.items()}
    return {"game": game.name, "emails": emails, "replies": replies, "handoffs": handoffs, "turns": turns,
            "replies_per_turn": replies / turns, "handoffs_per_turn": handoffs / turns,
            "replies_per_handoff": replies / handoffs, "one_option_questions_emailed": one_option}


def _turns(name: str, entries: list[dict[str, Any]], state: Any) -> int:
    if name == "clash":                          # a Clash turn is a placement
        return sum(1 for e in entries if e["event"]["type"] == "placed")
    return max(1, int(state.get("turn", 1)))


def run() -> list[dict[str, Any]]:
    return [play(name) for name in GAMES]


GOALS = {"clash": ("replies_per_turn", 1.0), "labyrinth": ("replies_per_handoff", 1.5)}


def main() -> None:
    for r in run():
        emails = ", ".join(f"{seat} {n}" for seat, n in r["emails"].items())
        figure, goal = GOALS[r["game"]]
        met = r[figure] <= goal and r["one_option_questions_emailed"] == 0
        print(f"email play, a whole {r['game']} game: {r['turns']} turns, {r['replies']} replies, "
              f"{r['handoffs']} hand-offs; replies per turn {r['replies_per_turn']:.2f}, hand-offs per turn "
              f"{r['handoffs_per_turn']:.2f}, replies per hand-off {r['replies_per_handoff']:.2f}; emails sent: "
              f"{emails}; one-option questions emailed: {r['one_option_questions_emailed']} "
              f"({'meets' if met else 'MISSES'} the goal: {figure.replace('_', ' ')} <= {goal}, no one-option question)")


if __name__ == "__main__":
    main()
