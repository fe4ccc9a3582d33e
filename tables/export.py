"""Export a table as JSON Lines, import a finished one, and verify an export by re-running it.

The first line is a header; every later line is one event. A finished game's export is the
whole log with the seed and every option; before the end an export holds only what the asking
seat may see (a typed position's options left out: ``from_position`` marks them).
"""

import hashlib
import json
from typing import Any

import games
from games.core import SYSTEM, IllegalMove, Rng, fold
from store import TableStore

from . import envelope, export_shape, history
from .auth import new_token
from .errors import Invalid
from .model import Table, bot_rng
from .positions import public_options
from .reading import redact_entry
from .start import Started, canonical_position, create, from_position, new_table_id

FORMAT = "pbem-table"
FORMAT_VERSION = 1


def export(store: TableStore, table: Table, seat: str | None) -> list[dict[str, Any]]:
    result = table.result()
    finished = result is not None
    header = {"format": FORMAT, "format_version": FORMAT_VERSION, "table": table.id,
              "game": table.game.name, "game_version": table.doc["game_version"],
              "options": table.doc["options"] if finished else public_options(table.doc["options"]),
              "seats": {s: {k: v for k, v in i.items() if k in ("name", "bot")} for s, i in table.seats.items()},
              "created": table.doc["created"], "seq": table.seq, "result": result,
              "seed_sha256": table.doc["seed_sha256"], "view": "full" if finished else (seat or "observer")}
    if table.doc.get("from_position"):       # started from a position, not the standard setup
        header["from_position"] = table.doc["from_position"]
    entries = [envelope.loads(e) for e in store.read(table.id)]
    if finished:
        header["seed"] = table.doc["seed"]
        return [header, *entries]
    return [header, *(redact_entry(table, e, seat, False) for e in entries)]


def to_jsonl(lines: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(line, separators=(",", ":"), sort_keys=True) + "\n" for line in lines)


def parse_jsonl(text: str) -> list[Any]:
    """The lines of an export, each parsed; blank lines at the end are let go (a line's number is
    its place in the text, as ``verify`` names it)."""
    rows = text.splitlines()
    while rows and not rows[-1].strip():
        rows.pop()
    if not rows:
        raise Invalid("The export is empty.", code="bad_export")
    lines = []
    for number, row in enumerate(rows, 1):
        try:
            lines.append(json.loads(row))
        except (ValueError, RecursionError):     # not JSON, a number too long, nested too deep
            raise Invalid(f"Line {number} is not JSON.", code="bad_export") from None
    return lines


def verify(lines: list[Any]) -> dict[str, Any]:
    """Re-run every decision of an export from its seed and compare with what was recorded.
    Raises Invalid (bad_export) for lines not of an export's shape, naming the first one."""
    export_shape.check(lines)
    problems: list[str] = []
    header, entries = lines[0], lines[1:]
    report = {"ok": False, "problems": problems, "events": len(entries),
              "game": header.get("game"), "result": header.get("result")}
    if header.get("format") != FORMAT:
        problems.append("This is not a table export (the first line is not its header).")
        return report
    if "seed" not in header:
        problems.append("This export has no seed: only the full export of a finished game can be verified.")
        return report
    try:
        seed = bytes.fromhex(header["seed"])
    except ValueError:
        problems.append("The header's seed is not written in hexadecimal digits.")
        return report
    try:
        game = games.get(header["game"])
    except IllegalMove as bad:
        problems.append(bad.message)
        return report
    if str(header.get("game_version", game.version)) != game.version:
        problems.append(f"This game was played with version {header.get('game_version')} of the rules engine; this "
                        f"server runs version {game.version}, which cannot re-run it. A server of that version can.")
        return report
    if hashlib.sha256(seed).hexdigest() != header.get("seed_sha256"):
        problems.append("The seed does not match the SHA-256 published when the table was created.")
    if "from_position" in header and header["from_position"] not in _position_marks(header.get("options"), seed):
        problems.append("The header's from_position is not the mark of the position in its options.")
    if not entries:
        problems.append("This export has no events: not even the setup.")
        return report
    if [e["seq"] for e in entries] != list(range(1, len(entries) + 1)):
        problems.append("The events are not numbered 1, 2, 3... without gaps.")
        return report
    problems.extend(_rerun(game, header, seed, entries))
    report["ok"] = not problems
    return report


def _position_marks(options: Any, seed: bytes) -> tuple[str | None, ...]:
    """What ``from_position`` may be: the mark keyed by the seed, or the plain SHA-256 of the
    position that tables created before the mark was keyed still carry."""
    canonical = canonical_position(options) if isinstance(options, dict) else None
    if canonical is None:
        return (None,)
    return from_position(options, seed), hashlib.sha256(canonical).hexdigest()


def _rerun(game: games.core.Game, header: dict[str, Any], seed: bytes, entries: list[dict[str, Any]]) -> list[str]:
    seats, state, position = header["seats"], None, 0
    wanted = {e["event"]["to_seq"] for e in entries if history.is_platform(e["event"])}
    kept: dict[int, str] = {}
    for batch in envelope.batches(entries):
        first = batch[0]
        recorded = [e["event"] for e in batch]
        if position and history.is_platform(first["event"]):     # an undo or a rollback: not a game decision
            back = first["event"]
            if len(batch) != 1 or back["asked_by"] != first["by"] or first["by"] not in seats:
                return [f"Event {first['seq']}: a {back['type']} that is not one entry by a seat of the table."]
            if back["to_seq"] not in kept:
                return [f"Event {first['seq']}: a {back['type']} to event {back['to_seq']}, which does not end "
                        "a decision before it."]
            state = json.loads(kept[back["to_seq"]])
            position += 1
            if position in wanted:
                kept[position] = kept[back["to_seq"]]
            continue
        try:
            expected = _decision(game, header, seed, state, position, first)
        except Mismatch as problem:
            return [f"Event {first['seq']}: {problem}"]
        except IllegalMove as bad:
            return [f"Event {first['seq']}: the move of {first['by']} is illegal: {bad.message}"]
        except Exception:  # noqa: BLE001 -- anyone may send an export: what the rules make of nonsense is its line's
            return [(f"Event {first['seq']}: the rules cannot take this decision (its move, or the options, are "
                     "not ones they could be given).")]
        if expected != recorded:
            return [f"Event {first['seq']}: re-running the move does not give the recorded events."]
        state = fold(game, json.loads(json.dumps(recorded)), state)     # a copy: the export is left as given
        position += len(batch)
        if position in wanted:
            kept[position] = json.dumps(state, separators=(",", ":"))
    result = game.result(state)
    if result != header.get("result"):
        return ["The recorded result is not the one the moves lead to."]
    return []


class Mismatch(Exception):
    """A decision that is not the one the rules, a bot or a forced choice would have recorded."""


def _decision(game: games.core.Game, header: dict[str, Any], seed: bytes, state: Any, position: int,
              first: dict[str, Any]) -> list[dict[str, Any]]:
    """The events the rules give for the decision ``first`` records (the setup at position 0)."""
    if position == 0:
        return game.start(header["options"], list(game.seats), Rng(seed, 0))
    by, move = first["by"], first["move"]
    if by == SYSTEM and move != game.prompts(state)[SYSTEM]["options"][0]["move"]:
        raise Mismatch("the rules' automatic step was not the one they ask for.")
    if first.get("cmd", "").startswith("forced-"):
        asked = game.prompts(state).get(by, {}).get("options") or []
        if [o["move"] for o in asked] != [move]:
            raise Mismatch(f"a choice taken for {by} as forced had other answers.")
    bot = header["seats"].get(by, {}).get("bot")
    if bot and game.bots[bot](state, by, bot_rng(seed, position)) != move:
        raise Mismatch(f"the {bot} bot would not have chosen that move.")
    return game.decide(state, by, move, Rng(seed, position))


def import_table(store: TableStore, lines: list[dict[str, Any]], now: float) -> Started:
    """Re-create a finished table from its full export, under a new id with new seat tokens."""
    report = verify(lines)
    if not report["ok"]:
        raise Invalid("This export does not verify: " + " ".join(report["problems"]), code="export_does_not_verify")
    header, entries = lines[0], lines[1:]
    seats, tokens = {}, {}
    for seat, info in header["seats"].items():
        seats[seat] = {"name": info.get("name", seat), **({"bot": info["bot"]} if info.get("bot") else {})}
        if not info.get("bot"):
            tokens[seat], seats[seat]["token_sha256"] = new_token()
    doc = {"id": new_table_id(), "game": header["game"],
           "game_version": str(header.get("game_version", games.get(header["game"]).version)),
           "options": header["options"], "seats": seats, "seed": header["seed"],
           "seed_sha256": header["seed_sha256"], "created": header.get("created", now),
           "imported_from": header.get("table")}
    marked = from_position(header["options"], bytes.fromhex(header["seed"]))
    if marked:
        doc["from_position"] = marked
    table = create(store, doc, [], now, entries=entries)
    return Started(table, tokens)
