"""What each email says, as data for mail_templates/: invitation, your turn, game over.

Everything here is already redacted for the seat the email goes to.
"""

from typing import Any
from urllib.parse import quote

from store import TableStore

from . import envelope
from .auth import link_key
from .model import Table, load
from .reading import entries_for, view

RECENT_LIMIT = 60     # events shown at most under "since your last move"


def _base(table: Table, seat: str, public_url: str, secret_key: str) -> dict[str, Any]:
    key = link_key(secret_key, table.id, seat)
    base = public_url.rstrip("/")
    info = table.seats[seat]
    return {"table": table.id, "game": table.game.name, "title": table.game.title, "seat": seat,
            "name": info["name"], "to": info["email"],
            "link": f"{base}/play/{table.id}?token={quote(key)}",
            "export_link": f"{base}/tables/{table.id}/export?token={quote(key)}",
            "opponents": [{"seat": s, "name": i["name"]} for s, i in table.seats.items() if s != seat],
            "seed_sha256": table.doc["seed_sha256"]}


def invitation(store: TableStore, table_id: str, seat: str, public_url: str, secret_key: str) -> dict[str, Any]:
    table = load(store, table_id)
    return {**_base(table, seat, public_url, secret_key), "kind": "invitation",
            "notation": table.game.notation_help}


def your_turn(store: TableStore, table_id: str, seat: str, edge: int, public_url: str,
              secret_key: str) -> dict[str, Any] | None:
    """None when the seat is no longer waited on since ``edge``: the email has nothing to say."""
    table = load(store, table_id)
    if store.waiting(table_id).get(seat) != edge or table.result() is not None:
        return None
    seen = view(table, seat)
    prompt = next(p for p in seen["prompts"] if p["seat"] == seat)
    return {**_base(table, seat, public_url, secret_key), "kind": "your_turn", "seq": table.seq,
            "recent": [e["text"] for e in since_last_move(store, table, seat)],
            "brief": table.game.brief(table.state, seat),
            "prompt": prompt["text"], "options": [o["label"] for o in prompt.get("options", [])],
            "range": prompt.get("range"), "notation": table.game.notation_help}


def game_over(store: TableStore, table_id: str, seat: str, public_url: str, secret_key: str) -> dict[str, Any]:
    table = load(store, table_id)
    return {**_base(table, seat, public_url, secret_key), "kind": "game_over", "seq": table.seq,
            "result": table.result(), "seed": table.doc["seed"],
            "recent": [e["text"] for e in since_last_move(store, table, seat)]}


def since_last_move(store: TableStore, table: Table, seat: str) -> list[dict[str, Any]]:
    """The events after the seat's own last decision, as the seat may see them, oldest first."""
    back = [envelope.loads(e) for e in store.read_back(table.id, RECENT_LIMIT)]
    recent = []
    for entry in back:
        if entry["by"] == seat and "move" in entry:
            break
        recent.append(entry)
    return entries_for(table, list(reversed(recent)), seat)
