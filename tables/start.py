"""Start a table: a secret seed (its SHA-256 published), seat tokens, the setup events."""

import base64
import hashlib
import hmac
import json
import re
import secrets
from dataclasses import dataclass
from typing import Any

import games
import i18n
from games.core import SYSTEM, IllegalMove, Rng
from store import TableStore

from . import deadlines, envelope, history, preferences
from .appending import update_player_index
from .auth import new_token
from .errors import Invalid
from .model import Table

EMAIL = re.compile(r"^[^@\s<>]+@[^@\s<>]+$")


@dataclass
class Started:
    table: Table
    tokens: dict[str, str]        # human seat -> its secret token (shown once)


def new_table_id() -> str:
    return base64.b32encode(secrets.token_bytes(5)).decode().lower()


def check_seats(game: games.core.Game, seats: dict[str, Any],
                wanted: tuple[str, ...] | None = None) -> dict[str, dict[str, Any]]:
    """``wanted``: the seats this table is played by (default: all the game's seats)."""
    wanted = game.seats if wanted is None else wanted
    if not isinstance(seats, dict) or set(seats) != set(wanted):
        raise Invalid(f"{game.title} is played by the seats {', '.join(wanted)}; give each one a player.",
                      code="bad_seats")
    out = {}
    for seat in wanted:
        info = seats[seat] if isinstance(seats[seat], dict) else {}
        if info.get("bot"):
            if info["bot"] not in game.bots:
                raise Invalid(f"{game.title} has no bot called {info['bot']!r}; it has {', '.join(game.bots)}.",
                              code="unknown_bot")
            out[seat] = {"name": str(info.get("name") or f"{info['bot']} bot"), "bot": info["bot"]}
            continue
        email, name = str(info.get("email", "")).strip(), str(info.get("name", "")).strip()
        if not EMAIL.match(email):
            raise Invalid(f"The {seat} seat needs a player's email address.", code="bad_email")
        out[seat] = {"name": name or email.split("@")[0], "email": email,
                     **language(f"The {seat} seat", info.get("language"))}
    return out


def language(who: str, asked: Any) -> dict[str, str]:
    """The language a seat reads the game in (``who``: the seat, in a refusal), kept with the seat
    when it is not the default."""
    if asked in (None, "", i18n.DEFAULT):
        return {}
    if asked not in i18n.LANGUAGES:
        raise Invalid(f"{who}: the language can be {', '.join(i18n.LANGUAGES)}; not {asked!r}.",
                      code="bad_language")
    return {"language": asked}


def start(store: TableStore, game_name: str, options: dict[str, Any] | None, seats: dict[str, Any],
          now: float, *, table_id: str | None = None, seed: bytes | None = None,
          time_control: dict[str, Any] | None = None, on_timeout: str | None = None,
          host: str | None = None) -> Started:
    """``seed`` is for tests and benchmarks that need twin tables; tables get a fresh secret one."""
    game = games.get(game_name)
    try:
        wanted = game.table_seats(options)
    except IllegalMove as bad:
        raise Invalid(bad.message, code=bad.code) from None
    seat_docs = check_seats(game, seats, wanted)
    policies = notifications(seats, seat_docs)
    bots = {seat: info["bot"] for seat, info in seat_docs.items() if info.get("bot")}
    try:
        options = game.resolve_options(options, bots=bots)
    except IllegalMove as bad:
        raise Invalid(bad.message, code=bad.code) from None
    if host is not None and not EMAIL.match(host):
        raise Invalid("The host's email address is not valid.", code="bad_email")
    timing = deadlines.settings_for(time_control, on_timeout, host, game.bots)
    tokens = {}
    for seat, info in seat_docs.items():
        if not info.get("bot"):
            tokens[seat], info["token_sha256"] = new_token()
    seed = seed or secrets.token_bytes(32)
    doc = {"id": table_id or new_table_id(), "game": game.name, "game_version": game.version,
           "options": options, "seats": seat_docs, "seed": seed.hex(),
           "seed_sha256": hashlib.sha256(seed).hexdigest(), "created": round(now, 3), **timing}
    marked = from_position(options, seed)
    if marked:
        doc["from_position"] = marked
    try:
        events = game.start(options, list(wanted), Rng(seed, 0))
    except IllegalMove as bad:         # a position the options' check let through
        raise Invalid(bad.message, code=bad.code) from None
    table = create(store, doc, events, now, policies=policies)
    return Started(table, tokens)


def notifications(seats: dict[str, Any], seat_docs: dict[str, dict[str, Any]]) -> dict[str, str]:
    """The notification policy each player's seat asked for at its creation (none: the default),
    kept as PUT /tables/{id}/notifications keeps one, so that a seat muted from the start is never
    sent its invitation or its first turn."""
    out = {}
    for seat, info in seat_docs.items():
        asked = seats[seat].get("notifications") if isinstance(seats[seat], dict) else None
        if asked in (None, ""):
            continue
        if info.get("bot"):
            raise Invalid(f"The {seat} seat is a bot: it is sent no email to mute.", code="bad_policy")
        if asked not in preferences.POLICIES:
            raise Invalid(f"The {seat} seat: notifications can be {', '.join(preferences.POLICIES)}; not {asked!r}.",
                          code="bad_policy")
        out[seat] = asked
    return out


def from_position(options: dict[str, Any], seed: bytes) -> str | None:
    """The mark of a table that did not start from the standard setup, or None: the HMAC-SHA256 of
    its ``position`` option (canonical JSON) keyed by the table's seed. Keyed, so that nobody can
    try the position's hidden parts (a hand, an HQ's money) until one gives the published mark;
    the seed, revealed at the end, lets anyone check it then."""
    canonical = canonical_position(options)
    return None if canonical is None else hmac.new(seed, canonical, hashlib.sha256).hexdigest()


def canonical_position(options: dict[str, Any]) -> bytes | None:
    position = options.get("position")
    if position is None:
        return None
    return json.dumps(position, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def create(store: TableStore, doc: dict[str, Any], events: list[dict[str, Any]], at: float,
           entries: list[dict[str, Any]] | None = None, policies: dict[str, str] | None = None) -> Table:
    """Write a new table with its first events (fresh ones, or entries kept from an export, which
    may hold undos and rollbacks: folded as every later load folds them); ``policies``: the
    seats' notification policies, written with it."""
    game = games.get(doc["game"])
    if entries is None:
        entries = envelope.wrap(events, 1, SYSTEM, {"setup": doc["options"]}, "start", at)
    stored = [envelope.dumps(e) for e in entries]
    state = history.fold_entries(game, [json.loads(text) for text in stored])
    table = Table(doc["id"], doc, game, state, len(entries))
    waiting = {seat: table.seq for seat in table.waited_humans()}
    emails = [info["email"] for info in doc["seats"].values() if info.get("email")]
    store.create(table.id, json.dumps(doc), envelope.encode(stored, game.name), waiting, at, emails, policies or {})
    store.put_snapshot(table.id, table.seq, game.version, json.dumps(state, separators=(",", ":")), keep=True)
    update_player_index(store, table, {seat: table.seq for seat in waiting})
    return table
