"""What a seat may read: its view, the log as it may see it, the view at any past seq."""

import re
from typing import Any

import i18n
from games.core import SYSTEM, Game, words
from i18n import N_
from store import TableStore

from . import envelope, history
from .errors import NotFound
from .model import Table, state_at


def prompt_list(table: Table, seat: str | None, prompts: dict[str, Any]) -> list[dict[str, Any]]:
    """The seat's own prompt in full; of the others, only who is deciding what."""
    out = []
    for who in sorted(prompts):
        prompt = prompts[who]
        if who == seat:
            out.append({"seat": who, **prompt})
        else:
            name = "the rules" if who == SYSTEM else table.seats.get(who, {}).get("name", who)
            out.append({"seat": who, "kind": prompt.get("kind", "move"), "text": f"Waiting for {name}."})
    return out


def view_of(table: Table, state: Any, seq: int, seat: str | None, board: bool = False,
            mid_decision: bool = False, prompts: list[dict[str, Any]] | None = None,
            seen: tuple[Any, str | None] | None = None) -> dict[str, Any]:
    """The seat's view; with ``board``, also the text board the seat's emails show.

    ``mid_decision``: ``state`` is one taken between the events of a single decision, which the
    rules never had to answer for: nobody was being asked anything then, so no prompts.
    ``prompts``: the seat's prompt list, when the caller has it already (see ``view``);
    ``seen``: likewise the game's view of the state for the seat, and its board (with ``board``)."""
    game = table.game
    result = game.result(state)
    if prompts is None:
        prompts = [] if mid_decision else seat_prompts(table, state, seat, board, game.prompts(state))
    if seen is None:
        seen = (game.view(state, seat), game.brief(state, seat) if board else None)
    extra = {}
    if board:        # for people: the text board
        extra["board"] = seen[1]
    if mid_decision:
        extra["mid_decision"] = True
    if table.doc.get("from_position"):       # the table did not start from the standard setup
        extra["from_position"] = table.doc["from_position"]
    return {**extra, "table": table.id, "game": game.name, "seq": seq, "seat": seat,
            "status": "finished" if result is not None else "active", "result": result,
            "seats": {s: {"name": i["name"], **({"bot": i["bot"]} if i.get("bot") else {})}
                      for s, i in table.seats.items()},
            "seed_sha256": table.doc["seed_sha256"],
            "state": seen[0], "prompts": prompts}


def seat_prompts(table: Table, state: Any, seat: str | None, board: bool,
                 prompts: dict[str, Any]) -> list[dict[str, Any]]:
    """``prompt_list``; with ``board``, each option of the seat's own question also in notation."""
    out = prompt_list(table, seat, prompts)
    if board:
        game = table.game
        for prompt in out:
            if prompt["seat"] == seat and prompt.get("options"):
                prompt["options"] = [{**o, "notation": text} for o, text in zip(
                    prompt["options"], notations(game, state, seat, prompt["options"], prompts.get(seat)))]
    return out


def notations(game: Any, state: Any, seat: str, options: list[dict[str, Any]],
              asked: dict[str, Any] | None = None) -> list[str | None]:
    """The notation of each of ``options`` (the seat's question's, in order), the game's
    ``notate_all`` worked out once for them all; each option on its own for a game without one
    (its question not asked again), or should it list others. ``asked``: the seat's question as
    the game's ``prompts`` asks it, given to a ``notate_all`` that takes it (``notate_all_asked``)
    so that it is not asked again."""
    if getattr(type(game), "notate_all", None) is Game.notate_all:
        every = []
    elif asked is not None and getattr(game, "notate_all_asked", False):
        every = game.notate_all(state, seat, asked)
    else:
        every = game.notate_all(state, seat)
    if len(every) != len(options):
        every = [game.notate(state, seat, o["move"]) for o in options]
    return every


def view(table: Table, seat: str | None, board: bool = False, shared: bool = False) -> dict[str, Any]:
    """The seat's view now. With ``board`` (the view route's, on a copy it holds alone), the
    seat's prompts and every option's notation are worked out once per seq and seat of the copy
    (Table.kept), for every view of a copy kept in the process; each caller gets prompts of its
    own to change. Without, worked out afresh, unless ``shared`` (a move's answer, on the copy
    it made and still holds alone).

    With ``board`` or ``shared``, the game's view of the state for the seat (and its board) is
    also worked out once per seq and seat of the copy: a move's answer and the next view of the
    same seat (a turn of several questions) share it. Its ``state`` is then the copy's: read it,
    never change it."""
    if not board and not shared:
        return view_of(table, table.state, table.seq, seat)
    state = table.state
    seen = (table.kept(("state", seat), lambda: _game_view(table, state, seat)),
            table.kept(("board", seat), lambda: table.game.brief(state, seat)) if board else None)
    if not board:       # the prompts as the copy worked them out once for its state (the move asked them)
        return view_of(table, state, table.seq, seat, seen=seen,
                       prompts=seat_prompts(table, state, seat, False, table.prompts()))
    kept = table.kept(("prompts", seat), lambda: seat_prompts(table, state, seat, True, table.prompts()))
    return view_of(table, state, table.seq, seat, True, prompts=[dict(p) for p in kept], seen=seen)


SAME_FOR_ALL = ("state", "every seat's")      # Table.kept's key of a view every seat shares (``_game_view``)


def _game_view(table: Table, state: Any, seat: str | None) -> Any:
    """The game's view of the state for ``seat``. A game that shows every seat, and an observer,
    the same view but for its ``you`` (``view_same_for_all``: open information, e.g. CLASH) works
    it out once per seq of the copy, the first seat that asks it, and each other seat has it with
    its own ``you``."""
    game = table.game
    if state is None or not getattr(game, "view_same_for_all", False):
        return game.view(state, seat)
    seen = table.kept(SAME_FOR_ALL, lambda: game.view(state, seat))
    return seen if seen.get("you", seat) == seat else {**seen, "you": seat}


def view_at(store: TableStore, table: Table, seq: int, seat: str | None, board: bool = False) -> dict[str, Any]:
    if not 1 <= seq <= table.seq:
        raise NotFound(f"This table has moves 1 to {table.seq}; there is no move {seq}.", code="no_such_seq")
    return view_of(table, state_at(store, table, seq), seq, seat, board, mid_decision=_inside_a_decision(store, table, seq))


def _inside_a_decision(store: TableStore, table: Table, seq: int) -> bool:
    """Is ``seq`` followed by more events of the same decision? (A decision's move rides on its
    first event: an event without one continues the decision before it.)"""
    following = store.read(table.id, after=seq, upto=seq + 1) if seq < table.seq else []
    return bool(following) and "move" not in envelope.loads(following[0])


def redact_entry(table: Table, entry: dict[str, Any], seat: str | None, finished: bool,
                 language: str | None = None) -> dict[str, Any]:
    """One log entry as ``seat`` may see it. Moves are shown to their own seat, or to all at the end.
    With ``language``, its text for a reader of it (the log's own stays English)."""
    if history.is_platform(entry["event"]):      # an undo or rollback: the table's, nothing hidden in it
        event = entry["event"]
        out = {"seq": entry["seq"], "by": entry["by"], "at": entry["at"], "event": event,
               "text": history.describe(event, names(table), language)}
        return out
    event = entry["event"] if finished else table.game.redact(entry["event"], seat)
    text = table.game.describe(event)
    if "move" in entry and entry.get("cmd", "").startswith("timeout-"):
        text = f"(out of time: a bot decides for {entry['by']}) {text}"
    elif "move" in entry and entry.get("cmd", "").startswith("forced-"):
        text = f"(the only choice, taken for {entry['by']}) {text}"
    text = said(table.game.name, text, language)
    out = {"seq": entry["seq"], "by": entry["by"], "at": entry["at"], "event": event, "text": text}
    if "move" in entry and (finished or entry["by"] == seat):
        out["move"] = entry["move"]
    return out


# the log's own words before an event's line: said again in a reader's language (``said``)
TAKEN_FOR = ((re.compile(r"\(out of time: a bot decides for (?P<seat>[^)]+)\) (?P<text>.*)", re.S),
              N_("(out of time: a bot decides for %(seat)s) %(text)s")),
             (re.compile(r"\(the only choice, taken for (?P<seat>[^)]+)\) (?P<text>.*)", re.S),
              N_("(the only choice, taken for %(seat)s) %(text)s")))


def said(game: str, text: str, language: str | None) -> str:
    """A log entry's text (the game's line, maybe after the log's own words) in ``language``."""
    if i18n.known(language) == i18n.DEFAULT:
        return text
    for pattern, message in TAKEN_FOR:
        found = pattern.fullmatch(text)
        if found:
            return i18n.gettext(message, language, seat=found["seat"], text=words.say(game, found["text"], language))
    return words.say(game, text, language)


def names(table: Table) -> dict[str, str]:
    return {seat: info["name"] for seat, info in table.seats.items()}


def log(store: TableStore, table: Table, seat: str | None, since: int = 0,
        upto: int | None = None, language: str | None = None) -> list[dict[str, Any]]:
    """The events after ``since`` (up to ``upto``); one that a later undo or rollback took back is
    marked ``"undone": true`` (when that undo is among the events read). With ``language``, their
    texts in it."""
    return entries_for(table, [envelope.loads(e) for e in store.read(table.id, after=since, upto=upto)], seat,
                       language)


def entries_for(table: Table, entries: list[dict[str, Any]], seat: str | None,
                language: str | None = None) -> list[dict[str, Any]]:
    """``entries`` as ``seat`` may see them; with ``language``, their texts in it."""
    finished = table.result() is not None
    out = [redact_entry(table, e, seat, finished, language) for e in entries]
    undone = history.taken_back(entries)
    if undone:
        for entry in out:
            if entry["seq"] in undone:
                entry["undone"] = True
    return out
