"""A player's lobby: every table they sit at, the ones waiting on them first, at a signed address
that only they are sent (the link is in each of their emails)."""

from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import i18n
from games.core import words
from store import TableStore

from . import deadlines, framing, signing
from .auth import link_key
from .errors import NotFound
from .model import load
from .notices import MailSettings, lobby_key


def lobby_email(secret_key: str, key: str) -> str | None:
    return signing.email_of(secret_key, "lobby", key)


@dataclass
class Seat:
    table: str
    title: str
    seat: str
    opponents: list[str]
    framing: str              # ", with Sofia (southwest), against ...": teammates and co-op partners are "with"
    status: str               # "your_move" | "waiting" | "finished"
    prompt: str | None        # the question the player is asked, when it is their move
    waiting_for: list[str]    # who the table waits on otherwise
    since: float | None       # when the table began to wait on the player
    deadline: float | None
    result: str | None
    seq: int
    link: str
    label: str = ""           # the seat as the reader's language names it (the page's; not in the JSON)

    def as_dict(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "label"}


ORDER = {"your_move": 0, "waiting": 1, "finished": 2}


def said(seat: Seat, game: Any, language: str) -> None:
    """``seat``'s words in ``language``: the game's from its catalogue, the seats by their names."""
    seat.label = framing.seat_name(game, seat.seat, language)
    seat.prompt = words.say(game.name, seat.prompt, language) if seat.prompt else seat.prompt
    seat.result = words.say(game.name, seat.result, language) if seat.result else seat.result
    seat.waiting_for = [i18n.gettext("the server", language) if who == "the server"
                        else framing.label_said(game, who, language) for who in seat.waiting_for]


def seats_of(store: TableStore, email: str, m: MailSettings, language: str | None = None) -> list[Seat]:
    """Every seat of the player: waiting on them first (oldest deadline first), then the tables
    waiting on others, then the finished ones (latest first). In ``language`` (other than English)
    the words a page shows are said in it: the framing, the question, whom it waits for, the result."""
    email, out = email.lower(), []
    for table_id in store.player_tables(email):
        try:
            table = load(store, table_id)
        except NotFound:
            continue
        waiting = store.waiting(table_id)
        prompts, result = table.prompts(), table.result()
        for seat, info in table.seats.items():
            if (info.get("email") or "").lower() != email:
                continue
            mine = result is None and seat in prompts
            edge = waiting.get(seat)
            deadline = deadlines.current_deadline(store, table_id, seat, edge) if mine and edge else None
            others = [f"{table.seats[s].get('name') or s} ({s})" for s in sorted(prompts)
                      if s != seat and s in table.seats]
            out.append(Seat(
                table=table_id, title=table.game.title, seat=seat,
                opponents=[f"{i.get('name') or s} ({s})" for s, i in table.seats.items() if s != seat],
                framing=framing.phrase(table.game, table.seats, seat, language),
                status="finished" if result else "your_move" if mine else "waiting",
                prompt=prompts[seat].get("text") if mine else None,
                waiting_for=[] if result or mine else others or ["the server"],
                since=deadlines.entry_time(store, table_id, edge) if mine and edge else None,
                deadline=deadline, result=(result or {}).get("text"), seq=table.seq,
                link=f"{m.public_url.rstrip('/')}/play/{table_id}?token={quote(link_key(m.secret_key, table_id, seat))}"))
            if i18n.known(language) != i18n.DEFAULT:
                said(out[-1], table.game, language)
    far = float("inf")
    return sorted(out, key=lambda s: (ORDER[s.status], s.deadline or far, -(s.seq if s.status == "finished" else 0),
                                      s.table, s.seat))
